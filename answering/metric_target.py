"""The quantity a metric question asks for, read as a typed target (`MetricTarget`).

    read_target("What is Amazon's FY2017 days payable outstanding (DPO)? DPO is defined as:
                 365 * (average accounts payable between FY2016 and FY2017) / (FY2017 COGS +
                 change in inventory between FY2016 and FY2017). Round your answer to two
                 decimal places.")
    -> metric "days_payable_outstanding", formula
       "365 * (avg(accounts_payable)) / (cost_of_revenue + change(inventories))" (from the
       question: it overrides the vocabulary's), unit "days", years [2017], decimals 2.

What is read, and from where:
- the ask is the sentence with the question mark (or the first one); definition sentences
  ("X is defined as: ...", "Define X as ...") are read apart;
- the metric is the vocabulary metric the ask names, "A as a % of B" / "A less B" compose
  two of them, and "X % margin" is X's margin when the vocabulary has one;
- a definition in the question whose name is the asked metric (or one of its inputs)
  replaces the vocabulary's formula: the question's own definition always wins;
- aggregation: a CAGR, a change between two years, an average over a range of years, or
  the value of one year (or quarter);
- unit and scale: percent ("in units of percents", "as a %", margins, changes), days,
  ratio; money in USD millions unless the question asks for billions or thousands;
  "round to N decimal places".
Formulas use the vocabulary's language: metric keys, numbers, + - * / ( ), prior(x),
avg(x) (this and the prior year) and change(x) (this year minus the prior).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence

from answering.aspects import LINE_PREFIX
from finrag.models import MetricTarget
from finrag.vocabulary import Vocabulary, tokenize
from loaders.dates import MONTH_NAMES
from retrieval.periods import parse_periods

_SENTENCE = re.compile(r"(?<=[.?!])\s+(?=[A-Z\"(])")
# "X is defined as: ...", "X is calculated as ...", "Define X as ...", "X = ..."
_DEFINED = re.compile(r"^(?P<name>.+?)\s+(?:(?:is|are)\s+)?(?:defined|calculated|computed)\s+as:?\s*(?P<expr>.+)$", re.I)
# a sentence that asks by its verb ("Calculate ...", "Using the statement, compute ...")
_IMPERATIVE_ASK = re.compile(r"(?:^|,\s*)(?:please\s+)?(?:calculate|compute|determine|find|estimate|work\s+out)\b", re.I)
# "What is X's quick ratio? Defined as: (A + B) / C": a sentence of its own, its subject the ask's measure
_BARE_DEFINED = re.compile(r"^(?P<name>)(?:defined|calculated|computed)\s+as:?\s*(?P<expr>.+)$", re.I)
_DEFINE = re.compile(r"^(?:please\s+)?define\s+(?P<name>.+?)\s+as:?\s*(?P<expr>.+)$", re.I)
# "Calculate the inventory turnover ratio as FY2022 cost of sales / average merchandise inventories; ...":
# a formula (an operator in it) after "as"; "Calculate it as a percentage" defines nothing
_CALCULATE_AS = re.compile(r"^(?:please\s+)?(?:calculate|compute)\s+(?:the\s+|its\s+)?(?P<name>[^,;]+?)\s+as:?\s+"
                           r"(?P<expr>[^;]*?(?:\s/\s|\bdivided\s+by\b|\s[-–]\s|\bminus\b)[^;]*)(?:;.*)?$", re.I)
# "Calculate total debt (A plus B) divided by total stockholders' equity, using the balance sheet.": the
# ask's measure, a formula right after the verb (an operator in it); "Calculate X's free cash flow" is none
# (an ask of its own, "Compute Acme's FY2022 free cash flow margin, where ...", names a company or a where-clause)
_CALCULATE_FORMULA = re.compile(r"^(?:please\s+)?(?:calculate|compute)\s+(?![^;]*\bwhere\b)(?![^;]*?['’]s\b)"
                                r"(?:it\s+as\s+)?(?P<name>)"
                                r"(?P<expr>[^;]*?(?:\s/\s|\bdivided\s+by\b)[^;]*?)"
                                r"(?:,\s+(?:using|based\s+on|from|as\s+(?:shown|reported))\b[^;]*)?(?:;.*)?$", re.I)
# "What is X's quick ratio? Use (A - B) / C.": the ask's measure, when what follows "use" is a
# formula (an operator in it); "Use the consolidated balance sheet." defines nothing
_USE = re.compile(r"^(?:please\s+)?use\s+(?P<name>)(?P<expr>[^;]*?(?:\s/\s|\bdivided\s+by\b|\s[-–]\s|\bminus\b|\bless\b)"
                  r"[^;]*)(?:;.*)?$", re.I)
# "Define free cash flow as A minus B, and divide by total revenue": B ends the definition of free
# cash flow; the division makes the ask's measure ("free cash flow margin") of it
_THEN_DIVIDE = re.compile(r",?\s+and\s+(?:then\s+)?divide\s+(?:it\s+|that\s+|the\s+result\s+)?by\s+(?P<by>.+)$", re.I)
# "The company defines free cash flow as ...", "Management defines X as ...": the filer's own definition
_DEFINES = re.compile(r"^(?:the\s+company|it|they|we|management|[A-Z][\w'’&.-]*(?:\s+[A-Z][\w'’&.-]*)*)\s+"
                      r"defines\s+(?P<name>.+?)\s+as:?\s*(?P<expr>.+)$", re.I)
# the verbs of a request for how the figure is written: "..., and express the answer as a percentage"
_WRITE_VERBS = r"(?:express|round|give|report|present|state|show|write|answer)\b"
# "..., and the conversion rate as free cash flow divided by net income": a second definition;
# "..., and express the answer as a percentage" is how to write the figure, no definition
_AND_DEFINED = re.compile(rf",\s+and\s+(?!{_WRITE_VERBS})"
                          r"(?:the\s+|its\s+)?(?P<name>[a-z][\w\s'’-]{2,60}?)\s+as:?\s+(?P<expr>.+)$", re.I)
# ", and express the answer as a percentage ...": how the figure is written, no part of a formula
_HOW_WRITTEN = re.compile(rf",?\s+and\s+{_WRITE_VERBS}.*$", re.I)
# a definition inside the ask itself: "What was its debt-to-equity ratio at December 31, 2022, defined
# as (A + B) / C?", "What was its free cash flow margin, using A less B, divided by total revenue?";
# the formula runs to the question mark or to the clause after it (", and how did it compare ...")
_INLINE_DEFINED = re.compile(
    r",\s+(?:(?:defined|calculated|computed|measured)\s+as:?|using|taking)\s+(?P<expr>[^?;]+?)"
    r"(?=,\s+(?:and|or|round\w*|express\w*|stated|shown|given|in)\b|[?;]|$)", re.I)
# ", where free cash flow = A minus B and the margin is FCF divided by revenues": the ask's terms defined
_ASK_WHERE = re.compile(r",\s+where\s+(?P<defs>[^?]+?)\s*(?:[?.]\s*)?$", re.I)
# a sentence naming a term by its sum or difference: "Total cloud revenues are A plus B."
# (operators between words: "USD/share", "N/A" and "21% / year" define nothing; nor does an instruction, "Assume ...")
_SUM_OF_TERMS = re.compile(r"[a-z)]\s+(?:[-+*/×]|plus|minus|less|times|divided\s+by|multiplied\s+by)\s+[a-z(]", re.I)
_TERM_IS = re.compile(r"^(?:the\s+)?(?!(?:if|when|whether|unless|assume|use|note|round|answer|express|give|state|report)\b)(?P<name>[A-Za-z][\w'’\s-]{1,60}?)\s+(?:is|are|equals?|=)\s+(?P<expr>.+?)\.?$", re.I)
_WHERE_PART = re.compile(r"^(?:the\s+|its\s+)?(?P<name>[a-z][\w'’\s-]{1,60}?)\s+(?:=|is|are|equals)\s+(?P<expr>.+)$", re.I)
# (the term after "and" holds no "and" of its own: "A minus purchases of property and equipment and the
# margin is ..." splits before "the margin", not inside "property and equipment")
_WHERE_AND = re.compile(r"\s+and\s+(?=(?:the\s+|its\s+)?[a-z](?:(?!\band\b)[\w'’\s-]){1,60}?\s+(?:=|is|are|equals)\s)",
                        re.I)
# "its operating margin (income from operations / net revenues)": a formula in a parenthesis after the measure
_PAREN_FORMULA = re.compile(r"\s*\((?P<expr>[^()]*?(?:\s/\s|\bdivided\s+by\b|\s[-–]\s|\bminus\b)[^()]*)\)")
_OPERATORS = re.compile(
    # ("365 x (average accounts payable ...)": an x after a figure or a bracket is a times sign)
    r"(\(|\)|\+|\*|×|(?<=[\d)])\s+x\s+|/|\s[-–]\s|\bplus\b|\bminus\b|\bless\b|\bdivided by\b|\bmultiplied by\b|"
    r"\btimes\b)", re.I
)
_OPERATOR_SYMBOL = {"plus": "+", "minus": "-", "less": "-", "divided by": "/", "multiplied by": "*", "times": "*",
                    "–": "-", "x": "*", "×": "*"}
_AVERAGE = re.compile(r"\b(?:average|avg|mean)\b", re.I)
_CHANGE = re.compile(r"\b(?:change|increase|decrease)\s+in\b", re.I)
# "capex as a % (a percentage, a share, a proportion, a fraction) of revenue": a ratio of the two
_PERCENT_OF = re.compile(r"\s+as\s+an?\s+(?:%|percent(?:age)?|share|proportion|fraction)\s+of\s+|\s+%\s+of\s+", re.I)
# "what share (percentage, portion) of X was returned through A and B": A and B as a share of X
_SHARE_OF = re.compile(r"\bwhat\s+(?:share|percent(?:age)?|portion|proportion|fraction)\s+of\s+(?P<whole>.+?)\s+"
                       r"(?:was|were|went|got|did\s+\S+)\s+(?P<rest>.+)$", re.I)
# "what percentage of revenue came from the United States": a share asked, never an amount
_SHARE_ASKED = re.compile(r"\bwhat\s+(?:share|percent(?:age)?|proportion|fraction)\s+of\b", re.I)
_YEAR_OVER_YEAR = re.compile(r"\byear[- ]over[- ]year\b|\byoy\b|\b(?:from|over|versus|vs\.?|compared\s+(?:with|to))\s+"
                             r"the\s+(?:prior|previous|preceding)\s+(?:fiscal\s+)?year\b", re.I)
_LESS = re.compile(r"\s+(?:less|minus)\s+", re.I)
# "share repurchases plus dividends": the two amounts summed, never the first alone
_PLUS = re.compile(r"\s+plus\s+", re.I)
# "the ratio of A to B": A over B, each one measure the vocabulary knows
_RATIO_OF = re.compile(r"\bratio\s+of\s+(?:its\s+|the\s+)?(?P<a>.+?)\s+to\s+(?:its\s+|the\s+)?(?P<b>.+)$", re.I)
# "the capital expenditure to revenue ratio": A over B, when no one measure's wording spans the phrase
_TO_RATIO = re.compile(r"(?P<a>(?:[\w&'’-]+\s+){0,4}?[\w&'’-]+)\s+to\s+(?:its\s+|the\s+)?"
                       r"(?P<b>(?:[\w&'’-]+\s+){0,3}?[\w&'’-]+)\s+ratio\b", re.I)
# "the average of the year-end 2018 and 2019 inventory balances": the two balances an average input
# spans, not two periods asked; the measure is the later year's ("FY2019 inventory turnover")
# "the average of the year-end 2018 and 2019 inventory balances", "the mean of the May 31, 2022 and May 31,
# 2021 balances": one year's average input, its two balances no periods asked
_BALANCE_DATE = rf"(?:(?:{MONTH_NAMES})\s+\d{{1,2}},?\s+)?(?:FY\s?)?(?:19|20)\d\d"
_BALANCES_AVERAGED = re.compile(rf"\b(?:average|mean)\s+(?:of\s+)?(?:the\s+)?(?:[\w-]+\s+){{0,3}}?(?P<first>{_BALANCE_DATE})\s+"
                                rf"and\s+(?P<last>{_BALANCE_DATE})\b(?:\s+[\w-]+){{0,3}}?\s+balances?\b", re.I)
_CAGR = re.compile(r"\bcagr\b|compound annual growth", re.I)
_CHANGE_ASK = re.compile(r"\b(?:change[sd]?|changing|growth|grows?|grew|increase|decrease|decline|expand(?:ed)?|contract(?:ed)?|"
                         r"widen(?:ed)?|narrow(?:ed)?|improve[sd]?|deteriorated?|worsen(?:ed)?)\b", re.I)
# "how does its effective tax rate in FY2022 compare to FY2021": the two years' values and the change
_COMPARE_ASK = re.compile(r"\bhow\s+(?:does|did|do)\b.*\bcompared?\s+(?:with|to|against)\b", re.I)
# "percentage change", "% change", "growth rate": a relative change asked, even of a rate
_RELATIVE_CHANGE = re.compile(r"\b(?:percent(?:age)?|%)\s+(?:change|increase|decrease|decline|growth)\b|%\s+change"
                              r"|\bgrowth\s+rate\b|\bgrow|\bgrew\b", re.I)
_AMOUNT_CHANGE = re.compile(
    r"\b(?:dollar|absolute)\s+(?:change|amount)|\bin\s+(?:usd\s+|us\$\s*)?(?:millions|billions|thousands|dollars|\$)"
    r"|\(\s*(?:usd|us\$|\$)\s+(?:millions|billions|thousands)\s*\)", re.I  # "(USD millions)"
)
_EXPLICIT_PERCENT = re.compile(
    r"\bin\s+(?:units\s+of\s+)?percents?\b|\bas\s+an?\s+(?:%|percent(?:age)?)|%\s+margin|\bin\s+%", re.I
)
_DECIMALS = re.compile(r"\bround(?:ed|ing)?\b[^.?]*?\b(one|two|three|four|zero|no|\d)\s+decimal", re.I)
_WHOLE = re.compile(r"\bround(?:ed|ing)?\b[^.?]*?\b(?:nearest|whole)\s+(?:whole\s+)?(?:number|integer|dollar|percent)", re.I)
_SCALE = re.compile(r"\b(?:in\s+)?(?:usd|us\$|\$|dollars?)?\s*(billions?|millions?|thousands?)\b", re.I)
_QUARTER_WORDS = re.compile(r"\b(?:year[- ]to[- ]date|ytd|(?:six|nine|6|9)[\s-]+months?)\b", re.I)
# Comparisons and selections the target model does not express: the general writer answers them.
_UNSUPPORTED = re.compile(
    r"\b(?:which|rank\w*|highest|lowest|higher|lower|compared?|versus|vs\.?|whether|both|each|per\s+employee)\b", re.I
)
# the ask's period set against another ("grow in 2020 compared with 2019", "in FY2022 compare to
# FY2021", "2022 versus the prior year"): one company's years, not one thing weighed against another
_PERIOD_COMPARED = re.compile(
    r"\b(?:compared?|versus|vs\.?)\s+(?:(?:with|to|against)\s+)?(?:(?:the\s+)?(?:fiscal\s+(?:year\s+)?|FY\s?)?"
    r"(?:19|20)\d\d\b|the\s+(?:prior|previous|preceding)\s+(?:fiscal\s+)?year\b"
    # a quarter or a span set against the same one a year before: "vs three months ended July 3, 2022",
    # "compared with the second quarter of 2022", "versus Q2 2022"
    r"|(?:the\s+)?(?:three|six|nine|3|6|9)[\s-]+months?\s+(?:period\s+)?ended\s+[A-Z][a-z]+\.?\s+\d{1,2},?\s+(?:19|20)\d\d\b"
    r"|(?:the\s+)?(?:first|second|third|fourth)\s+quarter\s+(?:of\s+|in\s+)?(?:fiscal\s+(?:year\s+)?)?(?:19|20)\d\d\b"
    r"|Q[1-4]\s*(?:FY\s?)?(?:19|20)\d\d\b"
    # "compared with the same quarter of 2022", "the same period a year earlier"
    # "compared with the year-earlier quarter", "the prior-year period"
    r"|(?:the\s+)?(?:year[- ]earlier|year[- ]ago|prior[- ]year|previous[- ]year)\s+(?:quarter|period)\b"
    r"|(?:the\s+)?same\s+(?:quarter|period|(?:three|six|nine)[\s-]+months?)\s+(?:of\s+|in\s+)?(?:(?:fiscal\s+(?:year\s+)?)?"
    r"(?:19|20)\d\d\b|(?:a|one)\s+year\s+(?:earlier|before|ago)|last\s+year|(?:the\s+)?(?:prior|previous)\s+year))", re.I)
# a quarter or a span set against another one ("vs three months ended July 3, 2022", "compared with Q2 2022")
_SPAN_COMPARED = re.compile(r"\b(?:compared?|versus|vs\.?)\s+(?:(?:with|to|against)\s+)?(?:the\s+)?"
                            r"(?:(?:three|six|nine|3|6|9)[\s-]+months?|(?:first|second|third|fourth)\s+quarter|Q[1-4]\b)",
                            re.I)
# (a brand a company reports as a segment: "the revenues of the Converse brand")
_SEGMENT = re.compile(r"\b(?:segment|division|business\s+unit|reportable\s+unit|brand)\b", re.I)
_POINTS = re.compile(r"\b(?:percentage|basis)\s+points?\b", re.I)
_DIFFERENCE = re.compile(r"\bdifference\b|\bhow\s+much\s+(?:more|less)\b|\bby\s+how\s+much\b", re.I)
_NUMBER_WORDS = {"zero": 0, "no": 0, "one": 1, "two": 2, "three": 3, "four": 4}
_PERCENT_METRIC_WORDS = ("margin", "growth", "rate", "return_on", "payout", "_to_revenue")


_WHERE = re.compile(r",?\s+where\s+(?P<name>[^=,]+?)\s*(?:=|\bequals\b|\bis\b|\bare\b)\s*(?P<expr>.+)$", re.I)
# the only calls a formula may hold, each of one operand: anything else ("avg(x)(y)") is not read
_FUNCTIONS = ("avg", "prior", "change")
_RELATES_PERIODS = re.compile(r"\b(?:prior|change)\(")
# "the change in its revenue growth rate", "did its growth accelerate": a growth's own change is asked
_CHANGE_OF_A_GROWTH = re.compile(r"\b(?:change|increase|decrease|declin\w*|rise|fall)\s+(?:in|of)\s+(?:\w+['’]s?\s+)?(?:\w+\s+)?growth|"
                                 r"\bgrowth\s+(?:rate\s+)?(?:change|increase|decrease|decline|rise|fall)\w*|"
                                 r"\b(?:accelerat|decelerat|slow)\w*", re.I)


class UnreadableFormula(ValueError):
    """A definition in the question uses a term the vocabulary does not know."""


def _sentences(question: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.split(question.strip()) if s.strip()]


# a short question about what the request before it names: "By how many percentage points did it change?"
_REFERS_BACK_ASK = re.compile(r"^\W*(?:by\s+how\s+(?:much|many(?:\s+\w+){0,2})|how\s+much|what\s+was\s+the\s+change)\s+"
                              r"(?:did|has|had|does|was|is)\s+(?:it|that|this|they|the\s+(?:ratio|margin|rate))\b[^?]{0,40}\?\s*$",
                              re.I)
_REQUEST = re.compile(r"^\W*(?:please\s+)?(?:calculate|compute|determine|work\s+out)\b", re.I)


def with_request_before(before: str | None, ask: str) -> str:
    """The asking sentence, read with the request before it when it only asks of what that names
    ("Calculate its gross margin for fiscal 2016 and 2015. By how many percentage points did it change?")."""
    if before and _REQUEST.match(before) and _REFERS_BACK_ASK.match(ask):
        return f"{before} {ask}"
    return ask


# words of a parenthesis that only says which balances or dates an operand takes ("average
# inventories (average of May 31, 2023 and May 31, 2022 balances)"): a gloss, not an operand
_PERIOD_GLOSS_WORDS = frozenset(
    ["average", "avg", "mean", "of", "and", "the", "balances", "balance", "ending", "beginning", "opening", "closing", "year", "years", "end", "fiscal", "fy", "between", "at", "as", "both", "two", "periods", "period", "prior", "current", "dates", "date"]) | frozenset(MONTH_NAMES.lower().split("|"))
_PERIOD_GLOSS_STEMS = frozenset(tokenize(" ".join(_PERIOD_GLOSS_WORDS)))  # (as a gloss's words are compared)


_OPERAND_BEFORE = re.compile(r"(?:^|[-–+*/(x×]|\b(?:of|by|from|minus|plus|less|times|and|over))\s*$", re.I)
_OPERATOR_AFTER = re.compile(r"^\s*(?:[-–+*/x×]|\b(?:minus|plus|less|times|divided|multiplied|over)\b)", re.I)


def _remark(match: re.Match[str]) -> str:
    """A parenthesis dropped from a formula when it is a remark on an operand, not an operand: a
    gloss of the balances or dates it takes ("(average of the year-end balances)"), or words after
    a name, with no operator in or next to them ("interest expense (net of capitalized interest)"
    names the line "Interest expense-net of capitalized interest"). "(A + B)", "(FY2023 COGS) /
    ...", "sum of (principal x rate)" and a hyphenated name ("(Revenue-COGS)") are operands."""
    inner = match.group(1)
    words = re.findall(r"[A-Za-z]+", inner)
    if words and all(w.lower() in _PERIOD_GLOSS_WORDS for w in words):
        return " "
    if _LABEL_AS_PRINTED.fullmatch(inner.strip()):
        return match.group(0)  # "profit for the period (Laba Periode Berjalan)": the row's own label, a gloss kept
    before, after = match.string[: match.start()], match.string[match.end():]
    operand = (_ARITHMETIC.search(inner) or re.search(r"[-–+*/×]|\sx\s", inner) or not words
               or _OPERAND_BEFORE.search(before)
               # "(FY2023 COGS) / ...": an operand before an operator, unless it follows a name's words
               # ("cash dividends paid (common and preferred) divided by net income": a remark on the line)
               or (_OPERATOR_AFTER.search(after) and not _AFTER_NAME.search(before)))
    return match.group(0) if operand else " "


# a statement row's label as printed, each word capitalised ("Laba Periode Berjalan", "Pendapatan Usaha"): the
# operand's name in the filing's words, which a remark in the question's own language never is
_LABEL_AS_PRINTED = re.compile(r"[A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+){1,3}")
# a parenthesis right after a line's name: "cash dividends paid (common and preferred)"
_AFTER_NAME = re.compile(r"[a-z]{3,}\s*$")


# "D&A is taken from the cash flow statement as X plus Y": where the operands are read, then the operands
_SOURCE_PRELUDE = re.compile(r"^(?:taken|read|drawn|sourced)\s+from\s+(?:the\s+)?[\w\s'’-]{1,40}?\s+as\s+", re.I)


# a line's name with its own formula after it, "total debt (short-term debt plus long-term debt)": the formula
# is the operand (the name's words, none an operator's, say what it sums)
_NAME_THEN_FORMULA = re.compile(
    r"(?<![\w'’-])(?:(?!(?:plus|minus|less|divided|by|times|multiplied)\b)[A-Za-z'’-]+\s+){0,5}?"
    r"(?!(?:plus|minus|less|divided|by|times|multiplied)\b)[A-Za-z'’-]+\s*"
    r"\((?P<formula>[^()]*?(?:\bplus\b|\bminus\b|\bless\b|\s[+/]\s|\s[-–]\s)[^()]*)\)")


# "A minus B, as a percentage of those sales": the difference over the operand the closing words refer back to
_OF_THOSE = re.compile(r"^(?P<expr>.+?),?\s+(?:as|expressed\s+as)\s+an?\s+(?:%|percent(?:age)?|share|proportion|fraction)\s+"
                       r"of\s+(?:those|these|that|this|the\s+same)\s+(?P<noun>[A-Za-z][\w\s-]*?)\W*$", re.I)
_ADDITIVE = re.compile(r"\s+(?:minus|less|plus|[-–+])\s+", re.I)


def _over_referred_operand(expr: str) -> str:
    """`expr` with its closing share made a division by the operand it refers back to, or as it was."""
    m = _OF_THOSE.match(expr)
    if m is None:
        return expr
    noun = tokenize(m.group("noun"))
    operands = [o.strip() for o in _ADDITIVE.split(m.group("expr")) if o.strip()]
    named = [o for o in operands if noun and noun[-1] in tokenize(o)]
    return f"({m.group('expr')}) / ({named[0]})" if len(named) == 1 else expr


def _clean(expr: str) -> str:
    expr = _over_referred_operand(_SOURCE_PRELUDE.sub("", expr.strip()))
    expr = _NAME_THEN_FORMULA.sub(r"(\g<formula>)", expr)
    expr = re.sub(r"\[[^\]]*\]", " ", expr)  # "[from cash flow statement]"
    expr = re.sub(r"\s*\(([^()]*)\)", _remark, expr)
    return _HOW_WRITTEN.sub("", expr).strip().rstrip(".;").strip()


def split_definitions(question: str) -> tuple[str, list[tuple[str, str]]]:
    """(the ask, [(defined name, expression text)]) of a question."""
    asks: list[str] = []
    definitions: list[tuple[str, str]] = []
    sentences = _sentences(question)
    for at, sentence in enumerate(sentences):
        previous = sentences[at - 1] if at else None
        m = _BARE_DEFINED.match(sentence) or _DEFINED.match(sentence) or _DEFINE.match(sentence) \
            or _DEFINES.match(sentence) or _USE.match(sentence) or _CALCULATE_AS.match(sentence) \
            or _CALCULATE_FORMULA.match(sentence)
        if m and not sentence.rstrip().endswith("?") and _IMPERATIVE_ASK.search(m.group("name")) \
                and (inline := _inline_definition(sentence)) is not None:
            # "Using the cash flow statement, calculate X's free cash flow for FY2023, defined as A minus
            # B.": an imperative ask with its formula inside, not a definition of a measure so named
            asks.append(inline[0])
            definitions.append((f"{INLINE_MARK}{inline[2]}" if inline[2] else "it", inline[1]))
        elif m and not sentence.rstrip().endswith("?"):
            name = re.sub(r"^(?:and|where|here)\s+", "", m.group("name").strip(), flags=re.I) or "it"
            expr = _clean(m.group("expr"))
            if (then := _THEN_DIVIDE.search(expr)) and name != "it":
                definitions.append(("it", f"{name} / {_clean(then.group('by'))}"))
                expr = expr[: then.start()].strip()
            if more := _AND_DEFINED.search(expr):
                # "A, and the conversion rate as B": A defines the first name, B the second
                definitions.append((name, _clean(expr[: more.start()])))
                name, expr = more.group("name").strip(), _clean(more.group("expr"))
            # "net income / average total assets, where average total assets = (... + ...) / 2":
            # the where-clause defines an operand of the formula, it is not part of it
            if where := _WHERE.search(expr):
                definitions.append((where.group("name").strip(), _clean(where.group("expr"))))
                expr = expr[: where.start()].strip()
            definitions.insert(len(definitions) - (1 if where else 0), (name, expr))
        elif "?" not in sentence and (term := _TERM_IS.match(sentence.strip())) is not None \
                and _SUM_OF_TERMS.search(term.group("expr")) and "%" not in term.group("expr"):
            # "Total cloud revenues are cloud SaaS and PaaS plus cloud IaaS revenues.": a term the formula then
            # uses, defined by the question in a sentence of its own
            definitions.append((term.group("name").strip(), _clean(term.group("expr"))))
        elif "?" in sentence:
            ask_sentence = with_request_before(previous, sentence[: sentence.rindex("?") + 1])
            if (inline := _inline_definition(ask_sentence)) is not None:
                ask_sentence, expr, before = inline
                definitions.append((f"{INLINE_MARK}{before}" if before else "it", expr))
            asks.append(ask_sentence)
    if not asks:
        asks = [s for s in _sentences(question)
                if not (_BARE_DEFINED.match(s) or _DEFINED.match(s) or _DEFINE.match(s) or _DEFINES.match(s)
                        or _USE.match(s) or _CALCULATE_AS.match(s) or _CALCULATE_FORMULA.match(s))][:1]
    ask = asks[0] if asks else question
    if len(asks) > 1 and (share := _SHARE_OF.search(asks[1])) and _REFERS_BACK_TO_PARTS.match(share.group("rest")):
        # "What was its free cash flow? What share of net earnings did it represent?": the second ask
        # is a share of the amount the first one asks, one question in two sentences
        ask = f"{ask.rstrip(' ?')}, and {asks[1][:1].lower()}{asks[1][1:]}"
    elif len(asks) > 1 and (paid := _PAID_OUT_OF.match(asks[1])) and _RETURNED_ITEMS.fullmatch(paid.group("items")):
        # "What was its free cash flow? What percentage of that free cash flow did Apple pay out through
        # dividends plus repurchases combined?": the items paid out as a share of the figure just asked
        ask = f"{ask.rstrip(' ?')}, and what percentage of that {paid.group('whole')} went to {paid.group('items')}?"
    elif len(asks) > 1 and (compared := _COMPARED_BACK.match(asks[1])) and parse_periods(compared.group("period")).years:
        # "What was its net profit margin for FY2024? How did it compare with FY2023?": the same figure
        # for another period, one question in two sentences (both values and the change are asked)
        ask = f"{ask.rstrip(' ?')}, and how did it compare with {compared.group('period').strip()}?"
    if (where := _ASK_WHERE.search(ask)) and (defined := _where_definitions(where.group("defs"))):
        # "Compute its free cash flow margin, where free cash flow = A minus B and the margin is FCF
        # divided by revenues.": the ask, then its terms' definitions
        ask = ask[: where.start()] + ("?" if ask.rstrip().endswith("?") else "")
        definitions.extend(defined)
    # "Here's the question: what is ...?" - the ask proper follows the last colon
    if ":" in ask:
        ask = ask.rsplit(":", 1)[1].strip() or ask
    return ask, definitions


def _where_definitions(defs: str) -> list[tuple[str, str]]:
    """[(name, formula)] of a where-clause ("free cash flow = A minus B (a remark) and the margin is
    FCF divided by revenues"); none unless every part is a formula. A parenthesis without an operator
    is a remark on the data, no operand (`_clean`)."""
    found = []
    for part in _WHERE_AND.split(defs.strip().rstrip("?.")):
        m = _WHERE_PART.match(part.strip())
        if m is None or not _ARITHMETIC.search(m.group("expr")):
            return []
        # "total debt = A + B + C, divided by total shareholders' equity": the division is of the whole sum
        found.append((m.group("name").strip(), _divided_whole(_clean(m.group("expr")))))
    return found


def _divided_whole(expr: str) -> str:
    """"A less B, divided by total revenue" is (A less B) / total revenue: a comma before the division
    closes what is divided."""
    return re.sub(r"^(?P<left>.+?),\s+(?:then\s+)?divided\s+by\s+(?P<by>.+)$", r"(\g<left>) / \g<by>", expr)


def _inline_definition(ask: str) -> tuple[str, str, str] | None:
    """(the ask without it, the formula, the words just before it) of a definition written inside
    the ask sentence; only a formula (an operator in it) is one: "using the cash flow statement"
    defines nothing. The words before it say what it defines: "what percentage of Boeing's free
    cash flow (A minus B) was returned ..." defines free cash flow, an operand of the ask."""
    for pattern in (_INLINE_DEFINED, _PAREN_FORMULA):
        m = pattern.search(ask)
        if m and _ARITHMETIC.search(m.group("expr")):
            expr = _clean(m.group("expr"))
            # "A less B, divided by total revenue": the division is of the difference
            expr = _divided_whole(expr)
            # (the period after the name is no part of it: "free cash flow in fiscal year 2021, calculated as")
            # (only a trailing one: "... in fiscal 2019, and what percentage of its free cash flow (A minus B)")
            lead = re.sub(r"\s+(?:in|for|during|of)\s+(?:the\s+)?(?:fiscal\s+(?:year\s+)?|FY\s?)?(?:19|20)\d\d\b[^,]*$", "",
                          ask[: m.start()].rstrip(" ,"), flags=re.I)
            before = re.search(r"(?:[\w'’&-]+\s+){0,5}[\w'’&-]+\s*$", lead)
            return (ask[: m.start()] + ask[m.end():]).strip(), expr, before.group(0).strip() if before else ""
    return None


# where a definition's operand stops naming its line: ", all as of December 31, 2022", "for the year ..."
_LINE_END = re.compile(r",|\b(?:as\s+of|for\s+the|at\s+the\s+end|in\s+(?:fy|fiscal)|between|during|both)\b", re.I)
# a line read in the question's words is an amount of money (scaled as its table says): a
# per-share figure, a price, a count or a rate would be scaled wrongly, so it stays unread
_NOT_MONEY = re.compile(r"\b(?:per|shares?|price|prices|rate|rates|ratio|margin|percent\w*|number|count|"
                        r"employees|days|units)\b|%", re.I)
# ("research, development and engineering expenses": the series may close on the line's head noun)
_SERIES_COMMA = re.compile(r",\s*(?=[a-z]+(?:\s+[a-z]+)?\s+and\s+[a-z]+(?:\s+(?:expenses?|costs?|income|revenues?))?\s*$)",
                           re.I)
_LINE_WORDS = re.compile(r"[a-z][a-z'’&\s-]*", re.I)  # words only: no figures, no symbols


def line_wording(segment: str, as_printed: bool = False) -> str | None:
    """The statement line an operand names in the question's own words ("short-term debt"),
    without its period clause; None when no words are left or it wraps a function (average,
    change), which a line read as printed cannot honour. A per-share amount or a count is a
    line only `as_printed` (see `line_unit`): the caller reads it unscaled."""
    # "property, plant and equipment": a comma inside a series of the name is no period clause
    text = _SERIES_COMMA.sub(" ", segment.strip())
    text = _LINE_END.split(text, maxsplit=1)[0].strip(" ()")
    text = re.sub(r"^(?:the|its|their)\s+", "", text, flags=re.I)
    if not text or _AVERAGE.search(text) or _CHANGE.search(text) or parse_periods(text).years \
            or (_NOT_MONEY.search(text) and not (as_printed and line_unit(text) != "USD")):
        return None
    return text if _LINE_WORDS.fullmatch(text) else None


# a line that is an amount per share ("net assets per Class A share", "closing market price
# of the Class A share") or a count ("retail units sold", "number of stores"), not money in millions
_PER_SHARE_LINE = re.compile(r"\bper\b[\w\s'’-]*\bshares?\b|\bprices?\b", re.I)
_COUNT_LINE = re.compile(r"\b(?:number\s+of|units|count|employees|headcount)\b", re.I)
_NO_LINE = re.compile(r"%|\b(?:rates?|ratios?|margins?|percent\w*|days|yields?)\b", re.I)


def line_unit(wording: str) -> str | None:
    """The unit a line the question names is printed in: "USD" (money, scaled as its table
    says), "USD/share" or "shares" (a count), both read as printed; None for a rate or a
    ratio, which a row's amount would not say how to read."""
    if _NO_LINE.search(wording):
        return None
    if _PER_SHARE_LINE.search(wording):
        return "USD/share"
    if _COUNT_LINE.search(wording):
        return "shares"
    return None if _NOT_MONEY.search(wording) else "USD"


def line_key(wording: str) -> str:
    return LINE_PREFIX + "_".join(re.findall(r"[a-z]+", wording.lower()))


def _line(text: str, lines: dict[str, str] | None, why: str) -> str:
    """An operand the vocabulary has no metric for, as a line of its own (when the caller
    reads such lines), else UnreadableFormula."""
    wording = line_wording(text, as_printed=True) if lines is not None else None
    if wording is None or lines is None:
        raise UnreadableFormula(why)
    key = line_key(wording)
    lines[key] = wording
    return key


def _proper_qualifier(text: str, key: str, vocab: Vocabulary) -> bool:
    """The operand qualifies its metric by a proper name ("Family of Apps income from
    operations", "Compute & Networking revenue"): the words beyond the metric's wording are
    capitalised where the rest is not, so they name a segment or a product, not the company."""
    wording = line_wording(text)
    if wording is None:
        return False
    own = {t for w in vocab.metrics[key].wordings for t in tokenize(w)} | {"total", "net", "consolid"}
    extra = [w for w in re.findall(r"[A-Za-z][\w&'’-]*", wording) if tokenize(w) and tokenize(w)[0] not in own
             and w.lower() not in ("of", "and", "the", "from", "for", "in")]
    rest = [w for w in re.findall(r"[A-Za-z][\w'’-]*", wording) if w not in extra and len(w) > 3]
    return bool(extra) and all(w[0].isupper() for w in extra) and not any(w[0].isupper() for w in rest)


def _extra_words(text: str, key: str, vocab: Vocabulary) -> bool:
    """The operand names more than the metric it matched ("revenues from franchised
    restaurants" is not total revenues): words beyond every wording of the metric."""
    wording = line_wording(text)
    if wording is None:
        return False
    words = set(tokenize(wording)) - {"total", "net", "consolid"}
    return not any(words <= set(tokenize(w)) for w in vocab.metrics[key].wordings)


_PERIOD_PREFIX = re.compile(r"^(?:FY\s?(\d{4})|fiscal(?:\s+year)?\s+(\d{4}))\s+", re.I)


def _wording_said(text: str, key: str, vocab: Vocabulary) -> set[str]:
    """The stems of the longest wording of the metric that `text` says in a row (all its wordings' when none)."""
    tokens = tokenize(text)
    said = [w for w in (tuple(tokenize(w)) for w in vocab.metrics[key].wordings)
            if w and any(tuple(tokens[i:i + len(w)]) == w for i in range(len(tokens) - len(w) + 1))]
    return set(max(said, key=len)) if said else {t for w in vocab.metrics[key].wordings for t in tokenize(w)}


def _shared_qualifier(text: str, key: str, lines: dict[str, str], vocab: Vocabulary) -> bool:
    """The operand opens with the word that opens a line the formula already reads ("cloud"
    of "cloud revenue"), a word of none of the metric's own wordings."""
    wording = line_wording(text)
    if wording is None:
        return False
    first = wording.split()[0].lower()
    # (the words of the metric's wording the operand says, not of every wording: "services" of "cost of goods and
    # services sold" does not make "Services cost of sales" the total's)
    own = _wording_said(wording, key, vocab)
    if any(line.split()[0].lower() == first for line in lines.values()) and not set(tokenize(first)) & own:
        return True
    # "sales by company-operated restaurants" beside the line "company-operated restaurant expenses":
    # a qualifier of the metric's words that qualifies another operand's line too
    extra = set(tokenize(wording)) - own - {"total", "net", "consolid"}
    return bool(extra & {t for line in lines.values() for t in tokenize(line)})


# words that make an operand a period's flow (the cash flow statement's wording)
_A_FLOW = re.compile(r"\b(?:generated|provided|used)\s+(?:by|in|from)\b|\bpayments?\s+(?:for|of|to)\b|\bpurchases?\s+(?:of|related\s+to|for)\b|\badditions\s+to\b|"
                     r"\bproceeds\s+from\b|\bacquisitions?\s+of\b|\b(?:paid|spent)\b", re.I)


# words that make an operand another quantity than the metric it names ("income ... before income taxes")
_RELATIONAL = re.compile(r"\b(?:before|after|excluding|less|net\s+of|other\s+than|attributable|per)\b", re.I)


# an operand the vocabulary lacks dated by a bare year, before or after its words
_DATED_LINE = re.compile(r"(?:FY\s?)?(?P<y1>(?:19|20)\d\d)\s+(?P<line1>[A-Za-z][^\d]*)"
                         r"|(?P<line2>[A-Za-z][^\d]*?)\s+(?:in\s+)?(?:FY\s?)?(?P<y2>(?:19|20)\d\d)", re.I)


_QUOTED_OPERAND = re.compile(r"['\"“‘](?P<name>[^'\"“”‘’]+)['\"”’]")


def _term(segment: str, vocab: Vocabulary, year: int | None, lines: dict[str, str] | None = None,
          strict: bool = False, wordings: dict[str, list[str]] | None = None) -> str:
    """One operand of a question's formula as formula text: a number, or a metric key
    wrapped in avg() / change() / prior() by the words around it. With `lines`, an operand
    the vocabulary lacks becomes a line of its own (recorded there); `strict` also makes
    one of an operand that names more than its metric."""
    text = segment.strip()
    if quoted := _QUOTED_OPERAND.fullmatch(text):
        # "divided by 'interest expense and finance charges, net'": the filing's line, named in quotes
        text = quoted.group("name").strip()
    if re.fullmatch(r"\d+(?:\.\d+)?", text):
        return text
    period = _PERIOD_PREFIX.match(text)
    if period and year is not None and int(period.group(1) or period.group(2)) == year:
        # "FY2023 Communications revenue" of an FY2023 question: the asked year's line
        text = text[period.end():]
    found = vocab.match_metrics(text)
    if not found:
        if (dated := _DATED_LINE.fullmatch(text)) and year is not None and lines is not None:
            # "2020 retail units sold" of a 2021 question: the line of the year before, as a
            # named metric's "FY2020 revenue" is read
            offset = year - int(dated.group("y1") or dated.group("y2"))
            if offset in (0, 1):
                key = _line(dated.group("line1") or dated.group("line2"), lines, f"no metric in {text!r}")
                return f"prior({key})" if offset else key
        return _line(text, lines, f"no metric in {text!r}")
    # the longest-named metric of the segment ("cost of goods sold" over "goods"; "cash payments for
    # dividends" names dividends paid, not cash)
    key = vocab.head_metric(text) or found[0]
    if (other := qualified_name(text, key, vocab)) is not None:
        # "short-term debt" is not long-term debt (named "debt"): a term the vocabulary lacks
        return _line(text, lines, f"{other!r} is not {key}")
    entry = vocab.metrics.get(key)
    if entry is not None and entry.unit != "USD/share" and line_unit(text) == "USD/share":
        # "cash dividends declared per common share" is no dividends paid in millions: a
        # per-share line, read as printed, so a payout ratio over diluted EPS keeps one unit
        return _line(text, lines, f"{text!r} is an amount per share, {key} is not")
    if entry is not None and entry.statement == "balance_sheet" and _A_FLOW.search(text):
        # "cash generated by operating activities", "payments for acquisition of property, plant
        # and equipment": a period's flow, which a balance (cash; PP&E, net) never is
        return _line(text, lines, f"{text!r} is a flow, {key} a balance")
    if (strict and _extra_words(text, key, vocab)) or _proper_qualifier(text, key, vocab) or _SEGMENT.search(text):
        # "AWS segment operating income": a segment's line (its note's row under the segment's name)
        # "Family of Apps income from operations" is a segment's line, not the company's
        return _line(text, lines, f"{text!r} names more than {key}")
    if lines and _shared_qualifier(text, key, lines, vocab):
        # "(cloud revenue - cloud cost of revenue) / cloud revenue": the word that made one operand
        # a line of its own ("cloud") qualifies the other too; the total cost of revenue is not it
        return _line(text, lines, f"{text!r} is qualified like another operand")
    if wordings is not None and not _RELATIONAL.search(text) and (own := line_wording(text)) is not None:
        # "payments for dividends and dividend equivalents": the question names the row as the
        # filing prints it, so a row labelled in those words is this metric's row too
        wordings.setdefault(key, [])
        if own not in wordings[key]:
            wordings[key].append(own)
    years = parse_periods(text).years
    if _AVERAGE.search(text):
        return f"avg({key})"
    if _CHANGE.search(text):
        return f"change({key})"
    if year is not None and len(years) == 1 and years[0] == year - 1:
        return f"prior({key})"
    return key


# An operand's name glossed in words only ("net profit (laba bersih)", "operating revenues
# (pendapatan usaha)"): the same line in another wording, never an operation on it
# (a gloss in the filing's language is printed as its row is, capitalised: "profit for the period (Laba Periode Berjalan)")
_GLOSS = re.compile(r"(?P<term>[A-Za-z][A-Za-z'’&-]*(?:\s+[A-Za-z][A-Za-z'’&-]*)*)\s*\((?P<gloss>[A-Za-z][A-Za-z'’&\s-]*[a-z])\)")


# where an operand is to be read, not what it is: "capital expenditures (cash flow statement)",
# "(see Note 7)", "(from the consolidated balance sheet)"
# "net cash provided by (used in) operating activities", "net income (loss)": a statement label's
# other sign, printed in parentheses; the line is one line, not an operand, a bracket and another
# (also joined by a slash: "net cash provided/(used) by", "(used)/provided by", "provided by/used in")
_SIGN_ASIDE = re.compile(r"\s*/?\((?:used(?:\s+(?:in|for|by))?|provided(?:\s+by)?|loss(?:es)?|deficit)\)(?:/(?=(?:provided|used)\b))?"
                         r"|(?<=provided by)\s*/\s*used\s+(?:in|for)\b", re.I)
# "... divided by 'interest expense and finance charges, net' from the consolidated statement of operations":
# where the last operand is read, said after it
_SOURCE_TAIL = re.compile(r"\s+(?:from|in|on|per)\s+(?:its\s+|the\s+)?(?:condensed\s+)?(?:consolidated\s+)?"
                          r"(?:statements?\s+of\s+[\w\s,]+|balance\s+sheets?|cash\s+flow\s+statements?|"
                          r"income\s+statements?)\W*$", re.I)
_SOURCE_NOTE = re.compile(r"\s*\((?=[^()]*\b(?:statements?|sheets?|notes?)\b)[^()]*\)", re.I)


# words a gloss never holds: an aside in English that qualifies or aggregates the operand
# ("(average of the opening and closing balances)", "(net of tax)") changes what it is
_NOT_GLOSS = frozenset({"of", "and", "or", "the", "a", "an", "in", "for", "from", "to", "at", "on", "by", "between",
                        "average", "avg", "mean", "change", "excluding", "including", "net", "total", "less",
                        "plus", "minus", "divided", "times", "before", "after", "per", "only", "all", "each"})


def _gloss_words(term: str, gloss: str) -> bool:
    """A gloss names the operand again: a few words, none that qualify, aggregate or operate
    ("x" of "(principal x coupon rate)"), after an operand whose name is complete (not
    "sum of", which the parenthesis continues)."""
    words = gloss.split()
    return 1 <= len(words) <= 4 and not any(w in _NOT_GLOSS or len(w) == 1 for w in words) \
        and term.split()[-1].lower() not in _NOT_GLOSS


def parse_formula(text: str, vocab: Vocabulary, year: int | None = None, lines: dict[str, str] | None = None,
                  strict: bool = False, wordings: dict[str, list[str]] | None = None) -> str:
    """A definition's words as a formula over metric keys.

    "365 * (average accounts payable between FY2016 and FY2017) / (FY2017 COGS + change in
    inventory between FY2016 and FY2017)" -> "365 * (avg(accounts_payable)) / (cost_of_revenue
    + change(inventories))". Raises UnreadableFormula for a term the vocabulary lacks, unless
    `lines` is given: such a term is then a statement line of its own, recorded there.
    """
    named: dict[str, list[str]] = {}  # this reading's own wordings, kept only for the formula returned
    text = _SOURCE_TAIL.sub("", _SIGN_ASIDE.sub("", _SOURCE_NOTE.sub("", text)))
    glosses: dict[int, str] = {}  # where a glossed operand ends in the text without its glosses
    plain, last = "", 0
    for m in _GLOSS.finditer(text):
        if _gloss_words(m.group("term"), m.group("gloss")):
            plain += text[last:m.end("term")]
            glosses[len(plain) - 1] = m.group("gloss")
            last = m.end()
    text = plain + text[last:]

    read_as: list[tuple[str, str]] = []  # (an operand's words, what it was read as)

    def terms() -> list[str]:
        named.clear()
        read_as.clear()
        parts: list[str] = []
        at = 0
        for piece in _OPERATORS.split(text):
            start, at = at, at + len(piece or "")
            if piece is None or not piece.strip():
                continue
            word = piece.strip().lower()
            if word in ("(", ")", "+", "*", "/", "-"):
                parts.append(word)
            elif word in _OPERATOR_SYMBOL:
                parts.append(_OPERATOR_SYMBOL[word])
            else:
                parts.append(_term(piece, vocab, year, lines, strict, named))
                # (the operand's own words: ", using the consolidated statements", ", both at ..." are no part)
                read_as.append((" ".join(piece.split(",")[0].lower().split()), parts[-1]))
                gloss = next((g for end, g in glosses.items() if start <= end < at), None)
                if gloss is not None and parts[-1].startswith(LINE_PREFIX) and len(known := vocab.match_metrics(gloss)) == 1 \
                        and not set(tokenize(gloss)) & set(tokenize(piece)) - _PERIOD_GLOSS_STEMS:
                    # "profit for the period (Laba Periode Berjalan)": words the vocabulary lacks, glossed by the
                    # filing's own label of a line it knows (net income); a gloss sharing the operand's words restates
                    # it in the question's language, more broadly ("operating income of the Americas segment (Segment
                    # Operating Income)" stays the segment's line)
                    if lines is not None and parts[-1] not in known_lines:
                        lines.pop(parts[-1], None)
                    parts[-1] = known[0]
                    read_as[-1] = (read_as[-1][0], known[0])
                if gloss is not None and re.fullmatch(r"[a-z_]+", parts[-1]):
                    # "net profit (laba bersih)": the operand's name in the filing's other
                    # language, a wording its row may be labelled by instead
                    named.setdefault(parts[-1], []).append(gloss)
        return parts

    known = dict(lines) if lines is not None else {}
    known_lines = set(known)  # (lines recorded before this reading: not this one's to take back)
    parts = terms()
    if lines is not None and lines != known:
        parts = terms()  # a line found late qualifies the operands read before it alike
    parts = _ratio_as_its_amount(parts, vocab)
    formula = " ".join(parts).replace("( ", "(").replace(" )", ")")
    try:
        tree = ast.parse(formula, mode="eval")
    except SyntaxError as exc:
        raise UnreadableFormula(f"not a formula: {text!r}") from exc
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and not (
            isinstance(node.func, ast.Name) and node.func.id in _FUNCTIONS and len(node.args) == 1 and not node.keywords
        ):
            raise UnreadableFormula(f"not a formula: {text!r} reads as {formula!r}")
    if _merged_operands(read_as):
        # "(short-term borrowings + long-term debt classified as current + long-term debt)" read as
        # long_term_debt twice: one operand names a line the metric's own wording does not, so it is
        # read as the line it names, or the formula is not read (the same row would be added twice)
        if lines is not None and not strict:
            return parse_formula(text, vocab, year, lines, strict=True, wordings=wordings)
        raise UnreadableFormula(f"two operands of {text!r} read as one line: "
                                + ", ".join(sorted({k for _, k in read_as if _count(read_as, k) > 1})))
    if "/" in formula:
        top, bottom = (side.strip(" ()") for side in formula.rsplit("/", 1))
        if top == bottom:
            # "revenues from franchised restaurants / total revenues" read as revenue / revenue: one
            # side names a part the vocabulary does not know, and the ratio would always be 1
            if lines is not None and not strict:
                formula = parse_formula(text, vocab, year, lines, strict=True, wordings=wordings)
                top, bottom = (side.strip(" ()") for side in formula.rsplit("/", 1))
                if top != bottom:
                    return formula
            raise UnreadableFormula(f"both sides of {text!r} read as {top}")
    if wordings is not None:
        for key, words in named.items():
            wordings.setdefault(key, []).extend(w for w in words if w not in wordings[key])
    return formula


def _ratio_as_its_amount(parts: list[str], vocab: Vocabulary) -> list[str]:
    """"gross margin / net sales": a ratio (gross margin = gross profit / revenue) divided by its own
    denominator names its numerator's amount, the way filings say "gross margin" for gross profit
    dollars; read as the ratio, the formula would divide by revenue twice."""
    out = list(parts)
    for i in range(len(out) - 2):
        ratio = re.fullmatch(r"(?P<top>[a-z_]+) / (?P<bottom>[a-z_]+)", vocab.formula(out[i]) or "")
        if ratio is not None and out[i + 1] == "/" and out[i + 2] == ratio.group("bottom"):
            out[i] = ratio.group("top")
    for i in range(1, len(out) - 1):
        if out[i] == "/" and _unit_of(out[i - 1], vocab) == "ratio" and _unit_of(out[i + 1], vocab) == "USD":
            # a margin or rate over an amount measures nothing: the operand was read as the wrong metric
            raise UnreadableFormula(f"a ratio ({out[i - 1]}) divided by an amount ({out[i + 1]})")
    return out


def _unit_of(key: str, vocab: Vocabulary) -> str | None:
    entry = vocab.metrics.get(key)
    return entry.unit if entry is not None else None


def _count(read_as: list[tuple[str, str]], key: str) -> int:
    return len({words for words, k in read_as if k == key})


def _merged_operands(read_as: list[tuple[str, str]]) -> bool:
    """Two operands written differently read as the same metric of the vocabulary (a repeated operand
    written the same, "(revenue - cost of revenue) / revenue", is the question's own; a line the
    question names is keyed by its own words, so one key is one wording)."""
    return any(re.fullmatch(r"[a-z_]+", key) and not key.startswith(LINE_PREFIX) and _count(read_as, key) > 1
               for _, key in read_as)


def defines_formula(question: str) -> bool:
    """Whether `question` defines a measure by a formula ("X is defined as: A / B", "Define it
    as: (A - B) / B"), an arithmetic of named lines, not a description in words."""
    return any(_ARITHMETIC.search(expr) for _name, expr in split_definitions(question)[1])


# arithmetic between named lines; parentheses alone are a description's aside ("a customer (a buyer
# or a seller) who ..."), "less than" a comparison
_ARITHMETIC = re.compile(r"[+*/]|\s[-–]\s|\b(?:plus|minus|divided\s+by|multiplied\s+by)\b|\bless\b(?!\s+than\b)", re.I)


def unreadable_definition(question: str, vocab: Vocabulary) -> str | None:
    """The formula text of a definition in `question` that cannot be read over the vocabulary
    ("(short-term debt + long-term debt) / total stockholders' equity"), or None."""
    for _name, expr in split_definitions(question)[1]:
        try:
            parse_formula(expr, vocab)
        except UnreadableFormula:
            return expr
    return None


_PRONOUN = re.compile(r"^(?:it|this|that|(?:the|this)\s+(?:ratio|metric|measure|figure))$", re.I)
# "Change is defined as: (FY2021 X - FY2020 X) / FY2020 X", "Growth is defined as ...": the change
# or growth the ask asks for, named by its aggregation word
_AGGREGATE_NAME = re.compile(r"^(?:the\s+)?(?:(?:year[- ]over[- ]year|annual|yoy)\s+)?(?:percent(?:age)?\s+)?"
                             r"(?:change|growth(?:\s+rate)?|increase|decrease|decline)$", re.I)


def _names_asked_change(name: str, ask: str) -> bool:
    return bool(_AGGREGATE_NAME.match(name.strip())) and bool(_CHANGE_ASK.search(ask))


# marks a definition's name as the words before a formula written inside the ask (`_defined_key`)
INLINE_MARK = "\u2192"


def _operand_or_it(name: str, ask: str, vocab: Vocabulary) -> str:
    """The name of a formula written inside the ask: the one measure named just before it when that
    measure is an operand of what the ask composes ("what percentage of Boeing's free cash flow (A
    minus B) was returned through dividends and buybacks" defines free cash flow); else "it", the
    ask's own measure ("its operating margin (A / B)")."""
    if not name.startswith(INLINE_MARK):
        return name
    before = name[len(INLINE_MARK):]
    named = vocab.match_metrics(before)
    _metric, composed = _ask_metric(ask, vocab)
    if len(named) == 1 and composed is not None and re.search(rf"\b{re.escape(named[0])}\b", composed):
        return vocab.label(named[0]) or before
    return "it"


def _defined_key(name: str, ask: str, vocab: Vocabulary) -> str:
    """The key a question's definition defines: "Define it as: ..." defines what the ask names
    ("What is X's capital expenditure to revenue ratio? Define it as: capex / revenue")."""
    if _PRONOUN.match(name.strip()) or _names_asked_change(name, ask):
        metric, composed = _ask_metric(ask, vocab)
        if metric is not None:
            return metric
        if composed is not None:
            return _composed_key(composed)  # "free cash flow margin ... and divide by total revenue"
    if not vocab.match_metrics(name):
        # "the conversion rate" of a question asking the free cash flow conversion rate: a short
        # name for the measure asked, every word of it in the ask, one of them the measure's own
        metric, _composed = _ask_metric(ask, vocab)
        words = set(tokenize(re.sub(r"^(?:the|its|their)\s+", "", name.strip(), flags=re.I)))
        if metric is not None and metric in vocab.metrics and words and words <= set(tokenize(ask)) and \
                words & {t for w in vocab.metrics[metric].wordings for t in tokenize(w)}:
            return metric
    return _name_key(name, vocab)


# the measure an ask names by its own words: "McDonald's company-operated restaurant margin in Q2 2023"
_MEASURE_NAMED = re.compile(r"(?:['’]s|\bits|\btheir)\s+(?:(?:FY\s?|fiscal\s+(?:year\s+)?)?(?:19|20)\d\d\s+)?"
                            r"(?P<name>[A-Za-z][\w&/-]*(?:\s+[A-Za-z][\w&/-]*){0,5}?\s+(?:margin|ratio|rate|turnover|"
                            r"yield|multiple|coverage|conversion|return))\b", re.I)


def _composed_key(composed: str) -> str:
    return re.sub(r"\W+", "_", composed).strip("_")


def _name_key(name: str, vocab: Vocabulary) -> str:
    found = vocab.match_metrics(name)
    return found[0] if found else "_".join(tokenize(name)) or "metric"


def _ask_metric(ask: str, vocab: Vocabulary) -> tuple[str | None, str | None]:
    """(metric key, composed formula) the ask names: "capex as a % of revenue" composes."""
    share = _SHARE_OF.search(ask)
    if share and re.fullmatch(r"(?:it|that|this)", share.group("whole").strip(), re.I):
        # "What was its free cash flow, and what percentage of it was used for dividends paid?": the
        # whole is the one measure named before (its inputs, named in its definition, are not others)
        before = vocab.outermost(vocab.match_metrics(ask[: share.start()]))
        whole = before if len(before) == 1 else []
        parts = [m for m in _named_once(vocab.match_metrics(share.group("rest")), vocab) if m not in whole]
        if whole and parts:
            summed = " + ".join(parts)
            return None, f"({summed}) / {whole[0]}" if len(parts) > 1 else f"{summed} / {whole[0]}"
    if share and len(whole := vocab.match_metrics(share.group("whole"))) == 1:
        parts = [m for m in _named_once(vocab.match_metrics(share.group("rest")), vocab) if m != whole[0]]
        if not parts and _REFERS_BACK_TO_PARTS.match(share.group("rest")):
            # "How much did it return through dividends and share repurchases, and what percentage of
            # its free cash flow did that represent?": the parts are the amounts named before
            # ("how much cash did it return": a year's flow is no part of a balance, "cash" on hand)
            parts = [m for m in vocab.outermost(_named_once(vocab.match_metrics(ask[: share.start()]), vocab))
                     if m != whole[0] and m not in vocab.inputs(whole[0]) and vocab.statement_of(m) != "balance_sheet"]
        if parts:
            # "What share of its free cash flow was returned through dividends paid and share repurchases"
            summed = " + ".join(parts)
            return None, f"({summed}) / {whole[0]}" if len(parts) > 1 else f"{summed} / {whole[0]}"
    if (ratio := _RATIO_OF.search(ask)) and len(left := vocab.outermost(vocab.match_metrics(ratio.group("a")))) == 1 \
            and len(right := vocab.outermost(vocab.match_metrics(ratio.group("b")))) == 1 and left != right:
        return None, f"{left[0]} / {right[0]}"  # "the ratio of capital expenditures to depreciation"
    if (ratio := _TO_RATIO.search(ask)) and len(vocab.outermost(vocab.match_metrics(ratio.group(0)))) > 1 \
            and len(left := vocab.outermost(vocab.match_metrics(ratio.group("a")))) == 1 \
            and len(right := vocab.outermost(vocab.match_metrics(ratio.group("b")))) == 1 and left != right \
            and not qualified_name(ratio.group("a"), left[0], vocab, ()) \
            and not qualified_name(ratio.group("b"), right[0], vocab, ()):
        # (each side the measure itself: "net debt" is no total debt)
        return None, f"{left[0]} / {right[0]}"  # "the capital expenditure to revenue ratio"
    for pattern, op in ((_PERCENT_OF, "/"), (_LESS, "-"), (_PLUS, "+")):
        m = pattern.search(ask)
        if m:
            left, right = vocab.match_metrics(ask[: m.start()]), vocab.match_metrics(ask[m.end():])
            opened = ask.rfind("(", 0, m.start())
            inside = ask[opened + 1: m.start()] if opened > ask.rfind(")", 0, m.start()) else ""
            if re.search(r"\bplus\b|\bless\b|\bminus\b|\bexclud\w*|\bafter\b|[+]|\s-\s", inside, re.I):
                continue  # "(operating income plus depreciation and amortization, as a percentage of revenue)": no one line
            if left and inside and (head := vocab.head_metric(inside)):
                # "gross profit margin (gross profit before joint-operation profit, as a percentage of revenue)": the
                # parenthesis's own operand, by its head ("gross profit"), not the last measure its words name
                left = [head]
            if left and right and op == "+" and not _only_named(ask[m.end():], right[0], vocab):
                # "plus acquisitions, net of cash acquired": words of no one measure ("cash" among them), a sum
                # that no reading of the first measure alone answers
                return None, None
            if left and right:
                return None, f"{left[-1]} {op} {right[0]}"
    found = vocab.match_metrics(ask)
    if not found:
        return None, None
    primary = vocab.outermost(found) or found
    # "how much net cash did it provide from operating activities": "cash" is qualified into
    # "net cash", words of another metric the ask names ("net cash provided by operating
    # activities"), so the ask names that one, not cash and cash equivalents
    primary = [m for m in primary if not _qualified_into(ask, m, [n for n in found if n != m], vocab)] or primary
    metric = next((m for m in primary if vocab.metrics[m].kind == "derived"), primary[0])
    if re.search(r"\bmargin\b", ask, re.I):
        if f"{metric}_margin" in vocab.metrics:
            return f"{metric}_margin", None  # "unadjusted EBITDA % margin"
        entry = vocab.metrics[metric]
        flows = ("income_statement", "cash_flow")
        of_the_year = entry.statement in flows or (
            entry.kind == "derived" and all(vocab.metrics[i].statement in flows for i in vocab.inputs(metric)
                                            if i in vocab.metrics))
        if entry.unit == "USD" and of_the_year and metric != "revenue":
            # "COGS % margin", "free cash flow margin": an amount of the year as a share of its revenue
            return None, f"{metric} / revenue"
    return metric, None


def _only_named(side: str, key: str, vocab: Vocabulary) -> bool:
    """The words of a formula's side, up to its period clause, are one of the measure's wordings."""
    words = set(tokenize(re.split(r"[?)(;,]|\s(?:in|for|during|at|as\s+of|of\s+fiscal)\s", side, maxsplit=1)[0])) \
        - {"the", "its", "their"}
    return any(words <= set(tokenize(w)) for w in vocab.metrics[key].wordings)


def _named_once(metrics: list[str], vocab: Vocabulary) -> list[str]:
    """The amounts a share clause names, each counted once: "returned to shareholders through dividends
    and buybacks" names the total and its parts, so the parts are kept (as named) and the total dropped."""
    named = set(metrics)
    return [m for m in metrics if not ((inputs := set(vocab.inputs(m))) and inputs <= named)]


# a second ask of what share of the figure before it was paid out through some items
_PAID_OUT_OF = re.compile(r"^\W*what\s+(?:percentage|percent|share|portion|proportion|fraction)\s+of\s+(?:that|this|the|its)\s+"
                          r"(?P<whole>[\w\s-]+?)\s+did\s+(?:[\w&.'’-]+\s+){1,3}?(?:pay\s+out|return|spend|distribute|use)\s+"
                          r"(?:through|via|on|for|as|in)\s+(?P<items>[^?()]+?)(?:\s+combined|\s+together|\s+in\s+total)?"
                          r"\s*(?:\([^()]*\))?\s*\?\s*$", re.I)
# what a company pays out to its shareholders, each item a line of the cash flow statement: "dividends and dividend
# equivalents plus repurchases of common stock" (other items, "business acquisitions and purchases of marketable
# securities", are no payout the vocabulary reads as one operand each)
_RETURN_ITEM = r"(?:(?:cash\s+)?dividends(?:\s+and\s+dividend\s+equivalents)?(?:\s+paid)?|(?:share\s+|stock\s+)?(?:repurchases|buybacks)(?:\s+of\s+(?:common\s+)?(?:stock|shares))?)"
_RETURNED_ITEMS = re.compile(rf"(?:its\s+|the\s+)?{_RETURN_ITEM}\s+(?:plus|and)\s+(?:its\s+|the\s+)?{_RETURN_ITEM}", re.I)
# a second ask setting the figure before it against another period: "How did it compare with FY2023?",
# "How does it compare with Q1 2022?", "how did they compare with September 30, 2014?"
_COMPARED_BACK = re.compile(r"^\W*(?:and\s+)?how\s+(?:did|does|do|has|have)\s+(?:it|that|this|they|these|those|the\s+"
                            r"(?:figure|ratio|margin|rate))\s+compare\s+(?:with|to|against)\s+(?P<period>[^?]{2,60})\?\s*$",
                            re.I)
# the share clause's verb with a subject that refers back: "... did that represent?", "did they make up"
_REFERS_BACK_TO_PARTS = re.compile(r"^(?:represent|amount\s+to|make\s+up|account\s+for|constitute|equal)\b", re.I)


def _qualified_into(ask: str, key: str, others: list[str], vocab: Vocabulary) -> bool:
    """The ask names `key` only by a word another word qualifies ("net cash"), and that
    qualified phrase is part of a wording of another metric the ask names."""
    phrase = qualified_name(ask, key, vocab)
    return phrase is not None and any(re.search(rf"\b{re.escape(phrase)}\b", w, re.I)
                                      for other in others for w in vocab.metrics[other].wordings)


def asked_decimals(question: str) -> int | None:
    """The decimal places the question asks its figure rounded to ("rounded to one decimal place": 1)."""
    if m := _DECIMALS.search(question):
        word = m.group(1).lower()
        return int(word) if word.isdigit() else _NUMBER_WORDS[word]
    return 0 if _WHOLE.search(question) else None


def _scale(question: str) -> str:
    for m in _SCALE.finditer(question):
        before = question[max(0, m.start() - 12): m.start() + 1].lower()
        if re.search(r"\b(?:usd|us\$|\$|dollars?|in)\b", before + m.group(0).lower()):
            word = m.group(1).lower().rstrip("s")
            return {"billion": "billions", "million": "millions", "thousand": "thousands"}[word]
    return "millions"


def _formula_unit(formula: str) -> str:
    if re.match(r"^\s*365\s*\*", formula) or re.search(r"\*\s*365\b", formula):
        return "days"
    return "ratio" if "/" in formula else "USD"


def _percent_metric(metric: str | None) -> bool:
    return bool(metric) and any(w in metric for w in _PERCENT_METRIC_WORDS)


def _resolve(
    ask: str, definitions: list[tuple[str, str]], given: dict[str, str], vocab: Vocabulary
) -> tuple[str, str, str, str] | None:
    """(key, label, formula, source) of what the ask names; a question's own definition of
    it is taken out of `given` (it is the formula, not an input's)."""
    metric, composed = _ask_metric(ask, vocab)
    if metric is None and composed is None:
        # the ask names no vocabulary metric: a defined one it names by its own words
        named = next((n for n, _ in definitions if set(tokenize(n)) <= set(tokenize(ask)) or _names_asked_change(n, ask)),
                     None)
        if named is None:
            return None
        if _PRONOUN.match(named.strip()) and (measure := _MEASURE_NAMED.search(ask)):
            # "What was its company-operated restaurant margin in Q2 2023, defined as ...": "it" is
            # the measure the ask names, and its name labels the answer
            named = measure.group("name")
            given[_name_key(named, vocab)] = given.pop(_name_key("it", vocab), "")
        metric = _name_key(named, vocab)
        if metric not in vocab.metrics and metric in given:
            # "Operating ratio is defined as: ...": the measure as the question names it
            return metric, named[:1].upper() + named[1:], given.pop(metric), "question"
    if composed is not None:
        key = _composed_key(composed)
        part = composed.split(" / ")[0]
        if composed.endswith(" / revenue") and "/" in given.get(part, ""):
            # "Free cash flow margin is defined as: (A - B) / total revenue": the definition is of
            # the margin itself (named by its amount's words), not of the amount it divides
            formula = given.pop(part)
            return key, ask_phrase(formula, vocab), formula, "question"
        # the question's own formula of the composed measure, when it gives one, is the one computed
        return key, ask_phrase(composed, vocab), given.pop(key, composed), "question"
    if metric not in given and len(given) == 1 and re.search(rf"\b{re.escape(metric)}\b", next(iter(given.values()))):
        # "How many times did it sell its inventory? Calculate the inventory turnover ratio as cost of sales /
        # average inventories": the ask names an input of the one measure the question defines; that measure
        # is what is asked
        metric = next(iter(given))
    label = vocab.label(metric) or metric.replace("_", " ")
    if metric in given:
        formula = given.pop(metric)
        if "/" in formula and vocab.metrics.get(metric) and vocab.metrics[metric].unit == "USD":
            label = ask_phrase(formula, vocab)  # "Define it as: capex / revenue": a ratio, not the amount
        return metric, label, formula, "question"
    formula = vocab.formula(metric) if metric in vocab.metrics else None
    return metric, label, formula or metric, "vocabulary" if formula else "line item"


# "..., and did it improve versus FY2020?", "Has its debt increased?": a change asked as a yes/no
_ASKED_DIRECTION = re.compile(r"\b(?:did|has|have|was|were|is)\s+(?:it|that|this|they|the\s+(?:figure|ratio|margin|rate)|"
                              r"(?:its|their)\s+(?:[\w-]+\s+){0,3}?[\w-]+)\s+(?P<verb>improv|deteriorat|worsen|increas|ris|grow|"
                              r"expand|decreas|declin|fall|drop|shrink|contract)\w*", re.I)
_DIRECTIONS = {"improv": "better", "deteriorat": "worse", "worsen": "worse", "increas": "up", "ris": "up", "grow": "up",
               "expand": "up", "decreas": "down", "declin": "down", "fall": "down", "drop": "down", "shrink": "down",
               "contract": "down"}
# measures where a fall is an improvement
_LOWER_IS_BETTER = re.compile(r"debt|liabilit|leverage|days_inventory|days_sales|expense|cost", re.I)


def lower_is_better(metric: str) -> bool:
    """A measure where lower is better (debt, a cost, days of inventory): its fall is an improvement."""
    return bool(_LOWER_IS_BETTER.search(metric))


def asked_direction(question: str) -> str | None:
    """The way a change is asked as a yes/no ("did it improve" -> "better"), or None."""
    m = _ASKED_DIRECTION.search(question)
    if m is None or re.search(r"\bhow\s+(?:much|far|many)\s*$|\bby\s+what\s*$", question[: m.start()], re.I):
        return None  # "how much did it expand?" asks the size of the change, not whether
    return _DIRECTIONS[m.group("verb").lower()]


def _aggregation(ask: str, question: str, years: list[int]) -> str:
    if _CAGR.search(ask) and len(years) >= 2:
        return "cagr"
    if _AVERAGE.search(ask) and len(years) >= 2:
        return "average"
    if len(years) != 2:
        return "value"
    if _DIFFERENCE.search(ask) and not _EXPLICIT_PERCENT.search(question):
        return "amount_change"
    if _COMPARE_ASK.search(ask) and not _CHANGE_ASK.search(ask) and not _RELATIVE_CHANGE.search(question) \
            and not (re.search(r"%|percent", question, re.I) and not re.search(r"\b(?:margins?|rates?|ratios?)\b", ask, re.I)):
        # "how did it compare with FY2021?": the two values and the difference between them (a coverage of
        # 3.95x against 4.72x, not a growth of 19.6% in the ratio); an amount compared "in percentage terms" is
        # its relative change
        return "amount_change"
    if _CHANGE_ASK.search(ask) or _COMPARE_ASK.search(ask):
        in_money = _AMOUNT_CHANGE.search(question) and not _EXPLICIT_PERCENT.search(question)
        return "amount_change" if in_money and not re.search(r"%|percent", question, re.I) else "change"
    return "value"


def _unit(key: str, formula: str, source: str, vocab: Vocabulary) -> str:
    """The vocabulary's unit of the metric, or what a question's own formula makes of it."""
    entry = vocab.metrics.get(key)
    return (entry.unit if entry and source != "question" else None) or _formula_unit(formula)


def _is_percent(key: str, unit: str, source: str, aggregation: str, ask: str, question: str) -> bool:
    if aggregation in ("change", "cagr"):
        return True
    explicit = bool(_EXPLICIT_PERCENT.search(question) or _PERCENT_OF.search(ask) or re.search(r"%\s*margin", ask)
                    or _SHARE_ASKED.search(ask))
    # "current ratio", "asset turnover" are times; a payout ratio is the share of earnings paid out
    ratio_named = bool(re.search(r"\b(?<!payout\s)(?:ratio|turnover)\b", ask, re.I))
    # a formula the question gives is the quantity as written: percent only when asked for, or when
    # the ask names a margin ("its free cash flow margin, where ... the margin is FCF divided by revenues")
    implied = (_percent_metric(key) and not ratio_named and source != "question") \
        or bool(re.search(r"\bmargins?\b", ask, re.I))
    return unit == "ratio" and (explicit or implied)


# Words that may stand before a metric's one-word name without changing what it names.
_NEUTRAL_BEFORE = frozenset({
    "the", "a", "an", "its", "their", "our", "his", "her", "total", "of", "in", "for", "what", "was", "were",
    "is", "are", "and", "or", "to", "as", "at", "by", "on", "reported", "company", "consolidated", "group",
    "fiscal", "year", "fy", "operating", "gross", "annual", "overall", "aggregate",
    # comparisons and aggregations: "how much more revenue", "average assets"
    "more", "less", "much", "higher", "lower", "greater", "fewer", "bigger", "smaller", "largest", "highest",
    "lowest", "average", "mean", "median", "change", "growth", "increase", "decrease",
    # a pronoun or a verb before the word: "when was it payable"
    "it", "they", "be", "been", "being", "which", "that", "who", "has", "have", "had",
})
# Nouns a metric's one-word name modifies when it stands before them: "equity compensation costs"
# are pay, not shareholders' equity; "revenue recognition" is a policy, "equity method" a way to account.
_HEAD_AFTER = frozenset({
    "compensation", "award", "awards", "grant", "grants", "plan", "plans", "incentive", "incentives",
    "method", "recognition", "securities", "instruments", "issuance", "offering",
})
_PERIOD_WORD = re.compile(r"year|quarter|month|date|ytd|\d", re.I)  # "year-to-date revenue", "Q2 revenue"


_OWNED_NAME = re.compile(r"['’]s\s+(?P<name>[A-Z][\w&-]*(?:\s+[A-Z][\w&-]*){0,3})\s+(?P<word>[a-z][\w-]*)\b")
# "change in Google Cloud revenue": capitalised words after a plain word name a part too, unless they
# are the company the ask calls by its possessive elsewhere ("Alphabet's ... in Alphabet revenue")
_NAMED_PART = re.compile(r"\b[a-z][\w-]*\s+(?P<name>[A-Z][\w&-]*(?:\s+[A-Z][\w&-]*){0,3})\s+(?P<word>[a-z][\w-]*)\b")
# "revenue did its first-party advertising products generate": the revenue of what generates it
_EARNED_BY = re.compile(r"\b(?P<word>revenues?|sales)\s+(?:did|does|do|has|have|had)\s+(?P<who>[^?,]{1,80}?)\s+"
                        r"(?:generate|bring\s+in|contribute|earn|produce|deliver|record)\b", re.I)
# "revenues from franchised restaurants", "sales from company-operated stores": revenue of one source; the whole's
# own wordings ("revenue from contracts with customers", "from continuing operations") name no part
_EARNED_FROM = re.compile(r"\b(?P<word>revenues?|sales)\s+from\s+(?!(?:its\s+|the\s+)?(?:continuing|discontinued|operations|"
                          r"contracts\s+with|all\s+sources|customers)\b)(?P<source>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,4}?)"
                          r"(?=\s+(?:in|for|during|of|at|over|as|was|were|by|between|\()\b|\s*[,?.]|\s*$)")
# capitalised words that name an accounting basis or the whole, never a part of the company
_WHOLE_NAMES = frozenset({"gaap", "non-gaap", "ifrs", "total", "net", "consolidated", "reported", "group"})


def qualified_name(ask: str, key: str, vocab: Vocabulary, companies: Sequence[str] = ()) -> str | None:
    """"intangible assets" when the ask names `key` (total assets) only by a one-word synonym
    ("assets") that another word qualifies: a different line item, which must not be answered
    with this metric. None when a full wording occurs or nothing qualifies the bare word.

    The one word is found by its stem, as the vocabulary matches it: "estimated liability" is
    qualified like "estimated liabilities"; a word of the same stem that is no form of the
    noun ("may borrow" for borrowings, "did it receive" for receivables) names an act, not
    the line, and is returned as it stands."""
    if (part := _proper_part(ask, key, vocab, companies)) is not None:
        return part
    if (earner := _EARNED_BY.search(ask)) is not None and tokenize(earner.group("word"))[0] in {
            tokenize(w)[0] for w in vocab.metrics[key].wordings if len(tokenize(w)) == 1}:
        # "How much revenue did eBay's first-party advertising products generate": what earns it is a part
        # (its plain words; the company's own name, capitalised, qualifies nothing)
        words = [w for w in re.sub(r"\b\S+['’]s\b", " ", earner.group("who")).split()
                 if w == w.lower() and w not in _NEUTRAL_BEFORE]  # ("eBay", a name, is no plain word)
        if words:
            return f"{' '.join(words)} {earner.group('word')}".lower()
    if (source := _EARNED_FROM.search(ask)) is not None and tokenize(source.group("word"))[0] in {
            tokenize(w)[0] for w in vocab.metrics[key].wordings if len(tokenize(w)) == 1}:
        # "revenues from franchised restaurants": a part of revenue, the line that names its source
        return f"{source.group('word')} from {source.group('source')}".lower()
    said = ask
    ask = re.sub(r"['’]s\b", "", ask)  # "Acme's revenue": a possessive qualifies nothing
    tokens = tokenize(ask)
    wordings = [(w, tokenize(w)) for w in vocab.metrics[key].wordings]
    if any(len(t) > 1 and any(tokens[i:i + len(t)] == t for i in range(len(tokens))) for _w, t in wordings):
        return _qualified_wording(said, [w for w, t in wordings if len(t) > 1], companies)
    single = {t[0]: w.lower() for w, t in wordings if len(t) == 1}
    words = list(re.finditer(r"[A-Za-z][\w-]*", ask))
    for i, m in enumerate(words):
        word = m.group(0)
        stem = tokenize(word)
        if len(stem) != 1 or stem[0] not in single:
            continue
        if not _noun_form(word.lower(), single[stem[0]]):
            return word.lower()
        if i > 0:
            before = words[i - 1].group(0)
            between = ask[words[i - 1].end(): m.start()]
            if re.fullmatch(r"[\s\"'”’]+", between) and before.lower() not in _NEUTRAL_BEFORE \
                    and not before[:1].isupper() and not _PERIOD_WORD.search(before):
                return f"{before} {word}".lower()
        if i + 1 < len(words) and words[i + 1].group(0).lower() in _HEAD_AFTER \
                and not ask[m.end(): words[i + 1].start()].strip():
            return f"{word} {words[i + 1].group(0)}".lower()
    return None


def _proper_part(ask: str, key: str, vocab: Vocabulary, companies: Sequence[str]) -> str | None:
    """"document cloud revenue" of "Adobe's Document Cloud revenue", "google cloud revenue" of "the
    change in Google Cloud revenue": capitalised words before the metric's one-word name name a product
    or a segment, unless they are the company's own name (its possessive in the ask, or one of
    `companies`), a period ("Q2"), or a basis or the whole ("GAAP", "Total")."""
    single_words = {tokenize(w)[0] for w in vocab.metrics[key].wordings if len(tokenize(w)) == 1}
    owners = {w.lower() for m in re.finditer(r"\b((?:[A-Z][\w&-]*\s+){0,3}[A-Z][\w&-]*)['’]s\b", ask)
              for w in m.group(1).split()} | {w.lower() for c in companies for w in c.split()}
    for owned in [*_OWNED_NAME.finditer(ask), *_NAMED_PART.finditer(ask)]:
        name, word = owned.group("name").split(), owned.group("word")
        if not tokenize(word) or tokenize(word)[0] not in single_words or _PERIOD_WORD.search(owned.group("name")):
            continue
        if any(w.lower() in _NEUTRAL_BEFORE or w.lower() in _WHOLE_NAMES or w.lower() in owners for w in name):
            continue
        if owned.re is _NAMED_PART and not _noun_form(word.lower(), _single_wording(word, key, vocab)):
            continue  # "did Acme receive": a verb after the company's name, no line of a part
        return f"{owned.group('name')} {word}".lower()
    return None


def _single_wording(word: str, key: str, vocab: Vocabulary) -> str:
    """The one-word wording of `key` that `word` is a form of, by stem ("revenue" of "revenues")."""
    stem = tokenize(word)[0]
    return next((w.lower() for w in vocab.metrics[key].wordings if tokenize(w) == [stem]), word.lower())


def asked_line_change(ask: str, key: str, vocab: Vocabulary) -> bool:
    """The ask asks how an income-statement amount it names in its own words changed ("the
    year-over-year growth in membership fee revenue"), or names a revenue by its source ("revenues from
    franchised restaurants"): the metric qualified (revenue) is read as that line of its own
    (read_target), not as a fact stated in text."""
    qualified = qualified_name(ask, key, vocab)
    return qualified is not None and bool(_CHANGE_ASK.search(ask) or _EARNED_FROM.fullmatch(qualified)) \
        and _asked_line(ask, qualified, key, vocab) is not None


def source_named_line(ask: str, key: str, vocab: Vocabulary, companies: Sequence[str] = ()) -> str | None:
    """"Services net sales": a line of the measure `key` the ask names by its source before the measure's full name
    (`_qualified_wording`); None when it names none."""
    return _qualified_wording(ask, [w for w in vocab.metrics[key].wordings if " " in w], companies)


def _qualified_wording(ask: str, wordings: list[str], companies: Sequence[str]) -> str | None:
    """"services net sales" where a capitalised word that is no company's, no period's and no neutral word stands right
    before a measure's full name ("net sales"): a line of the measure, named by its source; None when none does. (A
    possessive, "NICE's total equity", is the company's, whatever the catalog calls it: never matched.)"""
    names = {w.lower() for c in companies for w in re.findall(r"[A-Za-z][\w-]*", c)}
    for wording in sorted(wordings, key=len, reverse=True):
        for m in re.finditer(rf"\b([A-Za-z][\w-]*)\s+{re.escape(wording)}\b", ask, re.I):
            before = m.group(1)
            # (a capitalised name only, "Services", "Products", "Domestic": a plain word before a full name, "cash
            # dividends paid", "total net sales", is more often the measure's own wording than a line's source)
            if before[:1].isupper() and before.lower() not in _NEUTRAL_BEFORE and before.lower() not in names \
                    and not _PERIOD_WORD.search(before) and before.lower() not in _QUALIFIES_NOTHING:
                return f"{before} {wording}".lower()
    return None


# words before a measure's full name that say which figure of it, not which line ("net", "adjusted", "unadjusted")
_QUALIFIES_NOTHING = frozenset({"net", "adjusted", "unadjusted", "reported", "gaap", "non-gaap", "diluted", "basic",
                                "quarterly", "much", "more", "less", "same", "prior", "previous", "current", "latest",
                                "comparable", "organic", "combined", "cumulative", "average", "sequential",
                                "statutory", "underlying", "normalized", "pro", "forma", "expected", "estimated",
                                "projected", "budgeted", "whose", "which", "did", "does", "do", "has", "had", "have",
                                "with", "from", "than", "that", "if", "be", "been", "being", "not", "no", "any"})


def _asked_line(ask: str, qualified: str, key: str, vocab: Vocabulary) -> str | None:
    """The whole name of an income-statement amount the ask qualifies ("membership fee revenue" of
    "Costco's membership fee revenue"): the qualified words with the plain words before them, when
    the metric qualified is such an amount and the name is a few plain words; else None."""
    entry = vocab.metrics[key]
    if entry.unit != "USD" or entry.statement != "income_statement" or entry.kind == "derived":
        return None
    if re.search(rf"\b{re.escape(qualified.split()[0])}['’]s\b", ask, re.I):
        return None  # "eBay's revenue lines": the company's name, no line's
    # (the qualified words as the ask writes them: "Document Cloud revenue" of a product line)
    found = re.search(rf"((?:\b[a-z][a-z-]*\s+){{0,3}})(?i:{re.escape(qualified)})\b", re.sub(r"['’]s\b", "", ask))
    if found is None:
        return None
    words = found.group(1).split()
    while words and (words[0] in _NEUTRAL_BEFORE or _PERIOD_WORD.search(words[0])):
        words.pop(0)  # "the", "growth in", "FY2022": the ask's words, not the line's
    if any(w in _NEUTRAL_BEFORE or _PERIOD_WORD.search(w) for w in words):
        return None
    named = " ".join([*words, qualified])
    return named if len(named.split()) <= 4 and line_unit(named) == "USD" else None


def _noun_form(word: str, wording: str) -> bool:
    """`word` is `wording` or its singular or plural ("liability" of "liabilities")."""
    forms = {wording, wording + "s", wording + "es"}
    if wording.endswith("y"):
        forms.add(wording[:-1] + "ies")  # "inventory", "inventories"
    for plural, singular in (("ies", "y"), ("es", ""), ("s", "")):
        if wording.endswith(plural):
            forms.add(wording[: -len(plural)] + singular)
    return word in forms


# "nine months ended", "three-month period ended", "six months ending": a span ending on the day asked
# ("the quarter ended June 30, 2023" is the three months ended then)
_SPAN_ENDED = re.compile(r"\b(?:(three|six|nine|3|6|9)[\s-]*months?(?:\s+periods?)?|(?<!fiscal\s)(?<!year\s)(quarter))\s+"
                         r"end(?:ed|ing)\b", re.I)
_SPAN_MONTHS = {"three": 3, "six": 6, "nine": 9}


# "the first six months of fiscal 2015", "nine months ended September 30, 2023": a span of the fiscal year from its start
_YEAR_PART = re.compile(r"\b(?:first\s+(six|nine|6|9)\s+months|(six|nine|6|9)[\s-]*months?(?:\s+periods?)?\s+end(?:ed|ing))\b",
                        re.I)


def _year_to_date_quarter(ask: str) -> int | None:
    """The quarter whose year-to-date column a span of six or nine months is (2, 3), where the ask names one span and
    no quarter: a 10-Q or a release prints it beside the quarter's own column; None otherwise."""
    spans = {_SPAN_MONTHS.get((m.group(1) or m.group(2)).lower()) or int(m.group(1) or m.group(2))
             for m in _YEAR_PART.finditer(ask)}
    return spans.pop() // 3 if len(spans) == 1 else None


def asked_day(question: str) -> tuple[str | None, int | None]:
    """(the one day the question names, ISO; the months of the span it names ending then, if
    any): "current ratio at June 30, 2012" -> ("2012-06-30", None); "effective tax rate for the
    nine months ended September 30, 2011" -> ("2011-09-30", 9). (None, None) when it names no
    day, or several."""
    days = list(dict.fromkeys(parse_periods(question).dates))
    if len(days) != 1:
        return None, None
    spans = {3 if m.group(2) else int(m.group(1)) if m.group(1).isdigit() else _SPAN_MONTHS[m.group(1).lower()]
             for m in _SPAN_ENDED.finditer(question)}
    return days[0], (spans.pop() if len(spans) == 1 else None)


_SHARE_OF_THAT = re.compile(r"^\W*how\s+much\s+(?P<part>[^?]+?),?\s+and\s+what\s+(?:percentage|percent|share|proportion)\s+"
                            r"of\s+(?P<whole>[^?]+?)\s+(?:was|is|were)\s+(?:that|it|this)(?:\s+amount)?\s*\?", re.I)


def _qualified_operand(ask: str, formula: str, vocab: Vocabulary, companies: Sequence[str]) -> tuple[str, str] | None:
    """(operand, the ask's words for it) of the first operand of a formula the ask composes that its words qualify
    into another quantity ("content assets" of total assets); None when every operand is read as named."""
    for operand in sorted(_operands(formula)):
        if operand in vocab.metrics and (other := qualified_name(ask, operand, vocab, companies)) is not None \
                and other.split()[0].lower() not in _NO_QUALIFIER:
            return operand, other
    return None


# the words before a measure that say how it is reached, not which measure it is ("through dividends")
_NO_QUALIFIER = frozenset({"through", "from", "by", "via", "in", "of", "for", "to", "with", "including", "as", "and",
                           "or", "on", "at", "plus", "minus", "less"})


# "How much did its long-term debt decrease ..., and what percentage of total liabilities was that?": the change's
# share, which the amount's level over the other is not
_CHANGE_VERB = re.compile(r"\b(?:increase|decrease|grow|grew|rise|rose|fall|fell|decline|drop|change|improve|reduce|"
                          r"shrink|expand)\w*\b", re.I)
_DOER = re.compile(r"\b(?:did|does|do)\s+(?:[A-Z][\w&.'’-]*\s+){1,4}")


def read_target(question: str, vocab: Vocabulary, companies: Sequence[str] = ()) -> MetricTarget | None:
    """The typed target of a metric question; None when the question asks for no metric
    (or defines one with terms the vocabulary does not know). `companies`: the names the
    question was read to be about, which qualify no metric."""
    ask, definitions = split_definitions(question)
    if (that := _SHARE_OF_THAT.match(ask)) is not None and not _CHANGE_VERB.search(that.group("part")):
        # "How much cash did it return to shareholders ..., and what percentage of net cash provided by operating
        # activities was that?": the amount as a share of the other, whose working states the amount too
        part = _DOER.sub("", that.group("part"))  # ("cash did Boeing return ...": what, not who)
        ask = f"What percentage of {that.group('whole')} was {part}?"
    definitions = [(_operand_or_it(name, ask, vocab), expr) for name, expr in definitions]
    if _UNSUPPORTED.search(_PERIOD_COMPARED.sub(" ", ask)):
        return None
    spanned = _BALANCES_AVERAGED.search(ask)
    mentions = parse_periods(_BALANCES_AVERAGED.sub(" ", ask))
    years = mentions.years or ([max(int(spanned.group(g)[-4:]) for g in ("first", "last"))] if spanned
                               else parse_periods(question).years)
    if not years:
        return None
    if len(years) == 1 and _YEAR_OVER_YEAR.search(ask) and _CHANGE_ASK.search(ask) and len(mentions.periods) <= 1 \
            and not _RELATES_PERIODS.search(vocab.formula(_ask_metric(ask, vocab)[0] or "") or ""):
        # "By what percentage did its revenue grow year over year in FY2022": against the year before (a
        # growth metric the vocabulary defines, "revenue growth", relates the two years itself); of a
        # quarter ("in the second quarter of 2023"), against the same quarter of the year before
        years = [years[0] - 1, years[0]]
    if len({period[-1] for period in mentions.periods}) > 1 or (
            _SPAN_COMPARED.search(ask) and sorted(set(years)) != list(range(min(years), min(years) + 2))):
        # "Q2 2023 compared with Q1 2023", "three months ended July 2, 2023 vs April 2, 2023": one quarter
        # set against another, no year-over-year change of the asked one
        return None
    if _UNSUPPORTED.search(ask) and _aggregation(ask, question, years) not in ("change", "amount_change"):
        # a year set against another is read only as the change asked ("grow in 2020 compared
        # with 2019"); "how does X in FY2022 compare to FY2021" asks both years' values
        return None
    lines: dict[str, str] = {}
    wordings: dict[str, list[str]] = {}
    try:
        given = {_defined_key(name, ask, vocab): parse_formula(expr, vocab, max(years), lines, wordings=wordings)
                 for name, expr in definitions}
    except UnreadableFormula:
        return None
    given = _without_restatements(given)
    resolved = _resolve(ask, definitions, given, vocab)
    if resolved is None:
        return None
    key, label, formula, source = resolved
    for name in list(given):
        standard = vocab.formula(name) if name in vocab.metrics else None
        if standard and not _uses(name, formula, given) and f"({standard})" in formula:
            # "EBITDA margin ... Define unadjusted EBITDA as operating income plus depreciation plus amortization of
            # intangible assets": the margin's numerator is the measure the question defines, read its way
            formula, source = formula.replace(f"({standard})", name), "question"
    if (shared := _line_over_measure(ask, formula, vocab, companies)) is not None:
        # "research, development and engineering expenses as a percentage of net sales", "amortization of content
        # assets as a percentage of revenues": a line the vocabulary has no measure for (or whose words it reads as
        # another measure's, "assets"), over a measure it reads
        source = "question"
    elif _SELF_RATIO.fullmatch(formula.replace(" ", "")):
        # "sales and marketing expense as a percentage of net revenues": "sales" is a word of revenue,
        # but a measure divided by itself is never what is asked; the words before the share name a
        # line of their own, or nothing is computed
        line, whole = _line_before_share(ask), formula.split("/")[-1].strip(" ()")
        if line is None or (whole in vocab.metrics and line.lower() in {w.lower() for w in vocab.metrics[whole].wordings}):
            return None
        shared = line, whole
    if shared is not None:
        # the line read as printed, in its own words, over the measure
        line, whole = shared
        lines[line_key(line)] = line
        if (printed := re.sub(r"\s+(?:expenses?|costs?)$", "", line)) != line:
            # an income statement prints its expense lines without the word ("Sales and marketing")
            wordings.setdefault(line_key(line), []).append(printed)
        key, formula = _composed_key(f"{line_key(line)} / {whole}"), f"{line_key(line)} / {whole}"
        label = f"{line[:1].upper()}{line[1:]} / {vocab.label(whole) or whole}"
    if not _printed_lines_cancel(formula, given, lines, vocab):
        return None
    for line, wording in lines.items():
        label = label.replace(line, wording)  # "revenues from franchised restaurants / Revenue"
    unit = _unit(key, formula, source, vocab)
    aggregation = _aggregation(ask, question, years)
    relative = aggregation == "change"
    if _RELATES_PERIODS.search(formula) and (source == "question" or (
            aggregation == "change" and sorted(set(years)) == [min(years), min(years) + 1]
            and not _CHANGE_OF_A_GROWTH.search(ask) and not _POINTS.search(question))):
        # the formula relates the years itself: the question's ("(FY2021 X - FY2020 X) / FY2020 X"), or
        # a growth measure asked between two years ("revenue growth from FY2021 to FY2022" is FY2022's
        # growth over FY2021): computed once, for the last year; a change of it would be another measure
        aggregation = "value"
    if aggregation == "change" and unit == "ratio" and _percent_metric(key) \
            and not _RELATIVE_CHANGE.search(question):
        # "how much has the effective tax rate changed between FY2021 and FY2022": a rate's
        # change is read in percentage points (20.2% to 22.9%), not as a growth of the rate
        aggregation = "amount_change"
    unresolved = None
    if aggregation == "change" and _POINTS.search(question):
        # "by how many percentage points did its gross margin percentage change": the difference of
        # the two rates, even where "percentage change" also reads as a growth
        aggregation = "amount_change"
        if unit != "ratio":
            unresolved = f"the question asks for a change in percentage points, and {label} is no rate"
    kind_asked = re.search(r"\b(ratio|margin|turnover|multiple|yield)\b", ask, re.I)
    in_percent = (_EXPLICIT_PERCENT.search(question) or _SHARE_ASKED.search(ask)) \
        and aggregation not in ("change", "cagr", "average")
    if unit == "USD" and ((kind_asked and source != "question") or in_percent):
        # "working capital ratio" when only working capital (an amount) is known; a value asked
        # "in percent" of a formula that gives an amount would be another quantity
        kind = kind_asked.group(1).lower() if kind_asked else "percentage"
        # "working capital ratio" when only working capital (an amount) is known
        unresolved = f"the question asks for a {kind}, but {label} is an amount"
    if _SHARE_ASKED.search(ask) and unit == "USD" and unresolved is None:
        # "What share of its total revenues came from franchised restaurants?": a share of the amount named,
        # whose part no measure read names; the amount itself (or its change) is not what is asked
        unresolved = f"the question asks for a share of {label}, and no measure read names the part it asks of"
    if source == "vocabulary" and key in vocab.metrics and (contested := vocab.metrics[key].contested):
        # answering with one of the ways would be another quantity than the one asked, half the time
        unresolved = f"{label} is computed in more than one way ({contested}) and the question does not define it"
    # a definition of the very formula the ask composes ("capex as a share of revenue ...
    # Capex-to-revenue is defined as: capex / revenue") is the measure computed, not another
    if (unused := [name for name in given if name != key and not _uses(name, formula, given)
                   and given[name].replace(" ", "") != formula.replace(" ", "")]):
        # "... and the conversion rate as free cash flow divided by net income" when the ask names
        # another measure: the formula used would not be the one the question gives
        unresolved = f"the question defines {unused[0].replace('_', ' ')}, which the measure computed does not use"
    if adds_amount_to_ratio(formula, given, vocab):
        unresolved = f"the formula read ({label}) adds an amount of money to a ratio, which measures nothing"
    if source != "question" and _SEGMENT.search(ask):
        # "the operating margin of its Family of Apps segment": the statements' lines are the company's
        unresolved = f"the question asks for one segment's {label}, and the consolidated statements give the company's"
    operands = _operands(formula)
    if source == "question" and not definitions and unresolved is None \
            and (whole := next((o for o in sorted(operands) if set(vocab.inputs(o)) & operands), None)) is not None:
        # "cash returned to shareholders ... through buybacks": a measure and a part of it, summed, counts the part twice
        unresolved = f"the question names {vocab.label(whole) or whole} and a part of it, which the formula would count twice"
    if source == "question" and not definitions and unresolved is None \
            and (qualified := _qualified_operand(ask, formula, vocab, companies)) is not None:
        # "additions to streaming content assets as a percentage of revenues": an operand the ask qualifies into
        # another quantity ("content assets") is not the statement line read (total assets)
        operand, other = qualified
        unresolved = f"the question asks for {other}, which is not {vocab.label(operand) or operand}"
    if source != "question" and key in vocab.metrics and (other := qualified_name(ask, key, vocab, companies)):
        if (aggregation in ("change", "amount_change") or _EARNED_FROM.fullmatch(other)
                or source_named_line(ask, key, vocab, companies) == other) \
                and (named := _asked_line(ask, other, key, vocab)) is not None:
            # (a revenue's source names its line whatever is asked of it: "revenues from franchised restaurants")
            # "membership fee revenue": a line of its own, read from the row labelled in all and
            # only its words ("Membership fees" under "REVENUE"), never the metric it qualifies
            key, label = line_key(named), named[0].upper() + named[1:]
            formula, lines = key, {key: named}
            unit = "USD"
        else:
            # "intangible assets" read as "assets": answering total assets would be another quantity
            unresolved = f"the question asks for {other}, which is not {label}"
    quarter = int(mentions.periods[-1][-1]) if mentions.periods else _year_to_date_quarter(ask)
    as_of, months = asked_day(question) if aggregation == "value" else (None, None)
    of_loss = aggregation == "change" and bool(_A_LOSS.search(ask))
    if of_loss:
        label = re.sub(r"\b(?:income|earnings|profit)\b", "loss", label, flags=re.I)  # "Net income" -> "Net loss"
    return MetricTarget(
        metric=key, label=label, formula=formula, formula_source=source,  # type: ignore[arg-type]
        definitions=given, years=years if aggregation != "value" else [max(years)],
        quarter=quarter, year_to_date=bool(_QUARTER_WORDS.search(ask)) and quarter is not None,
        as_of=as_of, months=months,
        aggregation=aggregation,  # type: ignore[arg-type]
        of_loss=of_loss,
        asked_direction=asked_direction(question) if aggregation in ("change", "amount_change") else None,  # type: ignore[arg-type]
        # a question's formula that restates the vocabulary's own ("effective tax rate, calculated as
        # provision for income taxes divided by income before income taxes") is the standard measure,
        # written as that measure is
        unit="percent" if _is_percent(key, unit, "vocabulary" if _restates(key, formula, vocab) else source,
                                      aggregation, ask, question) or (relative and unit == "ratio")
        else unit,  # type: ignore[arg-type]
        scale=_scale(question) if unit == "USD" and aggregation != "change" else "units",  # type: ignore[arg-type]
        decimals=asked_decimals(question), unresolved=unresolved, lines=lines,
        wordings=wordings,
    )


# "change in net loss", "its operating loss": a loss named as the asked measure
_A_LOSS = re.compile(r"\b(?:net|operating|pre-?tax)\s+loss(?:es)?\b", re.I)


# "revenue / revenue": one operand over itself
_SELF_RATIO = re.compile(r"\(?(\w+)\)?/\(?\1\)?")
# what an ask's share is of: "what was sales and marketing expense as a percentage of ..."
_SHARE_SUBJECT = re.compile(r"(?:\bwhat\s+(?:was|were|is|are)|['’]s|\bits|\btheir)\s+(?P<line>[a-z][a-z&,\s-]{2,60}?)$", re.I)


# "what share of its total revenues came from cloud services", "what percentage of net sales was generated by the
# Americas": the whole, then the part it came from
_SHARE_FROM = re.compile(r"\bwhat\s+(?:share|percent(?:age)?|portion|proportion|fraction)\s+of\s+(?P<whole>.+?)\s+"
                         r"(?:came|comes|come|(?:was|were)\s+(?:generated|derived|earned|contributed))\s+(?:from|by)\s+"
                         r"(?P<part>[^?,;]+?)\s*(?:[?,;]|$|\s+(?:in|during|for|as\s+of)\s+(?:fiscal|FY|the|\d{4}))", re.I)


def share_asked(ask: str) -> tuple[str, str] | None:
    """(whole, part) of "what share of its total revenues came from cloud services", in the ask's words; None when
    the ask asks no share of a whole that came from a part."""
    share = _SHARE_FROM.search(ask)
    return (share.group("whole"), share.group("part")) if share else None


def _line_before_share(ask: str) -> str | None:
    """The line an ask's "X as a percentage of Y" names as X, in its own words, when they are a
    statement line's ("sales and marketing expense"); None otherwise."""
    share = _PERCENT_OF.search(ask)
    subject = _SHARE_SUBJECT.search(ask[: share.start()]) if share else None
    if subject is None:
        return None
    wording = line_wording(subject.group("line"))
    return wording if wording and line_unit(wording) == "USD" else None


# a line of the balance sheet by its head words, which a balance sheet may print twice (current and non-current)
_BALANCE_LINE = re.compile(r"^(?:deferred|accrued|prepaid|unearned)\b|\b(?:assets?|liabilit\w*|payables?|receivables?|"
                           r"inventor\w*|debt|equity|reserves?|obligations?|borrowings?|deposits?|balances?)$", re.I)


def _line_over_measure(ask: str, formula: str, vocab: Vocabulary, companies: Sequence[str]) -> tuple[str, str] | None:
    """(line, whole) of an ask's "X as a percentage of Y" when Y is the one measure the vocabulary reads after the share
    words and X is a statement line in words the formula read does not honour: the formula is Y alone (X named no
    measure), or it reads X's words as a measure they qualify ("content assets" as total assets). None otherwise."""
    share = _PERCENT_OF.search(ask)
    line = _line_before_share(ask) if share else None
    if share is None or line is None or line.lower() in {w.lower() for m in vocab.metrics.values() for w in m.wordings}:
        return None
    if _BALANCE_LINE.search(line.split(" of ")[0]):
        return None  # (a balance, "deferred revenue", is printed current and non-current: the first row is half of it)
    after = re.split(r"\s+(?:in|for|during|at|as\s+of)\s+(?:fiscal|FY|the|\d{4})|[?,;]", ask[share.end():], maxsplit=1)[0]
    found = vocab.match_metrics(after)
    if len(found) != 1 or vocab.metrics[found[0]].unit != "USD":
        return None
    whole = found[0]
    if vocab.statement_of(whole) == "balance_sheet":
        return None  # (a balance sheet prints a line twice, current and non-current: the first row read is half of it)
    plain = formula.replace(" ", "").strip("()")
    if plain == whole:
        return line, whole
    numerator = plain.split("/", 1)[0].strip("()") if plain.count("/") == 1 and plain.endswith(f"/{whole}") else None
    if numerator and numerator in vocab.metrics and qualified_name(ask, numerator, vocab, companies):
        return line, whole
    return None


def _restates(key: str, formula: str, vocab: Vocabulary) -> bool:
    """The question's formula is a form of the vocabulary's measure `key`: the same formula, or the
    same operands save an average ("return on equity (net income / total shareholders' equity)")."""
    own = vocab.formula(key) if key in vocab.metrics else None
    plain = re.sub(r"avg\((\w+)\)", r"\1", own or "").replace(" ", "")
    return bool(own) and formula.replace(" ", "") in (own.replace(" ", ""), plain)


def _printed_lines_cancel(formula: str, given: dict[str, str], lines: dict[str, str], vocab: Vocabulary) -> bool:
    """A formula reading a line as printed (per share, a count) reads nothing else of another
    unit and divides: "(market price - net assets per share) / net assets per share", "cash
    dividends declared per common share / diluted EPS" or a count's growth gives a pure number,
    whereas money in millions beside a count would be a figure in no unit the target can state."""
    units = {line_unit(wording) for wording in lines.values()}
    if units <= {"USD"}:
        return True
    operands: set[str] = set()
    for text in [formula, *given.values()]:
        operands |= _operands(text)
    operands -= set(given)
    alike = {name for name in operands if name in vocab.metrics and vocab.metrics[name].unit in units}
    return len(units) == 1 and operands <= set(lines) | alike and "/" in formula


def _operands(formula: str) -> set[str]:
    """The names a formula reads (metric keys, lines), without its functions (avg, prior, change)."""
    return {n.id for n in ast.walk(ast.parse(formula, mode="eval")) if isinstance(n, ast.Name)} - set(_FUNCTIONS)


_RATIO_UNITS = frozenset({"ratio", "percent", "%"})


def adds_amount_to_ratio(formula: str, given: dict[str, str], vocab: Vocabulary) -> bool:
    """The formula adds or subtracts an amount of money and a ratio ("A + B + C / D", a division
    read inside a sum the question meant whole): the result measures nothing, whatever its value."""

    def unit(node: ast.AST, depth: int = 0) -> str | None:
        if depth > 8:
            return None
        if isinstance(node, ast.Constant):
            return "scalar"
        if isinstance(node, ast.Name):
            if node.id in given:
                return unit(ast.parse(given[node.id], mode="eval").body, depth + 1)
            if node.id.startswith(LINE_PREFIX):
                return "USD"  # (a line read in the question's words is money: line_wording)
            found = _unit_of(node.id, vocab)
            return "ratio" if found in _RATIO_UNITS else found
        if isinstance(node, ast.Call):
            return unit(node.args[0], depth + 1) if node.args and getattr(node.func, "id", "") != "change" else None
        if isinstance(node, ast.BinOp):
            a, b = unit(node.left, depth + 1), unit(node.right, depth + 1)
            if isinstance(node.op, (ast.Add, ast.Sub)):
                if {a, b} == {"USD", "ratio"}:
                    raise _MixedUnits
                return a if a not in (None, "scalar") else b
            if isinstance(node.op, ast.Div):
                return "ratio" if a == b and a not in (None, "scalar") else a if b == "scalar" else None
            if isinstance(node.op, ast.Mult):
                return b if a == "scalar" else a if b == "scalar" else None
        return None

    try:
        unit(ast.parse(formula, mode="eval").body)
    except _MixedUnits:
        return True
    except SyntaxError:
        return False
    return False


class _MixedUnits(Exception):
    pass


def _uses(name: str, formula: str, given: dict[str, str]) -> bool:
    """`name` is read by the formula, directly or through another definition it reads."""
    seen: set[str] = set()
    todo = [formula]
    while todo:
        for n in _operands(todo.pop()) - seen:
            seen.add(n)
            if n in given:
                todo.append(given[n])
    return name in seen


def _without_restatements(given: dict[str, str]) -> dict[str, str]:
    """The question's definitions less those whose only operand is the name they define.
    "Define capital expenditure as purchases of property and equipment" reads as capex =
    capex, and "average total assets = (total assets 2019 + total assets 2020) / 2" as
    total assets by itself: each names the line as printed (the formula already wraps it
    in avg()), and expanding it would never end."""
    def relates_periods(formula: str) -> bool:
        # "(equity 2021 - equity 2022) / equity 2021": the line set against itself in another
        # period (a change, a ratio), a measure of its own, not the line restated
        return bool(re.search(r"/\s*\(?\s*(?:prior|avg|change)?\(?[a-z_]", formula)) and "prior(" in formula

    return {key: formula for key, formula in given.items()
            if _operands(formula) != {key} or relates_periods(formula)}


def ask_phrase(formula: str, vocab: Vocabulary) -> str:
    """A composed formula in words: "capex / revenue" -> "Capital expenditures / Revenue"."""
    # "prior(equity)" -> "Shareholders' equity (prior year)": the function read as words
    formula = re.sub(r"\b(prior|avg|change)\(([a-z_]+)\)", lambda m: f"{m.group(2)} ({_FUNCTION_WORDS[m.group(1)]})",
                     formula)
    return re.sub(r"[a-z_]+", lambda m: vocab.label(m.group(0)) or m.group(0), formula)


_FUNCTION_WORDS = {"prior": "prior year", "avg": "average", "change": "change"}
