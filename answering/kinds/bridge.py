"""drivers read from a filing's own walk of a change: a reconciliation table that starts at the year
before's figure and ends at the asked year's ("Income Available for Common Shareholders - 2014 $ 1,436
$ 3.06", its items, "Income Available for Common Shareholders - 2015 $ 874 $ 1.79"), the form utilities'
MD&A and many earnings releases give a change of earnings and EPS in.

The walk is taken only when its own arithmetic holds: in every amount column, the starting figure plus
the items up to each figure the walk restates on the way ("Earnings from Operations - 2014") gives that
figure, and so on to the asked year's. A table that does not add up, or that walks another pair of
years, answers nothing. A per-share metric is read from the column printed in cents, another metric
only from a walk whose label names it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from pydantic import BaseModel

from answering.citations import cite, unique_citations
from answering.written_answer import WrittenAnswer
from finrag.models import Chunk, SearchHit
from finrag.vocabulary import Vocabulary

# "Income Available for Common Shareholders - 2014 $ 1,436 $ 3.06": a figure of the walk, named with its year
_ANCHOR = re.compile(r"^(?P<label>[A-Za-z][^$\d]*?\S)\s+[-–—]\s+(?P<year>(?:19|20)\d\d)\b(?P<rest>.*)$")
# an amount as tables print it: "$ 1,436", "(0.43)", "216", a dash for nothing
_AMOUNT = re.compile(r"\(?-?\$?\s?\d[\d,]*(?:\.\d+)?\)?|(?<!\w)[-–—](?!\w)")
_FOOTNOTE = re.compile(r"^\(\d{1,2}\)$")
_SHOWN = 6
_CENTS = re.compile(r"\.\d\d\)?$")


class WalkRow(BaseModel):
    label: str
    values: list[float]
    tokens: list[str]
    chunk: Chunk
    line: str
    year: int | None = None  # a figure the walk restates ("... - 2014"), None for an item


class Walk(BaseModel):
    start: WalkRow
    end: WalkRow
    items: list[WalkRow]
    column: int  # the amount column read, counted from the left of the rows' amounts


def _value(token: str) -> float | None:
    t = token.strip()
    if t in {"-", "–", "—"}:
        return 0.0
    negative = t.startswith("(") and t.endswith(")") or t.startswith("-")
    digits = re.sub(r"[^\d.]", "", t)
    if not digits or digits == ".":
        return None
    try:
        v = float(digits)
    except ValueError:
        return None
    return -v if negative else v


def _lines(chunks: list[Chunk]) -> list[tuple[str, Chunk]]:
    """The run's lines, each with its chunk: a label's "-" and year on lines of their own joined back
    to it ("Income Available for Common Shareholders" / "-" / "2014 $ 1,436" / "$ 3.06"), a line of
    amounts only joined to the line above, a bare year line (a label's piece repeated) left out."""
    out: list[tuple[str, Chunk]] = []
    last: list[str] = []
    for chunk in chunks:
        raw = [x.strip() for x in chunk.text.splitlines() if x.strip()]
        # the chunker repeats the end of the chunk before
        for k in range(min(3, len(raw), len(last)), 0, -1):
            if raw[:k] == last[-k:]:
                raw = raw[k:]
                break
        last = [x.strip() for x in chunk.text.splitlines() if x.strip()]
        for line in raw:
            if out and re.fullmatch(r"[-–—]", line):
                out[-1] = (f"{out[-1][0]} -", out[-1][1])
            elif out and out[-1][0].endswith(" -") and re.match(r"(?:19|20)\d\d\b", line):
                out[-1] = (f"{out[-1][0]} {line}", out[-1][1])
            elif re.fullmatch(r"(?:19|20)\d\d", line):
                continue
            elif out and not re.search(r"[A-Za-z]", line) and _AMOUNT.search(line):
                out[-1] = (f"{out[-1][0]} {line}", out[-1][1])
            else:
                out.append((line, chunk))
    return out


def _amounts(text: str, width: int) -> tuple[str, list[str]] | None:
    """A row's label and its last `width` amounts (a footnote mark "(4)" before them stays in the label)."""
    tokens = [m for m in _AMOUNT.finditer(text)]
    if len(tokens) < width:
        return None
    tail = tokens[-width:]
    # the amounts close the row, one after another
    if text[tail[-1].end():].strip() or any(text[a.end():b.start()].strip() not in {"", "$"}
                                            for a, b in zip(tail, tail[1:], strict=False)):
        return None
    label = text[:tail[0].start()].strip(" $")
    return label, [t.group(0) for t in tail]


def _rows(lines: list[tuple[str, Chunk]]) -> list[WalkRow]:
    rows: list[WalkRow] = []
    width = 0
    for text, chunk in lines:
        anchor = _ANCHOR.match(text)
        if anchor:
            rest = re.sub(r"^\s*\(\d{1,2}\)", "", anchor.group("rest"))
            tokens = [t.group(0) for t in _AMOUNT.finditer(rest)]
            values = [_value(t) for t in tokens]
            if not tokens or any(v is None for v in values) or re.search(r"[A-Za-z]", rest):
                continue
            width = width or len(tokens)
            rows.append(WalkRow(label=anchor.group("label"), values=[v or 0.0 for v in values], tokens=tokens,
                                chunk=chunk, line=text, year=int(anchor.group("year"))))
            continue
        if not width or not re.search(r"[A-Za-z]", text):
            continue
        got = _amounts(text, width)
        if got is None or not re.search(r"[A-Za-z]", got[0]):
            continue
        label, tokens = got
        values = [_value(t) for t in tokens]
        if any(v is None for v in values):
            continue
        rows.append(WalkRow(label=re.sub(r"(?:\s*\(\d{1,2}\))+$", "", label), values=[v or 0.0 for v in values],
                            tokens=tokens, chunk=chunk, line=text))
    return rows


def _holds(rows: list[WalkRow], width: int) -> bool:
    """Whether the walk adds up: from each restated figure, its items give the next one, in every column."""
    for k in range(width):
        digits = max(len(t.split(".")[1].rstrip(")")) if "." in t else 0 for r in rows for t in r.tokens[k:k + 1])
        running = rows[0].values[k]
        items = 0
        for r in rows[1:]:
            if r.year is None:
                running += r.values[k]
                items += 1
                continue
            if abs(running - r.values[k]) > 10.0 ** -digits * (1 + items // 3) + 1e-9:
                return False
            running, items = r.values[k], 0
    return True


def read_walk(metric: str, year: int, hits: Sequence[SearchHit], companies: list[str],
              vocab: Vocabulary) -> Walk | None:
    """The filing's walk of `metric` from `year` - 1 to `year`, its arithmetic checked, or None."""
    wanted = {c.casefold() for c in companies}
    chunks = {(h.chunk.doc, h.chunk.index): h.chunk for h in hits
              if not wanted or (h.chunk.company or "").casefold() in wanted}
    runs: list[list[Chunk]] = []
    for key in sorted(chunks):
        if runs and runs[-1][-1].doc == key[0] and runs[-1][-1].index == key[1] - 1:
            runs[-1].append(chunks[key])
        else:
            runs.append([chunks[key]])
    per_share = (vocab.metrics[metric].unit or "").endswith("/share") if metric in vocab.metrics else False
    for run in runs:
        rows = _rows(_lines(run))
        for i, start in enumerate(rows):
            if start.year != year - 1:
                continue
            end_at = next((j for j in range(i + 1, len(rows)) if rows[j].year == year
                           and rows[j].label.casefold() == start.label.casefold()), None)
            if end_at is None:
                continue
            # the outermost walk only: one restated on the way ("Earnings from Operations - 2014" to
            # "- 2015", a non-GAAP figure) is a part of it, not the asked figure's walk
            walk = rows[i:end_at + 1]
            width = len(start.values)
            if any(len(r.values) != width for r in walk) or not any(r.year is None for r in walk) \
                    or any(r.year not in (None, year - 1, year) for r in walk) or not _holds(walk, width):
                break
            column = _column(walk, width, per_share, metric, start.label, vocab)
            if column is None:
                break
            return Walk(start=start, end=walk[-1], items=[r for r in walk if r.year is None], column=column)
    return None


def _column(walk: list[WalkRow], width: int, per_share: bool, metric: str, label: str,
            vocab: Vocabulary) -> int | None:
    """The column of the asked metric: a per-share one the column in cents beside one in whole amounts
    ("$ 1,436 $ 3.06"), another one the only column of a walk whose label names it."""
    if per_share:
        cents = [k for k in range(width) if all(_CENTS.search(r.tokens[k]) or r.values[k] == 0 for r in walk)]
        whole = [k for k in range(width) if k not in cents]
        return cents[-1] if cents and whole else None
    if width == 1 and metric in vocab.match_metrics(label):
        return 0
    return None


def _shown(value: float, token: str) -> str:
    digits = len(token.split(".")[1].rstrip(")")) if "." in token else 0
    text = f"{abs(value):,.{digits}f}"
    return f"({text})" if value < 0 else text


def write(walk: Walk, name: str) -> WrittenAnswer:
    """The asked metric's two figures and the walk's items that moved it most, largest first."""
    k = walk.column
    sample = walk.end.tokens[k]
    moved = sum(abs(r.values[k]) for r in walk.items) or 1.0
    top = [r for r in sorted(walk.items, key=lambda r: -abs(r.values[k])) if r.values[k]
           and abs(r.values[k]) >= 0.04 * moved][:_SHOWN]
    shown = "; ".join(f"{r.label}: {'+' if r.values[k] > 0 else '-'}{_shown(abs(r.values[k]), sample)}" for r in top)
    before, now = walk.start, walk.end
    text = (f"{name} went from {_shown(before.values[k], sample)} ({before.year}) to {_shown(now.values[k], sample)} "
            f"({now.year}). What drove it, from the filing's reconciliation of the change (its items take "
            f"{before.label} from {before.year} to {now.year}, and add up): {shown}.")
    citations = [cite(before.chunk, before.line), cite(now.chunk, now.line), *(cite(r.chunk, r.line) for r in top)]
    return WrittenAnswer(status="answered", kind="drivers", text=text, citations=unique_citations(citations),
                         flags=["drivers_from_reconciliation"])
