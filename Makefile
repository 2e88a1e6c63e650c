# shudu — two commands on a fresh machine (Python 3.11 + a C compiler):
#   make run    create .venv, build the engine, solve a sample puzzle
#   make test   create .venv with the test extras, run the whole suite

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
CSRC   := $(wildcard csrc/*.h csrc/*/*.[ch])
# test files run in parallel, one worker per core (each file whole, in one worker)
TEST_JOBS ?= auto

.PHONY: run test lint sanitize bench clean test-tools fuzz

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip "setuptools>=77" wheel

$(VENV)/.installed: $(BIN)/python pyproject.toml setup.py
	$(BIN)/python -m pip install -q -e .
	@touch $@

$(VENV)/.installed-test: $(VENV)/.installed
	$(BIN)/python -m pip install -q -e '.[test]'
	@bash scripts/check_cairo.sh $(BIN)/python
	@touch $@

# Rebuild the extension in place whenever a C source changes.
$(VENV)/.built: $(VENV)/.installed $(CSRC)
	$(BIN)/python setup.py -q build_ext --inplace
	@touch $@

run: $(VENV)/.built
	$(BIN)/shudu solve examples/sample.txt
	$(BIN)/shudu solve --count examples/few.sdm

test: $(VENV)/.installed-test $(VENV)/.built test-tools
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -q -n $(TEST_JOBS) --dist loadfile

# The browser and book tests drive the system's Chromium and pdftotext (installed here
# when missing and root).
test-tools:
	@bash scripts/ensure_test_tools.sh

lint: $(VENV)/.installed-test
	$(BIN)/ruff check .

sanitize:
	bash scripts/sanitize.sh

# A long fuzz run (docs/fuzzing.md): FUZZ_SECONDS per target (10 minutes in all), strict
# time bounds, a new seed each run (FUZZ_SEED=<n> replays one); the figures and findings
# go to test-output/fuzz-report.json.
FUZZ_SECONDS ?= 150
FUZZ_TARGETS ?= engine,raw,web,limits
FUZZ_SEED    ?= $(shell date +%s)
fuzz: $(VENV)/.installed-test $(VENV)/.built
	@mkdir -p test-output
	$(BIN)/python tests/fuzz/run.py --strict --targets $(FUZZ_TARGETS) \
		--seconds $(FUZZ_SECONDS) --seed $(FUZZ_SEED) --json test-output/fuzz-report.json

bench: $(VENV)/.built
	$(BIN)/python -m pip install -q -e '.[bench]'
	$(BIN)/python benchmarks/bench_engine.py --markdown benchmarks/RESULTS.md

clean:
	rm -rf $(VENV) build src/*.egg-info src/shudu/_engine*.so
