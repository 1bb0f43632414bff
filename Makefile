# Developer entry points for the Whist card room: setup, run, test, lint, bench.

# The newest Python 3.12+ on this machine: python3.14/3.13/3.12 on PATH (pyenv shims that
# cannot run are skipped), then pyenv's installed versions. Override with PYTHON=...
PYTHON ?= $(shell for p in python3.14 python3.13 python3.12 \
	$$(ls -d $$(pyenv root 2>/dev/null || echo $$HOME/.pyenv)/versions/3.1[2-9]*/bin/python3 \
	2>/dev/null | sort -rV); do \
	$$p -c 'import sys; sys.exit(sys.version_info < (3, 12))' >/dev/null 2>&1 && \
	command -v $$p && break; done)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.install.stamp

HOST ?= 127.0.0.1
PORT ?= 8000
# Daphne with a message-size cap and keepalive pings (docs/stack-notes.md §2.11).
DAPHNE_FLAGS := --websocket-max-message-size 65536 --ping-interval 5 --ping-timeout 30

# Override both to run a second suite beside this one (its own database name and Redis port).
TEST_DATABASE_URL ?= postgres://whist:whist@127.0.0.1:5432/whist
TEST_REDIS_URL ?= redis://127.0.0.1:6379
# WHIST_TEST_NO_SKIP: every test must run, so one that would be skipped (a service missing)
# fails the run instead (tests/conftest.py).
TEST_ENV := DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=$(TEST_REDIS_URL) WHIST_TEST_NO_SKIP=1
# pytest-xdist workers, each on a test database and Redis databases of its own
# (tests/redis_databases.py); tests that share a costly setup, or time a whole stack of their
# own, stay on one worker (xdist_group, --dist loadgroup). Figures: docs/benchmarks.md.
TEST_WORKERS ?= 3
E2E_WORKERS ?= 3
# Extra pytest arguments for both runs (e.g. PYTEST_ARGS="-x").
PYTEST_ARGS ?=
# Both runs --dist loadgroup: a test at a time to each worker (two waiting), in the order of
# tests/slow_first.py, the slowest first. The browser run's --dist load (xdist's default) sent
# each worker a quarter of its share at once: the nine slowest browser tests all to gw0.
UNIT_PYTEST := $(BIN)/pytest -m "not e2e" -n $(TEST_WORKERS) --dist loadgroup --durations=15 \
	$(PYTEST_ARGS)
TEST_RUN := $(TEST_ENV) $(UNIT_PYTEST)
# No `|| [ $$? -eq 5 ]`: a browser run that collects no test (exit 5) fails. It collects
# tests/e2e only, unless PYTEST_ARGS names tests itself: each of its processes collected the
# whole suite to keep 100 tests (10 CPU-s a process against 4; docs/benchmarks.md).
E2E_PATHS = $(if $(filter tests/%,$(PYTEST_ARGS)),,tests/e2e)
E2E_PYTEST := $(BIN)/pytest -m e2e -n $(E2E_WORKERS) --dist loadgroup --durations=10 \
	$(PYTEST_ARGS) $(E2E_PATHS)
E2E_RUN := $(TEST_ENV) $(E2E_PYTEST)
# make test runs the browser run beside the unit run, not after it (the browser run leaves
# most of the CPU idle, waiting on its browsers), with test databases named apart
# (test_whist_gw0_e2e) and a Redis server of its own on a spare port (tests/with_own_redis.py):
# the two runs' xdist workers have the same names, and so the same Redis databases
# (tests/redis_databases.py). BESIDE=0: one after the other (docs/benchmarks.md).
BESIDE ?= 1
E2E_BESIDE := $(TEST_ENV) WHIST_TEST_DATABASE_SUFFIX=e2e $(BIN)/python -m tests.with_own_redis \
	$(E2E_PYTEST)
PSQL := psql -h 127.0.0.1 -U postgres -v ON_ERROR_STOP=1 -qtA

.PHONY: help setup test-setup chromium services database run test test-runs test-browser lint \
	lint-bytecode bench bench-load

## help: list the targets
help:
	@grep -E '^## ' $(MAKEFILE_LIST) | sed 's/^## /  /'

## setup: the virtualenv with the project and its dev tools (reinstalled when pyproject.toml changes)
setup: $(STAMP)

$(BIN)/python:
	@[ -n "$(PYTHON)" ] || { echo "error: no Python 3.12 or newer found (looked for python3.14," \
		"python3.13, python3.12 on PATH and in pyenv's versions). Install Python 3.12 or newer" \
		"with its venv module: your system's package where it has one (Debian 13, Ubuntu 24.04:" \
		"apt-get install python3 python3-venv), or pyenv (pyenv install 3.12), or python.org;" \
		"then run make again, or name it: make PYTHON=/path/to/python3.12 setup" >&2; exit 1; }
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 12))' || { \
		echo "error: $(PYTHON) is not Python >= 3.12 (Django 6 needs it); set PYTHON=..." >&2; \
		exit 1; }
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	@$(BIN)/python -c 'import sys; sys.exit(sys.version_info < (3, 12))' || { \
		echo "error: $(VENV) is not Python >= 3.12; remove it and run make setup" >&2; exit 1; }
	$(BIN)/pip install -e '.[dev]'
	touch $@

## test-setup: setup, plus Chromium, nginx, PostgreSQL, Redis and the whist role and database
test-setup: setup chromium services database

## chromium: Debian's Chromium and its headless shell for the browser tests, nginx and gettext (apt-get, as root)
chromium:
	@# chromium-headless-shell: the same build without the browser around it (the headless runs).
	@if ! command -v chromium >/dev/null || ! command -v chromium-headless-shell >/dev/null; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y \
		--no-install-recommends chromium chromium-headless-shell fonts-liberation; \
	fi
	@# nginx: tests/deployment runs the reverse proxy of docs/deployment.md in front of Daphne.
	@if ! command -v nginx >/dev/null && [ ! -x /usr/sbin/nginx ]; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive \
		apt-get install -y --no-install-recommends nginx-light; \
	fi
	@# gettext: compilemessages for locale/ (the compiled .mo files are committed too).
	@if ! command -v msgfmt >/dev/null; then \
		apt-get update && DEBIAN_FRONTEND=noninteractive \
		apt-get install -y --no-install-recommends gettext; \
	fi

## services: start PostgreSQL and Redis on 127.0.0.1 if they are down
services:
	@pg_isready -q -h 127.0.0.1 || { \
		pg_ctlcluster --skip-systemctl-redirect $$(ls /etc/postgresql) main start; \
		for i in $$(seq 30); do pg_isready -q -h 127.0.0.1 && break; sleep 1; done; \
		pg_isready -h 127.0.0.1; }
	@redis-cli ping >/dev/null 2>&1 || { \
		redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no; \
		for i in $$(seq 30); do redis-cli ping >/dev/null 2>&1 && break; sleep 1; done; \
		redis-cli ping; }

## database: the PostgreSQL role and database `whist` (password `whist`), if missing
database: services
	@$(PSQL) -c "SELECT 1 FROM pg_roles WHERE rolname = 'whist'" | grep -q 1 || \
		$(PSQL) -c "CREATE ROLE whist LOGIN CREATEDB PASSWORD 'whist'"
	@$(PSQL) -c "SELECT 1 FROM pg_database WHERE datname = 'whist'" | grep -q 1 || \
		$(PSQL) -c "CREATE DATABASE whist OWNER whist"

# A development setup unless told otherwise: debug on and a development key (the settings
# refuse to start without a real key when debug is off; the pages say "development setup").
RUN_ENV := DJANGO_DEBUG=$${DJANGO_DEBUG:-true} \
	DJANGO_SECRET_KEY=$${DJANGO_SECRET_KEY:-django-insecure-make-run-development-key-not-for-real-players} \
	WHIST_SITE_URL=$${WHIST_SITE_URL:-http://$(HOST):$(PORT)}

## run: serve the site on http://127.0.0.1:8000/ (SQLite, in-memory channel layer, eager tasks)
run: setup
	$(RUN_ENV) $(BIN)/python manage.py migrate --noinput
	@# One line saying where the site is, once it answers (whistsite/ready.py).
	@# It stops with make ($$PPID: make's pid, in the recipe's shell).
	@$(BIN)/python -m whistsite.ready $(HOST) $(PORT) $$PPID &
	$(RUN_ENV) $(BIN)/daphne -b $(HOST) -p $(PORT) $(DAPHNE_FLAGS) whistsite.asgi:application

# The browser tests' screenshots cost Chromium CPU and no test reads them (tests/e2e/screenshots.py).
SCREENSHOTS_NOTE := $(strip $(if $(filter-out 0,$(WHIST_SCREENSHOTS)),Screenshots: in \
test-results/.,Screenshots: only of failed tests (test-results/failed/). WHIST_SCREENSHOTS=1 \
make test (or make test-browser) takes them all, into test-results/.))

# make test's two runs at once (BESIDE=1, the default): either failing fails it; the browser run's output is kept in
# a file until the unit run has ended, so that neither's is mixed into the other's.
define BOTH_RUNS
log=$$(mktemp -t whist-browser-run.XXXXXX); trap 'rm -f "$$log"' EXIT; \
echo "The browser run, beside the unit run (its output follows the unit run's; meanwhile in $$log):"; \
echo '$(subst ','\'',$(E2E_BESIDE))'; \
$(E2E_BESIDE) >"$$log" 2>&1 & browser=$$!; \
echo '$(subst ','\'',$(TEST_RUN))'; \
$(TEST_RUN); unit=$$?; \
wait $$browser; e2e=$$?; \
echo "==== the browser run's output ===="; cat "$$log"; \
echo "make test: the unit run exited with $$unit, the browser run with $$e2e"; \
echo '$(SCREENSHOTS_NOTE)'; \
[ $$unit -eq 0 ] && [ $$e2e -eq 0 ]
endef

LINT := $(BIN)/ruff check . && $(BIN)/ruff format --check . && $(BIN)/mypy && $(BIN)/lint-imports

# make test's pytest processes (two controllers and six workers, started at once) each rewrote
# the asserts of every test module they collected, and the servers and nested pytest runs of
# the tests compiled the project's modules again: with PYTHONDONTWRITEBYTECODE set (this
# machine's shells) nothing was kept, and without it all eight start before any has written.
# So make test compiles the project and collects every test once, the bytecode written to
# __pycache__, beside make lint (mypy leaves the second core idle): about 10 CPU-s for some
# 20-25 less in the runs (docs/benchmarks.md, "make test's bytecode").
PACKAGES := $(patsubst %/__init__.py,%,$(wildcard */__init__.py))
BYTECODE := env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m compileall -q $(PACKAGES) bench \
	manage.py && $(TEST_ENV) env -u PYTHONDONTWRITEBYTECODE $(BIN)/pytest --collect-only -q \
	-p no:cacheprovider

## lint-bytecode: make lint, and beside it the project compiled and the tests collected once, the bytecode kept in __pycache__ (make test's first step)
lint-bytecode: setup
	@echo '$(LINT)'; ($(BYTECODE)) >/dev/null 2>&1 & bytecode=$$!; ($(LINT)); lint=$$?; \
	wait $$bytecode || echo "(collecting the tests beforehand failed: the runs say why)"; \
	[ $$lint -eq 0 ]

## test: make lint (the bytecode written beside it), then all tests against PostgreSQL and Redis; the browser tests in a second pytest process beside the first (BESIDE=0: after it)
test: lint-bytecode test-setup
ifeq ($(BESIDE),1)
	@$(BOTH_RUNS)
else
	$(TEST_RUN)
	$(E2E_RUN)
endif

## test-runs: make test's two runs at once, as it runs them (after make test-setup; no lint)
test-runs: setup
	@$(BOTH_RUNS)

## test-browser: the browser tests alone, as `make test` runs them (after make test-setup)
test-browser: setup
	$(E2E_RUN)
	@echo '$(SCREENSHOTS_NOTE)'

## lint: ruff check, ruff format --check, mypy (docs/development.md "Types"), and the import contracts (lint-imports; docs/architecture.md §8)
lint: setup
	$(LINT)

## bench: the engine benchmark
bench: setup
	@if [ -f bench/engine.py ]; then $(BIN)/python bench/engine.py; \
	else echo "bench/engine.py does not exist yet"; fi

## bench-load: live play under load on the real stack (bench/load.py; ARGS="--tables 50")
bench-load: setup services database
	$(BIN)/python bench/load.py $(ARGS)
