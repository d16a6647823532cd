"""What a company acquired: only sentences that name an acquired business answer it.

"What are the major acquisitions that X has done in FY2022?" shares its words with risk factors
("the companies we acquire ... may lack controls") and expense lines ("acquisition related and
other expenses included ..."), which name no business bought. A sentence answers when it names
one: "we acquired Cerner", "completed the acquisition of Mandiant", "our recent acquisitions,
including Cerner" (a capitalised name after the acquiring words). The other sentences are left
out; none left, the question is refused.

Filings often state each deal in a sentence of its own ("In the first quarter of fiscal 2021, we
completed the acquisition of Workfront ... for approximately $1.52 billion"; "... of Frame.io ... for
approximately $1.18 billion"): with no sentence that lists them, each such sentence about the asked
year is one item, one per business, each with its amount when the question asks what was paid.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite, unique_citations
from answering.kinds.sentences import Sentence
from answering.written_answer import WrittenAnswer
from finrag.models import SearchFilters
from loaders.dates import MONTH_NAMES

if TYPE_CHECKING:
    from answering.metric_answer import MetricServices
    from finrag.models import SearchHit
    from retrieval.query_understanding import QueryUnderstanding

ASKS_ACQUISITIONS = re.compile(r"\bacquisitions\b|\bacquired\b|\bacquire\b", re.I)
# "Which providers does Oracle name as competitors following its acquisition of Cerner?": a deal that dates the ask,
# not what it asks for
_AFTER_A_DEAL = re.compile(r"\b(?:following|after|since|upon)\s+(?:its|the|their|our)\s+"
                           r"(?:\w+\s+)?acquisitions?\s+of\s+[^,?]+", re.I)


def with_deal_pages(hits: list[SearchHit], understanding: QueryUnderstanding, services: MetricServices) -> list[SearchHit]:
    """The hits and one sparse search of the asked company's filings in the words filings state deals in (any
    filing of the company: a later report's note dates the asked year's deals, "2020 Acquisitions")."""
    retriever = getattr(services, "retriever", None)
    if retriever is None or len(understanding.companies) != 1:
        return hits
    company, years = understanding.companies[0], list(understanding.fiscal_years)
    more = retriever.search(f"{company} completed acquisitions acquired {' '.join(map(str, years))}",
                            filters=SearchFilters(companies=[company]), k=8, mode="sparse")
    have = {h.chunk.chunk_id for h in hits}
    return [*hits, *(h for h in more if h.chunk.chunk_id not in have)]


def undated(ask: str) -> str:
    """The ask without a deal that only dates it ("..., following its acquisition of Cerner")."""
    return re.sub(r"\s+", " ", _AFTER_A_DEAL.sub(" ", ask)).strip()
# the acquiring words, then within a few words a capitalised name (not a month or "Company")
_NAMES_ACQUIRED = re.compile(
    r"\b(?:acquired|acquire|acquiring|(?:acquisitions?|purchases?)\s+of|acquisitions?,?\s+(?:including|such\s+as|of))"
    r"\s+(?:(?:all|substantially|of|the|a|an|its|our|outstanding|remaining|shares|stock|equity|interests?|in|\d+%|"
    r"assets|net|operating)\s+){0,7}"
    rf"(?!(?:{MONTH_NAMES}|Company|Corporation)\b)"
    r"[A-Z][\w&.'’-]+")


def names_acquired(text: str) -> bool:
    return _NAMES_ACQUIRED.search(text) is not None


def named_only(written: WrittenAnswer | None) -> WrittenAnswer | None:
    """The answer's quotes that name an acquired business; None when none does."""
    if written is None or written.status != "answered" or "dash_listed" in written.flags:
        return written  # (items listed after "acquisitions —" are the businesses acquired)
    kept = [c for c in written.citations if names_acquired(c.quote)]
    if not kept:
        return None
    if len(kept) == len(written.citations):
        return written
    text = " ".join(f'"{c.quote}" ({c.doc} p.{c.page + 1})' for c in kept)
    return written.model_copy(update={"text": text, "citations": kept})


_ASKS_PRICE = re.compile(r"\bhow\s+much\b|\bpa(?:y|id)\b|\bprice\b|\bconsideration\b|\bcost\b", re.I)
_AMOUNT = re.compile(r"[$€£¥]\s?\d")
_MAX_DEALS = 5


def _acquired_name(text: str) -> str | None:
    m = _NAMES_ACQUIRED.search(text)
    return m.group(0).split()[-1].rstrip(".,;") if m else None


# a deal done, said as such ("we completed the acquisition of", "we acquired", "On ..., Pfizer acquired"):
# not how acquisitions are accounted for ("We account for acquired businesses ... acquired IPR&D")
_DEAL_DONE = re.compile(r"\b(?:completed|closed|consummated)\s+(?:the\s+|our\s+|its\s+)?(?:acquisition|purchase)s?\s+of\b|"
                        r"\b(?:we|the\s+company|[A-Z][\w&.'’-]+)\s+(?:acquired|purchased)\s+(?:\d+%\s+|substantially\s+)?(?:all\s+)?"
                        r"(?:of\s+)?(?:the\s+)?(?:outstanding\s+)?(?:(?:shares|stock|assets|net\s+assets|equity\s+interests?)\s+of\s+)?"
                        r"[A-Z]")
def _dated_in(text: str, years: list[int]) -> bool:
    """Whether a sentence dates its deal by a day or month of an asked year ("On March 23, 2020, we acquired"): the
    date opens the clause whose verb is the deal's (not "... acquired in January 2025, announced in October 2024")."""
    return any(re.search(rf"\b(?:On|In|During)\s+(?:{MONTH_NAMES})\.?\s+(?:\d{{1,2}},?\s+)?{y},?\s+"
                         rf"(?:[\w&.'’-]+\s+){{1,4}}?(?:acquired|completed|closed|purchased)\b", text) for y in years)


# an accounting term, not a business ("acquired IPR&D", "acquired PP&E")
_TERM = re.compile(r"&|^[A-Z]{2,}$")


def each_deal(question: str, found: list[Sentence], years: list[int]) -> WrittenAnswer | None:
    """One sentence per business acquired, from `found` (the sentences that state the question's topic,
    best first): each names the business, is about the asked year (says it: "fiscal 2021", "December
    2020" in the filing of that year), and states the amount when the question asks what was paid;
    the best sentence for each business. None when none qualifies."""
    price = bool(_ASKS_PRICE.search(question))
    picked: dict[str, Sentence] = {}
    for s in found:
        name = _acquired_name(s.text)
        if name is None or name in picked or _TERM.search(name) or not _DEAL_DONE.search(s.text) \
                or (price and not _AMOUNT.search(s.text)):
            continue
        if years and not (any(str(y) in s.text for y in years) and s.chunk.fiscal_year in years) \
                and not _dated_in(s.text, years):
            # another year's deal, or a sentence that does not date it (a later filing's "On March 23, 2020, we
            # acquired ..." dates it by the day)
            continue
        picked[name] = s
        if len(picked) == _MAX_DEALS:
            break
    if not picked:
        return None
    said = list(picked.values())
    return WrittenAnswer(status="answered", kind="list", text=" ".join(s.shown() for s in said),
                         citations=unique_citations([cite(s.chunk, s.text) for s in said]), flags=["each_deal"])


# a name's legal form, split off it by the comma before it ("John's Ind., Inc.")
_FORM = re.compile(r"^(?:Inc|LLC|Ltd|Limited|Corp|Co|L\.P|plc|S\.A|N\.V|AG|GmbH)\.?$")
_MIN_LISTED = 2


def listed_names(quote: str, years: list[int] | None = None) -> list[str] | None:
    """The businesses one sentence says were acquired, in its order ("acquired substantially all the assets of
    John's Ind., Inc. ("John's"), Southern Kentucky Classics ("SKC"), and Vesta Motorsports USA, Inc., doing
    business as RaceQuip"): each capitalised item after the acquiring words, its legal form kept, its short name
    and trade name left out; None when the sentence names fewer than two."""
    m = _NAMES_ACQUIRED.search(quote)
    if m is None or (years and not any(str(y) in quote for y in years)):
        return None  # (a list of another year's deals answers no question about this one's)
    rest = re.sub(r"\s*\([^()]*\)", "", quote[m.end() - len(m.group(0).split()[-1]):])
    # (up to what follows the names: "for $1.2 billion", "in separate transactions", "during the second quarter")
    rest = re.split(r"(?<!\bInc)(?<!\bCorp)(?<!\bLtd)(?<!\bCo)[.;:](?:\s|$)|\s+(?:for|from|in|during|through|under|"
                    r"with|on|at)\s+(?=[a-z$\d])", rest)[0]
    items: list[str] = []
    pieces = [p.strip() for p in re.split(r",\s*(?:and\s+)?|\s+and\s+", rest)]
    if any(re.search(r"\d", p) or (p[:1].islower() and not re.match(r"(?:doing\s+business|d\.b\.a)", p)) for p in pieces
           if p):
        return None  # ("headquartered in Austin, Texas", "on March 1, 2022"): a clause among the names, no plain list
    for piece in pieces:
        if _FORM.match(piece) and items:
            items[-1] = f"{items[-1]}, {piece if piece.endswith('.') or not _needs_stop(piece) else piece + '.'}"
        elif piece[:1].isupper():
            items.append(piece)
    return items if len(items) >= _MIN_LISTED else None


def deal_names(quotes: list[str], years: list[int] | None = None) -> list[str] | None:
    """The business each quote says was acquired, one per quote, in order ("On March 23, 2020, we acquired all
    of the outstanding shares of Pioneer Foods, a food and beverage company ..." -> "Pioneer Foods"); None unless
    every quote states a deal done in an asked year and names one business, and there are two at least."""
    names: list[str] = []
    for quote in quotes:
        deal = _DEAL_DONE.search(quote)
        # the asked year dates the deal itself: before the acquiring words or in their clause ("On March 23, 2020,
        # we acquired ...", "... acquired X in 2020"), not a later clause on the year's revenue
        if deal is None:
            return None
        dated = quote[: deal.end()] + re.split(r",|;|\bwhich\b", quote[deal.end(): deal.end() + _DATED_AFTER])[0]
        if years and not any(str(y) in dated for y in years):
            return None
        found = {_name_at(quote, m) for m in _NAMES_ACQUIRED.finditer(quote)} - {None}
        if len(found) != 1:
            return None  # no name read, or two deals in one quote: not one a quote
        name = found.pop()
        if _TERM.search(name) and re.fullmatch(r"[A-Z&.\d-]+", name):
            return None  # an accounting term ("IPR&D", "PP&E"), no business
        names.append(name)
    names = list(dict.fromkeys(names))
    return names if _MIN_LISTED <= len(names) <= _MAX_DEALS else None


def _name_at(quote: str, m: re.Match) -> str | None:
    """The business named where the acquiring words end: its capitalised run, without a possessive or a sentence's
    full stop ("Cerner’s" is Cerner; "Rockstar." is Rockstar)."""
    run = _NAME_RUN.match(quote, m.end() - len(m.group(0).split()[-1]))
    if run is None:
        return None
    name = re.sub(r"['’]s$", "", run.group(0).rstrip(" ,"))
    return name if _NAME_SUFFIX_STOP.search(name) else name.rstrip(".")


_DATED_AFTER = 60  # characters after the acquiring words that may still date the deal
# a legal form's own full stop ("Inc.", "Co."), which a name keeps
_NAME_SUFFIX_STOP = re.compile(r"\b(?:Inc|Corp|Co|Ltd|L\.P|N\.V|S\.A)\.$")


# a business's name: capitalised words ("&", "of", "and" between them), its legal form after a comma; not a
# date or a sentence's next opening ("Rockstar Energy Beverages On April 24")
# (a word's inner dots stay, "Frame.io"; one ending it ends the sentence unless it closes an abbreviation: "Co.")
_WORD = r"[A-Z](?:[\w&'’-]|\.(?=\w))*(?:(?<=\bCo)\.|(?<=\bInc)\.)?"
_NAME_RUN = re.compile(rf"(?:(?!(?:{MONTH_NAMES}|On|In|During|For|The)\b){_WORD}"
                       r"(?:\s+(?:&\s+|of\s+|and\s+)?(?!(?:On|In|During|For|The)\b)"
                       rf"(?!(?:{MONTH_NAMES})\b){_WORD})*)(?:,\s+(?:Inc|LLC|Ltd|Limited|Corp|plc|S\.A|N\.V|AG)\.?)?")


def _needs_stop(form: str) -> bool:
    return form in ("Inc", "Ltd", "Corp", "Co")
