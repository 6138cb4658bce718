"""One package per game; each registers itself with :mod:`icecream.core.protocol`.

Core finds the packages here by looking (it names none of them). ``DEFAULT_GAME`` is the
game that views open when none is named.
"""

DEFAULT_GAME = "ice-cream"
