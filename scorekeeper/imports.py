"""Reading a file of hand records (JSON Lines) for import: one record per line, blank lines
skipped. A line that is not JSON is refused with its own line number; the services check the
records themselves (services.game_import), all or nothing.
"""

from __future__ import annotations

import json

from django.utils.translation import gettext as _

MAX_BYTES = 2_000_000  # about 2000 hands of detailed entry; services.MAX_HANDS caps the hands


class ImportRefused(Exception):
    """A file that cannot be read as hand records; the message is translated."""


def records_from_text(text: str) -> list[tuple[int, object]]:
    """(line number, parsed JSON) for each non-blank line."""
    records: list[tuple[int, object]] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            records.append((number, json.loads(line)))
        except (json.JSONDecodeError, RecursionError, ValueError):
            raise ImportRefused(_("Line %(line)s is not JSON.") % {"line": number}) from None
    return records
