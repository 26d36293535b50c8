# `make run` and `make test` work on a fresh machine: they create .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint format clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/gangmanager

test: $(STAMP)
	$(BIN)/ruff check gangmanager tests bench
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff check gangmanager tests bench
	$(BIN)/ruff format --check gangmanager tests bench

format: $(STAMP)
	$(BIN)/ruff format gangmanager tests bench
	$(BIN)/ruff check --fix gangmanager tests bench

clean:
	rm -rf $(VENV) build *.egg-info
