# The README's two commands: `make run` and `make test`. Nothing else is needed.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: run test bench clean locales

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed-run: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	$(BIN)/python -m compileall -q cli.py companion ui printables
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e '.[test]'
	$(BIN)/python -m compileall -q cli.py companion ui printables
	touch $@ $(VENV)/.installed-run

run: $(VENV)/.installed-run
	$(BIN)/castaway play

test: $(VENV)/.installed-test
	$(BIN)/python -m pytest

bench: $(VENV)/.installed-test
	$(BIN)/python bench/run_all.py

# after changing messages: new ones into the .po (translate them there), then the .mo
locales: $(VENV)/.installed-test
	$(BIN)/python tools/locales.py update
	$(BIN)/python tools/locales.py compile
	$(BIN)/python tools/locales.py check

clean:
	rm -rf $(VENV) build *.egg-info
