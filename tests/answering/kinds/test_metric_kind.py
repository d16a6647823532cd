"""metric: a figure question keeps today's exact path (answering.metric_answer) and is labelled
as such, with the reason in the answer (Boeing's FY2022 10-K balance sheet)."""

from __future__ import annotations

import pytest

from tests.answering.kinds.conftest import ask


def test_a_figure_question_is_a_metric_computed_from_rows(boeing, services):
    written = ask("What is Boeing's FY2022 quick ratio?", boeing, [56, 57], services)
    assert (written.status, written.kind, written.value) == ("answered", "metric", pytest.approx(0.35, abs=0.005))
    assert written.kind_reason.startswith("metric: ")
    # the same figure asked as a judgement is a yes/no over it, not the figure
    judged = ask("Is Boeing's FY2022 quick ratio healthy?", boeing, [56, 57], services)
    assert judged.kind == "yes_no" and judged.text.startswith("No.")
