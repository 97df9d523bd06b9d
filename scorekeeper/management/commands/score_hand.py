"""``python manage.py score_hand [FILE]``: score hand records, one JSON object per line.

hand-format.md, "Command line": one output line per input line, in order; blank lines skipped; a
line that is not a JSON object gets an ``{"error": ...}`` line; exit 0 when every line scored, 1
when any was refused (the others are still scored and printed).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import IO, Any

import orjson
from django.core.management.base import BaseCommand, CommandError

from scorekeeper.rules import score_json


def score_lines(lines: Iterable[bytes]) -> Iterator[tuple[bytes, bool]]:
    """Each non-blank input line's output line (without newline) and whether it scored."""
    for line in lines:
        if not line.strip():
            continue
        try:
            record = orjson.loads(line)
        except orjson.JSONDecodeError as error:
            yield orjson.dumps({"error": f"not a JSON object: {error}"}), False
            continue
        result: dict[str, Any] = score_json(record)
        yield orjson.dumps(result), "error" not in result


def write_scores(lines: Iterable[bytes], out: IO[bytes]) -> bool:
    """Score every line onto ``out``; True when all of them scored."""
    all_scored = True
    chunk: list[bytes] = []
    for output, scored in score_lines(lines):
        all_scored &= scored
        chunk.append(output)
        if len(chunk) >= 512:  # write in chunks: one write per line costs more than scoring
            out.write(b"\n".join(chunk) + b"\n")
            chunk.clear()
    if chunk:
        out.write(b"\n".join(chunk) + b"\n")
    out.flush()
    return all_scored


class Command(BaseCommand):
    help = "Score hand records (JSON Lines, hand-format.md) from FILE or standard input."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", nargs="?", help="JSON Lines file (default: standard input)")

    def handle(self, *args: Any, file: str | None = None, **options: Any) -> None:
        out = sys.stdout.buffer
        if file is None or file == "-":
            ok = write_scores(sys.stdin.buffer, out)
        else:
            try:
                source = open(file, "rb")  # noqa: SIM115 - closed below, after the last line
            except OSError as error:
                raise CommandError(f"cannot read {file}: {error.strerror}") from None
            with source:
                ok = write_scores(source, out)
        if not ok:
            sys.exit(1)
