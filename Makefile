# Dames du jour: `make run` plays locally, `make test` runs every test.
# Every target installs what it needs first; stamp files make a second run quick.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

VENV        := .venv
PY          := $(VENV)/bin/python
VENV_STAMP  := $(VENV)/.requirements.stamp
NPM_STAMP   := node_modules/.package-lock.stamp
SAM_VENV    := .venv-sam
SAM         := $(SAM_VENV)/bin/sam
SAM_STAMP   := $(SAM_VENV)/.sam.stamp
SAM_VERSION := 1.170.0
# The browser the browser tests drive (`make test CHROMIUM=…` to use another one).
CHROMIUM    ?= /usr/bin/chromium
export DAMES_CHROMIUM := $(CHROMIUM)
# The interpreter of the determinism test's cross-version check (the functions' runtime).
PY313_VERSION := 3.13.0
# pytest-xdist workers for the groups that can share the machine (at most 2 here).
WORKERS     ?= 2

export SAM_CLI_TELEMETRY := 0
export PIP_DISABLE_PIP_VERSION_CHECK := 1

# The first python (3.11 or newer) found on PATH, evaluated only when a venv is created.
find_python = for p in python3 python3.13 python3.12 python3.11 python; do \
	  if command -v $$p >/dev/null 2>&1 && \
	     $$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then \
	    echo $$p; break; fi; done

.PHONY: help install native run test test-fast lint bench deploy tools clean distclean

help:
	@echo "make run        play locally on http://127.0.0.1:$${PORT:-8000} (DynamoDB Local, data in .local/)"
	@echo "make test       every test: engine, ai, backend, lint, integration, browser"
	@echo "make test-fast  the quick part (no slow, integration or browser tests)"
	@echo "make lint       ruff, mypy --strict and cfn-lint"
	@echo "make bench      the benchmarks in bench/"
	@echo "make deploy     sam build && sam deploy --guided, then publish frontend/"
	@echo "make clean      build outputs and caches (keeps .local/ data and installs)"
	@echo "make distclean  also the virtualenvs, node_modules and the local data"

# ---------------------------------------------------------------- installs
$(PY):
	@py=$$($(find_python)); \
	if [ -z "$$py" ]; then echo "Python 3.11 or newer is needed on PATH." >&2; exit 1; fi; \
	echo "Creating $(VENV) with $$py ($$($$py --version))"; \
	$$py -m venv $(VENV) || { echo "Could not create a virtualenv: on Debian, apt-get install python3-venv" >&2; exit 1; }

$(VENV_STAMP): requirements-dev.txt | $(PY)
	$(PY) -m pip install --quiet -r requirements-dev.txt
	@touch $@

$(NPM_STAMP): package-lock.json package.json
	@command -v npm >/dev/null || { echo "npm (Node.js) is needed to install DynamoDB Local." >&2; exit 1; }
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

# The native core (engine_layer/csrc) and its endgame bitbases (generated, about 20 s): maitre,
# the analysis, hints and fair play's judge search with it. Without a C compiler everything still runs, on the (slower) Python search.
native:
	@if command -v "$${CC:-cc}" >/dev/null 2>&1; then \
	  $(MAKE) --no-print-directory -C engine_layer/csrc lib bitbase; \
	else \
	  echo "No C compiler (cc): the native core is not built; maitre, the analysis and hints" \
	    "use the pure-Python search (slower, weaker). On Debian: apt-get install gcc." >&2; \
	fi

install: $(VENV_STAMP) $(NPM_STAMP) native

# The tools some test groups need besides the .venv: the system Chromium (browser tests;
# Playwright's own download is not used), Java 17 (DynamoDB Local, integration tests), the
# native core's checks (the arm64 cross-compiler and qemu, clang's libFuzzer and sanitizers)
# and Python $(PY313_VERSION) (the determinism test compares the computer's moves across versions).
# As root with apt-get, the first two are installed; anything still missing is named with
# the command that installs it. Under CI=true a group that then skips fails the run.
tools: $(VENV_STAMP)
	@missing=""; \
	[ -x "$(CHROMIUM)" ] || missing="$$missing chromium"; \
	$(PY) -c 'import sys; from local.dynamodb_local import find_java; sys.exit(find_java() is None)' \
	  || missing="$$missing openjdk-17-jre-headless"; \
	command -v aarch64-linux-gnu-gcc >/dev/null || missing="$$missing gcc-aarch64-linux-gnu"; \
	command -v qemu-aarch64-static >/dev/null || missing="$$missing qemu-user-static"; \
	command -v clang >/dev/null || missing="$$missing clang"; \
	ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-*.a >/dev/null 2>&1 || \
	  missing="$$missing libclang-rt-14-dev"; \
	command -v file >/dev/null || missing="$$missing file"; \
	if [ -n "$$missing" ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "Installing from Debian's packages for the browser and integration tests:$$missing"; \
	  if apt-get update -qq && \
	     DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; then \
	    missing=""; \
	  else echo "apt-get could not install:$$missing" >&2; fi; \
	fi; \
	for package in $$missing; do \
	  echo "make test needs '$$package' (sudo apt-get install $$package); its tests will skip." >&2; \
	done; \
	if ! { command -v pyenv >/dev/null && pyenv prefix $(PY313_VERSION) >/dev/null 2>&1; }; then \
	  echo "make test needs Python $(PY313_VERSION) from pyenv (pyenv install $(PY313_VERSION))" \
	    "for the cross-version determinism test; it will skip." >&2; \
	fi; \
	if [ -n "$${CI:-}" ] && [ "$${CI}" != false ]; then \
	  echo "CI=$${CI}: a skipped test counts as a failure (conftest.py)."; \
	fi

# ---------------------------------------------------------------- everyday
run: install
	$(PY) -m local.run

# Two passes: the CPU-bound groups on $(WORKERS) workers, then the groups that start servers
# (DynamoDB Local, uvicorn, Chromium) one at a time. Both always run; either failing fails,
# and so does a pass that selects no test (pytest's exit code 5 is kept, never mapped to 0).
test: install tools
	@status=0; \
	$(PY) -m pytest -n $(WORKERS) -m "not integration and not browser" || status=$$?; \
	$(PY) -m pytest -m "integration or browser" || status=$$?; \
	exit $$status

test-fast: install
	$(PY) -m pytest -n $(WORKERS) -m "not slow and not integration and not browser"

lint: $(VENV_STAMP)
	@status=0; \
	echo "ruff check ."; $(VENV)/bin/ruff check . || status=$$?; \
	echo "mypy (strict, see pyproject.toml)"; $(VENV)/bin/mypy || status=$$?; \
	echo "cfn-lint template.yaml"; $(VENV)/bin/cfn-lint template.yaml || status=$$?; \
	exit $$status

# Each bench/*.py prints its figures; those that talk HTTP (SERVER_BENCHES) get a fresh local
# server (DynamoDB Local + uvicorn, temporary data) through local.with_server.
SERVER_BENCHES := bench/api.py
# Strength matches and evaluation tuning need Scan 2.0 / py-draughts built outside the repository
# and run for an hour or more: run by hand (docs/engine-strength.md).
MANUAL_BENCHES := bench/match.py bench/match_compare.py bench/pydraughts_driver.py bench/eval_data.py bench/tune_eval.py \
	bench/move_quality.py bench/eval_labels.py bench/selfplay_native.py bench/label_native.py \
	bench/train_native_eval.py bench/set_native_terms.py \
	bench/native_crosscheck.py \
	bench/fairplay_corpus.py bench/fairplay_depth.py bench/fairplay_fit.py bench/fairplay_table.py
# Modules the benchmarks import, not benchmarks themselves.
BENCH_MODULES := bench/variant_options.py bench/fixed_sets.py bench/capacity_meter.py \
	bench/lambda_requests.py bench/aws_prices.py bench/pydraughts_reference.py \
	bench/fairplay_bots.py bench/openings.py
bench: install
	@status=0; \
	for script in bench/*.py; do \
	  case " $(MANUAL_BENCHES) $(BENCH_MODULES) " in *" $$script "*) continue;; esac; \
	  echo "== $$script"; \
	  case " $(SERVER_BENCHES) " in \
	    *" $$script "*) $(PY) -m local.with_server -- $(PY) $$script --url {url} || status=$$?;; \
	    *) PYTHONPATH=engine_layer:backend_layer $(PY) $$script || status=$$?;; \
	  esac; \
	done; \
	exit $$status

# ---------------------------------------------------------------- AWS
$(SAM_STAMP):
	@py=$$($(find_python)); \
	if [ -z "$$py" ]; then echo "Python 3.11 or newer is needed on PATH." >&2; exit 1; fi; \
	$$py -m venv $(SAM_VENV)
	$(SAM_VENV)/bin/python -m pip install --quiet aws-sam-cli==$(SAM_VERSION)
	@touch $@

# sam build needs the functions' runtime (python3.13) on PATH: pyenv's 3.13.0 if present.
deploy: $(SAM_STAMP)
	@py313=$$(command -v pyenv >/dev/null && pyenv prefix 3.13.0 2>/dev/null || true); \
	if [ -n "$$py313" ]; then export PATH="$$py313/bin:$$PATH"; fi; \
	command -v python3.13 >/dev/null || { echo "sam build needs python3.13 on PATH (e.g. pyenv install 3.13.0)." >&2; exit 1; }; \
	$(SAM) validate --lint && $(SAM) build && $(SAM) deploy --guided && \
	$(SAM_VENV)/bin/python -m deploy.publish_site

# ---------------------------------------------------------------- Lambda artefacts
# template.yaml builds each layer and function with `BuildMethod: makefile` (ContextPath: .):
# `sam build` runs these targets in its copy of the resource's code, with ARTIFACTS_DIR set.
LAMBDA_BUILD := python3.13 $(dir $(abspath $(firstword $(MAKEFILE_LIST))))deploy/build_lambda.py

build-EngineLayer build-BackendLayer:
	$(LAMBDA_BUILD) layer "$(ARTIFACTS_DIR)"

build-GamesFunction build-CommunityFunction build-DailyRotationFunction build-AnalysisFunction build-PlayerRetentionFunction build-KeyRotationFunction:
	$(LAMBDA_BUILD) function "$(ARTIFACTS_DIR)"

# ---------------------------------------------------------------- cleaning
clean:
	rm -rf .aws-sam artifacts .pytest_cache .ruff_cache .mypy_cache .hypothesis
	$(MAKE) --no-print-directory -C engine_layer/csrc clean
	find . -name __pycache__ -type d -not -path "./$(VENV)/*" -not -path "./$(SAM_VENV)/*" \
	  -not -path "./node_modules/*" -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV) $(SAM_VENV) node_modules .local
