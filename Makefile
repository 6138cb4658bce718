SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PORT   ?= 8866
EXTRAS := test,dashboard,dask,parquet
# Only pass test directories that exist (notebooks/ may not exist yet in a fresh clone).
TEST_PATHS := $(wildcard tests notebooks)

.PHONY: help venv chromium test lint dashboard bench clean

help:
	@echo "make dashboard  - set up .venv and serve the Voila dashboards on http://127.0.0.1:$(PORT)/"
	@echo "make test       - set up .venv (+ Debian chromium when root), run ruff and pytest"
	@echo "make lint       - ruff check"
	@echo "make bench      - time 3000 four-player games of Ice Cream"
	@echo "make clean      - remove .venv and caches"

venv: $(STAMP)

$(STAMP): pyproject.toml
	@if [ ! -x "$(BIN)/python" ] || ! "$(BIN)/python" -m pip --version >/dev/null 2>&1; then \
	  rm -rf "$(VENV)"; \
	  if ! $(PYTHON) -m venv "$(VENV)"; then \
	    rm -rf "$(VENV)"; \
	    if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	      echo "python3 -m venv failed (ensurepip missing?): installing python3-venv"; \
	      apt-get update && apt-get install -y python3-venv; \
	      $(PYTHON) -m venv "$(VENV)"; \
	    else \
	      echo "ERROR: '$(PYTHON) -m venv' failed, probably because ensurepip is missing." >&2; \
	      echo "       On Debian/Ubuntu install it with: sudo apt-get install python3-venv" >&2; \
	      exit 1; \
	    fi; \
	  fi; \
	fi
	$(BIN)/pip install --upgrade pip
	$(BIN)/pip install -e '.[$(EXTRAS)]'
	touch $(STAMP)

chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing Debian's chromium for the browser tests"; \
	    apt-get update && apt-get install -y chromium; \
	  else \
	    echo "WARNING: /usr/bin/chromium is missing and we are not root:" \
	         "browser tests will be skipped (install it with: sudo apt-get install chromium)" >&2; \
	  fi; \
	fi

# pytest's exit code 5 ("no tests ran") fails the target like any other non-zero code.
# ICECREAM_QUICK=1 makes notebooks use small sample sizes under test.
test: venv chromium
	$(BIN)/ruff check icecream tests
	ICECREAM_QUICK=1 $(BIN)/python -m pytest --nbval-lax --nbval-current-env \
	  -p no:cacheprovider --doctest-modules --durations=15 icecream $(TEST_PATHS)

lint: venv
	$(BIN)/ruff check icecream tests

# Run from the repo root so Voila picks up ./voila.json (sources stripped, no tracebacks,
# idle kernels culled, a cell timeout). port_retries=0: fail if PORT is taken rather than
# serve on another port than the one printed. Stop with Ctrl-C.
dashboard: venv
	@echo "Serving dashboards at http://127.0.0.1:$(PORT)/ (Ctrl-C to stop)"
	$(BIN)/voila dashboards/ --no-browser --Voila.ip=127.0.0.1 --port=$(PORT) \
	  --Voila.port_retries=0

bench: venv
	$(BIN)/python -m icecream bench --game ice-cream --players 4 --games 3000

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis build dist *.egg-info test-artifacts
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	find . -name .ipynb_checkpoints -type d -prune -exec rm -rf {} +
