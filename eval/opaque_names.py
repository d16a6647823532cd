"""Copies of PDFs under meaningless names (doc_001.pdf, ...), as acceptance runs see them:
file names like "PEPSICO_2022_10K" give the company, year and form away, and a reader
tuned on them would look better than it is."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

_SEED = 2311  # deterministic, unrelated to the original order


def copy_under_opaque_names(files: list[Path], folder: Path) -> dict[Path, Path]:
    """Each file -> its copy in `folder`, numbered in a shuffled order. A copy that is
    already there with the same size is kept, so a store ingested from `folder` is reused."""
    folder.mkdir(parents=True, exist_ok=True)
    order = list(range(len(files)))
    random.Random(_SEED).shuffle(order)
    copies = {}
    for position, index in enumerate(order, start=1):
        source, target = files[index], folder / f"doc_{position:03d}.pdf"
        if not (target.is_file() and target.stat().st_size == source.stat().st_size):
            shutil.copyfile(source, target)
        copies[source] = target
    return copies
