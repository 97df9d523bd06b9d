# Canasta Scorekeeper. `make run` serves the app to the phones on this machine's network
# (http://<this machine's address>:8000, DEBUG off, gunicorn; scripts/serve-local); `make dev` is
# Django's development server with DEBUG on, on http://127.0.0.1:8000; `make test` runs every test
# on SQLite and on PostgreSQL; `make docs` builds the manual (docs/, MkDocs) into site/ in strict
# mode, as `make test` does. They set up what they need on a fresh Debian with Python 3.11.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
# uv installs the pinned packages (scripts/ensure-venv puts it in the venv), compiled as pip did:
# measured on a fresh clone, the runtime's and the tests' packages in 30 s with pip, 18 s with uv,
# the venv included.
UV_INSTALL := $(VENV)/bin/uv pip install --quiet --compile-bytecode --python $(PY)

.PHONY: run dev test pictures docs lint bench messages clean

$(VENV)/.runtime: requirements.txt
	@echo "Installing the Python packages into $(VENV) (the first time: a minute or so)…"
	scripts/ensure-venv "$(PYTHON)" "$(VENV)"
	$(UV_INSTALL) -r requirements.txt
	touch $@

$(VENV)/.dev: requirements-dev.txt $(VENV)/.runtime
	scripts/ensure-venv "$(PYTHON)" "$(VENV)"
	$(UV_INSTALL) -r requirements-dev.txt
	touch $@

# npm's packages (package.json, pinned by package-lock.json): Pyodide, which runs the rules engine
# in the phone's browser, copied under static/vendor/ (scripts/vendor-pyodide); eslint and
# fake-indexeddb for the front end's lint and tests.
static/vendor/.installed: package.json package-lock.json scripts/vendor-pyodide
	@echo "Installing the browser side's packages from npm, the rules engine the phones run among them (the first time: a minute or two)…"
	command -v npm >/dev/null || scripts/apt-install nodejs npm
	npm ci --no-audit --no-fund --loglevel=error
	scripts/vendor-pyodide
	touch $@

run: $(VENV)/.runtime static/vendor/.installed
	scripts/serve-local

dev: $(VENV)/.runtime static/vendor/.installed
	$(PY) manage.py migrate --noinput
	$(PY) manage.py runserver 127.0.0.1:8000

# The Python and the npm packages install side by side (uv's few seconds and npm's ten, each
# mostly on one core); scripts/apt-install takes turns with itself.
test:
	@$(MAKE) --no-print-directory --silent -j2 $(VENV)/.dev static/vendor/.installed
	scripts/test-all

# The browser tests with their pictures of the pages, to be looked at by eye: phones at 390×844,
# walls at 1920×1080, in test-artifacts/pages/ and test-artifacts/browser/ (last run's removed
# first). `make test` takes none (tests/browser/phones.py: PICTURES), but a failed browser test's.
# In the full chromium, the players' browser (tests/browser/conftest.py). The page audits take no
# picture: not run here.
pictures: $(VENV)/.dev static/vendor/.installed
	command -v chromium >/dev/null || scripts/apt-install chromium
	command -v redis-server >/dev/null || scripts/apt-install redis-server
	rm -rf test-artifacts/pages test-artifacts/browser
	SCOREKEEPER_PICTURES=1 $(PY) -m pytest -n 2 --dist worksteal \
	  --ignore=tests/browser/test_audits.py tests/browser

# The manual: its generated pages (house rules, presets, the API reference) are written from the
# code at each build (docs/hooks/generated.py); a broken link or anchor fails it.
docs: $(VENV)/.dev
	$(VENV)/bin/mkdocs build --strict --quiet

# ruff on the Python, eslint (eslint.config.mjs) on the browser's scripts.
lint: $(VENV)/.dev static/vendor/.installed
	$(VENV)/bin/ruff check .
	node_modules/.bin/eslint .

# The engine's speed, and a club evening over two web servers and two workers (as two machines
# would run them over one PostgreSQL and Redis: nothing lost, every result stored once). 90 s:
# every table has sent its result by then (three steps of 5 to 25 s from its start).
bench: $(VENV)/.dev
	$(PY) bench/rules.py
	$(PY) bench/evening.py --pairs 200 --spectators 200 --seconds 90 --nodes 2

messages: $(VENV)/.dev
	$(PY) manage.py makemessages -l fr -l es -l it -l de -l pt_BR -l nl --no-obsolete --ignore ".venv/*" --ignore "tests/*" --ignore "bench/*"
	$(PY) manage.py compilemessages -l fr -l es -l it -l de -l pt_BR -l nl --ignore ".venv"

clean:
	rm -rf $(VENV) node_modules static/vendor staticfiles .pytest_cache .hypothesis test-artifacts site
