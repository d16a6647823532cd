"""The nightly inbox's bookkeeping (the flows themselves run in tests/e2e/test_nightly.py)."""

from __future__ import annotations

from flows.nightly import ensure_inbox, move_to_processed, question_files


def test_only_question_files_directly_in_the_inbox_are_picked_up(tmp_path):
    inbox = ensure_inbox(tmp_path / "inbox" / "questions")  # created when missing
    for name in ("b.csv", "a.jsonl", "c.YAML", "notes.txt"):
        (inbox / name).write_text("x")
    (inbox / "processed" / "2026-01-01").mkdir(parents=True)
    (inbox / "processed" / "2026-01-01" / "old.csv").write_text("x")
    assert [p.name for p in question_files(inbox)] == ["a.jsonl", "b.csv", "c.YAML"]


def test_an_answered_file_moves_under_its_day_without_overwriting_an_earlier_one(tmp_path):
    first = tmp_path / "q.csv"
    first.write_text("first")
    moved = move_to_processed(first, "2026-12-01")
    assert moved == tmp_path / "processed" / "2026-12-01" / "q.csv" and not first.exists()
    again = tmp_path / "q.csv"
    again.write_text("second")
    moved_again = move_to_processed(again, "2026-12-01")
    assert moved_again.name == "q.1.csv"
    assert (moved.read_text(), moved_again.read_text()) == ("first", "second")


def test_a_long_failure_reason_is_shortened_in_the_nightly_summary_table():
    from flows.artifacts import REASON_CHARS
    from flows.nightly import FileOutcome, nightly_markdown

    reason = "bad.jsonl:1: not valid JSON (" + "x " * 400 + ")"
    row = nightly_markdown("2026-12-01", "0 of 1", [FileOutcome(file="bad.jsonl", status="failed", message=reason)])
    cell = row.splitlines()[-1].split(" | ")[-1].rstrip(" |")
    assert cell.endswith("…") and len(cell) <= REASON_CHARS  # a screen wide, not the whole reason
