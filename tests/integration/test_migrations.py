"""Games stored before the rulebook corrections keep scoring as they did, and new games play the
rulebook's rules (migration 0002); every migration goes back, down to none, and forward again."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.apps import apps as installed
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.recorder import MigrationRecorder

from scorekeeper import services
from scorekeeper.rules import RuleViolation
from scorekeeper.selectors import game_get, game_state
from tests.migrating import migrate_to, migrated_up_to

ROOT = Path(__file__).resolve().parents[2]
# The project's own apps with migrations (not Django's, nor a package's).
OURS = sorted(
    app.label
    for app in installed.get_app_configs()
    if Path(app.path).is_relative_to(ROOT) and (Path(app.path) / "migrations").is_dir()
)

BEFORE = [("scorekeeper", "0001_initial")]


def stored_game(apps, variant, players, target, names, hands, rules=None):
    """A game as the old code stored it: its records and the results it computed then."""
    Game = apps.get_model("scorekeeper", "Game")
    Side = apps.get_model("scorekeeper", "Side")
    Hand = apps.get_model("scorekeeper", "Hand")
    game = Game.objects.create(
        token_hash=f"{variant}-{players}".ljust(64, "0"),
        variant=variant,
        players=players,
        rules=rules or {},
        target=target,
    )
    for i, name in enumerate(names):
        Side.objects.create(game=game, position=i, name=name)
    for number, (sides, totals) in enumerate(hands, 1):
        result = {
            "sides": [{"total": t, "breakdown": {"cards": t}} for t in totals],
            "wins_game": None,
        }
        Hand.objects.create(game=game, number=number, record={"sides": sides}, result=result)
    return game.id


@pytest.fixture
def migrate():
    with migrated_up_to(BEFORE) as executor:
        yield executor


@pytest.mark.django_db(transaction=True)
def test_old_games_keep_their_totals_and_new_games_play_the_rulebooks_rules(migrate) -> None:
    old = migrate.loader.project_state(BEFORE).apps
    # Origen, stock exhausted: the old rule counted side 2's SOL minus (no combination laid).
    origen = stored_game(
        old,
        "origen",
        4,
        5000,
        ["Alberto", "Segundo"],
        [
            (
                [{"melds": [{"rank": "K", "naturals": 3}]}, {"red_threes": 2, "hand": {"high": 1}}],
                [30, -210],
            )
        ],
    )
    # Six-handed classic: the old rule let a side go out with one canasta.
    six = stored_game(
        old,
        "classic",
        6,
        5000,
        ["A", "B", "C"],
        [([{"melds": [{"rank": "K", "naturals": 7}], "went_out": True}, {}, {}], [670, 0, 0])],
    )
    ducale = stored_game(old, "ducale", 4, 5000, ["NS", "EW"], [])
    quick = stored_game(old, "classic-es", 4, 5000, ["NS", "EW"], [], rules={"on_tie": "draw"})
    migrate_to(migrate)

    for game_id, totals in ((origen, (30, -210)), (six, (670, 0, 0))):
        services.game_recompute(game_id=game_id)
        state = game_state(game_get(game_id))
        assert tuple(side.total for side in state.sides) == totals
        assert state.hands[0].breakdowns  # rescored from the records, not the stored cache

    assert game_get(six).rules == {"going_out_canastas": 1, "cards_dealt": 11}
    assert game_state(game_get(six)).ruleset.seating.cards_dealt == 11
    assert game_get(origen).rules == {"red_threes_against": "no_meld"}
    assert game_get(quick).rules == {"on_tie": "draw"}  # its own choice stays; target stored
    assert game_state(game_get(quick)).ruleset.target == 5000
    # Ducale keeps its old cap of three wilds.
    four_wilds = [{"melds": [{"rank": "K", "naturals": 4, "twos": 2, "jokers": 2}]}, {}]
    with pytest.raises(RuleViolation, match="house rule: Wild cards per meld"):
        services.hand_add(game_id=ducale, sides=four_wilds, author=services.Author("test"))

    # A new game plays the rulebook's rules: four wilds in a Ducale meld.
    game, _ = services.game_create(
        variant="ducale", players=4, sides=[{"name": "NS"}, {"name": "EW"}]
    )
    hand = services.hand_add(game_id=game.id, sides=four_wilds, author=services.Author("test")).hand
    assert hand.result["sides"][0]["total"] == 40 + 2 * 20 + 2 * 50 + 300
    assert game_get(game.id).rules == {}


@pytest.mark.django_db(transaction=True)
def test_every_migration_goes_back_down_to_none_and_forward_again() -> None:
    """As an operator going back a release: every migration of the project's apps unapplied in
    turn (their reverse operations, the data migrations' included), down to none of them and
    none of their tables, then all applied again. The migration tests whose old schema is far
    behind the latest start from an empty database instead (tests/migrating.py:
    migrated_up_to)."""
    assert {"scorekeeper", "tournaments", "clubs", "federations"} <= set(OURS)
    executor = MigrationExecutor(connection)
    tables = {
        model._meta.db_table
        for app in OURS
        for model in installed.get_app_config(app).get_models(include_auto_created=True)
    }
    try:
        executor.migrate([(app, None) for app in OURS])
        recorded = {app for app, _name in MigrationRecorder(connection).applied_migrations()}
        assert not recorded & set(OURS)
        assert not tables & set(connection.introspection.table_names())
    finally:
        migrate_to(executor)
    assert tables <= set(connection.introspection.table_names())
    again = MigrationExecutor(connection)  # the migrations recorded, read anew
    assert again.migration_plan(again.loader.graph.leaf_nodes()) == []
