"""The ONNX export of the bundled model: once per cache folder, and silent unless --debug."""

from __future__ import annotations

import logging
import warnings

from finrag.embeddings import BUNDLED_MODEL, onnx_model_path


def test_the_first_export_prints_no_library_warnings_or_loading_bars(tmp_path, capfd):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        path = onnx_model_path(BUNDLED_MODEL, tmp_path)
    out, err = capfd.readouterr()
    assert path.exists()
    assert [str(w.message)[:80] for w in caught] == []  # torch's TracerWarning / UserWarning
    assert "Loading weights" not in out + err


def test_debug_lets_the_libraries_speak(monkeypatch):
    from finrag.onnx_export import _quiet_libraries

    monkeypatch.setattr(logging.getLogger("finrag"), "level", logging.DEBUG)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with _quiet_libraries():
            warnings.warn("a library's warning", UserWarning, stacklevel=1)
    assert [str(w.message) for w in caught] == ["a library's warning"]
