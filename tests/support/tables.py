"""Read back a table that a command printed with finrag.console (cells between "│")."""

from __future__ import annotations


def read_table(text: str, title: str | None = None) -> list[dict[str, str]]:
    """The rows of the first table in `text` (after the line `title`, if given), as dicts."""
    lines = text.splitlines()
    if title is not None:
        lines = lines[lines.index(title) + 1 :]
    start = next(i for i, line in enumerate(lines) if "│" in line)
    header = [c.strip() for c in lines[start].split("│")]
    rows = []
    for line in lines[start + 2 :]:  # past the rule under the header
        if "│" not in line:
            break
        rows.append(dict(zip(header, (c.strip() for c in line.split("│")), strict=True)))
    return rows
