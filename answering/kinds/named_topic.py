"""A yes or no about a named thing is decided by a sentence that names it.

"Are the operating results of the Converse brand reported within the NIKE Brand geographic segments?" answered
Yes from "Each NIKE Brand geographic segment operates predominantly in one industry", or "Did PepsiCo complete the
sale of its Tropicana brands to PAI Partners?" answered Yes from an auditor's sentence on sales incentives: the
quotes share the question's common words and decide nothing about the thing it names. A question that names
things by proper names (capitalised runs that are not the filer's own name nor words every filing capitalises)
is answered only when a deciding quote's passage (the cited chunk, where "the acquisition" and "Parent" are named)
names at least one of them whole, or by its initials; else the answer is refused saying so.
"""

from __future__ import annotations

import re

from answering.shape_record import evidence_form
from answering.written_answer import WrittenAnswer
from finrag.models import SearchHit
from finrag.vocabulary import tokenize

FLAG = "topic_unnamed"

# a run of capitalised words ("PAI Partners", "Converse", "KPMG"), "&" and "of" inside a name kept
_RUN = re.compile(r"(?<![\w'’-])[A-Z][\w&'’.-]*(?:\s+(?:of\s+|&\s+)?[A-Z][\w&'’.-]*)*")
# a deal asked of: what its sentences name by a defined term or a heading
_A_DEAL = re.compile(r"\b(?:acqui\w+|merg\w+|divest\w*|transaction|sale\s+of|sold|spin-?off)\b", re.I)
# a deal a sentence names by its defined term: "the acquisition", "the Merger", "the transaction"
_DEAL_NAMED = re.compile(r"\bthe\s+(?:[A-Z][\w-]*\s+)?(?:acquisition|merger|transaction|divestiture|disposal|sale|"
                         r"spin-?off|separation)\b", re.I)
_BEFORE = 300  # characters before a quote that its words may refer back to (about two sentences)
_PERIOD = re.compile(r"(?:fy|q[1-4]|h[12])?\d*")
_QUOTED = re.compile(r'"([^"]{12,})"|“([^”]{12,})”')
# words that filings and questions capitalise without naming anyone: roles, documents, periods, the answer's format
_COMMON = frozenset(tokenize(
    "the a an if is are was were did does do has have had will can could would should in on at of for to by with "
    "and or its their our we it this that these those which what who when where why how whether "
    "false true yes no n/a return mention data available answer "
    "company companies corporation corp inc ltd limited llc plc group holdings co incorporated "
    "board directors director committee audit chief executive financial operating officer president chairman "
    "ceo cfo coo vice senior general counsel secretary treasurer "
    "annual report form item part note notes statement statements consolidated fiscal year quarter "
    "first second third fourth q1 q2 q3 q4 fy gaap non-gaap u.s us usa united states "
    "brand brands segment segments business division utility subsidiary parent "
    "holding holdings communications transportation technologies technology systems industries international global "
    "services solutions enterprises partners group resources energy financial "
    "january february march april may june july august september october november december"))


def _names(question: str, companies: list[str]) -> list[tuple[str, set[str]]]:
    """The proper names the question gives, each with the set of its distinctive word stems (the filer's own
    names and every run of only common words left out)."""
    own = {t for c in companies for t in tokenize(c)}
    names = []
    for m in _RUN.finditer(question):
        run = m.group(0)
        if m.start() == 0 or re.search(r"[.?!]\s*$", question[: m.start()]):
            run = run.partition(" ")[2]  # a sentence's first word is capitalised whatever it is ("Did KPMG ...")
        if re.search(r"[\"“]\s*$", question[: m.start()]):
            continue  # a name in double quotes: the filer's own as its cover writes it ("PACIFIC GAS AND ELECTRIC COMPANY")
        # (the filer's own words left out: "NIKE Brand" names nothing else, "Intel Optane" names Optane; a period,
        # "FY2020", "Q2", is no name)
        run = re.sub(r"['’]s?$", "", run)  # "Patriot Transportation Holding's": the name, not its possessive
        distinctive = {w for w in tokenize(run) if w not in _COMMON and w not in own and not _PERIOD.fullmatch(w)}
        if distinctive:
            names.append((run, distinctive))
    return names


def _passages(written: WrittenAnswer, hits: list[SearchHit], deal: bool) -> list[str]:
    """Each quote with the words its chunk prints right before it (about two sentences it may refer back to), or, for
    a deal, with its whole chunk (a deal's sentences say "the acquisition", "Parent", "EMT", a heading or a defined
    term above names the deal); else the quote alone."""
    chunks = {h.chunk.chunk_id: " ".join(h.chunk.text.split()) for h in hits}
    passages = []
    for c in written.citations:
        if not c.quote:
            continue
        text, quote = chunks.get(c.chunk_id, ""), " ".join(c.quote.split())
        at = text.find(quote)
        passages.append(quote if at < 0 else text if deal else text[max(0, at - _BEFORE): at + len(quote)])
    return passages or [a or b for a, b in _QUOTED.findall(written.text)]


def _named(name: str, stems: set[str], said: set[str], text: str) -> bool:
    """Whether the passages name the thing: all its distinctive words (all but one of a name of three or more:
    "EU General Data Protection Regulation" is "European Union General Data Protection Regulation"), its initials
    ("GBT" for "Global Blood Therapeutics"), or, asked by initials, the words they stand for ("SEC": "Securities and
    Exchange Commission", "R&D": "research and development", "U.K.": "United Kingdom")."""
    if len(stems - said) <= (1 if len(stems) >= 3 else 0):
        return True
    if len(name.split()) >= 2:
        short = "".join(w[0] for w in name.split() if w[:1].isupper())
        if len(short) >= 2 and re.search(rf"\b{short}\b", text):
            return True
    letters = re.sub(r"[.&/\s]", "", name)
    if 2 <= len(letters) <= 5 and letters.isupper():
        words = [w for w in re.findall(r"[A-Za-z]+", text) if w.lower() not in _JOINING]
        spelled = letters.lower()
        return any("".join(w[0] for w in words[i:i + len(spelled)]).lower() == spelled
                   for i in range(len(words) - len(spelled) + 1))
    return False


_JOINING = frozenset(("and", "of", "the", "for", "&"))


def answered_naming_the_topic(written: WrittenAnswer, question: str, companies: list[str],
                              hits: list[SearchHit] = ()) -> WrittenAnswer:
    """The yes or no, or a refusal when the question names things and no passage deciding it names any."""
    if written.status != "answered" or written.kind != "yes_no" or evidence_form(written.text) != "quoted":
        return written  # (a verdict over statement figures is decided by the rows, which name the company only)
    # (the filer's own names: the question's companies and the company its cited filings are of, as read at ingest)
    cited = {c.chunk_id for c in written.citations}
    filers = [h.chunk.company for h in hits if h.chunk.chunk_id in cited and h.chunk.company]
    names = _names(question, [*companies, *filers])
    deal = bool(_A_DEAL.search(question))
    passages = _passages(written, list(hits), deal)
    if not names or not passages:
        return written
    if deal and any(_DEAL_NAMED.search(c.quote) for c in written.citations if c.quote):
        return written  # "EMT completed the acquisition", "The closing of the Merger ...": the deal, by its own name
    said = {t for p in passages for t in tokenize(p)}
    joined = " ".join(passages)
    if any(_named(name, stems, said, joined) for name, stems in names):
        return written
    shown = ", ".join(dict.fromkeys(name for name, _ in names))
    reason = f"the question asks about {shown}, and no quote that decides the answer names it"
    return written.model_copy(update={
        "status": "unverified", "value": None, "reason": reason, "flags": [*written.flags, FLAG],
        "text": f"Not given: {reason}; found only: {written.text}",
    })
