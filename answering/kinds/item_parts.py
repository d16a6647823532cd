"""item_parts: a drivers question whose other parts ask about the items of one table.

"What drove the increase, and which product lines declined?", "What caused the decline, which
geographic segment fell the most, and did any product category grow?", "What drove the increase,
and did every revenue type grow?": the driver part is answered by the filing's cause sentences
(answering.kinds.drivers), each item part by the table whose rows are items of the asked kind,
read in the asked year and the one before:

- the kind is the question's noun: places ("geographic segment", "region", "country"),
  offerings ("product", "product line", "product category", "revenue type", "revenue line",
  "business"), or segments ("operating segment", "reportable segment", "segment");
- a table is of that kind by its rows and caption: places when most of its labels name regions
  or countries; offerings when none does and its caption says no place and no segment; segments
  when its caption or labels say segment (and, for places, the labels are places too);
- the table prints both years, its rows are unique and like items of one measure (no
  statement), and its items add up to its total row in both years (answering.kinds.whole_table):
  a set of items that cannot be shown to be the whole set answers no "every", "any" or "most".

Each item part states the items picked with their amounts in both years and the change. A part
no such table answers refuses the question: a wrong item is worse than no answer.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Literal, Protocol

from pydantic import BaseModel

from answering.citations import cite, unique_citations
from answering.kinds import choice, drivers, sectioned_table
from answering.kinds.classify import classify
from answering.kinds.places import PLACE_NAMES
from answering.kinds.sentences import content_words, overlap, prose
from answering.kinds.tables import Block, blocks, column_years, more_tables
from answering.kinds.whole_table import TOTAL_ROW, following, rest, runs_on
from answering.numbers import Row, normalize_label, plain, split_row
from answering.written_answer import WrittenAnswer
from finrag.models import Chunk, Citation, SearchHit

if TYPE_CHECKING:
    from answering.kinds.classify import KindDecision
    from answering.metric_answer import MetricServices
    from retrieval.query_understanding import QueryUnderstanding

ItemKind = Literal["places", "offerings", "segments"]
Test = Literal["declined", "grew", "fell_most", "grew_most", "drove", "every_grew", "any_grew", "any_fell", "higher",
               "lower"]

_PLACE_NOUN = r"(?:geographic(?:al)?\s+(?:segments?|regions?|areas?|markets?)|regions?|geograph(?:y|ies)|countr(?:y|ies))"
_OFFERING_NOUN = (r"(?:product\s+(?:lines?|categor(?:y|ies)|groups?|families)|products?|categor(?:y|ies)|"
                  r"revenue\s+(?:types?|lines?|streams?|sources?|categor(?:y|ies))|types?\s+of\s+revenues?|"
                  r"business(?:es)?|brands?|offerings?)")
_SEGMENT_NOUN = r"(?:(?:operating|reportable|business)\s+segments?|segments?|business\s+units?|divisions?)"
_NOUN = rf"(?:{_PLACE_NOUN}|{_OFFERING_NOUN}|{_SEGMENT_NOUN})"
_OWNER = r"(?:of\s+(?:the\s+|its\s+|their\s+|[\w&.-]+['’]s?\s+)?)?"
_UP = r"(?:grew|grow|grown|increased|increase|rose|rise)"
_DOWN = r"(?:declined|decline|decreased|decrease|fell|fall|dropped|drop|shrank|shrink)"
# "which product lines declined", "which geographic segment fell the most", "which of its revenue
# lines grew fastest", "which product and which geographic segment drove the growth"
_WHICH = re.compile(rf"^\W*(?:and\s+)?which\s+{_OWNER}(?P<nouns>{_NOUN}(?:\s+and\s+which\s+{_NOUN})?)\s+"
                    rf"(?P<verb>{_UP}|{_DOWN}|drove|contributed\s+(?:the\s+)?most\s+to)"
                    r"(?P<most>\s+(?:the\s+)?(?:most|fastest|furthest|the\s+most))?"
                    r"(?:\s+(?:the\s+)?(?:growth|increase|decline|decrease|in\s+(?:fiscal\s+)?\d{4}|"
                    r"(?:in|during)\s+(?:the\s+)?(?:year|period|quarter)|"
                    # "grew revenue year over year in the first quarter of 2023": the measure and the period
                    r"(?P<measure>revenues?|net\s+revenues?|net\s+sales|sales)|year[\s-]+over[\s-]+year|"
                    r"(?:in|during)\s+(?:the\s+)?(?:first|second|third|fourth)\s+(?:fiscal\s+)?quarter\s+of\s+"
                    r"(?:fiscal\s+)?\d{4}))*\W*$", re.I)
# "did every revenue type grow", "did any product category grow", "did all of its segments grow"
_EVERY = re.compile(rf"^\W*(?:and\s+)?(?:did|do|does|have|has)\s+(?P<q>every|each|all|any)\s+{_OWNER}"
                    rf"(?P<nouns>{_NOUN})\s+(?P<verb>{_UP}|{_DOWN})\W*$", re.I)
# "Which of Apple's two revenue categories, Products or Services, earned the higher gross margin percentage in
# FY2022": one year's level of a measure, compared between the items the question names
_LEVEL = re.compile(rf"^\W*(?:and\s+)?which\s+{_OWNER}(?:(?:two|three|four|five)\s+)?(?P<nouns>{_NOUN}),\s*"
                    r"(?P<candidates>[^,]+?\s+or\s+[^,]+?),\s*(?:earned|had|has|have|generated|posted|reported|delivered)\s+"
                    r"(?:the\s+|a\s+)?(?P<order>higher|highest|larger|largest|greater|greatest|lower|lowest|smaller|smallest)\s+"
                    r"(?P<measure>[a-z][\w\s%-]*?)(?:\s+in\s+(?:fiscal\s+(?:year\s+)?|FY\s?)?\d{4})?\W*$", re.I)
# the asks a driver part makes: "what drove the increase", "what caused the decline"
_DRIVER = re.compile(r"^\W*(?:and\s+)?(?:what|why)\b", re.I)
# a driver part about the item picked before it ("..., and what drove it?")
_PICK_DRIVERS = re.compile(r"^\W*(?:and\s+)?what\s+(?:drove|caused|explains?|led\s+to)\s+(?:it|that|this|them)\W*$", re.I)
_PICKS_ONE = ("fell_most", "grew_most", "drove")
_SPLIT = re.compile(r",\s*(?:and\s+)?(?=(?:what|which|did|do|does|has|have|why)\b)|"
                    r"\s+and\s+(?=(?:what|did|do|does|why)\b)|;\s*", re.I)
_NOUN_KIND = [("places", re.compile(rf"^{_PLACE_NOUN}$", re.I)), ("segments", re.compile(rf"^{_SEGMENT_NOUN}$", re.I)),
              ("offerings", re.compile(rf"^{_OFFERING_NOUN}$", re.I))]
_SEGMENT_WORD = re.compile(r"\bsegments?\b", re.I)
_HEADER_LINES = 6  # lines a chunk repeats above a table's later rows (its caption, its years)
_PLACE_WORD = re.compile(r"\b(?:geograph\w*|regions?|regional|countr(?:y|ies)|customer\s+locations?|domestic|foreign)\b",
                         re.I)


class ItemAsk(BaseModel):
    """One item part: the asked kind of item, the noun as asked, and what it asks of them."""

    part: str
    noun: str
    kind: ItemKind
    test: Test
    candidates: list[str] = []  # the items the question names ("Products or Services")
    measure: str = ""  # the measure a level pick compares ("gross margin percentage")


class Parts(BaseModel):
    drivers: list[str]
    items: list[ItemAsk]
    about_pick: bool = False  # "Which line grew fastest, and what drove it?": the causes of the item picked


class DriversWriter(Protocol):
    def __call__(self, decision: KindDecision, question: str, hits: list[SearchHit],
                 understanding: QueryUnderstanding, services: MetricServices) -> WrittenAnswer | None: ...


def read_parts(ask: str) -> Parts | None:
    """The ask's driver parts and item parts, when it has both and nothing else."""
    drivers: list[str] = []
    items: list[ItemAsk] = []
    for part in (p.strip() for p in _SPLIT.split(ask.strip().rstrip("?")) if p.strip()):
        if (asked := _item_asks(part)) is not None:
            items += asked
        elif _DRIVER.match(part) and not re.match(r"^\W*(?:and\s+)?what\s+(?:is|was|were|are)\b", part, re.I):
            drivers.append(part)
        else:
            return None
    if not items:
        return None
    if not drivers:
        # "Which of Intel's business units grew revenue year over year?": one item part asked alone
        alone = len(items) == 1 and items[0].test in ("declined", "grew")
        return Parts(drivers=[], items=items) if alone else None
    if any(_PICK_DRIVERS.match(d) for d in drivers):
        # "Which line grew fastest, and what drove it?": the causes of the one item picked before it
        picks = len(drivers) == 1 and len(items) == 1 and items[0].test in _PICKS_ONE \
            and ask.lower().find(drivers[0].lower()) > ask.lower().find(items[0].part.lower()) >= 0
        return Parts(drivers=drivers, items=items, about_pick=True) if picks else None
    return Parts(drivers=drivers, items=items)


def _item_asks(part: str) -> list[ItemAsk] | None:
    if (m := _LEVEL.match(part)) is not None:
        low = m.group("order").lower().startswith(("lower", "lowest", "smaller", "smallest"))
        candidates = [c.strip() for c in re.split(r",\s*(?:or\s+)?|\s+or\s+", m.group("candidates")) if c.strip()]
        ask = _ask(part, m.group("nouns"), "lower" if low else "higher")
        return [ask.model_copy(update={"candidates": candidates, "measure": m.group("measure").strip()})]
    if (m := _EVERY.match(part)) is not None:
        down = re.fullmatch(_DOWN, m.group("verb"), re.I) is not None
        every = m.group("q").lower() != "any"
        if every and down:
            return None  # "did every segment decline": not asked here
        test: Test = "every_grew" if every else "any_fell" if down else "any_grew"
        return [_ask(part, m.group("nouns"), test)]
    if (m := _WHICH.match(part)) is None:
        return None
    verb = m.group("verb").lower()
    most = bool(m.group("most"))
    if verb.startswith(("drove", "contributed")):
        test = "drove"
    elif re.fullmatch(_DOWN, verb, re.I):
        test = "fell_most" if most else "declined"
    else:
        test = "grew_most" if most else "grew"
    nouns = re.split(r"\s+and\s+which\s+", m.group("nouns"), flags=re.I)
    return [_ask(part, noun, test) for noun in nouns]


def _ask(part: str, noun: str, test: Test) -> ItemAsk:
    kind = next(k for k, pattern in _NOUN_KIND if pattern.match(noun.strip()))
    return ItemAsk(part=part, noun=noun.strip(), kind=kind, test=test)  # type: ignore[arg-type]


class Moved(BaseModel):
    """One item's amounts in the two years compared, as its row prints them."""

    label: str
    before: float
    now: float
    row: Row
    block: Block

    @property
    def change(self) -> float:
        return self.now - self.before

    @property
    def rate(self) -> float:
        return (self.now - self.before) / abs(self.before) * 100 if self.before else 0.0

    def shown(self, prior: int, latest: int) -> str:
        return (f"{self.label}: {plain(self.before)} in {prior} to {plain(self.now)} in {latest} "
                f"({'+' if self.change >= 0 else '-'}{plain(abs(self.change))} {self.block.scale}, {self.rate:+.1f}%)")


class ItemTable(BaseModel):
    block: Block
    items: list[Moved]
    prior: int
    latest: int
    printed: list[Chunk] = []  # the chunks as printed, note references and all (the citations' sources)

    def cite(self, row: Row) -> Citation:
        """The row cited as its chunk prints it (with the note references read past)."""
        for chunk in [*self.printed, self.block.chunk]:
            line = next((line for line in chunk.text.splitlines()
                         if _NOTE_MARKS.sub(lambda m: m.group("label"), line) == row.line
                         or line.endswith(f": {row.line}")), None)
            if line is not None:
                return cite(chunk, line)
        return cite(self.block.chunk, row.line)


def of_kind(kind: ItemKind, block: Block) -> bool:
    """The table's items are of the asked kind, by its labels and its caption."""
    total = _total(block)
    labels = [r.label for r in block.rows if r is not total]
    if not labels:
        return False
    placed = sum(1 for label in labels if PLACE_NAMES.search(label))
    if kind == "places":
        return placed * 2 > len(labels)
    if kind == "segments":
        return choice._captioned_segments(block) or any(_SEGMENT_WORD.search(label) for label in labels)
    # offerings: no label a place, no heading of places or segments (the nearest caption line: a
    # sentence further up may introduce several tables, "net sales by reportable segment and by product")
    heading = " ".join(choice._caption_lines(block, 1))
    return placed == 0 and not _PLACE_WORD.search(heading) and not _SEGMENT_WORD.search(heading)


def find_table(ask: ItemAsk, question: str, hits: list[SearchHit], companies: list[str], year: int,
               services: MetricServices, measure: str | None) -> ItemTable | None:
    """The table of the asked kind of items with the asked year and the one before, its items
    adding up to its total in both: among the hits, else one more search for the measure by the noun."""
    label = (services.vocabulary.label(measure or "") or "revenue").lower()
    said = [w for w in (services.vocabulary.metrics[measure].wordings if measure in services.vocabulary.metrics else [])
            if re.search(rf"\b{re.escape(w)}\b", question, re.I)]
    label = max(said, key=len).lower() if said else label  # the measure as the question says it ("net sales")
    query = f"{companies[0] if companies else ''} {label} by {ask.noun}".strip()
    # the caption's words: "net sales by product lines", and "net sales by product" (the noun's head)
    head = re.sub(r"\s+(?:lines?|categor(?:y|ies)|types?|groups?|families|segments?|areas?)$", "", ask.noun, flags=re.I)
    more = more_tables(query, hits, companies, [year], services.retriever)
    if head != ask.noun:
        more = more_tables(query.replace(f"by {ask.noun}", f"by {head}"), more, companies, [year], services.retriever)
    if ask.kind == "offerings":
        # offerings are broken down "by type" in many a filing ("net revenues by type", revenue
        # disaggregated by type of offering), whatever the question calls them
        more = more_tables(query.replace(f"by {ask.noun}", "by type"), more, companies, [year], services.retriever)
    for searched in (hits, more):
        searched = _with_tables_above(searched, services)
        pool = [_without_notes(_with_rows_before(h, searched, services)) for h in searched]
        read = blocks(pool, companies)
        # a table in sections ("Net transaction revenues:" ..., "Marketing services and other revenues:" ...)
        # is read as its leaf items under its grand total
        found = [t for t in (_read(ask, b, year, pool, services) for b in [*read, *sectioned_table.flattened(read)])
                 if t is not None]
        printed = {h.chunk.chunk_id: h.chunk for h in searched}
        found = [t.model_copy(update={"printed": [c for c in (printed.get(t.block.chunk.chunk_id),
                                                              _previous(t.block.chunk, searched, services))
                                                  if c is not None]}) for t in found]
        if found:
            words = content_words(f"{ask.noun} {label}", companies)
            return max(found, key=lambda t: overlap(t.block.context + " " + " ".join(r.label for r in t.block.rows),
                                                    words))
    return None


# a row's note references after its label ("iPad (1) 18,805 (2)% 19,222", "Other Products (1)(3) $ 17,417"):
# single digits in parentheses before the row's first amount, which would read as amounts of -1 and -3
_NOTE_MARKS = re.compile(r"^(?P<label>[A-Za-z][^\d$()\n]*?[A-Za-z])(?P<marks>(?:\s*\(\d\))+)(?=\s+[$(]?\s?\d[\d,.]*\b(?!\)))",
                         re.M)


def _previous(chunk: Chunk, pool: list[SearchHit], services: MetricServices) -> Chunk | None:
    """The filing's chunk before this one: among the hits, else read from the store."""
    found = next((h.chunk for h in pool if h.chunk.doc == chunk.doc and h.chunk.index == chunk.index - 1), None)
    if found is not None or services.retriever is None:
        return found
    return next((c for c in services.retriever.filing(chunk.doc).chunks if c.index == chunk.index - 1), None)


_YEARS_HEADER = re.compile(r"\b(?:19|20)\d\d\b(?:\D+\b(?:19|20)\d\d\b)+\D*$")  # "2018 Actual Constant 2017 ... 2016"


def _with_tables_above(pool: list[SearchHit], services: MetricServices) -> list[SearchHit]:
    """The pool with the chunk before each that opens with a table's total row after its repeated
    header ("Total revenues $ 39,831 ..."): that chunk holds the table's items."""
    seen = {h.chunk.chunk_id for h in pool}
    out = list(pool)
    for hit in pool:
        lines = [line for line in hit.chunk.text.splitlines() if line.strip()][:_HEADER_LINES]
        first = next((row for line in lines if not column_years(line) and not _YEARS_HEADER.search(line)
                      and (row := split_row(line)) is not None), None)
        if first is None or not re.match(r"total\b", first.label, re.I):
            continue
        if (before := _previous(hit.chunk, pool, services)) is not None and before.chunk_id not in seen:
            seen.add(before.chunk_id)
            out.append(SearchHit(chunk=before, score=hit.score))
    return out


def _with_rows_before(hit: SearchHit, pool: list[SearchHit], services: MetricServices) -> SearchHit:
    """A table the chunker cut before its first rows: the chunk opens with the caption and header
    it repeats, then the table's later rows; the previous chunk ends with the table's own caption
    and first rows ("Net Sales by Product:" / "iPhone (1) $ 166,699 ..."). Those rows are put back
    above the later ones, under their caption (the rows are then held to adding up to the total)."""
    lines = hit.chunk.text.splitlines()
    first = next((i for i, line in enumerate(lines) if line.strip() and split_row(line) is not None
                  and not column_years(line)), None)
    if first is None or first > _HEADER_LINES or not any(column_years(line) for line in lines[:first]):
        return hit
    if (before := _previous(hit.chunk, pool, services)) is None:
        return hit
    tail = [line for line in before.text.splitlines() if line.strip()]
    start = len(tail)
    while start > 0 and split_row(tail[start - 1]) is not None and not column_years(tail[start - 1]):
        start -= 1
    if start == len(tail) or start == 0 or column_years(tail[start - 1]) or len(tail[start - 1].split()) > 8:
        return hit  # no rows at the previous chunk's end, or no caption of their own above them
    text = "\n".join([*lines[:first], *tail[start - 1:], *lines[first:]])
    return hit.model_copy(update={"chunk": hit.chunk.model_copy(update={"text": text})})


# a table's caption printed on its first row's line ("Total Revenues by Business: Cloud and license $ 32,444 ..."):
# a heading ending in ":" that says what the rows are broken down by, then a row of its own
_CAPTION_ON_ROW = re.compile(r"^(?P<caption>[A-Z%][^:\n$\d]{2,60}\bby\s+[^:\n$\d]{2,30}:)\s+(?P<row>[A-Z][^:\n]*\d.*)$", re.M)


def _without_notes(hit: SearchHit) -> SearchHit:
    """The hit with its rows' note references taken out, and a caption printed on its first row's
    line put on a line of its own (the row's text otherwise as printed)."""
    text = _NOTE_MARKS.sub(lambda m: m.group("label"), _CAPTION_ON_ROW.sub(r"\g<caption>\n\g<row>", hit.chunk.text))
    return hit if text == hit.chunk.text else hit.model_copy(update={"chunk": hit.chunk.model_copy(update={"text": text})})


def _read(ask: ItemAsk, block: Block, year: int, pool: list[SearchHit], services: MetricServices) -> ItemTable | None:
    if runs_on(block) and (after := following(block.chunk, pool, services.retriever)) is not None \
            and (more := rest(block, _headless(after))):
        block = block.model_copy(update={"rows": [*block.rows, *more]})
    block = _with_years(block)
    labels = [normalize_label(r.label) for r in block.rows]
    if len(set(labels)) < len(labels) or year not in block.years or year - 1 not in block.years:
        return None
    if len({m for r in block.rows for m in services.vocabulary.match_metrics(r.label)}) >= 2:
        return None  # different line items (a statement), not like items of one measure
    if any(r.percent and not len(r.values) > len(block.years) for r in block.rows):
        return None  # rates, which do not add up to a total
    if not of_kind(ask.kind, block):
        return None
    if _a_section(block):
        return None  # one section of a larger table: its items are not all the table's items
    latest, prior = block.years.index(year), block.years.index(year - 1)
    total = _total(block)
    if total is None or not _adds_up(block, total, [latest, prior]):
        return None  # not shown to be every item of the table
    items = []
    for r in block.rows:
        if r is total:
            continue
        values = r.values + [None] * len(block.years)
        now, before = values[latest], values[prior]
        if now is None or before is None:
            return None
        items.append(Moved(label=re.sub(r"\s*\(\d\)", "", r.label).strip(), before=before, now=now, row=r, block=block))
    return ItemTable(block=block, items=items, prior=year - 1, latest=year) if len(items) >= 2 else None


def _headless(chunk: Chunk) -> Chunk:
    """The chunk without the header lines of years it repeats above a table's rest (a header with
    words between its years, "2018 Actual Constant 2017 ...", reads as a row of amounts)."""
    lines = [line for line in chunk.text.splitlines() if not _YEARS_HEADER.search(line)]
    return chunk.model_copy(update={"text": "\n".join(lines)})


def _with_years(block: Block) -> Block:
    """A table whose header the block reader did not place ("Year Ended May 31, Percent Change ...
    2018 Actual Constant 2017 Actual Constant 2016"): its years from the header line above its
    rows, each row's amounts those of its tokens that are no percent change ("$ 32,444 7% 5%
    $ 30,218 ..."), when every row has one amount per year; else the block as read."""
    if block.years:
        return block
    lines = block.chunk.text.splitlines()
    first = next((i for i, line in enumerate(lines) if line == block.rows[0].line), None)
    header = next((line for line in reversed(lines[:first]) if _YEARS_HEADER.search(line)), None) if first else None
    if header is None:
        return block
    years = [int(y) for y in re.findall(r"\b(?:19|20)\d\d\b", header)]
    rows = []
    for r in block.rows:
        kept = [i for i, token in enumerate(r.tokens) if not token.rstrip().endswith("%")]
        if len(r.tokens) != len(r.values) or len(kept) != len(years):
            return block
        rows.append(r.model_copy(update={"values": [r.values[i] for i in kept], "tokens": [r.tokens[i] for i in kept],
                                         "percent": False}))
    return block.model_copy(update={"rows": rows, "years": years})


def _a_section(block: Block) -> bool:
    """The rows are one section of a larger table: a heading of their own ending in ":" just above
    them with another row of the table above it ("Total net transaction revenues 8,484 ..." /
    "Marketing services and other revenues:"), or a "Total ..." row of the same width after their
    own total (the grand total of the sections)."""
    lines = [line for line in block.chunk.text.splitlines() if line.strip()]
    first = next((i for i, line in enumerate(lines) if line == block.rows[0].line), None)
    last = next((i for i, line in enumerate(lines) if line == block.rows[-1].line), None)
    if first is None or last is None:
        return False
    width = len(raw.values) if (raw := split_row(block.rows[0].line)) is not None else len(block.rows[0].values)
    heading = lines[first - 1].strip() if first >= 1 else ""
    above = split_row(lines[first - 2]) if first >= 2 and not column_years(lines[first - 2]) else None
    if heading.endswith(":") and not re.search(r"\bby\b", heading, re.I) and above is not None \
            and len(above.values) == width:
        return True  # a heading of the table's own rows ("Marketing services and other revenues:"), not a caption "by"
    for line in lines[last + 1:last + 1 + _HEADER_LINES]:
        row = split_row(line) if not column_years(line) else None
        if row is None:
            if not line.rstrip().endswith(":"):
                return False  # prose: the table ended
            continue  # another section's heading
        if len(row.values) == width and re.match(r"total\b", row.label, re.I):
            return True
    return False


def _total(block: Block) -> Row | None:
    """The table's total row: the one labelled "Total ...", else its last row when a total's word
    labels it ("Net sales", "Consolidated"); a "Net transaction revenues" row above others is an item."""
    totals = [r for r in block.rows if re.match(r"total\b", r.label, re.I)]
    if totals:
        return totals[-1] if totals[-1] is block.rows[-1] else None
    return block.rows[-1] if TOTAL_ROW.match(block.rows[-1].label) else None


def _adds_up(block: Block, total: Row, columns: list[int]) -> bool:
    """Every row above the total sums to it in each column compared, within the printed rounding."""
    items = [r for r in block.rows if r is not total]
    decimals = max((len(t.split(".")[1].rstrip(")%")) for r in block.rows for t in r.tokens if "." in t), default=0)
    step = 10.0 ** -decimals  # how far printed amounts, each rounded, may sum from their printed total
    for col in columns:
        values = [r.values[col] if col < len(r.values) else None for r in items]
        printed = total.values[col] if col < len(total.values) else None
        if printed is None or any(v is None for v in values):
            return False
        if abs(sum(v for v in values if v is not None) - printed) > max(step * (len(items) + 1) / 2, abs(printed) * 0.001):
            return False
    return True


def answer_part(ask: ItemAsk, table: ItemTable, way: int) -> tuple[str, Moved | None] | None:
    """The part's answer from its table, said in the part's own words, with the one item it picks
    (if it picks one); None when the table contradicts the ask ("which fell the most" when every
    item grew)."""
    fell = [i for i in table.items if i.change < 0]
    grew = [i for i in table.items if i.change > 0]

    def said(items: list[Moved]) -> str:
        return "; ".join(i.shown(table.prior, table.latest) for i in items)

    question = ask.part[0].upper() + ask.part[1:].rstrip("?") + "?"
    every = f" (table {choice._caption(table.block)}). All: {said(table.items)}."
    pick: Moved | None = None
    if ask.test == "every_grew":
        answer = f"No: {said(fell)} fell" if fell else "Yes: every one grew"
    elif ask.test in ("any_grew", "any_fell"):
        moved = grew if ask.test == "any_grew" else fell
        answer = f"Yes: {said(moved)}" if moved else "No"
    elif ask.test in ("declined", "grew"):
        moved = fell if ask.test == "declined" else grew
        answer = said(moved) if moved else "None"
    elif ask.test == "fell_most":
        if not fell:
            return None
        pick = min(fell, key=lambda i: i.rate)
        answer = f"{pick.label}, the largest fall by rate"
    elif ask.test == "grew_most":
        if not grew:
            return None
        pick = max(grew, key=lambda i: i.rate)
        answer = f"{pick.label}, the fastest growth"
    else:
        # "drove": the item whose change was the largest part of the total's, the way the total moved
        moved = [i for i in table.items if (i.change > 0 if way >= 0 else i.change < 0)]
        if not moved:
            return None
        pick = max(moved, key=lambda i: abs(i.change))
        answer = f"{pick.label}, the largest part of the change"
    if pick is not None:
        answer += f" ({pick.shown(table.prior, table.latest)})"
    return f"{question} {answer}{every}", pick


def write(parts: Parts, decision: KindDecision, question: str, hits: list[SearchHit],
          understanding: QueryUnderstanding, services: MetricServices,
          drivers_writer: DriversWriter) -> WrittenAnswer | None:
    """The driver parts from the filing's cause sentences, each item part from its table; None
    (the question left to its kind's writer) when any part is not answered."""
    companies = list(understanding.companies)
    if len(companies) != 1 or not understanding.fiscal_years:
        return None
    year = max(understanding.fiscal_years)
    at = question.find(decision.ask)
    premise = question[:at].strip() if at > 0 else ""
    if parts.about_pick:
        return _pick_and_causes(parts.items[0], question, hits, companies, year, services)
    if not parts.drivers:
        return _items_alone(parts.items[0], question, hits, companies, year, services)
    ask = " and ".join(parts.drivers)
    asked = f"{premise} {ask[0].upper()}{ask[1:]}?".strip()
    driving = classify(asked, services.vocabulary, companies=companies)
    if driving.kind != "drivers":
        return None
    drove = drivers_writer(driving, asked, hits, understanding, services)
    if drove is None or drove.status != "answered":
        return None
    measure = driving.metric or next(iter(services.vocabulary.match_metrics(premise)), None)
    if measure and "prior(" in (services.vocabulary.formula(measure) or "") \
            and len(inputs := services.vocabulary.inputs(measure)) == 1:
        measure = inputs[0]  # "revenue growth": revenue's change
    way = -1 if re.search(_DOWN, premise or decision.ask, re.I) and not re.search(_UP, premise, re.I) else 1
    texts, citations = [drove.text], list(drove.citations)
    for item in parts.items:
        if item.test in ("higher", "lower"):
            if (level := level_pick(item, hits, companies, year, services)) is None:
                return None
            texts.append(level[0])
            citations += level[1]
            continue
        table = find_table(item, question, hits, companies, year, services, measure)
        if table is None or (said := answer_part(item, table, way)) is None:
            return None
        texts.append(said[0])
        citations += [table.cite(i.row) for i in table.items]
        if (total := _total(table.block)) is not None:
            citations.append(table.cite(total))
    return WrittenAnswer(status="answered", kind="drivers", text=" ".join(texts),
                         citations=unique_citations(citations), flags=list(drove.flags))


def _items_alone(item: ItemAsk, question: str, hits: list[SearchHit], companies: list[str], year: int,
                 services: MetricServices) -> WrittenAnswer | None:
    """"Which of its business units grew revenue?" asked alone: every item of the one table of those
    items (adding up to its total) that moved the asked way, each with both amounts and its change."""
    measure = next(iter(services.vocabulary.match_metrics(item.part)), None)
    table = find_table(item, question, hits, companies, year, services, measure)
    if table is None or (said := answer_part(item, table, 1)) is None:
        return None
    citations = [table.cite(i.row) for i in table.items]
    if (total := _total(table.block)) is not None:
        citations.append(table.cite(total))
    return WrittenAnswer(status="answered", kind="list", text=said[0], citations=unique_citations(citations))


def level_pick(item: ItemAsk, hits: list[SearchHit], companies: list[str], year: int,
               services: MetricServices) -> tuple[str, list[Citation]] | None:
    """"Which of its two categories, Products or Services, earned the higher gross margin percentage
    in FY2022": the table whose heading names the measure ("Gross margin percentage:") and whose
    rows are the named items (and a total), read in the asked year's column; the amounts table
    above it ("Gross margin:") names another measure. None when no such table, or a tie."""
    words = content_words(item.measure, companies)
    wanted = {normalize_label(c) for c in item.candidates}
    more = more_tables(f"{companies[0]} {item.measure} {' '.join(item.candidates)}", hits, companies, [year],
                       services.retriever)
    for block in blocks(more, companies):
        heading = next((line for line in reversed(block.context.splitlines()) if line.strip()), "")
        rows = [r for r in block.rows if not re.match(r"total\b", r.label, re.I)]
        if year not in block.years or {normalize_label(r.label) for r in rows} != wanted or len(rows) != len(wanted):
            continue
        if not words or overlap(heading, words) < 1.0 or len(heading.split()) > len(item.measure.split()) + 3:
            continue  # the heading just above the rows names the asked measure, and little else
        col = block.years.index(year)
        values = [(r.values[col], r) for r in rows if col < len(r.values) and r.values[col] is not None]
        if len(values) != len(rows) or len({v for v, _ in values}) != len(values):
            return None
        best = (max if item.test == "higher" else min)(values, key=lambda v: v[0])
        shown = "; ".join(f"{r.label}: {choice._shown(v, block, r)}" for v, r in values)
        question = item.part[0].upper() + item.part[1:].rstrip("?") + "?"
        text = (f"{question} {best[1].label} ({choice._shown(best[0], block, best[1])} in {year}; table "
                f"{choice._caption(block)}: {shown}).")
        return text, [cite(block.chunk, r.line) for _, r in values]
    return None


def _pick_and_causes(item: ItemAsk, question: str, hits: list[SearchHit], companies: list[str], year: int,
                     services: MetricServices) -> WrittenAnswer | None:
    """"Which of its revenue lines grew fastest, and what drove it?": the item picked from its table,
    and what the filing says drove that item's change (answering.kinds.drivers.item_causes)."""
    measure = next(iter(services.vocabulary.match_metrics(item.part)), None)
    table = find_table(item, question, hits, companies, year, services, measure)
    if table is None or (said := answer_part(item, table, 0)) is None or said[1] is None:
        return None
    text, pick = said
    # a leaf of a table in sections is said by its own label ("Classifieds"), its section's heading after it
    causes = drivers.item_causes(pick.label.split(sectioned_table.SECTION)[0], measure, 1 if pick.change > 0 else -1, year, hits, companies, services)
    if not causes:
        return None  # the pick without why it moved answers half the question
    citations = [table.cite(i.row) for i in table.items]
    if (total := _total(table.block)) is not None:
        citations.append(table.cite(total))
    citations += [cite(c.chunk, prose(c.text)) for c in causes]
    return WrittenAnswer(status="answered", kind="choice", citations=unique_citations(citations),
                         text=f"{text} What drove it? As the filing says: " + " ".join(drivers.shown(c) for c in causes))
