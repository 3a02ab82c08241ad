# Build pipeline for the OpenAPI descriptions.
#
#   spec/<host>/openapi.yaml -> validate + house rules -> bundle -> lint -> spec tests
#
# `make` (default) sets up .venv and node_modules from the pinned files when they are
# missing or out of date, then validates, bundles and lints every host spec. Every step
# has real file dependencies: a second `make` with nothing changed does no work.
# `make help` lists the targets.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := all
.DELETE_ON_ERROR:
MAKEFLAGS += --no-builtin-rules --no-print-directory
# Independent steps run side by side, one job per core (`make JOBS=1` or `make -j1` runs
# them one at a time); each step's output is printed whole when it ends. Recipes that run
# long or serve (test, serve, bench, mutation) are marked `+` so their output streams.
JOBS ?= $(shell nproc 2>/dev/null || echo 1)
MAKEFLAGS += -j$(JOBS) --output-sync=target

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
BIN := node_modules/.bin
BUILD := build
OUT := generated/openapi
SOURCE_DOC := docs/source-document.md
LEDGER := generated/markers.json

# Tools stay offline and quiet.
export REDOCLY_TELEMETRY := off
export REDOCLY_SUPPRESS_UPDATE_NOTICE := true
export NO_UPDATE_NOTIFIER := 1
export PIP_DISABLE_PIP_VERSION_CHECK := 1
# Spectral's @scarf/scarf reports each install to https://scarf.sh from its postinstall script;
# opted out, it sends nothing (npm ci here and the tests' npm install; decision 123)
export SCARF_ANALYTICS := false
# Every lock is installed with `npm ci`. --prefer-offline takes what npm's cache already holds
# without asking the registry whether it is stale (the lock pins each tarball's integrity, so
# the files are the same); what the cache lacks still comes from the registry. With a warm
# cache, `make test-setup` went from 35.8 s to 25.0 s (decision 126).
NPM_CI := npm ci --prefer-offline --no-audit --no-fund --loglevel=error
# Bytecode is cached, but beside the virtual environment, never in the work tree: uv installs
# without compiling (compiling every installed module took 8 s of a cold set-up), so each
# tool's first run compiles what it imports, once (PYTHONDONTWRITEBYTECODE, often set in
# the environment, would make every run compile it again: +0.5-1 s a Python tool).
unexport PYTHONDONTWRITEBYTECODE
export PYTHONPYCACHEPREFIX := $(CURDIR)/$(VENV)/pycache
export NO_MKDOCS_2_WARNING := 1

# Hosts are the folders of spec/ with an openapi.yaml entry point.
HOSTS := $(sort $(patsubst spec/%/openapi.yaml,%,$(wildcard spec/*/openapi.yaml)))
COMMON := $(wildcard spec/common/*.yaml)
# The programs of each stage (scripts/<stage>/, README.md's Layout), each stage with what it imports:
# a step reruns when a module of its stage, or of one below it, changed.
COMMON_PY := scripts/__init__.py $(wildcard scripts/common/*.py)
SPEC_PY := $(COMMON_PY) $(wildcard scripts/spec/*.py)
CLIENTS_PY := $(SPEC_PY) $(wildcard scripts/clients/*.py)
RELEASE_PY := $(CLIENTS_PY) $(wildcard scripts/release/*.py)
DOCS_PY := $(RELEASE_PY) $(wildcard scripts/docs/*.py)
SCRIPTS := $(DOCS_PY)
LINT_CONFIG := redocly.yaml .redocly.lint-ignore.yaml .spectral.yaml $(wildcard lint/*.js lint/*/*.js)
host_files = $(shell find spec/$(1) -name '*.yaml' 2>/dev/null)

BUNDLES := $(foreach h,$(HOSTS),$(OUT)/$(h).yaml $(OUT)/$(h).json $(OUT)/$(h).deref.json $(OUT)/$(h).source-only.yaml $(BUILD)/$(h).bundled)
# Arazzo workflows over the bundles (spec/workflows/), published beside them
WORKFLOWS := $(patsubst spec/workflows/%,$(OUT)/%,$(wildcard spec/workflows/*.arazzo.yaml))
# The upstream record (spec/upstream/changes.yaml: dated changes of the services), published beside them
UPSTREAM := $(OUT)/upstream-changes.json
VENV_OK := $(VENV)/.installed
NODE_OK := node_modules/.installed
TEST_NODE_OK := tests/node/node_modules/.installed
COMPAT_NODE_OK := tests/compat/node_modules/.installed
COMPAT_PY := tests/compat/.venv
COMPAT_PY_OK := $(COMPAT_PY)/.installed

.PHONY: all help setup test-setup browser toolchains diff release release-check release-files tags validate bundle workflows upstream lint spec-tests generate docs serve mutation mutation-defects compat bench test test-under-load typecheck check clean distclean lock

all: docs generate ## Build everything: set up, validate, bundle, lint, spec tests, clients, docs site

help: ## List the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | sort | expand -t 14

# --- set-up ---------------------------------------------------------------------------
setup: $(VENV_OK) $(NODE_OK) ## Install .venv and node_modules from the pinned files

$(VENV_OK): requirements.txt
	@echo "setup: .venv: installing the $$(grep -c '==' requirements.txt) pinned Python packages of requirements.txt"
	@echo "setup: (validators, generators, test and docs tools; uv installs them in seconds)"
	@# A venv without ensurepip's pip, which takes seconds; the lock installs its own, pinned (decision 127).
	@# uv installs the lock in seconds where pip takes half a minute; pip installs uv itself,
	@# at the version the lock pins: the system's pip into the venv (pip 22.3 or later:
	@# --python), or, where the system has no such pip, the venv's own from ensurepip.
	@test -x $(PY) || $(PYTHON) -m venv --without-pip $(VENV)
	@if $(PYTHON) -c 'import sys, pip; sys.exit(tuple(map(int, pip.__version__.split(".")[:2])) < (22, 3))' 2>/dev/null; \
	  then pip="$(PYTHON) -m pip --python $(PY)"; else $(PY) -m ensurepip --default-pip >/dev/null; pip="$(PY) -m pip"; fi; \
	  $$pip install --quiet --no-input "$$(grep '^uv==' requirements.txt)"
	@$(VENV)/bin/uv pip install --quiet --python $(PY) -r requirements.txt
	@echo "setup: .venv ready"
	@touch $@

# The build's Node tools; the tests' own (Prism, the mock server) are a second lock in
# tests/node, installed by `make test`: the build does not wait for a third of the files.
$(NODE_OK): package.json package-lock.json
	@echo "setup: node_modules: installing the pinned Node tools of package-lock.json"
	@echo "setup: (Redocly, Spectral, openapi-typescript, openapi-fetch, TypeScript)"
	@$(NPM_CI)
	@echo "setup: node_modules ready"
	@touch $@

test-setup: $(TEST_NODE_OK) $(COMPAT_NODE_OK) $(COMPAT_PY_OK) ## Install the tests' own tools (tests/node: Prism; tests/compat: third-party tools) from their locks
$(TEST_NODE_OK): tests/node/package.json tests/node/package-lock.json
	@echo "setup: tests/node/node_modules: installing the tests' pinned Node tools (Prism)"
	@$(NPM_CI) --prefix tests/node
	@echo "setup: tests/node/node_modules ready"
	@touch $@

# The third-party tools of the compatibility suite (scripts/quality/compat.py), a third lock
$(COMPAT_NODE_OK): tests/compat/package.json tests/compat/package-lock.json
	@echo "setup: tests/compat/node_modules: installing the compatibility suite's pinned third-party tools"
	@$(NPM_CI) --prefix tests/compat
	@echo "setup: tests/compat/node_modules ready"
	@touch $@

# The suite's one Python tool whose pins clash with requirements.txt (openapi-python-generator),
# in a venv of its own, installed by the main venv's uv
$(COMPAT_PY_OK): tests/compat/requirements.txt $(VENV_OK)
	@echo "setup: tests/compat/.venv: installing the compatibility suite's pinned Python tool"
	@test -x $(COMPAT_PY)/bin/python || $(PYTHON) -m venv --without-pip $(COMPAT_PY)
	@$(VENV)/bin/uv pip install --quiet --python $(COMPAT_PY)/bin/python -r tests/compat/requirements.txt
	@echo "setup: tests/compat/.venv ready"
	@touch $@

# Headless Chromium for the docs site's browser test: Debian's chromium and
# chromium-driver, installed with apt-get when missing (root on these machines). Where it
# cannot be installed the browser test skips with a message, except under CI=true.
BROWSER := /usr/bin/chromium
# browser and toolchains may run side by side (make -j): one apt-get at a time, under a lock
APT_GET = mkdir -p $(BUILD) && flock $(BUILD)/apt.lock sh -c 'apt-get update -qq >/dev/null && \
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$$@" >/dev/null' apt-get
browser: ## Install Debian's chromium + chromium-driver for the browser test (if missing)
	@if [ -x $(BROWSER) ] && [ -x /usr/bin/chromedriver ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "setup: chromium and chromium-driver from Debian"; \
	  $(APT_GET) chromium chromium-driver; \
	else echo "setup: chromium is missing and cannot be installed here (not root or no apt-get)" >&2; fi

# The other languages' toolchains, for their tests (tests/clients/test_{go,rust,ruby,php}_client.py):
# Debian's Go, Ruby (with Typhoeus), PHP (with Guzzle and Composer) and the Rust crates the
# generated crates build against offline (cargo itself comes with the machine). Installed with
# apt-get when missing; where that cannot run, those tests skip with a message, except under CI=true.
TOOLCHAIN_PACKAGES := golang-go ruby ruby-typhoeus php-cli php-mbstring php-curl php-zip composer php-guzzlehttp-guzzle \
  php-guzzlehttp-psr7 librust-serde-dev librust-serde-derive-dev librust-serde-json-dev librust-serde-repr-dev \
  librust-url-dev librust-reqwest-dev
toolchains: ## Install Debian's Go, Ruby, PHP and Rust crates for the other languages' tests (if missing)
	@missing=$$(for p in $(TOOLCHAIN_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -z "$$missing" ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "setup: installing Debian's toolchains for the Go, Ruby, PHP and Rust clients' tests:" $$missing; \
	  echo "setup: (a few hundred packages the first time: a few minutes)"; \
	  $(APT_GET) $$missing; \
	else echo "setup: missing $$missing and cannot install them here (not root or no apt-get)" >&2; fi

# --- validate: each source file on its own, then the house rules on each host ---------
# The shared components are validated once, not once per host.
validate: $(foreach h,$(HOSTS),$(BUILD)/$(h).valid) ## Validate every spec file and check the house rules

$(BUILD)/common.valid: $(COMMON) $(SPEC_PY) $(VENV_OK)
	@mkdir -p $(BUILD)
	@echo "validate: common"
	@$(PY) -m scripts.spec.validate $(COMMON)
	@touch $@

.SECONDEXPANSION:
$(BUILD)/%.valid: $$(call host_files,$$*) $(BUILD)/common.valid $(SOURCE_DOC) $(SPEC_PY) $(VENV_OK)
	@mkdir -p $(BUILD)
	@echo "validate: $*"
	@$(PY) -m scripts.spec.validate $(call host_files,$*)
	@$(PY) -m scripts.spec.house_rules --source-document $(SOURCE_DOC) spec/$*/openapi.yaml
	@touch $@

# --- bundle: redocly bundle + JSON + prance dereference + source-only view, atomically --
# (the house rules on the bundle run in the spec-test gate: tests/spec/test_house_rules.py)
bundle: $(BUNDLES) ## Bundle every host into generated/openapi/

# build/HOST.bundled: the sha256 of the four files (tests/spec/test_generated_current.py)
# (the code samples' programs: a template a language, scripts/spec/code_samples.py fills them in)
SAMPLE_TEMPLATES := $(wildcard scripts/templates/code-samples/*.j2)
$(OUT)/%.yaml $(OUT)/%.json $(OUT)/%.deref.json $(OUT)/%.source-only.yaml $(BUILD)/%.bundled: $(BUILD)/%.valid $(SPEC_PY) $(SAMPLE_TEMPLATES) releases/client-versions.json $(NODE_OK)
	@echo "bundle: $*"
	@$(PY) -m scripts.spec.bundle --redocly $(BIN)/redocly --manifest $(BUILD)/$*.bundled spec/$*/openapi.yaml $(OUT) $*

# --- workflows: Arazzo descriptions of the flows, linted beside the bundles they reference --
workflows: $(WORKFLOWS) ## Publish and lint the Arazzo workflows (spec/workflows) beside the bundles

# a workflow depends on the bundles its sourceDescriptions name (`url: ./<host>.yaml`)
workflow_sources = $(patsubst %,$(OUT)/%.yaml,$(shell sed -n 's|^ *url: *\./\(.*\)\.yaml *$$|\1|p' spec/workflows/$(1).arazzo.yaml))
$(OUT)/%.arazzo.yaml: spec/workflows/%.arazzo.yaml $$(call workflow_sources,$$*) $(LINT_CONFIG) $(NODE_OK)
	@echo "workflow: $*"
	@cp $< $(OUT)/.tmp-$*.arazzo.yaml
	@$(BIN)/redocly lint --format=stylish $(OUT)/.tmp-$*.arazzo.yaml >$(BUILD)/$*.arazzo.log 2>&1 \
	  || { rm -f $(OUT)/.tmp-$*.arazzo.yaml; grep -v '[║╔╚]' $(BUILD)/$*.arazzo.log >&2; exit 1; }
	@mv $(OUT)/.tmp-$*.arazzo.yaml $@

# --- the upstream record: checked against its schema and the bundles, published as JSON --
upstream: $(UPSTREAM) ## Check the upstream record (spec/upstream) and publish it beside the bundles

$(UPSTREAM): $(wildcard spec/upstream/*.yaml) $(COMMON) $(foreach h,$(HOSTS),$(OUT)/$(h).yaml) $(SPEC_PY) $(VENV_OK)
	@echo "upstream: the record of changes"
	@$(PY) -m scripts.spec.upstream spec/upstream/changes.yaml $@

# --- lint: the house ruleset in both linters -------------------------------------------
lint: $(foreach h,$(HOSTS),$(BUILD)/$(h).linted) ## Lint every host with Redocly and Spectral

$(BUILD)/%.linted: $(OUT)/%.yaml $(LINT_CONFIG) $(NODE_OK)
	@echo "lint: $*"
	@$(BIN)/redocly lint --format=stylish $(OUT)/$*.yaml >$(BUILD)/$*.redocly.log 2>&1 \
	  || { grep -v '[║╔╚]' $(BUILD)/$*.redocly.log >&2; exit 1; }
	@$(BIN)/spectral lint --fail-severity=warn $(OUT)/$*.yaml
	@touch $@

# --- fast spec tests: they stand in front of every generator ---------------------------
SPEC_TESTS := $(wildcard tests/spec/*.py tests/project.py tests/gate_guard.py)
# The gate needs none of the installed pytest plugins (schemathesis and hypothesis alone
# take over a second to import); `make test` keeps them. It leaves out the end-to-end tests
# (the ruleset and gate installed in a fork from a release, 14 s), which `make test` runs.
GATE_PLUGINS := -p no:cacheprovider -p no:schemathesis -p no:hypothesispytest -p no:anyio -p no:typeguard
spec-tests: $(BUILD)/spec-tests.ok ## Run the fast spec tests (validity, house rules, source coverage)

$(BUILD)/spec-tests.ok: $(foreach h,$(HOSTS),$(BUILD)/$(h).linted) $(BUNDLES) $(UPSTREAM) $(SPEC_TESTS) $(SCRIPTS)
	@echo "spec tests"
	@$(PY) -m pytest -q $(GATE_PLUGINS) -p gate_guard -m "not tooling and not pipeline and not e2e and not history" tests/spec
	@touch $@

# --- generators: Python clients, pydantic models, TypeScript types ----------------------
# Each host regenerates only when its bundle (or a generator input) changed; the stamp is the
# sha256 of every file written, which the drift test holds generated/ to; the spec
# tests run first (order-only: a newer spec-tests stamp alone does not regenerate).
# (the clients' own versions and the least runtime version each requires: releases/client-versions.json;
# the Go runtime's module path, which the Go clients import: its go.mod)
GENERATOR_INPUTS := $(CLIENTS_PY) scripts/clients/typescript/generate.mjs LICENSE releases/client-versions.json \
  scripts/runtime/go/go.mod \
  $(shell find scripts/templates/openapi-generator -type f -name '*.mustache' 2>/dev/null) \
  $(wildcard scripts/templates/python-client/*.jinja scripts/templates/python-client/*/*.jinja \
  scripts/templates/python-package/*.j2 scripts/templates/typescript-client/*.j2 scripts/templates/package-readme/*.j2)
generate: $(BUILD)/runtimes.generated $(foreach h,$(HOSTS),$(BUILD)/$(h).generated) $(BUILD)/tools.generated ## Generate clients, models and types for every host, and the tool packages

# Each language's shared client runtime (scripts/runtime/<language>, written by hand), copied
# beside the clients; the clients pin its version (a real input) and their checks import it.
# The Rust runtime's ErrorCode enum is written from the bundles (every host's x-error-codes).
RUNTIME_SOURCES := $(shell find scripts/runtime -type f -not -path '*/__pycache__/*' -not -path '*/target/*' 2>/dev/null)
$(BUILD)/runtimes.generated: $(RUNTIME_SOURCES) scripts/templates/rust-runtime/codes.rs.tmpl $(CLIENTS_PY) LICENSE \
  $(foreach h,$(HOSTS),$(OUT)/$(h).json) $(VENV_OK) $(NODE_OK)
	@$(PY) -m scripts.clients.runtimes
	@mkdir -p $(BUILD) && touch $@

# The tool packages users run, the mock server and the drift probe (scripts/tools/<tool>, written
# by hand), copied into generated/python/raydium-api-<tool> with the descriptions they read
# (each host's bundle; the probe also the source-only view) and their dependencies pinned at
# requirements.txt's versions (docs/decisions/, 142).
TOOLS_SOURCES := $(shell find scripts/tools -type f -not -path '*/__pycache__/*' 2>/dev/null)
$(BUILD)/tools.generated: $(TOOLS_SOURCES) $(SPEC_PY) LICENSE requirements.txt \
  $(foreach h,$(HOSTS),$(OUT)/$(h).json $(OUT)/$(h).source-only.yaml) $(VENV_OK) | $(BUILD)/spec-tests.ok
	@$(PY) -m scripts.tools.write
	@mkdir -p $(BUILD) && touch $@

# The Python runtime, mypy --strict, into the cache the generated clients' checks read (they
# import it): checked once here, those checks start warm. (Order-only on the lint stamps, for
# the schedule alone: it runs beside the spec-test gate, which takes one core; decision 127.)
PY_RUNTIME := $(CURDIR)/scripts/runtime/python
$(BUILD)/runtime.typed: $(filter scripts/runtime/python/%,$(RUNTIME_SOURCES)) $(VENV_OK) | $(foreach h,$(HOSTS),$(BUILD)/$(h).linted)
	@MYPYPATH=$(PY_RUNTIME) $(PY) -m mypy --strict --cache-dir $(BUILD)/mypy-generated --no-error-summary -p raydium_api_runtime
	@touch $@

# (Order-only on the ledger as well, for the schedule alone: the ledger takes a fraction of a
# second, and with it written first the docs site builds beside the first generator, not
# after the last.)
$(BUILD)/%.generated: $(OUT)/%.yaml $(BUILD)/%.linted $(GENERATOR_INPUTS) $(VENV_OK) $(NODE_OK) | $(BUILD)/spec-tests.ok $(LEDGER) $(BUILD)/runtimes.generated $(BUILD)/runtime.typed
	@echo "generate: $*"
	@$(PY) -m scripts.clients.generate $* --manifest $@

# The MCP server package, raydium-mcp (scripts/clients/mcp_server.py): its tool catalogue from the three
# services' bundles, beside the server written by hand (scripts/templates/mcp-server); it calls the
# Python clients, whose modules it names (after their generation) and whose major versions it requires.
MCP_HOSTS := pool-v3 transaction-v1 perps-v1
MCP_SOURCES := $(shell find scripts/templates/mcp-server -type f -not -path '*/__pycache__/*' 2>/dev/null)
generate: $(BUILD)/mcp.generated
$(BUILD)/mcp.generated: $(foreach h,$(MCP_HOSTS),$(OUT)/$(h).json $(OUT)/$(h).deref.json $(BUILD)/$(h).generated) \
  $(MCP_SOURCES) $(CLIENTS_PY) LICENSE releases/client-versions.json scripts/runtime/python/pyproject.toml $(VENV_OK)
	@echo "generate: mcp"
	@$(PY) -m scripts.clients.mcp_server --manifest $@

# --- the markers ledger and the docs site ---------------------------------------------
# The ledger reads each host's .json; it depends on the .yaml, the first file of the same
# grouped target, so that `make -n` (the quick bench's incremental share) sees it too.
$(LEDGER): $(foreach h,$(HOSTS),$(OUT)/$(h).yaml) $(SPEC_PY) $(VENV_OK) | $(BUILD)/spec-tests.ok
	@$(PY) -m scripts.spec.ledger $@ $(foreach h,$(HOSTS),$(OUT)/$(h).json)

DOCS_SOURCES := mkdocs.yml $(shell find docs releases -type f -not -path 'docs/reference/*' \
  -not -path 'docs/assets/vendor/*' 2>/dev/null) $(DOCS_PY) \
  $(wildcard scripts/templates/docs/*.j2)
docs: $(BUILD)/docs.built ## Build the reference site into site/ (mkdocs build --strict)
# The site's order: the source document's (its three services, then the launch auth service).
DOCS_HOSTS := $(filter pool-v3,$(HOSTS)) $(filter transaction-v1,$(HOSTS)) $(filter perps-v1,$(HOSTS)) \
  $(filter-out pool-v3 transaction-v1 perps-v1,$(HOSTS))

# The offline plugin's search worker needs the iframe-worker shim to open from disk; it
# comes from node_modules (package-lock.json), never from a CDN (mkdocs.yml: polyfills).
$(BUILD)/docs.built: $(BUNDLES) $(WORKFLOWS) $(UPSTREAM) $(LEDGER) $(DOCS_SOURCES) $(VENV_OK) $(NODE_OK) | $(BUILD)/spec-tests.ok
	@echo "docs: reference pages and site"
	@$(PY) -m scripts.docs.pages docs/reference $(LEDGER) $(DOCS_HOSTS)
	@mkdir -p docs/assets/vendor/iframe-worker
	@cp node_modules/iframe-worker/shim/index.js docs/assets/vendor/iframe-worker/shim.js
	@# not --quiet: it hides the warnings from --strict too, and the build passed with them (mkdocs 1.6.1)
	@NO_MKDOCS_2_WARNING=1 $(PY) -m mkdocs build --strict 2>&1 | { grep -v '^INFO ' || true; }
	@touch $@

SERVE_PORT ?= 8000
serve: $(BUILD)/docs.built ## Serve site/ on http://127.0.0.1:$(SERVE_PORT) (site/index.html also opens from disk)
	+@echo "serve: http://127.0.0.1:$(SERVE_PORT)/ (Ctrl-C stops)"; \
	  $(PY) -m http.server --bind 127.0.0.1 --directory site $(SERVE_PORT)

# --- tests and checks -------------------------------------------------------------------
# The suite's files run side by side, one pytest-xdist worker per job (JOBS, one per core), each
# file whole on one worker, handed out in collection order (longest first: tests/project.py's
# LONGEST_FIRST; xdist would otherwise hand out the files with most tests first); `make test
# JOBS=1` runs them one at a time in one process
TEST_WORKERS = $(if $(filter 1,$(JOBS)),,-n $(JOBS) --dist loadfile --no-loadscope-reorder)
test: setup all test-setup browser toolchains ## Build what is out of date, then run the whole test suite (set-up first), plus mypy --strict and ruff
	+@$(PY) -m ruff check scripts tests
	+@$(PY) -m mypy
	+@$(PY) -m pytest -p no:cacheprovider $(TEST_WORKERS) tests

UNDER_LOAD_RUNS ?= 3
test-under-load: all ## `make test` UNDER_LOAD_RUNS times in a row (3) with every core kept busy; records the runs in tests/under-load.json and docs/testing.md
	+@$(PY) -m scripts.quality.under_load --runs $(UNDER_LOAD_RUNS) --report docs/testing.md

typecheck: $(VENV_OK) ## mypy --strict and ruff on scripts/ and tests/
	@$(PY) -m ruff check scripts tests
	@$(PY) -m mypy

check: all ## Fail when the committed generated/ differs from what the specs produce
	@git diff --exit-code --stat -- generated/ \
	  || { echo "check: generated/ is stale: run make and commit generated/" >&2; exit 1; }
	@untracked=$$(git ls-files --others --exclude-standard -- generated/); \
	  if [ -n "$$untracked" ]; then echo "check: untracked files in generated/: $$untracked" >&2; exit 1; fi

# --- breaking changes and releases ------------------------------------------------------
BASE ?=
diff: all ## Changes per host since BASE (git ref; default: its last release) and the level of its next release; fails on a hand-edited version
	@$(PY) -m scripts.release.spec_diff $(if $(BASE),--base $(BASE)) --json $(BUILD)/diff.json --gate $(HOSTS)

release: all toolchains ## Release every package whose code changed (versions, changelogs, dist/, two commits: docs/guide/versioning.md)
	+@$(PY) -m scripts.release.release --dist dist

release-check: all ## What `make release` would release now: each package's next version, its level and its notes
	@$(PY) -m scripts.release.release --check

RELEASE ?=
release-files: all toolchains ## Every package's artefacts at its current version into dist/ (RELEASE=<package>@<version>: a past release, rebuilt from its commit)
	@$(PY) -m scripts.release.files --dist dist $(RELEASE)

tags: ## Tag each recorded release's commit `<package>@<version>` (annotated; never moves a tag)
	@$(PY) -m scripts.release.tags

# Generated mutants (mutmut; StrykerJS for the TypeScript runtime; our operator set for Go and
# Rust) over the contract and gate files; CHANGED=1 runs only the files changed since
# MUTATION_BASE (committed or not), MUTATION_ONLY="PATH ..." only those targets
MUTATION_BASE ?= HEAD~1
MUTATION_TOOLS := $(BUILD)/.mutation-tools-ok
$(MUTATION_TOOLS): tests/mutation/requirements.txt tests/mutation/package.json tests/mutation/package-lock.json $(VENV_OK)
	@$(VENV)/bin/uv pip install --quiet --python $(PY) -r tests/mutation/requirements.txt -c requirements.txt
	@$(NPM_CI) --prefix tests/mutation
	@touch $@
mutation: all test-setup toolchains $(MUTATION_TOOLS) ## Generated mutants per file (the full run takes hours; CHANGED=1: the files changed since MUTATION_BASE; SURVIVORS=1: only the survivors again, not StrykerJS's): writes docs/testing.md
	+@$(PY) -m scripts.quality.mutation_run --report docs/testing.md $(if $(CHANGED),--changed $(MUTATION_BASE)) $(if $(MUTATION_ONLY),--only $(MUTATION_ONLY)) $(if $(SURVIVORS),--survivors)

MUTATION_ARGS ?=
mutation-defects: all test-setup ## The hand-made defects of tests/mutation/mutations.yaml (about a minute each): writes docs/defects.md (MUTATION_ARGS=--only ID)
	+@$(PY) -m scripts.quality.mutation_check --report docs/defects.md $(MUTATION_ARGS)

BENCH_ARGS ?=
compat: all test-setup ## Run third-party tools on the bundles; writes docs/clients/works-with.md (COMPAT_ARGS=--only TOOL)
	$(PY) -m scripts.quality.compat $(COMPAT_ARGS)

bench: all toolchains ## Benchmark the pipeline and the clients (long); writes docs/performance.md (BENCH_ARGS=--resume)
	+@$(PY) -m scripts.quality.bench $(BENCH_ARGS)

clean: ## Remove build stamps and tool caches (keeps generated/, .venv, node_modules)
	rm -rf $(BUILD) .pytest_cache .mypy_cache .ruff_cache site dist

distclean: clean ## Also remove .venv and node_modules
	rm -rf $(VENV) node_modules tests/node/node_modules tests/compat/node_modules $(COMPAT_PY)

lock: ## Re-resolve requirements.in into requirements.txt (needs the package registry)
	rm -rf $(BUILD)/lock-venv
	$(PYTHON) -m venv $(BUILD)/lock-venv
	$(BUILD)/lock-venv/bin/pip install --quiet -r requirements.in
	{ echo "# Full lock of requirements.in, written by 'make lock' (pip freeze of a fresh venv). Do not edit by hand."; \
	  $(BUILD)/lock-venv/bin/pip freeze --all --exclude-editable; } > requirements.txt
	rm -rf $(BUILD)/lock-venv
