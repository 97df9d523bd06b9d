"""``python manage.py score_hand [FILE]``: score hand records, one JSON object per line.

hand-format.md, "Command line": one output line per input line, in order; blank lines skipped; a
line that is not a JSON object gets an ``{"error": ...}`` line; exit 0 when every line scored, 1
when any was refused (the others are still scored and printed).

Large inputs are scored in chunks on every core (``--workers``), output order kept: the engine is
CPU-bound pure Python, so processes, not threads, are what scale it.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Iterable, Iterator
from itertools import islice
from typing import IO, Any

import orjson
from django.core.management.base import BaseCommand, CommandError

from scorekeeper.rules import RuleViolation, score_record

CHUNK = 2000  # lines per unit of work: large enough that handing a chunk over costs little


def score_lines(lines: Iterable[bytes]) -> Iterator[tuple[bytes, bool]]:
    """Each non-blank input line's output line (without newline) and whether it scored."""
    dumps, loads = orjson.dumps, orjson.loads
    for line in lines:
        if not line.strip():
            continue
        try:
            # orjson writes the HandScore dataclass as hand-format.md's output object directly.
            yield dumps(score_record(loads(line))), True
        except orjson.JSONDecodeError as error:
            yield dumps({"error": f"not a JSON object: {error}"}), False
        except RuleViolation as violation:
            yield dumps({"error": str(violation)}), False


def score_chunk(lines: list[bytes]) -> tuple[bytes, bool]:
    """A chunk of input lines as one block of output lines, and whether all of them scored."""
    outputs = []
    all_scored = True
    for output, scored in score_lines(lines):
        outputs.append(output)
        all_scored &= scored
    return (b"\n".join(outputs) + b"\n" if outputs else b""), all_scored


def chunks(lines: Iterable[bytes], size: int = CHUNK) -> Iterator[list[bytes]]:
    it = iter(lines)
    while chunk := list(islice(it, size)):
        yield chunk


def write_scores(lines: Iterable[bytes], out: IO[bytes], workers: int = 1) -> bool:
    """Score every line onto ``out`` in input order; True when all of them scored."""
    pieces = chunks(lines)
    first = next(pieces, None)
    if first is None:
        return True
    second = next(pieces, None)
    all_scored = True
    if second is None or workers <= 1:  # small input: a pool would cost more than it saves
        for chunk in (first, *([second] if second else []), *pieces):
            block, scored = score_chunk(chunk)
            out.write(block)
            all_scored &= scored
    else:
        context = multiprocessing.get_context("fork")
        with context.Pool(workers) as pool:
            for block, scored in pool.imap(score_chunk, _chain(first, second, pieces)):
                out.write(block)
                all_scored &= scored
    out.flush()
    return all_scored


def _chain(
    first: list[bytes], second: list[bytes], rest: Iterator[list[bytes]]
) -> Iterator[list[bytes]]:
    yield first
    yield second
    yield from rest


class Command(BaseCommand):
    help = "Score hand records (JSON Lines, hand-format.md) from FILE or standard input."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file", nargs="?", help="JSON Lines file (default: standard input)")
        parser.add_argument(
            "--workers",
            type=int,
            default=os.cpu_count() or 1,
            help="processes for large inputs (default: one per core)",
        )

    def handle(self, *args: Any, file: str | None = None, workers: int, **options: Any) -> None:
        out = sys.stdout.buffer
        if file is None or file == "-":
            ok = write_scores(sys.stdin.buffer, out, workers)
        else:
            try:
                source = open(file, "rb")  # noqa: SIM115 - closed below, after the last line
            except OSError as error:
                raise CommandError(f"cannot read {file}: {error.strerror}") from None
            with source:
                ok = write_scores(source, out, workers)
        if not ok:
            sys.exit(1)
