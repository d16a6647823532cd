"""Fixtures every answering test may use (a test module that needs other services defines its own)."""

from __future__ import annotations

import pytest

from finrag.config import load_settings
from finrag.vocabulary import load_vocabulary
from strategies.services import Services


@pytest.fixture(scope="session")
def services() -> Services:
    """Writers need the vocabulary; no store, graph or LLM (hits are given)."""
    return Services(settings=load_settings(), store=None, embedder=None, retriever=None, llm=None,  # type: ignore[arg-type]
                    graph=None, vocabulary=load_vocabulary())
