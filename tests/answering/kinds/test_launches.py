"""launches: "What are the names of the new products launched by X in the reporting period?" is answered by
the capitalised names the company's own sentences of the period give what it launched, and refused where a
launch is history or the sentence names no product (erc-round1's annual reports)."""

from __future__ import annotations

from answering.kinds.launches import asks_launches
from tests.answering.kinds.conftest import ask, filing

TRANSUNION = "erc-round1/pdfs/85fb23ba2910de45e27f8f40170c0f3576043916.pdf"  # TransUnion FY2022 10-K
BANK = "erc-round1/pdfs/e2b19d2cc2ccab2fd9022326b56b38fb0e772e73.pdf"  # CrossFirst Bankshares FY2022 10-K


def _asked(company: str) -> str:
    return (f'What are the names of the new products launched by "{company}" in the reporting period? If data is '
            "not available, return 'N/A'.")


def test_the_products_launched_in_the_period_are_named(services):
    # p.13: "In 2022, we deployed a new customer analytics platform, Optimizer, to large clients, and launched
    # Clean Room"; p.19: "We launched IDVision with iovation", after its 2018 acquisition: history
    chunks = filing(TRANSUNION)
    a = ask(_asked(chunks[0].company), chunks, [12, 18], services)
    assert a.status == "answered", a.text
    assert a.text.splitlines()[0].split("; ") == ["Optimizer", "Clean Room"]


def test_a_launch_without_a_products_name_is_no_answer(services):
    # p.12: "We launched our new digital banking platform in the fourth quarter": no name to give
    chunks = filing(BANK)
    a = ask(_asked(chunks[0].company), chunks, [11], services)
    assert "launches" not in a.flags, a.text


def test_what_a_products_question_is():
    assert asks_launches("What are the names of the new products launched by \"X\" in the reporting period?")
    assert asks_launches("Did X announce any product launches in 2022?")
    assert not asks_launches("What was the revenue of X's products segment in 2022?")
