"""Events stored before clubs (tournaments 0009): each director's events join a club they
direct, the pairs' players become the club's records, and the tables already released seat them,
so the evenings already played count in the players' statistics."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from clubs.models import Club, Membership, Player, SeatedPlayer
from tests.migrating import migrate_to, migrated_up_to
from tournaments.models import Entry, Tournament

BEFORE = [
    ("tournaments", "0008_public_version"),
    ("clubs", "0001_initial"),
    ("scorekeeper", "0011_game_status_derived_dead_fields_dropped"),  # games had no day played
]


@pytest.fixture
def migrate():
    with migrated_up_to(BEFORE) as executor:
        yield executor


@pytest.mark.django_db(transaction=True)
def test_each_directors_events_join_their_club_with_its_players_seated(migrate):
    apps = migrate.loader.project_state(BEFORE).apps
    User = apps.get_model("auth", "User")
    Tournament_ = apps.get_model("tournaments", "Tournament")
    Entry_ = apps.get_model("tournaments", "Entry")
    Round = apps.get_model("tournaments", "Round")
    Match = apps.get_model("tournaments", "Match")
    Game = apps.get_model("scorekeeper", "Game")
    Side = apps.get_model("scorekeeper", "Side")
    dora = User.objects.create(username="dora")
    paolo = User.objects.create(username="paolo")
    tuesday = Tournament_.objects.create(
        name="Tuesday", format="swiss", rounds=2, tiebreaks=["tp"], director=dora
    )
    friday = Tournament_.objects.create(
        name="Friday", format="swiss", rounds=2, tiebreaks=["tp"], director=dora
    )
    Tournament_.objects.create(
        name="Pisa", format="swiss", rounds=2, tiebreaks=["tp"], director=paolo
    )
    Tournament_.objects.create(name="Script's", format="swiss", rounds=1, tiebreaks=["tp"])
    roses = Entry_.objects.create(tournament=tuesday, name="Roses", player_1="Anna", player_2="Ben")
    tulips = Entry_.objects.create(tournament=tuesday, name="Tulips", player_1="Carla")
    Entry_.objects.create(tournament=friday, name="Roses", player_1="anna", player_2="Ben ")
    played = Round.objects.create(tournament=tuesday, number=1, format="swiss", status="playing")
    game = Game.objects.create(token_hash="x" * 64, variant="classic", players=4, target=5000)
    for position, name in enumerate(("Roses", "Tulips")):
        Side.objects.create(game=game, position=position, name=name)
    Match.objects.create(round=played, table=1, ns=roses, ew=tulips, game=game)

    migrate_to(migrate)

    dora_club = Club.objects.get(name="dora")
    assert Membership.objects.get(club=dora_club).user.username == "dora"
    assert Club.objects.get(name="paolo").tournaments.get().name == "Pisa"
    assert Tournament.objects.get(name="Script's").club is None
    assert set(dora_club.tournaments.values_list("name", flat=True)) == {"Tuesday", "Friday"}
    assert list(Player.objects.filter(club=dora_club).values_list("name", flat=True)) == [
        "Anna",
        "Ben",
        "Carla",
    ]  # "anna" and "Ben " are the same two people
    anna = Player.objects.get(club=dora_club, name="Anna")
    assert Entry.objects.filter(first_player=anna).count() == 2
    seated = SeatedPlayer.objects.filter(side__game_id=game.id).order_by("side__position", "seat")
    assert [(s.side.position, s.player.name) for s in seated] == [
        (0, "Anna"),
        (0, "Ben"),
        (1, "Carla"),
    ]


@pytest.mark.django_db(transaction=True)
def test_lines_built_before_the_new_counts_are_rebuilt_by_the_pages():
    """clubs 0004: a line built the old way (an espanola run of 7 counted as a canasta) is
    marked stale, and the page's catch-up rebuilds it as the engine counts now."""
    from django.contrib.auth import get_user_model

    from clubs.models import PlayerGameLine
    from clubs.services import club_create, game_players_seat
    from clubs.statistics_refresh import lines_catch_up
    from scorekeeper.services import Author, game_create, hand_add

    executor = MigrationExecutor(connection)
    club = club_create(name="Lucca", director=get_user_model().objects.create(username="dora"))
    game, _token = game_create(
        variant="espanola",
        players=4,
        sides=[{"name": "A"}, {"name": "B"}],
        rules={"sequences": True},
    )
    game_players_seat(game=game, club_id=club.id, sides=[["Anna", "Ben"], ["Carla", "Dario"]])
    run = [{"melds": [{"sequence": ["5", "J"]}, {"rank": "K", "naturals": 3}]}, {}]
    hand_add(game_id=game.id, sides=run, author=Author("t"))
    lines_catch_up(club_id=club.id)
    PlayerGameLine.objects.update(canastas=1)  # as the old count had it
    executor.migrate([("clubs", "0003_club_import")])
    migrate_to(executor)  # through 0004 (0005 leaves these)
    assert set(PlayerGameLine.objects.values_list("game_version", flat=True)) == {0}
    assert lines_catch_up(club_id=club.id) is True
    anna = PlayerGameLine.objects.get(player__name="Anna")
    assert (anna.canastas, anna.game_version) == (0, game.__class__.objects.get(id=game.id).version)


@pytest.mark.django_db(transaction=True)
def test_lines_of_games_not_won_are_rebuilt_to_say_a_draw():
    """clubs 0005: a drawn game's lines, built before lines said a draw, are marked stale and
    rebuilt to say it; the lines of a game one side won stay as they are, the losers' too."""
    from django.contrib.auth import get_user_model
    from django.db.models import F

    from clubs.models import PlayerGameLine
    from clubs.services import club_create, game_players_seat
    from clubs.statistics_refresh import games_lines_due, lines_catch_up
    from scorekeeper.models import Game
    from scorekeeper.services import Author, game_create, hand_add

    executor = MigrationExecutor(connection)
    club = club_create(name="Lucca", director=get_user_model().objects.create(username="dora"))
    games = []
    for names in (["Anna", "Ben"], ["Carla", "Dario"]), (["Elio", "Fede"], ["Gino", "Ida"]):
        game, _token = game_create(
            variant="classic", players=4, sides=[{"name": "A"}, {"name": "B"}]
        )
        game_players_seat(game=game, club_id=club.id, sides=list(names))
        hand_add(game_id=game.id, sides=[{"hand": {"points": 0}}, {}], author=Author("t"))
        games.append(game.id)
    drawn, won = games
    moved_on = F("version") + 1  # the lines then lag: the catch-up rebuilds them
    Game.objects.filter(id=drawn).update(ended_at=1, winner=None, version=moved_on)  # a draw
    Game.objects.filter(id=won).update(ended_at=1, winner=0, version=moved_on)
    games_lines_due(game_ids=games)  # as a service marks the games it changes
    lines_catch_up(club_id=club.id)
    versions = {g.id: g.version for g in Game.objects.filter(id__in=games)}
    for game_id, version in versions.items():  # as lines were before they said a draw
        PlayerGameLine.objects.filter(game_id=game_id).update(drawn=False, game_version=version)
    executor.migrate([("clubs", "0004_lines_rebuilt")])
    migrate_to(executor)  # through 0005
    stale = PlayerGameLine.objects.filter(game_version=0).values_list("player__name", flat=True)
    assert sorted(stale) == ["Anna", "Ben", "Carla", "Dario"]
    assert lines_catch_up(club_id=club.id) is True
    lines = PlayerGameLine.objects.order_by("player__name")
    assert [(line.finished, line.won, line.drawn) for line in lines] == [
        (True, False, True)
    ] * 4 + [(True, True, False)] * 2 + [(True, False, False)] * 2
    assert {line.game_version for line in lines} == {versions[drawn], versions[won]}


@pytest.mark.django_db(transaction=True)
def test_games_and_events_stored_before_a_day_played_take_the_day_they_were_made():
    """scorekeeper 0012, tournaments 0012, clubs 0006: a game's and an event's day played is
    the date it was made (in the site's time zone), an event's tables take the event's, and the
    statistics' lines take their game's."""
    from datetime import UTC, datetime, timedelta

    from django.contrib.auth import get_user_model

    from clubs.models import PlayerGameLine
    from clubs.services import club_create, game_players_seat
    from clubs.statistics_refresh import lines_catch_up
    from scorekeeper.models import Game
    from scorekeeper.services import Author, game_create, hand_add
    from tests.integration.test_clubs import FOUR_PAIRS, evening
    from tournaments.services.rounds import round_pair, round_release

    executor = MigrationExecutor(connection)
    dora = get_user_model().objects.create(username="dora")
    club = club_create(name="Lucca", director=dora)
    game, _token = game_create(variant="classic", players=4, sides=[{"name": "A"}, {"name": "B"}])
    game_players_seat(game=game, club_id=club.id, sides=[["Anna", "Ben"], ["Carla", "Dario"]])
    hand_add(game_id=game.id, sides=[{"hand": {"points": 0}}, {}], author=Author("t"))
    lines_catch_up(club_id=club.id)
    event = evening(club, dora, FOUR_PAIRS)
    round_release(round_id=round_pair(tournament_id=event.id).id)
    made = datetime(2025, 3, 4, 20, 30, tzinfo=UTC)  # the site's zone (settings)
    Game.objects.filter(id=game.id).update(created_at=made)
    Tournament.objects.filter(id=event.id).update(created_at=made - timedelta(days=1))
    executor.migrate(
        [
            ("clubs", "0005_line_drawn"),
            ("tournaments", "0010_individual_events"),
            ("scorekeeper", "0011_game_status_derived_dead_fields_dropped"),
        ]
    )
    migrate_to(executor)
    assert Game.objects.get(id=game.id).played_on == made.date()
    assert Tournament.objects.get(id=event.id).played_on == made.date() - timedelta(days=1)
    tables = Game.objects.exclude(id=game.id)
    assert tables.exists()
    assert set(tables.values_list("played_on", flat=True)) == {made.date() - timedelta(days=1)}
    assert set(PlayerGameLine.objects.values_list("day", flat=True)) == {made.date()}


@pytest.mark.django_db(transaction=True)
def test_games_with_stale_lines_are_marked_due_once_the_marks_exist():
    """clubs 0009: a played game of club players with a line missing or behind the game is
    marked due (LinesDue), so the pages, which read the marks alone from then on, rebuild it;
    a game with fresh lines, or not played yet, is not."""
    from django.contrib.auth import get_user_model
    from django.db.models import F

    from clubs.models import LinesDue, PlayerGameLine
    from clubs.services import club_create, game_players_seat
    from clubs.statistics_refresh import lines_catch_up
    from scorekeeper.models import Game
    from scorekeeper.services import Author, game_create, hand_add

    executor = MigrationExecutor(connection)
    club = club_create(name="Lucca", director=get_user_model().objects.create(username="dora"))
    games = {}
    for name in ("fresh", "unbuilt", "behind", "unplayed"):
        game, _token = game_create(
            variant="classic", players=4, sides=[{"name": "A"}, {"name": "B"}]
        )
        players = [[f"{name} 1", f"{name} 2"], [f"{name} 3", f"{name} 4"]]
        game_players_seat(game=game, club_id=club.id, sides=players)
        if name != "unplayed":
            hand_add(game_id=game.id, sides=[{"hand": {"points": 0}}, {}], author=Author("t"))
        games[name] = game.id
    assert not LinesDue.objects.exists()  # every refresh ran on commit
    PlayerGameLine.objects.filter(game_id=games["unbuilt"]).delete()  # behind the services' back
    Game.objects.filter(id=games["behind"]).update(version=F("version") + 1)
    executor.migrate([("clubs", "0008_club_vp_scales")])
    migrate_to(executor)  # through 0009
    due = set(LinesDue.objects.values_list("club_id", "game_id"))
    assert due == {(club.id, games["unbuilt"]), (club.id, games["behind"])}
    assert lines_catch_up(club_id=club.id) is True
    assert not LinesDue.objects.exists()
    assert PlayerGameLine.objects.filter(game_id=games["unbuilt"]).count() == 4
    behind = Game.objects.get(id=games["behind"]).version
    assert set(
        PlayerGameLine.objects.filter(game_id=games["behind"]).values_list(
            "game_version", flat=True
        )
    ) == {behind}
