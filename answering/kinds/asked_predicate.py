"""What a yes/no question asks of its subject: the predicate a deciding sentence must state.

A sentence that shares the question's nouns may still say nothing of what is asked: the
parties of a merger do not say whether it is conditioned on financing, a dividend
restriction does not say a dividend was paid, an audit committee reviewing going concern
does not say there is doubt about it. So the asking sentence is read by its grammar
("Did <subject> <verb> ...", "Is <subject> <participle / adjective> ..."), and its main verb,
participle or predicate adjective ("conditioned", "pay", "still operating", "profitable")
is what a deciding sentence must state, in any of its forms or a few plain synonyms
("buy back" by "repurchase", "account for" by "represent").

Predicates that only relate the subject to the thing named ("subject to cyclicality",
"involved in litigation", "reported any legal battles", "mention a buyback") put their
content in the object, which the topic (answering.kinds.sentences.read_topic) already
requires: they add nothing.

Also read here: an either/or question ("driven by a higher take rate or by higher volume?",
"more or less cash?"), which no Yes or No answers, and a universal one ("did all of its
segments grow?"), which an exception ("except Greater China") denies.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict

from answering.kinds.sentences import content_words, present_form
from finrag.vocabulary import tokenize


def _wordset(text: str) -> frozenset[str]:
    return frozenset(text.split())


_DO = frozenset({"did", "does", "do", "has", "have", "had", "will", "would", "can", "could", "should"})
_BE = frozenset({"is", "was", "are", "were"})
# "Has PG&E been paying dividends": the auxiliary's participle, not what is asked
_BEEN = frozenset({"been", "being", "be"})
_PRONOUNS = frozenset({"this", "that", "these", "those"})
# closed-class words: a word followed by one of them ends a verb phrase's head ("account for",
# "grow that year", "cover its repurchases", "buy back any")
_CLOSED = _wordset(
    "a an the any all some each every no its their his her our your my this that these those such both either neither "
    "to for in on at by with from into onto about over under after before during since than as upon within without "
    "through across against among toward towards per via "
    "back out up off down away "
    "more less most least fewer much many too also still ever yet again already "
    "it they them he she we you us him itself themselves "
    "if whether when while because so of and or"
)
_DETERMINERS = _wordset("a an the any all some each every its their his her our this that these those single one")
_NOT_ADJECTIVE = re.compile(r"(?:ment|ments|percent|parent|agent|client|event|content|extent|plant|tenant|warrant|"
                            r"covenant|grant|restaurant|applicant|incentive|executive|representative|objective)$", re.I)
_PREDICATE_ADJECTIVE = re.compile(r"^[a-z]{4,}(?:able|ible|ent|ant|ive|ful|ous)$")
# a plural or third-person "-s", which a verb after an auxiliary never takes ("focus", "discuss" are bare)
_PLURAL = re.compile(r"[a-z]{3,}[^suiy']s$")
_PARTICIPLE = re.compile(r"^[a-z]{3,}(?:ed|ing)$")
_NOT_PARTICIPLE = _wordset(
    "during including regarding following according excluding beginning ending ended dated concerning "
    "outstanding remaining existing preceding underlying pending related based")

# Predicates whose content is their object: the topic already asks a sentence to name it.
# right after a light verb, a stop named by its noun: "announce the termination of", "disclose a suspension of".
# The stop is the deed asked (a sentence stating it says Yes), not a stop of its object (which reads as No);
# other nouns stay the topic's ("announce a reduction of its workforce": layoffs in any words)
_NAMED_DEED = re.compile(r"^\s+(?:the|a|an|any)\s+((?:terminat|suspen|cancell?|discontinu|withdraw|abandon|cessat)"
                         r"[a-z]*)\s+of\b", re.I)
# completing a deed ("complete an acquisition", "close the sale of") is said by the deed's own verb as well
_COMPLETES = frozenset(tokenize("complete close consummate finalize"))
_COMPLETED_DEED = re.compile(r"^\s+(?:the|a|an|its|their|our)\s+(acquisition|merger|sale|divestiture|purchase)\b", re.I)
_DEED_VERBS = {"acqui": frozenset(tokenize("acquire acquired")), "merge": frozenset(tokenize("merge merged")),
               "sale": frozenset({*tokenize("sell"), "sold"}), "dives": frozenset(tokenize("divest divested")),
               "purch": frozenset(tokenize("purchase purchased"))}
_LIGHT = frozenset(tokenize(
    "have has had hold holds own face faces facing involve involved subject exposed expose depend depends rely "
    "relies include contain mention disclose report state announce note describe provide make take get see "
    "experience record recognize incur incurred be party aware able likely"))

# A few plain synonyms, by stem: the forms in which filings state the asked deed or state.
_SYNONYMS: list[frozenset[str]] = [frozenset(tokenize(group)) for group in (
    "buy repurchase repurchased buyback buybacks bought",
    "account represent comprise constitute",
    "grow grew growth increase rise rose higher expand",
    "increase grow grew rise rose higher",
    "decrease decline fell fall lower drop reduce",
    "improve improvement better",
    "pay paid",
    "acquire acquisition purchase bought",
    "sell sold sale divest divestiture",
    "condition conditioned contingent",
    "doubt uncertainty",
    "raise increase",
    "cut reduce lower decrease",
    "close closing closure complete completion",
    "operate operating operations",
    "profitable profit profitability",
    "borrow borrowing borrowings",
    "issue issued issuance",
)]

_UP = frozenset(tokenize("raise increase grow rise expand improve widen"))
_DOWN = frozenset(tokenize("cut reduce decrease lower fall decline shrink narrow change"))
_OR = re.compile(r"\b(?P<a>[\w'-]+(?:\s+[\w'-]+){0,4}?)\s+or\s+(?P<b>[\w'-]+(?:\s+[\w'-]+){0,4}?)\s*$", re.I)
ANTONYMS = [frozenset(p.split()) for p in (
    "more less", "higher lower", "increase decrease", "increased decreased", "rise fall", "rose fell", "up down",
    "better worse", "improve worsen", "improved worsened", "improved deteriorated", "gain loss", "profit loss",
    "positive negative", "above below", "larger smaller", "greater smaller", "greater less", "more fewer")]
# "driven by a higher take rate or by higher volume", "due to price or volume": a choice of causes
_CAUSE_CHOICE = re.compile(r"\b(?:driven|caused|explained|led)\s+by\b|\bdue\s+to\b|\bbecause\s+of\b|"
                           r"\bresult\s+of\b|\battributable\s+to\b|\bfrom\b", re.I)
_PREPOSITION_REPEATED = re.compile(r"\b(?P<p>by|from|through|in|on|with|via)\s+[^,?]+?\s+or\s+(?P=p)\b", re.I)
_UNIVERSAL = re.compile(r"^\W*(?:did|do|does|have|has|were|are)\s+(?:all|every|each)\b", re.I)


class AskedPredicate(BaseModel):
    """What a deciding sentence must state besides the topic, and how the question is shaped."""

    model_config = ConfigDict(frozen=True)

    word: str = ""  # the predicate as asked ("conditioned"); "" when none could be read or it is light
    stems: frozenset[str] = frozenset()  # its stem and its synonyms' stems
    deed: bool = False  # "Did / Does X <verb>": a deed done (or habitually done), not a restriction or a plan
    past: bool = False  # "Did X <verb>", "Has X <participle>": a deed done, said in a past form or by its figure
    universal: bool = False  # "Did all of its segments grow?"
    alternatives: tuple[str, str] | None = None  # "by higher take rate" / "by higher volume"
    change: str = ""  # "up" / "down": the predicate asks a change ("did it raise its dividend?")
    objects: frozenset[str] = frozenset()  # stems of what the predicate is asked of ("on the buyer obtaining financing")

    def stated_by(self, tokens: list[str]) -> list[int]:
        """Where (token indices) the sentence states the predicate; every index when it asks none."""
        if not self.stems:
            return list(range(len(tokens)))
        return [i for i, t in enumerate(tokens) if any(same_stem(t, s) for s in self.stems)]


def same_stem(token: str, stem: str) -> bool:
    token, stem = present_form(token), present_form(stem)  # ("we began deploying" states "begin deploying")
    if token == stem:
        return True
    short, long = sorted((token, stem), key=len)
    return len(short) >= 4 and long.startswith(short) and len(long) - len(short) <= 4


def main_clause(ask: str) -> str:
    """The asking clause without parentheses, appositives and a following question
    ("..., and how significant had Russia been?")."""
    text = re.sub(r"\([^)]*\)", " ", ask)
    text = re.split(r"\?|,?\s+and\s+(?:how|what|why|which|when|where|who|whom|whether|did|does|do|is|was|if)\b|"
                    r"[;:]|(?<!\b[A-Z])(?<!\bInc)(?<!\bCorp)\.\s", text, maxsplit=1, flags=re.I)[0]  # ("Lawrence J. Ellison")
    text = re.sub(r",\s+(?:the|a|an|its|which|who)\b[^,]*,", " ", text)  # ", the profitability measure it uses,"
    # ", Chairman of the Board of "Oracle Corporation",": a person's title set beside the name
    text = re.sub(r",\s+(?:[A-Z][\w&-]*\s+){0,4}(?:Chairman|Chairwoman|Chair|Officer|President|Director|Counsel|Secretary|"
                  r"Treasurer|CEO|CFO|COO)\b[^,]*,", " ", text)
    # "In fiscal 2023, did Acme ...", "Based on its 10-K, is Acme ...": the question starts at its auxiliary
    text = re.sub(r"^[^,]{0,80},\s*(?=(?:" + "|".join(sorted(_DO | _BE)) + r")\b)", "", text.strip(), flags=re.I)
    return re.sub(r"\s+", " ", text).strip(" ,")


def _words(clause: str) -> list[str]:
    return re.findall(r"[A-Za-z][A-Za-z&'’\-]*|\d[\d,.%]*", clause)


def _is_name(word: str, names: set[str]) -> bool:
    return any(ch.isupper() for ch in word) or word.endswith(("'s", "’s", "'", "’")) or word.lower() in names


# "Did Verizon materially increase its debt": the manner, not the deed ("apply", "supply" are verbs)
_ADVERB = re.compile(r"^(?!(?:ap|sup|re|com|multi)pl)[a-z]{3,}ly$")


def _attributive(words: list[str], i: int) -> bool:
    """A participle set between a determiner (or an adverb after one) and its noun describes the
    subject ("the newly appointed director", "the acquired business"); it is not what is asked."""
    low = words[i].lower()
    before = words[i - 1].lower() if i else ""
    after = words[i + 1].lower() if i + 1 < len(words) else ""
    return bool(_PARTICIPLE.match(low)) and after.isalpha() and after not in _CLOSED and (
        before in _DETERMINERS or (before.endswith("ly") and i > 1 and words[i - 2].lower() in _DETERMINERS))


def _predicate_word(words: list[str], names: set[str]) -> str:
    aux, rest = words[0].lower(), words[1:]
    if aux in _BE:
        if rest and rest[0].lower() == "there":
            # "Was there any change in the number of stores?": the noun after the quantifier
            return next((w for w in rest[1:] if w.lower() not in _CLOSED and not _is_name(w, names)), "")
        for i, word in enumerate(rest):
            low = word.lower()
            if _is_name(word, names) or low in _CLOSED:
                continue
            if _attributive(rest, i):
                continue  # "Was the newly appointed director named to a committee?": "named" is asked
            if (_PARTICIPLE.match(low) and low not in _NOT_PARTICIPLE) or (
                    _PREDICATE_ADJECTIVE.match(low) and not _NOT_ADJECTIVE.search(low)) or low in ("subject", "party"):
                return low
        return ""
    if rest and _is_name(rest[0], names) and rest[0].lower() not in _DETERMINERS:
        names_run = 0
        while names_run < len(rest) and _is_name(rest[names_run], names):
            names_run += 1
        if not re.search(r"['’]s?$", rest[names_run - 1]):
            # "Did PG&E Corporation pay dividends": the verb follows the name
            words = [w.lower() for w in rest[names_run:] if w.lower() not in _CLOSED and w.isalpha()
                     and not _ADVERB.match(w.lower())]
            if len(words) >= 2 and words[0] in _BEEN and not set(tokenize(words[1])) & _LIGHT:
                return words[1]  # "Has PG&E been paying dividends": "paying", not the auxiliary's participle
            if len(words) >= 2 and words[0] in _ASPECTUAL and words[1].endswith("ing"):
                return words[1]  # "Did PG&E resume paying dividends": the paying is asked
            # ("Has Acme been involved in litigation": a light word after it asks nothing of its own, so "been" stays
            # what a sentence must state, and a denial of any matter is not read as one)
            return words[0] if words else ""
    # "Did any single customer account for", "Did Oracle's cash generation cover its": a noun phrase,
    # then the verb, which a closed-class word follows ("for", "its", "that", "too"); no verb follows a
    # determiner, and after an auxiliary the verb is bare ("will the depreciation savings from the change in
    # ... count toward": "savings" and "change" are the noun phrase's), so those are passed over while a
    # later word can be the verb
    return _verb_after(rest, names, aux, bare=True) or _verb_after(rest, names, aux, bare=False)


def _verb_after(rest: list[str], names: set[str], aux: str, *, bare: bool) -> str:
    for i, word in enumerate(rest):
        low = word.lower()
        if _is_name(word, names) or low in _CLOSED or not low.isalpha() or low.endswith(("ly", "ing")) \
                or (low.endswith("ed") and not low.endswith("eed") and aux not in ("has", "have", "had")):
            continue
        if bare and ((i and rest[i - 1].lower() in _DETERMINERS and not (i == 1 and rest[0].lower() in _PRONOUNS))
                     or _PLURAL.search(low)):
            continue  # ("Did that change its policy": "that" right after the auxiliary is the subject, no determiner)
        after = rest[i + 1].lower() if i + 1 < len(rest) else ""
        if low in _ASPECTUAL and after.endswith("ing") and after.isalpha():
            return after  # "Did it begin reopening restaurants": the reopening is asked, begun or not
        if not after or (after in _CLOSED and after not in ("of", "and", "or")):
            return low
    return ""


# verbs of a deed's phase, whose gerund is the deed ("begin reopening", "resume paying", "stop selling")
# (not "stop" or "cease": "did it stop selling cars" asks the stopping, which "continued selling" denies)
_ASPECTUAL = _wordset("begin start continue resume commence")


_LEADING = re.compile(r"^(?:(?:because\s+of|due\s+to|driven\s+by|caused\s+by|attributable\s+to|by|from|through|in|on|"
                      r"with|via|the|a|an)\s+)+", re.I)


def _alternatives(clause: str) -> tuple[str, str] | None:
    found = _either(clause)
    if found is None:
        return None
    a, b = (_LEADING.sub("", side.strip()) for side in found)
    return (a, b) if a and b else None


def _either(clause: str) -> tuple[str, str] | None:
    """The two sides of an either/or question, or None for a plain yes/no ("did it pay dividends
    or buy back shares?" asks whether either happened: a Yes or No answers it)."""
    if re.search(r"\bwhether\b.+\bor\b", clause, re.I):
        m = re.search(r"\bwhether\s+(?P<a>.+?)\s+or\s+(?P<b>.+)$", clause, re.I)
        return (m.group("a"), m.group("b")) if m else None
    for pair in ANTONYMS:
        a, b = sorted(pair)
        if re.search(rf"\b(?:{a}\s+or\s+{b}|{b}\s+or\s+{a})\b", clause, re.I):
            return a, b
    if (m := _PREPOSITION_REPEATED.search(clause)) is not None:
        return m.group(0).rpartition(" or ")[0].strip(), clause[m.end() - len(m.group("p")):].strip()
    cause = _CAUSE_CHOICE.search(clause)
    if cause is not None and (m := _OR.search(clause[cause.end():])) is not None:
        return m.group("a").strip(), m.group("b").strip()
    return None


# "Did management conclude that its internal control ... was effective?": what was concluded is asked
_REPORTED_THAT = re.compile(r"^(?:did|does|do|has|have|had)\s+(?:[\w&.'’-]+\s+){1,6}?(?:conclude|determine|find|state|say|"
                            r"believe|report|assert|disclose|confirm)[ds]?\s+that\s+(?P<subject>.+?)\s+"
                            r"(?P<be>was|were|is|are|had\s+been|has\s+been|have\s+been)\s+(?P<rest>.+)$", re.I)


_QUOTED_SUBJECT = re.compile(r"^(\W*(?:did|does|do|has|have|had|is|was|are|were)\s+(?:the\s+(?:board(?:\s+of\s+directors)?|"
                             r"management|directors|shareholders|stockholders)\s+of\s+)?)[\"“][^\"”]{2,80}[\"”]", re.I)


def read_predicate(ask: str, companies: list[str]) -> AskedPredicate:
    # ("Did "Amazon.com, Inc." complete ...": the subject quoted whole, whose ".com" is no verb; read as the company's
    # name, which the verb follows)
    subject = companies[0] if companies else "it"
    clause = _QUOTED_SUBJECT.sub(lambda m: f"{m.group(1)}{subject}", main_clause(ask))
    if (said := _REPORTED_THAT.match(clause)) is not None:
        # the verb of saying reports the answer; the clause it reports is the question
        return read_predicate(f"{said.group('be')} {said.group('subject')} {said.group('rest')}?", companies)
    words = _words(clause)
    if not words or words[0].lower() not in _DO | _BE:
        return AskedPredicate(alternatives=_alternatives(clause))
    names = {t.lower() for c in companies for t in re.findall(r"[A-Za-z][A-Za-z&'’\-]*", c)}
    word = _predicate_word(words, names)
    stem = tokenize(word)[0] if word and tokenize(word) else ""
    deed = words[0].lower() in ("did", "does", "do")
    past = words[0].lower() in ("did", "has", "have", "had")
    universal = bool(_UNIVERSAL.match(clause))
    alternatives = _alternatives(clause)
    light = re.search(rf"\b{re.escape(word)}\b", clause, re.I) if stem in _LIGHT else None
    if light is not None and (deed_named := _NAMED_DEED.search(clause[light.end():])):
        # "Did it announce the termination of an acquisition agreement?": the deed the verb reports is
        # asked; its noun is what a sentence must state ("a stop of the acquisition" is no "No" of it)
        word = deed_named.group(1).lower()
        stem = tokenize(word)[0] if tokenize(word) else ""
    if not stem or stem in _LIGHT:
        return AskedPredicate(deed=deed, universal=universal, alternatives=alternatives)
    stems = {stem} | {s for group in _SYNONYMS if any(same_stem(stem, g) for g in group) for s in group}
    if stem in _COMPLETES and (done := _COMPLETED_DEED.search(clause[clause.lower().find(word.lower()) + len(word):])):
        # "Did it complete an acquisition of GreatCall?": "we acquired all of the outstanding shares of GreatCall"
        # states it done, by the deed's own verb
        stems |= _DEED_VERBS[done.group(1).lower()[:5]]
    change = "up" if stem in _UP else "down" if stem in _DOWN else ""
    if stem == tokenize("change")[0]:
        change = "any"
    return AskedPredicate(word=word, stems=frozenset(stems), deed=deed, past=past, universal=universal,
                          alternatives=alternatives, change=change, objects=_objects(clause, word, companies, stems))


# "in the first quarter of fiscal year 2024", "that year", "as of its third quarter": when, not what
_WHEN = re.compile(r"\b(?:in|for|during|as\s+of|at|by|through|since|until|over|of)\s+(?:the\s+|its\s+|their\s+)?"
                   r"(?:(?:end|start|beginning|first|second|third|fourth|last|fiscal|calendar|full|quarter|half|year|"
                   r"period|month|ended|q[1-4]|fy|h[12])\b\W*)+(?:(?:of|ended|year|fiscal|19\d\d|20\d\d)\b\W*)*"
                   r"|\b(?:that|this|the)\s+(?:same\s+)?(?:year|quarter|period)\b|\b(?:19|20)\d\d\b", re.I)
_TIME_WORDS = frozenset(tokenize("first second third fourth quarter half month year period ended end fiscal calendar "
                                 "january february march april may june july august september october november december"))


def _objects(clause: str, word: str, companies: list[str], stems: set[str]) -> frozenset[str]:
    """The content stems after the predicate: what it is asked of, one of which a deciding
    sentence must name ("conditioned on the buyer obtaining financing" -> buyer, obtain, financ)."""
    at = re.search(rf"\b{re.escape(word)}\b", clause, re.I)
    if at is None:
        return frozenset()
    after = _WHEN.sub(" ", clause[at.end():])
    closed = {t for w in _CLOSED for t in tokenize(w)}
    return frozenset(t for t in content_words(after, companies)
                     if t not in closed and t not in _TIME_WORDS and t not in stems)
