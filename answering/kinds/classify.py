"""Question -> `KindDecision`: the shape of answer it asks for, and why, from its wording.

Read from the asking sentence (the one with the question mark), most specific form first:

- "What drove / why did / what were the reasons for ..."          -> drivers
- "Is / Does / Has / Did ... ?" (one company)                      -> yes_no: a judgement over
  a metric when it names one and a test ("improving", "increased", "positive", "healthy
  ... quick ratio", "capital intensive", "more than 20%"), else a fact stated in text
- "Which / what ... highest / largest / most / worst ...", "among"   -> choice
- "What are the ...", "Who are ...", "Which <plural> are ..."        -> list
- "What is the nature of / policy / how does X recognize ..."      -> definition
- a metric named with "what is / how much / compare / calculate"   -> metric
- anything else                                                    -> passage

"If <metric> is not a useful metric for a company like this, state that and explain why"
marks `unless_not_meaningful`: the writer first checks the statements for the metric's
inputs (answering.kinds.not_meaningful) and answers in the asked kind only when they exist.
A question's own rule for a missing fact ("if there is no mention, return False") is kept
as `default_answer`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, Field

from answering.intent import threshold
from answering.kinds.amount_ask import ASKS_MIX
from answering.kinds.ask_coverage import ON_A_CAUSE, thing_asked
from answering.kinds.ask_scope import IF_NOT_USEFUL, YES_NO_LEAD_IN, ask_parts
from answering.kinds.customer_words import ASKS_CUSTOMERS
from answering.kinds.guidance_ask import asks_guidance
from answering.kinds.registered_securities import ASKS_REGISTERED, asks_exchanges
from answering.kinds.sentences import ask_part
from answering.kinds.underlying import DISTORTS
from answering.metric_target import (
    asked_line_change,
    defines_formula,
    qualified_name,
    source_named_line,
    with_request_before,
)
from finrag.models import AnswerKind
from finrag.vocabulary import Vocabulary, tokenize
from loaders.dates import ENGLISH_MONTHS, MONTH_NAMES
from retrieval.event_ask import event_ask
from retrieval.periods import parse_periods
from retrieval.query_understanding import DONE_TO_COMPANIES

YesNoTest = Literal[
    "improving", "increased", "decreased", "positive", "negative", "above", "below", "share_above", "share_below",
    "capital_intensive", "stated", "covers", "consistent", "any_fell", "any_grew",
]


class KindDecision(BaseModel):
    """The answer kind a question asks for, why, and what that kind's writer needs."""

    kind: AnswerKind
    reason: str
    ask: str = ""  # the asking sentence
    metric: str | None = None  # vocabulary key the answer is about (yes_no over a metric, drivers, ...)
    test: YesNoTest | None = None  # yes_no: what makes the answer "yes"
    threshold: float | None = None  # yes_no "above"/"below": the limit (percent for ratios)
    default_answer: bool | None = None  # the question's own rule when nothing is mentioned
    default_value: float | None = None  # metric: "if X is not explicitly outlined, state 0"
    order: Literal["highest", "lowest"] | None = None  # choice: which end of the ranking
    candidates: list[str] = Field(default_factory=list)  # choice: the items named in the question
    unless_not_meaningful: bool = False  # "if X is not a useful metric ..., state that and explain why"
    quantities: list[str] = Field(default_factory=list)  # passage: the metrics asked side by side, each a figure

    def describe(self) -> str:
        extra = [f"metric={self.metric}" if self.metric else "", f"test={self.test}" if self.test else "",
                 f"threshold={self.threshold:g}" if self.threshold is not None else "",
                 f"order={self.order}" if self.order else "",
                 f"candidates={'/'.join(self.candidates)}" if self.candidates else "",
                 f"default={self.default_answer}" if self.default_answer is not None else "",
                 f"default value={self.default_value:g}" if self.default_value is not None else "",
                 "unless not meaningful" if self.unless_not_meaningful else ""]
        details = ", ".join(e for e in extra if e)
        return f"{self.kind}: {self.reason}" + (f" ({details})" if details else "")


# "Which driver of Patriot was awarded Driver of the Year?": a person who drives, asked with no change or measure
_A_DRIVER_ASKED = re.compile(r"^\W*(?:which|who\s+(?:was|is)\s+the)\s+(?:truck\s+)?driver\b(?![^?]*\b(?:drove|growth|grew|"
                             r"declin\w*|increas\w*|decreas\w*|changes?|changed|margins?|revenues?|sales|income|"
                             r"earnings|costs?)\b)", re.I)

_DRIVERS = re.compile(
    r"\bwhat\s+(?:\w+\s+){0,2}(?:drove|drives|driven|caused|causes|contributed|led\s+to|explains?|accounts?\s+for)\b"
    r"|\bwhy\b|\b(?:drivers?|reasons?|factors?|causes?)\s+(?:of|for|behind|that|which)\b"
    # "What does its FY2022 10-K say drove the decline?", "What reasons does the 10-K give?": what the
    # filing says caused a change, however many words name the filing (as the whole ask: "..., and what
    # reasons did the CEO give?" is one part of an event's account)
    r"|^\W*what\s+(?:[\w&.'\u2019-]+\s+){1,6}?(?:say|says|said)\s+(?:drove|caused|contributed|led\s+to|explains?)\b"
    r"|^\W*what\s+(?:reasons?|drivers?|factors?|causes?)\s+(?:does|did|do|is|are|was|were)\b"
    # "How does eBay explain this?", "How did management account for the gap?": the company's own explanation
    r"|^\W*how\s+(?:does|did|do)\s+(?:[\w&.'\u2019-]+\s+){1,4}?(?:explain|account\s+for)\b"
    r"|\bwhat\s+(?:were|are|was|is)\s+the\s+(?:\w+\s+){0,2}(?:drivers?|reasons?|factors?)\b"
    # "which segments drove the improvement": the parts that drove a change
    r"|\bwhich\s+(?:[\w'\u2019-]+\s+){1,4}(?:drove|caused|contributed\s+to)\b",
    re.I,
)
_YES_NO_START = re.compile(
    r"^\W*(?:is|are|was|were|does|do|did|has|have|had|can|will|would|should)\b", re.I
)
# "its five largest markets", "the top three customers", "10 largest cities": a counted set, not one pick
_COUNTED_SUPERLATIVE = re.compile(r"\b(?:two|three|four|five|six|seven|eight|nine|ten|\d{1,2})\s+(?:largest|biggest|"
                                  r"highest|greatest|top|most|lowest|smallest)\b|\btop\s+(?:two|three|four|five|six|"
                                  r"seven|eight|nine|ten|\d{1,2})\b", re.I)
# "Which of its two segments had the higher operating margin?": of two, the comparative picks as the superlative
_COMPARATIVE = re.compile(r"\b(?:the\s+)?(?:(?P<high>higher|larger|bigger|greater|more|better|stronger|faster)|"
                          r"(?P<low>lower|smaller|less|fewer|weaker|worse|slower))\b(?!\s+than\b)", re.I)
_OF_TWO = re.compile(r"\b(?:of|between)\s+(?:its\s+|the\s+|their\s+|[\w.&-]+['’]s?\s+)?(?:two|both)\b|"
                     r"\b[A-Z][\w&-]*\s+or\s+[A-Z]", re.I)
_SUPERLATIVE = re.compile(
    r"\b(?P<drop>(?:biggest|largest|greatest|steepest)\s+(?:[\w-]+\s+){0,2}?(?:drop|decline|decrease|fall|drag)|"
    r"dragged\s+(?:down|on)|held\s+back|"
    # "which unit contributed the most to the revenue decline": the largest fall, not the largest rise
    # ("contributed the most to offsetting the decline": a verb in "-ing" between asks the largest rise)
    r"(?:contribut\w*|accounted)\s+(?:for\s+)?(?:the\s+)?most\s+(?:to|of)\s+(?:the\s+|its\s+)?(?:(?![\w-]+ing\s)[\w-]+\s+){0,3}?"
    r"(?:drop|decline|decrease|fall|reduction|shortfall)|"
    # "which segment fell the most": the lowest change, as "the biggest drop"
    r"(?:fell|declined|dropped|decreased|shrank)\s+(?:the\s+)?most)\b"
    r"|\b(?P<high>highest|largest|biggest|most|greatest|top|best|strongest|maximum|fastest|quickest)\b"
    r"|\b(?P<low>lowest|smallest|least|worst|weakest|minimum|fewest)\b",
    re.I,
)
# "Which ...", also after a lead-in clause: "In 2022 Q2, which ...", "If we exclude M&A, which ..."
_WHICH_START = re.compile(r"^\W*(?:(?:\S+\s+){0,8}?\S*,\s*)?which\b", re.I)
_SHARE_ASK = re.compile(r"^\W*(?:what|which)\s+(?:percentage|percent|share|portion|proportion|fraction)\b"
                        r"|^\W*how\s+much\s+of\b", re.I)
_WHICH = re.compile(r"^\W*(?:(?:\S+\s+){0,8}?\S*,\s*)?(?:which|what)\b|\bamong\b", re.I)
_LIST = re.compile(
    r"^\W*(?:what|who|which)\s+(?:are|were)\b|^\W*(?:list|name|enumerate|identify)\b",
    re.I,
)
# ("From the sales of shares in which companies did eBay receive ...": a set asked after a phrase of its own)
# (a phrase of its own: "On which stock exchanges" is the plain question's preposition, read as before)
_WHICH_NOUNS = re.compile(r"^\W*(?:(?:from|in|of|to|with|for|by|at|on|among)\s+(?:[\w'’-]+\s+){1,6}?)?"
                          r"which\s+(?:of\s+\S+\s+)?((?:[\w-]+\s+){0,2}[\w-]+)", re.I)
_NOT_PLURAL = frozenset({"was", "has", "is", "does", "this", "its", "his", "us", "as", "versus", "plus", "did", "do",
                         "will", "would", "had", "have", "are", "were"})


_DEFINITION = re.compile(
    r"\bnature\s+(?:(?:and|&)\s+\w+\s+)?of\b|\bhow\s+does\s+.+\b(?:recogni[sz]e|account\s+for)\b"
    r"|^\W*what\s+(?:is|are)\s+(?:\S+['\u2019]s?\s+|the\s+)?(?:\w+\s+){0,4}polic(?:y|ies)\b"
    r"|^\W*(?:what\s+is\s+(?:an?\s+)?|what's\s+|define\s+|what\s+does\s+.+\s+mean)",
    re.I,
)
_POLICY = re.compile(r"\bnature\b|\bpolic(?:y|ies)\?|\bpolic(?:y|ies)\b(?!.*\bwhat\b)|\bmean\b|\brecogni[sz]e\b"
                     r"|\baccount\s+for\b", re.I)
_METRIC_ASK = re.compile(
    r"^\W*(?:what|how\s+much|how\s+many|calculate|compute|by\s+how\s+much)\b|\bcompare[sd]?\b|\bhow\s+much\b"
    r"|\bwhat\s+(?:is|was|were)\b",
    re.I,
)
_DEFAULT_FALSE = re.compile(r"\bif\s+(?:there\s+is\s+)?no(?:t)?\s+(?:\w+\s+){0,3}(?:mention\w*|disclos\w*|information)"
                            r"[^.?]*\breturn\s+(?P<value>false|no|true|yes)\b", re.I)
_DEFAULT_ZERO = re.compile(r"\bif\b[^.?]*\b(?:not|no)\b[^.?]*\b(?:state|return|answer|put|write)\s+(?:0|zero)\b", re.I)
# a comparison with another item, not with a number ("more profitable than its Products business")
_THAN_ANOTHER = re.compile(
    r"\b(?:more|less|higher|lower|greater|larger|smaller|better|worse)\b[^.?]{0,40}?\bthan\s+"
    r"(?!\$?\d|\w+\s+percent|(?:in\s+|at\s+|for\s+)?(?:the\s+)?(?:(?:prior|previous|last|preceding|same|year|quarter|"
    r"fiscal|one|two|three|four|five|ten|zero|before|a\s+year|it\s+was)\b|fy\s?\d|\d))", re.I)
# "Did its FY2022 free cash flow cover its dividend payments?", "Is operating income enough to cover
# interest expense?": the amount before the verb against the one after it
COVERS = re.compile(r"\b(?:fully\s+)?cover(?:s|ed)?\b|\b(?:enough|sufficient)\s+to\s+(?:cover|pay)\b", re.I)
# a yes/no on what caused a move: "driven by", "due to", "the result of" (ask_coverage's), "attributable to"
_ON_A_CAUSE = re.compile(rf"{ON_A_CAUSE.pattern}|\bexplained\s+(?:\w+ly\s+)?by\b|\battributable\s+to\b", re.I)
# "Were there any events outside its core operations that substantially reduced its net loss?": whether such things
# exist, which the metric's own move does not say (it moves with or without them)
_THINGS_THAT_MOVED = re.compile(r"^\W*(?:are|were|is|was)\s+there\s+(?:any|an?)\s+[^?]{0,120}?\b(?:that|which)\b", re.I)
_TESTS: list[tuple[YesNoTest, re.Pattern[str]]] = [
    ("capital_intensive", re.compile(r"\bcapital[-\s]intensive\b|\bcapital\s+intensity\b", re.I)),
    ("improving", re.compile(r"\bimprov\w*\b|\bhealthier\b|\bstrengthen\w*", re.I)),
    ("decreased", re.compile(r"\b(?:decreas|declin|reduc|shrink|shrank|lower|fell|fall|drop)\w*", re.I)),
    ("increased", re.compile(r"\b(?:increas|grow|grew|growth|rais|rise|rose|higher|expand)\w*", re.I)),
    ("positive", re.compile(r"\bpositive\b|\bprofitable\b", re.I)),
    ("negative", re.compile(r"\bnegative\b", re.I)),
    # "Did it report a net loss for the first six months?": the period's net result below nil (a change of the loss,
    # "did its net loss narrow", is no such test: the move words are tested first)
    # (only the period's own result: "a net loss from discontinued operations", "net losses on its hedges", "in any of
    # the years" are other figures)
    ("negative", re.compile(r"^\W*(?:did|has|had)\s+(?!(?:[^?]*?\b(?:segment|division|joint\s+venture|subsidiary|unit|"
                            r"business)\b))[^?]{2,80}?\b(?:report|post|record|incur|suffer)(?:s|ed)?\s+an?\s+net\s+loss\s+"
                            r"(?:for|in|during)\s+(?:the\s+)?(?:(?:first|second|third|fourth|fiscal|year|six|nine|three|"
                            r"quarter|months?|ended|ending|of|FY|Q[1-4]|\d{1,2},?|(?-i:[A-Z][a-z]+)|(?:19|20)\d\d)\s*){1,8}"
                            r"(?:\([^)]*\)\s*)?\?", re.I)),
]
# "What restructuring plan did X announce in January 2023", "What income tax matter did X settle":
# a specific event, described in the text; the period's statement line of the same name
# (restructuring charges, income tax expense) would be another quantity.
_EVENT_ASK = re.compile(
    r"^\W*(?:(?:\S+\s+){0,8}?\S*,\s*)?(?:what|which)\s+(?:[\w-]+\s+){0,3}(?:changes?(?!\s+(?:in|of)\b)|matter|matters|plan|plans|program|programs|programme|"
    r"agreement|settlement|lawsuit|litigation|event|transaction|deal|action|decision|initiative|transformation|"
    r"authori[sz]ations?|approvals?)\b",
    re.I,
)
# "who agreed to acquire the company and what will shareholders receive per share?": a deal's buyer and price,
# which its announcement states; "receive" names no receivables
_DEAL_ASK = re.compile(r"\bwho\s+(?:\w+\s+){0,2}?(?:acquir|buy|bought|purchas|merg)\w*|"
                       r"\b(?:shareholders|stockholders|holders)\s+(?:will|would|were\s+to|are\s+to)\s+receive\b", re.I)
_DATED_ACTION = re.compile(
    r"\b(?:settl|announc|agree|sign|complet|clos|enter|effective|launch)\w*\b[^?]*\b(?:" + MONTH_NAMES + r")\s+(?:\d{1,2},\s*)?\d{4}\b", re.I,
)
# "(quarter ended March 31, 2023)", "as of April 30, 2023": the date a period or a balance ends,
# not the date of an action; read before a dated action so that "effective income tax rate for
# the quarter ended March 31, 2023" stays a metric ("effective as of July 1, 2022" is an action's date).
_PERIOD_END = re.compile(
    r"\b(?:(?:quarter|year|period|months|weeks)\s+end(?:ed|ing)|(?<!effective )as\s+(?:of|at))\s+(?:" + MONTH_NAMES + r")\s+(?:\d{1,2},\s*)?\d{4}\b", re.I,
)
# "..., and where did that fire start?": a part asking where, when or who is answered by the
# text; no statement line holds a place, a date or a person, so the ask is not a metric's value.
_PLACE_TIME_PART = re.compile(r"(?:,|\band)\s+(?:where|when|who|whom)\s+(?:did|does|do|is|was|were|are|has|had|will)\b",
                              re.I)
# "Who is X's CEO, since when, and what salary ... costs did X record for the CEO?": a person
# asked first; "equity compensation costs" of a person is no balance sheet's equity
_WHO_START = re.compile(r"^\W*(?:who|whom)\s+(?:is|was|are|were|has|had)\b", re.I)
# "In which country did it record a valuation allowance ...?": a place asked, whatever figures the question names
_WHERE_START = re.compile(r"^\W*(?:(?:in|from|to|into)\s+)?(?:which|what)\s+(?:country|countries|city|cities|state|states|"
                          r"jurisdictions?|locations?)\b|^\W*where\s+(?:did|does|do|is|was|were|are|has|had)\b", re.I)
_CHARGE_AGAINST = re.compile(r"\bimpair(?:ment|ed|s)?\b|\bwr(?:ite|ote|itten)[\s-]?(?:off|down)s?\b", re.I)
# "Assuming no unforeseen costs, until when does it expect its cash reserves to fund the business?": a time
# asked (a date, a quarter), which the cash balance does not answer
_WHEN_ASK = re.compile(r"(?:^|[,;:]\s*)\W*(?:(?:until|by|since)\s+)?when\s+(?:did|does|do|is|was|will|would|can|could)\b",
                       re.I)
# "historically consistent (not fluctuating more than roughly 2% each year)": the question's own
# tolerance for the metric's year-over-year moves, in points
_CONSISTENT = re.compile(r"\b(?:consistent|stable|steady)\b[^?]*?\b(?:not\s+fluctuat\w*|within|no\s+more\s+than)\s+"
                         r"(?:(?:by\s+)?(?:more\s+than|over|above)\s+)?(?:roughly\s+|about\s+|around\s+|approximately\s+)?"
                         r"(?P<points>\d+(?:\.\d+)?)\s*(?:%|percent|percentage\s+points?)", re.I)
# "any revenue categories that saw a year-over-year decline", "any of its segments whose sales grew": a
# change asked of each item of a breakdown, not of the whole
_ANY_ITEM_MOVED = re.compile(r"\bany\s+(?:of\s+(?:its|the|their|[\w&.-]+(?:\s+[\w&.-]+)?['’]s?)\s+)?(?:[\w/&-]+\s+){0,4}?(?:segments?|categor(?:y|ies)|"
                             r"regions?|products?|product\s+lines?|businesses|brands?|divisions?|geograph\w*|"
                             r"countr(?:y|ies))\b(?:(?!\b(?:could|may|might|would|will|can)\b)[^?]){0,120}?"
                             r"\b(?P<way>declin\w*|decreas\w*|fell|fall\w*|drop\w*|shr[ai]nk\w*|grew|grow\w*|"
                             r"increas\w*|rose)\b", re.I)
# a rate per share asked ("its quarterly dividend", "the dividend per share"), not the period's total amount
_A_RATE = re.compile(r"\bper\s+(?:common\s+)?share\b|\bquarterly\s+(?:cash\s+)?dividends?\b|\bdividend\s+rate\b", re.I)
_HEALTHY = re.compile(r"\b(?:healthy|sufficient|adequate|strong|good|reasonabl\w*)\b", re.I)
_CAPITAL_INTENSITY = "capex_to_revenue"


# "What were Intel's capital expenditures in fiscal 2022?": a measure whose name is plural, not a set's items
# ("What were the total operating revenues of "PG&E Corporation" in the fiscal year 2022": the company named
# between the measure and its period, as the Enterprise RAG Challenge asks)
# (a company's name of several words before its possessive: "PT Adhi Karya (Persero) Tbk's capital expenditures")
_WHAT_WERE_NOUN = re.compile(r"^\W*what\s+were\s+(?:(?-i:(?:[A-Z(][\w.&()-]*\s+){0,5}[A-Z(][\w.&()-]*)['’]s?\s+|its\s+|"
                             r"their\s+|the\s+)(?P<noun>[a-z][\w\s&,-]{2,60}?)"
                             # ("of the Greater China segment of "Apple Inc."": the part, then the company)
                             # ("paid by Oracle": the company doing it)
                             r"(?:\s+(?:of|by)\s+(?:the\s+)?(?:\"[^\"]{2,80}\"|(?:[A-Z][\w.&'’-]*\s*){1,5})"
                             r"(?:\s*(?:segment|division|business|region|unit|brand)\b)?){0,2}"
                             r"\s+(?:in|for|during|at|as\s+of|over)\s+(?:the\s+)?(?:fiscal|fy|q[1-4]|first|second|third|"
                             r"fourth|year|quarter|half|(?:three|six|nine|twelve)\s+months|(?:19|20)\d\d|end\s+of|"
                             # "as of December 31, 2013": a balance at a day
                             rf"{ENGLISH_MONTHS}\s+\d|\d{{1,2}}\s+{ENGLISH_MONTHS}\s+\d)", re.I)


def _plural_metric(ask: str, vocab: Vocabulary) -> bool:
    """The ask names one measure by its plural name ("capital expenditures", "net revenues")."""
    m = _WHAT_WERE_NOUN.match(ask)
    if m is None:
        return False
    noun = m.group("noun").strip().lower()
    # ("total operating revenues": the measure's wording with the total it is; "Services net sales": a line of it,
    # named by its source before the measure's plural name)
    return any(said == w.lower() for said in (noun, re.sub(r"^total\s+", "", noun))
               for key in vocab.match_metrics(noun) for w in vocab.metrics[key].wordings) \
        or any(source_named_line(ask, key, vocab) == noun for key in vocab.match_metrics(noun))


def _plural_which(ask: str) -> bool:
    """ "Which debt securities ...", "which of its segments ...": the question asks for a set."""
    m = _WHICH_NOUNS.search(ask)
    if not m:
        return False
    words = m.group(1).lower().split()
    # "which professional services firm did ...": where the verb comes right after the words read, the noun before it
    # is the head, and the words before that qualify it ("services" of a firm)
    phrase = words + re.findall(r"[\w-]+", ask[m.end(1):].lower())[:2]
    verb = next((i for i, w in enumerate(phrase) if w in _NOT_PLURAL), None)
    if verb is not None and verb >= len(words) \
            and not {"of", "for", "in", "at", "on", "by", "with", "from", "to"} & set(words):
        words = [phrase[verb - 1]]  # ("which notes of Acme are": the head stands before its "of")
    for word in words:
        if word in _NOT_PLURAL:
            return False
        if word.endswith("s") and not word.endswith(("ss", "us", "is", "'s")):
            return True
    return False


# "raise substantial doubt about its ability to continue as a going concern": no growth of anything
_RAISE_DOUBT = re.compile(r"\brais\w*\s+(?:[\w-]+\s+){0,2}(?:doubts?|concerns?|questions?)\b", re.I)


# "What drove the improvement", "what caused it": a change the words before the ask stated
_REFERS_BACK = re.compile(r"\b(?:the|this|that|such\s+an?)\s+(?:improvement|increase|decrease|decline|rise|drop|fall|"
                          r"change|growth|gain|expansion|contraction|deterioration)\b|\b(?:drove|caused|explains?)\s+"
                          r"(?:it|this|that)\b", re.I)


_UP = re.compile(r"\b(?:rose|risen|increased|grew|grown|improved|expanded|gained|climbed|up)\b", re.I)
_DOWN = re.compile(r"\b(?:fell|fallen|declined|decreased|dropped|shrank|contracted|deteriorated|down|narrowed)\b", re.I)
_UP_NOUN = re.compile(r"\b(?:increase|rise|growth|gain|expansion)\b", re.I)
_DOWN_NOUN = re.compile(r"\b(?:decrease|decline|drop|fall|contraction)\b", re.I)
_BETTER_NOUN = re.compile(r"\b(?:improvement|deterioration)\b", re.I)
# a clause about a cost or a loss, which improves by going down
_COST = re.compile(r"\b(?:costs?|expenses?|loss(?:es)?|sg&a|debt|liabilit\w*)\b", re.I)


def _premise_measure(premise: str, reference: str, vocab: Vocabulary) -> str | None:
    """The one measure of the premise that moved the way the ask's reference says ("the increase": the one that rose;
    "the improvement": a profit that rose or a cost that fell), each clause read with its own verb; None when no
    clause, or more than one, says so."""
    clauses = re.split(r"[.;]|,|\b(?:even\s+though|although|though|while|whereas|but|yet)\b", premise)
    if _BETTER_NOUN.search(reference):
        better = "improvement" in reference.lower()  # (else a deterioration: a profit that fell, a cost that rose)

        def moved_so(clause: str) -> bool:
            up, down = bool(_UP.search(clause)), bool(_DOWN.search(clause))
            return (up if not _COST.search(clause) else down) if better else (down if not _COST.search(clause) else up)
    elif _UP_NOUN.search(reference) or _DOWN_NOUN.search(reference):
        way = _UP if _UP_NOUN.search(reference) else _DOWN

        def moved_so(clause: str) -> bool:
            return bool(way.search(clause))
    else:
        found = set(vocab.match_metrics(premise))
        return found.pop() if len(found) == 1 else None
    moved = {m for clause in clauses if moved_so(clause) for m in _named(clause, vocab)[:1]}
    return moved.pop() if len(moved) == 1 else None



def _named(ask: str, vocab: Vocabulary) -> list[str]:
    """The metrics `ask` names as such: not one named only by a word another qualifies
    ("estimated liability for wildfire claims" is no total liabilities), a quantity the text
    states instead. A verb of the metric's stem ("may borrow", "did it receive") stays the
    metric's ask, which the metric path refuses by name ("asks for borrow, which is not Total
    debt"): what may be borrowed is a sum over agreements that one quoted sentence misstates."""
    return [m for m in vocab.match_metrics(ask)
            if ((qualified := qualified_name(ask, m, vocab)) is None or " " not in qualified
                or asked_line_change(ask, m, vocab)  # "growth in membership fee revenue": that line's change
                or source_named_line(ask, m, vocab) is not None)  # "Services net sales": that line's value
            and not _one_of_a_kind(ask, m, vocab)]


def _one_of_a_kind(ask: str, metric: str, vocab: Vocabulary) -> bool:
    """The ask names the metric only by its one word after "a", "an" or "any" ("had it recorded a liability for
    claims from the Mosquito fire?"): one item of that kind, never the statement's total."""
    words = [w for w in vocab.metrics[metric].wordings if " " not in w.strip()]
    if any(" " in w.strip() and re.search(rf"\b{re.escape(w)}\b", ask, re.I) for w in vocab.metrics[metric].wordings):
        return False
    if vocab.statement_of(metric) != "balance_sheet":
        return False  # ("a revenue increase", "any cash outflow": a flow's change, not one item of a balance)
    stems = {tuple(tokenize(w)) for w in words}
    # the word is the head of its phrase ("a liability for claims", "an asset?"), not a noun's qualifier
    return any(tuple(tokenize(m.group(1))) in stems
               for m in re.finditer(r"\b(?:a|an|any)\s+([a-z]+)(?=\s+(?:for|of|in|related|relating|associated|from|to|"
                                    r"on|at|as|under|with|that|which)\b|\s*[?,.;]|\s*$)", ask, re.I))


def _yes_no(ask: str, question: str, vocab: Vocabulary) -> KindDecision:
    ask = _RAISE_DOUBT.sub("casts doubt", ask)
    metrics = _named(ask, vocab)
    if (cover := COVERS.search(ask)) and _named(ask[: cover.start()], vocab) and _named(ask[cover.end():], vocab):
        # "Did its free cash flow cover its dividend payments?": one amount against another
        return KindDecision(kind="yes_no", reason="yes/no on whether one amount covers another", ask=ask,
                            metric=_named(ask[: cover.start()], vocab)[-1], test="covers")
    default = _DEFAULT_FALSE.search(question)
    default_answer = default.group("value").lower() in ("true", "yes") if default else None
    limit = threshold(ask)
    if metrics and (steady := _CONSISTENT.search(ask)):
        # the metric over the years the statements show, each year's move against the stated tolerance
        return KindDecision(kind="yes_no", reason=f"yes/no on whether {metrics[-1]} moved less than the tolerance "
                            "the question states, year by year", ask=ask, metric=_main_metric(metrics, vocab),
                            test="consistent", threshold=float(steady.group("points")))
    if moved := _ANY_ITEM_MOVED.search(ask):
        # "Are there any revenue categories that saw a year-over-year decline?": each item's own change,
        # read from the table of the items; the total's change answers nothing of them (an item named
        # with no measure, "any product categories", moves by its sales)
        fell = bool(re.match(r"declin|decreas|fell|fall|drop|shr", moved.group("way"), re.I))
        metric = _main_metric(metrics, vocab) if metrics else "revenue"
        return KindDecision(kind="yes_no", reason=f"yes/no on whether any item of {metric} "
                            f"{'fell' if fell else 'grew'}, item by item", ask=ask, metric=metric,
                            test="any_fell" if fell else "any_grew")
    for test, pattern in _TESTS:
        if not pattern.search(ask) or _THAN_ANOTHER.search(ask) or _ON_A_CAUSE.search(ask) \
                or _THINGS_THAT_MOVED.search(ask):
            # (and "Was the increase in its operating profit driven by its core operations?" asks a cause of
            # the move, which the move itself does not say)
            # "Is its Services business more profitable than its Products business?" compares two
            # items: the company's own metric being positive or rising answers nothing of it
            continue
        if test == "capital_intensive":
            return KindDecision(kind="yes_no", reason="asks whether the business is capital intensive (a judgement over "
                                "capital intensity ratios)", ask=ask, metric=_CAPITAL_INTENSITY, test=test)
        if metrics and _A_RATE.search(ask) and vocab.metrics[_main_metric(metrics, vocab)].unit == "USD":
            # "Did Apple raise its quarterly cash dividend?": the rate per share, which rose while the total
            # paid fell with fewer shares; the sentence announcing the raise says it, the total does not
            break
        if metrics:
            # "improving gross margin profile": the metric's latest year against the one before
            return KindDecision(kind="yes_no", reason=f"yes/no on whether {metrics[-1]} is {test}", ask=ask,
                                metric=_main_metric(metrics, vocab), test=test, default_answer=default_answer)
    if metrics and limit is not None and re.search(r"%\s+of\b|\bpercent\s+of\b", ask, re.I) \
            and re.search(r"\b(?:any|which|what)\b", ask, re.I):
        # "any product categories that represent more than 20% of revenue": items' shares of a total
        above, value = limit
        return KindDecision(kind="yes_no", reason="yes/no on whether any item's share of a total passes a threshold",
                            ask=ask, metric=_main_metric(metrics, vocab), test="share_above" if above else "share_below",
                            threshold=value)
    if metrics and limit is not None:
        above, value = limit
        return KindDecision(kind="yes_no", reason="yes/no on a metric against a threshold the question names",
                            ask=ask, metric=_main_metric(metrics, vocab), test="above" if above else "below",
                            threshold=value)
    if metrics and _HEALTHY.search(ask) and any(vocab.metrics[m].unit == "ratio" for m in metrics):
        # "a reasonably healthy liquidity profile based on its quick ratio": the ratio's convention (>= 1)
        ratio = next(m for m in metrics if vocab.metrics[m].unit == "ratio")
        return KindDecision(kind="yes_no", reason=f"yes/no on whether {ratio} is healthy (its convention)",
                            ask=ask, metric=ratio, test="above", threshold=1.0)
    return KindDecision(kind="yes_no", reason="a yes/no question about a fact the filing states", ask=ask,
                        test="stated", default_answer=default_answer)


# "capex as a % of revenue", "EBITDA less capex", "capex to revenue ratio": two metrics making one
# "X as a percentage (a %, a share, a proportion) of Y": one ratio of two amounts
_RATIO_OF = re.compile(r"\bas\s+an?\s+(?:%|percent(?:age)?|share|proportion|fraction)\s+of\b", re.I)
_COMPOSED = re.compile(r"%|\bpercent|\b(?:less|minus|ratio|to|per|over|divided|times)\b"
                       r"|\bas\s+an?\s+(?:share|proportion|fraction)\s+of\b", re.I)


def _side_by_side(ask: str, metrics: list[str], vocab: Vocabulary) -> KindDecision:
    """Several measures asked side by side: one metric's value would leave the others out; each is a figure."""
    return KindDecision(kind="passage", reason="asks for several quantities side by side (one metric's value would "
                        "leave the others out)", ask=ask, quantities=vocab.outermost(metrics))


def _main_metric(metrics: list[str], vocab: Vocabulary) -> str:
    """The metric asked about, not an input of it: "gross margin" over "gross profit"."""
    primary = vocab.outermost(metrics) or metrics
    return next((m for m in primary if vocab.metrics[m].kind == "derived"), primary[0])


def _candidates(ask: str) -> list[str]:
    """Items the question itself offers: "among operating, investing and financing activities"."""
    m = re.search(r"\bamong\s+(?:the\s+)?(?P<items>.+?)\s*(?:,\s*)?\bwhich\b", ask, re.I)
    if not m or re.match(r"(?:all|each|every|its|their)\b", m.group("items"), re.I) \
            or not re.search(r",|\band\b|\bor\b", m.group("items")):
        return []
    items = re.split(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+", m.group("items"))
    return [i.strip() for i in items if i.strip() and not i.strip().lower().startswith("all ")]


def classify(question: str, vocab: Vocabulary, companies: Sequence[str] = ()) -> KindDecision:
    """The kind of answer `question` asks for. `companies`: the companies it names (as the
    store knows them); their names are not read as words of the question ("Best Buy")."""
    ask = _asking_sentence(question)
    unless = bool(IF_NOT_USEFUL.search(question))
    decision = _classify(ask, _without_names(ask, companies), question, vocab, len(companies))
    if decision.kind == "yes_no" and decision.test == "stated" and _CAUSE_ASK.search(ask) \
            and (then := _drivers_ask_after(question, ask)):
        # "Was this driven by better operating performance? What drove the change?": the
        # question's own second ask says what answers it, the change and what drove it
        decision = KindDecision(kind="drivers", reason="a yes/no on a change's cause, then asks what drove it",
                                ask=then, metric=next(iter(_metrics_named(then, vocab)), None))
    if decision.kind in ("metric", "passage", "list") and asks_guidance(ask):
        # "What targets did management set for 2025 for revenue, EBITDA and capex?": what the
        # company expects, stated in its text; the period's actual rows would be other quantities
        decision = KindDecision(kind="passage", reason="asks for the company's guidance (its outlook or targets for "
                                "a period), quoted from its text, never computed from actual figures", ask=ask)
    if decision.kind == "metric" and decision.metric and vocab.metrics[decision.metric].unit == "USD" \
            and not defines_formula(question):
        decision = _money_asked_otherwise(decision, ask, vocab)
    if decision.kind == "metric" and decision.metric and (cause := _cause_part_after(ask)):
        # "What was its effective tax rate in fiscal 2018, and what Tax Act charges caused it?": the
        # figure's change and what the filing says drove it (a figure alone states no cause)
        decision = KindDecision(kind="drivers", reason=f"asks a metric, then what caused it (“{cause}”)", ask=ask,
                                metric=decision.metric)
    if decision.kind == "metric" and (parts := ask_parts(ask)) and (thing := thing_asked(parts[0], vocab)):
        # "What misstatement did Nike identify regarding Class B share repurchases?": a thing, which a
        # line item it names ("share repurchases") does not state
        decision = KindDecision(kind="passage", reason=f"asks what {thing} (a thing, not a quantity), stated in "
                                "its text", ask=ask)
    if decision.kind == "metric" and _QUOTED_TERM_ASK.match(ask):
        # "What was the 'Juice Transaction' described in its 10-K, and what cash proceeds did it expect?":
        # a thing the filing names, described in its text; its amounts are parts of that description
        decision = KindDecision(kind="passage", reason="asks what a thing the filing names (in quotes) is, stated in "
                                "its text", ask=ask)
    if decision.kind == "passage" and ASKS_REGISTERED.search(ask) and _ASKS_SECURITIES.match(ask) \
            and not asks_exchanges(ask):  # (the exchanges asked are read from the filing's words too: the writer's)
        # "What debt securities does PepsiCo have registered to trade on a national securities exchange?": the rows
        # of the cover's Section 12(b) table, however the ask words its plural
        decision = KindDecision(kind="list", reason="asks for the securities registered on an exchange (the cover's "
                                "Section 12(b) table)", ask=ask)
    if decision.kind == "metric" and _DEFAULT_ZERO.search(question):
        decision.default_value = 0.0
    if unless:
        decision.unless_not_meaningful = True
        decision.metric = decision.metric or next(iter(_metrics_named(question, vocab)), None)
    return decision


def _money_asked_otherwise(decision: KindDecision, ask: str, vocab: Vocabulary) -> KindDecision:
    """A money metric the ask names, read again for what the ask wants of it: an amount per share or a count,
    which no total in millions is (net income per share is earnings per share); else the decision as it is."""
    if (per := _per_share_part(ask, decision.metric or "", vocab)) is not None:
        if decision.metric == "net_income":
            # "What was its net income per diluted share?": earnings per share, in other words
            return KindDecision(kind="metric", reason="asks net income per share: earnings per share", ask=ask,
                                metric="eps_basic" if re.search(r"\bbasic\b", per, re.I) else "eps_diluted")
        # "What was the cash price per share that Acme agreed to pay to acquire Beta": an amount per share,
        # which the named line (a total in millions, "cash") is not; the text states the price
        return KindDecision(kind="passage", reason=f"asks an amount per share, which {decision.metric} (a total of "
                            "money) is not; stated in its text", ask=ask)
    if _COUNT_ASK.match(ask):
        # "How many revenue-producing drivers did it employ": a count, which no amount of money is
        return KindDecision(kind="passage", reason=f"asks a count, which {decision.metric} (a total of money) is not; "
                            "stated in its text", ask=ask)
    return decision


# "How many drivers", not "how many million US dollars": a count asked
_COUNT_ASK = re.compile(r"^\W*how\s+many\b(?!\s+(?:[\w.$]+\s+){0,2}?(?:dollars|usd|us\$|euros?|pounds|rupiah|yen|"
                        r"francs|millions?|billions?|thousands?|trillions?)\b)", re.I)
# "price per share", "dividend per common share", "per Class A share": an amount for each share
_PER_SHARE_ASK = re.compile(r"\bper\s+(?:(?:common|ordinary|class\s+\w+|diluted|basic)\s+)?share\b", re.I)


# "What debt securities does it have registered ...", "Which classes of stock are registered ...": securities asked
_ASKS_SECURITIES = re.compile(r"^\W*(?:what|which)\s+(?:[\w-]+\s+){0,3}?(?:securities|notes|bonds|debentures|classes|"
                              r"shares|stocks?)\b", re.I)


def _per_share_part(ask: str, metric: str, vocab: Vocabulary) -> str | None:
    """The words asking the metric per share ("the cash price per share", "net income per diluted share"): the
    metric named right before "per share"; None when another measure stands there ("total revenue in FY2022, and
    its net income per diluted share" asks revenue in total)."""
    for m in _PER_SHARE_ASK.finditer(ask):
        before = ask[max(0, m.start() - _PER_SHARE_REACH): m.start()]
        named = vocab.match_metrics(re.split(r",|\band\b|\bor\b", before)[-1])
        if metric in named:
            return f"{before}{m.group(0)}"
    return None


_PER_SHARE_REACH = 40  # characters before "per share" that hold what is counted per share

# a later part asking what caused the figure the first part asks, by referring back to it
_REFERS_TO_IT = re.compile(r"\b(?:it|this|that|the\s+(?:change|increase|decrease|decline|rise|drop|improvement))\W*$", re.I)


def _cause_part_after(ask: str) -> str | None:
    """"..., and what Tax Act charges caused it?": a later part of the ask that asks the cause of the
    figure the first asks (by "it", "the change"), or None."""
    parts = ask_parts(ask)
    return next((p for p in parts[1:] if (_CAUSE_VERB.search(p) and _REFERS_TO_IT.search(p))
                 or re.match(r"^\W*(?:and\s+)?why\b", p, re.I)), None)


_CAUSE_VERB = re.compile(r"\b(?:drove|drives|driven|caused?|causes|explains?|led\s+to|contributed\s+to|behind)\b", re.I)


# "What was the 'Juice Transaction' ...": a term the question quotes, a name the filing gives a thing
_QUOTED_TERM_ASK = re.compile(r"^\W*what\s+(?:is|was|are|were)\s+(?:the\s+|its\s+)?[‘'\"“][^'’\"”]{3,60}[’'\"”]", re.I)


# "Explain the revenue decline and the main factors behind the profit outcome.": a request
# without a question mark asks in the imperative, after the sentences that set the scene
_IMPERATIVE = re.compile(r"^\W*(?:explain|describe|identify|list|name|give|state|summari[sz]e|calculate|compute)\b",
                         re.I)


def _asking_sentence(question: str) -> str:
    """The sentence that asks: the one with the question mark, else an imperative one, else the first."""
    ask = ask_part(question)
    parts = re.split(r"(?<=[.!])(?<!\b[A-Z]\.)\s+(?=[A-Z\"(])", question.strip())
    if "?" in question:
        at = parts.index(ask) if ask in parts else 0
        # "Calculate its gross margin for fiscal 2016 and 2015. By how many percentage points did it
        # change?": the question asks of what the request before names
        return with_request_before(parts[at - 1] if at else None, ask)
    return next((p for p in parts if _IMPERATIVE.match(p)), ask)


# "Was this driven by ...", "Was the loss caused by ...": a yes/no on what caused a change
# "... by a higher take rate or by higher volume?": two alternatives after "or" (not "or not",
# "or no", "or otherwise", nor a list's last item "A, B or C" inside a yes/no about all of them)
_EITHER_OR = re.compile(r"\b(?:by|from|to|in|on)\s+(?:an?\s+|the\s+|its\s+)?[\w-]+(?:\s+[\w-]+){0,3}\s+or\s+"
                        r"(?:by|from|to|in|on)\s+(?:an?\s+|the\s+|its\s+)?[\w-]+|"
                        r"\b(?:driven|caused)\s+(?:\w+ly\s+)?by\s+[\w-]+(?:\s+[\w-]+){0,3}\s+or\s+(?!not\b|no\b)[\w-]+",
                        re.I)
_CAUSE_ASK = re.compile(r"\b(?:driven|caused)\s+by\b|\bdue\s+to\b|\bthe\s+result\s+of\b|\bbecause\s+of\b", re.I)


def _drivers_ask_after(question: str, ask: str) -> str | None:
    """A later sentence of the question that asks what drove a change ("Explain what drove it.")."""
    at = question.find(ask)
    if at < 0:
        return None
    rest = question[at + len(ask):]
    parts = re.split(r"(?<=[.?!])\s+(?=[A-Z\"(])", rest.strip())
    return next((p for p in parts if _DRIVERS.search(p) and not IF_NOT_USEFUL.search(p)), None)


def _metrics_named(text: str, vocab: Vocabulary) -> list[str]:
    found = vocab.match_metrics(text)
    return [_main_metric(found, vocab)] if found else []


def _without_names(ask: str, companies: Sequence[str]) -> str:
    """The ask with each company's name replaced, with the capitalised words that continue it
    as written ("Mercia Asset Management PLC" for the catalog's "Mercia")."""
    for name in sorted(companies, key=len, reverse=True):
        ask = re.sub(re.escape(name) + r"(?-i:(?:\s+(?:[A-Z][\w&.'’-]*|&))*)", "Company", ask, flags=re.I)
    return ask


def _classify(ask: str, wording: str, question: str, vocab: Vocabulary, companies: int) -> KindDecision:
    """`ask` as asked (kept in the decision); `wording`: the ask with company names replaced."""
    metrics = _named(wording, vocab)  # "Mercia Asset Management PLC" names no assets
    if (event := event_ask(wording)) is not None:
        # "what did it receive for the business", "goodwill recorded on the acquisition": the deal's
        # sentences state it; a statement line, a ranking or a change's drivers would be another answer
        return KindDecision(kind="passage", reason=f"{event}, stated in the text", ask=ask)
    # "Which segment drove the decline ..., and which segment had the highest margin?": the first
    # part's own words decide whether it asks a ranking, not a superlative of the part after it
    first = ask_parts(wording)[0]
    if (_DRIVERS.search(ask) or DISTORTS.search(ask)) and not (_WHICH_START.match(ask) and _SUPERLATIVE.search(first)) \
            and not _A_DRIVER_ASKED.match(ask):
        driven = metrics
        head = re.split(r",\s*(?:and|or)\s+", first)[0]  # ("What drove the improvement, and did SG&A ...")
        # (only over a measure a later part names: an ask naming none leaves the premise to the drivers reader)
        if metrics and (back := _REFERS_BACK.search(head)) and not _named(head, vocab) \
                and (premised := _premise_measure(question[: max(0, question.find(ask))], back.group(0), vocab)):
            # "Operating income as a percent of revenue rose ... even though revenue declined. What drove the
            # improvement, and did SG&A leverage contribute?": the improvement is the premise's measure that rose,
            # not the input a part after it names
            driven = [premised]
        return KindDecision(kind="drivers", reason="asks what drove or explains a change", ask=ask,
                            metric=_main_metric(driven, vocab) if driven else None)
    bare = YES_NO_LEAD_IN.sub("", ask)  # "Based on its balance sheet, would you describe X as ...?"
    if _YES_NO_START.search(bare) and _EITHER_OR.search(bare):
        # "Was that growth driven by a higher take rate or by higher volume?": one of two
        # alternatives, which neither "Yes" nor "No" answers; the filing's causes decide it
        if _CAUSE_ASK.search(ask):
            return KindDecision(kind="drivers", reason="asks which of two causes drove a change", ask=ask,
                                metric=_main_metric(metrics, vocab) if metrics else None)
        return KindDecision(kind="passage", reason="asks which of two alternatives holds (no yes/no answers it)",
                            ask=ask)
    if _YES_NO_START.search(bare) and companies <= 1 and not re.search(r"\bhow\s+(?:much|many)\b", ask, re.I):
        return _yes_no(ask, question, vocab)
    # ("Which companies did PepsiCo acquire for $0.7 billion or more?": companies a deed was done to, none compared)
    if metrics and (companies >= 2 or (re.search(r"\b(?:which|among)\s+(?:of\s+the\s+)?(?:compan|firm|issuer)", ask, re.I)
                                       and not DONE_TO_COMPANIES.search(ask))):
        return KindDecision(kind="metric", reason="a metric compared across companies", ask=ask,
                            metric=_main_metric(metrics, vocab))
    superlative = _SUPERLATIVE.search(wording) or (_WHICH_START.match(ask) and _OF_TWO.search(first)
                                                    and _COMPARATIVE.search(first))
    if superlative and _COUNTED_SUPERLATIVE.search(wording) and not _WHICH_START.match(ask):
        # "what share came from its five largest metropolitan areas": a set the filing counts, no one
        # item ranked; the share (or the set) is what the text states
        superlative = None
    if superlative and _SHARE_ASK.match(ask):
        # "What percentage of its revenue came from its single largest customer?": a share the text
        # states, not an item to pick from a ranking
        return KindDecision(kind="passage", reason="asks the share of a total that its largest part makes up, as "
                            "the text states it", ask=ask)
    if _WHICH.search(ask) and superlative:
        # the biggest drop is the lowest change
        order = "highest" if superlative.group("high") else "lowest"
        return KindDecision(kind="choice", reason=f"asks which item ranks {order}", ask=ask, order=order,
                            metric=_main_metric(metrics, vocab) if metrics else None, candidates=_candidates(ask))
    if ASKS_CUSTOMERS.match(ask):
        # "Which single customer accounted for a significant share of its net revenue?": whom its revenues come from,
        # as the filing says it ("Sales to Walmart ... represented approximately 14%"), no table ranks customers
        return KindDecision(kind="list", reason="asks which customers its revenues come from", ask=ask)
    if _WHICH_START.match(ask) and not _plural_which(ask):
        return KindDecision(kind="choice", reason="asks which item the filing names", ask=ask,
                            candidates=_candidates(ask))
    if _DEFINITION.search(ask) and companies == 0 and not parse_periods(ask).years:
        return KindDecision(kind="definition", reason="asks what a term means (no company named)", ask=ask)
    if _LIST.search(ask) or _plural_which(ask):
        if metrics and not _plural_which(ask) and _RATIO_OF.search(ask):
            # "What were its capital expenditures as a percentage of revenue?": a plural noun set over
            # another as one ratio, one figure
            return KindDecision(kind="metric", reason="asks for one amount as a share of another", ask=ask,
                                metric=_main_metric(metrics, vocab))
        if defines_formula(question) and not _plural_which(ask):
            # "What were its net revenues as a percentage of GMV? Define it as net revenues / GMV":
            # a plural noun, one figure, computed as the question's own formula says
            return KindDecision(kind="metric", reason="the question defines its measure with a formula", ask=ask,
                                metric=_main_metric(metrics, vocab) if metrics else None)
        if metrics and ((not re.search(r"^\W*(?:what|who|which)\s+(?:are|were)\b", ask, re.I)
                         and _METRIC_ASK.search(ask)) or _plural_metric(ask, vocab)
                        # "What were the revenues from franchised restaurants": one line, named by its source
                        or any(asked_line_change(ask, m, vocab) for m in metrics)) and not _plural_which(ask):
            return KindDecision(kind="metric", reason="asks for a metric's value", ask=ask,
                                metric=_main_metric(metrics, vocab))
        if metrics and len(vocab.outermost(metrics)) >= 2 and not _COMPOSED.search(ask) and not _plural_which(ask) \
                and _METRIC_ASK.search(ask):
            return _side_by_side(ask, metrics, vocab)  # "What were its inventory turnover and days inventory outstanding?"
        return KindDecision(kind="list", reason="asks for the items of a set", ask=ask)
    if _DEFINITION.search(ask) and (_POLICY.search(ask) or (not metrics and companies == 0)):
        return KindDecision(kind="definition", reason="asks what a term, policy or arrangement is", ask=ask)
    if metrics and (_PLACE_TIME_PART.search(ask) or _WHO_START.match(ask) or _WHEN_ASK.search(ask)
                    or _WHERE_START.match(ask)):
        return KindDecision(kind="passage", reason="asks a fact with a part on where, when or who (the text states "
                            "it; a statement line would be another quantity)", ask=ask)
    if metrics and _CHARGE_AGAINST.search(ask) and vocab.statement_of(_main_metric(metrics, vocab)) == "balance_sheet":
        # "How large was the intangible asset impairment charge?": a charge against a balance, which the
        # balance itself (intangible assets, net) does not give
        return KindDecision(kind="passage", reason="asks a charge against a balance (an impairment, a write-off), "
                            "stated in the text; the balance is another quantity", ask=ask)
    if metrics and (_EVENT_ASK.search(ask) or _DATED_ACTION.search(_PERIOD_END.sub(" ", ask)) or _DEAL_ASK.search(ask)):
        return KindDecision(kind="passage", reason="asks about a specific event the text describes (a statement "
                            "line of the same name would be another quantity)", ask=ask)
    if metrics and len(vocab.outermost(metrics)) >= 2 and not _COMPOSED.search(ask):
        return _side_by_side(ask, metrics, vocab)
    if metrics and not _METRIC_ASK.search(ask) and ASKS_MIX.search(ask):
        # "How did its revenue mix shift toward subscriptions?": how a whole is made up, which its total does not say
        return KindDecision(kind="passage", reason="asks how a measure's whole is made up (its mix, composition or "
                            "breakdown), which the text states; the line's total is another quantity", ask=ask)
    if metrics:
        how = "asks for a metric's value" if _METRIC_ASK.search(ask) else "names a metric (its value or change)"
        return KindDecision(kind="metric", reason=how, ask=ask, metric=_main_metric(metrics, vocab))
    if defines_formula(question):
        # "Operating ratio is defined as: total cost of operations / total revenues": a measure the
        # vocabulary does not name, computed from the lines the question's own formula names
        return KindDecision(kind="metric", reason="the question defines its measure with a formula", ask=ask)
    return KindDecision(kind="passage", reason="asks for a fact stated in the filing's text", ask=ask)
