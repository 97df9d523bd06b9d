"""The pairs of a CSV file, read as a spreadsheet writes it, checked whole before anything is saved.

A director exports the list from Excel, LibreOffice or Google Sheets, or types it into the text
box. What such a file holds, and why each case is handled so:

- **Encoding.** "CSV UTF-8" (with a byte order mark) or plain UTF-8 is read as UTF-8; valid UTF-8
  is always taken as UTF-8, since another code page rarely forms it by chance. Excel's plain "CSV"
  is in the machine's code page (Windows-1252 in France, 1250 in Poland, 1251 in Russia, Mac
  Roman on an old Mac), which charset-normalizer detects. Two things the detector cannot know are
  added: a names file holds letters, so a reading that turns letters into symbols ("£ukasz" for
  "Łukasz") loses to one that does not; and where two code pages read the file equally well
  (French names read the same in 1250 and 1252 but for "ï"), the commoner one wins, where the
  detector would take the first name in alphabetical order. A one-line file in a non-Latin code
  page can still be misread; "CSV UTF-8" never is. A workbook (.xlsx, .xls) or other binary is
  refused with a word on how to save a CSV.
- **Separator.** The first line names the columns, so its separator is the file's: whichever of
  comma, semicolon (French Excel) or tab (Excel's "Unicode text") it holds most. A sniffer
  guessing from the whole file can be swayed by commas inside names.
- **Limits.** The file is refused whole, never cut, over ``MAX_BYTES`` or ``MAX_PAIRS``; the
  names are held to the game's limits (``scorekeeper.names``) so that a pair accepted here can
  always become a side of a game.
- **Errors.** Every bad line is named with its reason in one answer (a director fixes them all
  in one go), and nothing is returned if any line is bad.

Names are compared without regard to case or repeated spaces: "Les As" and "LES  AS" in one file
are one pair typed twice, and two pairs of those names would be confused at the tables.
"""

from __future__ import annotations

import csv
import io
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from charset_normalizer import from_bytes
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scorekeeper.names import (
    has_control_characters,
    name_key,
    shows_nothing,
)
from tournaments.sizes import MAX_PAIRS, MAX_SEED, PAIR_NAME_LIMITS

MAX_BYTES = 1_000_000  # 1000 pairs with every name at its limit take about 320 kB
MAX_SHOWN = 50  # problems named in one answer; the rest are counted

COLUMNS = ("name", "player_1", "player_2", "club", "seed")
DELIMITERS = ",;\t"  # on a tie, the first

# The code pages a spreadsheet writes, the commonest first: a tie between readings goes to it.
SPREADSHEET_ENCODINGS = (
    "cp1252",  # Western Europe and the Americas
    "cp1250",  # Central Europe
    "cp1251",  # Cyrillic
    "cp1253",  # Greek
    "cp1254",  # Turkish
    "cp1257",  # Baltic
    "cp1255",  # Hebrew
    "cp1256",  # Arabic
    "cp1258",  # Vietnamese
    "cp874",  # Thai
    "mac_roman",  # Excel on a Mac before 2016
)
# Punctuation a name may hold beyond ASCII: Excel's curly quotes and dashes, the Catalan "l·l".
NAME_PUNCTUATION = frozenset("’‘“”–—…«»·\u00a0")
WORKBOOK_SIGNATURES = (b"PK\x03\x04", b"\xd0\xcf\x11\xe0")  # .xlsx/.ods (a zip), .xls
UNICODE_BOMS = (  # UTF-32's before UTF-16's: the UTF-32-LE mark starts with UTF-16-LE's
    (b"\xff\xfe\x00\x00", "utf-32"),
    (b"\x00\x00\xfe\xff", "utf-32"),
    (b"\xff\xfe", "utf-16"),
    (b"\xfe\xff", "utf-16"),
)


class CsvRefused(Exception):
    """The file is refused: ``problems`` holds every reason, each a translated sentence (most
    name their line); ``shown`` the first ``MAX_SHOWN`` of them and ``more`` how many are left
    out. ``str()`` is the shown ones and the count of the rest, as one paragraph."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        self.shown = self.problems[:MAX_SHOWN]
        self.more = len(self.problems) - len(self.shown)
        super().__init__(" ".join(self.sentences()))

    def sentences(self) -> list[str]:
        """The problems shown, then how many more there are (a page lists them one a line)."""
        if not self.more:
            return list(self.shown)
        more = ngettext("…and %(n)s more problem.", "…and %(n)s more problems.", self.more)
        return [*self.shown, more % {"n": self.more}]


def too_big() -> str:
    """The refusal of a file over ``MAX_BYTES`` (the import form gives it too)."""
    return _("The file is too large: %(n)s MB at most.") % {"n": MAX_BYTES // 1_000_000}


def pairs_from_csv(
    data: bytes | str, taken: Iterable[str] = (), names_only: bool = False
) -> list[dict[str, Any]]:
    """The pairs of a CSV file (its bytes, or text already decoded, as pasted), each a dict of
    name, player_1, player_2, club (strings, trimmed, "" when absent) and seed (an int, 0 when
    absent), in the file's order. ``taken``: the names of the pairs already in the tournament.
    ``names_only`` (an individual event's players): a list without a first line of column
    names is a list of names, one a line. Raises ``CsvRefused`` naming every problem."""
    already = {name_key(name): name for name in taken}
    text = decode(data) if isinstance(data, bytes) else _pasted(data)
    records = [
        (line, row) for line, row in _records(text) if row is None or any(map(str.strip, row))
    ]
    if not records:
        raise CsvRefused([_("The file is empty.")])
    first = records[0][1]
    if names_only and (not first or first[0].strip().casefold() not in COLUMNS):
        records = [(0, ["name"]), *records]
    (header_line, header), *rows = records
    columns = _columns(header_line, header)
    if not rows:
        raise CsvRefused([_("The file lists no pair.")])
    if len(rows) > MAX_PAIRS:
        raise CsvRefused(
            [
                ngettext(
                    "The file lists %(n)s pair: at most %(max)s can be imported.",
                    "The file lists %(n)s pairs: at most %(max)s can be imported.",
                    len(rows),
                )
                % {"n": len(rows), "max": MAX_PAIRS}
            ]
        )
    pairs: list[dict[str, Any]] = []
    problems: list[str] = []
    first_line_of: dict[str, int] = {}
    for line, row in rows:
        pair, line_problems = _pair(line, row, columns)
        if pair:
            key = name_key(pair["name"])
            if key in first_line_of:
                line_problems.append(
                    _("Line %(line)s: the pair “%(name)s” is already on line %(first)s.")
                    % {"line": line, "name": pair["name"], "first": first_line_of[key]}
                )
            elif key in already:
                line_problems.append(
                    _("Line %(line)s: a pair is already called “%(name)s”.")
                    % {"line": line, "name": already[key]}
                )
            first_line_of.setdefault(key, line)
            pairs.append(pair)
        problems += line_problems
    if problems:
        raise CsvRefused(problems)
    return pairs


def decode(data: bytes) -> str:
    """The text of a file's bytes: by its byte order mark, else UTF-8, else the code page a
    spreadsheet wrote it in (see the module's docstring)."""
    if len(data) > MAX_BYTES:
        raise CsvRefused([too_big()])
    if data.startswith(WORKBOOK_SIGNATURES):
        raise CsvRefused(
            [
                _(
                    "This is a spreadsheet workbook, not a CSV file: in your spreadsheet, save "
                    "it as “CSV UTF-8” and import that file."
                )
            ]
        )
    marked = next((name for mark, name in UNICODE_BOMS if data.startswith(mark)), "utf-8-sig")
    try:
        return data.decode(marked)
    except UnicodeDecodeError:
        pass
    encoding = _code_page(data)
    if encoding is None:
        raise CsvRefused(
            [
                _(
                    "The file's characters cannot be read: in your spreadsheet, save it as "
                    "“CSV UTF-8” and import it again."
                )
            ]
        )
    return data.decode(encoding)


def _pasted(text: str) -> str:
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise CsvRefused([too_big()])
    return text.removeprefix("\ufeff")


def _code_page(data: bytes) -> str | None:
    """The detector's reading, among those that make the fewest symbols of the file's non-ASCII
    bytes (a single-byte code page reads a byte alike wherever it stands); on a tie, the
    commonest code page."""
    matches = list(from_bytes(data, cp_isolation=list(SPREADSHEET_ENCODINGS)))
    if not matches:
        return None
    high = Counter(data.translate(None, bytes(range(128))))

    def symbols(encoding: str) -> int:
        return sum(
            n for byte, n in high.items() if _is_symbol(bytes([byte]).decode(encoding, "replace"))
        )

    fewest = min(symbols(m.encoding) for m in matches)
    plausible = [m for m in matches if symbols(m.encoding) == fewest]
    best = plausible[0]  # the detector's order: least chaos, then most coherence
    tied = [
        m
        for m in plausible
        if abs(m.chaos - best.chaos) < 0.005 and abs(m.coherence - best.coherence) <= 0.02
    ]
    rank = {name: i for i, name in enumerate(SPREADSHEET_ENCODINGS)}
    return min(tied, key=lambda m: rank.get(m.encoding, len(rank))).encoding


def _is_symbol(character: str) -> bool:
    """Whether a character read from a byte over 127 is something other than a name's letter."""
    return character not in NAME_PUNCTUATION and unicodedata.category(character)[0] not in "LM"


def _records(text: str) -> Iterator[tuple[int, list[str] | None]]:
    """Each record with the line it starts on, or None for one csv cannot read (a cell over its
    field size limit): that line is named, and reading goes on with the next."""
    first = next((line for line in io.StringIO(text, newline="") if line.strip()), "")
    delimiter = max(DELIMITERS, key=first.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    start = 1
    while True:
        try:
            row: list[str] | None = next(reader)
        except StopIteration:
            return
        except csv.Error:
            row = None
        yield start, row
        start = reader.line_num + 1


def _unreadable(line: int) -> str:
    return _("Line %(line)s: a cell is too long to read (over %(n)s characters).") % {
        "line": line,
        "n": csv.field_size_limit(),
    }


def _columns(line: int, header: list[str] | None) -> list[str]:
    """The header's column names (trailing empty ones dropped), or a refusal naming each fault."""
    if header is None:
        raise CsvRefused([_unreadable(line)])
    written = [cell.strip() for cell in header]
    while not written[-1]:
        written.pop()
    columns = [cell.lower() for cell in written]
    problems = []
    for position, column in enumerate(columns):
        if not column:
            problems.append(
                _("Line %(line)s: column %(n)s has no name.") % {"line": line, "n": position + 1}
            )
        elif column not in COLUMNS:
            problems.append(
                _("Line %(line)s: unknown column “%(column)s”; the columns are %(columns)s.")
                % {
                    "line": line,
                    "column": _quoted(written[position]),
                    "columns": ", ".join(COLUMNS),
                }
            )
        elif column in columns[:position]:
            problems.append(
                _("Line %(line)s: the column “%(column)s” is named twice.")
                % {"line": line, "column": column}
            )
    if "name" not in columns:
        problems.append(
            _("Line %(line)s must name the columns, at least “name”: %(columns)s.")
            % {"line": line, "columns": ", ".join(COLUMNS)}
        )
    if problems:
        raise CsvRefused(problems)
    return columns


def _pair(line: int, row: list[str] | None, columns: list[str]) -> tuple[dict[str, Any], list[str]]:
    """One line's pair, or an empty dict and why not."""
    if row is None:
        return {}, [_unreadable(line)]
    cells = [cell.strip() for cell in row]
    used = max(i for i, cell in enumerate(cells) if cell) + 1  # trailing empty cells are no data
    if used > len(columns):
        return {}, [
            ngettext(
                "Line %(line)s has %(cells)s cells but the first line names %(columns)s column: "
                "put a value holding the separator between quotes.",
                "Line %(line)s has %(cells)s cells but the first line names %(columns)s columns: "
                "put a value holding the separator between quotes.",
                len(columns),
            )
            % {"line": line, "cells": used, "columns": len(columns)}
        ]
    if len(cells) < len(columns):
        return {}, [
            ngettext(
                "Line %(line)s has %(cells)s cell but the first line names %(columns)s columns.",
                "Line %(line)s has %(cells)s cells but the first line names %(columns)s columns.",
                len(cells),
            )
            % {"line": line, "cells": len(cells), "columns": len(columns)}
        ]
    values = dict(zip(columns, cells, strict=False))
    problems = (
        [_("Line %(line)s: a pair needs a name.") % {"line": line}]
        if shows_nothing(values["name"])
        else []
    )
    for column, limit in PAIR_NAME_LIMITS.items():
        value = values.get(column, "")
        if len(value) > limit:
            problems.append(
                _("Line %(line)s: “%(column)s” has %(length)s characters; at most %(max)s.")
                % {"line": line, "column": column, "length": len(value), "max": limit}
            )
        if has_control_characters(value):
            problems.append(
                _("Line %(line)s: “%(column)s” holds a tab, a line break or a control character.")
                % {"line": line, "column": column}
            )
    seed = values.get("seed", "") or "0"
    # ASCII digits only ("²" and "٣" are digits to isdigit), few enough for int() to take.
    if not (seed.isascii() and seed.isdigit() and len(seed) <= 9 and int(seed) <= MAX_SEED):
        problems.append(
            _("Line %(line)s: the seed “%(seed)s” is not a whole number from 0 to %(max)s.")
            % {"line": line, "seed": _quoted(seed), "max": MAX_SEED}
        )
    if problems:
        return {}, problems
    pair: dict[str, Any] = {column: values.get(column, "") for column in PAIR_NAME_LIMITS}
    return {**pair, "seed": int(seed)}, []


def _quoted(value: str) -> str:
    """A value as a message quotes it: at most 30 characters."""
    return value if len(value) <= 30 else value[:29] + "…"
