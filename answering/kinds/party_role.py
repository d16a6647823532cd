"""Who acts in a named role under an agreement: the party a legal document names "X, as <role>".

Agreements, indentures and their 8-K summaries name each party with its role in one convention: "among
PepsiCo, as borrower, the lenders party thereto, and Citibank, N.A., as administrative agent", "The Bank of
New York Mellon Trust Company, N.A., as Trustee". A question that asks which bank, firm or institution acts
(or acted, serves, served) as a role is answered by the party so named; the name is the capitalised run
right before ", as <role>", ending in its legal form where it has one. Every such mention in the pages read
(and one more search of the asked company's filings) must name the same party: two parties in the role
(two agreements, two trustees) leave the reader nothing to pick, and the question is refused as before.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite, unique_citations
from answering.written_answer import WrittenAnswer
from finrag.models import SearchFilters, SearchHit

if TYPE_CHECKING:
    from retrieval.retriever import Retriever

# "Which bank acts as administrative agent under ...", "Who served as trustee for ...", "Which institution serves
# as trustee under the indenture ...": the role asked, up to the word that names what it is under
# ("Which institutions acted as Joint Lead Arrangers and Joint Bookrunners for ...": several parties in one role)
ASKS = re.compile(r"^\W*(?:(?:which|what)\s+(?P<kind>(?:bank|firm|institution|compan(?:y|ie)|entit(?:y|ie)|trust\s+company|"
                  r"part(?:y|ie)|lender)(?P<several>s)?)|who)\s+"
                  r"(?:acts|acted|act|serves|served|serve|is\s+acting|was\s+acting|are\s+acting|were\s+acting|is|was|are|"
                  r"were)\s+as\s+(?:the\s+)?"
                  r"(?P<role>[a-z][a-z -]{2,60}?)\s+(?:under|for|of|to|in|on)\b", re.I)
# a party's name right before ", as <role>": capitalised words (an "&", "of", "and" between them), a legal form
# after a comma ("Citibank, N.A.", "Goldman Sachs & Co. LLC")
_NAME = re.compile(r"(?P<name>(?:[A-Z][\w.&'’-]*[ \t\n]+(?:(?:of|and|&)[ \t\n]+)?){0,8}[A-Z][\w.&'’-]*"
                   r"(?:,[ \t\n]*(?:N\.A\.|National[ \t\n]+Association|Inc\.|LLC|LLP|L\.P\.|Ltd\.?|plc|AG|S\.A\.|"
                   r"N\.V\.))?),?[ \t\n]*$")
# a note between the name and its role: "U.S. Bank Trust Company, National Association (formerly, First Union National
# Bank), as trustee"
_ASIDE = re.compile(r"[ \t\n]*\([^()]{1,100}\)[ \t\n]*$")
_LOOK_BACK = 120  # characters before ", as <role>" that hold the party's name
_PROSE_WORDS = 4  # lower-case words of a sentence of prose, at least
_SENTENCE_SPAN = 300  # characters each side of the mention, at most, quoted as its sentence
_NOT_A_PARTY = re.compile(r"^(?:The\s+)?(?:Company|Borrower|Issuer|Agreement|Lenders?|Guarantors?)$", re.I)


def asks(question: str) -> bool:
    return ASKS.match(question) is not None or ASKS_LENDER.match(question) is not None


# "Which bank provides the $15 million revolving line of credit under its five-year credit agreement": the other side
# of the company's agreement, which a filing names "a five-year credit agreement with Wells Fargo Bank N.A. which
# provides a $15 million revolving line of credit"
ASKS_LENDER = re.compile(r"^\W*(?:which|what)\s+(?:bank|lender|financial\s+institution|institution)\s+(?:provides|provided|"
                         r"extends|extended|issued|issues|is\s+the\s+lender\s+(?:of|under|for))\s+(?P<thing>[^?]{5,200})", re.I)
# "agreement with <Name>", "facility with <Name>": the counterparty, a capitalised run ending its legal form
_WITH_PARTY = re.compile(r"\b(?<!swap\s)(?<!hedge\s)(?<!hedging\s)(?:agreements?|facilit(?:y|ies)|line\s+of\s+credit|loan)\s+with\s+"
                         r"(?P<name>[A-Z][\w.&'’-]*(?:\s+(?:(?:of|and|&)\s+)?[A-Z][\w.&'’-]*){0,5}"
                         r"(?:,?\s+(?:N\.\s?A\.|National\s+Association))?)")
_OWN_WORDS_STATED = 0.5  # a sentence naming the counterparty states half the asked thing's words at least


def _lender(question: str, hits: list[SearchHit], companies: list[str]) -> WrittenAnswer | None:
    """The one counterparty the sentences stating the asked facility name ("... agreement with <Name> ..."), or None."""
    m = ASKS_LENDER.match(question)
    if m is None:
        return None
    thing = {w for w in re.findall(r"[a-z]{4,}", m.group("thing").lower()) if w not in _SCAFFOLD}
    found: list[tuple[str, SearchHit, str]] = []
    for hit in hits:
        text = " ".join(hit.chunk.text.split())
        for said in _WITH_PARTY.finditer(text):
            sentence = _sentence_of(text, said.start(), said.end())
            words = set(re.findall(r"[a-z]{4,}", sentence.lower()))
            if thing and len(thing & words) / len(thing) >= _OWN_WORDS_STATED:
                name = said.group("name").strip().rstrip(",")
                if name.endswith(".") and not _ABBREVIATION.search(name.split()[-1]):
                    name = name[:-1]  # the sentence's full stop, not an "N.A." of the name
                found.append((name, hit, sentence))
    parties = {_key(_trimmed(name, companies)) for name, _, _ in found}
    if len(parties) != 1:
        return None
    name, hit, sentence = found[0]
    return WrittenAnswer(status="answered", kind="passage",
                         text=f'{name}\n\n"{sentence}" ({hit.chunk.doc} p.{hit.chunk.page + 1})',
                         citations=[cite(hit.chunk, sentence)])


# words of a question that say nothing of the facility itself
_SCAFFOLD = frozenset({"under", "according", "annual", "report", "data", "available", "return", "with", "from", "that",
                       "this", "their", "company", "holding", "holdings", "corporation"})


def names_the_role(question: str, answer: str) -> bool:
    """The answer already names a party in the asked role ("..., as trustee")."""
    m = ASKS.match(question)
    return m is not None and re.search(rf",?\s+as\s+(?:the\s+|its\s+)?{re.escape(m.group('role').strip())}\b", answer,
                                       re.I) is not None


def write(question: str, hits: list[SearchHit], companies: list[str], retriever: Retriever | None) -> WrittenAnswer | None:
    """The one party the pages name in the asked role, or None (none named, or two different parties)."""
    m = ASKS.match(question)
    if m is None:
        return _lender(question, hits, companies)
    role = m.group("role").strip()
    past = bool(re.search(r"\b(?:served|acted|was|were)\b", m.group(0), re.I))
    if m.group("several"):
        return _several(role, hits, companies)
    found = _named(role, hits, past, companies)
    if not found and retriever is not None and len(companies) == 1:
        hits = retriever.search(f"{companies[0]} {role}", k=8, mode="sparse", filters=SearchFilters(companies=companies))
        found = _named(role, hits, past, companies)
    if re.search(rf"\bsuccessor\s+{re.escape(role)}\b", " ".join(h.chunk.text for h in hits), re.I):
        return None  # "became the successor trustee": the role changed hands, and which party holds it now is not told
    # the sentence sharing most of the question's words is the evidence ("the 2023 364 Day Credit Agreement")
    asked = set(re.findall(r"[a-z0-9]+", question.lower()))
    found.sort(key=lambda f: (not _prose(f[1][1]), -len(asked & set(re.findall(r"[a-z0-9]+", f[1][1].lower())))))
    if len({_key(name) for name, _ in found}) > 1 and companies:
        # two parties in the role, one for each side ("X is serving as financial advisor to Acme ...; Y is serving as
        # financial advisor to Beta"): the one the role names the asked company right after ("advisor to Acme")
        found = [f for f in found if _for_company(f[1][1], role, companies)] or found
    # "President and Secretary U.S. BANK NATIONAL ASSOCIATION", a signature block's run: the party whose name ends it
    keys = {_key(name) for name, _ in found}
    found = [(name, at) for name, at in found if not any(k != _key(name) and _key(name).endswith(f" {k}") for k in keys)]
    parties = {_key(name) for name, _ in found}
    if len(parties) != 1:
        return None
    name, (hit, quote) = found[0][0], found[0][1]
    return WrittenAnswer(status="answered", kind="passage",
                         text=f'{name}\n\n"{quote}" ({hit.chunk.doc} p.{hit.chunk.page + 1})',
                         citations=unique_citations([cite(hit.chunk, quote)]))


# a party with its legal form, as an agreement's cover lists them ("CITIBANK, N.A.", "BOFA SECURITIES, INC.")
_FORMED = re.compile(r"(?P<name>[A-Z][\w.&'’-]*(?:[ \t\n]+(?:(?:of|OF|&)[ \t\n]+)?[A-Z][\w.&'’-]*){0,6}),[ \t\n]*"
                     r"(?P<form>(?i:N\.A\.|Inc\.|LLC|L\.L\.C\.|LLP|L\.P\.|Ltd\.|Limited|PLC|AG|S\.A\.|N\.V\.|"
                     r"National[ \t\n]+Association))")
# what may stand between two parties of one list: a comma, "and"
_BETWEEN = re.compile(r"^[ \t\n]*,?[ \t\n]*(?:and[ \t\n]+)?$", re.I)
# the role before the list: "..., as Syndication Agent," (the list starts after it)
_ROLE_BEFORE = re.compile(r",?[ \t\n]+as[ \t\n]+[A-Z][\w -]{2,60}?,[ \t\n]*", re.I)


def _several(role: str, hits: list[SearchHit], companies: list[str]) -> WrittenAnswer | None:
    """The parties an agreement lists in one role ("CITIBANK, N.A., JPMORGAN CHASE BANK, N.A. and BOFA SECURITIES,
    INC., as Joint Lead Arrangers and Joint Bookrunners"): each with its legal form, nothing else between them and
    after the role before them; the same list wherever the role is named, else None."""
    said = re.compile(r",?[ \t\n]+as[ \t\n]+(?:the[ \t\n]+)?" + r"[ \t\n]+".join(map(re.escape, role.split())) + r"\b", re.I)
    lists: dict[tuple[str, ...], tuple[SearchHit, str]] = {}
    for hit in hits:
        text = hit.chunk.text
        for m in said.finditer(text):
            window = text[max(0, m.start() - 3 * _LOOK_BACK): m.start()]
            previous = list(_ROLE_BEFORE.finditer(window))
            run = window[previous[-1].end():] if previous else window
            names = list(_FORMED.finditer(run))
            if not previous or len(names) < 2 or run[: names[0].start()].strip() \
                    or any(not _BETWEEN.match(run[a.end():b.start()]) for a, b in zip(names, names[1:], strict=False)) \
                    or not _BETWEEN.match(run[names[-1].end():]):
                continue  # not a list of formed names only, from the role before (where the list starts) to this one
            parties = tuple(" ".join(f"{n.group('name')}, {n.group('form')}".split()) for n in names)
            lists.setdefault(parties, (hit, " ".join(text[m.start() - len(run) : m.end()].split())))
    if len({tuple(_key(p) for p in parties) for parties in lists}) != 1:
        return None  # none, or two lists in the role (two agreements): nothing to pick
    parties, (hit, quote) = next(iter(lists.items()))
    return WrittenAnswer(status="answered", kind="passage",
                         text=f'{"; ".join(parties)}\n\n"{quote}" ({hit.chunk.doc} p.{hit.chunk.page + 1})',
                         citations=unique_citations([cite(hit.chunk, quote)]))


def _for_company(quote: str, role: str, companies: list[str]) -> bool:
    """The quote names one of the asked companies right after the role, as the party it acts for ("financial
    advisor to Acme", "administrative agent for the lenders of Acme" is not)."""
    words = [w for c in companies for w in c.split() if w.lower() not in ("the", "a", "an")][:1]
    said = r"\s+".join(map(re.escape, role.split()))
    return any(re.search(rf"\b{said}\s+(?:to|for)\s+(?:the\s+)?{re.escape(w)}\b", quote, re.I) for w in words)


def _named(role: str, hits: list[SearchHit], past: bool = True,
           companies: list[str] = ()) -> list[tuple[str, tuple[SearchHit, str]]]:
    """Each (party, (hit, quote)) the hits name in the role: "X, as <role>", "X is serving as <role>", and, asked of
    the past (`past`), "X served as <role>" (a former holder answers no question about who serves now)."""
    verbs = r"serves|acts|served|acted" if past else r"serves|acts"
    said = re.compile(rf"(?:,?[ \t\n]+|[ \t\n]+(?:is|was|are|were)[ \t\n]+(?:serving|acting)[ \t\n]+|[ \t\n]+(?:{verbs})"
                      r"[ \t\n]+)as[ \t\n]+(?:the[ \t\n]+|its[ \t\n]+)?"
                      + r"[ \t\n]+".join(map(re.escape, role.split())) + r"\b", re.I)
    out = []
    for hit in hits:
        text = hit.chunk.text
        for m in said.finditer(text):
            before_role = text[max(0, m.start() - _LOOK_BACK - 100): m.start()]
            aside = _ASIDE.search(before_role)
            window = (before_role[: aside.start()] if aside else before_role)[-_LOOK_BACK:]
            before = _NAME.search(window)
            if before is None or window[: before.start()].rstrip().endswith(","):
                continue  # (a name a comma cuts: "Skadden, Arps, Slate, Meagher & Flom LLP" read from "Meagher")
            name = _trimmed(before.group("name"), companies)
            if aside and (short := _DEFINED_AS.match(aside.group(0).strip())):
                name = _from_its_short_name(name, short.group(1))
            if _NOT_A_PARTY.match(name) or len(name) < 3:
                continue
            out.append((name, (hit, _sentence_of(text, m.start(), m.end()))))
    return out


# the short name an aside defines: ("Quadravest"), (the "Trustee")
_DEFINED_AS = re.compile(r"^\(\s*(?:the\s+)?[“\"]([^”\"]{2,60})[”\"]\s*\)$")


def _from_its_short_name(name: str, short: str) -> str:
    """The name from the word its defined short name starts with: "Related Party Transactions Quadravest Capital
    Management Inc." defined as ("Quadravest") is "Quadravest Capital Management Inc." (a heading ran into it); the
    name as read when no word of it starts the short name."""
    if len(short.split()) != 1 or short.lower() in _GENERIC_SHORT:
        return name  # ("the "Bank"", ""Union Bank"": a word of the name itself, which marks no start)
    first = short.lower()
    words = name.split(" ")
    at = next((i for i, w in enumerate(words) if w.lower().strip(",.") == first), None)
    return " ".join(words[at:]) if at else name


_GENERIC_SHORT = frozenset({"bank", "trustee", "agent", "company", "lender", "lenders", "borrower", "issuer", "trust",
                            "union", "national", "association", "fund", "manager", "advisor", "adviser", "parent",
                            "buyer", "seller", "purchaser", "guarantor", "corporation", "partnership", "administrator"})


def _prose(quote: str) -> bool:
    """A sentence of prose, not an agreement's cover block ("CITIBANK, N.A., as Administrative Agent"), which is a
    heading that states nothing (it still counts as a mention of the party in the role)."""
    return len(re.findall(r"\b[a-z]{4,}\b", quote)) >= _PROSE_WORDS


def _sentence_of(text: str, start: int, end: int) -> str:
    """The sentence around text[start:end]: from the last full stop before it to the next one after it."""
    opened = -1
    for stop in re.finditer(r"\.(?=\s)", text[max(0, start - _SENTENCE_SPAN): start]):
        at = max(0, start - _SENTENCE_SPAN) + stop.start()
        if not _ABBREVIATION.search(text[:at + 1].split()[-1]):  # ("U.S. Bank Trust Company": no sentence end)
            opened = at
    if opened < start - _SENTENCE_SPAN:  # no full stop near: from a word's start within the span
        # (any white space: a text layer may break every word onto a line of its own)
        space = re.search(r"\s", text[max(0, start - _SENTENCE_SPAN): start])
        opened = max(0, start - _SENTENCE_SPAN) + space.start() if space else -1
    closed = min(end + _SENTENCE_SPAN, len(text))
    for stop in re.finditer(r"\.(?=\s)", text[end: closed]):
        word = text[:end + stop.end()].split()[-1]
        if not _ABBREVIATION.search(word):  # ("Scudder Law Firm, P.C., L.L.O. is acting as ...": no sentence end)
            closed = end + stop.start()
            break
    return " ".join(text[max(0, opened + 1): closed + 1].split()).strip()


def _trimmed(run: str, companies: list[str] = ()) -> str:
    """The party's name out of the capitalised run before its role: not the sentence it follows ("... for Patriot.
    Stephens Inc.")."""
    words = run.split(" ")
    ends = [i for i, w in enumerate(words[:-1]) if w.rstrip().endswith(".") and not _ABBREVIATION.search(w.rstrip())]
    if ends:
        run = " ".join(words[ends[-1] + 1:])
    run = " ".join(run.split()).rstrip(",")  # (a name wraps across lines: "Morgan\nStanley Senior Funding, Inc.")
    # "between the Company and U.S. Bank Trust Company": the other side of the agreement, joined by "and", is the party
    # (or the asked company, by a word of its name: "between Acme Corp. and Wells Fargo Bank")
    first, joined, rest = run.partition(" and ")
    own = {w.lower().strip(",.") for c in companies for w in c.split() if len(w) > 2}
    return rest if joined and (_NOT_A_PARTY.match(first) or (first.split()[0].lower().strip(",.") in own)) else run


# a word's own full stop: an abbreviation or a legal form, not a sentence's end
_ABBREVIATION = re.compile(r"(?:^|\b)(?:Inc|Co|Corp|Ltd|Jr|Sr|St|Mr|Ms|Dr|[A-Z])\.$|\.[A-Z]\.$|^[A-Z]\.[A-Z]\.?$")


def _key(name: str) -> str:
    """One party however it is cased or punctuated ("CITIBANK, N.A." and "Citibank, N.A.")."""
    return re.sub(r"[^a-z0-9]+", " ", name.lower()).strip()
