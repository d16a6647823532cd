"""`python -m eval.shape_record [--hold-out SET ...] [--write]`: how often each answer shape
was right on filings the code had never seen, and the floor under which a shape is not given.

Input: every judged first run in `eval/judged/` (`SET-stopNN-first-*`: a set of filings written
blind, answered by the code of the day before any of its misses was read, graded by the
rubric; `blind*` sets are analyst questions a helper wrote from the filings, `tmpl*` sets
FinanceBench's own question templates asked of filings no FinanceBench question is about).
Each answered item's shape is the answer kind today's classifier reads from the question and
the evidence form of the answer text (a worked figure or verdict, or quotes).

The floor is chosen on the "tune" half of the companies (sorted by name, alternating, as
`finrag eval judged` splits them) with the shapes' records from that half alone, by the
analyst's cost: a wrong answer costs twice a refusal. The other half is then reported at that
floor, its records unseen in the choice. `--write` stores the records of both halves in
`finrag/data/shape_record.json`, which answering.shape_record reads at answer time.
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter, defaultdict
from pathlib import Path

from pydantic import BaseModel

from answering.kinds.classify import classify
from answering.kinds.named_measures import unshown_measures
from answering.shape_record import evidence_form, shrunk
from eval.answers import company_halves
from finrag.console import table_text
from finrag.models import AnswerKind, EvidenceForm, ShapeRecord
from finrag.vocabulary import load_vocabulary

JUDGED = Path(__file__).parent / "judged"
RECORD = Path(__file__).parents[1] / "finrag" / "data" / "shape_record.json"
FLOORS = (0.0, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75)
WRONG_COST = 2.0  # a wrong answer costs two refusals
BREAK_EVEN = WRONG_COST / (1 + WRONG_COST)  # the precision at which answering costs as much as refusing
class JudgedShape(BaseModel):
    """One answered first-run item: its set, company half, shape and grade."""

    set: str
    stop: int = 0  # the stop whose first run it is (the set's code of the day)
    id: str
    half: str | None
    kind: AnswerKind
    evidence: EvidenceForm
    right: bool


def first_runs(hold_out: set[str]) -> list[JudgedShape]:
    vocab = load_vocabulary()
    rows: list[JudgedShape] = []
    for grades in sorted(JUDGED.glob("*-stop*-first-grades.jsonl")):
        name = grades.name.split("-")[0]
        if name in hold_out:
            continue
        stop = int(re.search(r"-stop(\d+)-", grades.name).group(1))  # type: ignore[union-attr]
        questions = [json.loads(line) for line in (JUDGED / f"{name}-questions.jsonl").read_text().splitlines()]
        halves = company_halves([q.get("company") for q in questions])
        half_of = {q["financebench_id"]: halves.get(q.get("company") or "") for q in questions}
        items = {i["id"]: i for i in map(json.loads, grades.with_name(grades.name.replace("grades", "items"))
                                         .read_text().splitlines())}
        for grade in map(json.loads, grades.read_text().splitlines()):
            item = items[grade["id"]]
            if grade["grade"] == "refusal" or item.get("system_status") != "answered":
                continue
            kind, form = classify(item["question"], vocab).kind, evidence_form(item.get("system_answer") or "")
            if (kind, form) == ("yes_no", "computed") and unshown_measures(item["question"], item["system_answer"], vocab):
                continue  # a verdict today's gate holds back (answering.kinds.named_measures): not given
            rows.append(JudgedShape(set=name, stop=stop, id=grade["id"], half=half_of.get(grade["id"]), kind=kind, evidence=form,
                                    right=grade["grade"] == "correct"))
    return rows


def records(rows: list[JudgedShape]) -> dict[tuple[str, str], ShapeRecord]:
    """Each shape's record, its precision shrunk toward its kind's, and the kind's toward all
    shapes': a choice quoted twice is judged mostly on choices, not on every answer."""
    counts: dict[tuple[str, str], Counter] = defaultdict(Counter)
    kinds: dict[str, Counter] = defaultdict(Counter)
    for r in rows:
        counts[(r.kind, r.evidence)][r.right] += 1
        kinds[r.kind][r.right] += 1
    prior = sum(r.right for r in rows) / len(rows) if rows else 0.0
    of_kind = {k: shrunk(c[True], c[False], prior) for k, c in kinds.items()}
    return {key: ShapeRecord(kind=key[0], evidence=key[1], right=c[True], wrong=c[False],
                             precision=round(shrunk(c[True], c[False], of_kind[key[0]]), 3))
            for key, c in sorted(counts.items())}


def outcome(rows: list[JudgedShape], table: dict[tuple[str, str], ShapeRecord], floor: float) -> tuple[int, int, int]:
    """(right given, wrong given, answers held back) at `floor`."""
    kept = [r for r in rows if (rec := table.get((r.kind, r.evidence))) is None or rec.precision >= floor]
    right = sum(r.right for r in kept)
    return right, len(kept) - right, len(rows) - len(kept)


def choose_floor(rows: list[JudgedShape], table: dict[tuple[str, str], ShapeRecord]) -> float:
    def cost(floor: float) -> float:
        right, wrong, _ = outcome(rows, table, floor)
        return right - WRONG_COST * wrong
    # among floors the tune half cannot tell apart (no shape of its records between them), the one nearest the
    # precision at which an answer starts to pay for itself by the analyst's cost (2/3: one right per wrong's two)
    return max(FLOORS, key=lambda f: (cost(f), -abs(f - BREAK_EVEN), -f))


class Backtest(BaseModel):
    """One set's first run against the records of the stops before it: what their floor would have held back."""

    set: str
    floor: float
    right_held: int
    wrong_held: int


def backtest(rows: list[JudgedShape], since: int) -> list[Backtest]:
    """Each set first run at stop `since` or later, judged by records rebuilt from the first runs of earlier stops
    only (the floor chosen on their tune half; today's classifier reads the shapes): what a record updated before
    each stop would have held back of that stop's unseen answers, scored as the floor is chosen (`choose_floor`:
    a right answer given counts 1, a wrong one -`WRONG_COST`, a refusal 0). Answers the floor of
    the day held back already are not first-run answers and are not counted (their readings are graded, if at all,
    in the judge's reasons only)."""
    out = []
    for name in sorted({r.set for r in rows if r.stop >= since}, key=lambda n: (min(r.stop for r in rows if r.set == n), n)):
        target = [r for r in rows if r.set == name]
        before = [r for r in rows if r.stop < target[0].stop]
        tune = [r for r in before if r.half == "tune"]
        floor = choose_floor(tune, records(tune))
        table = records(before)
        held = [r for r in target if (rec := table.get((r.kind, r.evidence))) is not None and rec.precision < floor]
        out.append(Backtest(set=name, floor=floor, right_held=sum(r.right for r in held),
                            wrong_held=sum(not r.right for r in held)))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eval.shape_record", description=__doc__.split("\n\n")[0])
    parser.add_argument("--hold-out", nargs="*", default=[], help="sets left out (e.g. blind21: never read)")
    parser.add_argument("--write", action="store_true", help=f"store the records in {RECORD}")
    parser.add_argument("--backtest", type=int, metavar="STOP",
                        help="each set first run since STOP, held to the records of the stops before it")
    args = parser.parse_args(argv)
    rows = first_runs(set(args.hold_out))
    if args.backtest is not None:
        tested = backtest(rows, args.backtest)
        right, wrong = sum(t.right_held for t in tested), sum(t.wrong_held for t in tested)
        print(f"Each set first run since stop {args.backtest}, held back by records rebuilt from earlier stops' first "
              f"runs (floor chosen on their tune half); scored as the floor is chosen: a right answer given counts 1, "
              f"a wrong one -{WRONG_COST:g}, a refusal 0")
        print(table_text(["set", "floor", "right held back", "wrong held back"],
                         [[t.set, f"{t.floor:.2f}", str(t.right_held), str(t.wrong_held)] for t in tested]
                         + [["all", "", str(right), str(wrong)]]))
        print(f"net gain of holding them back: {WRONG_COST * wrong - right:+g} "
              "(answers the floor of the day held back already are not counted)")
        return 0
    tune = [r for r in rows if r.half == "tune"]
    held = [r for r in rows if r.half == "held-out"]
    tune_table = records(tune)
    floor = choose_floor(tune, tune_table)
    lines = []
    for f in FLOORS:
        for name, part in (("tune", tune), ("held-out", held)):
            right, wrong, held_back = outcome(part, tune_table, f)
            lines.append([f"{f:.2f}{' *' if f == floor else ''}", name, str(right), str(wrong), str(held_back),
                          f"{right / (right + wrong):.2f}" if right + wrong else "-"])
    print(f"Answered first-run items: {len(rows)} ({len(tune)} tune, {len(held)} held-out); "
          f"records from the tune half; * = floor chosen on it (a wrong answer costs {WRONG_COST:g} refusals)")
    print(table_text(["floor", "half", "right", "wrong", "held back", "precision"], lines))
    full = records(rows)
    print("\nShapes, both halves (precision shrunk toward the kind's, the kind's toward all shapes'):")
    print(table_text(["kind", "evidence", "right", "wrong", "precision", "tune right/wrong", "held-out right/wrong"],
                     [[r.kind, r.evidence, str(r.right), str(r.wrong), f"{r.precision:.2f}",
                       _pair(tune, key), _pair(held, key)] for key, r in full.items()]))
    if args.write:
        RECORD.write_text(json.dumps({"floor_chosen_on_tune_half": floor, "sets": sorted({r.set for r in rows}),
                                      "shapes": [r.model_dump() for r in full.values()]}, indent=1) + "\n")
        print(f"\nwritten: {RECORD}")
    return 0


def _pair(rows: list[JudgedShape], key: tuple[str, str]) -> str:
    part = [r for r in rows if (r.kind, r.evidence) == key]
    return f"{sum(r.right for r in part)}/{sum(not r.right for r in part)}"


if __name__ == "__main__":
    raise SystemExit(main())
