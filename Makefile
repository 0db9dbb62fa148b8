# Two commands do all the set-up: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo lint docs test test-clock-ahead bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/python example_sites/build_all.py

# The layers (import-linter's contracts in pyproject.toml), ruff and mypy.
LINTED := sitemap_core plugins tests benchmarks example_sites noxfile.py
lint: $(STAMP)
	$(BIN)/lint-imports
	$(BIN)/ruff check $(LINTED)
	$(BIN)/ruff format --check $(LINTED)
	$(BIN)/mypy
	$(MAKE) --no-print-directory docs

# The documentation site (mkdocs.yml, docs/) into dist/docs/: any warning fails it.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet  # material's MkDocs 2.0 banner off

# Every test environment (noxfile.py: `main`, this venv, then one per generator, each
# made and brought up to date by nox), then all of them again with every clock a year
# ahead: no test may depend on the day it runs. pytest's exit 5 (no test collected) fails
# its session.
test: lint
	$(BIN)/nox
	$(MAKE) --no-print-directory test-clock-ahead

# faketime (Debian's package) moves the clock of nox, pytest and every process they start;
# `-R` reuses the environments as they are (no install: TLS certificates have dates).
test-clock-ahead: $(STAMP)
	@command -v faketime >/dev/null || { \
	  echo "make test: installing Debian's faketime (apt-get, as root) to run the suite a year ahead"; \
	  apt-get update -qq && apt-get install -y -qq faketime >/dev/null; }
	faketime -f +365d $(BIN)/nox -R -- -q -m "not registry"

# The oldest MkDocs, Pelican, Sphinx and ProperDocs the extras accept, each in a fresh venv
# with an example site built and its sitemap checked (part of `make test` too: nox's `main`).
.PHONY: test-oldest
test-oldest: $(STAMP)
	$(BIN)/python -m pytest -q -p no:cacheprovider tests/test_oldest.py

bench: $(STAMP)
	for b in benchmarks/bench_*.py; do $(BIN)/python $$b --quick || exit 1; done

clean:
	rm -rf $(VENV) .nox dist/docs example_sites/*/site example_sites/*/output example_sites/*/_build
