"""A follow-on part of a question that a sentence answers in other words than the part's own.

"What company did X acquire, when did the deal close, how was it paid for, ...": the
filing says "On November 12, 2021, we completed the acquisition of Transplace in an
all-cash transaction". It never says "deal", "close" or "paid", yet it answers both
follow-on parts: a part asking *when* is answered by a date, one asking *how something
was paid for* by the means of payment (cash, stock, debt), one asking *who the other
party* was (its partner, the buyer) by the name of an organisation, one asking *what share
it holds* by a percentage interest ("owned a 49% interest in the entity"), one asking *what
remedies* a suit seeks by what it seeks ("seek a permanent injunction ... divestiture"), one
asking *how significant* something was by a share or a materiality judgement ("were immaterial"), one
asking *what conditions cause this* by the fact's sentence with its causal link ("..., which raise
substantial doubt"), one asking *what management has done to address it* by an action ("secured
new financing"). Counting the part's
own words would refuse a sentence that answers it, or search for one that cannot exist.

A *when* part that names a date of its own ("when was it payable?", "when is it effective?")
is answered by a date in a sentence that names it ("is payable on December 30, 2020"), not by
the date of the event another part asks about ("On December 4, 2020 the Board declared a special
dividend"). Only a part asking when the event itself took place ("when did the deal close?",
"when did it occur?") is answered by any date the answer gives.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from answering.aspects import split_sentences
from answering.kinds import deal_words
from answering.kinds.ask_scope import MONTH
from answering.kinds.legal_outcome import asks_outcome, outcome_stated
from answering.kinds.people_words import names_a_change
from answering.kinds.sentences import content_words, last_sentence, overlap
from finrag.vocabulary import tokenize

_ASKS_WHEN = re.compile(r"^\W*(?:and\s+)?when\b", re.I)
A_DATE = re.compile(rf"\b{MONTH}\s+(?:\d{{1,2}},?\s+)?(?:19|20)\d\d\b|\b\d{{1,2}}\s+{MONTH}\s+(?:19|20)\d\d\b|"
                     r"\b(?:first|second|third|fourth)\s+(?:fiscal\s+)?quarter\s+of\s+(?:fiscal\s+)?(?:year\s+)?(?:19|20)\d\d\b",
                     re.I)
_ASKS_MEANS = re.compile(r"^\W*(?:and\s+)?how\s+(?:was|were|is|did|will)\s+(?:\w+\s+){0,3}?"
                         r"(?:paid|pay|financed|finance|funded|fund|settled)\b", re.I)
_MEANS = re.compile(r"\bcash\b|\b(?:common|ordinary)\s+(?:stock|shares)\b|\bshares\s+of\b|\bborrowings?\b|"
                    r"\b(?:term\s+loan|credit\s+facility|senior\s+notes|debt\s+financing|issuance\s+of)\b", re.I)
_PLANNED = re.compile(r"\b(?:plan|plans|planned|planning|will|would|expect\w*|intend\w*)\b", re.I)
# "how does it plan to finance it", "how will the deal be funded", "how was it paid for": the means of financing
# ("the terms and financing of its acquisition": the financing named as a thing asked)
ASKS_FINANCING = re.compile(r"\bhow\b[^?,;]{0,40}?\b(?:financ|fund)\w*|\band\s+(?:the\s+|its\s+)?financing\s+of\b", re.I)
FINANCING = re.compile(r"\b(?:financ\w*|fund\w*)\b[^.;]{0,160}?\b(?:notes|debt|borrowings?|commercial\s+paper|term\s+loans?"
                       r"|bonds?|credit\s+facilit\w*|cash\s+on\s+hand|existing\s+cash|available\s+cash|proceeds|equity)\b"
                       r"|\b(?:notes|debt|borrowings?|bonds?|proceeds)\b[^.;]{0,160}?\bto\s+(?:partially\s+)?(?:finance|fund)\b",
                       re.I)
_ASKS_PARTY = re.compile(r"^\W*(?:and\s+)?(?:who\s+(?:is|was|are|were)\s+(?:its|their|the|our)\s+(?:[\w-]+\s+)?"
                         r"(?:partners?|counterpart(?:y|ies)|buyers?|purchasers?|sellers?|acquirers?|lenders?)|"
                         # "To whom was it sold?", "From whom did it buy ...?"
                         r"(?:to|from|by|with)\s+whom)\b", re.I)
# "how was it accounted for?", "how did it record the transaction?": the accounting said ("recorded as a cost
# method investment of $725 million", "recognized a gain of $167 million", "accounted for as a business combination")
ASKS_ACCOUNTING = re.compile(r"^\W*(?:and\s+)?how\s+(?:was|were|is|are|did|does|do)\s+(?:[\w.'\u2019&-]+\s+){0,4}?"
                             r"(?:accounted|account|recorded|record|recogni[sz]ed|recogni[sz]e|treated|reported|classified)\b",
                             re.I)
ACCOUNTING = re.compile(r"\baccounted\s+for\s+(?:as|under|using|by)\b|\b(?:recorded|recogni[sz]ed|reported|classified)\s+"
                        r"(?:\w+\s+){0,4}?(?:as|in|within|an?)\s|\b(?:cost|equity)[-\s]method\b|\bbusiness\s+combination\b"
                        r"|\b(?:gain|loss)\s+(?:on\s+(?:\w+\s+){0,4}?)?of\s+(?:approximately\s+)?[$€£]", re.I)
_ASKS_STAKE = re.compile(r"^\W*(?:and\s+)?what\s+(?:(?:ownership|equity)\s+)?(?:share|stake|interest|percentage)\s+"
                         r"(?:\w+\s+){0,3}?(?:hold|holds|own|owns|have|has)\b", re.I)
# "owned a 49% interest in the entity", "has a 49% ownership interest in the JV"
_A_STAKE = re.compile(r"\b\d+(?:\.\d+)?\s?%\s+(?:\w+\s+){0,2}?(?:interest|stake|ownership|owned|equity\s+interest)\b", re.I)
_ASKS_RELIEF = re.compile(r"^\W*(?:and\s+)?what\s+(?:remed(?:y|ies)|relief|damages|penalt(?:y|ies))\s+"
                          r"(?:did|do|does|will|would|are|were|is|was)\b", re.I)
# "both seek a permanent injunction ... and other equitable relief, including divestiture"
_RELIEF = re.compile(r"\bseek(?:s|ing)?\b[^.;]{0,80}?\b(?:injunct\w*|enjoin\w*|relief|damages|divestiture|penalt\w*|"
                     r"restitution|disgorgement)", re.I)
# "how did it affect Q2 FY2023 results?": the effect stated with its amount ("the effect was a reduction in
# depreciation expense of $966 million"), not the change restated
_ASKS_EFFECT = re.compile(r"^\W*(?:and\s+)?how\s+(?:did|does|do|will|would|has|have)\s+(?:\w+\s+){0,4}?"
                          r"(?:affect|impact|change)\b(?!\s+(?:from|over|since|between)\b)", re.I)
_EFFECT_AMOUNT = r"(?:[$€£]\s?\d|\d[\d,.]*\s?(?:%|percent\b|million\b|billion\b))"
_EFFECT = re.compile(rf"\b(?:effects?|impacts?)\b[^.;]{{0,120}}?{_EFFECT_AMOUNT}|"
                     rf"\b(?:reduction|increase|decrease|benefit)\s+(?:in|to)\s+(?:[\w-]+\s+){{1,6}}?(?:of|by)\s+"
                     rf"(?:approximately\s+|about\s+)?{_EFFECT_AMOUNT}", re.I)
# "Before his Oracle career, where did the executive ... work?": an employer named, not the company asked about
ASKS_EMPLOYER = re.compile(r"^\W*(?:and\s+)?(?:before\s+[^?,]{1,80},\s*)?(?:where|at\s+(?:which|what)\s+(?:compan(?:y|ies)|"
                           r"firms?|organi[sz]ations?))\s+(?:did|had|has|was|were)\b[^?]*\b(?:work|worked|serve|served|"
                           r"employed)\b(?!\s+(?:in|at)\s+(?:the\s+)?(?:U\.S|United|countr|region|state))", re.I)
_EMPLOYER = re.compile(r"\b(?:[A-Z][\w&.'’-]*\s+){1,4}(?:LLP|LLC|Inc\.?|Corporation|Corp\.?|Company|Co\.|Ltd\.?|Limited|"
                       r"Group|Bank|Partners|& Co)\b")
_ASKS_SIGNIFICANCE = re.compile(r"^\W*(?:and\s+)?how\s+(?:significant|important|material|big\s+a\s+part)\b", re.I)
# "Direct sales to Russia in fiscal year 2022 were immaterial", or the share it was
_SIGNIFICANCE = re.compile(r"\b(?:im|not\s+)?material\b|\b(?:in|not\s+)?significant\b|\d(?:\.\d+)?\s?(?:%|percent\b)", re.I)
# "What conditions cause this?", "what factors gave rise to it?": what the fact asked before is
# due to, which the sentence stating that fact gives with its causal link ("... has an accumulated
# deficit, which raise substantial doubt ...")
_ASKS_CAUSE = re.compile(r"^\W*(?:and\s+)?what\s+(?:[\w-]+\s+)?(?:conditions?|factors?|events?|circumstances|reasons?|"
                         r"matters?)\s+(?:\w+\s+)?(?:caused?|causes|led\s+to|lead\s+to|gave\s+rise\s+to|give\s+rise\s+to|"
                         r"raised?|raises|triggered?)\b", re.I)
_A_CAUSE = re.compile(r"\b(?:which|that|these\s+\w+|this|they)\s+(?:\w+\s+)?(?:raised?|raises|caused?|causes|gave\s+rise|"
                      r"give\s+rise|led\s+to|lead\s+to|resulted\s+in|result\s+in)\b|"
                      r"\b(?:due\s+to|because\s+of|as\s+a\s+result\s+of|attributable\s+to|caused\s+by|driven\s+by)\b", re.I)
# "what reasons did the CEO give?", "what rationale did it cite?": a reason or a purpose, in the filing's words of one
# ("as a result of these considerations", "Today's actions are designed to strengthen ...")
_ASKS_REASONS = re.compile(r"^\W*(?:and\s+)?what\s+(?:\w+\s+)?(?:reasons?|rationale|explanations?|justifications?)\s+"
                           r"(?:did|does|do|has|have|had|was|were|is|are)\b", re.I)
_A_REASON = re.compile(_A_CAUSE.pattern + r"|\b(?:designed|intended|aimed)\s+to\b|\bin\s+order\s+to\b|\bbecause\b|"
                       r"\bconsiderations?\s+of\b|\bso\s+that\b", re.I)
# "which leadership appointments did it announce?", "what executive change did it make?": a sentence naming a
# person, a role and the action on it ("Skye Anderson is being elevated to President, Global Business Services")
_ASKS_APPOINTMENTS = re.compile(r"^\W*(?:and\s+)?(?:what|which)\s+(?:[\w-]+\s+){0,2}?(?:appointments?|(?:executive|leadership|"
                                r"management|officer|board)\s+(?:changes?|transitions?))\s+(?:did|does|do|has|have|had|"
                                r"will|was|were)\b", re.I)
# "what has management done to address it?", "what steps is it taking to mitigate this?": what was
# done or is planned, stated as an action ("secured new financing and clarified new business plans")
_ASKS_RESPONSE = re.compile(
    r"^\W*(?:and\s+)?(?:what\s+(?:has|have|had|did|does|do|is|are|will)\s+(?:[\w-]+\s+){0,3}?(?:done|doing|do|taken|taking|"
    r"take|planned|planning)|what\s+(?:actions?|steps|measures|plans?)\s+(?:[\w-]+\s+){0,4}?)\b[^?]*?"
    r"\b(?:address|mitigat|remed|alleviat|resolv|respond|deal\s+with|overcome)\w*", re.I)
# ... said of who acts ("we", "management", "the Company"): "reduced liquidity, which raise
# substantial doubt" names no action
_A_RESPONSE = re.compile(r"\b(?:we|management|the\s+company|the\s+group|the\s+board|its\s+board)\s+(?:[\w,-]+\s+){0,3}?"
                         r"(?:secured|obtained|raised|received|completed|entered\s+into|restructur\w*|implemented|"
                         r"initiated|launched|reduced|(?:plans?|intends?|expects?)\s+to|will\s+(?:continue\s+to\s+)?"
                         r"(?:seek|raise|reduce|implement|pursue))\b", re.I)
# "what did it receive for its Korean business?", "what did Slack shareholders get?": the consideration,
# an amount of money, shares or an interest, in a sentence naming what was given up
_ASKS_CONSIDERATION = re.compile(r"^\W*(?:and\s+)?what\s+did\s+(?:[\w.'\u2019&-]+\s+){1,3}?(?:receive|get|obtain)\b",
                                 re.I)
_CONSIDERATION = re.compile(r"[$€£]\s?\d|\b\d[\d,.]*\s*(?:million|billion)\b|\b\d[\d,.]*\s+(?:\w+\s+){0,2}?shares\b"
                            r"|\d\s?%\s+(?:\w+\s+){0,2}?(?:interest|stake)\b", re.I)
# "how was the deal structured?": the steps or form of the deal ("Merger Sub I merged with and into Slack ..., with
# Slack surviving ... as a wholly owned subsidiary", "a tender offer", "a pro rata distribution", "an all-cash transaction")
ASKS_STRUCTURE = re.compile(r"^\W*(?:and\s+)?how\s+(?:was|were|is|did)\s+(?:the|it|this|that|its)\s*(?:[\w-]+\s+){0,2}?"
                            r"(?:structured|structure)\b|\bstructure\s+of\s+the\s+(?:deal|transaction|acquisition|merger)\b", re.I)
STRUCTURE = re.compile(r"\bwith\s+and\s+into\b|\bsurviv(?:ed|ing)\s+(?:the\s+\w+\s+)?(?:merger\s+)?as\b|\btender\s+offer\b"
                       r"|\bpro\s+rata\s+(?:distribution|dividend)\b|\ball[-\s](?:cash|stock)\s+transaction\b"
                       r"|\bstock[-\s]for[-\s]stock\b", re.I)
# "the distribution terms", "the distribution ratio", "the exchange ratio": what a holder gets for what it holds,
# said by a ratio ("one (1) share of PayPal Holdings, Inc. common stock for every share of eBay common stock", "one
# share of Patriot common stock for every three shares of FRP common stock") or a conversion ("converted into the
# right to receive 0.0776 shares ... and $26.79 in cash")
ASKS_SHARE_TERMS = re.compile(r"\b(?:distribution|exchange|conversion|merger|spin-?off)\s+(?:terms|ratio)\b", re.I)
SHARE_TERMS = re.compile(r"\bshares?\s+of\s+(?:[^.;]|\.(?=,?\s+[a-z])){0,80}?\bfor\s+(?:every|each)\s+(?:[\w()]+\s+){0,2}?shares?\b"
                         r"|\bconverted\s+into\s+the\s+right\s+to\s+receive\b|\b(?:distribution|exchange)\s+ratio\s+of\b", re.I)
# "what happened to its Enterprise business that year?": what was done with the thing named, stated by a sentence
# naming it with a deal's verb ("we signed a definitive agreement to sell Enterprise and ... the sale closed")
ASKS_HAPPENED_TO = re.compile(r"^\W*(?:and\s+)?what\s+(?:has\s+|had\s+)?happened\s+to\s+", re.I)
# "how did Patriot become an independent public company?": by a spin-off, a separation, a distribution of its shares,
# an offering, stated as done ("FRP Holdings, Inc. completed the tax-free spin-off of Patriot ...")
ASKS_BECAME_INDEPENDENT = re.compile(r"^\W*(?:and\s+)?how\s+did\s+(?:[\w.'\u2019&-]+\s+){1,5}?become\s+(?:an?\s+)?"
                                     r"(?:independent|separate|stand-?alone|publicly[-\s]traded|public)\b", re.I)
BECAME_INDEPENDENT = re.compile(r"\bspin-?off\b|\bspun\s+off\b|\bseparation\b|\bdistribution\b|\binitial\s+public\s+offering\b",
                                re.I)
# "the former parent": the organisation a spin-off or separation was made from, named in its sentence
ASKS_PARENT = re.compile(r"^\W*(?:and\s+)?the\s+(?:former\s+)?parent(?:\s+company)?\W*$", re.I)
# "what did it return to shareholders afterwards?": a dividend declared or paid, or shares bought back, with its amount
# ("the Board declared a special dividend of $3.75 per share")
ASKS_RETURNED = re.compile(r"\bwhat\s+did\s+(?:[\w.'\u2019&-]+\s+){1,4}?return\s+to\s+(?:its\s+|the\s+)?(?:share|stock)holders\b",
                           re.I)
RETURNED = re.compile(r"\bdividends?\s+(?:of\s+)?(?:\w+\s+){0,3}?[$€£]\s?\d|\b(?:repurchas|bought\s+back|buyback)\w*[^.;]{0,60}?[$€£]\s?\d",
                      re.I)
# "what business did eBay agree to sell", "which company did Oracle acquire": the event itself, stated
# by a sentence of its kind (sold, sale, transfer; acquired, merger) naming what the part names
# ("what other divestiture did it complete" is _ASKS_OTHER_EVENT's: not the one another part asked about)
# the doer, then the verb of a deal done ("did eBay agree to sell", "has Oracle acquired")
_DOES_A_DEAL = (r"(?:did|has|have|had|will)\s+(?:[\w.'\u2019&-]+\s+){1,4}?(?:acquir|buy|bought|purchas|sell|sold|divest|"
                r"dispos|issu|complet|sign|enter|agree|appoint|transfer|merg|exit)\w*\b")
_ASKS_EVENT = re.compile(r"^\W*(?:and\s+)?(?:what|which)\s+(?!(?:\w+\s+)?(?:other|another|else)\b)(?:[\w'\u2019&-]+\s+){1,4}?"
                         + _DOES_A_DEAL, re.I)
_ASKS_OTHER_EVENT = re.compile(r"^\W*(?:and\s+)?(?:what|which)\s+(?:\w+\s+)?(?:other|another)\s+(?:[\w'\u2019&-]+\s+){0,3}?"
                               + _DOES_A_DEAL, re.I)
# "how is it made up?", "what does it consist of?", "what are its components?": the amounts a
# sentence says the figure is comprised of ("is comprised of (i) $11 billion ..., plus (ii) $47.5 million")
_ASKS_COMPOSITION = re.compile(
    r"^\W*(?:and\s+)?(?:how\s+(?:is|was|are|were)\s+(?:it|this|that|they|the\s+\w+)\s+(?:made\s+up|composed|comprised|"
    r"broken\s+down|split)|what\s+(?:is|was|are|were|does|did|do)\s+(?:it|this|that|they)\s+(?:made\s+up\s+of|"
    r"composed\s+of|comprised\s+of|consists?\s+of|comprise)|what\s+(?:are|were)\s+(?:its|their)\s+components)\b", re.I)
_COMPOSED = re.compile(r"\b(?:comprised|composed|made\s+up)\s+of\b|\bconsist(?:s|ed|ing)?\s+of\b", re.I)
_AMOUNT = re.compile(r"[$€£]\s?\d[\d,.]*(?:\s*(?:million|billion|thousand))?", re.I)
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
# the legal form that ends an organisation's name: "CNNC High Energy Equipment (Tianjin) Co., Ltd."
# a party named through its group, whatever its case: "a stock purchase agreement with an affiliate of viagogo"
_AFFILIATE = re.compile(r"\b(?:with|to|from|by)\s+(?:an?\s+)?(?:affiliate|subsidiary|affiliated\s+entity)\s+of\s+\w", re.I)
_ORGANISATION = re.compile(r"\b(?:Co\.|Ltd\.?|Limited|Inc\.|Corporation|Corp\.|LLC|L\.P\.|plc|GmbH|S\.A\.|N\.V\.)(?=\W|$)")


# "when did the deal close / occur / take place?": the date the event itself happened
_THE_EVENT_ITSELF = re.compile(r"\b(?:clos(?:e|ed|ing)|complet\w*|consummat\w*|occur\w*|happen\w*|take\s+place|took\s+place|"
                               r"begin|began|start\w*|announc\w*)\b", re.I)


# a when-part asking when a deal closed, and the sentences that date its closing or only its signing
_ASKS_CLOSING = re.compile(r"\b(?:clos(?:e|ed|ing)|complet\w*|consummat\w*)\b", re.I)
# "when did it expect the deal to close?": a closing to come, which the expected date answers
# an adverb of manner, in lower case ("fully"): not a name ("Italy") nor a noun ("family", "assembly", "supply")
_MANNER = re.compile(r"\b(?!(?:ap|sup|re|com|multi)ply\b|(?:fami|assemb|anoma|monopo|ital|butterf|jul)ly\b)[a-z]{3,}ly\b")
_EXPECTED = re.compile(r"\b(?:expect\w*|anticipat\w*|will|would|scheduled|planned|intend\w*)\b", re.I)
_CLOSED = re.compile(r"\b(?:closed|closing|complete|completed|completion|consummated|effectuated|acquired|sold|"
                     r"divested|became)\b", re.I)
# (a tender offer commenced, a deal launched or proposed: its start, no closing)
_SIGNED = re.compile(r"\b(?:entered\s+into|agreed\s+to|signed|announced|commenced|launched|initiated|proposed)\b", re.I)


# the kinds of date a when-part may ask for, each named by its own word in the sentence that gives it
_DATE_KIND = re.compile(r"\b(?:payable|paid|effective|expir\w*|matur\w*|record|vest\w*|due|terminat\w*|"
                        r"renew\w*)\b", re.I)


def _asking(part: str) -> str:
    """The part's asking sentence, after a statement that leads into it ("In 2021 X divested its
    self-driving division. To whom was it sold?")."""
    return last_sentence(part)


def answered_in_other_words(part: str, text: str, companies: Sequence[str] = ()) -> bool:
    """Whether `text` answers the follow-on `part` in the words such a part is answered in (`companies`:
    the asked company's names, which its own filing gives as "the Company" or "we")."""
    part = _asking(part)
    if _ASKS_WHEN.match(part):
        return dated_as_asked(part, text)
    if _ASKS_MEANS.match(part):
        # "how did it plan to fund it?": the financing's means (new debt, cash on hand); "an all-cash
        # transaction" says what the seller gets, not where the money will come from (what was spent is
        # said funded by the cash and borrowings it drew on: "$36.1 billion used for repurchases")
        planned = ASKS_FINANCING.search(part) and _PLANNED.search(part)
        return bool(FINANCING.search(text) if planned else _MEANS.search(text))
    if _ASKS_PARTY.match(part):
        return bool(_ORGANISATION.search(text) or _AFFILIATE.search(text))
    if ASKS_ACCOUNTING.match(part):
        return bool(ACCOUNTING.search(text))
    if _ASKS_STAKE.match(part):
        return bool(_A_STAKE.search(text))
    if _ASKS_RELIEF.match(part):
        return bool(_RELIEF.search(text))
    if deal_words.ASKS_STATUS.match(part) and deal_words.STATUS.search(text):
        return True  # "had the deal closed?": "we continue to work toward closing" (a suit's status: its outcome, below)
    if asks_outcome(part):
        # "what did the court decide", "what happened next": "ruled in favor of", "Epic appealed the decision"
        return outcome_stated(part, text)
    if _ASKS_SIGNIFICANCE.match(part):
        return bool(_SIGNIFICANCE.search(text))
    if ASKS_EMPLOYER.match(part):
        own = {t for c in companies for t in tokenize(c)}
        return any(not set(tokenize(m.group(0))) & own for m in _EMPLOYER.finditer(text))
    if _ASKS_EFFECT.match(part):
        return bool(_EFFECT.search(text))
    if _ASKS_CAUSE.match(part):
        return bool(_A_CAUSE.search(text))
    if _ASKS_REASONS.match(part):
        return bool(_A_REASON.search(text))
    if _ASKS_APPOINTMENTS.match(part):
        return any(names_a_change(s) for s in _stated(text))
    if _ASKS_COMPOSITION.match(part):
        return any(_composed(s) for s in split_sentences(text))
    if _ASKS_RESPONSE.match(part):
        return bool(_A_RESPONSE.search(text))
    if (m := ASKS_HAPPENED_TO.match(part)) and happened_to_a_name(part, companies):
        return _stated_with(part[m.end():], text, deal_words.states_a_deal, companies)
    if ASKS_BECAME_INDEPENDENT.match(part):
        return any(BECAME_INDEPENDENT.search(s) and deal_words.states_a_deal(s) for s in split_sentences(text))
    if ASKS_PARENT.match(part):
        # (the answer's own sentences: a quote holding quotes, '("FRP")', is not cut at them)
        return any(BECAME_INDEPENDENT.search(s) and _ORGANISATION.search(s) and deal_words.states_a_deal(s)
                   for s in split_sentences(text))
    if ASKS_STRUCTURE.search(part):
        return bool(STRUCTURE.search(text))
    if ASKS_RETURNED.search(part):
        return bool(RETURNED.search(text))
    if ASKS_SHARE_TERMS.search(part):
        return bool(SHARE_TERMS.search(text))
    if m := _ASKS_CONSIDERATION.match(part):
        return _stated_with(part[m.end():], text, lambda s: bool(_CONSIDERATION.search(s)), companies)
    if _ASKS_OTHER_EVENT.match(part):
        # "what other divestiture did it complete": a second sentence of that kind of event
        kinds = deal_words.families(part)
        return sum(1 for s in _stated(text) if deal_words.of_family(s, kinds)) >= 2
    if m := _ASKS_EVENT.match(part):
        kinds = deal_words.families(part)
        years = _YEAR.findall(part)
        # the thing asked, in a sentence of its own: "what new credit facility did it enter into at the separation"
        # is not answered by the spin-off's sentence
        thing = own_thing(part)
        return _stated_with(part[m.end():], text,
                            lambda s: deal_words.of_family(s, kinds) and all(y in s for y in years)
                            and (not thing or overlap(s, thing) >= 0.5))
    return False


# words of a thing asked that any deal's sentence may leave unsaid ("what major acquisition", "what business")
_GENERIC_THING = frozenset(["major", "new", "business", "busi", "company", "compani", "deal", "transaction", "acquisit",
                            "divestitur", "market", "other", "significant", "key", "main", "larg", "largest"])


def own_thing(part: str) -> list[str]:
    """The content stems of what a "what/which <thing> did X <deal verb>" part asks, beyond its kind of deal
    and words any deal's sentence may leave unsaid; [] when it asks no thing of its own."""
    m = re.match(r"^\W*(?:and\s+)?(?:what|which)\s+(?P<thing>(?:[\w'\u2019&-]+\s+){1,4}?)(?:did|has|have|had|will)\b",
                 _asking(part), re.I)
    if m is None:
        return []
    stems = {s for stems in deal_words.FAMILIES.values() for s in stems}
    words = content_words(m.group("thing"), [])
    # a thing named by a generic head ("what cybersecurity company", "which cloud ERP company") is described,
    # not named: the filing names the company ("Mandiant"), seldom its description
    if not words or re.search(r"\b(?:compan(?:y|ies)|business(?:es)?|firms?|entit(?:y|ies)|deals?|transactions?|"
                              r"targets?|startups?|subsidiar(?:y|ies))\s*$", m.group("thing"), re.I):
        return []
    return [w for w in words if w not in _GENERIC_THING and not any(w.startswith(s[:5]) for s in stems)]


def _composed(sentence: str) -> bool:
    """The sentence says what an amount is made of, and names two amounts or more after saying so."""
    m = _COMPOSED.search(sentence)
    return m is not None and bool(_AMOUNT.search(sentence[: m.start()])) and len(_AMOUNT.findall(sentence[m.end():])) >= 2


def _stated(text: str) -> list[str]:
    """The sentences an answer quotes (each quote split), or its own sentences when it quotes none."""
    quotes = re.findall(r'"([^"]{20,})"', text)
    return [s for q in quotes for s in split_sentences(q)] if quotes else split_sentences(text)


def _stated_with(rest: str, text: str, gives: Callable[[str], bool], companies: Sequence[str] = ()) -> bool:
    """Whether every name `rest` gives (the part after its verb: the company doing it is its subject,
    before it) is named by a sentence of `text` that `gives` what the part asks; the asked company
    ("when Salesforce completed its acquisition of Slack") need not be: its filing calls it "the Company"."""
    stating = [s for s in _stated(text) if gives(s)]
    asked = deal_words.names(f"it {rest}", list(companies))
    return bool(stating) and all(any(deal_words.named(s, [n]) for s in stating) for n in asked)


def happened_to_a_name(part: str, companies: Sequence[str] = ()) -> bool:
    """Whether `part` asks what happened to a thing it names ("what happened to its Enterprise business"), not to a
    figure or a quality ("what happened to its liquidity", "to headcount"), which are not deals."""
    m = ASKS_HAPPENED_TO.match(_asking(part))
    return m is not None and bool(deal_words.names(f"it {_asking(part)[m.end():]}", list(companies)))


def asks_in_other_words(part: str, companies: Sequence[str] = ()) -> bool:
    """Whether `part` is a follow-on part of that kind (when, how paid, who the other party was)."""
    part = _asking(part)
    return any(p.match(part) for p in (_ASKS_WHEN, _ASKS_MEANS, _ASKS_PARTY, ASKS_ACCOUNTING, _ASKS_STAKE, _ASKS_RELIEF,
                                         _ASKS_SIGNIFICANCE, _ASKS_EFFECT, ASKS_EMPLOYER, _ASKS_CAUSE, _ASKS_REASONS, _ASKS_APPOINTMENTS, _ASKS_COMPOSITION, _ASKS_RESPONSE,
                                         _ASKS_CONSIDERATION, _ASKS_EVENT, _ASKS_OTHER_EVENT)) \
        or bool(ASKS_STRUCTURE.search(part) or ASKS_SHARE_TERMS.search(part) or happened_to_a_name(part, companies)
                                                   or ASKS_BECAME_INDEPENDENT.match(part) or ASKS_PARENT.match(part)
                                                   or ASKS_RETURNED.search(part) or deal_words.ASKS_STATUS.match(part)) \
        or asks_outcome(part)


def dated_as_asked(part: str, text: str) -> bool:
    """Whether `text` gives the date a *when* part asks: any date for when the event itself took
    place, else a date in a sentence that names what the part asks the date of ("payable")."""
    if not A_DATE.search(text):
        return False
    # what the date is of, not how or whether it is expected ("when is it expected to be fully implemented":
    # "fully integrated" and "expected" in a sentence dated otherwise say nothing of the implementation)
    words = [w for w in content_words(_MANNER.sub(" ", part), []) if not _EXPECTED.match(w)] \
        or content_words(part, [])  # ("when is it expected?": no words of its own are left; its own words stand)
    if _ASKS_CLOSING.search(part) and not _EXPECTED.search(part):
        # "when did the deal close?": a date of the closing, not only the date the agreement was signed
        # ("In September 2020, we entered into a purchase agreement ...")
        quoted = re.findall(r'"([^"]{12,})"', text) or [text]  # each quote on its own (a quote ends "Inc.")
        return any(A_DATE.search(s) and (_CLOSED.search(s) or not _SIGNED.search(s))
                   for q in quoted for s in split_sentences(q))
    if not words or _THE_EVENT_ITSELF.search(part):
        return True
    kinds = [m.group(0) for m in _DATE_KIND.finditer(part)]
    if kinds:
        # "when is the special dividend payable?": the date a sentence gives with "payable", not
        # the declaration's date in a sentence that shares "special dividend"
        return any(A_DATE.search(s) and all(re.search(rf"\b{k[:5]}", s, re.I) for k in kinds)
                   for s in split_sentences(text))
    return any(A_DATE.search(s) and overlap(s, words) > 0 for s in split_sentences(text))
