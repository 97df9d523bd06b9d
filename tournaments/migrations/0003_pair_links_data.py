"""Each pair its own table link, fresh standings, names a game can hold.

- Every released table gets one key per pair (the tokens derived as tournaments.table_keys
  derives them; only their hashes are stored) and the plain-text table token is dropped. A card
  printed before still finds its table, whose page asks for the new cards.
- Tournaments start at inputs version 1, so every snapshot written before is rebuilt once.
- Pair, player and club names lose control characters, and pair names longer than a game's
  side name (60) are shortened, keeping them unique within the tournament.
"""

import hashlib
import unicodedata

from django.db import migrations
from django.utils.crypto import salted_hmac

SIDES = ("ns", "ew")
MAX_SIDE_NAME = 60


def _token(game_id, side):
    # As tournaments.table_keys.table_token derives it.
    return salted_hmac(
        "tournaments.table-link", f"{game_id}:{side}", algorithm="sha256"
    ).hexdigest()[:32]


def _one_line(value):
    return "".join(" " if unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp") else c for c in value)


def forwards(apps, schema_editor):
    Match = apps.get_model("tournaments", "Match")
    GameKey = apps.get_model("scorekeeper", "GameKey")
    Tournament = apps.get_model("tournaments", "Tournament")
    Entry = apps.get_model("tournaments", "Entry")
    keys = []
    for game_id in Match.objects.exclude(game_id=None).values_list("game_id", flat=True):
        for side in SIDES:
            hashed = hashlib.sha256(_token(game_id, side).encode()).hexdigest()
            keys.append(GameKey(game_id=game_id, holder=side, token_hash=hashed))
    GameKey.objects.bulk_create(keys, batch_size=500)
    Tournament.objects.update(inputs_version=1)
    for entry in Entry.objects.all():
        name = _one_line(entry.name).strip()
        if len(name) > MAX_SIDE_NAME:
            name = f"{name[: MAX_SIDE_NAME - 10].rstrip()} #{entry.id}"[:MAX_SIDE_NAME]
        fixed = (name, _one_line(entry.player_1), _one_line(entry.player_2), _one_line(entry.club))
        if fixed != (entry.name, entry.player_1, entry.player_2, entry.club):
            entry.name, entry.player_1, entry.player_2, entry.club = fixed
            entry.save(update_fields=["name", "player_1", "player_2", "club"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0002_pair_links_and_fresh_standings")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
