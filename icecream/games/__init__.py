"""One package per game; each registers itself with :mod:`icecream.core.protocol`."""
