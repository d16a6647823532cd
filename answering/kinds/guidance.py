"""guidance: what a company said it expects (its guidance / outlook), quoted from its filing.

Guidance is a forward-looking figure: the period's actual revenue or EPS would be another
quantity, so a question that asks for guidance is never answered from statement rows. It
is answered from what an earnings release (or a report's outlook section) states:

- statements: a sentence or headline bullet that says guidance ("raises full year revenue
  guidance to $34.7 billion", "now expects 9 percent core constant currency EPS growth
  (previously 8 percent)") with a figure, about the asked items;
- else the rows of the outlook table under a heading every release uses ("Business
  Outlook", "Guidance and Outlook", "Forward Looking Guidance"), with the table's column
  line, for the asked items.

Checks, each a refusal when it fails: the text is the asked company's; it names the asked
period (its year, and its quarter when a quarter's guidance is asked); each asked item
has a quoted figure. "By how many percentage points did X raise guidance" is computed
only from one clause that states both figures ("9 percent ... (previously 8 percent)").
A "why did X raise guidance" question gets the guidance sentence that gives its reason
("Given our strong start to the year, we now expect ...").
A question with another part ("..., and what accounting change affects the comparison?") is
read in two: the outlook by its guidance part's words, each other part from the footnote or
sentence beside the outlook that states it (answering.kinds.guidance_other_parts), or refused.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.aspects import split_sentences
from answering.citations import cite_held, is_instruction, unique_citations
from answering.kinds import guidance_other_parts as other_parts
from answering.kinds.ask_scope import ask_parts, topic_ask
from answering.kinds.guidance_ask import asks_guidance
from answering.kinds.listed_amounts import EVERY_ITEM
from answering.kinds.sentences import HEDGE, content_words
from answering.written_answer import WrittenAnswer
from finrag.models import Chunk, SearchHit
from finrag.vocabulary import tokenize
from retrieval.periods import parse_periods

if TYPE_CHECKING:
    from answering.kinds.classify import KindDecision
    from answering.metric_answer import MetricServices
    from retrieval.query_understanding import QueryUnderstanding

# "targeted" and "anticipated" state an expectation as verbs ("is targeted to be", "are anticipated
# to"), not as adjectives ("our targeted growth markets", "the anticipated merger")
_STATES = re.compile(r"\b(?:guidance|outlook|expects?|expected|expecting|anticipates?|forecasts?|targets?|targeting)\b"
                     r"|\b(?:is|are|was|were|be|been|remains?)\s+(?:\w+\s+)?(?:targeted|anticipated)\b", re.I)
# An outlook heading: a short line of its own ("Business Outlook", "Guidance and Outlook",
# "Forward Looking Guidance", "Fiscal 2024 Outlook").
_HEADING = re.compile(r"^[A-Za-z0-9'’ &-]{0,40}\b(?:outlook|guidance)\s*$", re.I)
# (a rate in words counts too: "expected to decrease by five to ten percent")
_FIGURE = re.compile(r"\$\s?\(?\d|\d(?:\.\d+)?\s?(?:%|percent\b|pts?\b|percentage\s+points?\b)|\(\d+(?:\.\d+)?\)%|"
                     r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty)"
                     r"(?:\s+(?:to|or)\s+\w+)?\s+(?:percent|percentage\s+points?)\b", re.I)
_FULL_YEAR = re.compile(r"\bfull[-\s]year\b|\bfiscal\s+year\b|\bannual\b|\bfor\s+(?:fiscal\s+)?(?:fy\s?)?'?\d{2,4}\b", re.I)
_REASON = re.compile(r"\b(?:given|based\s+on|because|due\s+to|reflect\w*|driven\s+by|as\s+a\s+result\s+of|"
                     r"on\s+the\s+back\s+of|thanks\s+to)\b", re.I)
_BY_HOW_MUCH = re.compile(r"\bby\s+how\s+(?:many|much)\b", re.I)
_PREVIOUSLY = re.compile(
    r"(?P<new>\d+(?:\.\d+)?)\s?(?:%|percent)(?P<what>[^()]{0,80}?)\(\s*previously\s+(?P<old>\d+(?:\.\d+)?)\s?(?:%|percent)\s*\)",
    re.I,
)
_QUARTER_TEXT = re.compile(r"\bq[1-4]\b|\b(?:first|second|third|fourth)[-\s]quarter\b|\bquarter(?:ly)?\b", re.I)
_FULL_YEAR_TEXT = re.compile(r"\bfull[-\s]year\b|\bfiscal\s+year\b|\bannual\b|\bfor\s+(?:fiscal\s+)?(?:year\s+)?20\d\d\b", re.I)
_ORDINALS = {1: "first", 2: "second", 3: "third", 4: "fourth"}
# Words of the question that say it is about guidance, not what the guidance is for.
_SCAFFOLD = frozenset(tokenize(
    "guidance outlook change changed announce announced report reported target targets targeted projection projections set management give gave given provide provided issue issued raise raised lower lowered update updated "
    "expect expected spend spent release presentation results earnings press full year quarter second third fourth first percentage "
    "point points respect regard initial initiated according segment segments stated states january february march april may june july august "
    "september october november december gaap non financial regarding flow"
))
_MAX_ROWS = 8
_MAX_SHOWN = 4  # statements quoted, unless the question lists more items
_MAX_FIGURES = 6
_MAX_STATEMENT = 350  # longer: table rows and footnotes run together, not one statement
_IMPACT = re.compile(r"\b(?:benefit|impact|headwind|tailwind|effect|contribution)s?\s+(?:to|on|of)\b", re.I)
_EPS = re.compile(r"\bEPS\b|\bearnings\s+(?:\(loss\)\s+)?per\s+(?:diluted\s+)?share\b", re.I)
_ENDED = re.compile(r"[.!?:;)\"\u201d%]\s*$|\b(?:billion|million|Y/Y)\s*$")
_BULLET = re.compile(r"^\s*(?:\u2022|•|-)\s")


def write(decision: KindDecision, question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices) -> WrittenAnswer | None:
    """The guidance asked for, quoted, or a refusal that says what is missing (never None:
    a guidance question is never answered from the period's actual figures)."""
    if len(understanding.companies) != 1:
        return _refuse("the question does not name one company whose guidance to read")
    company = understanding.companies[0]
    ask = decision.ask or question
    docs = _docs(company, hits)
    if not docs:
        return _refuse(f"no retrieved passage is from {company}'s filings")
    # "What outlook did X give for Q1 2023, and what accounting change affects the comparison?":
    # the outlook is read by its own part's words, each other part from the sentence that states it
    ask, others = guidance_parts(ask) if decision.kind != "drivers" else (ask, [])
    period = _Period.of(ask)
    if decision.kind != "drivers" and (before := _filing_before(company, period, services)) and before not in docs:
        # guidance for a period is given before it starts: Q1 2023's in the Q4 2022 release, which a
        # search scoped to the asked period leaves out; first for a quarter asked, after the year's own
        # releases (which update it) for a year
        docs = [before, *docs] if period.quarter else [*docs, before]
    items = _items(ask, list(understanding.companies))
    unstated: str | None = None
    for chunks in (_chunks(doc, hits, services) for doc in docs):
        text_chunks = reading(chunks)
        if decision.kind == "drivers":
            found = _reasons(text_chunks, period)
        else:
            found = _statements(text_chunks, period, items, ask) or _outlook_rows(text_chunks, period, items)
        if found and others:
            stated = other_parts.stating(others, text_chunks, _sentences(text_chunks), found,
                                         list(understanding.companies))
            if isinstance(stated, str):
                unstated = unstated or stated
                continue  # a part the outlook's pages do not state: a partial answer is no answer
            found = found + [s for s in stated if s not in found]
            # each part was read and checked here (the outlook by its period and items, each other
            # part by the footnote or sentence that states it): the answer says so
            return _answer(found, ask, every_part=True)
        if found:
            return _answer(found, ask)
    if unstated is not None:
        return _refuse(f"the outlook's pages state no answer to “{unstated}”")
    what = f"{company}'s guidance" + (f" for {period.words}" if period.words else "")
    return _refuse(f"no statement or outlook table of {what}"
                   + (f" naming {', '.join(items)}" if items else "") + f" in {', '.join(docs[:3])}")


# "what one-off cost factor is included in its guidance": a wh-phrase that names a thing other
# than the guidance asks about something of it, not for the guidance
_WH_THING = re.compile(r"^\W*(?:and\s+)?(?:what|which)\s+(?P<np>(?:[\w'’-]+\s+){1,5}?)"
                       r"(?:is|are|was|were|did|does|do|has|have|had|will|would|could|affects?|affected|drove|drives?)\b",
                       re.I)


def guidance_parts(ask: str) -> tuple[str, list[str]]:
    """The ask's guidance part (its parts that ask for guidance, joined) and its other parts;
    (ask, []) when the question is one part or none asks about something else."""
    parts = ask_parts(ask)
    if len(parts) < 2:
        return ask, []
    guided, others = [], []
    for n, part in enumerate(parts):
        m = _WH_THING.match(part)
        thing = n > 0 and (not asks_guidance(part) or (m is not None and not re.search(
            r"\b(?:guidance|outlook|targets?|projections?)\b", m.group("np"), re.I)))
        (others if thing else guided).append(part)
    if not guided or not others:
        return ask, []
    return " ".join(guided), others


# "As of its Q2 FY2024 10-Q,", "In its first quarter 2023 earnings release,": the document the question reads
_SOURCE_NAMED = re.compile(r"\b(?:as\s+of|in|according\s+to|per|from)\s+(?:its|the)\s+[^,?]{0,40}?\b(?:10-?[KQ]|8-?K|annual\s+"
                           r"report|(?:earnings\s+)?release|filing|report)\b,?", re.I)


class _Period:
    """The period the guidance is for: its years, and a quarter when one is asked."""

    def __init__(self, years: list[int], quarter: int | None, words: str) -> None:
        self.years, self.quarter, self.words = years, quarter, words

    both = False  # "second-quarter 2023 revenue and full-year 2023 total expenses": each item its own period

    @classmethod
    def of(cls, ask: str) -> _Period:
        # "in its first-quarter 2023 earnings release" names the source, not the guided period
        ask = re.sub(r"\b(first|second|third|fourth)-quarter\b", r"\1 quarter", topic_ask(ask), flags=re.I)
        # "As of its Q2 FY2024 10-Q, how much does it expect to spend in fiscal 2024": the filing named is the source,
        # the period after it the guided one (when the rest names none, the filing's period is all there is)
        if parse_periods(rest := _SOURCE_NAMED.sub(" ", ask)).years:
            ask = rest
        parsed = parse_periods(ask)
        quarters = [p for p in parsed.periods if "Q" in p]
        if _FULL_YEAR.search(ask) and quarters and _QUARTER_TEXT.search(ask):
            year, q = quarters[-1].split("Q")
            period = cls([int(year)], int(q), f"Q{q} and full-year {year}")
            period.both = True
            return period
        if _FULL_YEAR.search(ask) or not quarters:
            years = sorted(set(parsed.years))
            return cls(years, None, " / ".join(f"fiscal {y}" for y in years))
        year, q = quarters[-1].split("Q")
        return cls([int(year)], int(q), f"Q{q} {year}")

    def named_in(self, text: str) -> bool:
        if not self.years:
            return True  # the question names no period: the release's own guidance
        if not any(_year_pattern(y).search(text) for y in self.years):
            return False
        if self.both and _FULL_YEAR_TEXT.search(text):
            return True
        if self.quarter is None:
            # a year's guidance: a text about one quarter only ("for Q2 2023") is another period's
            return bool(_FULL_YEAR_TEXT.search(text)) or not _QUARTER_TEXT.search(text)
        return bool(re.search(rf"\bq{self.quarter}\b|\b{_ORDINALS[self.quarter]}[-\s]quarter\b", text, re.I))


def _year_pattern(year: int) -> re.Pattern[str]:
    short = f"{year % 100:02d}"
    return re.compile(rf"\b{year}\b|\bfy\s?'?(?:{short}|{year})\b|[‘'’]{short}\b", re.I)


def _docs(company: str, hits: list[SearchHit]) -> list[str]:
    """The company's retrieved filings, earnings releases first (where guidance is given)."""
    docs = list(dict.fromkeys(h.chunk.doc for h in hits if (h.chunk.company or "").casefold() == company.casefold()))
    forms = {h.chunk.doc: h.chunk.form for h in hits}
    return sorted(docs, key=lambda d: forms.get(d) != "earnings")


def _filing_before(company: str, period: _Period, services: MetricServices) -> str | None:
    """The company's latest filing whose period ends before the asked period starts (a year's
    report counts as its fourth quarter), or None when the store holds none or none is asked."""
    catalog = getattr(getattr(services, "retriever", None), "catalog", None)
    if catalog is None or not period.years:
        return None
    start = (min(period.years), period.quarter or 1)
    earlier = []
    for entry in catalog.companies:
        if entry.name.casefold() != company.casefold():
            continue
        for filing in entry.filings:
            quarter = re.fullmatch(r"(\d{4})Q([1-4])", filing.period or "")
            key = (int(quarter[1]), int(quarter[2])) if quarter else (filing.fiscal_year, 4) if filing.fiscal_year else None
            if key is not None and key < start:
                earlier.append((key, filing.doc))
    return max(earlier)[1] if earlier else None


def _chunks(doc: str, hits: list[SearchHit], services: MetricServices) -> list[Chunk]:
    retriever = getattr(services, "retriever", None)
    chunks = retriever.filing(doc).chunks if retriever is not None else []
    return sorted(chunks or [h.chunk for h in hits if h.chunk.doc == doc], key=lambda c: c.index)


def reading(chunks: list[Chunk]) -> list[tuple[Chunk, list[str]]]:
    """Each chunk with its lines, the lines it repeats from the one before (chunks overlap) left out."""
    out: list[tuple[Chunk, list[str]]] = []
    previous: list[str] = []
    for chunk in chunks:
        lines = chunk.text.splitlines()
        skip = 0
        if out and chunk.index == out[-1][0].index + 1:
            for n in range(min(len(lines), len(previous)), 0, -1):
                if previous[-n:] == lines[:n]:
                    skip = n
                    break
        out.append((chunk, lines[skip:]))
        previous = lines
    return out


def _items(ask: str, companies: list[str]) -> list[str]:
    """What the guidance is asked for ("revenue", "GAAP EPS", "operating margin"): the ask's
    content words that are not about guidance or the period."""
    words = [w for w in content_words(ask, companies) if w not in _SCAFFOLD]
    if _EPS.search(ask):
        words.append("eps")  # the stemmer reads "EPS" as a two-letter word
    return list(dict.fromkeys(words))


def _covers(text: str, item: str) -> bool:
    tokens = tokenize(text)
    if item == "eps":
        return bool(_EPS.search(text))
    return any(t == item or (len(item) >= 4 and t.startswith(item)) for t in tokens)


def _sentences(reading: list[tuple[Chunk, list[str]]]) -> list[tuple[str, Chunk]]:
    """Prose sentences and bullets of a filing read in order, each with the chunk it starts in
    (a sentence cut at a chunk's end is completed from the next chunk)."""
    out: list[tuple[str, Chunk]] = []
    carry: tuple[str, Chunk] | None = None
    for chunk, lines in reading:
        # a bullet, or a quotation opening a line, starts a sentence
        text = re.sub(r"\n(?=\s*(?:\u2022|•|-)\s|\s*[“\"])", "\n\n", "\n".join(lines))
        parts = [(part, chunk) for part in split_sentences(text)]
        if carry is not None:
            if parts and not _BULLET.match(parts[0][0]):
                parts[0] = (f"{carry[0]} {parts[0][0]}", carry[1])
            else:
                out.append(carry)
            carry = None
        for n, (part, starts) in enumerate(parts):
            if n == len(parts) - 1 and not _ENDED.search(part):
                carry = (part, starts)  # continues in the next chunk
            else:
                out.append((part, starts))
    if carry is not None:
        out.append(carry)
    return [(re.sub(r"^\s*(?:\u2022|•|-)\s+", "", t).strip(), c) for t, c in out]


def _statements(reading: list[tuple[Chunk, list[str]]], period: _Period,
                items: list[str], ask: str = "") -> list[tuple[str, Chunk]]:
    """Sentences that state guidance with a figure for the asked period, covering every asked item."""
    found: list[tuple[str, Chunk]] = []
    dated_before: Chunk | None = None  # the chunk of the last guidance statement that named the asked period
    for text, chunk in _sentences(reading):
        if is_instruction(text) or HEDGE.search(text) or not _STATES.search(text):
            continue
        named = period.named_in(text)
        if named and period.years:
            # a statement of the asked period, quoted or not ("Total production for 2025 is
            # targeted to be ... million MT"): the statements after it go on in its period
            dated_before = chunk
        if len(text) > _MAX_STATEMENT or len(_FIGURE.findall(text)) > _MAX_FIGURES:
            continue  # a table's rows run together, not a sentence
        if _IMPACT.search(text):
            continue  # what something adds to or takes from the guidance, not the guidance
        if not _FIGURE.search(text):
            continue
        if not named and not (period.years and _goes_on(dated_before, chunk) and not _names_a_year(text)):
            # "We expect capital expenditures to be in the range of $30-33 billion": a statement
            # that names no year goes on in the period of the outlook statement before it
            continue
        if items and not any(_covers(text, i) for i in items):
            continue
        found.append((text, chunk))
    covered = {i for i in items if any(_covers(t, i) for t, _ in found)}
    # one statement per item the question lists ("sales volume, average price, revenue, EBITDA
    # and capex": five), at least four
    return found[:max(_MAX_SHOWN, _listed(ask))] if found and covered == set(items) else []


def _goes_on(dated: Chunk | None, chunk: Chunk) -> bool:
    """`chunk` is the one of the last dated statement, or the next (a chunk's end cuts prose, not
    the filing's sections)."""
    return dated is not None and dated.doc == chunk.doc and chunk.index in (dated.index, dated.index + 1)


def _listed(ask: str) -> int:
    """How many items the ask lists: "for A, B, C and D" -> 4."""
    return len([p for p in re.split(r",|\band\b", ask) if p.strip(" ?.")])


def _outlook_rows(reading: list[tuple[Chunk, list[str]]], period: _Period,
                  items: list[str]) -> list[tuple[str, Chunk]]:
    """Rows of the outlook table under a guidance heading: its column line and the asked items' rows."""
    flat: list[tuple[str, Chunk]] = []
    for chunk, lines in reading:
        for line in (re.sub(r"^\s*(?:\u2022|•|●|▪)\s*", "", x).strip() for x in lines):
            if line.startswith(":") and flat:
                # "Non-GAAP income from operations¹" / ": $120 million to $130 million": a row the
                # superscript of its footnote broke in two
                flat[-1] = (f"{flat[-1][0]} {line}", flat[-1][1])
            elif line[:1].islower() and flat and _FIGURE.search(flat[-1][0]) and not _ENDED.search(flat[-1][0]) \
                    and len(flat[-1][0]) + len(line) < 160:
                # "... year-over-year on a" / "reported and organic basis, respectively": a row wrapped
                # onto a line of its own, which no row label starts in lower case
                flat[-1] = (f"{flat[-1][0]} {line}", flat[-1][1])
            elif line:
                flat.append((line, chunk))
    for start, (line, _) in enumerate(flat):
        if not _HEADING.match(line):
            continue
        section = flat[start + 1: start + 1 + 30]
        # the next section's heading ends this one; a lone "Guidance" under "Q2 FY24" is a column title
        # a slide or page ends its outlook: the next one's rows are about something else
        end = next((n for n, (text, chunk) in enumerate(section)
                    if (_HEADING.match(text) and len(text.split()) >= 2) or "forward-looking" in text.lower()
                    or chunk.page > flat[start][1].page),
                   len(section))
        section = section[:end]
        if not period.named_in(" ".join(t for t, _ in section)):
            continue
        rows = [(n, t, c) for n, (t, c) in enumerate(section) if _FIGURE.search(t) and len(t) < 160
                and re.match(r"[A-Za-z(]", t) and (not items or any(_covers(t, i) for i in items))]
        covered = {i for i in items if any(_covers(t, i) for _, t, _ in rows)}
        if not rows or covered != set(items):
            continue
        table_starts = next(n for n, (t, _) in enumerate(section) if _FIGURE.search(t) and re.match(r"[A-Za-z(]", t))
        columns = _columns(section, table_starts)
        if columns is None:
            continue  # rows without the column titles that say which period each figure is for
        return [columns] + [(t, c) for _, t, c in rows[:_MAX_ROWS]]
    return []


def _columns(section: list[tuple[str, Chunk]], first_row: int) -> tuple[str, Chunk] | None:
    """The table's column titles: the short lines without figures just above its first figure
    row ("Q2 FY24 / Guidance / Full Year FY24 / Guidance"), when they name a period."""
    titles: list[tuple[str, Chunk]] = []
    for text, chunk in reversed(section[:first_row]):
        if len(text) > 60 or text.endswith(".") or _FIGURE.search(text) or len(titles) >= 6:
            break
        titles.insert(0, (text, chunk))
    if any(_names_period(t) for t, _ in titles):
        return " | ".join(t for t, _ in titles), titles[0][1]
    # no titles of their own: the sentence that introduces the table names its period
    # ("eBay is providing the following guidance ... for Q2 2023.")
    return next(((t, c) for t, c in reversed(section[max(0, first_row - 3):first_row])
                 if _names_period(t) and not _FIGURE.search(t)), None)


def _names_a_year(text: str) -> bool:
    return bool(re.search(r"\b(?:19|20)\d\d\b|\bfy\s?'?\d{2}\b", text, re.I))


def _names_period(text: str) -> bool:
    return bool(_QUARTER_TEXT.search(text) or _FULL_YEAR_TEXT.search(text) or re.search(r"\b20\d\d\b|\bfy\s?\d{2}\b", text, re.I))


def _reasons(reading: list[tuple[Chunk, list[str]]], period: _Period) -> list[tuple[str, Chunk]]:
    """Why guidance changed: a guidance sentence that gives its reason ("Given our strong start ...")."""
    found = []
    for text, chunk in _sentences(reading):
        if len(text) > 600 or HEDGE.search(text) or not _STATES.search(text) or not _REASON.search(text) \
                or len(_FIGURE.findall(text)) > _MAX_FIGURES:
            continue
        if re.search(r"\b(?:rais|lower|increas|updat|now\s+expect)\w*", text, re.I) and period.named_in(text):
            found.append((text, chunk))
    return found[:2]


def _answer(found: list[tuple[str, Chunk]], ask: str, every_part: bool = False) -> WrittenAnswer:
    shown = " ".join(f'"{t}" ({c.doc} p.{c.page + 1})' for t, c in found)
    text, value, unit = shown, None, None
    if _BY_HOW_MUCH.search(ask):
        change = _change(found, ask)
        if change is not None:
            value, what = change
            unit = "percentage points"
            text = f"{value:g} percentage point{'' if abs(value) == 1 else 's'} ({what}). {shown}"
    citations = [cite_held(c, t) for t, c in found]
    return WrittenAnswer(status="answered", kind="passage", text=text, value=value, unit=unit,
                         flags=["guidance", EVERY_ITEM] if every_part else ["guidance"],
                         citations=unique_citations(citations))


def _change(found: list[tuple[str, Chunk]], ask: str) -> tuple[float, str] | None:
    """The change of one guided figure: the clause "N percent <item> (previously M percent)"
    whose item shares the most words with the question."""
    wanted = set(content_words(ask, [])) - _SCAFFOLD
    best: tuple[int, float, str] | None = None
    for text, _ in found:
        for m in _PREVIOUSLY.finditer(text):
            shared = sum(1 for w in wanted if _covers(m.group("what"), w))
            if shared and (best is None or shared > best[0]):
                new, old = float(m.group("new")), float(m.group("old"))
                best = (shared, round(new - old, 4), f"{m.group('old')}% previously, now {m.group('new')}%"
                                                      f" {m.group('what').strip()}")
    return (best[1], best[2]) if best else None


def _refuse(reason: str) -> WrittenAnswer:
    return WrittenAnswer(status="not_found", kind="passage", reason=reason,
                         text=f"Not found in the reports: {reason}; guidance is not read from the period's actual "
                              "figures.")
