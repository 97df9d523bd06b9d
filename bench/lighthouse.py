#!/usr/bin/env python
"""Lighthouse's mobile performance score of the pages players open most (issue 19), against the
app served as in production (gunicorn, WhiteNoise, compressed pages; bench/serving.py), in
Debian's chromium. `make test` checks accessibility, best practices and SEO of the same pages
(tests/browser/test_audits.py); performance depends on the machine, so it is measured here.

Prints each page's performance score with its largest contentful paint, total blocking time and
cumulative layout shift. Usage: python bench/lighthouse.py
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serving import ROOT, served, shell_json

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
SETUP = """
import json
from django.contrib.auth import get_user_model
from scorekeeper.services import Author, game_create, hand_add
from tournaments.services.entries import entries_add
from tournaments.services.rounds import round_pair, round_release
from tournaments.services.tournament import tournament_create
game, token = game_create(variant="classic", players=4, sides=[{"name": "Anna & Ben"}, {"name": "Carla & Dino"}])
for _ in range(6):
    hand_add(game_id=game.id, sides=[{"melds": [{"rank": "K", "naturals": 4}]}, {"hand": {"low": 2}}], author=Author("b"))
director = get_user_model().objects.create_user("lh-director", password="lh-director-42")
t = tournament_create(name="Tuesday", format="swiss", rounds=3, director=director)
entries_add(tournament_id=t.id, entries=[{"name": "Pair %d" % i} for i in range(1, 13)])
round_release(round_id=round_pair(tournament_id=t.id).id)
print(json.dumps({"game": game.id, "token": token, "tournament": t.id}))
"""


def edit_cookie(base: str, play: str) -> str:
    """The cookies a phone keeps from opening a game's edit link (the redirect not followed)."""
    import urllib.error
    import urllib.request

    class Stay(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    try:
        urllib.request.build_opener(Stay).open(base + play)
    except urllib.error.HTTPError as answer:  # the 302, with its cookies
        cookies = answer.headers.get_all("Set-Cookie") or []
        return "; ".join(c.split(";", 1)[0] for c in cookies)
    raise RuntimeError("the edit link did not redirect")


def main() -> None:
    with served(2) as app:
        made = shell_json(app.env, SETUP)
        game, tournament = made["game"], made["tournament"]
        cookie = edit_cookie(app.url, f"/g/{game}/play/{made['token']}/")
        pages = {
            "home": ("/", ""),
            "new game": ("/new/", ""),
            "scoreboard": (f"/g/{game}/edit/", cookie),
            "hand entry": (f"/g/{game}/edit/hand/", cookie),
            "opening": ("/opening/", ""),
            "rules": ("/variants/", ""),
            "tournament": (f"/t/{tournament}/", ""),
        }
        for name, (path, sent) in pages.items():
            command = [
                str(LIGHTHOUSE),
                app.url + path,
                "--only-categories=performance",
                "--output=json",
                "--quiet",
                "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking",
            ]
            if sent:
                command.append("--extra-headers=" + json.dumps({"Cookie": sent}))
            done = subprocess.run(
                command,
                capture_output=True,
                text=True,
                env={**os.environ, "CHROME_PATH": "/usr/bin/chromium"},
            )
            if done.returncode:
                print(f"{name}: lighthouse failed: {done.stderr.strip()[-300:]}")
                continue
            report = json.loads(done.stdout)
            audits = report["audits"]
            print(
                f"{name}: performance {round(100 * report['categories']['performance']['score'])}, "
                f"LCP {audits['largest-contentful-paint']['displayValue']}, "
                f"TBT {audits['total-blocking-time']['displayValue']}, "
                f"CLS {audits['cumulative-layout-shift']['displayValue']}"
            )


if __name__ == "__main__":
    main()
