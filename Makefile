# logicmines: `make demo` and `make test` install whatever is missing, then run.
# Running either a second time does no installing work.

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test system bench clean

# The demo's file holds one board of each verdict, so `check` answers with status 1 (not every
# board has exactly one solution); that is the demo working, not failing.
demo: system $(STAMP)
	$(BIN)/logicmines check examples/spec.txt || [ $$? -eq 1 ]

# The tests also run the zsh completion script and the docs' examples that pipe JSON into jq and
# node: `system` installs those too when it runs for `make test` (command:package pairs).
test: TOOLS = zsh:zsh jq:jq node:nodejs
test: system $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest -q

# The benchmark writes its results to benchmarks/results/ (outside git); to replace the results
# of docs/benchmarks.md and docs/benchmarks.png instead: make bench BENCH_ARGS=--update-docs
bench: system $(STAMP) $(VENV)/.bench
	$(BIN)/python benchmarks/bench.py $(BENCH_ARGS)

$(VENV)/.bench: $(STAMP)
	$(BIN)/python -m pip install -q -e '.[dev,bench]'
	touch $@

# SWI-Prolog (the prolog and reference backends) and GNU Prolog (the verbatim original in
# `compare`), from the distribution, only when missing.
system:
	@missing=""; \
	command -v swipl >/dev/null 2>&1 || missing="$$missing swi-prolog-nox"; \
	command -v gplc >/dev/null 2>&1 || missing="$$missing gprolog"; \
	$(PYTHON) -c 'import ensurepip, venv' >/dev/null 2>&1 || missing="$$missing python3-venv"; \
	for need in $(TOOLS); do \
	  command -v $${need%%:*} >/dev/null 2>&1 || missing="$$missing $${need#*:}"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then sudo=""; \
	  elif command -v sudo >/dev/null 2>&1; then sudo="sudo"; \
	  else echo "logicmines needs:$$missing. Install them as root: apt-get install$$missing" >&2; exit 1; fi; \
	  if ! command -v apt-get >/dev/null 2>&1; then \
	    echo "logicmines needs:$$missing (no apt-get here: install them with your package manager)" >&2; exit 1; fi; \
	  echo "installing$$missing"; \
	  $$sudo apt-get update -qq && \
	  $$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

# A venv left half-made (no pip, say, by an interrupted run) is made again.
$(STAMP): pyproject.toml
	$(BIN)/python -m pip --version >/dev/null 2>&1 || { rm -rf $(VENV) && $(PYTHON) -m venv $(VENV); }
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

clean:
	rm -rf $(VENV) build dist .pytest_cache .ruff_cache
