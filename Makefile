# darkbalance: `make test` (set-up + tests), `make report` (set-up + the main job)
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | sha1sum | cut -c1-12)

.PHONY: install test report bench lint clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

# --no-compile: pip would byte-compile every installed package (about 45 s of a 77 s
# install on 2 cores); Python compiles only the modules a run imports, on first import
$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --no-compile -e ".[dev]"
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

install: $(STAMP)

test: install
	$(PY) -m pytest -q

report: install
	$(VENV)/bin/darkbalance report --profile quick

bench: install
	-$(PY) -m pip install --quiet -e ".[bench]" || echo "open_spiel unavailable: peer ratios skipped"
	$(VENV)/bin/darkbalance bench --json results/bench.json

lint: install
	$(VENV)/bin/ruff check .

clean:
	rm -rf $(VENV) .pytest_cache results/report
