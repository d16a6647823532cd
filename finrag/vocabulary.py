"""The financial vocabulary: metric keys, their wordings, statements, formulas and definitions.

The data lives in `finrag/data/vocabulary.yaml` (maintained as data, not code); this module
loads it into typed objects and answers the questions other modules ask of it:

    vocab = load_vocabulary()
    vocab.match_metrics("What was capex as a % of revenue?")  # ["capex_to_revenue"]
    vocab.match_metrics("purchases of property and equipment")  # ["capex"]
    vocab.expansions("capex")           # wordings to add to a lexical query
    vocab.statement_of("capex")         # "cash_flow"
    vocab.formula("quick_ratio")        # "(current_assets - inventories) / current_liabilities"
    vocab.inputs("quick_ratio")         # ["current_assets", "inventories", "current_liabilities"]
    vocab.define("EBITDA")              # one plain-English sentence
    vocab.match_statements("based on the statement of cash flows")  # ["cash_flow"]

Matching is whole-word, case-insensitive and plural-insensitive (words are stemmed), and
prefers the longest wording, so "cost of revenue" is not also read as "revenue" and
"total current assets" is not read as "total assets".
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, Field

from finrag.sparse import stemmer

VOCABULARY_PATH = Path(__file__).with_name("data") / "vocabulary.yaml"

# Keys that may appear inside a formula besides metric keys.
_FORMULA_FUNCTIONS = {"avg", "prior"}

_ABLE = re.compile(r"ables?$")
# A token is a word, a number, or an ampersand abbreviation such as "pp&e", "r&d", "s&p".
_TOKEN = re.compile(r"[a-z0-9]+(?:&[a-z0-9]+)*")


def tokenize(text: str) -> list[str]:
    """Lower-cased, stemmed word tokens; possessives and punctuation dropped."""
    return [_stem(word) for word in _words(text)]


def _words(text: str) -> list[str]:
    """The words `tokenize` stems, as written (lower-cased)."""
    text = text.lower().replace("\u2019", "'").replace("'s ", " ").replace(" & ", " and ")
    return _TOKEN.findall(text)


@lru_cache(maxsize=100_000)
def _stem(word: str) -> str:
    # A word's stem, kept per process: reading one question matches it against every
    # wording of the vocabulary, which stemmed the same few thousand words again each time
    # (most of a question's retrieval time).
    return stemmer("english").stemWord(word)


class Plausible(BaseModel):
    """The range a derived metric's value can take for a real company (in the metric's own
    unit: a ratio as a fraction, days as days). A value outside it means its inputs were
    read from the wrong table, line or scale (answering.checks refuses to give it)."""

    low: float | None = None
    high: float | None = None
    why: str  # for an analyst: why a value outside the range cannot be right

    def contains(self, value: float) -> bool:
        return (self.low is None or value >= self.low) and (self.high is None or value <= self.high)


class Entry(BaseModel):
    """One vocabulary entry: a metric (base or derived), a statement, or a glossary term."""

    key: str
    kind: Literal["metric", "derived", "statement", "term"]
    label: str
    definition: str
    synonyms: list[str] = Field(default_factory=list)
    statement: str | None = None  # page tag of the statement a base metric is read from
    formula: str | None = None  # derived metrics only, over metric keys
    unit: str | None = None
    # statement -> row-label patterns, best first: regexes over the label's lower-case letters
    # only (spaces in a pattern are ignored). Rows of another statement than the metric's own
    # are a second source, used only when its own statement has no row.
    rows: dict[str, list[str]] = Field(default_factory=dict)
    spent: bool = False  # printed as an outflow "(1,577)" but meant as the amount spent
    plausible: Plausible | None = None  # derived metrics: the range a real company's value lies in
    # A size (revenue, assets): positive and far from zero for an operating company, so its
    # year-over-year change stays within -100%..+500% (a profit can cross zero; a size cannot).
    size: bool = False
    # Derived metrics analysts compute in more than one way (free cash flow over EBITDA, over net
    # income ...): the ways, said for the answer. Without the question's own definition the
    # vocabulary's formula would be a guess at which quantity is asked, so it is not used.
    contested: str | None = None
    # how statements in other languages label the line ("laba bersih"): read in questions and in
    # statement rows, never added to a search query (an English query is not widened by them)
    translations: list[str] = Field(default_factory=list)
    # how a statement row labels the line in words a question uses for something else ("Common stock
    # dividends" is dividends paid on a cash flow statement; "suspend its common stock dividend" asks a
    # reason): read in statement rows only, never in questions or queries
    row_labels: list[str] = Field(default_factory=list)

    @property
    def wordings(self) -> list[str]:
        """Every way to say it: the label, the key in words, and the synonyms."""
        seen: dict[str, None] = {}
        for w in [self.label, self.key.replace("_", " "), *self.synonyms]:
            seen.setdefault(w.lower(), None)
        return list(seen)


class Language(BaseModel):
    """One language's statement words (the vocabulary's `languages` table): how its statements
    are titled, their rows labelled, their columns and periods headed. The metric wordings are
    merged into the metrics' synonyms and rows when the vocabulary loads; the rest is asked for
    by the loaders (titles, headers, units) through `Vocabulary.statement_words`."""

    code: str  # ISO 639-1
    label: str
    statements: dict[str, list[str]] = Field(default_factory=dict)  # page tag -> titles
    metrics: dict[str, list[str]] = Field(default_factory=dict)  # metric key -> row wordings, best first
    per_share: list[str] = Field(default_factory=list)
    note_heading: list[str] = Field(default_factory=list)
    header_words: list[str] = Field(default_factory=list)
    months: list[str] = Field(default_factory=list)  # January first
    interim: dict[int, list[str]] = Field(default_factory=dict)  # months -> how a title names that span
    whole_units: list[str] = Field(default_factory=list)
    notes_titles: list[str] = Field(default_factory=list)  # the notes' title ("Catatan atas Laporan Keuangan")


class StatementWords(BaseModel):
    """Every language's words of one kind together, for the readers of statement pages."""

    model_config = {"frozen": True}

    titles: dict[str, tuple[str, ...]]  # page tag -> titles in every language
    per_share: tuple[str, ...]
    note_heading: tuple[str, ...]
    header_words: tuple[str, ...]
    months: dict[str, int]  # month name -> month number
    interim: tuple[tuple[str, int], ...]  # (phrase, the months it names)
    whole_units: tuple[str, ...]
    notes_titles: tuple[str, ...] = ()


class LineItem(BaseModel):
    """How a base metric's row is labelled in one statement (from the vocabulary's `rows`)."""

    model_config = {"frozen": True}

    metric: str
    statement: str
    patterns: tuple[str, ...]  # anchored regexes over the letters-only label, best first
    unit: str = "USD"
    spent: bool = False  # store the amount spent (capex, dividends) as a positive number
    secondary: bool = False  # another statement's row: used only when the own statement has none


# nouns a one-word wording is set before to name another thing: "equity interests" (a stake), "equity method
# investments", "equity awards" are no shareholders' equity
_HEADS_OF_ANOTHER = frozenset(["interest", "interests", "method", "securities", "stake", "stakes", "award", "awards",
                               "compensation"])
# a verb before an adjective: "could be payable" says of something that it is paid, naming no payables
_COPULA = frozenset(["be", "is", "are", "was", "were", "been", "being", "become", "becomes", "became"])


def _modifies_another_noun(words: list[str], i: int) -> bool:
    return i + 1 < len(words) and words[i + 1].lower() in _HEADS_OF_ANOTHER


def _said_of_a_subject(words: list[str], i: int) -> bool:
    """A noun in "-ables" ("payables") met in its singular right after a copula ("be payable"): an adjective."""
    return i > 0 and not words[i].lower().endswith("s") and words[i - 1].lower() in _COPULA


class _PhraseIndex:
    """Longest-match lookup of stemmed token sequences -> entry keys."""

    def __init__(self, entries: list[Entry]):
        self._by_first: dict[str, list[tuple[tuple[str, ...], str]]] = {}
        # one-word wordings that are plural nouns ("receivables", "borrowings"), which a verb's "-ed" form shares
        # a stem with but does not name ("the nominee received the most votes" names no receivables; "restructured"
        # still names restructuring); and nouns in "-able(s)", whose stem is a verb's ("did the nominee receive")
        self._plurals: set[tuple[tuple[str, ...], str]] = set()
        self._ables: set[tuple[tuple[str, ...], str]] = set()
        for entry in entries:
            for wording in [*entry.wordings, *entry.translations]:
                tokens = tuple(tokenize(wording))
                if tokens:
                    self._by_first.setdefault(tokens[0], []).append((tokens, entry.key))
                    if len(tokens) == 1 and _words(wording)[0].endswith("s"):
                        self._plurals.add((tokens, entry.key))
                    if len(tokens) == 1 and _ABLE.search(_words(wording)[0]):
                        self._ables.add((tokens, entry.key))
        for candidates in self._by_first.values():
            candidates.sort(key=lambda c: -len(c[0]))  # longest first

    def find(self, text: str) -> list[str]:
        """The keys named in `text`, each once, in order of appearance."""
        return list(dict.fromkeys(key for _, _, key in self.spans(text)))

    def spans(self, text: str) -> list[tuple[int, int, str]]:
        """Each match, longest first at each place, read left to right: (first token, token after the
        last, key)."""
        words = _words(text)
        tokens = [_stem(word) for word in words]
        out: list[tuple[int, int, str]] = []
        i = 0
        while i < len(tokens):
            for phrase, key in self._by_first.get(tokens[i], ()):
                if len(phrase) == 1 and (((phrase, key) in self._plurals and words[i].endswith("ed"))
                                         or ((phrase, key) in self._ables and not _ABLE.search(words[i]))
                                         or _modifies_another_noun(words, i)
                                         or ((phrase, key) in self._ables and _said_of_a_subject(words, i))):
                    continue
                if tuple(tokens[i : i + len(phrase)]) == phrase:
                    out.append((i, i + len(phrase), key))
                    i += len(phrase)
                    break
            else:
                i += 1
        return out


class Vocabulary:
    """Typed, read-only view of vocabulary.yaml. Get the shared instance with `load_vocabulary()`."""

    def __init__(self, entries: list[Entry], languages: list[Language] | None = None):
        self.languages: dict[str, Language] = {lang.code: lang for lang in languages or []}
        self.entries: dict[str, Entry] = {e.key: e for e in _with_languages(entries, self.languages.values())}
        self.metrics: dict[str, Entry] = {
            k: e for k, e in self.entries.items() if e.kind in ("metric", "derived")
        }
        self.statements: dict[str, Entry] = {
            k: e for k, e in self.entries.items() if e.kind == "statement"
        }
        # Metrics and statements share one index so "cash flow statement" is read as a
        # statement, never as the metric "cash".
        self._lines_index = _PhraseIndex([*self.metrics.values(), *self.statements.values()])
        self._all_index = _PhraseIndex(list(self.entries.values()))

    # ----------------------------------------------------------------- matching

    def match_metrics(self, text: str) -> list[str]:
        """Metric keys (base and derived) named in `text`, in order of appearance."""
        return [k for k in self._lines_index.find(text) if k in self.metrics]

    def head_metric(self, text: str) -> str | None:
        """The metric `text` names first, unless that is one word set right before another metric's
        wording, which it then qualifies: "cash payments for dividends" are dividends paid, not cash.
        (A word further off heads its own phrase: "depreciation and impairment of property" is
        depreciation.)"""
        found = [(a, b, k) for a, b, k in self._lines_index.spans(text) if k in self.metrics]
        if not found:
            return None
        (a, b, key), rest = found[0], found[1:]
        if b - a == 1 and rest and rest[0][0] == b:
            return rest[0][2]
        return key

    def match_statements(self, text: str) -> list[str]:
        """Statements named explicitly in `text` ("balance sheet", "statement of cash flows")."""
        return [k for k in self._lines_index.find(text) if k in self.statements]

    def match_terms(self, text: str) -> list[str]:
        """Glossary terms (not metrics or statements) named in `text`, in order of appearance."""
        return [k for k in self._all_index.find(text) if self.entries[k].kind == "term"]

    # ----------------------------------------------------------------- lookups

    def expansions(self, metric: str) -> list[str]:
        """Wordings of a metric as filings print them, for lexical query expansion."""
        entry = self.metrics.get(metric)
        return entry.wordings if entry else []

    def row_wordings(self, metric: str) -> list[str]:
        """Wordings a statement row labels the metric by: its English ones, then other languages'."""
        entry = self.metrics.get(metric)
        return [*entry.wordings, *entry.translations, *entry.row_labels] if entry else []

    def statement_of(self, metric: str) -> str | None:
        """The statement (page tag) a base metric lives in; None for derived metrics and unknowns."""
        entry = self.metrics.get(metric)
        return entry.statement if entry else None

    def statements_for(self, metric: str) -> list[str]:
        """Statements needed for a metric: its own, or those of a derived metric's inputs."""
        own = self.statement_of(metric)
        if own:
            return [own]
        found: dict[str, None] = {}
        for key in self.inputs(metric):
            statement = self.statement_of(key)
            if statement:
                found.setdefault(statement, None)
        return list(found)

    def formula(self, metric: str) -> str | None:
        entry = self.metrics.get(metric)
        return entry.formula if entry else None

    def inputs(self, metric: str) -> list[str]:
        """Metric keys a derived metric's formula uses, in order; [] for base metrics."""
        formula = self.formula(metric)
        if not formula:
            return []
        names = re.findall(r"[a-z_]+", formula)
        return list(dict.fromkeys(n for n in names if n in self.metrics))

    def outermost(self, metrics: list[str]) -> list[str]:
        """The metrics named that are no input of another one named ("free cash flow (cash from
        operations less capital expenditures)" names one measure)."""
        inputs = {i for m in metrics for i in self.inputs(m)}
        return [m for m in metrics if m not in inputs]

    def define(self, term: str) -> str | None:
        """Plain-English definition of a metric key, label, wording or glossary term; None if unknown."""
        key = term.strip().lower().replace(" ", "_")
        if key in self.entries:
            return self.entries[key].definition
        wanted = tuple(tokenize(term))
        for entry in self.entries.values():
            if any(tuple(tokenize(w)) == wanted for w in entry.wordings):
                return entry.definition
        # Fall back to the longest wording inside the term ("the quick ratio of a company").
        found = self._all_index.find(term)
        return self.entries[found[0]].definition if found else None

    def line_items(self) -> list[LineItem]:
        """Statement-row rules of every base metric (loaders.facts reads statements with them)."""
        items: list[LineItem] = []
        for key, entry in self.metrics.items():
            for statement, patterns in entry.rows.items():
                items.append(LineItem(
                    metric=key, statement=statement, unit=entry.unit or "USD", spent=entry.spent,
                    secondary=statement != entry.statement,
                    patterns=tuple("^(?:" + re.sub(r"\s+", "", p) + ")$" for p in patterns),
                ))
        return items

    def label(self, key: str) -> str | None:
        entry = self.entries.get(key)
        return entry.label if entry else None

    def statement_words(self) -> StatementWords:
        """The languages' statement words (titles, per-share heading, note column, header words,
        months, interim periods, whole units), each kind across every language."""
        langs = list(self.languages.values())
        titles: dict[str, tuple[str, ...]] = {}
        for lang in langs:
            for tag, names in lang.statements.items():
                titles[tag] = (*titles.get(tag, ()), *names)
        return StatementWords(
            titles=titles,
            per_share=tuple(w for lang in langs for w in lang.per_share),
            note_heading=tuple(w for lang in langs for w in lang.note_heading),
            header_words=tuple(w for lang in langs for w in lang.header_words),
            months={m: i + 1 for lang in langs for i, m in enumerate(lang.months)},
            interim=tuple((w, months) for lang in langs for months, words in lang.interim.items() for w in words),
            whole_units=tuple(w for lang in langs for w in lang.whole_units),
            notes_titles=tuple(w for lang in langs for w in lang.notes_titles),
        )


def row_pattern(wording: str) -> str:
    """A wording as a row pattern: its lower-case letters only, literally ("Laba (rugi) usaha"
    -> "labarugiusaha"), as loaders.facts.letters reads a row label."""
    return re.escape(re.sub(r"[^a-z]", "", wording.lower()))


def _with_languages(entries: list[Entry], languages) -> list[Entry]:
    """The entries with each language's row wordings of a metric added: as translations (questions
    and the answer-time row reader match labels by wording; search queries keep to English) and
    as rows of the metric's own statement, after the English ones (the fact reader matches labels
    by row pattern)."""
    added: dict[str, list[str]] = {}
    for lang in languages:
        for key, wordings in lang.metrics.items():
            added.setdefault(key, []).extend(wordings)
    out: list[Entry] = []
    for entry in entries:
        # idempotent: a vocabulary built again from loaded entries (a question's own lines) adds none twice
        wordings = [w for w in added.get(entry.key, []) if w not in entry.translations]
        if wordings and entry.kind == "metric" and entry.statement:
            own = entry.rows.get(entry.statement, [])
            rows = {**entry.rows, entry.statement: [*own, *(row_pattern(w) for w in wordings)]}
            entry = entry.model_copy(update={"translations": [*entry.translations, *wordings], "rows": rows})
        out.append(entry)
    return out


def _entries_from(data: dict) -> list[Entry]:
    sections = {"statements": "statement", "metrics": "metric", "derived": "derived", "terms": "term"}
    entries: list[Entry] = []
    for section, kind in sections.items():
        for key, body in (data.get(section) or {}).items():
            entries.append(Entry(key=key, kind=kind, **body))
    return entries


def _languages_from(data: dict) -> list[Language]:
    return [Language(code=code, **body) for code, body in (data.get("languages") or {}).items()]


def _check(vocab: Vocabulary) -> None:
    """Fail loudly on a broken data file rather than answer wrongly later."""
    for lang in vocab.languages.values():
        for key in lang.metrics:
            if key not in vocab.metrics or vocab.metrics[key].kind != "metric":
                raise ValueError(f"vocabulary: language {lang.code!r} words unknown base metric {key!r}")
        for tag in lang.statements:
            if tag not in vocab.statements:
                raise ValueError(f"vocabulary: language {lang.code!r} titles unknown statement {tag!r}")
        if lang.months and len(lang.months) != 12:
            raise ValueError(f"vocabulary: language {lang.code!r} names {len(lang.months)} months, not 12")
    for key, entry in vocab.metrics.items():
        if entry.kind == "metric" and entry.statement not in vocab.statements:
            raise ValueError(f"vocabulary: metric {key!r} has unknown statement {entry.statement!r}")
        for statement, patterns in entry.rows.items():
            if statement not in vocab.statements:
                raise ValueError(f"vocabulary: rows of {key!r} name unknown statement {statement!r}")
            for pattern in patterns:
                try:
                    re.compile(pattern)
                except re.error as exc:
                    raise ValueError(f"vocabulary: bad row pattern {pattern!r} of {key!r}: {exc}") from None
        if entry.kind == "derived":
            if not entry.formula:
                raise ValueError(f"vocabulary: derived metric {key!r} has no formula")
            for name in re.findall(r"[a-z_]+", entry.formula):
                if name not in vocab.metrics and name not in _FORMULA_FUNCTIONS:
                    raise ValueError(f"vocabulary: formula of {key!r} uses unknown {name!r}")


def parse_vocabulary(text: str) -> Vocabulary:
    data = yaml.safe_load(text)
    vocab = Vocabulary(_entries_from(data), _languages_from(data))
    _check(vocab)
    return vocab


@lru_cache(maxsize=1)
def load_vocabulary() -> Vocabulary:
    """The bundled vocabulary (parsed once per process)."""
    return parse_vocabulary(VOCABULARY_PATH.read_text(encoding="utf-8"))
