"""The exception a "did all ... grow?" answer rests on, stated where the filing discusses it.

"Growth in each of the geographic operating segments, with the exception of Greater China"
answers No; a question about all of them goes on to ask which one did not, by how much and
why. The filing says so where it discusses the excepted item: the sentence naming it with the
opposite change in the asked year ("Greater China net sales decreased during 2017 compared to
2016 due primarily to lower net sales of iPhone") and the table row labelled with its name
("Greater China 44,764 (8)% 48,492"). Found among the hits, else by one more search in the
asked company's filings of the asked year; nothing when no sentence names the item so.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.kinds.sentences import Sentence, mentions_years, sentences
from finrag.models import SearchFilters, SearchHit

if TYPE_CHECKING:
    from retrieval.retriever import Retriever

EXCEPTION = re.compile(r"\b(?:except(?:\s+for)?|other\s+than|with\s+the\s+exception\s+of|excluding|apart\s+from)\s+"
                       r"(?:in\s+|for\s+|the\s+)?(?P<item>[A-Z][\w&'’.-]*(?:\s+(?:[A-Z][\w&'’.-]*|of|and))*)")
_DOWN = re.compile(r"\b(?:decreas\w*|declin\w*|fell|fall\w*|lower|down|dropp\w*|reduc\w*)\b", re.I)
_UP = re.compile(r"\b(?:increas\w*|grew|grow\w*|rose|rise|rising|higher|up)\b", re.I)
_AMOUNT = re.compile(r"\(?[$€£¥]?\s?\d[\d,.]*\)?\s?%?")


def excepted_item(text: str) -> str:
    """The name an exception sets apart ("Greater China"), "" when it names none by a proper name."""
    m = EXCEPTION.search(text)
    return re.sub(r"\s+(?:of|and)$", "", m.group("item")).rstrip(".") if m else ""


def item_evidence(item: str, change: str, ask: str, hits: list[SearchHit], companies: list[str], years: list[int],
                  retriever: Retriever | None) -> list[Sentence]:
    """The sentence stating the excepted item's own change the opposite way of the asked `change`
    ("up" / "down") in the asked year, with the item's table row when one is there; [] without
    such a sentence."""
    found = _evidence(item, change, hits, companies, years)
    if found or retriever is None:
        return found
    filters = SearchFilters(companies=companies, fiscal_years=years[-1:])
    extra = retriever.search(f"{item} {'decreased' if change == 'up' else 'increased'} {ask}", filters=filters, k=8,
                             mode="sparse")
    return _evidence(item, change, [*hits, *extra], companies, years)


def _evidence(item: str, change: str, hits: list[SearchHit], companies: list[str], years: list[int]) -> list[Sentence]:
    opposite = _DOWN if change == "up" else _UP
    said = [s for s in map(lambda s: _from_item(s, item), sentences(hits, companies, trim_tables=True)) if s is not None
            and opposite.search(s.text) and (not years or mentions_years(s.text, years[-1:]))
            and not EXCEPTION.search(s.text)]
    if not said:
        return []
    said.sort(key=lambda s: (s.rank, s.position))
    return [*_row(item, hits, companies), said[0]]


def _from_item(s: Sentence, item: str) -> Sentence | None:
    """The sentence from the item's name on, when it starts with it: the page's text often runs
    the item's table into the sentence after it ("... 20% 22% 25% Greater China net sales decreased")."""
    at = s.text.find(f"{item} ")
    if at < 0 or (at and len(_AMOUNT.findall(s.text[:at])) < 2):
        return None
    return s.model_copy(update={"text": s.text[at:]}) if at else s


def _row(item: str, hits: list[SearchHit], companies: list[str]) -> list[Sentence]:
    """The first table row labelled with the item's name alone, with its amounts ("Greater China
    44,764 (8)% 48,492 (17)% 58,715")."""
    wanted = {c.casefold() for c in companies}
    for rank, hit in enumerate(hits):
        if wanted and (hit.chunk.company or "").casefold() not in wanted:
            continue
        for position, line in enumerate(hit.chunk.text.splitlines()):
            rest = line.strip()[len(item):] if line.strip().startswith(item) else ""
            if rest and not re.search(r"[A-Za-z]", rest) and len(_AMOUNT.findall(rest)) >= 2:
                return [Sentence(text=line.strip(), chunk=hit.chunk, rank=rank, position=position)]
    return []


_HEADER_CELL = re.compile(r"^(?:(?:19|20)\d\d|change|%)$", re.I)


def row_read(row: Sentence, item: str) -> str:
    """The row said by its header ("2017 Change 2016 Change 2015" over "44,764 (8)% 48,492 ..."):
    "44,764 in 2017 against 48,492 in 2016, a change of (8)%"; "" unless every header cell is a
    year or a change column and the row has one amount for each."""
    lines = row.chunk.text.splitlines()
    at = next((i for i, line in enumerate(lines) if line.strip() == row.text), -1)
    header = next((line.split() for line in reversed(lines[:at]) if re.search(r"\b(?:19|20)\d\d\b", line)), [])
    cells = re.findall(r"\(?[$€£¥]?\d[\d,.]*\)?\s?%?", row.text[len(item):].replace("$", ""))
    cells = [c.replace(" ", "") for c in cells]
    header = [h for h in header if h != "%"]
    if at < 0 or not header or not all(_HEADER_CELL.match(h) for h in header) or len(header) != len(cells) \
            or len(header) < 3 or not header[0].isdigit() or header[1].lower() != "change" or not header[2].isdigit():
        return ""
    return f"{cells[0]} in {header[0]} against {cells[2]} in {header[2]}, a change of {cells[1]}"
