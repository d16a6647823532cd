"""eval.shape_record: the shapes' records from judged first runs, and the floor chosen on one half."""

from __future__ import annotations

from answering.shape_record import evidence_form
from eval.shape_record import (
    JudgedShape,
    backtest,
    choose_floor,
    first_runs,
    outcome,
    records,
)


def _rows(kind: str, evidence: str, right: int, wrong: int, half: str = "tune") -> list[JudgedShape]:
    return [JudgedShape(set="s", id=f"{kind}{evidence}{i}", half=half, kind=kind, evidence=evidence, right=i < right)
            for i in range(right + wrong)]


def test_a_rare_shape_leans_on_its_kind_and_the_kind_on_all_shapes():
    rows = _rows("metric", "computed", 40, 10) + _rows("choice", "computed", 6, 0) + _rows("choice", "quoted", 0, 1)
    table = records(rows)
    # one wrong quoted choice is not a record of 0.00: choices were right 6 of 7 times
    assert 0.5 < table[("choice", "quoted")].precision < table[("choice", "computed")].precision
    assert table[("metric", "computed")].precision < 0.8 + 1e-9


def test_the_floor_is_chosen_by_a_wrong_answer_costing_two_refusals():
    rows = _rows("metric", "computed", 40, 10) + _rows("yes_no", "quoted", 1, 7)
    table = records(rows)
    floor = choose_floor(rows, table)
    right, wrong, held = outcome(rows, table, floor)
    assert (right, wrong, held) == (40, 10, 8)  # the yes/no shape held back, the metrics given
    assert outcome(rows, table, 0.0) == (41, 17, 0)


def test_a_backtest_holds_each_set_to_the_records_of_the_stops_before_it_only():
    def at(stop: int, name: str, rows: list[JudgedShape]) -> list[JudgedShape]:
        return [r.model_copy(update={"stop": stop, "set": name, "id": f"{name}{r.id}"}) for r in rows]

    earlier = at(1, "a", _rows("metric", "computed", 40, 10) + _rows("yes_no", "quoted", 1, 7))
    # the next set's quoted yes/no answers were right: held back by the earlier record, they cost two refusals
    later = at(2, "b", _rows("metric", "computed", 9, 1) + _rows("yes_no", "quoted", 2, 0))
    # and a set after it is held to both earlier stops' records, its own left out
    last = at(3, "c", _rows("yes_no", "quoted", 0, 1))
    tested = {t.set: t for t in backtest(earlier + later + last, since=2)}
    assert set(tested) == {"b", "c"}
    assert (tested["b"].right_held, tested["b"].wrong_held) == (2, 0)
    assert (tested["c"].right_held, tested["c"].wrong_held) == (0, 1)


def test_worked_answers_are_told_from_quotes_by_the_writers_own_marks():
    assert evidence_form("Acme Free cash flow FY2020: $1.00 million (as the question defines it). A = B - C.") == "computed"
    assert evidence_form("Gross margin fell from 46.0% (FY2022) to 43.5% (FY2023). What drove it: \"...\"") == "computed"
    assert evidence_form('Yes. "We paid a dividend of $0.50 per share."') == "quoted"


def test_the_shipped_sets_first_runs_are_read_with_both_halves():
    rows = first_runs(hold_out={"blind21", "blind22", "blind23"})
    assert {r.half for r in rows} == {"tune", "held-out"}
    assert not {r.set for r in rows} & {"blind21", "blind22", "blind23"}
    assert len(rows) > 100
    # FinanceBench's own templates asked of other filings are first runs too; other runs are not
    assert {"tmpl1", "blind9", "blind20"} <= {r.set for r in rows} and "wild" not in {r.set for r in rows}


def test_a_verdict_the_named_measure_gate_holds_is_no_answer_of_its_shape_in_the_records():
    from eval.shape_record import first_runs

    ids = {r.id for r in first_runs(hold_out=set())}
    # blind17_24: "Support your answer with capex and asset metrics", answered without capex
    assert "blind17_24" not in ids and "blind17_02" in ids


def test_among_floors_the_tune_half_cannot_tell_apart_the_one_nearest_break_even_is_chosen():
    # every shape's record is 0.8 or 0.3: floors from 0.35 to 0.8 keep and hold back the same answers
    rows = _rows("metric", "computed", 40, 10) + _rows("yes_no", "quoted", 1, 7)
    table = records(rows)
    assert choose_floor(rows, table) == 0.65  # nearest 2/3, where an answer pays for its risk of being wrong
