"""drivers: the layouts in which a filing states a change's causes without the cause cue in the
sentence that names the asked metric, and the sentences with a cue that state no cause.

- "As a result, operating profit was ... compared to ...": a conclusion, whose causes are the run
  of sentences before it (each line's change and its cause);
- "Excluding [items], consolidated operating income increased 20%": a figure set apart, not a
  cause (judged on the dev sets: the answer named the charges but not what they were);
- "... primarily consists of income taxes, interest expense ...": what a figure is made of, no cause.
"""

from __future__ import annotations

from tests.answering.kinds.conftest import ask, filing, hits


def test_a_conclusion_is_explained_by_the_run_of_line_changes_before_it(services):
    """Patriot Transportation's 10-Q for the quarter ended March 31, 2019 (p.17): each cost line's
    change with its cause, then "As a result, operating profit this quarter was $293,000 compared to an
    operating loss of ($292,000)". The question's quarter is the second of a fiscal year ending in
    September: the quarter's own filing explains it."""
    patriot = filing("filings-wild/pdfs/PatriotTransportation_2019_10-Q_Q2.pdf")
    written = ask("Patriot Transportation's revenue fell in the quarter ended March 31, 2019 compared with a year "
                  "earlier, yet it swung from an operating loss to an operating profit. What explains the "
                  "improvement?", patriot, [16, 15], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert "Insurance and losses decreased $1,167,000 primarily due to settlement of prior year" in written.text
    assert "As a result, operating profit this quarter was $293,000 compared to an operating loss" in written.text
    # the run's causes come before their conclusion, as the filing gives them
    assert written.text.index("Insurance and losses") < written.text.index("As a result, operating profit")


def test_each_metric_the_ask_names_is_explained_and_an_enumeration_is_one_sentence(services):
    """Patriot's FY2017 annual report (p.10) explains revenue ("Revenue miles declined ... mostly
    attributable to (i) business loss in a competitive bid due to rates,\\n(ii) privatization ...": an
    enumeration the sentence runs on through, line by line) and then the operating profit by its
    cost lines, concluded "As a result, operating profit was $2,372,000 compared to $7,790,000"."""
    patriot = filing("filings-wild/pdfs/PatriotTransportation_2017_AnnualReport.pdf")
    written = ask("Why did Patriot Transportation's revenues and operating profit fall in fiscal 2017?", patriot,
                  [9], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert "mostly attributable to (i) business loss in a competitive bid due to rates, (ii) privatization" \
        in written.text
    assert "As a result, operating profit was $2,372,000 compared to $7,790,000 last year." in written.text


def test_items_set_apart_from_a_change_are_not_its_drivers(services):
    """McDonald's Q2 2023 release (p.1): operating income rose 81%; "Excluding these current year
    charges, as well as prior year pre-tax charges and gains of $1.2 billion and $271 million,
    respectively, consolidated operating income increased 20%" sets figures apart without saying
    what they were (the sale of its Russian business): quoted as the drivers it was graded
    incorrect, so such a sentence is no cause and the question is refused."""
    release = filing("financebench-extra/pdfs/MCDONALDS_2023Q2_EARNINGS.pdf")
    written = ask("McDonald's consolidated operating income rose 81% in the second quarter of 2023. What drove "
                  "such a large increase?", release, [0, 1], services)
    assert written.status == "not_found", written.text


def test_what_a_figure_consists_of_is_not_why_it_changed(services):
    """PG&E's FY2021 10-K (p.68): "PG&E Corporation's net loss decreased in 2021, as compared to 2020
    and primarily consists of income taxes, interest expense on long-term debt, and reorganization
    items, net." Its "primarily" says what the parent's loss is made of: asked why a positive pre-tax
    income still ended in a net loss, it is no cause and is never the answer."""
    pge = filing("financebench-extra/pdfs/PG_E_2021_10K.pdf")
    written = ask("PG&E Corporation had positive pre-tax income in FY2021 but still reported a net loss. Why?", pge,
                  [67], services)
    assert "primarily consists of income taxes" not in written.text, written.text


def test_chunks_read_from_the_store_carry_the_company_name_of_their_filings_hits():
    """The search names a filing's company as the catalog does; the stored chunk as its own cover
    does ("Patriot"). A chunk taken from the store beside a hit (the paragraph before a conclusion)
    must carry the hit's name, or the sentences of the asked company leave it out."""
    from answering.kinds.statement_drivers import store_chunks

    patriot = filing("filings-wild/pdfs/PatriotTransportation_2017_AnnualReport.pdf")
    hit = hits(patriot, [9])[-1]
    hit = hit.model_copy(update={"chunk": hit.chunk.model_copy(update={"company": "Patriot Transportation Holding"})})

    class Store:
        def doc_chunks(self, doc: str):
            return [c for c in patriot if c.doc == doc]

    before = {(hit.chunk.doc, hit.chunk.index - 1)}
    taken = store_chunks(before, [hit], Store())
    assert [h.chunk.index for h in taken] == [hit.chunk.index - 1]
    assert taken[0].chunk.company == "Patriot Transportation Holding"


def test_the_premise_clause_that_names_the_metric_says_which_way_it_moved(services):
    """eBay's 10-Q for Q2 2023 (p.48): "Net revenues increased despite lower GMV ... primarily due to the
    benefit of a higher take rate". The premise's last clause ("even though gross merchandise volume
    (GMV) declined") is the contrast, a volume the vocabulary does not know: the asked revenue grew,
    and the sentences saying it increased are its causes, not another figure's."""
    ebay = filing("financebench-extra/pdfs/EBAY_2023Q2_10Q.pdf")
    written = ask("eBay's net revenues grew in the second quarter of 2023 even though gross merchandise volume (GMV) "
                  "declined. How does eBay explain this?", ebay, [47], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert "primarily due to the benefit of a higher take rate" in written.text


def test_a_conclusion_about_the_year_before_is_another_change(services):
    """Patriot's FY2020 10-K (p.38) concludes fiscal 2020 ("As a result, operating profit was $243,000
    compared to $1,979,000 ... Operating ratio was 99.7 versus 98.2 last year.") and then fiscal 2019 ("Fuel
    expenses decreased by $1,629,000 in fiscal year 2019 ... As a result, operating profit was $1,979,000 in
    fiscal year 2019 ..."): only the asked year's run and its conclusion explain it, with the sentence that
    closes the paragraph on the operating ratio the question asks about."""
    patriot = filing("filings-wild/pdfs/PatriotTransportation_2020_10-K.pdf")
    written = ask("Patriot Transportation's total revenues fell about 18% in fiscal 2020 (year ended September 30, "
                  "2020) and its operating ratio worsened. What caused the revenue decline, and how did operating "
                  "profit and the operating ratio change?", patriot, [36, 37], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert "As a result, operating profit was $243,000 compared to $1,979,000" in written.text
    assert "Operating ratio was 99.7 versus 98.2 last year." in written.text
    assert "in fiscal year 2019 compared to $2,046,000" not in written.text
    assert "Fuel expenses decreased by $1,629,000 in fiscal year 2019" not in written.text


def test_a_refusal_of_an_ask_that_only_refers_back_names_the_premises_change(boeing, services):
    """"What drove such a large decline?" names nothing of its own: refused, the reason names what was
    not found explained, the premise's operating income, never the ask's words ("drove such large")."""
    written = ask("Boeing's operating income fell sharply in FY2022. What drove such a large decline?", boeing,
                  [5, 6, 7, 8], services)
    assert (written.status, written.kind) == ("not_found", "drivers"), written.text
    assert "states what drove the change in operating income" in written.text
    assert "such large" not in written.text
