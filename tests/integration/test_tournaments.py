"""Tournaments through their services and tasks: rounds, games, versioned results, standings
snapshots, a real Celery worker, constant queries, and the simulator."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scorekeeper.models import Game
from tests.celery_worker import worker_idle, worker_through_redis
from tests.factories import confirm, round_released
from tests.waiting import wait_until
from tournaments.models import (
    Entry,
    Match,
    ResultSubmission,
    Round,
    StandingsSnapshot,
    Tournament,
)
from tournaments.selectors.event import event_state
from tournaments.selectors.versions import event_versions
from tournaments.services.entries import (
    entries_add,
    entry_edit,
    entry_reinstate,
    entry_withdraw,
)
from tournaments.services.errors import TournamentError
from tournaments.services.results import result_correct, result_submit
from tournaments.services.rounds import round_pair, round_release
from tournaments.services.standings import standings_recompute
from tournaments.services.tournament import tournament_create
from tournaments.table_keys import table_token

pytestmark = pytest.mark.django_db

NS, EW = ResultSubmission.By.NS, ResultSubmission.By.EW


def swiss(teams: int = 6, **extra) -> Tournament:
    tournament = tournament_create(
        name="Club evening", format="swiss", rounds=3, variant="italiana", **extra
    )
    entries_add(
        tournament_id=tournament.id,
        entries=[{"name": f"Pair {i}", "seed": i} for i in range(1, teams + 1)],
    )
    return tournament


def test_a_round_is_drafted_then_released_with_a_game_per_table() -> None:
    tournament = swiss()
    drawn = round_pair(tournament_id=tournament.id)
    assert drawn.status == Round.Status.DRAFT and drawn.matches.count() == 3
    assert not Game.objects.exists()  # a draft can still change: no games yet
    round_release(round_id=drawn.id)
    matches = list(drawn.matches.select_related("game", "ns", "ew").order_by("table"))
    assert [m.table for m in matches] == [1, 2, 3]
    assert [(m.ns.name, m.ew.name) for m in matches] == [
        ("Pair 1", "Pair 4"),
        ("Pair 2", "Pair 5"),
        ("Pair 3", "Pair 6"),
    ]
    game = matches[0].game
    assert (game.variant, [s.name for s in game.sides.all()]) == ("italiana", ["Pair 1", "Pair 4"])
    # Each pair holds its own key to the table's game; nothing in the database opens it.
    for side in (NS, EW):
        assert game.key_holder(table_token(game, side)) == side
    assert not game.keys.filter(token_hash=table_token(game, NS)).exists()
    assert matches[0].reasons == [["seeded"]]


@pytest.mark.django_db(transaction=True)  # standings are sent on commit
def test_matching_submissions_confirm_and_write_the_standings() -> None:
    tournament = swiss()
    match = round_released(tournament)[0]
    result_submit(match_id=match.id, by=NS, ns_score=900, ew_score=300)
    match.refresh_from_db()
    assert match.status == Match.Status.SUBMITTED  # waiting for the other pair
    result_submit(match_id=match.id, by=EW, ns_score=900, ew_score=300)
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED and match.result.version == 2
    snapshot = StandingsSnapshot.objects.filter(tournament=tournament).order_by("-version").first()
    assert snapshot.provisional  # two tables still playing
    top = snapshot.rows[0]
    assert (top["name"], top["rank"], top["metrics"]["tp"]) == ("Pair 1", 1, 2)


def test_a_mismatch_goes_to_the_director_who_corrects_it_as_a_new_version() -> None:
    tournament = swiss()
    match = round_released(tournament)[0]
    result_submit(match_id=match.id, by=NS, ns_score=900, ew_score=300)
    result_submit(match_id=match.id, by=EW, ns_score=300, ew_score=900)
    match.refresh_from_db()
    assert match.status == Match.Status.DISPUTED and match.result is None
    result_correct(match_id=match.id, ns_score=900, ew_score=300, reason="Score sheet checked")
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    versions = list(match.submissions.values_list("version", "by", "ns_score", "ew_score"))
    assert versions == [(1, "ns", 900, 300), (2, "ew", 300, 900), (3, "director", 900, 300)]
    with pytest.raises(TournamentError, match="settled"):
        result_submit(match_id=match.id, by=NS, ns_score=1, ew_score=0)
    with pytest.raises(TournamentError, match="Say why"):
        result_correct(match_id=match.id, ns_score=1, ew_score=0, reason=" ")


def test_the_next_round_waits_for_every_result() -> None:
    tournament = swiss()
    matches = round_released(tournament)
    confirm(matches[0], 900, 300)
    with pytest.raises(TournamentError, match="Round 1 is not finished"):
        round_pair(tournament_id=tournament.id)
    confirm(matches[1], 500, 500)
    result_correct(
        match_id=matches[2].id,
        ns_score=0,
        ew_score=0,
        reason="Pair 6 did not come back",
        kind=ResultSubmission.Kind.FORFEIT,
        winner_id=matches[2].ns_id,
    )
    assert Round.objects.get(tournament=tournament, number=1).status == Round.Status.COMPLETE
    second = round_pair(tournament_id=tournament.id)
    pairs = {frozenset((m.ns_id, m.ew_id)) for m in second.matches.all()}
    assert not pairs & {frozenset((m.ns_id, m.ew_id)) for m in matches}  # no rematch


def test_a_knockout_tie_needs_a_winner() -> None:
    tournament = tournament_create(name="Cup", format="knockout", rounds=2)
    entries_add(
        tournament_id=tournament.id, entries=[{"name": f"P{i}", "seed": i} for i in range(4)]
    )
    match = round_released(tournament)[0]
    with pytest.raises(TournamentError, match="plays another hand"):
        result_submit(match_id=match.id, by=NS, ns_score=500, ew_score=500)


@pytest.mark.django_db(transaction=True)  # standings are sent on commit
def test_the_standings_task_twice_on_the_same_results_writes_one_snapshot() -> None:
    tournament = swiss()
    confirm(round_released(tournament)[0], 900, 300)
    before = StandingsSnapshot.objects.count()
    first = standings_recompute(tournament_id=tournament.id)
    again = standings_recompute(tournament_id=tournament.id)
    assert first == again and StandingsSnapshot.objects.count() == before


def test_a_late_entry_joins_the_next_round_and_a_withdrawn_pair_leaves() -> None:
    tournament = swiss()
    for match in round_released(tournament):
        confirm(match, 700, 200)
    (late,) = entries_add(tournament_id=tournament.id, entries=[{"name": "Late pair"}])
    assert late.joins == 2
    entry_withdraw(entry_id=Entry.objects.get(name="Pair 6").id)
    second = round_pair(tournament_id=tournament.id)
    seated = {e for m in second.matches.all() for e in (m.ns_id, m.ew_id) if e}
    assert late.id in seated and Entry.objects.get(name="Pair 6").id not in seated


def test_renaming_a_late_entry_makes_the_standings_stale() -> None:
    tournament = swiss()
    for match in round_released(tournament):
        confirm(match, 700, 200)
    (late,) = entries_add(tournament_id=tournament.id, entries=[{"name": "Late pair"}])
    standings_recompute(tournament_id=tournament.id)
    built = StandingsSnapshot.objects.filter(tournament=tournament).latest("version")
    entry_edit(entry_id=late.id, values={"name": "Latecomers"})
    assert built.inputs_version < event_versions(tournament.id).inputs  # stale: a rebuild is owed


def test_a_reinstated_pair_takes_back_its_own_place_in_a_mitchell_not_a_late_entrys() -> None:
    tournament = tournament_create(name="Mitchell", format="mitchell", rounds=3)
    entries_add(tournament_id=tournament.id, entries=[{"name": f"Pair {i}"} for i in range(1, 9)])
    for match in round_released(tournament):
        confirm(match, 700, 200)
    three = Entry.objects.get(name="Pair 3")
    entry_withdraw(entry_id=three.id)
    entry_reinstate(entry_id=three.id)  # nobody took its place: back it comes
    entry_withdraw(entry_id=three.id)
    entries_add(tournament_id=tournament.id, entries=[{"name": "Late pair"}])  # takes it
    with pytest.raises(TournamentError, match="A late entry has taken Pair 3's place"):
        entry_reinstate(entry_id=three.id)
    assert Entry.objects.get(id=three.id).withdrawn_after == 1  # nothing half-saved
    second = round_pair(tournament_id=tournament.id)  # the schedule still draws
    seated = {e for m in second.matches.all() for e in (m.ns_id, m.ew_id) if e}
    assert Entry.objects.get(name="Late pair").id in seated and three.id not in seated


def test_withdrawals_after_round_1_shorten_a_round_robin_phase_not_stall_it() -> None:
    tournament = tournament_create(
        name="Evening", format="swiss", rounds=8, round_formats=["swiss"] + ["roundrobin"] * 7
    )
    entries_add(tournament_id=tournament.id, entries=[{"name": f"P{i}"} for i in range(1, 9)])
    play_round(tournament)
    for name in ("P7", "P8"):  # 6 pairs left: their round robin is 5 rounds
        entry_withdraw(entry_id=Entry.objects.get(name=name).id)
    while Tournament.objects.get(id=tournament.id).status != Tournament.Status.FINISHED:
        play_round(tournament)
    tournament.refresh_from_db()
    assert tournament.rounds == 6 and tournament.round_formats == ["swiss"] + ["roundrobin"] * 5


def test_the_one_pair_left_for_a_knockout_is_its_champion() -> None:
    from tournaments.selectors.bracket import knockout_bracket

    tournament = tournament_create(
        name="Cup",
        format="swiss",
        rounds=4,
        round_formats=["swiss"] + ["knockout"] * 3,
        knockout_top=8,
    )
    entries_add(tournament_id=tournament.id, entries=[{"name": f"P{i}"} for i in range(1, 9)])
    play_round(tournament)
    for entry in Entry.objects.filter(tournament=tournament).exclude(name="P5"):
        entry_withdraw(entry_id=entry.id)
    play_round(tournament)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert knockout_bracket(tournament).champion == "P5"


def test_a_final_won_unplayed_still_has_its_third_place_match() -> None:
    from tournaments.selectors.bracket import knockout_bracket

    tournament = tournament_create(name="Cup", format="knockout", rounds=0, third_place=True)
    entries_add(
        tournament_id=tournament.id, entries=[{"name": f"P{i}", "seed": i} for i in range(1, 5)]
    )
    first = play_round(tournament)
    finalist = first.matches.filter(ew__isnull=False).order_by("table").first().ns
    entry_withdraw(entry_id=finalist.id)
    final = play_round(tournament)
    assert final.matches.filter(ew__isnull=False).count() == 1  # the third-place match
    drawn = knockout_bracket(Tournament.objects.get(id=tournament.id))
    assert drawn.champion and len(drawn.third) == 1 and drawn.fourth


def test_a_pair_that_left_before_a_mitchell_began_is_not_reinstated_into_it() -> None:
    tournament = tournament_create(
        name="Evening", format="swiss", rounds=4, round_formats=["swiss"] + ["mitchell"] * 3
    )
    entries_add(tournament_id=tournament.id, entries=[{"name": f"P{i}"} for i in range(1, 10)])
    play_round(tournament)
    nine = Entry.objects.get(name="P9")
    entry_withdraw(entry_id=nine.id)  # after the Swiss round, before the Mitchell
    play_round(tournament)  # the movement fixed for 8 pairs
    with pytest.raises(TournamentError, match="withdrew before this schedule began"):
        entry_reinstate(entry_id=nine.id)
    assert Entry.objects.get(id=nine.id).withdrawn_after == 1
    play_round(tournament)  # the movement goes on


def test_a_knockouts_final_follows_a_redrawn_round_after_a_pair_comes_back() -> None:
    from tournaments.services.rounds import round_discard

    tournament = tournament_create(name="Cup", format="knockout", rounds=3)
    entries_add(
        tournament_id=tournament.id, entries=[{"name": f"P{i}", "seed": i} for i in range(1, 9)]
    )
    first = play_round(tournament)
    lower = [m.ns for m in first.matches.filter(ew__isnull=False).order_by("table")][2:]
    for entry in lower:  # both winners of the lower half go home: the final comes next
        entry_withdraw(entry_id=entry.id)
    early = round_pair(tournament_id=tournament.id)
    assert Tournament.objects.get(id=tournament.id).rounds == 2
    round_discard(round_id=early.id)
    entry_reinstate(entry_id=lower[0].id)  # one comes back: semi-finals after all
    while Tournament.objects.get(id=tournament.id).status != Tournament.Status.FINISHED:
        play_round(tournament)
    assert Tournament.objects.get(id=tournament.id).rounds == 3


@pytest.mark.parametrize("fmt", ["mitchell", "roundrobin", "knockout"])
def test_a_scheduled_draft_is_not_swapped_its_later_rounds_follow_it(fmt: str) -> None:
    from tournaments.services.rounds import round_swap

    tournament = tournament_create(name="Evening", format=fmt, rounds=3)
    entries_add(tournament_id=tournament.id, entries=[{"name": f"P{i}"} for i in range(1, 9)])
    drawn = round_pair(tournament_id=tournament.id)
    before = sorted(drawn.matches.values_list("table", "ns_id", "ew_id"))
    a, b = (m.ns_id for m in drawn.matches.order_by("table")[:2])
    with pytest.raises(TournamentError, match="follow its schedule or its bracket"):
        round_swap(round_id=drawn.id, first=a, second=b)
    assert sorted(drawn.matches.values_list("table", "ns_id", "ew_id")) == before


def test_a_withdrawal_sent_twice_keeps_its_round() -> None:
    tournament = swiss()
    for match in round_released(tournament):
        confirm(match, 700, 200)
    six = Entry.objects.get(name="Pair 6")
    entry_withdraw(entry_id=six.id)
    round_release(round_id=round_pair(tournament_id=tournament.id).id)
    with pytest.raises(TournamentError, match="Pair 6 withdrew after round 1"):
        entry_withdraw(entry_id=six.id)  # the same form again, a round later
    assert Entry.objects.get(id=six.id).withdrawn_after == 1


def test_a_pair_name_written_two_ways_in_unicode_is_one_name() -> None:
    tournament = swiss(teams=2)
    entries_add(tournament_id=tournament.id, entries=[{"name": "Caf\u00e9"}])  # é
    with pytest.raises(TournamentError):
        entries_add(tournament_id=tournament.id, entries=[{"name": "Cafe\u0301"}])  # e + ́
    assert Entry.objects.filter(tournament=tournament).count() == 3


def play_round(tournament: Tournament) -> Round:
    """Draw and release the next round, every table won by its upper pair, and close it."""
    drawn = round_pair(tournament_id=tournament.id)
    for match in first_round_of(drawn):
        confirm(match, 900, 300)
    from tournaments.services.rounds import round_close

    return round_close(round_id=drawn.id)


def first_round_of(drawn: Round) -> list[Match]:
    round_release(round_id=drawn.id)
    return list(drawn.matches.filter(ew__isnull=False).order_by("table"))


def test_a_knockout_of_the_top_16_after_a_swiss_of_8_plays_the_8_it_has() -> None:
    tournament = tournament_create(
        name="Cup",
        format="swiss",
        rounds=6,
        round_formats=["swiss"] * 2 + ["knockout"] * 4,
        knockout_top=16,
    )
    entries_add(tournament_id=tournament.id, entries=[{"name": f"P{i}"} for i in range(1, 9)])
    for _ in range(2 + 3):
        play_round(tournament)
    tournament.refresh_from_db()
    assert tournament.rounds == 5 and tournament.status == Tournament.Status.FINISHED


def test_round_1_is_refused_while_a_later_phase_cannot_be_played_by_the_field() -> None:
    tournament = tournament_create(
        name="Evening", format="swiss", rounds=10, round_formats=["swiss"] + ["roundrobin"] * 9
    )
    entries_add(tournament_id=tournament.id, entries=[{"name": f"P{i}"} for i in range(1, 9)])
    with pytest.raises(TournamentError, match="round robin of 8 pairs ends after 7 rounds"):
        round_pair(tournament_id=tournament.id)
    assert not Round.objects.filter(tournament=tournament).exists()  # the plan can still change


@pytest.mark.parametrize(
    ("pairs", "withdraw_after", "rounds_played"),
    [
        (4, 1, 2),  # a finalist goes home: the other wins the final unplayed
        (8, 1, 2),  # two quarter-finals' winners go home: the semi-finals are walkovers
    ],
)
def test_a_knockout_ends_with_a_champion_whoever_withdraws(
    pairs: int, withdraw_after: int, rounds_played: int
) -> None:
    from tournaments.selectors.bracket import knockout_bracket

    tournament = tournament_create(name="Cup", format="knockout", rounds=0)
    entries_add(
        tournament_id=tournament.id,
        entries=[{"name": f"Seed {i}", "seed": i} for i in range(1, pairs + 1)],
    )
    first = play_round(tournament)
    winners = [m.ns for m in first.matches.filter(ew__isnull=False).order_by("table")]
    gone = winners[:1] if pairs == 4 else [winners[0], winners[2]]  # seeds 1, and 1 and 2
    for entry in gone:
        entry_withdraw(entry_id=entry.id)
    while Tournament.objects.get(id=tournament.id).status != Tournament.Status.FINISHED:
        play_round(tournament)
    tournament.refresh_from_db()
    assert tournament.rounds == rounds_played
    drawn = knockout_bracket(tournament)
    assert drawn.champion and drawn.champion not in {e.name for e in gone}
    assert drawn.rounds[-1].title == "Final" and len(drawn.rounds[-1].matches) == 1


def test_bad_tournaments_are_refused_before_anything_is_saved() -> None:
    for bad in (
        {"format": "chaos"},
        {"tiebreaks": ["luck"]},
        {"rounds": 0},
        {"rules": {"target": -5}},
    ):
        arguments = {"name": "x", "format": "swiss", "rounds": 3, **bad}
        with pytest.raises(TournamentError):
            tournament_create(**arguments)
    assert not Tournament.objects.exists()


def build_big_event(teams: int, rounds: int) -> Tournament:
    """Rows written directly (the services would take minutes): entries, rounds and settled
    matches with their submissions, as a finished event leaves them."""
    tournament = Tournament.objects.create(
        name="Regional", format="swiss", rounds=rounds, tiebreaks=["tp", "buchholz"]
    )
    entries = Entry.objects.bulk_create(
        Entry(tournament=tournament, name=f"P{i}", seed=i) for i in range(teams)
    )
    for number in range(1, rounds + 1):
        played = Round.objects.create(
            tournament=tournament, number=number, format="swiss", status=Round.Status.COMPLETE
        )
        shift = number
        matches = Match.objects.bulk_create(
            Match(
                round=played,
                table=t + 1,
                ns=entries[t],
                ew=entries[
                    (t + teams // 2 + shift) % teams
                    if (t + teams // 2 + shift) % teams != t
                    else (t + 1) % teams
                ],
                status=Match.Status.CONFIRMED,
            )
            for t in range(teams // 2)
        )
        submissions = ResultSubmission.objects.bulk_create(
            ResultSubmission(
                match=m,
                version=1,
                by="director",
                kind="corrected",
                ns_score=500 + m.table,
                ew_score=400,
            )
            for m in matches
        )
        for m, s in zip(matches, submissions, strict=True):
            m.result = s
        Match.objects.bulk_update(matches, ["result"])
    return tournament


# What adds the engines' work over a smaller case, the same whichever database stores it: run on
# one pass of `make test`, the PostgreSQL pass (tests/conftest.py).
ONCE = pytest.mark.one_pass


# A thousand pairs on one pass only: the count of queries is the code's, and ten pairs check it
# on both.
@pytest.mark.parametrize(("teams", "rounds"), [(10, 2), pytest.param(1000, 9, marks=ONCE)])
def test_standings_load_in_a_constant_number_of_queries(teams: int, rounds: int) -> None:
    tournament = build_big_event(teams, rounds)
    with CaptureQueriesContext(connection) as queries:
        standings_recompute(tournament_id=tournament.id)
    # one reading (the tournament, its versions, its latest snapshot, entries, rounds, matches
    # with their results), then one writing (the lock, the tables' changes to fold in, the latest
    # snapshot again, a new public version, the insert), each in a savepoint and its release under
    # the test's transaction: 15 whatever the size
    assert len(queries) <= 15, [q["sql"][:60] for q in queries.captured_queries]
    state = event_state(tournament)
    assert len(state.results) == rounds * (teams // 2)


def simulate(*args: str) -> tuple[dict, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stderr(err):
        call_command("simulate_tournament", *args, "--json", stdout=out)
    return json.loads(out.getvalue()), err.getvalue()


def check_event(fmt: str, teams: int, event: dict) -> None:
    """The rules of the format, from what the simulator printed."""
    names = {f"Team {i:04d}" for i in range(1, teams + 1)}
    met: list[frozenset[str]] = []
    byes: list[str] = []
    north_south: set[str] = set()  # round 1's (and its sit-out): they keep their tables
    alive = set(names)
    advancing = teams
    for played in event["rounds"]:
        seated = [t for table in played["tables"] for t in table["teams"]] + played["byes"]
        assert len(seated) == len(set(seated))  # nobody twice in a round
        for table in played["tables"]:  # the winner named: a knockout's always, else unless tied
            ns, ew = table["scores"]
            expected = table["teams"][0] if ns > ew else table["teams"][1] if ew > ns else None
            if fmt == "knockout":
                assert table["winner"] in table["teams"]
                assert expected is None or table["winner"] == expected  # an extra hand if tied
            else:
                assert table["winner"] == expected
        if fmt == "knockout":
            # Only the pairs the last round sent through: its winners, and its byes.
            assert set(seated) <= alive and len(seated) == advancing
            advancing = len(played["tables"]) + len(played["byes"])
            alive = {table["winner"] for table in played["tables"]} | set(played["byes"])
        else:
            assert set(seated) == names  # everyone plays or sits out
        met += [frozenset(table["teams"]) for table in played["tables"]]
        byes += played["byes"]
        if fmt == "mitchell":
            ns = {table["teams"][0] for table in played["tables"]}
            north_south = north_south or ns | set(played["byes"])
            assert ns <= north_south and not ns & {table["teams"][1] for table in played["tables"]}
    if fmt == "knockout":
        assert len(event["rounds"][-1]["tables"]) == 1  # the final
    if fmt in ("swiss", "roundrobin", "mitchell"):
        assert len(met) == len(set(met))  # no rematch
    if fmt == "roundrobin":
        assert len(set(met)) == teams * (teams - 1) // 2  # complete
    if fmt != "knockout":
        assert len(byes) == len(set(byes))  # at most one bye each
    assert {row["team"] for row in event["standings"]} == names
    ranks = [row["rank"] for row in event["standings"]]
    assert ranks == sorted(ranks)


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)  # standings are sent on commit
# Seventeen pairs (a sit-out each round) on both passes, sixteen (an even field) on one, a hand
# a table. Each format's engine at sizes drawn from 2 to 40 pairs is the property tests'
# (tests/unit/tournaments/test_properties.py), the services' reads at a thousand pairs
# test_standings_load_in_a_constant_number_of_queries's and bench/'s: forty pairs here (round
# robin's 780 tables, every table 0–0 with no hand played), a minute of a run, added none of it.
@pytest.mark.parametrize("teams", [pytest.param(16, marks=ONCE), 17])
@pytest.mark.parametrize("fmt", ["swiss", "roundrobin", "mitchell", "danish", "knockout"])
def test_the_simulator_plays_every_format_through_the_services(fmt: str, teams: int) -> None:
    event, progress = simulate(
        "--format", fmt, "--teams", str(teams), "--seed", "3", "--hands", "1"
    )
    assert event["format"] == fmt and "round 1/" in progress
    if fmt == "roundrobin":
        assert len(event["rounds"]) == (teams if teams % 2 else teams - 1)  # odd: a sit-out each
    check_event(fmt, teams, event)


def test_the_simulator_refuses_a_bad_argument_and_writes_nothing() -> None:
    with pytest.raises(CommandError) as refused:
        call_command("simulate_tournament", "--format", "swiss", "--teams", "1", "--seed", "1")
    assert refused.value.returncode == 2
    assert not Tournament.objects.exists()


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_writes_the_standings(tmp_path: Path) -> None:
    from tournaments.tasks import standings_recompute_task

    tournament = swiss()
    match = round_released(tournament)[0]
    confirm(match, 900, 300)
    StandingsSnapshot.objects.all().delete()  # what the eager task wrote: the worker must do it
    with worker_through_redis(tmp_path) as client:
        client.send_task(standings_recompute_task.name, args=[tournament.id])
        client.send_task(standings_recompute_task.name, args=[tournament.id])  # idempotent
        wait_until(
            lambda: StandingsSnapshot.objects.exists() and worker_idle(client),
            60,
            "the worker runs both tasks",
        )
    snapshots = list(StandingsSnapshot.objects.filter(tournament=tournament))
    assert len(snapshots) == 1 and snapshots[0].rows[0]["name"] == "Pair 1"
