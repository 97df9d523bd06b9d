"""Each pair its own table link, fresh standings, names a game can hold.

- Every released table gets one key per pair (the tokens derived as tournaments.table_keys
  derives them, with the SECRET_KEY this runs with: run it with the server's; only their hashes
  are stored), and the plain-text table token is dropped (0004).
- The game's own token, the one link on a card printed before, is retired: it opens nothing
  (a new one nobody holds takes its place) and only finds its table, whose page asks for the new
  cards.
- The games of tables whose result stands are locked, as they are from now on when a result
  stands.
- Tournaments already under way start at inputs version 1, so every snapshot written before is
  rebuilt once.
- Pair, player and club names lose control characters, and pair names longer than a game's
  side name (60) are shortened; a name either change makes equal to another pair's of the same
  tournament takes its id, so names stay unique.
"""
import hashlib
import secrets
import unicodedata

from django.db import migrations
from django.utils.crypto import salted_hmac

SIDES = ("ns", "ew")
SETTLED = ("confirmed", "closed")
MAX_SIDE_NAME = 60


def _token(game, side):
    # As tournaments.table_keys.table_token derives it.
    value = f"{game.id}:{game.token_hash}:{side}"
    return salted_hmac("tournaments.table-link", value, algorithm="sha256").hexdigest()[:32]


def _one_line(value):
    return "".join(" " if unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp") else c for c in value)


def _with_id(name, entry_id):
    tail = f" #{entry_id}"
    return name[: MAX_SIDE_NAME - len(tail)].rstrip() + tail


def keys_and_locks(apps):
    Match = apps.get_model("tournaments", "Match")
    Game = apps.get_model("scorekeeper", "Game")
    GameKey = apps.get_model("scorekeeper", "GameKey")
    keys = []
    for match in Match.objects.exclude(game_id=None).select_related("game"):
        game = match.game
        # The game's own token was the table's one link, on its card: it opens nothing now
        # (a key nobody holds takes its place) and is kept only to say the card is out of date.
        keys.append(GameKey(game_id=game.id, holder="retired", token_hash=game.token_hash))
        game.token_hash = hashlib.sha256(secrets.token_bytes(32)).hexdigest()
        game.save(update_fields=["token_hash"])
        for side in SIDES:
            hashed = hashlib.sha256(_token(game, side).encode()).hexdigest()
            keys.append(GameKey(game_id=game.id, holder=side, token_hash=hashed))
    GameKey.objects.bulk_create(keys, batch_size=500)
    settled = Match.objects.filter(status__in=SETTLED).exclude(game_id=None)
    Game.objects.filter(id__in=settled.values("game_id")).update(locked=True)


def names(apps):
    Entry = apps.get_model("tournaments", "Entry")
    taken = {}  # tournament -> the names kept so far
    entries = list(Entry.objects.order_by("tournament_id", "id"))
    for entry in entries:
        taken.setdefault(entry.tournament_id, set()).add(entry.name)
    for entry in entries:
        name = _one_line(entry.name).strip() or f"#{entry.id}"
        if len(name) > MAX_SIDE_NAME:
            name = _with_id(name, entry.id)
        if name != entry.name and name in taken[entry.tournament_id]:
            name = _with_id(name, entry.id)
        fixed = (name, _one_line(entry.player_1), _one_line(entry.player_2), _one_line(entry.club))
        if fixed != (entry.name, entry.player_1, entry.player_2, entry.club):
            taken[entry.tournament_id].discard(entry.name)
            taken[entry.tournament_id].add(name)
            entry.name, entry.player_1, entry.player_2, entry.club = fixed
            entry.save(update_fields=["name", "player_1", "player_2", "club"])


def forwards(apps, schema_editor):
    keys_and_locks(apps)
    Tournament = apps.get_model("tournaments", "Tournament")
    Snapshot = apps.get_model("tournaments", "StandingsSnapshot")
    started = Snapshot.objects.values("tournament_id")
    Tournament.objects.filter(id__in=started).update(inputs_version=1)
    names(apps)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0002_pair_links_and_fresh_standings")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
