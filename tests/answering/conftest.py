"""Fixtures every answering test may use (a test module that needs other services defines its own).

The specifications here say what each writer reads from a filing, so they run with the shape
floor off (FINRAG_MIN_SHAPE_PRECISION=0): whether a reading of its shape is then given is
answering.shape_record's decision, specified in test_shape_record.py with the shipped floor.
"""

from __future__ import annotations

import pytest

from finrag.config import load_settings
from finrag.vocabulary import load_vocabulary
from strategies.services import Services


@pytest.fixture(autouse=True)
def _readings_not_held_to_shape_records(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FINRAG_MIN_SHAPE_PRECISION", "0")


@pytest.fixture(scope="session")
def services() -> Services:
    """Writers need the vocabulary; no store, graph or LLM (hits are given)."""
    return Services(settings=load_settings(min_shape_precision=0), store=None, embedder=None, retriever=None,  # type: ignore[arg-type]
                    llm=None, graph=None, vocabulary=load_vocabulary())
