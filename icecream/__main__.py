"""``python -m icecream``: the command line (simulate, bench, replay, validate)."""

import sys

try:
    from .cli import main
except KeyboardInterrupt:  # Ctrl-C while the libraries load: one line, no traceback
    sys.stderr.write("error: interrupted (Ctrl-C)\n")
    raise SystemExit(130) from None

if __name__ == "__main__":
    raise SystemExit(main())
