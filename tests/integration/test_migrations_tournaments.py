"""Tournaments stored before each pair had its own link (tournaments 0002-0004): keys derived
for every released table, settled tables locked, plain-text tokens gone, names a game can hold
and still unique, standings rebuilt once, and an old card's link says it is out of date."""

from __future__ import annotations

import hashlib

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.urls import reverse

from scorekeeper.models import Game, GameKey
from tests.migrating import migrate_to, migrated_up_to
from tournaments.models import Entry, Match, Tournament
from tournaments.table_keys import table_token

BEFORE = [("tournaments", "0001_initial"), ("scorekeeper", "0008_game_target_optional")]


@pytest.fixture
def migrate():
    with migrated_up_to(BEFORE) as executor:
        yield executor


def stored_event(apps) -> dict[str, object]:
    """A Tuesday evening as the code before stored it: a released round of two tables, one
    confirmed, each with its game and the one table token (the game's own)."""
    Tournament = apps.get_model("tournaments", "Tournament")
    Entry = apps.get_model("tournaments", "Entry")
    Round = apps.get_model("tournaments", "Round")
    Match = apps.get_model("tournaments", "Match")
    Snapshot = apps.get_model("tournaments", "StandingsSnapshot")
    Game = apps.get_model("scorekeeper", "Game")
    event = Tournament.objects.create(name="Tuesday", format="swiss", rounds=2, tiebreaks=["tp"])
    idle = Tournament.objects.create(name="Next week", format="swiss", rounds=2, tiebreaks=["tp"])
    names = ["Anna\tBen", "Anna Ben", "x" * 100, "Clara & Dino"]
    entries = [Entry.objects.create(tournament=event, name=name) for name in names]
    played = Round.objects.create(tournament=event, number=1, format="swiss", status="playing")
    tokens, matches = [], []
    for i, (ns, ew, status) in enumerate(
        [(entries[0], entries[1], "confirmed"), (entries[2], entries[3], "playing")]
    ):
        token = f"old-card-token-{i}-abcdefghijklmnop"
        game = Game.objects.create(
            token_hash=hashlib.sha256(token.encode()).hexdigest(),
            variant="classic",
            players=4,
            target=5000,
        )
        match = Match.objects.create(
            round=played, table=i + 1, ns=ns, ew=ew, game=game, game_token=token, status=status
        )
        tokens.append(token)
        matches.append(match.id)
    Snapshot.objects.create(tournament=event, version=1, fingerprint="old", rows=[])
    return {"event": event.id, "idle": idle.id, "tokens": tokens, "matches": matches}


@pytest.mark.django_db(transaction=True)
def test_old_tables_get_a_key_per_pair_and_settled_ones_are_locked(migrate) -> None:
    old = migrate.loader.project_state(BEFORE).apps
    stored = stored_event(old)
    migrate_to(migrate)

    confirmed, playing = (Match.objects.select_related("game").get(id=i) for i in stored["matches"])
    for match in (confirmed, playing):
        for side in ("ns", "ew"):
            assert match.game.key_holder(table_token(match.game, side)) == side
    assert GameKey.objects.exclude(holder=GameKey.RETIRED).count() == 4
    assert Game.objects.get(id=confirmed.game_id).locked  # its result stands
    assert not Game.objects.get(id=playing.game_id).locked
    assert "game_token" not in {f.name for f in Match._meta.get_fields()}

    names = list(Entry.objects.order_by("id").values_list("name", flat=True))
    ids = list(Entry.objects.order_by("id").values_list("id", flat=True))
    # The tab gone, the name would be another pair's: it takes its id; that pair's stays.
    assert names[:2] == [f"Anna Ben #{ids[0]}", "Anna Ben"]
    assert len(set(names)) == 4 and all(len(n) <= 60 for n in names)
    assert names[2] == "x" * (60 - len(f" #{ids[2]}")) + f" #{ids[2]}"

    assert Tournament.objects.get(id=stored["event"]).inputs_version == 1  # rebuilt once
    assert Tournament.objects.get(id=stored["idle"]).inputs_version == 0  # nothing to rebuild
    old_card = Client().get(reverse("table", args=[stored["tokens"][1]]))
    assert old_card.status_code == 410  # found, and out of date
    for token, match in zip(stored["tokens"], (confirmed, playing), strict=True):
        opened = Client().get(reverse("play", args=[match.game_id, token]))
        assert opened.status_code == 404  # it no longer opens the game's hands
        assert not Game.objects.get(id=match.game_id).token_matches(token)


@pytest.mark.django_db(transaction=True)
def test_a_table_released_with_the_clubs_target_becomes_a_game_of_its_rounds_hands():
    """tournaments 0014: a table released before kept a club's target beside the round's hands
    (its game went on past the round: "Enter hand 2", "to 3000"); its game is now the round's
    hands, its end worked out again from its stored totals, with a new version."""
    from django.contrib.auth import get_user_model

    from clubs.services import club_create
    from scorekeeper.services import Author, hand_add
    from tournaments.services.entries import entries_add
    from tournaments.services.rounds import round_pair, round_release
    from tournaments.services.tournament import tournament_create

    dora = get_user_model().objects.create(username="dora")
    club = club_create(name="Lucca", director=dora)
    event = tournament_create(
        name="Tuesday", format="swiss", rounds=2, club=club, director=dora,
        rules={"target": 3000}, hands_per_round=1,
    )  # fmt: skip
    entries_add(tournament_id=event.id, entries=[{"name": f"Pair {i}"} for i in range(1, 5)])
    drawn = round_pair(tournament_id=event.id)
    round_release(round_id=drawn.id)
    game = drawn.matches.filter(ew__isnull=False).first().game
    hand_add(game_id=game.id, sides=[{"melded": {"points": 200}, "canastas": {"natural": 2},
             "went_out": True}, {}], author=Author("t"))  # fmt: skip
    # As the release before 0014 made it: the club's target kept, no round of hands.
    Game.objects.filter(id=game.id).update(
        round_hands=None, target=3000, ended_at=None, winner=None
    )
    before = Game.objects.get(id=game.id)
    assert (before.ended_at, before.round_hands) == (None, None)
    executor = MigrationExecutor(connection)
    executor.migrate([("tournaments", "0013_round_drawn")])
    migrate_to(executor)
    after = Game.objects.get(id=game.id)
    assert (after.round_hands, after.ended_at, after.winner) == (1, 1, 0)
    assert after.version == before.version + 1
