"""A small disk for tests: a tmpfs of a given size, mounted for the test and removed after.

Mounting needs root (CI containers run tests as root); elsewhere the test is skipped, not
faked. `fill(leave_mb)` takes the space away so that only `leave_mb` MB stay free.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


class SmallDisk:
    def __init__(self, path: Path) -> None:
        self.path = path

    def free_mb(self) -> float:
        return shutil.disk_usage(self.path).free / 2**20

    def fill(self, leave_mb: float) -> None:
        """Write a filler file until only `leave_mb` MB are free."""
        size = int(max(0.0, self.free_mb() - leave_mb) * 2**20)
        with (self.path / ".filler").open("ab") as filler:
            while size > 0:
                chunk = min(size, 2**20)
                filler.write(b"\0" * chunk)
                size -= chunk

    def unfill(self) -> None:
        (self.path / ".filler").unlink(missing_ok=True)


@contextmanager
def small_disk(where: Path, size_mb: int) -> Iterator[SmallDisk]:
    where.mkdir(parents=True, exist_ok=True)
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_mb}m", "tmpfs", str(where)],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here ({mounted.stderr.strip() or mounted.returncode})")
    try:
        yield SmallDisk(where)
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True)
