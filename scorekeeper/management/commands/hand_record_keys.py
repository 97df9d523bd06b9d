"""``python manage.py hand_record_keys``: the hand record's keys as JSON (rules/declaration.py).

Each level's keys (record, side, meld, sequence) with their form, default and kinds, and the side
keys each preset's entry form offers: what the browser's record mapping is tested against.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand

from scorekeeper.rules import PRESETS
from scorekeeper.rules.declaration import as_json


class Command(BaseCommand):
    help = "Print the hand record's declared keys as JSON."

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write(json.dumps(as_json(PRESETS), indent=1))
