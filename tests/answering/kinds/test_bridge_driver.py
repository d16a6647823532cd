"""drivers from the filing's own reconciliation of a change: PG&E's FY2015 10-K walks income available for
common shareholders and diluted EPS from 2014 ($1,436 million, $3.06) to 2015 ($874 million, $1.79) through
items that add up (p.44, "Summary of Changes in Net Income and Earnings per Share"); no sentence of the
filing states the EPS change with its causes, so the walk is the answer, read only when it adds up."""

from __future__ import annotations

from answering.kinds import bridge
from finrag.models import SearchHit
from tests.answering.kinds.conftest import ask, filing, hits

_QUESTION = ("PG&E Corporation's diluted EPS fell sharply in FY2015 versus FY2014. What were the main drivers of "
             "the decline?")


def _pge():
    return filing("financebench-extra/pdfs/PG_E_2015_10K.pdf")


def test_eps_change_explained_by_the_reconciliation_walk(services):
    written = ask(_QUESTION, _pge(), [43], services)
    assert (written.status, written.kind) == ("answered", "drivers"), written.text
    assert "Diluted EPS went from 3.06 (2014) to 1.79 (2015)" in written.text, written.text
    assert "Fines and penalties: -1.19" in written.text
    assert "Timing of 2015 GT&S cost recovery: -0.43" in written.text


def test_a_walk_that_does_not_add_up_is_not_read(services):
    pge = _pge()
    found = hits(pge, [43])
    # one item misprinted: the items no longer take 2014's figure to 2015's
    tampered = [SearchHit(chunk=h.chunk.model_copy(update={"text": h.chunk.text.replace("(578) (1.19)", "(578) (1.09)")}),
                          score=h.score) for h in found]
    companies = [pge[0].company or ""]
    assert bridge.read_walk("eps_diluted", 2015, found, companies, services.vocabulary) is not None
    assert bridge.read_walk("eps_diluted", 2015, tampered, companies, services.vocabulary) is None


def test_the_walk_of_another_pair_of_years_explains_nothing(services):
    pge = _pge()
    found = hits(pge, [43])
    assert bridge.read_walk("eps_diluted", 2016, found, [pge[0].company or ""], services.vocabulary) is None
