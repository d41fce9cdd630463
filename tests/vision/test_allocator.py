"""Large pictures reuse the memory freed by the last one (:mod:`vision.allocator`).

Source: SPEC "Inputs" (the camera and the teaching photos are read at full size); docs/vision.md (``vision-eval`` on
rank_photos: 48 s, half of it in the kernel mapping fresh pages, against 32 s with freed blocks kept).
"""

from __future__ import annotations

import platform
import subprocess
import sys

import pytest

from vision.allocator import keep_freed_blocks

glibc = pytest.mark.skipif(not sys.platform.startswith("linux") or platform.libc_ver()[0] != "glibc",
                           reason="the allocator's thresholds are glibc's (mallopt); other C libraries are left as they are")

FAULTS = """
import resource, sys
import numpy as np
from vision.allocator import keep_freed_blocks
if sys.argv[1] == "keep":
    assert keep_freed_blocks()
def faults():
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt
counts = []
for _ in range(3):
    before = faults()
    picture = np.ones((4000, 6000, 3), np.uint8)  # a 24-megapixel photo: 72 MB, every page written
    counts.append(faults() - before)
    del picture
print(*counts)
"""


def _faults(mode: str) -> list[int]:
    done = subprocess.run([sys.executable, "-c", FAULTS, mode], capture_output=True, text=True, timeout=60, check=True)
    return [int(v) for v in done.stdout.split()]


@glibc
def test_a_second_large_picture_reuses_the_pages_of_the_first() -> None:
    """By default every 72 MB picture is mapped afresh and its pages faulted in again (about 700 faults each here, the
    kernel faulting in several pages at a time); with freed blocks kept, the pictures after the first take the same
    pages back (none)."""
    fresh = _faults("default")[1:]
    kept = _faults("keep")[1:]
    assert min(fresh) >= 50, fresh
    assert max(kept) <= 0.05 * min(fresh), (kept, fresh)


@glibc
def test_keeping_freed_blocks_takes_on_glibc_and_can_be_asked_again() -> None:
    assert keep_freed_blocks() and keep_freed_blocks()


def test_elsewhere_nothing_changes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not Linux: no C library call is made and the answer is that nothing was changed."""
    monkeypatch.setattr(sys, "platform", "darwin")
    assert keep_freed_blocks() is False
