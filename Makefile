# `make run` and `make test` work on a fresh machine: they create .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test test-slow bench package lint format clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	# Bytecode now: with PYTHONDONTWRITEBYTECODE set, every start would compile the package.
	$(BIN)/python -m compileall -q gangmanager
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/gangmanager

# mypy too: a type error fails `make test` as it fails `make lint`.
test: $(STAMP)
	$(BIN)/ruff check gangmanager tests bench
	$(BIN)/mypy
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -m "not slow" -n auto

# The slow tests (the bundle) run on a fresh `make package`; `.ci/run` runs them.
test-slow: package
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m pytest -q -m slow

# One table of ratios measured in one run (docs/performance.md); a few minutes on 2 cores.
bench: $(STAMP)
	$(BIN)/python -m compileall -q gangmanager bench
	QT_QPA_PLATFORM=offscreen $(BIN)/python -m bench

# A one-folder desktop app in dist/gangmanager/ (packaging/README.md).
package: $(STAMP)
	$(BIN)/python -c "import PyInstaller" 2>/dev/null || $(BIN)/python -m pip install --quiet -e '.[package]'
	$(BIN)/pyinstaller --noconfirm --clean --log-level WARN \
		--distpath dist --workpath build/pyinstaller packaging/gangmanager.spec

# mypy reads its settings (which files, the pydantic plugin) from pyproject.toml.
lint: $(STAMP)
	$(BIN)/ruff check gangmanager tests bench
	$(BIN)/ruff format --check gangmanager tests bench
	$(BIN)/mypy

format: $(STAMP)
	$(BIN)/ruff format gangmanager tests bench
	$(BIN)/ruff check --fix gangmanager tests bench

clean:
	rm -rf $(VENV) build dist *.egg-info
