"""yes_no on an annual report outside the US, asked in the Enterprise RAG Challenge's style
("Did "X" mention ...? If there is no mention, return False."): a leading Yes / No that
eval/erc.py reads as True / False. Baker Steel Resources Trust's FY2022 report
(../shared/erc-round1), parsed without embedding."""

from __future__ import annotations

import pytest

from eval.erc import typed_boolean
from finrag.models import Answer
from tests.answering.kinds.conftest import ask, filing

RULE = " If there is no mention, return False."


@pytest.fixture(scope="module")
def baker():
    return filing("erc-round1/pdfs/84749ef5c2bbf2a302b6614f31727a95bf29f309.pdf")


def _typed(written) -> bool | str:
    return typed_boolean(Answer(status=written.status, answer=written.text, strategy="single"))


def test_a_mention_is_a_yes_the_challenge_reads_as_true(baker, services):
    written = ask('Did "Baker Steel Resources Trust Limited" announce a share buyback plan in the annual report?' + RULE,
                  baker, [63, 20, 37], services)
    assert written.text.startswith("Yes."), written.text
    assert any("buyback" in c.quote for c in written.citations)
    assert _typed(written) is True


def test_no_mention_is_the_questions_own_false(baker, services):
    written = ask('Did "Baker Steel Resources Trust Limited" mention any new product launches?' + RULE,
                  baker, [37, 20], services)
    assert written.text.startswith("No."), written.text
    assert _typed(written) is False


def test_an_assumption_is_no_deed(services):
    """Salesforce's FY2023 10-K, Item 5: "Dividend Policy We have never paid any cash dividends" and,
    under the stock performance graph, returns that "assume reinvestment of dividends": a hypothesis of
    the graph, not a dividend paid, so the one sentence about the company's dividends decides."""
    crm = filing("financebench-extra/pdfs/SALESFORCE_2023_10K.pdf")
    written = ask('Did "Salesforce, Inc." announce a change to its dividend policy in the annual report? If there is '
                  "no mention, return False.", crm, [37], services)
    assert (written.status, written.kind) == ("answered", "yes_no"), written.text
    assert written.text.startswith("No."), written.text
    assert "never paid any cash dividends" in written.text


@pytest.mark.parametrize(("relative", "question", "pages", "quoted"), [
    # PT Adhi Karya's 2013 statements: "Pembayaran Dividen (42,318,078,814) (58,732,403,011) Payment of Dividend", a
    # row with a label on each side of its amounts, in a question that quotes the company's name with its brackets
    ("filings-wild/pdfs/AdhiKarya_2013_AnnualFinancialStatements.pdf",
     'Did "PT Adhi Karya (Persero) Tbk" pay cash dividends in the fiscal year 2013?', [9, 78], "Pembayaran Dividen"),
    # Patriot Transportation's FY2022 annual report, its letter: "the Board declared a special dividend of $3.75 per
    # share bringing the total dividends paid to shareholders since January 2020 to $9.90 per share" (a total since
    # an earlier year dates no deed out of the asked year)
    ("filings-wild/pdfs/PatriotTransportation_2022_AnnualReport.pdf",
     'Did "Patriot Transportation Holding, Inc." declare a special dividend in the fiscal year 2022?', [3],
     "special dividend"),
    # McDonald's FY2022 10-K: "Additionally, in June 2022, the Company sold its business in Russia." (the possessive
    # between the verb and its object takes no place: "Russia" is three words from "sold")
    ("financebench-extra/pdfs/MCDONALDS_2022_10K.pdf",
     'Did "McDonald\'s Corporation" sell its business in Russia in the fiscal year 2022?', [47],
     "sold its business in Russia"),
])
def test_a_deed_stated_in_the_filing_s_own_form_is_a_yes(relative, question, pages, quoted, services):
    written = ask(question + RULE, filing(relative), pages, services)
    assert written.text.startswith("Yes."), written.text
    assert any(quoted in c.quote for c in written.citations)


def test_a_named_thing_the_filing_mentions_is_no_case_for_the_no_mention_rule(services):
    """PG&E's FY2019 10-K says the companies "filed voluntary petitions for relief under chapter 11": a mention of
    Chapter 11 in other words than "commence a voluntary case", which no sentence read decides; the question's
    rule for no mention (False) would be a wrong answer."""
    pge = filing("financebench-extra/pdfs/PG_E_2019_10K.pdf")
    pages = sorted({c.page for c in pge if "filed voluntary petitions for relief under Chapter 11" in c.text})[:2]
    assert pages
    written = ask('Did "PG&E Corporation" commence a voluntary case under Chapter 11 of the U.S. Bankruptcy Code in '
                  "January 2019? If there is no mention, return False.", pge, pages, services)
    assert written.status == "not_found" and "mentions Chapter 11" in written.text, written.text


def test_a_date_in_the_question_is_no_named_thing():
    from answering.kinds.yes_no import _NUMBERED_NAME

    assert _NUMBERED_NAME.findall('Did "FedEx" announce a stock split in June 2022, in Fiscal 2023, under Chapter 11?') == [
        "Chapter 11"]


def test_a_deed_named_only_as_a_plan_is_the_questions_own_false(services):
    """Activision Blizzard's FY2019 10-K names its repurchase programs only as authorized ("our Board of
    Directors authorized a stock repurchase program under which we were authorized to repurchase up to $1
    billion"), never a share bought back: no mention of the deed asked, so the question's rule says No, with
    the plan as its evidence. Asked whether a program was announced, the same sentence is the Yes."""
    atvi = filing("financebench/pdfs/ACTIVISIONBLIZZARD_2019_10K.pdf")
    pages = [28, 48, 49, 97, 119]
    deed = ask('Did "Activision Blizzard, Inc." repurchase any shares under its $1.5 billion stock repurchase program '
               "during 2019?" + RULE, atvi, pages, services)
    assert deed.text.startswith("No."), deed.text
    assert "only as a plan or authorization" in deed.text
    assert any("authorized a stock repurchase program" in c.quote for c in deed.citations)
    assert _typed(deed) is False
    plan = ask('Did "Activision Blizzard, Inc." announce a stock repurchase program?' + RULE, atvi, pages, services)
    assert plan.text.startswith("Yes."), plan.text


def test_a_plan_without_the_questions_rule_stays_refused(services):
    """The same plan, asked without a rule for no mention: no sentence says shares were bought, none says
    none were, and the reader does not guess."""
    atvi = filing("financebench/pdfs/ACTIVISIONBLIZZARD_2019_10K.pdf")
    written = ask("Did Activision Blizzard repurchase any shares under its stock repurchase program during 2019?",
                  atvi, [28, 48, 49, 97, 119], services)
    assert written.status != "answered" or not written.text.startswith("No."), written.text


def test_no_mention_in_a_filing_in_another_language_is_no_case_for_the_rule(services):
    """Adhi Karya's FY2013 release is in Indonesian: it says the company re-entered the LQ-45 index ("masuk kembali
    dalam Indeks LQ-45"), in words the English question does not share. That no passage mentions it in the question's
    words is no mention's absence: refused, never the rule's False."""
    adhi = filing("filings-wild/pdfs/AdhiKarya_2013_PressRelease.pdf")
    written = ask('Did "PT Adhi Karya (Persero) Tbk." re-enter the LQ-45 Index of the Indonesia Stock Exchange for the '
                  "February to July 2014 trading period?" + RULE, adhi, [0], services)
    assert written.status != "answered" and "not written in English" in written.text, written.text
