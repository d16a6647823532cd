"""The LLM judge's grades summed up per strategy (answering/judge.py grades each answer),
and how often the judge agrees with the numeric scorer."""

from __future__ import annotations

from pydantic import BaseModel, Field

from answering.judge import GRADES, Grade, Judged, JudgeReply, judge_answer
from finrag.console import table_text

__all__ = ["GRADES", "Grade", "JudgeReply", "JudgeSummary", "Judged", "format_judged", "judge_answer", "summarize_judged"]


class JudgeSummary(BaseModel):
    """Grades per strategy, and how often the judge agrees with the numeric scorer."""

    grades: dict[str, dict[str, int]] = Field(default_factory=dict)  # strategy -> grade -> count
    numeric_compared: int = 0  # numeric questions with a usable verdict
    numeric_agree: int = 0

    @property
    def agreement(self) -> float:
        return self.numeric_agree / self.numeric_compared if self.numeric_compared else 0.0


def summarize_judged(rows: list[tuple[str, Grade, bool, bool]]) -> JudgeSummary:
    """rows: (strategy, grade, numeric question?, numeric scorer's correct)."""
    summary = JudgeSummary()
    for strategy, grade, numeric, scored_correct in rows:
        cell = summary.grades.setdefault(strategy, dict.fromkeys(GRADES, 0))
        cell[grade] += 1
        if numeric and grade != "judge-failed":
            summary.numeric_compared += 1
            summary.numeric_agree += (grade == "correct") == scored_correct
    return summary


def format_judged(summary: JudgeSummary) -> str:
    lines = [table_text(["strategy", *GRADES], [[strategy, *(cell[g] for g in GRADES)]
                                                 for strategy, cell in summary.grades.items()],
                        title="LLM judge (FinanceBench scheme), answers per strategy", right=GRADES), ""]  # fmt: skip
    lines.append(f"agreement with the numeric scorer on numeric questions: {summary.numeric_agree}/"
                 f"{summary.numeric_compared} ({summary.agreement:.0%})")
    return "\n".join(lines)
