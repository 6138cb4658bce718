"""``python -m icecream``: the command line (simulate, bench, replay, validate)."""

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
