"""How a sentence answers a yes/no question: yes, no, or not at all, read at the asked predicate.

A negation counts only where it governs the predicate (a few words before it in the same
clause: "we did not repurchase any shares", "has never paid"; or a "no" right after it:
"paid no dividends"). A cessation says No as surely ("suspended quarterly cash dividends",
"closed business operations in Russia"). What a sentence says elsewhere ("no other
customer", "discontinued operations", "not limited to") decides nothing.

Some sentences name the deed but are no deed: a restriction ("will not pay common dividends
until ...", "the credit agreement limits dividends"), a plan or an authorization ("expects to
repurchase", "authorized to repurchase up to $7 billion"). They are kept apart, as are
sentences whose cues cross (a negation and a cessation at once, "did not suspend"; a
negated clause beside an affirmed one): the caller refuses rather than pick a side.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel

from answering.kinds.asked_predicate import AskedPredicate
from answering.kinds.sentences import Topic
from finrag.vocabulary import tokenize

Verdict = Literal["yes", "no", "plan", "restriction", "ambiguous", "unstated"]


class Reading(BaseModel):
    verdict: Verdict
    cue: str = ""  # the word that decided a No, a plan or a restriction
    ceased: bool = False  # the No is a cessation (it holds for later periods too)
    years: list[int] = []  # the years written beside the predicate ("share repurchases in ... fiscal year 2023")


_NEGATION = frozenset({"not", "no", "none", "never", "neither", "nor", "without", "cannot", "nil"})
_NOT_A_NEGATION = re.compile(r"\b(?:no|not)\s+other\b|\bnot\s+only\b|\bwithout\s+limitation\b|\bnot\s+limited\s+to\b|"
                             r"\bwhether\s+or\s+not\b|\bno\s+(?:later|less|more|fewer|greater)\s+than\b|"
                             r"\bdiscontinued\s+operations?\b|\bnot\s+applicable\b", re.I)
_CESSATION = re.compile(r"^(?:paus|stopp|stops?$|ceas|suspen|discontinu|terminat|halt|exit|clos(?:ed|ing|ure)|"
                        r"wound|wind|eliminat|withdr|shut|abandon)", re.I)
# "the closing of the Merger", "the acquisition closed on July 1": a deal completed, nothing stopped
_COMPLETED = re.compile(r"^(?:of|on|in|at|during|as|upon|with|date|conditions?)$", re.I)
_RESTRICTION = re.compile(r"\b(?:must|obligat\w*|required\s+to|restrict\w*|limit(?:s|ed|ation|ations)?|prohibit\w*|covenants?|permitted|permit|"
                          r"until|unless|conditions?\s+(?:to|of|for)|subject\s+to\s+(?:the\s+)?(?:approval|conditions?|"
                          r"restrictions?|limitations?))\b", re.I)
# "acquired Arm Limited from SoftBank": a company's legal form, no limit on a deed
_LEGAL_NAME = re.compile(r"\b[A-Z][\w&.-]*\s+Limited\b")
_PLAN_BEFORE = re.compile(r"^(?:will|would|may|might|shall|should|could|expects?|expected|plans?|planned|intends?|"
                          r"intended|anticipates?|anticipated|authori[sz]ed|aims?|seeks?|targets?|proposed?|"
                          # "the returns assume reinvestment of dividends": a hypothesis, no deed
                          r"assumes?|assumed|assuming)$", re.I)
_MAYBE = re.compile(r"^(?:may|might|could|should)$", re.I)
_CLAUSE_BREAK = re.compile(r"[;:]|\s(?:but|while|whereas|although|though|however)\s", re.I)
# a deed that goes on, whose stop answers whether it was done: "suspended quarterly cash dividends"
# answers "did it pay a dividend?", "closed business operations in Russia" "was it still operating?"
_ONGOING = frozenset(tokenize("pay paid operate operating sell sold offer declare distribute repurchase buy produce "
                              "manufacture ship serve provide"))
_PROGRAM = re.compile(r"^(?:authori[sz]ations?|programs?|plans?|polic(?:y|ies)|authority|capacity|restrictions?|"
                      r"limits?|limitations?|commitments?|obligations?)$", re.I)
# "the ability to pay", "authorized to repurchase", "intends to sell": a deed that may be done
_MODAL_TO = re.compile(r"^(?:abilit(?:y|ies)|able|unable|obligat\w*|required|requirement|authori[sz]\w*|permitted|"
                       r"allowed|intends?|intention|plans?|planned|expects?|expected|anticipates?|need|needs|right|"
                       r"rights|option|decision|decided|commitment|committed|agreed|agreement|elect|elected|seeks?|"
                       r"proposal|proposed|going|likely|unlikely|ways?|efforts?|order|conditions?)$", re.I)
_FUNCTION_WORDS = frozenset(["of", "for", "to", "on", "in", "the", "a", "an", "and", "or", "by", "with", "at", "from"])
# "in connection with", "as a result of": the occasion of another deed, which it takes as done
# ("upon" and "following" are more often a verb's own preposition: "not dependent upon", "not, following the Merger,
# declared"; they name no occasion here)
_CIRCUMSTANCE = re.compile(r"\b(?:in\s+connection\s+with|as\s+a\s+result\s+of|in\s+conjunction\s+with)\b", re.I)
_BEFORE = 6  # words a negation or cessation may stand before the predicate it governs
_SUBJECT_REACH = 12  # words a "none of" subject may run before its verb
# a new clause's subject ends the one "none of" denies ("..., and in 2024 we repurchased"); "and", "or", "who" do not
# ("None of our executive officers and directors has been ...")
_SUBJECT_ENDS = frozenset({"we", "it", "they", "he", "she", "i"})
_AFTER = 3  # words a "no" or a cessation may stand after it ("paid no dividends")
_EXCEPTION = re.compile(r"\b(?:except|other\s+than|with\s+the\s+exception\s+of|excluding|apart\s+from)\b", re.I)


# "operated through July 2022", "sold until March 31, 2023": the day a deed that went on stopped
_ENDED_AT = re.compile(r"^(?:[\w,-]+\s+){0,3}?(?:through|until|till)\s+(?:[A-Z][a-z]+\s+)?(?:\d{1,2},?\s+)?(?:19|20)\d\d\b")


# irregular past forms: "paid", "sold" say a deed done as "repurchased" does
_PAST = frozenset(["paid", "sold", "bought", "made", "grew", "rose", "fell", "held", "took", "gave", "spent", "began",
                   "won", "lost", "built", "brought", "lent", "led", "met", "sent", "shut", "kept", "left", "became",
                   "got", "saw", "drew", "ran", "wrote"])


# a past verb of a deed's phase, whose gerund after it is the deed said done ("began reopening", "resumed paying")
_PHASE_DONE = frozenset({"began", "begun", "started", "resumed", "commenced", "continued"})


def _done_form(words: list[str], at: int) -> bool:
    """The word at `at` says a deed done: a past form ("repurchased", "paid"), or a figure
    beside it ("share repurchases of $4.5 billion", "represented 13% of revenue")."""
    word = words[at].lower()
    if at and words[at - 1].lower() in ("is", "are", "be"):
        return False  # "dividend equivalents are paid in cash": a standing rule, no deed of a period
    if word.endswith("ed") or word in _PAST:
        return True
    if word.endswith("ing") and at and words[at - 1].lower() in _PHASE_DONE:
        return True  # "the Company began reopening restaurants": the reopening is under way, done in part
    return any(w[0].isdigit() and not re.fullmatch(r"(?:19|20)\d\d", w.rstrip(",.;"))
               for w in words[max(0, at - 8):at + 9])


def _past_verb(words: list[str], at: int) -> bool:
    """A change named as a noun in a clause that says what happened: "the increase in net sales
    reflected growth in each of the segments" says the growth happened, as "grew" would."""
    return any((w.lower().endswith("ed") and len(w) > 4) or w.lower() in _PAST
               for i, w in enumerate(words) if i != at)


# a hypothesis says nothing done or planned: "dividends, if any,", "In the event cash dividends are declared"
_HEDGED = re.compile(r"\bif\s+any\b|\bin\s+the\s+event\b|^\W*if\b", re.I)
# "entitled to receive dividends when, as and if declared": what follows is a hypothesis, what precedes it is read
_ON_DECLARATION = re.compile(r"\bwhen,?\s+as\s+and\s+if\b|\bif\s+and\s+when\b|\bas\s+and\s+when\b", re.I)
_INTENT_NOUN = re.compile(r"^(?:plans?|intentions?|intends?|expectations?|commitments?)$", re.I)
# what may stand between a negation and the plan it denies: "do not have any current plans"
_PLAN_FILLER = frozenset(["have", "has", "had", "any", "a", "an", "the", "current", "present", "currently",
                          "presently", "such", "immediate", "further"])


def _negates(word: str) -> bool:
    """A word that denies what it governs: "not", "no", "never", "don't"."""
    low = word.lower()
    return low in _NEGATION or low.endswith("n't")


def _window_start(words: list[str], at: int) -> int:
    """Where a negation governing the deed at `at` may stand. A negated plan reaches its deed
    through "to": "We do not have any plans at this time to make any future dividend payments"
    denies the payments though "not" stands nine words before them."""
    start = max(0, at - _BEFORE)
    for m in range(max(0, at - _SUBJECT_REACH), at - 1):
        if words[m].lower() == "none" and words[m + 1].lower() == "of" \
                and not any(w.lower() in _SUBJECT_ENDS for w in words[m + 2:at]):
            # "None of our employees in the United States is represented by a labor union": a subject
            # denied whole ("none of <them>") governs its clause's verb, however long the subject runs
            # (not past a clause of its own: "none of our customers accounted for 10% of sales, we paid ...")
            start = min(start, m)
            break
    for m in range(max(0, at - 10), at):
        if not _INTENT_NOUN.match(words[m]) or "to" not in (w.lower() for w in words[m + 1:at]):
            continue
        i = m - 1
        while i >= 0 and words[i].lower() in _PLAN_FILLER:
            i -= 1
        if i >= 0 and _negates(words[i]):
            return min(start, i)
    return start


def _words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z][A-Za-z'’\-]*|\d[\d,.%]*", text)


def _describes(words: list[str], a: int) -> bool:
    """The participle describes its noun, with the clause's verb in the present after it ("Shares
    repurchased by the Company are accounted for when ..."): a policy for such deeds, none said done."""
    after = [w.lower() for w in words[a + 1 : a + 6]]
    return a > 0 and after[:1] == ["by"] and any(w in ("is", "are") for w in after[2:])


def read(text: str, predicate: AskedPredicate, topic: Topic, asks_plans: bool, asks_rules: bool = False) -> Reading:
    """The sentence's answer to the question whose predicate and topic these are. `asks_plans`,
    `asks_rules`: the question asks about plans, or about conditions and restrictions (then
    they are what answers it)."""
    if not topic.stated_by(text):
        return Reading(verdict="unstated")
    asked = " ".join(sorted(predicate.stems | {s for p in topic.phrases for s in p} | {s for pr in topic.pairs for s in pr}))
    # an anchor is one of these stems, whole: as a substring of their string "to" and "on" were
    # anchors ("stock", "common"), and a "not" before them governed the asked deed
    # (the topic's wordings' small words are no anchor: "payment of dividends" made "for" and "of" anchors,
    # and "Data for the S&P 500 ... assume reinvestment of dividends" read as a dividend paid)
    asked_stems = frozenset(asked.split()) - _FUNCTION_WORDS
    clean = _NOT_A_NEGATION.sub(lambda m: "_" * len(m.group(0)), text)
    clauses = [c for c in _CLAUSE_BREAK.split(clean) if c.strip()]
    years: list[int] = []
    previous = ""
    readings: list[tuple[str, str]] = []  # (negated | ceased | ceased-and-negated | plan | affirmed, cue) per clause
    read_from: list[str] = []  # per reading: the clause it was read in
    for clause in clauses:
        # (the readings the previous clause added are of that clause: it is done once the next begins)
        read_from += [previous] * (len(readings) - len(read_from))
        previous = clause
        if (conditional := _ON_DECLARATION.search(clause)) is not None:
            clause = clause[:conditional.start()]
        if _HEDGED.search(clause):
            if not any(_negates(w) for w in _words(_HEDGED.sub(" ", clause))):
                continue
            # "future earnings, if any, ..., and we do not anticipate declaring or paying any cash dividends": the
            # hypothesis says nothing, the denial beside it still does
            clause = _HEDGED.sub(lambda m: "_" * len(m.group(0)), clause)
        words = _words(clause)
        stems = [tokenize(w)[0] if tokenize(w) else "" for w in words]
        if predicate.objects and not set(stems) & predicate.objects:  # (exactly: "financial" is no "financing")
            continue  # the predicate of something else: "the terms and conditions of the Merger Agreement"
        anchors = predicate.stated_by(stems) if predicate.stems else [i for i, s in enumerate(stems) if s and s in asked_stems]
        # (a stop the question itself names is what it asks of: "does it plan to close stores?")
        ceased_words = [i for i, w in enumerate(words) if _CESSATION.match(w) and stems[i] not in asked_stems
                        and not (w.lower().startswith("clos") and i + 1 < len(words) and _COMPLETED.match(words[i + 1]))]
        substituted = False
        if not anchors and predicate.stems & _ONGOING and ceased_words and topic.stated_by(clause):
            # "suspended quarterly cash dividends" answers "did it pay dividends": the deed's stopping
            anchors, substituted = [i for i, s in enumerate(stems) if s and s in asked_stems], True
        if not anchors and (below := _below_the_state(words, stems, predicate)):
            readings.append(("negated", below))
            continue
        if not anchors:
            continue
        negation = cessation = plan = maybe_not = ""
        done = False  # an anchor stated as a deed, neither named as a program nor planned
        for a in anchors:
            if not predicate.deed and predicate.stems & _ONGOING \
                    and (words[a].lower().endswith("ed") or words[a].lower() in _PAST) \
                    and not (a and words[a - 1].lower() in ("be", "been", "being", "to", "has", "have", "is", "are")) \
                    and (until := _ENDED_AT.match(" ".join(words[a + 1:a + 8]))):
                # "was it still operating?": "the facility TPSCo operated through July 2022", a state that went on up
                # to the day it stopped (a deed asked, "did it operate the plant in 2023?", was done until then)
                cessation = cessation or f"{words[a]} {until.group(0)}"
                continue
            follows = words[a + 1].lower() if a + 1 < len(words) else ""
            precedes = [w.lower() for w in words[max(0, a - 2):a]]
            if _PROGRAM.match(follows) or (precedes[-1:] == ["to"] and len(precedes) == 2
                                           and _MODAL_TO.match(precedes[0])):
                # "our share repurchase authorization", "the obligation to pay": the deed named, not done
                # (not "used $2 billion to repurchase shares": a purpose of a deed done)
                plan = plan or " ".join([*precedes[-1:], words[a], follows]).strip()
                continue
            planned = any(_PLAN_BEFORE.match(w) for w in words[max(0, a - 3):a])
            if predicate.past and not substituted and not planned and (not _done_form(words, a) or _describes(words, a)) \
                    and not (predicate.change in ("up", "down") and _past_verb(words, a)):
                # "evaluate options, including share repurchases", "a program for us to repurchase shares":
                # "did it repurchase?" is said by "repurchased", "paid", or the deed's amount
                plan = plan or f"{words[a]} (named, not said done)"
            else:
                done = done or not planned
            for i in range(_window_start(words, a), min(len(words), a + _AFTER + 1)):
                low = words[i].lower()
                near = i < a or low in ("no", "none", "nil") or _CESSATION.match(low)
                if not near or i == a:
                    continue
                if low == "no" and i < a and a - i > 2 and not any(st in asked_stems for st in stems[i + 1:i + 3]) \
                        and any(w.lower() in _PREPOSITIONS for w in words[i + 2:a]):
                    # "authorized an additional $4.0 billion stock repurchase program, with no expiration from the
                    # date of authorization": "no" governs the noun after it, not the asked deed further on
                    continue
                if i < a and _CIRCUMSTANCE.search(" ".join(words[i + 1:a])):
                    # "all commitments thereunder were terminated in connection with emergence from Chapter 11": the
                    # stop is of something else, on the occasion of the deed, which it takes as done
                    continue
                if _negates(low) and stems[i] not in predicate.stems:
                    before = words[i - 1].lower() if i else ""
                    planned_not = _PLAN_BEFORE.match(before) or (before in ("do", "does") and i + 1 < len(words)
                                                                 and _PLAN_BEFORE.match(words[i + 1]))
                    if planned_not and asks_plans and not _MAYBE.match(before):
                        # "Will it recover the cost from customers?" is answered No by "will not seek cost
                        # recovery from customers": a decision not to, where the question asks what will be
                        # (not "may not": a possibility decides nothing)
                        negation = negation or words[i]
                    elif planned_not:
                        plan = plan or f"{words[i - 1]} {words[i]}"
                        # "may not recover": to a question about what will be, neither a Yes nor a No
                        maybe_not = maybe_not or (asks_plans and f"{words[i - 1]} {words[i]}")
                    else:
                        negation = negation or words[i]
                elif i in ceased_words and any(_PLAN_BEFORE.match(w) for w in words[max(0, i - 3):i]):
                    plan = plan or words[i]  # "may be suspended or discontinued at any time": a possibility
                elif i in ceased_words:
                    cessation = cessation or words[i]
                elif i < a and _PLAN_BEFORE.match(low):
                    plan = plan or words[i]
        years += [int(y) for a in anchors for w in words[max(0, a - _BEFORE):a + 12] if (y := w.strip(",.;")).isdigit()
                  and len(y) == 4 and y[:2] in ("19", "20")]
        if negation and cessation:
            readings.append(("ambiguous", f"{negation} ... {cessation}"))
        elif maybe_not:
            readings.append(("ambiguous", maybe_not))
        elif cessation:
            readings.append(("ceased", cessation))
        elif negation:
            readings.append(("negated", negation))
        elif plan and not done:
            readings.append(("plan", plan))
        else:
            readings.append(("affirmed", ""))
    if not readings:
        return Reading(verdict="unstated")
    read_from += [previous] * (len(readings) - len(read_from))
    readings = _fullest(readings, read_from, asked_stems)
    kinds = {k for k, _ in readings}
    cue = next((c for _, c in readings if c), "")
    if "ambiguous" in kinds or ({"negated", "ceased"} & kinds and "affirmed" in kinds):
        return Reading(verdict="ambiguous", cue=cue, years=sorted(set(years)))
    rule = _RESTRICTION.search(_LEGAL_NAME.sub(" ", text))
    if not asks_plans and not asks_rules and rule is not None and not ("ceased" in kinds and "negated" not in kinds):
        # "will not pay common dividends until ...", "requires ... no greater than 70%": a rule, no deed
        return Reading(verdict="restriction", cue=rule.group(0))
    if kinds == {"plan"} and not asks_plans:
        return Reading(verdict="plan", cue=cue)
    if "ceased" in kinds:
        return Reading(verdict="no", cue=cue, ceased=True, years=sorted(set(years)))
    if "negated" in kinds:
        return Reading(verdict="no", cue=cue, years=sorted(set(years)))
    if predicate.universal and (m := _EXCEPTION.search(text)):
        return Reading(verdict="no", cue=m.group(0), years=sorted(set(years)))  # "all segments grew except Greater China"
    return Reading(verdict="yes", years=sorted(set(years)))


_DATED = re.compile(r"\b(?:19|20)\d\d\b|\b(?:first|second|third|fourth)\s+quarter\b|\b(?:January|February|March|April|May|"
                    r"June|July|August|September|October|November|December)\b")


def _fullest(readings: list[tuple[str, str]], clauses: list[str], asked_stems: frozenset[str]) -> list[tuple[str, str]]:
    """When a sentence's clauses say yes and no, the clause stating more of what is asked decides: "None of our
    employees in the United States is represented by a labor union; however, in certain foreign subsidiaries,
    labor unions ... represent some of our employees" answers a question about the employees in the United States
    by its first clause, the one naming the place asked. Clauses stating as much as each other stay crossed."""
    kinds = {k for k, _ in readings}
    periods = {frozenset(m.group(0).lower() for m in _DATED.finditer(c)) for c in clauses}
    if not ({"negated", "ceased"} & kinds and "affirmed" in kinds) or len(periods - {frozenset()}) > 1:
        # (clauses naming different periods, "paid ... in 2023; however, we did not pay dividends in 2024", are the
        # period checks' to tell apart, not the words' count)
        return readings
    coverage = [len(asked_stems & {t for w in _words(c) for t in tokenize(w)[:1]}) for c in clauses]
    most = max(coverage)
    fullest = [r for r, n in zip(readings, coverage, strict=True) if n == most]
    return fullest if len({k for k, _ in fullest}) == 1 and len(fullest) < len(readings) else readings


# (a preposition between "no" and the asked word: "no expiration from the date of authorization" ends the noun "no"
# governs before it; "no individually material goodwill impairment charges" denies the charges)
_PREPOSITIONS = frozenset({"from", "of", "for", "to", "since", "after", "before", "until", "at", "by", "with", "in", "on",
                           "under", "over"})
_SUPPOSED = re.compile(r"^(?:would|could|can|may|might|should|if|unless|whether)$", re.I)
# "reduce our senior debt below investment grade": short of the state asked of ("rated investment grade?")
_SHORT_OF = frozenset({"below", "beneath", "under"})


def _below_the_state(words: list[str], stems: list[str], predicate: AskedPredicate) -> str:
    """The words saying a thing falls short of the state the predicate asks it is in ("below investment
    grade" to "is its debt rated investment grade?"), or "" (nor when they are a possibility: "could fall
    below investment grade" decides nothing)."""
    wanted = len(predicate.objects)
    if not wanted or any(_SUPPOSED.match(w) for w in words):
        # ("A downgrade of our senior unsecured debt below investment grade would increase our costs": what would
        # follow, not the rating held)
        return ""
    for i, word in enumerate(words[:-wanted]):
        if word.lower() in _SHORT_OF and set(stems[i + 1 : i + 1 + wanted]) == predicate.objects \
                and not any(_PLAN_BEFORE.match(w) for w in words[max(0, i - _BEFORE):i]):
            return " ".join(words[i : i + 1 + wanted])
    return ""


_ASKS_RULES = re.compile(r"\b(?:restrict\w*|limit\w*|prohibit\w*|covenants?|condition\w*|permit\w*|allowed|require\w*)\b",
                         re.I)


def asks_rules(ask: str) -> bool:
    """The question asks about a condition or restriction ("is the merger conditioned on financing?",
    "what restrictions applied?"): sentences stating rules answer it."""
    return bool(_ASKS_RULES.search(ask))
