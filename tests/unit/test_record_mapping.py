"""The browser's record mapping names the keys the hand record declares (rules/declaration.py),
no others: a key the script writes or reads that the engine does not know, or a side key the
engine takes that the script never writes, fails here.

The keys the page writes are the script's own list (``RECORD_KEYS`` of
static/scorekeeper/hand/record.mjs, read by node); the keys it reads back are read from
``fromRecord``'s source. tests/js/record.test.mjs checks the mapping itself, on every worked
example.
"""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
from pathlib import Path

from django.core.management import call_command

from scorekeeper.rules import PRESETS
from scorekeeper.rules.declaration import MELD, SEQUENCE, SIDE, as_json

ROOT = Path(__file__).resolve().parents[2]
MODULE = ROOT / "static" / "scorekeeper" / "hand" / "record.mjs"
# Inside a key's value rather than keys of a level: {"points": N} (cards given as points) and
# an adjustment's points and reason.
INNER = {"points", "reason"}


def script_keys() -> dict[str, list[str]]:
    node = shutil.which("node")
    assert node, "node is needed: `make test` installs it (Makefile, static/vendor/.installed)"
    program = (
        f'import {{RECORD_KEYS}} from "{MODULE.as_uri()}"; console.log(JSON.stringify(RECORD_KEYS))'
    )
    out = subprocess.run(
        [node, "--input-type=module", "-e", program], capture_output=True, text=True, check=True
    )
    keys: dict[str, list[str]] = json.loads(out.stdout)
    return keys


def declared() -> set[str]:
    return {key.name for key in (*SIDE, *MELD, *SEQUENCE)} | INNER


def test_the_record_the_script_builds_holds_every_entered_key_and_no_other() -> None:
    keys = script_keys()
    # Every side key the table enters (the game holds name and score_before).
    entered = {key.name for key in SIDE if not key.from_game}
    assert set(keys["side"]) == entered, sorted(set(keys["side"]) ^ entered)
    meld = {key.name for key in (*MELD, *SEQUENCE)}
    assert set(keys["meld"]) == meld, sorted(set(keys["meld"]) ^ meld)
    assert len(keys["side"]) == len(set(keys["side"]))  # each key written once


def read_keys(body: str) -> set[str]:
    """Keys read from a record (``r``) or one of its melds (``m``)."""
    return set(re.findall(r"\b[rm]\??\.(\w+)", body))


def test_the_record_the_script_reads_back_holds_only_declared_keys() -> None:
    source = MODULE.read_text(encoding="utf-8")
    start = source.index("export function fromRecord(")
    body = source[start : source.index("\n}\n", start)]
    read = read_keys(body)
    assert {"melds", "melded", "hand", "foot", "red_threes"} <= read  # the reading is found
    assert read <= declared(), sorted(read - declared())


def test_the_check_catches_a_key_the_engine_does_not_know() -> None:
    assert read_keys("s.x = r.went_out || r.wentout;") - declared() == {"wentout"}


def test_the_command_prints_the_declaration() -> None:
    out = io.StringIO()
    call_command("hand_record_keys", stdout=out)
    assert json.loads(out.getvalue()) == json.loads(json.dumps(as_json(PRESETS)))
