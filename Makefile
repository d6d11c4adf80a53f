# The two set-up commands of the README: `make run` and `make test`.
# Each creates its own virtualenv in .venv and installs the project into it.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run play test browser test-busy shards-busy lint bench bench-strength golden soak transcript catalogues scale-demo clean

# uv (from PyPI) installs the project and its tools in a third of pip's time (17 s against 45 s on a
# clean clone here), and every clean run of `make test` starts with it.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q uv
	$(BIN)/uv pip install -q --python $(BIN)/python -e '.[dev]'
	touch $(STAMP)

# Without DISCORD_TOKEN, `make run` opens the local table (as `make play`) after the Discord steps.
run: $(STAMP)
	$(BIN)/python -m bot --or-local-table

# The local table: a game at one screen in the browser, no Discord needed (http://127.0.0.1:8000/play;
# WEB_PORT picks another port).
play: $(STAMP)
	$(BIN)/python -m bot.web.play

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy

# A test process per core (pytest-xdist). Each takes a contiguous block of the tests, its share of
# the long ones (marked slow) first, and one that runs out takes half of what another has queued
# (worksteal), so the processes end together. One process more than the cores filled the cores while
# tests waited (idle 70 s -> 18 s of a run) but, beside two busy processes, starved a test's own bot:
# acknowledgements took 3 s. Bytecode is written even where the host asks for none: the suite starts
# about a hundred Python processes (test processes, bots, render and computer-player processes), and
# each would compile the project again.
test: export PYTHONDONTWRITEBYTECODE :=
test: $(STAMP) lint browser
	$(BIN)/python -m pytest -n logical --dist worksteal

# The browser the web companion's tests drive (tests/web): Debian's Chromium, installed when missing.
# Playwright's own browser download needs its CDN, which CI and the shared hosts cannot reach; the
# tests launch this one by its path (tests/web/browser.py).
CHROMIUM := /usr/bin/chromium
browser: $(CHROMIUM)
$(CHROMIUM):
	@if [ "$$(id -u)" = 0 ]; then apt-get update -q && apt-get install -y -q chromium; \
	else sudo apt-get update -q && sudo apt-get install -y -q chromium; fi

# The suite on a busy machine: `make test` with two processes spinning beside it, each on a CPU, as on
# the shared hosts players and CI run on. It must pass as `make test` does.
test-busy: $(STAMP)
	$(BIN)/python -m tests.busy --hogs 2 -- $(MAKE) test

# Two shard processes, one PostgreSQL and a kill, RUNS times in a row under the same load.
RUNS ?= 20
shards-busy: $(STAMP)
	$(BIN)/python -m tests.busy --hogs 2 --times $(RUNS) -- $(BIN)/python -m pytest -p no:cacheprovider \
		tests/reliability/test_shards.py

bench: $(STAMP)
	$(BIN)/python -m tests.perf

# The computer players' strength and thinking time: hours of CPU for 50 games a figure, so apart
# from `make bench`; GAMES=10 for a shorter run. Writes the strength section of BENCHMARKS.md.
GAMES ?= 50
bench-strength: $(STAMP)
	nice $(BIN)/python -m tests.perf.strength_bench --games $(GAMES)

golden: $(STAMP)
	$(BIN)/python -m tests.render.regenerate

soak: $(STAMP)
	$(BIN)/python -m tests.reliability.soak

# Seeded games (Carnegie 2 players, 4 players, solo; Nipron 2 and 4 players) played through the real discord.py client against
# the loopback fake; what the players saw and did goes to docs/transcripts/. Regenerate and
# commit them whenever player-facing text changes.
transcript: $(STAMP)
	$(BIN)/python -m tests.transcript
	$(BIN)/python -m tests.transcript.scorecard

# The same games in another language: make transcript-uk (ru, pl, ca) writes <game>-<n>p.uk.md.
transcript-%: $(STAMP)
	$(BIN)/python -m tests.transcript --language $*
	$(BIN)/python -m tests.transcript.scorecard

# Every language's catalogues brought in line with the keys the code says (README, "Languages").
catalogues: $(STAMP)
	$(BIN)/python -m render.common.catalogues

# PostgreSQL (installed by the dev extra, data in data/postgres) and two bot processes on shards 0
# and 1 sharing it, reading .env like `make run` (README, "Scaling out"). Ctrl-C stops them all.
scale-demo: $(STAMP)
	$(BIN)/python -m tests.scale_demo

clean:
	rm -rf $(VENV)
