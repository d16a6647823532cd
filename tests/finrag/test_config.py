"""Configuration: one default per setting, every bad value named with what it accepts."""

from __future__ import annotations

from pathlib import Path

import pytest

from finrag.config import ConfigError, Settings, load_settings, unknown_variables


def test_defaults_need_no_environment(monkeypatch):
    monkeypatch.setenv("FINRAG_TOP_K", "3")
    assert Settings().top_k == 8  # Settings() is the defaults; only load_settings reads the environment
    assert load_settings().top_k == 3
    assert load_settings().offline


def test_overrides_win_over_the_environment_and_none_keeps_it(monkeypatch):
    monkeypatch.setenv("FINRAG_STORE", "/from/env")
    assert load_settings(store_dir=Path("/given")).store_dir == Path("/given")
    assert load_settings(store_dir=None).store_dir == Path("/from/env")


def test_openai_variables_are_read_too(monkeypatch):
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    settings = load_settings()
    assert settings.llm_base_url == "http://127.0.0.1:9/v1" and not settings.offline


@pytest.mark.parametrize(
    ("env", "lines"),
    [
        ({"FINRAG_TOP_K": "abc"}, ["FINRAG_TOP_K='abc': expected a whole number >= 1 and <= 200"]),
        ({"FINRAG_TOP_K": "0", "FINRAG_QUESTION_TIMEOUT": "-1"},
         ["FINRAG_TOP_K='0': expected a whole number >= 1 and <= 200",
          "FINRAG_QUESTION_TIMEOUT='-1': expected a finite number > 0"]),
        ({"FINRAG_FUSION": "max"}, ["FINRAG_FUSION='max': expected one of dbsf, rrf"]),
        ({"FINRAG_PDF_MAX_MB": "inf", "FINRAG_LLM_TIMEOUT": "nan", "FINRAG_PRICE_IN": "-inf"},
         ["FINRAG_PDF_MAX_MB='inf': expected a finite number > 0", "FINRAG_LLM_TIMEOUT='nan': expected a finite number > 0",
          "FINRAG_PRICE_IN='-inf': expected a finite number >= 0"]),
        ({"QDRANT_URL": "localhost:6333"}, ["QDRANT_URL='localhost:6333': expected an http:// or https:// URL"]),
    ],
)
def test_every_bad_value_is_one_line_naming_the_variable_and_what_it_accepts(monkeypatch, env, lines):
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    with pytest.raises(ConfigError) as info:
        load_settings()
    assert info.value.lines == lines


def test_a_bad_override_is_refused_the_same_way():
    with pytest.raises(ConfigError, match="FINRAG_LLM_TIMEOUT=0: expected a finite number > 0"):
        load_settings(llm_timeout_s=0)


def test_secrets_never_appear_in_errors(monkeypatch):
    with pytest.raises(ConfigError) as info:
        load_settings(llm_api_key=["sk-SECRET"])
    assert "sk-SECRET" not in str(info.value)


def test_unknown_finrag_variables_are_warned_about_with_a_suggestion():
    warnings = unknown_variables({"FINRAG_TOPK": "3", "FINRAG_TOP_K": "3", "PATH": "/bin"})
    assert warnings == ["warning: FINRAG_TOPK is not a FinRAG setting and is ignored; did you mean FINRAG_TOP_K?"]


def test_public_dict_has_no_secrets():
    settings = load_settings(llm_api_key="sk-SECRET", qdrant_api_key="q-SECRET")
    assert "SECRET" not in str(settings.public_dict()) and "SECRET" not in repr(settings)
