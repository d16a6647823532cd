"""list: the securities registered under Section 12(b), read from the cover page's table.

Every SEC registrant's 10-K, 10-Q and 8-K cover prints the same table: "Securities
registered pursuant to Section 12(b) of the Act:", then one row per class (title of the
class, trading symbol, name of the exchange), then the Section 12(g) line. The rows wrap
and run together in PDF text, but each one ends in the name of an exchange, and US
exchanges are few: a row is the text up to and including the next exchange name. That is
the whole answer; a sentence elsewhere that mentions registered securities (an exhibit's
description, Section 16 compliance) is not, so a question about them with no table read
is refused rather than answered from such sentences.

A question that asks for the exchanges ("Which exchanges are the securities of X listed on?") is
answered by the exchanges' names, each once, as the table prints them ("New York Stock Exchange;
The NASDAQ Global Select Market"), the rows after them as the evidence.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.aspects import split_sentences
from answering.citations import cite, unique_citations
from answering.written_answer import NOT_FOUND, WrittenAnswer
from finrag.models import Chunk, SearchHit

if TYPE_CHECKING:
    from retrieval.retriever import Retriever

ASKS_REGISTERED = re.compile(r"\bregistered\b.*\b(?:exchange|section\s+12)|\bsection\s+12\(b\)"
                             r"|\b(?:listed|trade[sd]?)\s+on\b.*\bexchanges?\b"
                             r"|\bexchanges?\b.*\b(?:listed|trade[sd]?)\s+on\b"
                             r"|\bon\s+(?:which|what)\s+(?:stock\s+)?exchanges?\b.*\b(?:listed|trade[sd]?)\b", re.I)
# the exchanges alone are asked, the question's wh-word is theirs: "Which exchanges ...", "On which stock
# exchange ...", "What are the names of the exchanges ..." (not "Which securities ..., and on which exchanges?")
_ASKS_EXCHANGES = re.compile(r"^\W*(?:on\s+)?(?:which|what)\s+(?:(?:are|were)\s+the\s+(?:names\s+of\s+the\s+)?)?"
                             r"(?:stock\s+|securities\s+)?exchanges?\b", re.I)
_ASKS_DEBT = re.compile(r"\bdebt\b|\bnotes\b|\bbonds\b|\bdebentures\b", re.I)
_DEBT_ROW = re.compile(r"\bnotes?\b|\bdebentures?\b|\bbonds?\b", re.I)

# "of the Act:", "of the Exchange Act:", "of the Securities Exchange Act of 1934:"
_THE_ACT = r"of\s+the\s+(?:act|(?:securities\s+)?exchange\s+act(?:\s+of\s+1934)?)\s*:?"
_CAPTION = re.compile(rf"section\s+12\s*\(\s*b\s*\)\s+{_THE_ACT}", re.I)
_END = re.compile(r"section\s+12\s*\(\s*g\s*\)|indicate\s+by\s+check\s+mark", re.I)
_TWELVE_G_NONE = re.compile(rf"section\s+12\s*\(\s*g\s*\)\s+{_THE_ACT}\s*none", re.I)
_HEADER = re.compile(r"title\s+of\s+(?:each|the)\s+class|trading\s+symbols?(?:\(s\))?"
                     r"|name\s+of\s+each\s+exchange\s+on\s+which\s+registered", re.I)
# The US national securities exchanges (and the two foreign ones US covers name most),
# longest wordings first so "NYSE American LLC" is not read as "NYSE".
_EXCHANGE = re.compile(
    r"(?:the\s+)?new\s+york\s+stock\s+exchange(?:\s+llc)?"
    r"|nyse\s+(?:american|arca|chicago|texas|mkt)(?:\s+llc)?|\bnyse\b(?!\s+(?:american|arca|chicago|texas|mkt))"
    r"|(?:the\s+)?nasdaq(?:\s+(?:stock|global\s+select|global|capital))?(?:\s+market)?(?:\s+llc)?"
    r"(?:\s*\((?:nasdaq\s+)?(?:global\s+select|global|capital)\s+market\))?"
    r"|(?:the\s+)?(?:chicago|boston|philadelphia|london|pacific)\s+(?:stock\s+)?exchange(?:,?\s+inc\.?|\s+llc)?"
    r"|cboe\s+[\w ]{0,20}?exchange(?:,?\s+inc\.?)?|investors\s+exchange(?:\s+llc)?",
    re.I)
_MAX_ROW_WORDS = 40  # a row longer than this is prose, not a table row
_COVER_PAGES = 3
_WRAPPED_COVER_PAGES = 12


def answer(ask: str, hits: list[SearchHit], companies: list[str], retriever: Retriever | None) -> WrittenAnswer:
    """The rows of the asked company's cover table; `not_found` with the reason when none is read."""
    debt_only = bool(_ASKS_DEBT.search(ask))
    for doc in _filings(hits, companies):
        cover = _cover_chunks(doc, hits, retriever)
        rows, none_under_g = _rows(cover)
        if debt_only and rows and not any(_DEBT_ROW.search(row) for row in rows):
            # the cover's table read whole, and no class of it is debt: none is registered
            first = next(iter(rows.values()))
            return WrittenAnswer(status="answered", kind="list",
                                 text=f"None: the Section 12(b) table of the cover ({doc} p.{first.page + 1}) lists no "
                                      "debt securities, only: " + "; ".join(rows) + ".",
                                 citations=unique_citations([cite(chunk, row) for row, chunk in rows.items()]))
        if debt_only:
            rows = {row: chunk for row, chunk in rows.items() if _DEBT_ROW.search(row)}
        if not rows:
            continue
        first = next(iter(rows.values()))
        text = (f"Registered under Section 12(b) ({doc} p.{first.page + 1}): "
                + "; ".join(rows) + "." + (" Under Section 12(g): none." if none_under_g else ""))
        if _ASKS_EXCHANGES.search(ask):
            text = "; ".join(exchanges(rows)) + "\n\n" + text
        return WrittenAnswer(status="answered", kind="list", text=text,
                             citations=unique_citations([cite(chunk, row) for row, chunk in rows.items()]))
    what = "debt securities" if debt_only else "securities"
    reason = f"no cover-page table of {what} registered under Section 12(b) was read in the asked company's filings"
    return WrittenAnswer(status="not_found", kind="list", reason=reason, text=f"{NOT_FOUND.capitalize()}: {reason}.")


# a filing's own word on where its shares are listed: "Our ADSs have been listed on The NASDAQ Stock Market
# since 1996", "Our ordinary shares have been listed on the Tel-Aviv Stock Exchange, or TASE, since 1991"
_SECURITY = r"(?:shares|ADSs|ADRs|American\s+Depositary\s+(?:Shares|Receipts)|stock|securities|units)"
_LISTED = re.compile(rf"\b{_SECURITY}\b[^.;]{{0,120}}?\b(?:are|is|were|was|have\s+been|has\s+been)\s+(?:(?:also|primarily|"
                     r"currently)\s+)?(?:listed|traded|quoted)\s+(?:for\s+trading\s+)?on\s+", re.I)
# (an exchange named in capitals, "the Tel-Aviv Stock Exchange", not "a stock exchange"; or one of the US ones)
_NAMED_EXCHANGE = re.compile(r"(?:[Tt]he\s+)?(?:[A-Z][\w-]*[ \t]+){1,3}?(?:Stock\s+Exchange|Stock\s+Market|Securities\s+"
                             r"Exchange)\b|(?i:" + _EXCHANGE.pattern.replace("(?:the\\s+)?", "") + ")")
# a listing stated as a condition, a risk or a negation is no listing
_NOT_LISTED = re.compile(r"\b(?:not|no\s+longer|never|if|unless|provided|subject|whether|may|might|could|would|should|"
                         r"delist\w*|suspend\w*|cease\w*)\b"
                         r"|n['’]t\b", re.I)
_SAME_EXCHANGE = [(re.compile(r"\bnasdaq\b", re.I), "nasdaq"),
                  (re.compile(r"\bnyse\b|\bnew\s+york\s+stock\s+exchange\b", re.I), "nyse")]


def asks_exchanges(question: str) -> bool:
    """Whether the question asks on which exchanges the company's securities are listed."""
    return any(_ASKS_EXCHANGES.search(part) for part in re.split(r"(?<=[.?!])\s+", question.strip())) \
        and bool(ASKS_REGISTERED.search(question))


def stated_listings(question: str, hits: list[SearchHit], companies: list[str],
                    retriever: Retriever | None) -> WrittenAnswer | None:
    """The exchanges the asked company's filing says its securities are listed on, with the cover
    table's (a foreign issuer's cover names only its US exchange, its prose the home one too), each
    once; None when no sentence states a listing."""
    if not asks_exchanges(question) or len(companies) != 1:
        return None
    docs = _filings(hits, companies)[:1]
    if not docs:
        return None
    doc = docs[0]
    chunks = (retriever.filing(doc).chunks if retriever is not None else []) \
        or sorted({h.chunk.chunk_id: h.chunk for h in hits if h.chunk.doc == doc}.values(), key=lambda c: c.index)
    found: dict[str, tuple[str, Chunk, str]] = {}
    for chunk in chunks:
        for sentence in split_sentences(chunk.text):
            for m in _LISTED.finditer(sentence):
                if _NOT_LISTED.search(sentence[:m.end()]):
                    continue
                # the exchanges the verb governs: "on the Tel-Aviv Stock Exchange and ... on The NASDAQ Stock Market"
                for named in _NAMED_EXCHANGE.finditer(sentence, m.end(), min(len(sentence), m.end() + 60)):
                    if named.start() - m.end() > 4:
                        break
                    name = " ".join(named.group().split())
                    found.setdefault(_listing_key(name), (name, chunk, sentence))
    if not found:
        return None
    rows, _ = _rows([c for c in chunks if c.page < _COVER_PAGES])
    for row, chunk in rows.items():
        for name in exchanges([row]):
            found.setdefault(_listing_key(name), (name, chunk, row))
    names = [re.sub(r"^[Tt]he\s+", "", name) for name, _, _ in found.values()]
    quoted = list({(c.chunk_id, q): (c, q) for _, c, q in found.values()}.values())
    return WrittenAnswer(status="answered", kind="list",
                         text="; ".join(names) + "\n\n" + " ".join(f'"{q}" ({c.doc} p.{c.page + 1})' for c, q in quoted),
                         citations=unique_citations([cite(c, q) for c, q in quoted]))


def _listing_key(name: str) -> str:
    for pattern, key in _SAME_EXCHANGE:
        if pattern.search(name):
            return key
    return _exchange_key(name.replace("-", " "))


def exchanges(rows: dict[str, Chunk] | list[str]) -> list[str]:
    """The exchanges the rows end in, each once (its wording as first printed), in the table's order."""
    found: dict[str, str] = {}
    for row in rows:
        named = list(_EXCHANGE.finditer(row))
        if named:
            name = " ".join(named[-1].group().split())
            found.setdefault(_exchange_key(name), name)
    return list(found.values())


def _exchange_key(name: str) -> str:
    """One exchange however a row words it: "The NASDAQ Global Select Market" and "Nasdaq Global Select Market"."""
    words = name.casefold().split()
    return " ".join(words[1:] if words[:1] == ["the"] else words).removesuffix(" llc")


def _filings(hits: list[SearchHit], companies: list[str]) -> list[str]:
    """The asked company's filings among the hits, best-ranked first."""
    wanted = {c.casefold() for c in companies}
    docs: list[str] = []
    for hit in hits:
        if (not wanted or (hit.chunk.company or "").casefold() in wanted) and hit.chunk.doc not in docs:
            docs.append(hit.chunk.doc)
    return docs[:2]


def _cover_chunks(doc: str, hits: list[SearchHit], retriever: Retriever | None) -> list[Chunk]:
    """The filing's first pages in reading order (the whole filing from the store when it can
    be read, else the hits that are on those pages)."""
    chunks = retriever.filing(doc).chunks if retriever is not None else []
    if not chunks:
        chunks = sorted({h.chunk.chunk_id: h.chunk for h in hits if h.chunk.doc == doc}.values(),
                        key=lambda c: c.index)
    # an annual report wraps its 10-K in pages of its own (a letter, highlights): the cover is then
    # the page that prints the table's caption, a few pages in
    wrapped = next((c.page for c in chunks if _COVER_PAGES <= c.page < _WRAPPED_COVER_PAGES and _CAPTION.search(c.text)),
                   None)
    return [c for c in chunks if c.page < _COVER_PAGES or (wrapped is not None and wrapped <= c.page <= wrapped + 1)]


def _rows(cover: list[Chunk]) -> tuple[dict[str, Chunk], bool]:
    """Each table row (collapsed text, as printed) with the chunk it is quoted from, and
    whether the cover says no class is registered under Section 12(g). Chunks overlap, so a
    row read again, or a row's tail opening the next chunk, is not a new row."""
    rows: dict[str, Chunk] = {}
    none_under_g = False
    inside = False
    for chunk in cover:
        text = chunk.text
        none_under_g |= bool(_TWELVE_G_NONE.search(text))
        caption = _CAPTION.search(text)
        if caption:
            start, inside = caption.end(), True
        elif inside:
            start = 0
        else:
            continue
        end = _END.search(text, start)
        region = text[start:end.start() if end else len(text)]
        offset = start
        for exchange in _EXCHANGE.finditer(region):
            row = " ".join(_HEADER.sub(" ", region[offset - start:exchange.end()]).split()).strip(" ,;")
            offset = start + exchange.end()
            if not row or len(row.split()) > _MAX_ROW_WORDS or row == " ".join(exchange.group().split()):
                continue
            if not any(seen.endswith(row) for seen in rows):
                rows[row] = chunk
        if end:
            inside = False
    return rows, none_under_g
