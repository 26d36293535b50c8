"""Entry script of the bundled app: PyInstaller starts from a script, not an entry point."""

import sys

from gangmanager.launcher import main

if __name__ == "__main__":
    sys.exit(main())
