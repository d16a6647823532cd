"""A value the question defines as a price per share times a number of shares is computed from
the amounts a merger agreement states in prose, each the amount of its kind its own words name
(answering.kinds.stated_product): the merger consideration, not the par value; the shares issued
and outstanding at the reference date, not those under options. Generated 8-K pages."""

from __future__ import annotations

from pathlib import Path

from answering.kinds import stated_product
from finrag.models import Chunk, SearchHit
from tests.answering.kinds.conftest import write_answer_over
from tests.support.pdfs import write_pdf

ANNOUNCEMENT = (
    "FORM 8-K\nItem 1.01 Entry into a Material Definitive Agreement.\nOn March 1, 2024, Wingtip Freight, Inc. (the "
    "Company) entered into an Agreement and Plan of Merger.\nEach share of the Company's common stock, par value "
    "$0.10 per share, issued and outstanding immediately prior to the Effective Time will be converted into the right "
    "to receive $21.40 in cash, without interest (the Merger Consideration).")
CAPITALIZATION = (
    "Section 3.2 Capitalization. The authorized capital stock of the Company consists of 20,000,000 shares of common "
    "stock.\nAs of the close of business on February 27, 2024 (the Reference Date), (i) 4,812,300 Shares were issued "
    "and outstanding, all of which were validly issued and fully paid, (ii) 310,500 Shares are subject to outstanding "
    "Company Stock Options, and (iii) no Shares are held in the treasury of the Company.")
QUESTION = ("Wingtip Freight agreed on March 1, 2024 to be acquired. What is the implied equity value of its "
            "outstanding common stock under that merger agreement? Define it as: per-share cash merger consideration "
            "x number of common shares issued and outstanding at the reference date stated in the agreement. Express "
            "in USD millions rounded to one decimal place.")


def _hits(tmp_path: Path, pages: list[str]) -> tuple[list[Chunk], list[SearchHit]]:
    from loaders.document import load_document

    chunks = load_document(str(write_pdf(tmp_path / "8k.pdf", pages))).chunks
    return chunks, [SearchHit(chunk=c, score=1.0) for c in chunks]


def test_the_consideration_times_the_shares_outstanding_at_the_reference_date(tmp_path):
    _, found = _hits(tmp_path, [ANNOUNCEMENT, CAPITALIZATION])
    written = stated_product.write(QUESTION, found)
    # 21.40 x 4,812,300 = 102,983,220: not the par value's $0.10, not the 310,500 option shares
    assert written is not None and written.value == 103.0, written and written.text
    assert "4,812,300 Shares were issued and outstanding" in " ".join(c.quote for c in written.citations)


def test_no_count_of_the_shares_outstanding_is_no_answer(tmp_path):
    # only the option shares are stated: "outstanding" alone does not name the asked count
    _, found = _hits(tmp_path, [ANNOUNCEMENT, "Section 3.2 Capitalization. As of the date hereof, 310,500 Shares are "
                                              "subject to outstanding Company Stock Options."])
    assert stated_product.write(QUESTION, found) is None


def test_only_a_price_times_a_count_is_read():
    assert stated_product.asked_operands("Define it as: revenue x operating margin.") is None
    assert stated_product.asked_operands(QUESTION) == (
        "per-share cash merger consideration",
        "number of common shares issued and outstanding at the reference date stated in the agreement")


def test_the_writer_answers_it_through_its_gates(tmp_path, services):
    chunks, found = _hits(tmp_path, [ANNOUNCEMENT, CAPITALIZATION])
    written = write_answer_over(QUESTION, found, chunks, services)
    assert written.status == "answered", written.text
    assert "$103.0 million" in written.text
