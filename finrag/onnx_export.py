"""Export the bundled sentence-transformers model to ONNX, from the weights on disk (no download).

Run once per cache folder, by the first process that needs the ONNX encoder: it is the
only step that imports torch. The file is written under a temporary name and renamed, so a
killed export leaves nothing half-written behind. What the graph computes: the transformer's
last hidden state; mean pooling and normalization are done by the encoder in numpy.
"""

from __future__ import annotations

import fcntl
import logging
import os
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

OPSET = 17


def export_onnx(model_dir: Path, target: Path) -> Path:
    """Write `target` (the model's transformer as ONNX) unless it exists; returns `target`."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target.with_suffix(".lock"), "w") as lock:  # two first runs export once
        fcntl.flock(lock, fcntl.LOCK_EX)
        if target.exists():
            return target
        with _quiet_libraries():
            _export(model_dir, target)
    return target


@contextmanager
def _quiet_libraries() -> Iterator[None]:
    """torch's tracer warnings and transformers' "Loading weights" bar are about the export's
    internals, nothing a user can act on: kept off the terminal unless `--debug` is on."""
    if logging.getLogger("finrag").getEffectiveLevel() <= logging.DEBUG:  # not isEnabledFor: its cache
        yield
        return
    from transformers.utils import logging as transformers_logging

    bars = transformers_logging.is_progress_bar_enabled()
    transformers_logging.disable_progress_bar()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        if bars:
            transformers_logging.enable_progress_bar()


def _export(model_dir: Path, target: Path) -> None:
    import torch
    from transformers import AutoModel

    bert = AutoModel.from_pretrained(str(model_dir), local_files_only=True, attn_implementation="eager").eval()

    class LastHiddenState(torch.nn.Module):  # positional inputs, one output: what ONNX wants
        def __init__(self) -> None:
            super().__init__()
            self.bert = bert

        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.bert(
                input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids
            ).last_hidden_state

    sample = {
        "input_ids": torch.ones(2, 16, dtype=torch.long),
        "attention_mask": torch.ones(2, 16, dtype=torch.long),
        "token_type_ids": torch.zeros(2, 16, dtype=torch.long),
    }
    dynamic = {0: "batch", 1: "tokens"}
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    with torch.no_grad():
        torch.onnx.export(
            LastHiddenState(),
            tuple(sample.values()),
            str(tmp),
            input_names=list(sample),
            output_names=["last_hidden_state"],
            dynamic_axes={**{name: dynamic for name in sample}, "last_hidden_state": dynamic},
            opset_version=OPSET,
            dynamo=False,
        )
    os.replace(tmp, target)


def quantize_onnx(source: Path, target: Path) -> Path:
    """Write `target`: `source` with its weights dynamically quantized to int8 (ONNX Runtime's
    `quantize_dynamic`: MatMul weights int8, activations quantized per batch), unless it
    exists; returns `target`. Made from the local export: nothing is downloaded."""
    with open(target.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if target.exists():
            return target
        from onnxruntime.quantization import QuantType, quantize_dynamic

        tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        root = logging.getLogger()
        level = root.level
        root.setLevel(logging.ERROR)  # its advice to pre-process the model goes to the root logger
        try:
            with _quiet_libraries():
                quantize_dynamic(str(source), str(tmp), weight_type=QuantType.QInt8)
        finally:
            root.setLevel(level)
        os.replace(tmp, target)
    return target
