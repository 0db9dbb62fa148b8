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
LINTED := sitemap_core plugins tests benchmarks example_sites
lint: $(STAMP)
	$(BIN)/lint-imports
	$(BIN)/ruff check $(LINTED)
	$(BIN)/ruff format --check $(LINTED)
	$(BIN)/mypy
	$(MAKE) --no-print-directory docs

# The documentation site (mkdocs.yml, docs/) into dist/docs/: any warning fails it.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet  # material's MkDocs 2.0 banner off

# pytest exits 5 when it collected no test: that is a failure here. Then the suite again
# with every clock a year ahead: no test may depend on the day it runs.
test: lint
	$(BIN)/python -m pytest; status=$$?; \
	if [ $$status -eq 5 ]; then echo "no tests were collected" >&2; exit 1; fi; exit $$status
	$(MAKE) --no-print-directory test-clock-ahead

# faketime (Debian's package) moves the clock of pytest and of every process it starts.
test-clock-ahead: $(STAMP)
	@command -v faketime >/dev/null || { \
	  echo "make test: installing Debian's faketime (apt-get, as root) to run the suite a year ahead"; \
	  apt-get update -qq && apt-get install -y -qq faketime >/dev/null; }
	faketime -f +365d $(BIN)/python -m pytest -q -p no:cacheprovider -m "not registry"

# The oldest MkDocs, Pelican and Sphinx the extras accept, each in a fresh venv with an
# example site built and its sitemap checked (part of `make test` too).
.PHONY: test-oldest
test-oldest: $(STAMP)
	$(BIN)/python -m pytest -q -p no:cacheprovider tests/test_oldest.py

bench: $(STAMP)
	for b in benchmarks/bench_*.py; do $(BIN)/python $$b --quick || exit 1; done

clean:
	rm -rf $(VENV) dist/docs example_sites/*/site example_sites/*/output example_sites/*/_build
