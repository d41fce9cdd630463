"""Large pictures and the C library's allocator.

glibc's ``malloc`` hands every block over its mmap threshold straight to the kernel and gives it back when it is freed;
the threshold starts at 128 kB and follows the blocks freed up to 32 MB at most. A phone photo (12 to 24 megapixels)
makes temporaries larger than that at every step of reading it (its grey and float copies, its masks), so each one is
mapped afresh, zeroed and faulted in page by page: reading rank_photos' test split whole with the learned reader spent
24 of its 48 seconds in the kernel. :func:`keep_freed_blocks` raises both thresholds so that freed blocks stay in the
process for the next picture: the same run took 32 s (3 s in the kernel), the same readings. The process keeps what it
has freed, up to the trim threshold, instead of giving it back, so only the commands that read many large pictures ask
for it (``dealer-console vision-eval``, ``python -m vision.photo_eval``); the console's own 1920x1080 frames sit under
the threshold glibc reaches by itself.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import sys

__all__ = ["KEEP_UP_TO", "keep_freed_blocks"]

KEEP_UP_TO = 256 << 20
"""Blocks up to this size (bytes) come from the process's heap and go back to it: more than any temporary the readers
make of a 24-megapixel photo (its colour copy is 72 MB, a float32 grey copy 96 MB)."""

_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3


def keep_freed_blocks(up_to: int = KEEP_UP_TO) -> bool:
    """Ask glibc's allocator to serve blocks up to ``up_to`` bytes from the heap and keep up to twice that freed at its
    top, for the next picture. Whether it took: ``False`` where the C library is not glibc (nothing changes there)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        mallopt = libc.mallopt
    except (OSError, AttributeError):  # musl and others have no mallopt
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return bool(mallopt(_M_MMAP_THRESHOLD, up_to)) and bool(mallopt(_M_TRIM_THRESHOLD, 2 * up_to))
