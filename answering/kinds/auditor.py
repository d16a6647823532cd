"""auditor: "What is the name of the auditor of X?" read from the firm's own signature and the filing's
statement of who its independent registered public accounting firm is.

Every SEC annual report is audited by a firm that signs its report and its consent ("/s/ KPMG LLP",
"/s/ Ernst & Young LLP") and that Item 14 names ("Our independent registered public accounting firm is
KPMG LLP, New York, NY"). A firm's name ends in its legal form (LLP, LLC, P.C., AG, GmbH, Ltd): that is
what tells it from a person's signature or the company's own name. The answer is the one firm the filing
names so; two firms (a predecessor's consent, a subsidiary's auditor) are no answer: which one is the
company's auditor is not for an extractive reader to guess.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from answering.citations import cite
from answering.kinds.people import asked_filing
from answering.written_answer import WrittenAnswer

if TYPE_CHECKING:
    from answering.metric_answer import MetricServices
    from finrag.models import SearchHit
    from retrieval.query_understanding import QueryUnderstanding

_FIRM_WORDS = (r"independent\s+(?:registered\s+public\s+)?account(?:ing|ants?)(?:\s+firm)?|registered\s+public\s+"
               r"accounting\s+firm|(?:independent\s+)?auditors?|audit\s+firm|external\s+auditors?")
# who the auditor is, not what it did ("the auditor's opinion", "fees paid to the auditor")
ASKS_AUDITOR = re.compile(
    rf"\b(?:who|which\s+(?:(?:accounting|audit(?:ing)?)\s+)?(?:firm|company)|name\s+of|names?)\s+(?:is|was|are|were|of|serves?\s+as)?\s*(?:the\s+|its\s+)?"
    rf"(?:company['’]s\s+)?(?:{_FIRM_WORDS})\b(?!['’]s?\s+(?:report|opinion|fees?))"
    r"|\bwho\s+audit(?:s|ed)\b|\bwhich\s+(?:accounting\s+)?(?:firm|company)\s+audit(?:s|ed)\b"
    # "Which independent registered public accounting firm audited ..."
    rf"|\bwhich\s+(?:{_FIRM_WORDS})\s+audit(?:s|ed)\b"
    # "Which independent registered public accounting firm issued the audit report on ..."
    rf"|\bwhich\s+(?:{_FIRM_WORDS})\s+(?:issued|signed|rendered|gave|provided)\s+(?:the|its|an)\s+"
    r"(?:audit(?:or['’]s)?|independent\s+auditor['’]s)\s+(?:report|opinion)\b", re.I)
_FORM = r"(?:LLP|L\.L\.P\.|LLC|L\.L\.C\.|PLLC|P\.C\.|PAC|AG|GmbH|S\.A\.|Ltd\.?|Limited)"  # (PAC: a Singapore public accounting corporation)
_FIRM = rf"(?P<firm>(?:[A-Z][\w'’.&-]*|&)(?:[ \t]+(?:[A-Z][\w'’.&-]*|&)){{0,4}},?\s+{_FORM})(?![\w.])"
_MEMBER_FIRM = r"(?P<firm>[A-Z][\w'’.-]*(?:,?[ \t]+(?:[A-Z][\w'’.-]*|&)){1,5})"
_MEMBER_OF = r"(?i:(?:an?[ \t]+)?member(?:[ \t]+firm)?[ \t]+of)\b"
_STATED = [
    re.compile(rf"/[sS]/[ \t]*{_FIRM}"),  # its signature: "/s/ KPMG LLP", "/S/ ERNST & YOUNG LLP"
    # a report printed without "/s/": the firm's line over its tenure, "Hancock Askew & Co., LLP / We have served
    # as the Company's auditor since 2006."; or the firm said to have audited the statements
    re.compile(rf"^[ \t]*{_FIRM}[ \t]*\n[ \t]*We\s+have\s+served\s+as\s+the\s+Company['’]s\s+auditor\b", re.M),
    re.compile(rf"{_FIRM}\s+has\s+audited\b"),
    re.compile(rf"independent\s+registered\s+public\s+accounting\s+firm\s*,?\s+(?:is|was|has\s+been)\s+{_FIRM}"),
    re.compile(rf"{_FIRM}\s*,\s+(?:an?|our|the\s+Company['’]s)\s+independent\s+registered\s+public\s+accounting\s+firm"),
    # a member firm of a network signs and is named without a legal form: "/s/ KOST FORER GABBAY & KASIERER
    # A Member of Ernst & Young Global", "Our independent registered public accounting firm, Kost, Forer,
    # Gabbay & Kasierer, a member of Ernst & Young Global"
    re.compile(rf"/[sS]/[ \t]*{_MEMBER_FIRM}[ \t]*\n?[ \t]*,?[ \t]*{_MEMBER_OF}"),
    re.compile(rf"(?:independent\s+registered\s+public\s+accounting\s+firm|external\s+auditors?),\s+{_MEMBER_FIRM},"
               rf"\s+{_MEMBER_OF}"),
]

# Reports outside the SEC's forms name their auditor in words, the firm's name with or without its legal
# form ("HLB Mann Judd", "PricewaterhouseCoopers LLP"): a name of capitalised words stated as the auditor
# ("Fahn Kanne & Co. Grant Thornton Israel": a member firm's name with its network's, seven words)
_NAMED = (rf"(?P<firm>[A-Z][\w'’&-]*(?:[ \t]+(?:(?:Co|Bros|Pty|Inc|Corp)\.|[A-Z][\w'’&-]*|&)){{0,6}}(?:,?[ \t]+{_FORM})?"
          r"(?:[ \t]+\([A-Z][^()\n]{1,30}\))?)(?![\w&])")
_NAMED_AS = [
    # "The auditor of eMetals Limited is HLB Mann Judd."
    re.compile(rf"\b[Aa]uditors?\s+of\s+[^.\n]{{1,80}}?\s+(?:is|are|was|were)\s+{_NAMED}"),
    # "requires our auditors, HLB Mann Judd, to provide ..."
    re.compile(rf"\b(?:our|its|the\s+Company['’]s)\s+auditors?,\s+{_NAMED}\s*,"),
    # "has appointed PricewaterhouseCoopers LLP as the external auditor of the Company"
    re.compile(rf"\bappointed\s+{_NAMED}\s+as\s+(?:the\s+|its\s+|our\s+)?(?:external\s+|independent\s+|statutory\s+)?"
               r"auditors?\b"),
    # a corporate directory's line: "Auditors HLB Mann Judd (WA Partnership)"
    re.compile(rf"^[ \t]*Auditors?[ \t]+{_NAMED}[ \t]*$", re.M),
]


_ROLE = re.compile(r"\b(?:Transfer|Agents?|Registrars?|Solicitors?|Bankers?|Counsel|Custodians?|Lawyers?|Office|"
                   r"Website|Secretary|Directors?|Exchange|Report|Remuneration|Independence|Declaration)\b")
_NO_FIRM = frozenset({"the company", "the group", "the board", "independent", "responsible", "the"})


def _key(firm: str) -> str:
    """One firm however a line words it: "Ernst & Young LLP", "ERNST & YOUNG LLP", "BDO USA, LLP"."""
    # (and "HLB Mann Judd (WA Partnership)" is "HLB Mann Judd": the bracket says which office)
    return " ".join(re.sub(r"[,.]", " ", re.sub(r"\s*\([^)]*\)", "", firm)).casefold().split())


def write(question: str, hits: list[SearchHit], understanding: QueryUnderstanding,
          services: MetricServices) -> WrittenAnswer | None:
    """The one firm that signs as, or is named as, the asked company's auditor; None otherwise."""
    if not ASKS_AUDITOR.search(question) or len(understanding.companies) != 1:
        return None
    found: dict[str, tuple[str, SearchHit, str]] = {}
    named: dict[str, tuple[str, SearchHit, str]] = {}
    company_words = {_key(c) for c in understanding.companies}
    for hit in asked_filing(hits, understanding.companies[0], services):
        text = hit.chunk.text
        for pattern in _STATED:
            for m in pattern.finditer(text):
                # (the words before it may end a sentence: "... Registered Public Accounting Firm. KPMG LLP")
                firm = re.split(r"(?<=[a-z]{2})\.\s+", " ".join(m.group("firm").split()))[-1]
                quote = " ".join(text[m.start():m.end()].split())
                found.setdefault(_key(firm), (firm, hit, quote))
        if found:
            continue  # a registered firm's signature or Item 14 decides; the words below are for other reports
        for pattern in _NAMED_AS:
            for m in pattern.finditer(text):
                firm = " ".join(m.group("firm").split())
                if _key(firm) in company_words or _key(firm) in _NO_FIRM or _ROLE.search(firm):
                    # the company's own name, a word that names no firm, or a directory's next heading
                    # ("Auditor Transfer Agent": two columns of a corporate directory read as one line)
                    continue
                quote = " ".join(text[max(0, text.rfind("\n", 0, m.start()) + 1):m.end()].split())
                named.setdefault(_key(firm), (firm, hit, quote))
    if not found:
        found = named
    if len(found) != 1:
        return None
    (firm, hit, quote), = found.values()
    chunk = hit.chunk
    return WrittenAnswer(status="answered", kind="passage",
                         text=f'{firm}\n\n"{quote}" ({chunk.doc} p.{chunk.page + 1}, the auditor)',
                         citations=[cite(chunk, quote)])
