# The two set-up commands (see README): `make demo` and `make test`.
# Both create .venv/ with the project installed (editable) and `correlator` on .venv/bin/.
PY ?= python3
VENV := .venv
STAMP := $(VENV)/.installed-stamp

.PHONY: demo test lint suite bench clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(VENV)/bin/python -m pip install -q --upgrade pip
	$(VENV)/bin/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(VENV)/bin/correlator demo

test: $(STAMP)
	$(VENV)/bin/python -m pytest -q $(PYTEST_ARGS)

lint: $(STAMP)
	$(VENV)/bin/ruff check correlator agents tests bench
	$(VENV)/bin/mypy

suite: $(STAMP)
	$(VENV)/bin/python bench/scenario_suite.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
