# Two commands do all the set-up: `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/python example_sites/build_all.py

# pytest exits 5 when it collected no test: that is a failure here.
test: $(STAMP)
	$(BIN)/python -m pytest; status=$$?; \
	if [ $$status -eq 5 ]; then echo "no tests were collected" >&2; exit 1; fi; exit $$status

bench: $(STAMP)
	for b in benchmarks/bench_*.py; do $(BIN)/python $$b --quick || exit 1; done

clean:
	rm -rf $(VENV) example_sites/*/site example_sites/*/output example_sites/*/_build
