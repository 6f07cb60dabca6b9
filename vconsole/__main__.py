"""``python -m vconsole``: the same command line as the ``vconsole`` script (for a Python whose scripts
folder is not on PATH)."""
import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
