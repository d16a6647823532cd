"""How a comparison marks answers right or wrong, and the sentence in its report that says so.

- Numbers, lists and unanswerable questions are scored automatically (answering/scoring.py:
  a number within 1% or the gold's rounding, the same items, a refusal).
- Text answers (a definition, the drivers of a change, any gold written as prose) are not
  scored by key-word overlap: it marks correct definitions wrong ("57% of key words") and a
  verdict built on that is noise. Offline they are left unscored and the report says how
  many; with `--judge` (the form's "Judge" switch) and an LLM configured, the LLM judge
  (answering/judge.py, FinanceBench's scheme) grades them. A judge that could not grade one
  leaves it unscored, with the reason.
"""

from __future__ import annotations

from collections.abc import Sequence

from answering.judge import judge_answer
from answering.scoring import Score, is_number, score
from finrag.llm import LLMClient
from finrag.models import Answer, Question
from finrag.wording import plural


def is_text_gold(gold: object, qtype: str | None) -> bool:
    """A gold answer only a reader (or a judge) can compare with: prose, not a number or list."""
    return qtype != "unanswerable" and gold is not None and not isinstance(gold, list) and not is_number(gold)


class CompareScorer:
    """`Scorer` of flows/comparison.py: the automatic scorer, the judge for text answers."""

    def __init__(self, judge: LLMClient | None = None) -> None:
        self.judge = judge

    def __call__(self, gold: object, answer: Answer, qtype: str | None, question: str = "") -> Score | None:
        if not is_text_gold(gold, qtype):
            return score(gold, answer, qtype, question=question)
        if self.judge is None:
            return None  # unscored: the note says why
        if answer.status != "answered":  # a refusal or a failure is not the gold's prose
            return Score(correct=False, reason=f"status {answer.status}")
        judged = judge_answer(self.judge, question, gold, answer.answer)
        if judged.grade == "judge-failed":
            return None
        return Score(correct=judged.grade == "correct", reason=f"judge: {judged.grade} ({judged.reason})")

    def note(self, questions: Sequence[Question]) -> str:
        """Which scorer marked what, for the report (under the verdict) and the run's artifact."""
        text = sum(is_text_gold(q.answer, q.type) for q in questions)
        automatic = ("Numbers, lists and unanswerable questions are scored automatically (a number within 1% "
                     "or the gold's rounding, the same items, a refusal).")
        if not text:
            return automatic
        if self.judge is not None:
            return f"{automatic} {plural(text, 'text answer')} graded by the LLM judge (FinanceBench's scheme)."
        return (f"{automatic} {plural(text, 'text answer')} (definitions, explanations) not scored: key-word "
                "overlap marks correct ones wrong; `finrag compare --judge` with an LLM configured grades them.")
