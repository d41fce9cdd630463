"""``python -m drivers.simulator``: see :mod:`drivers.simulator`."""

import sys

from drivers.simulator import main

sys.exit(main())
