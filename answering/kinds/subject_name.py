"""subject_name: "Which company completed the spin-off of Patriot?" answered with the name that did it,
ahead of the sentence that says so.

A choice or passage answer quotes the sentence ("On January 30, 2015, FRP Holdings, Inc. ("FRP") completed
the tax-free spin-off of Patriot ..."), and an analyst (or a typed answer) wants the name it states. Signals
any filing carries:
- the question asks who did a deed: "which <kind of party> (of X) <verb>ed ...", "who <verb>ed ...";
- the quote names the same deed by the verb's stem ("completed", "resigned");
- the name is the capitalised run just before that verb, past an alias in parentheses ("("FRP")") and an
  appositive's commas ("former co-CEO and Vice Chair ..., Bret Taylor, resigned");
- a former name is stated as the change of name "from X to Y" ("change our corporate name from SYNNEX
  Corporation to TD SYNNEX Corporation"), or "formerly known as X";
- the name is not the filer's own (it is asked about, not asked for), and every quote that names one names
  the same; two different names are no answer.
"""

from __future__ import annotations

import re

from answering.kinds.sentences import same_stem, verb_forms
from finrag.vocabulary import tokenize

# "Which company completed the spin-off of "Patriot Transportation Holding, Inc." ...", "Which co-CEO of
# "Salesforce, Inc." resigned from that position ...", "Who resigned as CFO in 2023"
_DOER_KIND = (r"(?:company|companies|firm|entity|business|bank|person|executive|officer|director|co-?CEO|CEO|CFO|COO|"
          r"chair(?:man|woman|person)?|president|subsidiary|party|buyer|acquirer|purchaser|parent)")
_ASKS_DOER = re.compile(rf"^\W*(?:(?:which|what)\s+(?:[\w-]+\s+){{0,3}}?{_DOER_KIND}\s+(?:of\s+(?:\"[^\"]+\"|“[^”]+”|"
                        rf"[A-Z][\w&.'’-]*(?:\s+[A-Z][\w&.'’-]*){{0,4}})\s+)?|who\s+)(?P<verb>(?-i:[a-z]{{3,}}ed))\b", re.I)
# "Who was appointed as a member of the Board ... on March 14, 2023?": the one the deed was done to
# ("Who was to be appointed Chief Executive Officer ...?": the deed announced, to take effect later)
_ASKS_DONE_TO = re.compile(r"^\W*who\s+(?:was|were|has\s+been|had\s+been|will\s+be|is|(?:was|is)\s+to\s+be|would\s+be)\s+"
                           r"(?:[a-z]+ly\s+)?"
                           r"(?P<verb>(?-i:[a-z]{3,}ed))\b", re.I)
_HONORIFIC = r"(?:(?:Mr|Ms|Mrs|Dr)\.?\s+)?"
_PERSON = r"(?P<name>(?-i:[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){1,6}))(?P<more>\s+and\s+(?-i:[A-Z]))?"
# "What was the corporate name of X before the name change", "What was its former name"
_ASKS_FORMER = re.compile(r"\b(?:former|previous|prior|old)\s+(?:corporate\s+|legal\s+)?name\b|"
                          r"\bname\b[^?]{0,80}\bbefore\b[^?]{0,40}\b(?:change|renam\w*)", re.I)

_NAME = (r"(?:[A-Z0-9][\w&'’.-]*\s+){0,5}[A-Z][\w&'’-]*(?:,?\s+(?:Inc|LLC|Ltd|Corp|Co|plc|L\.P|N\.V|S\.A|AG|SE)\.?)?")
_NAME_AT_END = re.compile(rf"(?P<name>{_NAME})\s*$")
# a person's alias in brackets inside the name: 'Patrick ("Pat") Gelsinger'
_ALIAS_NAME = re.compile(r"(?<=[A-Za-z])\s+\([\"“][A-Z][\w'’.-]{1,20}[\"”]\)(?=\s+[A-Z])")
_ALIAS = re.compile(r"\s*\((?:the\s+)?[\"“][^\"”]{1,40}[\"”]\)")
_FROM_TO = re.compile(rf"\bname\s+from\s+(?P<old>{_NAME})\s+to\s+(?P<new>{_NAME})")
_FORMERLY = re.compile(rf"\bformerly\s+(?:known\s+as\s+|named\s+|called\s+)?(?P<old>{_NAME})")
_NOT_A_NAME = frozenset({"The", "This", "That", "It", "We", "Our", "Its", "In", "On", "As", "At", "Company",
                         "Board", "Directors", "Vice", "Chair", "Officer", "Executive", "Chief"})


# "To which company did eBay agree in November 2019 to sell StubHub?", "To whom did Lyft divest its Level 5 division?"
_ASKS_PARTY = re.compile(r"^\W*(?:to|with)\s+(?:which|what|whom)\s+(?:(?:company|firm|entity|party|buyer|purchaser|"
                         r"acquirer|business)\s+)?did\s+(?:[\"“][^\"”]+[\"”]|(?-i:(?:[A-Z]|[a-z]+[A-Z])[\w&.'’-]*(?:\s+[A-Z][\w&.'’-]*){0,3}))\s+"
                         r"(?:agree\s+(?:[^?]*?\s+)?to\s+)?(?P<verb>(?-i:[a-z]{3,}))\b", re.I)
# the party a deed was done to or with: "to sell StubHub to viagogo", "an agreement with an affiliate of viagogo to
# sell StubHub", "a transaction with Woven Planet, a subsidiary of Toyota ..., for the divestiture of ..."
# (a name's words are capitalised; one word in lower case is a brand's only when a break follows it: "to viagogo,")
_PARTY = (r"(?:an?\s+(?:affiliate|subsidiary)\s+of\s+)?(?P<name>(?-i:[A-Z][\w&'’.-]*(?:\s+[A-Z][\w&'’.-]*){0,4})|"
          r"(?-i:[a-z][a-z]{2,})(?=\s*[,.;]|\s+(?:for|with|in|on|and)\b))")
_AFTER_DEED = r"\bSTEM\w*\s+(?P<object>(?:[\w’'&.,-]+\s+){0,8}?)(?:to|with)\s+" + _PARTY
_BEFORE_DEED = r"\b(?:agreement|transaction|deal|contract)\s+with\s+" + _PARTY + r"[^.;]{0,140}?\bSTEM"
_NOT_PARTY = frozenset({"the", "a", "an", "its", "our", "their", "this", "that", "which", "whom", "certain", "be",
                        "customers", "shareholders", "stockholders"})


# "Which company did "Microsoft Corporation" complete the acquisition of in March 2022?": what was acquired
# ("Which clinical stage immuno-oncology company did ...": the kind of company described before its noun)
_ASKS_ACQUIRED = re.compile(r"^\W*(?:which|what)\s+(?:(?!(?:stake|percent\w*|portion|share|interest|part|of|in)\b)[\w-]+\s+)"
                            r"{0,4}?(?:company|firm|business|entity)\s+did\s+(?:[\"“][^\"”]+[\"”]|"
                            r"(?-i:[A-Z][\w&.'’-]*(?:\s+[A-Z][\w&.'’-]*){0,3}))\s+(?:complete\s+(?:the|its)\s+"
                            r"acquisition\s+of|acquire|buy|purchase)\b", re.I)
# the thing acquired, named after the deed: "our acquisition of Nuance Communications, Inc.", "acquired ZeniMax"
# (a name's words on one line, each capitalised; its legal form as written; "X and Y": two names, none is the one)
# (or the holding bought: "acquired all of the issued and outstanding common stock not already owned by Pfizer of
# Trillium", "acquired all the outstanding shares of KLX Inc.")
_HOLDING_OF = (r"(?:all\s+(?:of\s+)?)?(?:the\s+)?(?:issued\s+and\s+)?(?:outstanding\s+)?(?:common\s+)?(?:shares|stock|equity)"
               r"(?:\s+not\s+already\s+owned\s+by(?:\s+(?-i:[A-Z])[\w&'’-]*){1,3})?\s+of\s+")
_ACQUIRED = re.compile(r"\b(?:acquisition\s+of|acquired|purchase\s+of|purchased|bought)\s+(?:" + _HOLDING_OF + r")?"
                       r"(?:privately[\s-]held\s+|publicly[\s-]traded\s+)?(?P<name>(?-i:[A-Z][\w&'’-]*"
                       r"(?:[ ](?!(?:Inc|LLC|Ltd|Corp|Co|plc)\b)[A-Z][\w&'’-]*){0,4})(?-i:,?[ ](?:Inc|LLC|Ltd|Corp|Co|plc)\.)?)(?P<and>\s+and\s+[A-Z])?", re.I)
_MONTHS = r"January|February|March|April|May|June|July|August|September|October|November|December"
_WHEN_ASKED = re.compile(rf"\b(?:in|on)\s+(?P<month>{_MONTHS})\s+(?:(?P<day>\d{{1,2}}),?\s+)?(?P<year>(?:19|20)\d\d)\b")


def names_the_asked_deal(question: str, sentence: str) -> bool:
    """The sentence names every capitalised word of what the question says the deed was done to ("its StubHub
    business", "its eBay Korea business"), which names one, and the year the question dates it to, when it does."""
    party = _ASKS_PARTY.search(question)
    if party is None:
        return False
    rest = question[party.end():].split("?")[0]
    named = set(re.findall(r"\b[A-Z][\w&'’-]+", re.sub(r"[\"“][^\"”]*[\"”]", " ", rest))) - set(_MONTHS.split("|"))
    years = set(re.findall(r"\b(?:19|20)\d\d\b", rest))
    # (a deal asked by common words alone, "its pharmaceutical business", is not told from another of its kind)
    return bool(named) and all(re.search(rf"\b{re.escape(w)}\b", sentence) for w in named) \
        and (not years or any(y in sentence for y in years))


def asks_party(question: str) -> bool:
    """The question asks the other party of a deed ("To which company did it sell ...?")."""
    return _ASKS_PARTY.search(question) is not None


def asked(question: str) -> bool:
    return bool(_ASKS_DOER.search(question) or _ASKS_FORMER.search(question) or _ASKS_PARTY.search(question)
                or _ASKS_DONE_TO.search(question) or _ASKS_ACQUIRED.search(question))


def _acquired(quote: str, question: str) -> str | None:
    """The one thing the quote says was acquired, in the month the question names when it names one ("in March
    2022 we completed our acquisition of Nuance", beside "in March 2021 ... ZeniMax"): the clause after that month."""
    when = _WHEN_ASKED.search(question)
    names = []
    for m in _ACQUIRED.finditer(quote):
        if m.group("and"):
            return None  # "our acquisitions of Careem and Postmates": two, not the one asked
        clause = re.split(r"[;]|,\s+and\b|\.\s", quote[: m.start()])[-1]
        # "in March 2022", "On March 4, 2022": the asked month, with or without its day
        # ("on October 9, 2018": that day)
        day = rf"{when.group('day')},?\s+" if when is not None and when.group("day") else r"(?:\d{1,2},?\s+)?"
        if when is None or re.search(rf"\b{when.group('month')}\s+{day}{when.group('year')}\b", clause):
            name = m.group("name").strip(" ,")
            names.append(name if re.search(r"\b(?:Inc|Ltd|Corp|Co|LLC|plc)\.$", name) else name.rstrip("."))
    return names[0] if len(set(names)) == 1 else None


def _stem(verb: str) -> str:
    """The verb's stem as a pattern, which its forms in a quote begin with ("appoint" of "appointed")."""
    return re.escape(tokenize(verb)[0]) if tokenize(verb) else re.escape(verb)


def _done_to(quote: str, verb: str) -> str | None:
    """The person the quote says the deed was done to: named right after its verb ("appointed Shripriya Mahesh
    as a member"), or before it in the passive ("Ms. Jane Doe was appointed"); never a title."""
    stem = _stem(verb)
    quote = _ALIAS_NAME.sub("", quote)  # 'Patrick ("Pat") Gelsinger': the name the alias is of
    for pattern in (rf"\b{stem}\w*\s+{_HONORIFIC}{_PERSON}", rf"{_HONORIFIC}{_PERSON},?\s+(?:was|were|has\s+been|had\s+been|"
                    rf"will\s+be|would\s+be|(?:was|is)\s+to\s+be)\s+(?:[a-z]+ly\s+)?{stem}\w*\b"):
        for m in re.finditer(pattern, quote, re.I):
            # a title before or after the name is no part of it: "appointed Executive Vice President John Smith",
            # "appointed Jane Doe President and Chief Executive Officer"
            words = m.group("name").strip(" ,.").split()
            while words and words[0].strip(",.") in _TITLE_WORDS:
                words = words[1:]
            titled = bool(words) and words[-1].strip(",.") in _TITLE_WORDS
            while words and words[-1].strip(",.") in _TITLE_WORDS:
                words = words[:-1]
            if (m.group("more") and not titled) or re.match(r"\s*,\s*(?:Mr\.|Ms\.|Mrs\.|Dr\.)?\s*[A-Z]", quote[m.end("name"):]) \
                    or re.search(r"[A-Z][\w.'’-]+\s*(?:,|\band)\s*(?:(?:Mr|Ms|Mrs|Dr)\.?\s*)?$", quote[:m.start("name")]):
                return None  # two people or more ("Alice Wong and Bob Li", "John Smith, Jane Doe and Bob Li"): no one name
            name = _clean(" ".join(words))
            if name is not None and len(name.split()) >= 2 and not any(w.strip(",.") in _TITLE_WORDS
                                                                        for w in name.split()):
                return name
    return None


def _party(quote: str, verb: str, asked_object: set[str]) -> str | None:
    """The party the quote says the deed was done to or with ("sell" said "sold"), the deed's object between them
    one the question names ("sold our Tropicana, Naked and other select juice brands to PAI Partners"; not "a
    portion of which was later sold to Permira" for the Classifieds business)."""
    stem = "(?:" + "|".join([_stem(verb), *verb_forms(tokenize(verb)[0] if tokenize(verb) else verb)]) + ")"
    for pattern in (_AFTER_DEED, _BEFORE_DEED):
        for m in re.finditer(pattern.replace("STEM", stem), quote, re.I):
            name = m.group("name").strip(" ,.")
            if name.split()[0].lower() in _NOT_PARTY:
                continue
            if "object" in m.groupdict() and asked_object and not asked_object & set(tokenize(m.group("object") or "")):
                continue
            return name
    return None


_OBJECT_SCAFFOLD = frozenset(tokenize("its their the a an our of in during for to and other certain"))


def _asked_object(question: str, party: re.Match[str]) -> set[str]:
    """The stems of what the question says the deed was done to ("its Classifieds business"), up to its time."""
    rest = re.split(r"\s+(?:in|during|for|on|by|as\s+of)\s+|[?,]", question[party.end():], maxsplit=1)[0]
    return {t for t in tokenize(rest) if t not in _OBJECT_SCAFFOLD and not t.isdigit()}


def _clean(name: str) -> str | None:
    words = name.split()
    while words and words[0].strip(",") in _NOT_A_NAME:
        words = words[1:]
    name = " ".join(words).strip(" ,")
    return name if name and re.search(r"[A-Za-z]", name) else None


# titles, never names: "our Chief Financial Officer resigned" names a role, not who
_TITLE_WORDS = frozenset({"Chief", "Financial", "Executive", "Operating", "Officer", "Officers", "President", "CEO",
                          "CFO", "COO", "CTO", "Chair", "Chairman", "Chairwoman", "Director", "Directors", "Vice",
                          "Senior", "General", "Counsel", "Secretary", "Treasurer", "Board", "Company", "Utility",
                          "Group", "Former", "Co-CEO", "co-CEO"})


def _doer(quote: str, verb: str) -> str | None:
    """The name just before the quote's word of the verb's stem, or None: a name of a person or a company, not a
    title ("our Chief Financial Officer"), nor one of two doers ("Dell Technologies and VMware completed")."""
    for m in re.finditer(r"\b([a-z]{3,})\b", quote):
        if not same_stem(m.group(1), verb):
            continue
        before = _ALIAS.sub("", quote[: m.start()]).rstrip()
        before = before.rstrip(",").rstrip()  # an appositive's closing comma: "..., Bret Taylor, resigned"
        if (found := _NAME_AT_END.search(before)) is None or (name := _clean(found.group("name"))) is None:
            continue
        ahead = before[: before.rfind(name)].rstrip().lower()
        if all(w.strip(",.") in _TITLE_WORDS for w in name.split()) or re.search(r"\b(?:our|its|the|their|and|&)$", ahead):
            return None
        return name
    return None


def _former(quote: str) -> str | None:
    m = _FROM_TO.search(quote) or _FORMERLY.search(quote)
    return _clean(m.group("old")) if m else None


def lead_name(question: str, quotes: list[str], companies: list[str]) -> str | None:
    """The one name the quotes state for what the question asks, never one of the filer's own."""
    own = {t for c in companies for t in tokenize(c)}
    doer = _ASKS_DOER.search(question)
    party = _ASKS_PARTY.search(question)
    done_to = _ASKS_DONE_TO.search(question)
    asked_names = {t for q in re.findall(r"\b[A-Z][\w&'’-]+", question) for t in tokenize(q)}
    names = set()
    acquired = _ASKS_ACQUIRED.search(question)
    for quote in quotes:
        if acquired is not None:
            if (name := _acquired(quote, question)) is not None and not set(tokenize(name)) & own:
                names.add(name)
            continue
        if party is not None or done_to is not None:
            name = _party(quote, party.group("verb"), _asked_object(question, party)) if party is not None \
                else _done_to(quote, done_to.group("verb"))
            if name is not None and not set(tokenize(name)) & (own | asked_names):
                names.add(name)
            continue
        name = _former(quote) if _ASKS_FORMER.search(question) else _doer(quote, doer.group("verb")) if doer else None
        if name is None:
            continue
        if doer is not None and own and set(tokenize(name)) <= own:
            continue  # "Salesforce completed ...": the filer, not the party asked for
        names.add(name)
    return names.pop() if len(names) == 1 else None
