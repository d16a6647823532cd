"""quote_focus: a text answer's quotes state what the question's focus asks for, or it is refused.

A quote that shares words with the question is not an answer to it (issue 20, "look-alike
quotes"). What a question asks for is named by its wh-focus, and each focus is stated by a
thing any filing writes the same way:
- "what / which company did X acquire", "what acquisitions did X complete" by a sentence saying something was acquired that
  names another organisation than the filer ("we closed the acquisition of Mandiant"), not a
  segment list or a release header;
- "who ..." by a proper name other than the filer's (a person, a firm);
- "when ..." ("in what year", "on what date") by a date or a year;
- "what was the ... ratio / margin / rate" by a figure that is one (a percentage, a multiple,
  a decimal), not a table's column headings.
And whatever the focus, a quote that is only a heading, a table's header or rows, a caption
handing over to a table ("Revenues:"), an auditor's consent, a cross-reference ("can be found
in Part II, Item 8") or a risk hedge states nothing: an answer made only of such quotes is no
answer.

The refusal is `unverified` with the quotes shown and the missing focus said, flagged
`look_alike_quote`: with an LLM configured the writer lets it answer from the evidence afresh.
A figure (kind `metric`) and a not-meaningful explanation are checked by their own writers.
"""

from __future__ import annotations

import re

from answering.kinds.amount_ask import (
    A_PRICE,
    A_PRICE_HEADS,
    AMOUNT,
    ASKS_MIX,
    NEAR,
    NOT_THE_RATIO,
    YEAR,
    amount_asked,
    asking,
    states_amount_of,
)
from answering.kinds.every_part import asked_parts
from answering.kinds.other_words import A_DATE
from answering.kinds.places import PLACE_NAMES
from answering.kinds.sentences import HEDGE, asks_about_risk, prose
from answering.written_answer import WrittenAnswer
from finrag.vocabulary import tokenize

FLAG = "look_alike_quote"
_CHECKED_ELSEWHERE = {"metric", "not_meaningful"}
_QUOTE = re.compile(r'"([^"]{12,})"')
_CITATION = re.compile(r'\([^()]*\bp\.\s?\d+\)')

# --- the asked focus -------------------------------------------------------------------------
# "What cybersecurity company did Alphabet acquire", "Which business did it buy in 2021"
_ASKS_ACQUIRED = re.compile(r"^\W*(?:and\s+)?(?:what|which)\s+(?:[\w-]+\s+){0,2}?(?:(?:company|companies|firm|firms|business|"
                            r"businesses|startup|target|entity)\s+(?:did|does|has|had|will)\s+[^?,]*?\b(?:acquire|buy|purchase)\b|"
                            # "What acquisitions did it complete in 2018?", "Which proposed acquisition by Meta ..."
                            r"acquisitions?\s+(?:and\s+\w+\s+)?(?:did|does|has|had|will|by)\b)", re.I)
# "Which company acquired "BEST BUY CO., INC." in fiscal 2022?", "Who acquired it?": the acquirer of the company asked
_ASKS_ACQUIRER = re.compile(r"^\W*(?:and\s+)?(?:who|(?:what|which)\s+(?:[\w-]+\s+){0,2}?(?:company|companies|firm|entity|"
                            r"buyer|acquirer|group))\s+(?:acquired|bought|purchased|took\s+over|(?:agreed|will|would|"
                            r"is\s+to)\s+(?:to\s+)?(?:acquire|buy|purchase))\b", re.I)
# a sentence saying the company is (to be) acquired: by whom, or that another acquires its shares / "the Company"
_ACQUIRED_BY = re.compile(r"\b(?:acquired|purchased|bought)\s+by\s+(?!the\s+company\b|us\b|we\b)|"
                          r"\bmerge\s+with\s+and\s+into\s+the\s+Company\b|\bthe\s+Company\s+will\s+(?:become|be)\s+a\s+"
                          r"(?:wholly[\s-]owned\s+)?subsidiary\s+of\b", re.I)
# another acquiring the company's shares ("UPT will acquire all of the outstanding shares of Patriot common stock"),
# not the company acquiring another's ("we acquired all of the outstanding shares of Mandiant")
_ACQUIRES_SHARES = re.compile(r"\b(?:acquire|purchase|buy)\s+all\s+(?:of\s+)?(?:the\s+)?(?:issued\s+and\s+)?"
                              r"outstanding\s+(?:shares|stock|common\s+stock)\s+of\b", re.I)  # (a takeover buys them all)
_FILER_AS_SUBJECT = re.compile(r"\b(?:we|the\s+company|our\s+company)\s+(?:\w+\s+){0,3}$", re.I)


def _of_the_company(rest: str, companies: list[str]) -> bool:
    """The deed's object is the company asked about ("acquired "BEST BUY CO., INC."", "acquired it"), not another
    ("Which company acquired Beta Sensors?" asks the filer's own deal)."""
    own = {t for c in companies for t in tokenize(c)}
    words = tokenize(" ".join(rest.split()[:6]))
    return bool(re.match(r"\s*(?:it|them|the\s+company)\b", rest, re.I)) or bool(own and words and words[0] in own) \
        or bool(own and re.match(r"\s*[\"“]", rest) and set(words[:2]) & own)


def _says_acquired(sentence: str, companies: list[str] = ()) -> bool:
    """The sentence says the company is (to be) acquired: by another, or its shares bought by another (the subject
    before the verb neither "we", "the Company" nor the company's own name)."""
    if _ACQUIRED_BY.search(sentence):
        return True
    own = {w.lower() for c in companies for w in re.findall(r"[A-Za-z&]+", c)}  # (as written: "Transports" is no "Transportation")
    for m in _ACQUIRES_SHARES.finditer(sentence):
        before = sentence[max(0, m.start() - 40):m.start()]
        subject = [w.lower() for w in re.findall(r"[A-Z][A-Za-z&]*", before)[-3:]]
        if not _FILER_AS_SUBJECT.search(before) and not (own and set(subject) & own):
            return True
    return False
# "Who is the CEO", "who audits", not "whom" (other_words reads "to whom was it sold")
_ASKS_WHO = re.compile(r"^\W*(?:and\s+)?who\s+(?!(?:else|else's)\b)"
                       # "Which driver of Patriot was awarded ...?": a person asked by what the person does
                       r"|^\W*(?:and\s+)?which\s+(?:\w+\s+)?(?:drivers?|employees?|executives?|officers?|directors?|"
                       r"individuals?|persons?|people|founders?|managers?)\s+(?:of\b|was\b|were\b|is\b|are\b|did\b)", re.I)
_ASKS_WHEN = re.compile(r"^\W*(?:and\s+)?(?:when\b|in\s+what\s+(?:year|month)\b|(?:on|as\s+of)\s+what\s+date\b)", re.I)
# "What was X's operating margin in fiscal 2022?", "What is the effective tax rate ...": the head of
# what is asked is a ratio; not "What drove the change in gross margin" nor "the impact on the margin"
_ASKS_RATIO = re.compile(r"^\W*(?:and\s+)?what\s+(?:was|is|were|are)\s+(?P<np>[^?,]{0,80}?)\b(?:ratio|margin|rate)s?\b"
                         r"(?=\s*(?:\?|$|for\b|in\b|of\b|at\b|during\b|as\b|on\b|,))", re.I)
# "By what percentage did its Active Riders decline?": a rate of change in one direction
_ASKS_PERCENT_CHANGE = re.compile(r"^\W*(?:and\s+)?(?:by\s+)?(?:what|how\s+much)\s+(?:percentage|percent|%)\s+(?:points?\s+)?"
                                  r"(?:did|does|has|have|had|was|were|is)\b[^?]*?\b(?P<verb>declin|decreas|f[ae]ll|drop|"
                                  r"shr[iu]nk|gr[eo]w|increas|r[io]se)", re.I)
# "By how much did it raise its guidance?", "by how much did it cut its dividend?": an amount's change asked
# (and "how much did they increase during the year": the verb within a few words of the subject, so that "how much
# did it spend to increase capacity" asks an amount spent)
_ASKS_AMOUNT_CHANGE = re.compile(r"^\W*(?:and\s+)?(?:by\s+how\s+much\s+(?:did|does|has|have|had|was|were|is|will)\b[^?]*?"
                                 r"\b(?P<verb>rais|increas|lift|boost|hik|cut|lower|reduc|decreas|trim|narrow)|"
                                 r"how\s+much\s+(?:did|does|has|have|had|will)\s+(?:(?!to\b|in\b|for\b)[\w'’-]+\s+){1,3}?"
                                 r"\b(?P<moved>increas|decreas|declin|gr[eo]w|r[io]se|f[ae]ll|drop|shr[iu]nk))", re.I)
_LOWERED = re.compile(r"cut|lower|reduc|decreas|trim|narrow", re.I)
_RAISED = re.compile(r"\b(?:increas|gr[eo]w|r[io]se|higher|up\b|improv|rais|lift|boost|hike)", re.I)
# "from $0.60 to $0.66 per share", "to $1.13 from $1.10": both levels of a change stated
_FROM_TO = re.compile(r"\bfrom\s+[$€£]?\s?\d[^.;]{0,40}?\bto\s+[$€£]?\s?\d|\bto\s+[$€£]?\s?\d[^.;]{0,40}?\bfrom\s+[$€£]?\s?\d",
                      re.I)
_DOWN = re.compile(r"\b(?:declin|decreas|f[ae]ll|drop|shr[iu]nk|lower|down|reduc)", re.I)
_UP = re.compile(r"\b(?:increas|gr[eo]w|r[io]se|higher|up\b|improv)", re.I)
_PERCENT_FIGURE = re.compile(r"(?<![\d.])\d+(?:\.\d+)?\s?(?:%|percent\b)")

# --- what states it --------------------------------------------------------------------------
_ACQUIRED = re.compile(r"\b(?:acquir(?:ed|ing)|acquisitions?\s+of|acquisition\s+(?:\w+\s+){0,2}?(?:was|is|has\s+been)\s+"
                       r"(?:completed|closed)|bought|purchased|merge[dr]|completed\s+the\s+acquisition|closed\s+the\s+acquisition|"
                       # "eBay completed six acquisitions — Cargigi Inc., Expertmaker, ...": the deals counted, then named
                       r"(?:completed|closed)\s+(?:\w+\s+){0,2}?acquisitions\b|"
                       # "we closed the Just Spices Acquisition": a deal named as a defined term
                       r"(?:completed|closed)\s+(?:the\s+|our\s+|its\s+)?(?-i:(?:[A-Z][\w&'’.-]*\s+){1,4}Acquisition))\b",
                       re.I)
# "by region", "which regions", "in which countries": the answer names places
_ASKS_BY_PLACE = re.compile(r"\bby\s+(?:region|geograph\w*|country|countries|continent)\b"
                            r"|\b(?:which|what)\s+(?:regions?|countries|geograph\w*)\b", re.I)
# a capitalised word; the words every sentence or heading capitalises name no one
_CAPITALISED = re.compile(r"\b[A-Z][\w&'’.-]*[A-Za-z0-9]")
_NO_NAME = frozenset(tokenize(
    "the a an we our us it its this that these those in on at for of to from by with as and or during following after "
    "company companies corporation inc ltd limited llc plc group holdings board directors director "
    "agreement merger acquisition acquisitions purchase note notes item part form annual report quarterly statements "
    "statement consolidated financial fiscal year quarter first second third fourth total net revenue revenues "
    "income operations segment segments mr ms dr chief executive officer president chairman "
    "january february march april may june july august september october november december"))
# "How did the Tax Act affect Oracle's fiscal 2018 results?": an effect on results is an amount a
# filing states ("$7.8 billion of income tax expense"); "comparability ... was impacted by" is none
_ASKS_EFFECT_ON_RESULTS = re.compile(r"^\W*(?:and\s+)?how\s+(?:did|does|has|have|will|would)\b[^?]{0,120}?\b(?:affect|"
                                     r"affected|impact|impacted|hurt|help|helped|boost|weigh\s+on)\b[^?]{0,60}?\b(?:results?|"
                                     r"earnings|income|profits?|margins?|revenues?|sales|eps)\b", re.I)
_MONEY_OR_RATE = re.compile(r"[$€£¥]\s?\d|\b\d[\d,.]*\s*(?:%|percent\b|million\b|billion\b|basis\s+points\b|bps\b)", re.I)
# a figure a ratio is stated as: "98.9%", "26.5 percent", "1.13x", "2.7 to 1", "0.85" (not a year's "2019 %")
_A_RATIO = re.compile(r"(?<![\d.])(?!(?:19|20)\d\d\b)\d+(?:\.\d+)?\s?(?:%|percent\b|x\b|times\b|to\s+1\b)|"
                      r"(?<![\d.,$])\d+\.\d+(?![\d,])", re.I)

# --- quotes that state nothing ---------------------------------------------------------------
_BOILERPLATE = re.compile(
    r"\bhereby\s+consent\b|\bconsent\s+(?:of|to)\s+(?:the\s+)?(?:incorporation|independent)|"
    r"\b(?:can|may)\s+be\s+found\s+(?:in|under|on)\b|\bis\s+incorporated\s+(?:herein\s+)?by\s+reference\b|"
    r"\b(?:are|is)\s+(?:included|set\s+forth|presented|contained)\s+(?:in|under)\s+(?:Part|Item|Note|Exhibit)\b|"
    r"\breport\s+of\s+independent\s+registered\b|\bsee\s+(?:Note|Item|Part)\s+\w+\s*\.?$|"
    r"\bgiving\s+a\s+true\s+and\s+fair\s+view\b", re.I)
# a caption handing over to the table or list below it: "... as follows:", "... include:", or a
# row label ("... (dollars in thousands) 2019 % 2018 % Revenues:")
_CAPTION = re.compile(r"\b(?:as\s+follows|the\s+following|below|includ(?:e|es|ed|ing)|consist(?:s|ed)?\s+of)\b[^.:;]{0,40}:\s*$|"
                      r"(?:^|[\d%)]\s+)(?:[A-Z][\w'’-]*\s+){0,2}[A-Z][\w'’-]*:\s*$")


# "When did Oracle complete its acquisition of Cerner": a deal asked by its noun, and the words a sentence
# dating it says it by (its verbs, and those of closing it)
_DEAL_NOUN = re.compile(r"\b(?P<noun>acquisition|merger|sale|divestiture|disposal|spin-?off|separation)\b", re.I)
_DEAL_WORDS = {"acquisition": ("acqui", "purch", "bough", "merge"), "merger": ("merge", "acqui", "combin"),
               "sale": ("sale", "sold", "sell", "divest", "dispos"), "divestiture": ("divest", "sold", "sale", "sell"),
               "disposal": ("dispos", "sold", "sale", "sell"), "spinoff": ("spin", "separa", "distrib"),
               "separation": ("separa", "spin", "distrib")}
_CLOSING_WORDS = ("clos", "complet", "consummat", "effect", "finaliz")
_DATED_NEAR = 12  # words between the deal's word and its date ("closing of the transaction expected to occur in the first quarter of 2020")


def _asked_event(ask: str) -> tuple[str, ...]:
    """The word stems a sentence dating the deal a "when" question asks about says it by; () when the
    question names no deal."""
    m = _DEAL_NOUN.search(ask)
    if m is None:
        return ()
    return (*_DEAL_WORDS[m.group("noun").lower().replace("-", "")], *_CLOSING_WORDS)


def _dated_event(sentence: str, stems: tuple[str, ...]) -> bool:
    """A date within a few words of one of the deal's words."""
    words = sentence.split()
    at = [i for i, w in enumerate(words) if w.lower().strip(".,;:()\"'’").startswith(stems)]
    for date in [*A_DATE.finditer(sentence), *YEAR.finditer(sentence)]:
        where = len(sentence[: date.start()].split())
        if any(abs(where - i) <= _DATED_NEAR for i in at):
            return True
    return False


# a signature block's mark: what it lists is who signed, which only a question about signing asks
_SIGNATURE = re.compile(r"/s/")
_ASKS_SIGNING = re.compile(r"\bsign(?:ed|s|ing|atures?|atory|atories)?\b", re.I)


def _states_nothing(quote: str, risks: bool, signs: bool = False) -> bool:
    """A quote that is a heading, a table's header, a caption, a consent, a cross-reference or
    (unless risks are asked) a hedge: nothing it says is a fact. Table rows with their figures
    state them, and a sentence ending in a colon ("The shareholder proposal ... was defeated:")
    is still a sentence."""
    text = prose(quote.strip())
    if _BOILERPLATE.search(text) or _CAPTION.search(text):
        return True
    if not signs and _SIGNATURE.search(text):
        return True  # "/s/ WILLIAM COREY WEST Executive Vice President ...": a signature page lists who signed
    if not risks and HEDGE.search(text):
        return True
    words = text.split()
    lower = [w for w in words if re.fullmatch(r"[a-z][a-z'’-]*[.,;:]?", w)]
    figures = [a for a in AMOUNT.findall(text) if not YEAR.fullmatch(a.strip("(),"))]
    # a heading or a header row: few lower-case words and no figures but dates ("CONSOLIDATED
    # STATEMENTS OF OPERATIONS (In thousands) (Unaudited) THREE MONTHS ENDED MARCH 31, 2015 2014")
    return len(lower) * 4 < len(words) and len(figures) <= 2


def _quotes(text: str) -> list[str]:
    return [q for q in _QUOTE.findall(text)]


def _own_words(text: str) -> str:
    """The answer's words outside its quotes and citations ("Yes.", "Alphabet — segment: ...")."""
    return _CITATION.sub(" ", _QUOTE.sub(" ", text)).strip(" .;,")


def _named_other(sentence: str, known: set[str]) -> bool:
    """Whether the sentence names another organisation or person than the filer (and the question's
    own names): a capitalised word past the sentence's first that is no heading or title word."""
    for m in _CAPITALISED.finditer(sentence):
        if m.start() == 0:
            continue
        stems = tokenize(m.group(0))
        if stems and not all(s in _NO_NAME or s in known or s.isdigit() for s in stems):
            return True
    return False


def _statements(written: WrittenAnswer, risks: bool, signs: bool = False) -> list[str]:
    """What the answer states: its quotes that state something, and its own words."""
    said = [q for q in _quotes(written.text) if not _states_nothing(q, risks, signs)]
    own = _own_words(written.text)
    return said + ([own] if own else [])


def missing_focus(written: WrittenAnswer, question: str, companies: list[str]) -> str | None:
    """What the question's focus asks that the answer does not state, said for the refusal; or None."""
    risks = asks_about_risk(question)
    quotes = _quotes(written.text)
    own = _own_words(written.text)
    signs = bool(_ASKS_SIGNING.search(question))
    if quotes and all(_states_nothing(q, risks, signs) for q in quotes) and len(own.split()) <= 2:
        return ("the quotes found are only headings, table headers, captions, consents, cross-references or risk "
                "hedges, which state nothing the question asks")
    known = {t for c in companies for t in tokenize(c)} | {t for w in _CAPITALISED.findall(question) for t in tokenize(w)}
    stated = _statements(written, risks, signs)
    if _ASKS_BY_PLACE.search(question) and not any(PLACE_NAMES.search(s) for s in stated):
        # "By region, where did its membership growth come from?": the company's totals and a table's
        # lead-in ("... by region for the years ended ...:") name no region
        return "the question asks by region, and no quote names a region or country"
    if written.kind == "passage" and (party := _DEAL_PARTY.search(question)) is not None \
            and not set(tokenize(party.group("name"))) <= {t for c in companies for t in tokenize(c)} \
            and not re.search(rf"\b(?:{re.escape(party.group('name').split()[0])}|{re.escape(party.group('name').split()[0].upper())})\b",
                              written.text):  # (or in an agreement's capitals: "SLACK TECHNOLOGIES, LLC")
        # "the strategic rationale for its acquisition of Current Health": a sentence about another
        # deal of the filer ("The acquisition of CST is aligned with our strategy") is not about this one
        return f"the question asks about its deal with {party.group('name')}, and no quote names {party.group('name')}"
    if written.kind == "passage" and _ASKS_PURPOSE.search(question) and _A_DEAL.search(question) \
            and not any(_PURPOSE.search(s) for s in stated):
        # "What was the key agenda of its acquisition of Whole Foods Market?": the deal's date and price say
        # nothing of why it was made
        return "the question asks for the purpose of a deal, and no quote states one"
    if written.kind == "passage" and _ASKS_PER_SHARE.search(question) and not any(_AN_AMOUNT_OF_MONEY.search(s)
                                                                                  for s in stated):
        # "What cash dividend per ordinary share did NICE pay in 2022?": an amount of money per share, which a tax
        # rate on dividends ("withholding tax at the rate of 25%") is not
        return "the question asks for an amount per share, and no quote states an amount of money"
    if written.kind == "passage" and ASKS_MIX.search(question) and not any(
            _PERCENT_FIGURE.search(s) or len(AMOUNT.findall(s)) >= 2 for s in stated):
        # "How did its revenue mix shift toward subscriptions?": a mix is stated by its parts' shares or amounts
        # ("Subscription revenue ... 67% of total revenue"), not by a sentence saying that it shifted
        return "the question asks how a whole is made up, and no quote states its parts' shares or amounts"
    if written.kind == "passage" and _ASKS_FINANCING.search(question) and not any(_FINANCING.search(s) for s in stated):
        # "How did Microsoft plan to finance its acquisition of LinkedIn?": an "all-cash transaction valued
        # at $26.2 billion" is its price, not where the cash comes from
        return "the question asks how a deal is financed, and no quote names a source of funds"
    for part in asked_parts(question):
        ask = asking(part)
        if (acquirer := _ASKS_ACQUIRER.match(ask)) is not None and _of_the_company(ask[acquirer.end():], companies):
            # "Which company acquired Best Buy?": the filer said to be acquired ("will acquire all of the outstanding
            # shares of Patriot", "acquired by"), not a deal of its own ("The acquisition of Yardbird was not material")
            if not any(_says_acquired(s, companies) for s in stated):
                return "the question asks who acquired the company, and no quote says the company was acquired"
        elif _ASKS_ACQUIRED.match(ask):
            if not any(_ACQUIRED.search(s) and _named_other(s, known) for s in stated):
                return "the question asks which company was acquired, and no quote names one said to be acquired"
        elif _ASKS_WHO.match(ask):
            if not any(_named_other(s, known) for s in stated):
                return "the question asks who, and no quote names a person or firm"
        elif _ASKS_WHEN.match(ask):
            if not any(A_DATE.search(s) or YEAR.search(s) for s in stated):
                return "the question asks when, and no quote gives a date"
            if (event := _asked_event(ask)) and not any(_dated_event(s, event) for s in stated):
                # "When did Oracle complete its acquisition of Cerner?": "... of which $1.5 billion were paid on June
                # 8, 2022" dates a payment, not the completion
                return "the question asks when a deal happened, and no quote dates the deal itself"
        elif (m := _ASKS_PERCENT_CHANGE.match(ask)) is not None:
            if not any(_states_change(s, _DOWN if _DOWN.match(m.group("verb")) else _UP) for s in stated):
                return "the question asks by what percentage something changed, and no quote states such a change"
        elif (m := _ASKS_AMOUNT_CHANGE.match(ask)) is not None:
            verb = m.group("verb") or m.group("moved")
            direction = _DOWN if _LOWERED.match(verb) or _DOWN.match(verb) else _RAISED
            if not any(direction.search(s) or _FROM_TO.search(s) for s in stated):
                # "By how much did it raise its 2023 EPS guidance?": "guidance updated ... $1.00 to $1.13" states
                # the new range, never a rise or the range before it
                return "the question asks by how much something was changed, and no quote states such a change"
        elif _ASKS_EFFECT_ON_RESULTS.match(ask):
            if not any(_MONEY_OR_RATE.search(s) for s in stated):
                return "the question asks how results were affected, and no quote states the effect as an amount"
        elif (m := _ASKS_RATIO.match(ask)) and not NOT_THE_RATIO.search(m.group("np")):
            if not any(_A_RATIO.search(s) for s in stated):
                return "the question asks for a ratio, and no quote states one as a figure"
        elif (amount := amount_asked(part)) is not None:
            head = amount.head
            if not any(states_amount_of(s, head) for s in stated):
                return f"the question asks for an amount ({amount.phrase}), and no quote states one beside it"
            if (names := _names_in(amount.phrase, companies)) and not any(
                    states_amount_of(s, head) and all(re.search(rf"\b{re.escape(n)}\b", s, re.I) for n in names)
                    for s in stated):
                # "the Google Cloud segment revenue": an amount of revenue that names no Google Cloud (hedging gains
                # "related to revenue") is another figure
                return (f"the question asks for an amount of {' '.join(names)} ({amount.phrase}), and no quote "
                        f"that states one names it")
            if (two := _two_amounts(stated, head, question)) is not None:
                return (f"the quotes give two different amounts for {amount.phrase} at the asked date "
                        f"({two[0]}; {two[1]}), so which is the one asked is not known")
    return None


# why a deal was made ("the key agenda of its acquisition of X", "the strategic rationale for ..."), and the
# words a filing states a purpose in ("to expand", "aligned with our strategy", "positions us as")
_ASKS_PURPOSE = re.compile(r"\b(?:key\s+)?agenda\b|\brationale\b|\bpurpose\s+of\b|\bstrategic\s+(?:reason|logic|goal|"
                           r"objective)s?\b|\bwhy\s+did\s+(?:\S+\s+){1,3}?(?:acquire|buy|purchase|sell|divest)\b", re.I)
_PURPOSE = re.compile(r"\bto\s+(?:expand|extend|enhance|strengthen|accelerate|broaden|add|deliver|bring|create|grow|enter|"
                      r"build|increase|complement|support|offer|provide|reach|serve|become)\b|\bstrateg\w*|\baligned\s+with\b|"
                      r"\bin\s+order\s+to\b|\benabl\w*|\bcomplement\w*|\bopportunit\w*|\bsynerg\w*|\bpositions?\b|"
                      r"\bexpand\w*|\bfocus\b|\bgoal\b|\bobjective\b", re.I)
# (a deal: "the key agenda of its 8-K" asks what the filing reports, which the current-report reader answers)
_A_DEAL = re.compile(r"\b(?:acqui\w+|merg\w+|purchas\w+|buy(?:ing)?|bought|divest\w*|spin[-\s]?off|sale\s+of|sell\w*|"
                     r"deal|transaction|investment\s+in|stake\s+in)\b", re.I)
# how a deal is paid for, and the words of a source of funds
_ASKS_FINANCING = re.compile(r"\bhow\s+(?:did|does|do|will|would|was|is)\s+(?:\S+\s+){0,4}?(?:plan\s+to\s+|intend\s+to\s+)?"
                             r"(?:finance|fund|pay\s+for|financed|funded)\b", re.I)
_FINANCING = re.compile(r"\bdebt\b|\bnotes\b|\bborrow\w*|\bbonds?\b|\bindebtedness\b|\bcredit\s+(?:facilit\w*|agreement)|"
                        r"\bcommercial\s+paper\b|\bcash\s+on\s+hand\b|\b(?:existing|available)\s+cash\b|\bloans?\b|"
                        r"\bequity\s+offering\b|\bissu(?:e|ed|ance|ing)\s+(?:of\s+)?(?:new\s+)?(?:shares|stock|debt|notes)", re.I)
# the other party a deal question names: "its acquisition of Current Health", "the merger with Allergan",
# "its sale of StubHub" (capitalised words, as a name is printed)
_DEAL_PARTY = re.compile(r"\b(?:acquisition\s+of|acquire[ds]?|acquiring|merger\s+with|purchase\s+of|sale\s+of|"
                         r"divestiture\s+of|stake\s+in|investment\s+in|partnership\s+with)\s+(?:the\s+)?"
                         r"(?P<name>[A-Z][\w&.'’-]*(?:\s+[A-Z][\w&.'’-]*){0,3})")


_NOT_NAMES = frozenset(tokenize("fy fiscal q1 q2 q3 q4 gaap non-gaap us u.s. january february march april may june "
                                 "july august september october november december company company's corporation group "
                                 "total net consolidated the our its"))


def _names_in(np: str, companies: list[str]) -> list[str]:
    """The capitalised words of an asked noun phrase that name a thing of the filer's ("Google Cloud" of "the
    Google Cloud segment revenue"), not the filer, a month, a period or an accounting basis."""
    own = {t for c in companies for t in tokenize(c)}
    return [w for w in re.findall(r"\b[A-Z][\w&'’-]*", np)
            if tokenize(w) and tokenize(w)[0] not in own and tokenize(w)[0] not in _NOT_NAMES and not w.isupper()]


def _states_change(sentence: str, direction: re.Pattern[str]) -> bool:
    """A percentage stated within a few words of a change in the asked direction ("declined 45%",
    "a 12% decrease"): "a 0.01% increase" answers no question of a decline."""
    words = sentence.split()
    for i, word in enumerate(words):
        if _PERCENT_FIGURE.search(word) or (word.lower().startswith("percent") and i and _PERCENT_FIGURE.search(
                f"{words[i - 1]} {word}")):
            near = " ".join(words[max(0, i - NEAR): i + NEAR + 1])
            if direction.search(near):
                return True
    return False


# "$59,828 million", "$377,499", "$1.2 billion": the first money amount beside the asked thing's name
_ASKS_PER_SHARE = re.compile(r"\b(?:what|how\s+much)\b[^?]{0,40}?\b(?:dividends?|price|earnings|amount|payout)\s+"
                             r"per\s+(?:ordinary\s+|common\s+|class\s+\w\s+)?share\b", re.I)
_AN_AMOUNT_OF_MONEY = re.compile(r"[$€£¥]\s?\d|\b\d[\d,]*(?:\.\d+)?\s*(?:cents?|dollars?|euros?|pence|NIS|shekels?|"
                                 r"yen|francs?|rupees?)\b|\b(?:USD|EUR|GBP|CHF|NIS|INR|JPY)\s?\d", re.I)
_MONEY = re.compile(r"[$€£¥]\s?(?P<n>\d[\d,]*(?:\.\d+)?)(?:\s*(?P<scale>thousand|million|billion))?", re.I)
_SCALE = {"thousand": 1e3, "million": 1e6, "billion": 1e9}


def _first_money(sentence: str, head: str) -> tuple[float, str | None, str] | None:
    if head.lower()[:5] in A_PRICE_HEADS and A_PRICE.search(sentence):
        # "to acquire X for $95.00 per share in an all-cash transaction valued at $68.7 billion": its first amount
        # (a price said anywhere in the sentence, not only next to the word "price")
        money = _MONEY.search(sentence)
        if money is None:
            return None
        return (float(money.group("n").replace(",", "")), money.group("scale").lower() if money.group("scale") else None,
                money.group(0))
    words = sentence.split()
    stem = head.lower()[:5]
    for i, word in enumerate(words):
        if word.lower().strip(".,;:()\"'’").startswith(stem):
            if (money := _MONEY.search(" ".join(words[i:i + NEAR + 1]))) is not None:
                scale = money.group("scale").lower() if money.group("scale") else None
                return float(money.group("n").replace(",", "")), scale, money.group(0)
            return None
    return None


def _two_amounts(stated: list[str], head: str, question: str) -> tuple[str, str] | None:
    """Two quotes, each dated in the year the question asks, that give the asked thing different amounts
    ("Total backlog of $59,828 million at December 31, 2021", one segment's, beside "Our backlog at
    December 31, 2021 was $377,499", the company's): an answer that gives both answers neither. An
    amount printed without its scale is read in the other's."""
    years = set(YEAR.findall(question))
    found = [a for s in stated if years and years <= set(YEAR.findall(s)) and (a := _first_money(s, head))]
    for i, (x, xs, xt) in enumerate(found):
        for y, ys, yt in found[i + 1:]:
            scale_x, scale_y = _SCALE.get(xs or ys or "", 1.0), _SCALE.get(ys or xs or "", 1.0)
            if abs(x * scale_x - y * scale_y) > 0.02 * max(x * scale_x, y * scale_y):
                return xt, yt
    return None


def answered_on_focus(written: WrittenAnswer, question: str, companies: list[str]) -> WrittenAnswer:
    """The answer, or an `unverified` refusal naming what the question's focus asks and the quotes
    lack."""
    if written.status != "answered" or (written.kind or "") in _CHECKED_ELSEWHERE:
        return written
    missing = missing_focus(written, question, companies)
    if missing is None:
        return written
    return written.model_copy(update={
        "status": "unverified", "value": None, "reason": missing, "flags": [*written.flags, FLAG],
        "text": f"Not given: {missing}; found only: {written.text}",
    })
