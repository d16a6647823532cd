"""Typed data that crosses module boundaries.

Page numbers are ZERO-BASED everywhere inside FinRAG (as in FinanceBench's
`evidence_page_num`); only text shown to people (CLI tables, reports) adds one
and says "p." so. A document's identity is its PDF file stem (`doc`).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, computed_field

FormType = Literal["10-K", "10-Q", "8-K", "earnings", "annual", "other"]
# A year's report: a 10-K, or an annual report read as `annual` (a 20-F, a non-US report);
# their statements' year columns are fiscal years.
ANNUAL_FILINGS: tuple[FormType, ...] = ("10-K", "annual")
# A report of a period's results outside the 10-K / 10-Q: an earnings release, or the 8-K it is filed with.
RELEASE_FORMS: frozenset[FormType] = frozenset({"earnings", "8-K"})
# The filing a question names ("the 10-K", "the 10-Q", "the earnings release"), by family: kinds
# that carry one another count as one (an annual report around a 10-K, a release and its 8-K).
FORM_FAMILY: dict[str, str] = {**dict.fromkeys(ANNUAL_FILINGS, "annual"), "10-Q": "quarterly",
                               **dict.fromkeys(RELEASE_FORMS, "current")}
DocStatus = Literal["ingested", "unchanged", "skipped", "failed"]
StrategyName = Literal["direct", "single", "iterative", "graph"]
# What a caller may ask for: a strategy, or "auto" (the router decides).
StrategyChoice = Literal["auto", StrategyName]
# answered: checked and given. unverified: a value was found but failed a check (told, not
# given: counted like a refusal). needs_company: the question names no company and the
# evidence spans several. not_found: the reports do not hold it. failed: an error.
AnswerStatus = Literal["answered", "unverified", "not_found", "needs_company", "failed"]
# Statuses that count as "not answered" in summaries, CSVs and exit codes.
REFUSAL_STATUSES: tuple[str, ...] = ("unverified", "not_found", "needs_company")
# The shape of answer a question asks for (answering.kinds reads it; separate from the
# router's strategy choice):
# metric: a figure or ratio computed from cited statement rows;
# yes_no: a conclusion with the sentence or figures that decide it;
# drivers: what explains a change (MD&A sentences) with the change itself;
# choice: one item among several (which segment / company / largest X);
# list: the items asked for; definition: what a term or policy is / the nature of X;
# not_meaningful: the asked metric does not apply to this business, with why;
# passage: anything else, answered by the sentences that state it.
AnswerKind = Literal["metric", "yes_no", "drivers", "choice", "list", "definition", "not_meaningful", "passage"]
SearchMode = Literal["dense", "sparse", "hybrid"]
# How a document writes its numbers (finrag.numerals reads it from the document's own text):
# "us" 1,234,567.8; "continental" 1.234.567,8 (Indonesian, many European and Latin American
# reports); "ambiguous" both, or too few numbers to tell: "1,234" and "1.234" are then read
# by neither convention (never guessed), numbers only one convention writes still are.
NumberConventionName = Literal["us", "continental", "ambiguous"]

# What each strategy does, in one line (the CLI's --help and the Prefect run form).
STRATEGY_HELP: dict[str, str] = {
    "auto": "the router picks the cheapest strategy that fits the question",
    "direct": "finance knowledge only, no search (definitions, formulas)",
    "single": "one search of the reports, answer written from what it finds",
    "iterative": "an agent that plans searches, checks which figures are still missing and searches again",
    "graph": "facts and relations read at ingest: relationships and questions across many companies",
}

# Page tags a document may carry (tag -> zero-based pages).
PAGE_TAGS = (
    "income_statement",
    "balance_sheet",
    "cash_flow",
    "segment_note",
    "mdna",
    "risk_factors",
)


# --------------------------------------------------------------------------- loading


class Page(BaseModel):
    number: int  # zero-based
    text: str
    number_convention: NumberConventionName = "us"  # how its numbers are written (its own or its document's)


MetaSource = Literal["cover", "prose", "header", "manifest", "file name", "catalog"]
LOW_CONFIDENCE = 0.6  # below this a field is reported as a guess (inspect, ingest summary)


class FieldSource(BaseModel):
    """Where one metadata field was read and how sure the reader is (0-1)."""

    source: MetaSource
    confidence: float


class CompanyEvidence(BaseModel):
    """One place a filing names its company outside the cover (inspect --json shows each)."""

    name: str  # as printed
    kind: str  # signature, running header, statement title, auditor's report, defined term,
    # running title, trading symbol
    pages: int  # pages it is on (1 for a signature or a definition)
    confidence: float  # how surely this kind of place names the issuer (0-1)
    ticker: str | None = None  # a trading symbol's line ("Acme Corp. (NYSE: ACME)"): its symbol


class NumberConvention(BaseModel):
    """How a document writes its numbers, with the evidence read from its own text."""

    convention: NumberConventionName = "us"
    reason: str = ""  # the evidence, said: "37 continental numbers ('Rp405,9', '1.234.567'), no US ones"
    us_numbers: int = 0  # numbers only the US convention writes ("1,234,567", "12.5", "1,234")
    continental_numbers: int = 0  # numbers only the continental one writes ("1.234.567", "405,9", "1.234")
    examples: list[str] = Field(default_factory=list)  # a few of the deciding numbers, as printed
    scale_words: list[str] = Field(default_factory=list)  # the language's scale words it prints ("miliar")
    # pages whose own numbers decide otherwise than the document's (a bilingual report's
    # English statements, "1,332,785,498", in an Indonesian one): zero-based page -> convention
    pages: dict[int, NumberConventionName] = Field(default_factory=dict)

    def on_page(self, page: int) -> NumberConventionName:
        return self.pages.get(page, self.convention)


class DocumentMeta(BaseModel):
    """What FinRAG reads about one filing (from its content; file name/manifest are hints)."""

    file: str  # path as given
    doc: str  # file name stem: the document's identity in the store and in citations
    sha256: str  # content hash of the file bytes
    company: str | None = None  # canonical short name, e.g. "PepsiCo"
    company_legal: str | None = None  # as on the cover, e.g. "PepsiCo, Inc."
    ticker: str | None = None
    aliases: list[str] = Field(default_factory=list)  # other names the company goes by
    fiscal_year: int | None = None
    period_end: str | None = None  # ISO date of the period end, e.g. "2022-12-31"
    period: str | None = None  # "FY2022" for annual documents, "2023Q2" for quarters
    report_date: str | None = None  # ISO date an 8-K or release is dated (its dateline)
    form: FormType = "other"
    pages: int = 0
    ocr_pages: list[int] = Field(default_factory=list)  # text read by OCR (zero-based)
    unreadable_pages: list[int] = Field(default_factory=list)  # no usable text: left empty
    repaired: str = ""  # what was wrong with a damaged file that was read after a repair
    page_tags: dict[str, list[int]] = Field(default_factory=dict)  # PAGE_TAGS -> pages
    sector: str | None = None
    # company / fiscal_year / period / form -> where it was read and how sure
    sources: dict[str, FieldSource] = Field(default_factory=dict)
    company_evidence: list[CompanyEvidence] = Field(default_factory=list)  # the signals the company agrees with
    number_convention: NumberConvention = Field(default_factory=NumberConvention)

    @computed_field
    @property
    def low_confidence(self) -> list[str]:
        """Fields read as a guess, or not read at all (company, fiscal_year)."""
        weak = [f for f, s in self.sources.items() if s.confidence < LOW_CONFIDENCE]
        missing = [f for f in ("company", "fiscal_year") if getattr(self, f) is None and f not in weak]
        return weak + missing


class Chunk(BaseModel):
    chunk_id: str  # UUID derived from (document sha256, index, text): stable across runs
    doc: str  # file stem of the source PDF
    doc_sha256: str
    index: int  # position within the document
    company: str | None = None
    fiscal_year: int | None = None
    period: str | None = None
    form: FormType = "other"
    page: int  # zero-based page where the chunk starts
    page_end: int  # zero-based page where it ends (== page for most chunks)
    section: str = ""  # e.g. "Item 7. Management's Discussion and Analysis"
    tags: list[str] = Field(default_factory=list)  # page tags of the pages it spans
    text: str  # body; citations quote from here
    header: str = ""  # short context line (company, period, form, section) prepended for embedding
    # how its numbers are written (its first page's convention); "us" in stores built before it was read
    number_convention: NumberConventionName = "us"

    @property
    def embed_text(self) -> str:
        return f"{self.header}\n{self.text}" if self.header else self.text


class LoadedDocument(BaseModel):
    meta: DocumentMeta
    pages: list[Page]
    chunks: list[Chunk]


class DocumentReport(BaseModel):
    """One row of `finrag inspect/ingest --json` (`documents` list) and the ingest summary."""

    file: str
    doc: str
    status: DocStatus | Literal["ok"]  # "ok" is used by inspect
    reason: str = ""
    company: str | None = None
    company_legal: str | None = None
    ticker: str | None = None
    fiscal_year: int | None = None
    period_end: str | None = None
    period: str | None = None
    report_date: str | None = None
    form: FormType = "other"
    aliases: list[str] = Field(default_factory=list)
    pages: int = 0
    ocr_pages: list[int] = Field(default_factory=list)
    unreadable_pages: list[int] = Field(default_factory=list)
    repaired: str = ""
    chunks: int | None = None
    page_tags: dict[str, list[int]] = Field(default_factory=dict)
    sources: dict[str, FieldSource] = Field(default_factory=dict)
    company_evidence: list[CompanyEvidence] = Field(default_factory=list)
    low_confidence: list[str] = Field(default_factory=list)  # fields read as a guess
    seconds: float = 0.0
    # Failed because of the file itself (unreadable, not a PDF, encrypted, no text, over the
    # limits): reading it again fails the same way, so it is not retried (the nightly inbox
    # moves it to failed/). A failure while storing (embedding endpoint, store) is not.
    bad_file: bool = False


# --------------------------------------------------------------------------- retrieval


class SearchFilters(BaseModel):
    """Hard filters for a search; empty lists mean "no constraint"."""

    companies: list[str] = Field(default_factory=list)  # canonical company names
    fiscal_years: list[int] = Field(default_factory=list)
    forms: list[str] = Field(default_factory=list)
    docs: list[str] = Field(default_factory=list)
    tags: list[str] = Field(default_factory=list)  # page tags, e.g. ["cash_flow"]

    def is_empty(self) -> bool:
        return not (self.companies or self.fiscal_years or self.forms or self.docs or self.tags)


class SearchHit(BaseModel):
    chunk: Chunk
    score: float
    similarity: float | None = None  # dense cosine to the query, when the search had one


class CatalogFiling(BaseModel):
    doc: str
    form: str
    fiscal_year: int | None = None
    period: str | None = None
    period_end: str | None = None  # ISO date the filing's period ends: "as of 31 March 2022" reads it
    low_confidence: list[str] = Field(default_factory=list)  # fields read as a guess


class CatalogCompany(BaseModel):
    """One company present in the store, with every name it was filed under."""

    name: str  # canonical short name (DocumentMeta.company, or an analyst's correction)
    # every company value its chunks carry in the store: what a company filter matches
    stored_names: list[str] = Field(default_factory=list)
    legal_names: list[str] = Field(default_factory=list)
    tickers: list[str] = Field(default_factory=list)
    aliases: list[str] = Field(default_factory=list)
    fiscal_years: list[int] = Field(default_factory=list)
    forms: list[str] = Field(default_factory=list)
    docs: list[str] = Field(default_factory=list)
    filings: list[CatalogFiling] = Field(default_factory=list)
    # why the entry looks wrong (`finrag catalog` prints them): a fragment name, a near
    # duplicate of another entry, no ticker (finrag.catalog.flag_suspects)
    flags: list[str] = Field(default_factory=list)

    @property
    def filter_names(self) -> list[str]:
        """The payload values a company filter must match for this company."""
        return self.stored_names or [self.name]


class StoreCatalog(BaseModel):
    """What the store holds (from its document records): used by query understanding."""

    companies: list[CatalogCompany] = Field(default_factory=list)
    fiscal_years: list[int] = Field(default_factory=list)
    forms: list[str] = Field(default_factory=list)
    documents: int = 0

    def latest_year(self, companies: list[str], forms: tuple[str, ...] | list[str] | None = None,
                    any_form: bool = True) -> int | None:
        """The latest fiscal year the companies (by any name they are filtered by) have filings
        for: a question about a company that names no year asks about the present. With
        `forms`, the latest filing OF those forms counts first ("in this 10-K": a later
        quarter's 10-Q is not it), any filing's year when none is of them (unless not `any_form`)."""
        wanted = set(companies)
        scope = [c for c in self.companies if wanted & set(c.filter_names)]
        of_form = [f.fiscal_year for c in scope for f in c.filings if f.form in (forms or ()) and f.fiscal_year]
        years = of_form or ([y for c in scope for y in c.fiscal_years] if any_form else [])
        return max(years) if years else None


# --------------------------------------------------------------------------- answering


class Question(BaseModel):
    id: str
    question: str
    company: str | None = None  # optional hint from the user
    period: str | None = None  # optional hint, e.g. "FY2022"
    answer: Any = None  # gold answer when known (number, text or list)
    type: str | None = None  # fact, trend, comparison, relationship, aggregation, definition, ...
    expected_strategy: StrategyName | None = None
    answerable: bool = True
    # Set when the row cannot be asked ("file:line: why"): recorded as failed, never answered.
    problem: str | None = None


class Citation(BaseModel):
    doc: str  # PDF file stem
    page: int  # zero-based
    chunk_id: str
    quote: str  # must occur literally in the cited chunk's text
    # When the quote is a table row: the table's column headers (the period of each figure,
    # left to right, e.g. ["2023", "2022", "2021"]), read from the chunk above the row.
    columns: list[str] = Field(default_factory=list)


class TraceStep(BaseModel):
    step: str  # route, plan, search, assess, write, graph, fallback, ...
    query: str | None = None
    filters: dict[str, Any] | None = None
    retrieved: list[str] = Field(default_factory=list)  # chunk ids
    decision: str | None = None


EvidenceForm = Literal["computed", "quoted"]  # a figure or verdict worked from statement rows, or sentences quoted


class ShapeRecord(BaseModel):
    """How often offline answers of one shape (answer kind x evidence form) were right on
    filings the code had never seen: judged first runs (eval.shape_record builds the table)."""

    kind: AnswerKind
    evidence: EvidenceForm
    right: int
    wrong: int
    # shrunk toward its kind's precision, and that toward all shapes', so a shape seen a few times
    # is not judged on those few alone
    precision: float


class AnswerRow(BaseModel):
    """One company's figure in an answer about many companies."""

    company: str
    period: str | None = None  # e.g. "FY2023"
    metric: str = ""  # as people read it, e.g. "Operating margin"
    value: float | None = None  # what the rows are sorted by (highest first)
    shown: str = ""  # the figure as written, e.g. "$1,234.5M" or "31.6%"


class PlannedAspect(BaseModel):
    """One figure the agent looks for, and the search that would find it."""

    label: str  # "Acme Widgets revenue FY2023"
    query: str
    found: bool = False  # the first search already holds a reading for it


class PlannedSearches(BaseModel):
    """What the iterative agent means to search next, shown to an analyst before it does."""

    question: str
    searched: list[str] = Field(default_factory=list)  # already searched (the question itself)
    planned: list[str] = Field(default_factory=list)  # the searches it would run next, in order
    max_planned: int = 3  # how many the agent may still run (FINRAG_MAX_SEARCHES - searched)
    aspects: list[PlannedAspect] = Field(default_factory=list)  # what it looks for (none for text questions)


class Answer(BaseModel):
    status: AnswerStatus
    answer: str
    citations: list[Citation] = Field(default_factory=list)
    strategy: StrategyName
    route_reason: str = ""
    stopped_by: str | None = None  # None or the guard that stopped work
    engine: str = "offline"  # "offline", "llm:<model>", or "none" (a batch row never answered)
    # Set when an LLM is configured but this answer was written offline instead: why the
    # LLM gave up (finrag.llm.FailureKind: connection, timeout, http_error,
    # malformed_output, circuit_open, deadline).
    fallback: str | None = None
    searches: int = 0
    llm_calls: int = 0
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0
    latency_s: float = 0.0
    review_wait_s: float = 0.0  # time paused for an analyst's plan review, not in latency_s
    trace: list[TraceStep] = Field(default_factory=list)
    reason: str | None = None  # why it failed / was not found
    flags: list[str] = Field(default_factory=list)  # e.g. "dropped_citation", "no_filter_match"
    value: float | None = None  # the headline number, when the answer is numeric
    # An answer about many companies: one row per company, highest first (else empty).
    rows: list[AnswerRow] = Field(default_factory=list)
    kind: AnswerKind | None = None  # the shape of answer the question asked for
    unit: str | None = None  # of `value`: "USD millions", "percent", "ratio", ...


class RunRecord(BaseModel):
    """One answered question in a batch results file."""

    id: str
    question: str
    # The asker's hints the answer was made with: they filter like words of the question, so
    # an earlier answer is reused only for the same hints (flows/resume.py).
    company: str | None = None
    period: str | None = None
    config_hash: str
    store_version: str
    gold: Any = None
    expected_strategy: StrategyName | None = None
    type: str | None = None
    answer: Answer


# --------------------------------------------------------------------------- knowledge graph


class Fact(BaseModel):
    """A financial fact read from a statement table (or derived from such facts)."""

    company: str  # canonical company name
    metric: str  # vocabulary key, e.g. "revenue", "capex", "operating_margin"
    fiscal_year: int
    value: float  # in `unit` after applying the table's scale; parentheses -> negative
    unit: str = "USD"  # "USD", "USD/share", "ratio", "percent", "shares"
    scale: str = "millions"  # scale stated by the table ("thousands", "millions", "billions", "units")
    doc: str  # source PDF stem
    page: int  # zero-based
    source_text: str  # the row's text as it appears in the page
    derived_from: list[str] = Field(default_factory=list)  # for derived metrics: input metric keys
    formula: str | None = None
    # "FY" for a fiscal year; a 10-Q's "Q2" (the quarter, or the balance at its end) and
    # "Q2YTD" (the year to date at the quarter's end) - never mixed with annual figures; an
    # interim report's column by its date: "2012-06-30" a balance, "6M2012-06-30" six months ended then
    period: str = "FY"
    # The statement's own unit line ("£'000", "(in millions)"): ISO currency code when the
    # table names one (None for a bare "$"), and the scale the table printed its amounts in.
    currency: str | None = None
    table_scale: str | None = None


class Relation(BaseModel):
    """An edge between two entities, with the sentence it was read from."""

    subject: str  # canonical company name
    predicate: str  # sector, segment, subsidiary, brand, competitor, auditor, ceo, cfo, chair
    object: str
    doc: str
    page: int  # zero-based
    source_text: str


class DocumentKnowledge(BaseModel):
    doc: str
    company: str | None
    aliases: list[str] = Field(default_factory=list)  # legal name, ticker, other names (entity resolution)
    facts: list[Fact] = Field(default_factory=list)
    relations: list[Relation] = Field(default_factory=list)
    # Why the LLM's relations are incomplete (its calls failed); a later ingest retries them.
    relations_pending: str | None = None


# --------------------------------------------------------------------------- metric questions


class MetricTarget(BaseModel):
    """The quantity a metric question asks for (read by answering.metric_target).

    `formula` is over vocabulary metric keys (+ - * / ( ), numbers, prior(x), avg(x),
    change(x)); with `formula_source` "question" the question defined it and the
    vocabulary's formula is not used. `definitions` are other terms the question defines
    (an input such as EBITDA), which override the vocabulary's too.
    """

    metric: str  # vocabulary key, or a key made from the question's words
    label: str
    formula: str
    formula_source: Literal["question", "vocabulary", "line item"]
    definitions: dict[str, str] = Field(default_factory=dict)
    years: list[int]  # fiscal years: one, the two ends of a change / CAGR, or each year averaged
    quarter: int | None = None  # a 10-Q question: the fiscal quarter asked
    year_to_date: bool = False  # with `quarter`: the year-to-date column, not the quarter's
    # the one day the question asks ("at June 30, 2012", "nine months ended September 30, 2011"), ISO,
    # and the months of the span it names ending then: an interim report's columns are labelled so
    as_of: str | None = None
    months: int | None = None
    aggregation: Literal["value", "change", "amount_change", "cagr", "average"] = "value"
    # "the change in net loss": a change of a loss in both years is the loss's own (it grew by 112%),
    # not its signed profit's (-112%)
    of_loss: bool = False
    # a yes/no asked of the change ("..., and did it improve versus FY2020?"): which way the answer
    # is a Yes for; "better" is up unless the measure is one where lower is better (a cost, debt)
    asked_direction: Literal["up", "down", "better", "worse"] | None = None
    unit: Literal["USD", "USD/share", "shares", "ratio", "percent", "days"] = "USD"
    scale: Literal["units", "thousands", "millions", "billions"] = "millions"  # of a USD answer
    decimals: int | None = None  # "round to two decimal places"
    unresolved: str | None = None  # why the quantity asked cannot be computed (never answer another one)
    # statement lines a definition in the question names that the vocabulary has no metric for
    # ("short-term debt", "revenues from franchised restaurants"): key -> the question's wording,
    # read only from a statement row labelled exactly so
    lines: dict[str, str] = Field(default_factory=dict)
    # the question's own words for a vocabulary metric's row ("payments for dividends and dividend
    # equivalents" for dividends paid): key -> wordings, read beside the vocabulary's own
    wordings: dict[str, list[str]] = Field(default_factory=dict)


# Why an LLM call gave up; an answer written offline instead carries it as `fallback`.
FailureKind = Literal["connection", "timeout", "http_error", "malformed_output", "circuit_open", "deadline"]


class LLMReply(BaseModel):
    """One LLM call's text and what it cost."""

    text: str
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0
    model: str
