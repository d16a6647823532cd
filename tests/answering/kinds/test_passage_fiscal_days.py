"""A sentence dated on the day the question names is of the asked period, in whatever fiscal year that day falls
(answering.kinds.passage): Salesforce's fiscal 2023 holds October 31, 2022."""

from __future__ import annotations

from answering.writer import write_answer
from finrag.llm import Usage
from retrieval.query_understanding import understand
from tests.answering.kinds.conftest import catalog, filing, hits

QUESTION = ('What was the total remaining performance obligation of "Salesforce, Inc." as of October 31, 2022 (in '
            "USD)? If data is not available, return 'N/A'.")


def test_a_sentence_on_the_asked_day_answers_though_its_year_is_before_the_fiscal_year(services):
    """Salesforce's Q3 FY2023 10-Q (p.30): "Total remaining performance obligation as of October 31, 2022 was
    approximately $40.0 billion"; the question is read as of fiscal 2023, and the sentence's 2022 is the asked day's
    year, not an earlier year's comparison. "(in USD)" asks an amount: a definition of the measure is no answer."""
    salesforce = filing("financebench-extra/pdfs/SALESFORCE_2023Q3_10Q.pdf")
    understanding = understand(QUESTION, catalog(salesforce), services.vocabulary)
    as_of_fiscal_2023 = understanding.model_copy(update={"fiscal_years": [2023]})
    written = write_answer(QUESTION, hits(salesforce, [35, 17, 29]), as_of_fiscal_2023, services, Usage())
    assert written.status == "answered" and "$40.0 billion" in written.text, written.text
    # without the sentence that states it, the definition alone answers nothing
    refused = write_answer(QUESTION, hits(salesforce, [35]), as_of_fiscal_2023, services, Usage())
    assert refused.status != "answered", refused.text


def test_the_calendar_year_before_a_fiscal_year_not_ending_in_december_is_inside_it():
    """Salesforce's fiscal 2023 ends January 31, 2023: "In August 2022, our Board of Directors authorized a program
    ..." is of fiscal 2023. A December fiscal year's 2022 sentence is an earlier year's, for a question about 2023."""
    from answering.kinds.sentences import Sentence, in_a_straddled_year
    from finrag.models import Chunk

    def said(doc: str) -> Sentence:
        chunk = Chunk(chunk_id=doc, doc=doc, doc_sha256="0" * 64, index=0, company="Acme", fiscal_year=2023,
                      form="10-K", page=29, page_end=29, text="")
        return Sentence(text="In August 2022, our Board of Directors authorized a program to repurchase up to $10.0 "
                             "billion of our common stock.", chunk=chunk, rank=0, position=0)

    ends = {"JANUARY_YEAR": "2023-01-31", "DECEMBER_YEAR": "2023-12-31"}
    assert in_a_straddled_year(said("JANUARY_YEAR"), [2023], ends)
    assert not in_a_straddled_year(said("DECEMBER_YEAR"), [2023], ends)
    assert not in_a_straddled_year(said("JANUARY_YEAR"), [2024], ends)  # two years before: an earlier year's
    assert not in_a_straddled_year(said("UNKNOWN_END"), [2023], ends)
