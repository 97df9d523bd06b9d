#!/usr/bin/env python
"""The rules engine on the phone (Pyodide in a worker, issue 19), measured in Debian's chromium
against the app served as in production (gunicorn, WhiteNoise's compressed static files;
bench/serving.py):

- the bytes a phone downloads once: Pyodide's files as WhiteNoise serves them (Brotli where the
  browser takes it), the engine's modules and its messages;
- a cold start (empty cache) with the CPU slowed ``--slowdown`` times (DevTools throttling, as a
  cheap phone, which slows the page but not the engine's worker): from opening the entry page to
  the engine ready, and to the first score it gives with the connection off; then the same on a
  later page, from the browser's cache and the engine's memory the first start kept
  (static/scorekeeper/engine-worker.mjs), with the kept memory's size; and chromium's CPU from
  opening the page to the engine ready;
- hands scored per second in the browser: every example line, ``--rounds`` times;
- 20 hands kept offline, then the connection back: the time until all are saved.

Usage: python bench/phone_engine.py [--slowdown 4] [--rounds 20] [--queued 20]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serving import ROOT, served, shell_json

sys.path.insert(0, str(ROOT))
from tests.browser.phones import ENGINE_MEMORY

CHROMIUM = "/usr/bin/chromium"
# The size of the engine's kept memory (engine-worker.mjs: KEPT), 0 until it is kept.
KEPT_SIZE = f"""() => caches.open("{ENGINE_MEMORY}").then(c => c.keys().then(keys => keys.length
  ? c.match(keys[0]).then(r => r.blob()).then(b => b.size) : 0))"""
SETUP = """
import json
from scorekeeper.services import game_create
game, token = game_create(variant="classic", players=4, sides=[{"name": "Us"}, {"name": "Them"}])
print(json.dumps({"id": game.id, "token": token}))
"""


def wait_for(page, expression: str, seconds: float = 120) -> None:
    """Wait until ``expression`` (a function's text, which may return a promise) is truthy, asked
    through evaluate: the page's policy forbids the eval that wait_for_function uses."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise TimeoutError(expression)
        time.sleep(0.02)


def records() -> list[dict]:
    out = []
    for name in ("examples.jsonl", "examples-families.jsonl"):
        for line in (ROOT / "tests" / "data" / name).read_text().splitlines():
            if line.strip() and "hand" in json.loads(line):
                out.append(json.loads(line)["hand"])
    return out


def downloaded(base: str) -> dict[str, int]:
    """What a phone downloads once, compressed as the server sends it."""
    import urllib.request

    version = json.loads((ROOT / "node_modules" / "pyodide" / "package.json").read_text())[
        "version"
    ]
    folder = f"vendor/pyodide/{version}/"
    sizes = {}
    for name in (
        "pyodide.mjs",
        "pyodide.asm.mjs",
        "pyodide.asm.wasm",
        "python_stdlib.zip",
        "pyodide-lock.json",
    ):
        request = urllib.request.Request(
            f"{base}/static/{folder}{name}", headers={"Accept-Encoding": "br, gzip"}
        )
        with urllib.request.urlopen(request) as response:
            sizes[name] = len(response.read())
    return sizes


def new_game(env: dict) -> dict:
    return shell_json(env, SETUP)


def enter_queens(page) -> None:
    page.get_by_test_id("side-0-add-meld").click()
    page.get_by_test_id("side-0-rank-Q").click()
    page.get_by_test_id("side-0-meld-0-naturals").fill("4")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--slowdown", type=float, default=4)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--queued", type=int, default=20)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with served(2) as app, sync_playwright() as playwright:
        sizes = downloaded(app.url)
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        context = browser.new_context(
            viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
        )
        for visit in ("cold (empty cache)", "a later page (from the cache and the kept memory)"):
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.slowdown})
            game = new_game(app.env)
            page.goto(f"{app.url}/g/{game['id']}/play/{game['token']}/")
            began, cpu = time.monotonic(), browser_cpu()
            page.goto(f"{app.url}/g/{game['id']}/edit/hand/")
            page.wait_for_selector("body[data-engine=ready]", timeout=120_000)
            ready, cpu = time.monotonic() - began, browser_cpu() - cpu
            context.set_offline(True)
            enter_queens(page)
            wait_for(
                page, "() => document.getElementById('side-0-live').textContent.includes('40')"
            )
            first = time.monotonic() - began
            start = page.get_attribute("body", "data-engine-start")
            print(
                f"{visit}, CPU slowed {args.slowdown:g}x: engine ready {ready:.1f} s "
                f"(started {start}, chromium's CPU {cpu:.1f} s), first offline score "
                f"{first:.1f} s after opening the page"
            )
            if visit.startswith("cold"):
                context.set_offline(False)
                wait_for(page, KEPT_SIZE)  # kept in the background, once the engine is ready
                print(f"the engine's memory kept: {page.evaluate(KEPT_SIZE) / 1e6:.1f} MB gzipped")
            else:
                queue(page, app, game, args.queued)  # offline still, hand 1 on the page
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
                hands = records() * args.rounds
                started = time.monotonic()
                page.evaluate(
                    "records => Promise.all(records.map(r => window.canastaEngine().score(r)))",
                    hands,
                )
                seconds = time.monotonic() - started
                print(
                    f"hands scored in the browser (CPU not slowed): {len(hands)} in {seconds:.2f} s = "
                    f"{len(hands) / seconds:.0f} hands/s"
                )
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.slowdown})
                started = time.monotonic()
                page.evaluate(
                    "records => Promise.all(records.map(r => window.canastaEngine().score(r)))",
                    hands,
                )
                seconds = time.monotonic() - started
                print(f"... CPU slowed {args.slowdown:g}x: {len(hands) / seconds:.0f} hands/s")
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
                started = time.monotonic()
                page.evaluate("records => window.canastaEngine().scoreMany(records)", hands)
                seconds = time.monotonic() - started
                print(f"... in one call (the engine alone): {len(hands) / seconds:.0f} hands/s")
            page.close()
        browser.close()
    total = sum(sizes.values())
    print(
        "downloaded once (compressed): "
        + ", ".join(f"{k} {v / 1e6:.2f} MB" for k, v in sizes.items())
        + f"; total {total / 1e6:.2f} MB"
    )


def browser_cpu() -> float:
    """CPU seconds used so far by the chromium this bench drives (its every process)."""
    import psutil

    used = 0.0
    for process in psutil.Process().children(recursive=True):
        try:
            if "chrom" in process.name():
                times = process.cpu_times()
                used += times.user + times.system
        except psutil.Error:  # ended meanwhile
            continue
    return used


def queue(page, app, game: dict, count: int) -> None:
    """``count`` hands kept offline, then the time from the connection's return to all saved."""
    import psycopg

    for number in range(1, count + 1):
        if number > 1:
            enter_queens(page)
        wait_for(page, "() => document.getElementById('side-0-live').textContent.includes('40')")
        page.get_by_test_id("save").click()
        wait_for(
            page, f"() => document.getElementById('hand-title').textContent === 'Hand {number + 1}'"
        )
    kept = page.evaluate("window.canastaQueue.list().then(items => items.length)")
    started = time.monotonic()
    page.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    wait_for(page, "() => window.canastaQueue.list().then(items => items.length === 0)")
    seconds = time.monotonic() - started
    with psycopg.connect(app.database_url) as connection:
        saved = connection.execute(
            "SELECT count(*) FROM scorekeeper_hand WHERE game_id = %s", [game["id"]]
        ).fetchone()[0]
    print(
        f"{kept} hands kept offline: all saved {seconds:.2f} s after the connection returned "
        f"(the game holds {saved} hands)"
    )


if __name__ == "__main__":
    main()
