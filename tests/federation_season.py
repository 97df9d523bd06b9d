"""A season of a federation played through the services (issue 33), shared by the federation
tests: see tests/integration/test_federation_ranking.py for the events and the ranking they
make, worked by hand."""

from __future__ import annotations

import copy
from datetime import date, timedelta
from typing import Any

import pytest
from django.utils import timezone

from clubs.models import Player
from clubs.services import club_create
from federations.reports import event_sanction
from federations.services import (
    affiliation_ask,
    affiliation_decide,
    federation_create,
    member_add,
    member_link,
    ranking_set,
    season_add,
)
from tests.factories import account
from tournaments.models import Tournament
from tournaments.services.entries import entries_add
from tournaments.services.results import result_submit
from tournaments.services.rounds import round_close, round_pair, round_release
from tournaments.services.tournament import tournament_create

OTHERS = iter(f"Guest {i}" for i in range(1, 10_000))


def DAY(offset: int) -> date:
    """A day ``offset`` days from today (the calendar's lateness is counted from today)."""
    return timezone.localdate() + timedelta(days=offset)


def round_robin(club: Any, director: Any, name: str, day: date, pairs: list[tuple[str, str]]):
    """A finished round robin of four pairs, seeded in order, the better seed winning every
    table 900 to 300 (what its writes send after their commit run at the end: the players'
    lines of figures among them)."""
    event = tournament_create(
        name=name, format="roundrobin", rounds=0, club=club, director=director, played_on=day
    )
    pairs = pairs + [(next(OTHERS), next(OTHERS)) for _ in range(4 - len(pairs))]
    entries_add(
        tournament_id=event.id,
        entries=[
            {"name": f"{a} & {b}", "player_1": a, "player_2": b, "seed": seed}
            for seed, (a, b) in enumerate(pairs, start=1)
        ],
    )
    for _round in range(3):
        drawn = round_pair(tournament_id=event.id)
        round_release(round_id=drawn.id)
        for match in drawn.matches.select_related("ns", "ew"):
            ns_wins = match.ns.seed < match.ew.seed
            for by in ("ns", "ew"):
                result_submit(
                    match_id=match.id,
                    by=by,
                    ns_score=900 if ns_wins else 300,
                    ew_score=300 if ns_wins else 900,
                )
        round_close(round_id=drawn.id)
    event.refresh_from_db()
    assert event.status == Tournament.Status.FINISHED
    return event


def record(club: Any, name: str) -> Player:
    return Player.objects.get(club=club, name=name)


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """Runs what a block's writes send after their commit (the reports, the standings), as the
    test's transaction never commits."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


@pytest.fixture
def season_played(committed):
    """The season, played for this test: its transaction rolled back or, in a test of
    ``transaction=True``, its tables flushed."""
    return play_season(committed)


@pytest.fixture(scope="module")
def season_of_the_module(django_db_setup, django_db_blocker):
    """The season played once for a module whose tests each run in a transaction rolled back:
    Django's ``TestCase.setUpTestData`` for pytest. It is written in a transaction of the
    module's, rolled back after its last test; each test's own transaction is a savepoint inside
    it, rolled back to the season as it was played. A module of such tests takes it by importing
    ``season_played_once``."""
    from django.db import transaction
    from django.test import TestCase

    with django_db_blocker.unblock(), transaction.atomic():
        yield play_season(lambda: TestCase.captureOnCommitCallbacks(execute=True))
        transaction.set_rollback(True)


@pytest.fixture(name="season_played")
def season_played_once(season_of_the_module):
    """``season_played`` for the module that imports it: the module's season, its rows as played
    and its objects a copy of their own (a test changing one in memory leaves the next test's as
    they were)."""
    return copy.deepcopy(season_of_the_module)


def play_season(committed):
    people = {n: account(n) for n in ("fiona", "otto", "lia", "piero", "sara", "carla")}
    fibur = federation_create(name="Burraco Italia", officer=people["fiona"])
    liga = federation_create(name="Canasta Liga", officer=people["otto"])
    ranking_set(
        federation_id=fibur.id,
        points_table=[{"from_field": 4, "places": [10, 6, 4], "rest": 1}],
        categories=[{"name": "Silver", "from_points": 8}, {"name": "Gold", "from_points": 15}],
        report_days=10,
        csv_columns=["rank", "number", "name", "points"],
        by=people["fiona"],
    )
    season = season_add(
        federation_id=fibur.id,
        name="Autumn 2026",
        starts=DAY(-60),
        ends=DAY(30),
        best_of=None,
        by=people["fiona"],
    )
    clubs = {}
    for name, director in (("Lucca", "lia"), ("Pisa", "piero"), ("Siena", "sara")):
        club = clubs[name] = club_create(name=name, director=people[director])
        for federation, officer in ((fibur, "fiona"), (liga, "otto")):
            asked = affiliation_ask(
                federation_id=federation.id, club_id=club.id, by=people[director]
            )
            affiliation_decide(affiliation_id=asked.id, accept=True, by=people[officer])
    members = {
        name: member_add(
            federation_id=fibur.id,
            number=number,
            name=name,
            username="carla" if name == "Carla" else "",
            by=people["fiona"],
        )
        for name, number in (("Anna", "101"), ("Bruno", "102"), ("Carla", "103"), ("Dario", "104"))
    }
    lucca, pisa, siena = clubs["Lucca"], clubs["Pisa"], clubs["Siena"]
    with committed():  # the tables' lines of figures, and the standings, built as they are
        e1 = round_robin(
            lucca, people["lia"], "Lucca autumn", DAY(-20), [("Anna", "Bruno"), ("Carla", "Luca")]
        )
        e2 = round_robin(
            pisa, people["piero"], "Pisa open", DAY(-3), [("Carla", "Dario"), ("Anna", "Zeno")]
        )
        e3 = round_robin(siena, people["sara"], "Siena cup", DAY(-2), [("Bruno", "Eva")])
        round_robin(siena, people["sara"], "Siena friendly", DAY(-1), [("Anna", "Carla")])
        e5 = round_robin(lucca, people["lia"], "Lucca for the Liga", DAY(-1), [("Anna", "Bruno")])
    links = [
        (lucca, "Anna", "101", "lia"),
        (lucca, "Bruno", "102", "lia"),
        (lucca, "Carla", "103", "lia"),
        (pisa, "Anna", "101", "piero"),
        (pisa, "Carla", "103", "piero"),
        (pisa, "Dario", "104", "piero"),
        (siena, "Bruno", "102", "sara"),
        (siena, "Anna", "101", "sara"),
        (siena, "Carla", "103", "sara"),
    ]
    made = {}
    for club, name, number, director in links:
        made[(club.name, name)] = member_link(
            federation_id=fibur.id,
            player_id=record(club, name).id,
            number=number,
            by=people[director],
        )
    with committed():
        for director, event in (("lia", e1), ("piero", e2), ("sara", e3)):
            event_sanction(federation_id=fibur.id, event_id=event.id, by=people[director])
        event_sanction(federation_id=liga.id, event_id=e5.id, by=people["lia"])
    return {
        **people,
        **clubs,
        "fibur": fibur,
        "liga": liga,
        "season": season,
        "members": members,
        "events": (e1, e2, e3, e5),
        "links": made,
    }
