"""The command line contract of hand-format.md ("Command line"): one test through a real
process, the others in this process through call_command."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tests.conftest import load_examples

ROOT = Path(__file__).resolve().parents[2]


def manage_process(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``manage.py`` as a real process: one test keeps the whole command line honest."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_SETTINGS")}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


@dataclass(frozen=True)
class Ran:
    returncode: int
    stdout: str
    stderr: str


def manage(*args: str, stdin: str | None = None) -> Ran:
    """A command run in this process, as manage.py runs it: exit code, standard output and error
    (a CommandError is "CommandError: ..." and 1, as Django's command line prints it)."""
    streams = [io.TextIOWrapper(io.BytesIO(), encoding="utf-8", write_through=True) for _ in "oe"]
    given = io.TextIOWrapper(io.BytesIO((stdin or "").encode()), encoding="utf-8")
    saved, sys.stdin = sys.stdin, given
    code = 0
    try:
        with contextlib.redirect_stdout(streams[0]), contextlib.redirect_stderr(streams[1]):
            try:
                call_command(*args)
            except SystemExit as exit_:
                code = int(exit_.code or 0)
            except CommandError as error:
                sys.stderr.write(f"CommandError: {error}\n")
                code = 1
    finally:
        sys.stdin = saved
    out, err = (stream.buffer.getvalue().decode() for stream in streams)
    return Ran(code, out, err)


def test_every_shared_hand_passes_through_score_hand() -> None:
    examples = [e for e in load_examples() if "hand" in e]
    stdin = "\n".join(json.dumps(e["hand"]) for e in examples) + "\n"
    result = manage_process("score_hand", stdin=stdin)
    assert result.returncode == 1  # the examples include refusals
    outputs = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(outputs) == len(examples)
    for example, out in zip(examples, outputs, strict=True):
        if example["expect"].get("error"):
            assert list(out) == ["error"], example["name"]
        else:
            assert [s["total"] for s in out["sides"]] == example["expect"]["totals"], example[
                "name"
            ]
            assert out["wins_game"] is None


def test_score_hand_reads_a_file_and_exits_0_when_every_line_scored(tmp_path: Path) -> None:
    good = [e["hand"] for e in load_examples() if "hand" in e and "totals" in e["expect"]]
    path = tmp_path / "hands.jsonl"
    path.write_text("\n".join(json.dumps(h) for h in good) + "\n")
    result = manage("score_hand", str(path))
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.splitlines()) == len(good)


def test_score_hand_skips_blank_lines_and_answers_non_objects_with_an_error() -> None:
    ok = json.dumps({"variant": "classic", "sides": [{}, {}]})
    result = manage("score_hand", stdin=f"{ok}\n\n   \nnot json\n[1, 2]\n{ok}\n")
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.returncode == 1
    assert len(lines) == 4
    assert "sides" in lines[0] and "sides" in lines[3]
    assert "error" in lines[1] and "error" in lines[2]


def test_score_hand_output_has_the_documented_shape() -> None:
    hand = {
        "variant": "classic",
        "sides": [
            {
                "name": "NS",
                "score_before": 1230,
                "melds": [{"rank": "K", "naturals": 7}],
                "went_out": True,
            },
            {"name": "EW"},
        ],
    }
    out = json.loads(manage("score_hand", stdin=json.dumps(hand)).stdout)
    assert out == {
        "sides": [
            {
                "name": "NS",
                "total": 670,
                "breakdown": {
                    "cards": 70,
                    "hand": 0,
                    "canastas": 500,
                    "red_threes": 0,
                    "going_out": 100,
                    "other": 0,
                },
                "score_after": 1900,
                "opening_minimum": 90,
            },
            {
                "name": "EW",
                "total": 0,
                "breakdown": {
                    "cards": 0,
                    "hand": 0,
                    "canastas": 0,
                    "red_threes": 0,
                    "going_out": 0,
                    "other": 0,
                },
                "score_after": 0,
                "opening_minimum": 50,
            },
        ],
        "wins_game": None,
    }


OPENINGS = [e for e in load_examples() if "opening" in e]


def test_every_shared_opening_lookup_passes_through_opening_minimum() -> None:
    from io import StringIO

    from django.core.management import call_command

    for example in OPENINGS:
        lookup = example["opening"]
        out = StringIO()
        args = ["--variant", lookup["variant"], "--score", str(lookup["score"])]
        if "players" in lookup:
            args += ["--players", str(lookup["players"])]
        call_command("opening_minimum", *args, stdout=out)
        assert out.getvalue().strip() == str(example["expect"]["minimum"]), example["name"]


FAMILIES = load_examples("examples-families.jsonl")


def test_every_family_hand_passes_through_score_hand() -> None:
    hands = [e for e in FAMILIES if "hand" in e]
    result = manage("score_hand", stdin="\n".join(json.dumps(e["hand"]) for e in hands) + "\n")
    assert result.returncode == 1  # the file has refusals
    outputs = [json.loads(line) for line in result.stdout.splitlines()]
    for example, out in zip(hands, outputs, strict=True):
        expect = example["expect"]
        if expect.get("error"):
            assert list(out) == ["error"], example["name"]
            continue
        assert [s["total"] for s in out["sides"]] == expect["totals"], example["name"]
        assert out["wins_game"] == expect.get("wins_game"), example["name"]
        if "opening_minimum" in expect:
            assert [s["opening_minimum"] for s in out["sides"]] == expect["opening_minimum"]


def test_every_family_opening_lookup_passes_through_opening_minimum() -> None:
    for example in (e for e in FAMILIES if "opening" in e):
        lookup = example["opening"]
        args = ["--variant", lookup["variant"], "--score", str(lookup["score"])]
        if "hand_number" in lookup:
            args += ["--hand", str(lookup["hand_number"])]
        result = manage("opening_minimum", *args)
        if example["expect"].get("error"):
            assert result.returncode == 1 and result.stdout == "", example["name"]
            assert "error:" in result.stderr
        else:
            assert result.stdout.strip() == str(example["expect"]["minimum"]), example["name"]


def test_opening_minimum_by_hand_needs_no_score_and_ignores_the_hand_elsewhere() -> None:
    assert manage("opening_minimum", "--variant", "hand-and-foot", "--hand", "3").stdout == "120\n"
    missing = manage("opening_minimum", "--variant", "hand-and-foot")
    assert missing.returncode == 1 and "give the hand" in missing.stderr
    samba = manage("opening_minimum", "--variant", "samba", "--score", "7000", "--hand", "9")
    assert samba.stdout == "150\n"
    assert manage("opening_minimum", "--variant", "samba").returncode == 1  # a score is needed


@pytest.mark.parametrize(
    ("args", "printed"),
    [
        (["--variant", "classic-fr", "--score", "5000"], "canasta"),
        (["--variant", "classic", "--score", "-5", "--players", "2"], "15"),
    ],
)
def test_opening_minimum_prints_the_minimum(args: list[str], printed: str) -> None:
    result = manage("opening_minimum", *args)
    assert (result.returncode, result.stdout.strip()) == (0, printed)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--variant", "gin", "--score", "0"], "unknown variant 'gin'"),
        (["--variant", "origen", "--score", "0", "--players", "3"], "not 3"),
    ],
)
def test_opening_minimum_refuses_unknown_preset_or_player_count(
    args: list[str], words: str
) -> None:
    result = manage("opening_minimum", *args)
    assert result.returncode == 1
    assert result.stdout == ""
    assert words in result.stderr


def test_variants_lists_every_preset_with_key_values() -> None:
    result = manage("variants")
    assert result.returncode == 0
    for preset in (
        "classic",
        "classic-fr",
        "classic-es",
        "espanola",
        "ducale",
        "italiana",
        "origen",
    ):
        assert f"{preset}:" in result.stdout
    assert "target 15000" in result.stdout and "12000" in result.stdout
