"""`python -m gangmanager` is the `gangmanager` program."""

import sys

from gangmanager.launcher import main

sys.exit(main())
