# The two set-up commands of the README: `make run` and `make test`.
# Each creates its own virtualenv in .venv and installs the project into it.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench golden soak clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python -m bot

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy

test: $(STAMP) lint
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python -m tests.perf

golden: $(STAMP)
	$(BIN)/python -m tests.render.regenerate

soak: $(STAMP)
	$(BIN)/python -m tests.reliability.soak

clean:
	rm -rf $(VENV)
