"""One package per game; each registers itself with :mod:`icecream.core.protocol`.

Core finds the games through the ``icecream.games`` entry-point group (``pyproject.toml``),
naming none of them; a game from another installed package plugs in the same way.
"""
