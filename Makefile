# The README's two commands: `make run` and `make test`. Nothing else is needed.
# The interpreter .venv is made with: PYTHON if given (make test PYTHON=python3.12), else the distribution's
# /usr/bin/python3 when it is 3.11 or newer and can make a venv (distributions build it with profile-guided
# optimisation: on a machine whose PATH leads to pyenv's default build, `make test` took 178 s against 204 s
# there), else python3 from PATH.
SYSTEM_PYTHON := /usr/bin/python3
PYTHON ?= $(shell $(SYSTEM_PYTHON) -c 'import sys, ensurepip, venv; sys.exit(sys.version_info < (3, 11))' 2>/dev/null \
	&& echo $(SYSTEM_PYTHON) || echo python3)
VENV   := .venv
BIN    := $(VENV)/bin
# the installs use the interpreter's own pip where it has one new enough to install into another environment
# (pip 22.3's --python): .venv is then made without a copy of pip of its own, which is 4-5 s of every fresh
# `make` (23 s against 27-29 s for the whole install, twice each); else .venv gets its own pip
BORROW := $(shell $(PYTHON) -c 'import sys, pip; sys.exit(tuple(map(int, pip.__version__.split(".")[:2])) < (22, 3))' 2>/dev/null && echo yes)
PIP    := $(if $(BORROW),$(PYTHON) -m pip --python $(BIN)/python,$(BIN)/python -m pip)

.PHONY: run test bench clean locales docs

# (3.11's pip installs this project editable; no upgrade fetched)
$(BIN)/python:
	$(PYTHON) -m venv $(if $(BORROW),--without-pip) $(VENV)

# the C source is a dependency: changing it rebuilds day 21's compiled search (companion/odds/days21/_kernel.c)
KERNEL := companion/odds/days21/_kernel.c

$(VENV)/.installed-run: pyproject.toml $(KERNEL) | $(BIN)/python
	$(PIP) install -q -e .
	$(BIN)/python -m compileall -q cli.py companion ui printables
	touch $@

$(VENV)/.installed-test: pyproject.toml $(KERNEL) | $(BIN)/python
	$(PIP) install -q -e '.[test]'
	$(BIN)/python -m compileall -q cli.py companion ui printables tests tools
	touch $@ $(VENV)/.installed-run

run: $(VENV)/.installed-run
	$(BIN)/castaway play

# the display tests drive Debian's headless Chromium, chromium-headless-shell (never a browser download); as root
# it is installed when missing; elsewhere they use Debian's chromium, or skip and say why (tests/display_server.py)
test: $(VENV)/.installed-test
	@test -x /usr/bin/chromium-headless-shell || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null \
		&& (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null) \
		|| echo "chromium-headless-shell is missing and cannot be installed here: the browser tests use chromium or skip"; }
	$(BIN)/python -m pytest

bench: $(VENV)/.installed-test
	$(BIN)/python bench/run_all.py

# after changing a command's help: docs/commands.md written again from it (tests/test_commands_doc.py checks it)
docs: $(VENV)/.installed-run
	$(BIN)/python tools/commands_doc.py
	$(BIN)/python tools/components_doc.py

# after changing messages: new ones into the .po (translate them there), then the .mo
locales: $(VENV)/.installed-test
	$(BIN)/python tools/locales.py update
	$(BIN)/python tools/locales.py compile
	$(BIN)/python tools/locales.py check

clean:
	rm -rf $(VENV) build *.egg-info
