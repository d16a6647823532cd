# FinRAG — two commands:  `make demo` (set up + run the main job offline)  and  `make test`.
PY      ?= python3
VENV    ?= .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed

export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export PREFECT_HOME ?= $(CURDIR)/data/prefect
# The temporary (ephemeral) Prefect server is slow to start on a busy 2-core machine.
export PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS ?= 120
# Prefect's telemetry writes to its SQLite at start-up and races the first flow run
# ("database is locked" tracebacks in the output); FinRAG runs offline anyway.
export PREFECT_SERVER_ANALYTICS_ENABLED ?= false
export DO_NOT_TRACK ?= 1

.PHONY: setup demo test lint bench clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	# torch first, pinned: the CPU wheel served here (any other version pulls a CUDA build)
	$(BIN)/pip install -q torch==2.13.0
	$(BIN)/pip install -q -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)
	bash scripts/ensure-system-tools.sh tesseract

## First command: set up a fresh machine and run the main job on the embedded default.
demo: setup
	mkdir -p "$(PREFECT_HOME)"
	$(BIN)/finrag demo

## Second command: the test suite (also what CI runs).
test: setup
	mkdir -p "$(PREFECT_HOME)"
	bash scripts/ensure-system-tools.sh tesseract chromium
	$(BIN)/ruff check .
	$(BIN)/pytest -q

lint: setup
	$(BIN)/ruff check .

clean:
	rm -rf data out .pytest_cache
