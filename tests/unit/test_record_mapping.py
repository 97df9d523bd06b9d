"""The browser's record mapping names the keys the hand record declares (rules/declaration.py),
no others: a key the script writes or reads that the engine does not know, or a side key the
engine takes that the script never writes, fails here.

The mapping is read from the script's source: the keys of the record it builds (``toRecord``,
``withAdjustment``) and of the record it reads back (``fromRecord``).
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

from django.core.management import call_command

from scorekeeper.rules import PRESETS
from scorekeeper.rules.declaration import MELD, SEQUENCE, SIDE, as_json

SCRIPT = Path(__file__).resolve().parents[2] / "static" / "scorekeeper" / "hand.js"
# Inside a key's value rather than keys of a level: {"points": N} (cards given as points) and
# an adjustment's points and reason.
INNER = {"points", "reason"}


def function_body(source: str, name: str) -> str:
    start = source.index(f"function {name}(")
    end = source.index("\n  }\n", start)
    return source[start:end]


def written_keys(body: str) -> set[str]:
    """Keys set on the record (``r.key =``, ``o.key =``) or in an object literal."""
    return set(re.findall(r"\b[ro]\.(\w+)\s*=[^=]", body)) | set(re.findall(r"[{,]\s*(\w+):", body))


def read_keys(body: str) -> set[str]:
    """Keys read from a record (``r``) or one of its melds (``m``)."""
    return set(re.findall(r"\b[rm]\.(\w+)", body))


def declared() -> set[str]:
    return {key.name for key in (*SIDE, *MELD, *SEQUENCE)} | INNER


def test_the_record_the_script_builds_holds_only_declared_keys() -> None:
    source = SCRIPT.read_text(encoding="utf-8")
    built = written_keys(function_body(source, "toRecord"))
    built |= written_keys(function_body(source, "withAdjustment"))
    assert built <= declared(), sorted(built - declared())
    # Every side key the engine takes and the table enters (the game holds name, score_before).
    entered = {key.name for key in SIDE if not key.from_game}
    assert entered <= built, sorted(entered - built)
    assert {key.name for key in MELD} <= built


def test_the_record_the_script_reads_back_holds_only_declared_keys() -> None:
    source = SCRIPT.read_text(encoding="utf-8")
    read = read_keys(function_body(source, "fromRecord"))
    assert read <= declared(), sorted(read - declared())


def test_the_command_prints_the_declaration() -> None:
    out = io.StringIO()
    call_command("hand_record_keys", stdout=out)
    assert json.loads(out.getvalue()) == json.loads(json.dumps(as_json(PRESETS)))
