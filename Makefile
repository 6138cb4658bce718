SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PORT   ?= 8866
# The venv gets exactly what uv.lock pins (every extra). uv comes from PyPI into the venv at this
# version (the lock's, checked by tests/test_project_files.py); where uv cannot be installed,
# pip installs the same pins from requirements.lock.txt (exported from uv.lock, with hashes).
UV_VERSION := 0.13.9
UV     := $(BIN)/uv
# Voila finds the project's template (share/jupyter/voila/templates/icecream) here: an editable
# install does not install data files.
export JUPYTER_PATH := $(CURDIR)/share/jupyter$(if $(JUPYTER_PATH),:$(JUPYTER_PATH))
SITE   ?= _site
# Only pass test directories that exist (notebooks/ may not exist yet in a fresh clone).

.PHONY: help venv chromium test lint dashboard check-dashboard site serve-site lock bench clean

help:
	@echo "make dashboard  - set up .venv and serve the Voila dashboards on http://127.0.0.1:$(PORT)/"
	@echo "make check-dashboard - check voila.json and PORT as make dashboard does, serve nothing"
	@echo "make test       - set up .venv (+ Debian chromium when root), run ruff and pytest"
	@echo "make site       - build the dashboards into a static site in $(SITE)/ (no server needed)"
	@echo "make serve-site - serve $(SITE)/ with python -m http.server on http://127.0.0.1:$(PORT)/"
	@echo "make lock       - update uv.lock and requirements.lock.txt after editing pyproject.toml"
	@echo "make lint       - ruff check"
	@echo "make bench      - time 3000 four-player games of Ice Cream"
	@echo "make clean      - remove .venv and caches"

venv: $(STAMP)

$(STAMP): pyproject.toml uv.lock requirements.lock.txt
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
	@if [ -x "$(UV)" ] || $(BIN)/python -m pip install --quiet "uv==$(UV_VERSION)"; then \
	  echo "Installing uv.lock into $(VENV) with uv"; \
	  UV_PROJECT_ENVIRONMENT="$(VENV)" "$(UV)" sync --frozen --all-extras --inexact; \
	else \
	  echo "uv could not be installed: pip installs requirements.lock.txt (hash-checked)"; \
	  $(BIN)/python -m pip install --require-hashes -r requirements.lock.txt; \
	  $(BIN)/python -m pip install --no-deps -e .; \
	fi
	touch $(STAMP)

# After editing pyproject.toml's dependencies: re-resolve, then export the pip fallback.
lock: venv
	"$(UV)" lock
	"$(UV)" export --frozen --all-extras --no-emit-project --format requirements-txt \
	  --output-file requirements.lock.txt --quiet

# The dashboards that need no pandas as a static site (voici + Pyodide, scripts/build_site.py):
# any static host serves it. The Pyodide runtime comes from the npm registry (npm pack).
site: venv
	@command -v npm >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "Installing Debian's npm (it fetches the Pyodide runtime)"; \
	    apt-get update && apt-get install -y npm; \
	  else \
	    echo "ERROR: npm is missing (sudo apt-get install npm)" >&2; exit 1; \
	  fi; }
	$(BIN)/python scripts/build_site.py --output $(SITE)

serve-site:
	@echo "Serving $(SITE)/ at http://127.0.0.1:$(PORT)/voici/render/play.html (Ctrl-C to stop)"
	$(PYTHON) -m http.server $(PORT) --bind 127.0.0.1 --directory $(SITE)

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

# scripts/run_tests.py runs the suite as three pytest processes side by side (the unit tests
# and notebooks; the browser tests in two halves) and fails if any fails: pytest's exit code
# 5 ("no tests ran") fails the target like any other non-zero code.
# ICECREAM_QUICK=1 makes notebooks use small sample sizes under test.
test: venv chromium
	$(BIN)/ruff check icecream tests
	ICECREAM_QUICK=1 $(BIN)/python scripts/run_tests.py

lint: venv
	$(BIN)/ruff check icecream tests

# Run from the repo root so Voila picks up ./voila.json (sources stripped, no tracebacks,
# preheated kernel pools, a closed page's kernel culled, a cell timeout), through
# scripts/serve_dashboards.py: it checks those settings and PORT first (one line and exit
# code 2 for a value that makes no sense), loads plotly's front end on the what-if page only
# and gives a page time to connect to its kernel (README "Serving a class").
# port_retries=0: fail if PORT is taken rather than serve on another port than the one
# printed. Stop with Ctrl-C.
dashboard: venv
	@echo "Serving dashboards at http://127.0.0.1:$(PORT)/ (Ctrl-C to stop)"
	$(BIN)/python scripts/serve_dashboards.py dashboards/ --no-browser --Voila.ip=127.0.0.1 \
	  --port=$(PORT) --Voila.port_retries=0

# Only check voila.json and PORT as `make dashboard` would, and serve nothing.
check-dashboard: venv
	$(BIN)/python scripts/serve_dashboards.py dashboards/ --check --port=$(PORT)

bench: venv
	$(BIN)/python -m icecream bench --game ice-cream --players 4 --games 3000

clean:
	rm -rf $(VENV) $(SITE) .pytest_cache .ruff_cache .hypothesis build dist *.egg-info test-artifacts
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
	find . -name .ipynb_checkpoints -type d -prune -exec rm -rf {} +
