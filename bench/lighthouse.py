#!/usr/bin/env python
"""Lighthouse's mobile performance score of every kind of page (issue 19), against the app
served as in production (gunicorn, WhiteNoise, compressed pages; bench/serving.py), in Debian's
chromium. `make test` checks best practices and SEO of the same pages, and their accessibility
with axe (tests/browser/test_audits.py, which makes them); performance depends on the machine,
so it is measured here.

Prints each page's performance score with its largest contentful paint, total blocking time and
cumulative layout shift, and any audit Lighthouse could not compute. Usage: python
bench/lighthouse.py
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
# Every kind of page, as the page audits open them (tests/browser/test_audits.py): made in the
# served app's database, their cookies from Django's test client (in the shell, not served).
SETUP = """
import json
from django.conf import settings
settings.ALLOWED_HOSTS.append("testserver")  # the test client's own requests, in this shell
from tests.browser.test_audits import every_page_kind
print(json.dumps(every_page_kind()))
"""


def main() -> None:
    with served(2) as app:
        pages = shell_json(app.env, SETUP)
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
            errored = [key for key, a in audits.items() if a.get("scoreDisplayMode") == "error"]
            print(
                f"{name}: performance {round(100 * report['categories']['performance']['score'])}, "
                f"LCP {audits['largest-contentful-paint']['displayValue']}, "
                f"TBT {audits['total-blocking-time']['displayValue']}, "
                f"CLS {audits['cumulative-layout-shift']['displayValue']}"
                + (f"; errored: {', '.join(errored)}" if errored else "")
            )


if __name__ == "__main__":
    main()
