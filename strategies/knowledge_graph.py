"""Graph strategy: answer from the knowledge graph (facts and relations), with citations.

1. Link the question's entities: companies (store catalog via query understanding, plus
   the graph's entity names), metrics (vocabulary), years, and relation objects the graph
   knows ("Whitfield & Crane LLP").
2. Read what is asked: a relation (forward "who audits X", reverse "which companies are
   audited by Y", two hops "which companies share an auditor with X"), or facts across
   companies and years (value, filter "above 20%", extreme "highest", rank, total/average).
3. Answer with the facts/edges used; each is cited by the chunk of its doc/page whose text
   contains the source row or sentence (quote checked literally in code).
When the graph lacks what the question needs, the iterative agent answers instead and
the trace says so (step "fallback").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, Field

from answering.answer_rows import fact_rows
from answering.arithmetic import display_value, format_ratio
from answering.citations import cite
from answering.evidence import not_covered
from answering.kinds.classify import classify
from answering.kinds.every_part import asked_parts
from answering.numbers import format_money
from finrag.knowledge_graph import GraphStore, name_key
from finrag.llm import Usage
from finrag.models import Answer, Citation, Fact, Question, Relation, SearchFilters, TraceStep
from finrag.text import quote_in_text
from retrieval.query_understanding import DONE_TO_COMPANIES
from strategies.router import understanding_for

if TYPE_CHECKING:
    from retrieval.query_understanding import QueryUnderstanding
    from strategies.router import RouteDecision, StrategyFunction
    from strategies.services import Services

Kind = Literal["relation", "reverse", "shared", "value", "filter", "extreme", "rank", "total", "average"]

PREDICATE_WORDS: dict[str, re.Pattern[str]] = {
    "auditor": re.compile(r"\baudit(?:or|ors|ed|s|ing)?\b|\baccounting firm\b", re.I),
    "ceo": re.compile(r"\bceo\b|\bchief executive\b", re.I),
    "cfo": re.compile(r"\bcfo\b|\bchief financial\b", re.I),
    # the board's chair, never a committee's ("the Chairman of the Audit Committee")
    "chair": re.compile(r"\bchair(?:man|woman|person)?\s+of\s+the\s+board\b(?!\s+of\s+commissioners)|\bboard\s+chair\b",
                        re.I),
    "segment": re.compile(r"\bsegments?\b", re.I),
    "competitor": re.compile(r"\bcompetitors?\b|\bcompet(?:e|es|ing)\b|\brivals?\b", re.I),
    "subsidiary": re.compile(r"\bsubsidiar(?:y|ies)\b", re.I),
    "brand": re.compile(r"\bbrands?\b", re.I),
    "sector": re.compile(r"\bsector\b|\bindustry\b", re.I),
}
# one object asked ("which reportable segment", "what subsidiary"), not the set ("which segments")
_ASKS_ONE = re.compile(r"\b(?:which|what)\s+(?:[\w-]+\s+){0,2}?(?:segment|competitor|subsidiary|brand)\b(?!s)", re.I)
_SHARED = re.compile(r"\b(?:same|shares?|sharing|in common|also)\b", re.I)
_WHICH_COMPANIES = re.compile(r"\b(?:which|what) (?:other )?(?:compan(?:y|ies)|firms?)\b|\bwho (?:names?|lists?)\b", re.I)
_ABOVE = r"above|over|greater than|more than|exceed(?:ing|s|ed)?|at least|higher than|>=?"
_BELOW = r"below|under|less than|lower than|at most|<=?"
_THRESHOLD = re.compile(
    rf"\b(?P<op>{_ABOVE}|{_BELOW})\s*\$?\s*(?P<num>-?\d[\d,]*(?:\.\d+)?)\s*(?P<unit>%|percent|million|billion|thousand|[mb]\b)?",
    re.I,
)
_HIGH = re.compile(r"\b(?:highest|largest|most|biggest|greatest|top|best|maximum)\b", re.I)
_LOW = re.compile(r"\b(?:lowest|smallest|least|worst|bottom|minimum|weakest)\b", re.I)
_RANK = re.compile(r"\b(?:rank|ranking|order|sort)\b", re.I)
# "total" alone is part of line-item names ("total assets"): only "total of" / "in total" sum
_TOTAL = re.compile(r"\b(?:combined|sum of|together|aggregate|altogether|in total|total of)\b", re.I)
_AVERAGE = re.compile(r"\b(?:average|mean)\b", re.I)
_SCALES = {"thousand": 1e3, "million": 1e6, "m": 1e6, "billion": 1e9, "b": 1e9}
_EXPLAIN = re.compile(r"^\s*(?:why|how come)\b|\breasons?\b|\bexplain\b|\bdr(?:ove|ivers?|iving)\b|\bcaused?\b", re.I)
_MAX_CITED = 12


class GraphQuery(BaseModel):
    """What the question asks of the graph."""

    kind: Kind
    companies: list[str] = Field(default_factory=list)
    predicate: str | None = None
    objects: list[str] = Field(default_factory=list)  # relation objects named in the question
    metric: str | None = None
    years: list[int] = Field(default_factory=list)
    threshold: float | None = None  # in the fact's stored unit
    above: bool = True
    descending: bool = True


class GraphResult(BaseModel):
    text: str
    value: float | None = None
    facts: list[Fact] = Field(default_factory=list)
    relations: list[Relation] = Field(default_factory=list)


# --------------------------------------------------------------------------- reading the question


def _mentioned_companies(question: str, graph: GraphStore, known: list[str]) -> list[str]:
    """Catalog companies from query understanding, plus any of the graph's entity names."""
    found = list(known)
    text = f" {name_key(question)} "
    for key, name in graph.entity_names().items():
        if key and f" {key} " in text and name not in found:
            found.append(name)
    return found


def _mentioned_objects(question: str, graph: GraphStore, predicate: str | None) -> list[str]:
    text = f" {name_key(question)} "
    objects = {r.object for r in graph.relations(predicate=predicate)} if predicate else set()
    return sorted((o for o in objects if f" {name_key(o)} " in text), key=len, reverse=True)


def _threshold(question: str, metric: str, unit: str) -> tuple[float, bool] | None:
    match = _THRESHOLD.search(question)
    if not match:
        return None
    number = float(match.group("num").replace(",", ""))
    scale_word = (match.group("unit") or "").lower()
    above = not re.fullmatch(_BELOW, match.group("op").lower())
    if unit == "ratio":
        percent = scale_word in ("%", "percent") or display_value(metric, 1.0) == 100
        return (number / 100 if percent else number), above
    if unit == "USD":
        # facts hold millions; an amount without a scale word is read in millions too
        return number * _SCALES.get(scale_word, 1e6) / 1e6, above
    return number, above


# What a relation's edges answer: its members ("What are its segments?", "Who audits it?"). A pick
# among them ("which segment grew fastest"), a yes/no or a cause needs the filings' figures and text.
_OF_THE_RELATION = ("list", "passage", "definition")


def _asks_the_relation(question: str, predicate: str) -> bool:
    """The relation's word is what the question asks for: it follows the asking word closely ("Who is
    the auditor", "What are its reportable segments", "Name its brands"), not a word further on in a
    question about something else ("What rationale did it give for acquiring Slack, ... its brand?")."""
    asking = re.search(r"\b(?:what|which|who|whom|name|list|identify)\b[^?.;]{0,60}", question, re.I)
    if asking is None:
        return False
    return bool(PREDICATE_WORDS[predicate].search(asking.group(0)))


# a relation asked of one named segment: "of the Display Technologies segment", "of its Defense, Space & Security (BDS)
# segment"
_OF_A_NAMED_SEGMENT = re.compile(r"\b(?:of|in|for)\s+(?:the\s+|its\s+)?(?:[A-Z][\w&,.'’-]*\s+|&\s+|\([A-Z]+\)\s+){1,6}"
                                 r"(?:segment|business|division)\b")
# the organisation an office is of, named right after it: "Chief Executive Officer of Figma, Inc."
_OF_NAMED = re.compile(r"\s*(?:[Oo]fficer\s+)?of\s+(?:the\s+)?[\"“]?(?P<name>[A-Z][\w&'’.-]*(?:,?\s+(?:[A-Z][\w&'’.-]*|of|and|&))*)")


def _holders_organisation(question: str, predicate: str, services: Services, companies: list[str]) -> str | None:
    """The organisation the question names as the office's holder ("the CEO of Figma, Inc.") when the
    store knows it as none of its companies; None when the office is of a known company or unnamed."""
    office = PREDICATE_WORDS[predicate].search(question)
    said = _OF_NAMED.match(question, office.end()) if office else None
    if said is None:
        return None
    name = said.group("name").rstrip(",.")
    known = services.retriever.understand(name).companies
    return None if set(known) & set(companies) or not companies else name


def read_query(
    question: str, services: Services, graph: GraphStore, understanding: QueryUnderstanding | None = None
) -> GraphQuery | None:
    """The graph query a question asks, or None when the graph cannot answer it."""
    if _EXPLAIN.search(question):
        return None  # the graph holds figures and edges, not the reasons the text gives
    if len(asked_parts(question)) > 1:
        # "What company did it acquire, when did the deal close, and in which segment is it
        # reported?": one edge answers one part; the text answers them all or refuses
        return None
    u = understanding or services.retriever.understand(question)
    companies = _mentioned_companies(question, graph, u.companies)
    # the relation asked first is the one asked of ("competitors of its Defense segment" asks competitors)
    starts = {p: m.start() for p, rx in PREDICATE_WORDS.items() if (m := rx.search(question)) is not None}
    predicates = sorted(starts, key=starts.__getitem__)
    metrics = [m for m in u.metrics if m in services.vocabulary.metrics]
    if predicates and not metrics:
        predicate = predicates[0]
        objects = [o for o in _mentioned_objects(question, graph, predicate) if o not in companies]
        asks_which = bool(_WHICH_COMPANIES.search(question))
        if companies and _SHARED.search(question) and asks_which:
            return GraphQuery(kind="shared", companies=companies, predicate=predicate)
        if objects and asks_which:
            return GraphQuery(kind="reverse", predicate=predicate, objects=objects)
        if companies and asks_which and predicate == "competitor" and not re.search(r"\bcompetitors of\b", question, re.I) \
                and not DONE_TO_COMPANIES.search(question):  # ("Which companies does Boeing name as competitors?": its own)
            # "Which companies name Helix Dynamics as a competitor?"
            return GraphQuery(kind="reverse", predicate=predicate, objects=companies[:1])
        if predicate != "segment" and _OF_A_NAMED_SEGMENT.search(question):
            # "Who are the principal competitors of the Display Technologies segment of Corning?": the company's edges
            # hold every segment's competitors, none marked by segment; the segment's own paragraph names its own
            return None
        if predicate in _ONE_HOLDER and _holders_organisation(question, predicate, services, companies):
            # "Who is the Chief Executive Officer of Figma, Inc., the company that Adobe agreed to acquire?":
            # the officer of an organisation no filing in the store is of, which the filer's own edge does not answer
            return None
        if predicate not in _ONE_HOLDER and _ASKS_ONE.search(question):
            # "Into which reportable segment did it integrate Fotolia?": one of the company's segments, which its
            # edges (every segment, none marked by what it holds) cannot single out; the text says which
            return None
        if companies and _asks_the_relation(question, predicate) \
                and classify(question, services.vocabulary, companies=u.companies).kind in _OF_THE_RELATION:
            return GraphQuery(kind="relation", companies=companies, predicate=predicate, years=list(u.fiscal_years))
        return None
    if not metrics:
        return None
    metric = metrics[0]
    unit = _unit_of(services, metric)
    if not companies:
        # "the Consumer Staples companies": a sector the graph knows narrows the companies
        sectors = _mentioned_objects(question, graph, "sector")
        companies = list(dict.fromkeys(r.subject for s in sectors for r in graph.relations(predicate="sector", obj=s)))
    years = list(u.fiscal_years)
    query = GraphQuery(kind="value", companies=companies, metric=metric, years=years)
    threshold = _threshold(question, metric, unit)
    if threshold is not None:
        query.kind, (query.threshold, query.above) = "filter", threshold
    elif _RANK.search(question):
        query.kind, query.descending = "rank", not bool(_LOW.search(question))
    elif _HIGH.search(question) or _LOW.search(question):
        query.kind, query.descending = "extreme", bool(_HIGH.search(question))
    elif _AVERAGE.search(question) and len(companies) != 1:
        query.kind = "average"
    elif _TOTAL.search(question) and len(companies) != 1:
        query.kind = "total"
    elif not companies:
        return None  # one value of no company: nothing to look up
    elif _WHICH_COMPANIES.search(question):
        return None  # "which companies' shares did it sell, receiving cash proceeds ...": no one company's figure answers
    return query


def _unit_of(services: Services, metric: str) -> str:
    entry = services.vocabulary.metrics.get(metric)
    return entry.unit if entry and entry.unit else "USD"


# --------------------------------------------------------------------------- answering from the graph


def show(fact: Fact) -> str:
    if fact.unit == "USD":
        return format_money(fact.value)
    if fact.unit == "USD/share":
        return f"${fact.value:,.2f} per share"
    if fact.unit == "ratio":
        return format_ratio(fact.metric, fact.value)
    if fact.unit == "days":
        return f"{fact.value:,.1f} days"
    if fact.unit == "shares":
        return f"{fact.value:,.1f}M shares"
    return f"{fact.value:,.2f}"


def headline(fact: Fact) -> float:
    """The number as other strategies report it: USD in millions (as stored), margins in percent."""
    if fact.unit == "ratio":
        return display_value(fact.metric, fact.value)
    return round(fact.value, 4)


def _year_facts(graph: GraphStore, q: GraphQuery) -> tuple[list[Fact], int | None]:
    """Facts of the metric for the asked year, or for the latest year most companies report."""
    companies = q.companies or None
    if q.years:
        facts = graph.facts(companies, [q.metric or ""], q.years[-1:])
        return facts, q.years[-1]
    facts = graph.facts(companies, [q.metric or ""])
    if not facts:
        return [], None
    by_year: dict[int, int] = {}
    for f in facts:
        by_year[f.fiscal_year] = by_year.get(f.fiscal_year, 0) + 1
    year = max(by_year, key=lambda y: (by_year[y], y))
    return [f for f in facts if f.fiscal_year == year], year


def _label(services: Services, metric: str) -> str:
    return (services.vocabulary.label(metric) or metric.replace("_", " ")).lower()


def run_query(q: GraphQuery, graph: GraphStore, services: Services) -> GraphResult | None:
    """The answer the graph gives to `q`, or None when it holds nothing for it."""
    if q.kind in ("relation", "reverse", "shared"):
        # the filings' years matter to a holder (which filing's CEO) and to any relation of an asked year
        dated = q.kind == "relation" and (q.predicate in _ONE_HOLDER or bool(q.years))
        return _relation_answer(q, graph, _filing_years(graph, services) if dated else {})
    return _fact_answer(q, graph, services)


# predicates one person or firm holds at a time: another year's filing may name another
_ONE_HOLDER = frozenset({"ceo", "cfo", "chair", "auditor"})


def _filing_years(graph: GraphStore, services: Services) -> dict[str, int | None]:
    """Each document's own fiscal year as the catalog read it from the filing (a 10-Q of NVIDIA's fiscal
    2023 prints calendar 2022 columns), else the latest year of its facts in the graph."""
    years = graph.document_years()
    for company in services.catalog().companies:
        for filing in company.filings:
            if filing.fiscal_year is not None:
                years[filing.doc] = filing.fiscal_year
    return years


def _relation_answer(q: GraphQuery, graph: GraphStore, years: dict[str, int | None]) -> GraphResult | None:
    """Relations: forward (who audits X), reverse (who is audited by Y), shared (X's peers)."""
    if q.kind == "relation":
        rels = [r for c in q.companies for r in graph.relations(subject=c, predicate=q.predicate)]
        if not rels:
            return None
        if q.years and q.predicate in _ONE_HOLDER:
            # "Who was Lyft's CFO in fiscal 2021?": the officer the asked year's filing names, not every year's
            # (a year no filing of a known year is of: the graph cannot say, the filings' text may)
            if any(years.get(r.doc) is not None for r in rels):
                rels = [r for r in rels if years.get(r.doc) in q.years[-1:]]
                if not rels:
                    return None
        elif q.years and any(years.get(r.doc) is not None for r in rels):
            # "List Amazon's segments for fiscal 2023" over its FY2019 10-K: a filing tells the relations of its
            # own year and the two it compares, never of a later year
            asked = q.years[-1]
            rels = [r for r in rels if (year := years.get(r.doc)) is not None and asked <= year <= asked + 2]
            if not rels:
                return None
        elif q.predicate in _ONE_HOLDER and len({r.object for r in rels}) > 1 and years:
            # no year asked: the latest filing's holder (an older filing's is a former one)
            latest = max((years.get(r.doc) or 0) for r in rels)
            rels = [r for r in rels if (years.get(r.doc) or 0) == latest]
        lines = []
        for company in q.companies:
            objs = [r.object for r in rels if r.subject == company]
            if objs:
                # ("; ": a name may hold commas, "Defense, Space & Security")
                lines.append(f"{company} — {q.predicate}: {'; '.join(objs)}")
        # (a line per company: "; " parts a company's objects)
        return GraphResult(text=".\n".join(lines) + ".", relations=rels)
    if q.kind == "reverse":
        rels = [r for o in q.objects for r in graph.relations(predicate=q.predicate, obj=o)]
        if not rels:
            return None
        subjects = list(dict.fromkeys(r.subject for r in rels))
        return GraphResult(text=f"{', '.join(subjects)} ({q.predicate}: {', '.join(q.objects)}).", relations=rels)
    if q.kind == "shared":
        company = q.companies[0]
        own = graph.relations(subject=company, predicate=q.predicate)
        used: list[Relation] = list(own)
        others: dict[str, list[str]] = {}
        for edge in own:
            for r in graph.relations(predicate=q.predicate, obj=edge.object):
                if r.subject != company:
                    others.setdefault(r.subject, []).append(edge.object)
                    used.append(r)
        if not own:
            return None
        if not others:
            objs = ", ".join(e.object for e in own)
            return GraphResult(text=f"No other company in the reports has the same {q.predicate} as {company} ({objs}).",
                               relations=used)
        listing = "; ".join(f"{s} ({', '.join(dict.fromkeys(o))})" for s, o in others.items())
        return GraphResult(text=f"Companies sharing {company}'s {q.predicate}: {listing}.", relations=used)
    return None


def _fact_answer(q: GraphQuery, graph: GraphStore, services: Services) -> GraphResult | None:
    """Facts across companies in one year: value, filter, extreme, rank, total or average."""
    facts, year = _year_facts(graph, q)
    if not facts:
        return None
    label = _label(services, q.metric or "")
    fy = f"FY{year}"
    if q.kind == "value":
        ordered = sorted(facts, key=lambda f: q.companies.index(f.company) if f.company in q.companies else 99)
        text = "; ".join(f"{f.company}'s {label} in {fy} was {show(f)}" for f in ordered) + "."
        return GraphResult(text=text, value=headline(ordered[0]) if len(ordered) == 1 else None, facts=ordered)
    ranked = sorted(facts, key=lambda f: f.value, reverse=q.descending)
    if q.kind == "filter":
        hits = [f for f in ranked if (f.value > q.threshold if q.above else f.value < q.threshold)]
        bound = show(Fact(**{**ranked[0].model_dump(), "value": q.threshold}))
        side = "above" if q.above else "below"
        if not hits:
            return GraphResult(text=f"No company had a {label} {side} {bound} in {fy} "
                                    f"(companies with data: {', '.join(f.company for f in ranked)}).", facts=ranked)
        listing = ", ".join(f"{f.company} ({show(f)})" for f in hits)
        return GraphResult(text=f"Companies with {label} {side} {bound} in {fy}: {listing}.", facts=hits)
    if q.kind == "extreme":
        top = ranked[0]
        word = "highest" if q.descending else "lowest"
        return GraphResult(text=f"{top.company} had the {word} {label} in {fy}: {show(top)} "
                                f"(of {len(ranked)} companies).", value=headline(top), facts=ranked)
    if q.kind == "rank":
        listing = "; ".join(f"{i}. {f.company} ({show(f)})" for i, f in enumerate(ranked, 1))
        return GraphResult(text=f"Companies ranked by {label} in {fy}: {listing}.", facts=ranked)
    total = sum(f.value for f in facts)
    value = total if q.kind == "total" else total / len(facts)
    shown = show(Fact(**{**facts[0].model_dump(), "value": value}))
    word = "Total" if q.kind == "total" else "Average"
    listing = ", ".join(f"{f.company} {show(f)}" for f in facts)
    return GraphResult(text=f"{word} {label} in {fy} across {len(facts)} companies: {shown} ({listing}).",
                       value=headline(Fact(**{**facts[0].model_dump(), "value": value})), facts=facts)


# --------------------------------------------------------------------------- citations


def _inputs_of(fact: Fact, graph: GraphStore) -> list[Fact]:
    """The reported facts a derived fact was computed from (the fact itself when reported)."""
    if not fact.derived_from:
        return [fact]
    years = [fact.fiscal_year, fact.fiscal_year - 1] if re.search(r"\b(?:avg|prior)\(", fact.formula or "") else [fact.fiscal_year]
    found = graph.facts([fact.company], fact.derived_from, years)
    return found or [fact]


def _quotes(text: str, anchor: str | None) -> list[str]:
    """The source text, then shorter pieces of it that still contain `anchor` (a sentence
    read across a line break may straddle two chunks; its piece naming the object does not)."""
    quotes = [text]
    if anchor:
        pieces = re.split(r"(?<=[.;:])\s+|\s+(?=/s/)", text)
        quotes += [p for p in pieces if anchor in p and p != text]
        quotes += [f"/s/ {anchor}", anchor]
    return list(dict.fromkeys(q for q in quotes if q.strip()))


def cite_source(services: Services, doc: str, page: int, text: str, anchor: str | None = None) -> Citation | None:
    """A citation of `text` (or its piece naming `anchor`) in a chunk of `doc`, preferring the
    chunk that covers `page`; the quote is checked to occur literally in the chunk text."""
    hits = services.retriever.search(text, filters=SearchFilters(docs=[doc]), k=8, mode="sparse")
    on_page = [h for h in hits if h.chunk.page <= page <= h.chunk.page_end]
    for quote in _quotes(text, anchor):
        for hit in on_page + hits:  # the row may sit in a chunk that starts on an earlier page
            if quote_in_text(quote, hit.chunk.text):
                return cite(hit.chunk, quote)
    return None


def _citations(result: GraphResult, graph: GraphStore, services: Services) -> tuple[list[Citation], int]:
    sources: dict[tuple[str, int, str], str | None] = {}
    for fact in result.facts[:_MAX_CITED]:
        for f in _inputs_of(fact, graph):
            sources.setdefault((f.doc, f.page, f.source_text), None)
    for r in result.relations[:_MAX_CITED]:
        sources.setdefault((r.doc, r.page, r.source_text), r.object)
    citations: list[Citation] = []
    for (doc, page, text), anchor in sources.items():
        citation = cite_source(services, doc, page, text, anchor)
        if citation:
            citations.append(citation)
    return citations, len(sources)


# --------------------------------------------------------------------------- the strategy


def answer_graph(question: Question, services: Services, route: RouteDecision,
                 fallback: StrategyFunction) -> Answer:
    """Answer from the knowledge graph; a question it cannot answer goes to `fallback`
    (the dispatcher passes the iterative agent), with this strategy's trace kept in front."""
    graph = services.graph
    trace: list[TraceStep] = []
    if graph is None:
        return _fallback(question, services, route, fallback, trace, "no knowledge graph beside this store")
    understanding = understanding_for(question, services, route)
    query = read_query(question.question, services, graph, understanding)
    if query is not None and understanding is not None and _not_held(question, query, understanding):
        # A company the store does not hold: never another company's facts in its place.
        searched = [(question.question, SearchFilters())]
        trace.append(TraceStep(step="graph", query=question.question, decision="company not in the store"))
        return not_covered(searched, understanding).to_answer("graph", Usage(), searches=0, trace=trace,
                                                               flags=["no_filter_match"])
    if query is None:
        return _fallback(question, services, route, fallback, trace, "the question names no relation or metric the graph can answer")
    trace.append(TraceStep(step="graph", query=question.question, filters=query.model_dump(exclude_defaults=True),
                           decision=f"graph query: {query.kind}"))
    result = run_query(query, graph, services)
    if result is None:
        return _fallback(question, services, route, fallback, trace, f"the graph holds no {query.predicate or query.metric} "
                                                           f"for this {query.kind} query")
    citations, wanted = _citations(result, graph, services)
    flags = [] if len(citations) == wanted else ["uncited_graph_fact"]
    trace.append(TraceStep(step="cite", retrieved=[c.chunk_id for c in citations],
                           decision=f"{len(citations)} of {wanted} sources found in the store"))
    rows = fact_rows(result.facts, _label(services, query.metric) if query.metric else "", headline, show)
    return Answer(
        status="answered", answer=result.text, citations=citations, strategy="graph", engine="offline",
        searches=wanted, trace=trace, flags=flags, value=result.value, rows=rows,
    )


def _not_held(question: Question, query: GraphQuery, u: QueryUnderstanding) -> bool:
    """The asker's company hint is not in the store (or the period hint cannot be read), or the
    question names only companies the store does not hold and the graph found none of its
    entities in it either (a relation's object, such as an auditor, is not a missing company)."""
    if (question.company and question.company.strip() in u.missing_companies) or u.unread_period:
        return True
    return bool(u.missing_companies) and not (query.companies or query.objects)


def _fallback(question: Question, services: Services, route: RouteDecision, fallback: StrategyFunction,
              trace: list[TraceStep], reason: str) -> Answer:
    trace.append(TraceStep(step="fallback", decision=f"iterative agent: {reason}"))
    answer = fallback(question, services, route)
    return answer.model_copy(update={"trace": [*trace, *answer.trace],
                                     "flags": list(dict.fromkeys([*answer.flags, "graph_fallback"]))})
