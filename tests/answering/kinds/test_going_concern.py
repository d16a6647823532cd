"""A question asking whether the company IS (considered) a going concern is answered by the
going-concern conclusion the filing states the other way round ("substantial doubt about ...
ability to continue as going concerns"): No, with that sentence, and the circumstances stated
before it when the question asks for them. A question about the doubt itself keeps its own Yes;
a hedged or negated doubt decides nothing. PG&E's FY2019 10-K (Chapter 11, 2019)."""

from __future__ import annotations

from answering.kinds import going_concern
from tests.answering.kinds.conftest import ask, filing

_PGE = "financebench-extra/pdfs/PG_E_2019_10K.pdf"


def test_a_going_concern_status_question_is_answered_no_by_the_stated_doubt_with_its_circumstances(services):
    pge = filing(_PGE)
    pages = list(dict.fromkeys(c.page for c in pge if "continue as going concerns" in c.text))
    written = ask("Did PG&E's management consider the company a going concern in its fiscal 2019 annual report? "
                  "Explain the circumstances behind the conclusion.", pge, pages, services)
    assert written.status == "answered" and written.text.startswith("No."), written.text
    assert any("substantial doubt" in c.quote and "going concerns" in c.quote for c in written.citations), written.text
    # the circumstances: the sentence before the conclusion, naming what caused it
    assert len(written.citations) == 2 and "substantial doubt" not in written.citations[0].quote, written.text


def test_a_question_about_the_doubt_itself_keeps_its_yes(services):
    pge = filing(_PGE)
    pages = list(dict.fromkeys(c.page for c in pge if "continue as going concerns" in c.text))
    written = ask("Did PG&E's management conclude that there is substantial doubt about its ability to continue "
                  "as a going concern in fiscal 2019?", pge, pages, services)
    assert written.status == "answered" and written.text.startswith("Yes."), written.text


def test_only_an_unturned_status_question_and_an_unhedged_conclusion_are_read():
    assert going_concern.asks_status("Did management consider the company a going concern in 2019?")
    assert going_concern.asks_status("Is Acme still regarded as a going concern?")
    # the doubt itself, or a turned polarity: not a status question
    assert not going_concern.asks_status("Is there substantial doubt about Acme's ability to continue as a going concern?")
    assert not going_concern.asks_status("Is Acme no longer considered a going concern?")
    assert not going_concern.asks_status("Was Acme not considered a going concern?")
    assert going_concern.concludes_doubt("Management has concluded that these circumstances raise substantial doubt "
                                         "about the Company's ability to continue as a going concern.")
    assert not going_concern.concludes_doubt("These conditions could raise substantial doubt about the Company's "
                                             "ability to continue as a going concern.")
    assert not going_concern.concludes_doubt("Management concluded that there is no substantial doubt about the "
                                             "Company's ability to continue as a going concern.")
    assert not going_concern.concludes_doubt("The plans alleviated the substantial doubt about the Company's "
                                             "ability to continue as a going concern.")


_ETHERNITY = "filings-wild/pdfs/EthernityNetworks_2022_AnnualReport.pdf"


def test_a_reported_material_uncertainty_answers_a_doubt_question_yes(services):
    """An IFRS report states the doubt as "a material uncertainty exists that may cast significant doubt
    on the Company's ability to continue as a going concern" (the standard's "may" is no hedge); "material
    uncertainty" is that term, not a question about material matters, and a hedge on the future ("future
    events ... may cause the Company to cease to continue as a going concern") is no No."""
    ethernity = filing(_ETHERNITY)
    pages = list(dict.fromkeys(c.page for c in ethernity if "going concern" in c.text))
    written = ask('Did "Ethernity Networks Ltd" report a material uncertainty or significant doubt about its ability '
                  "to continue as a going concern in the fiscal year 2022? If there is no mention, return False.",
                  ethernity, pages, services)
    assert written.status == "answered" and written.text.startswith("Yes."), written.text
    assert any("material uncertainty exists" in c.quote for c in written.citations), written.text


def test_a_stated_uncertainty_is_told_from_the_test_for_one():
    assert going_concern.asks_doubt("Did Acme report a material uncertainty about its ability to continue as a "
                                    "going concern in 2022?")
    assert not going_concern.asks_doubt("Did management consider Acme a going concern in 2022?")
    assert going_concern.states_uncertainty("These conditions indicate that a material uncertainty exists that may "
                                            "cast significant doubt on the Company's ability to continue as a going concern.")
    assert not going_concern.states_uncertainty("We conclude, based on the audit evidence obtained, whether a material "
                                                "uncertainty exists related to events that may cast significant doubt "
                                                "on the Company's ability to continue as a going concern.")
    # Zegona's 2022 report: "there is a material uncertainty over", also in its going-concern basis sentence
    assert going_concern.states_uncertainty("The Board believes it is appropriate to prepare the Financial Statements "
                                            "on the going concern basis but has concluded that there is a material "
                                            "uncertainty which may cast significant doubt on the Company's ability to "
                                            "continue as a going concern.")
    assert not going_concern.states_uncertainty("If we conclude that there is a material uncertainty related to going "
                                                "concern, we are required to draw attention to it.")
    assert not going_concern.states_uncertainty("The directors concluded that no material uncertainty exists that "
                                                "may cast doubt on the Company's ability to continue as a going concern.")


_EMETALS = "filings-wild/pdfs/eMetals_2022_AnnualFinancialReport.pdf"


def test_no_stated_uncertainty_and_an_appropriate_basis_answer_a_doubt_question_no(services):
    """eMetals' 2022 report states no material uncertainty; its directors "are of the opinion that the use of the
    going concern basis of accounting is appropriate", and the auditor's standard wording ("future events or
    conditions may cause the Group to cease to continue as a going concern") decides nothing. The No is given
    only after the filing was searched for the doubt's own words."""
    import dataclasses

    from answering.writer import write_answer
    from finrag.llm import Usage
    from finrag.models import SearchHit
    from retrieval.query_understanding import understand
    from tests.answering.kinds.conftest import catalog

    emetals = filing(_EMETALS)

    class _Filing:  # the filing searched: its going-concern chunks
        def search(self, query, filters=None, k=8, mode=None):
            return [SearchHit(chunk=c, score=1.0) for c in emetals if "going concern" in c.text][:k]

    question = ('Did "eMetals Limited" report a material uncertainty or significant doubt about its ability to continue '
                "as a going concern in the fiscal year 2022? If there is no mention, return False.")
    standard = [SearchHit(chunk=c, score=1.0) for c in emetals if "cease to continue as a going concern" in c.text]
    searching = dataclasses.replace(services, retriever=_Filing())
    written = write_answer(question, standard, understand(question, catalog(emetals), services.vocabulary), searching,
                           Usage())
    assert written.status == "answered" and written.text.startswith("No."), written.text
    assert any("going concern basis of accounting is appropriate" in c.quote for c in written.citations), written.text
    # without the search, no No from the auditor's standard wording
    written = ask(question, emetals, sorted({h.chunk.page for h in standard}), services)
    assert not (written.status == "answered" and written.text.startswith("No.")
                and "appropriate" not in written.text), written.text
