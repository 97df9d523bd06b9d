#!/usr/bin/env python
"""Instructions per hand of the rules engine, counted by valgrind's callgrind.

Wall-clock figures on a shared machine vary from run to run; instruction counts do not (same
binary, same input). This counts the whole process scoring N hands, minus the same process
scoring none, divided by N. Needs valgrind (Debian package). Usage: python bench/instructions.py [N]
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = """
import sys
sys.path[:0] = [{root!r}, {bench!r}]
from rules import make_records
from scorekeeper.rules import score_json
records = make_records({n})
if {score}:
    for record in records:
        score_json(record)
"""


def instructions(n: int, score: bool) -> int:
    code = SCRIPT.format(root=str(ROOT), bench=str(ROOT / "bench"), n=n, score=score)
    result = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-c",
            code,
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(re.search(r"Collected : (\d+)", result.stderr).group(1))  # type: ignore[union-attr]


def main() -> None:
    if not shutil.which("valgrind"):
        sys.exit("valgrind is needed: apt-get install valgrind")
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    per_hand = (instructions(n, True) - instructions(n, False)) / n
    print(
        f"engine in-process (score + JSON form): {per_hand:,.0f} instructions per hand ({n:,} hands)"
    )


if __name__ == "__main__":
    main()
