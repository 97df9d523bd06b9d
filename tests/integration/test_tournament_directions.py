"""A two-winner Mitchell (Tournament.rank_by_direction): North-South and East-West pairs ranked
apart, a winner each, on the standings page, the wall, the standings PDF, the CSV, the pair's
page and the director's; the form offers it only with Mitchell rounds. The event is the
hand-worked 8-pair movement of tests/unit/tournaments/test_directions.py, played through the
services."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from clubs.backup import club_export, club_import
from tests.factories import account, confirm, round_released
from tests.integration.test_event_results import pdf_pages
from tests.integration.test_tournament_exports import read_csv
from tests.integration.test_tournament_public import page, text
from tests.unit.tournaments.test_directions import STRENGTH
from tournaments.club_formats import form_values
from tournaments.forms import PlanForm, TournamentForm
from tournaments.models import Entry, Tournament
from tournaments.services.entries import entries_add
from tournaments.services.errors import TournamentError
from tournaments.services.rounds import round_close
from tournaments.services.standings import standings_recompute
from tournaments.services.tournament import tournament_create, tournament_plan_set

pytestmark = pytest.mark.django_db


def mitchell_of_eight(director=None, *, finish: bool = True) -> Tournament:
    """Pairs 1 to 8 (1, 3, 5, 7 North-South), the whole movement (3 rounds), win 2 / loss 0,
    the stronger pair winning each table by ten points a point of strength."""
    tournament = tournament_create(
        name="Two-winner evening",
        format="mitchell",
        rounds=0,
        tiebreaks=("tp", "margin", "buchholz"),
        rank_by_direction=True,
        director=director,
    )
    entries_add(
        tournament_id=tournament.id,
        entries=[{"name": f"Pair {i}", "player_1": f"Ann {i}"} for i in range(1, 9)],
    )
    number = {e.id: int(e.name.split()[1]) for e in Entry.objects.filter(tournament=tournament)}
    for _ in range(3):
        for match in round_released(tournament):
            ns, ew = STRENGTH[number[match.ns_id]], STRENGTH[number[match.ew_id]]
            confirm(match, 400 + 10 * ns, 400 + 10 * ew)
    if finish:
        round_close(round_id=tournament.round_set.order_by("-number").first().id)
    tournament.refresh_from_db()
    return tournament


def ranked(tournament: Tournament) -> list[tuple[str, str, int]]:
    rows = tournament.snapshots.order_by("-version").first().rows
    return [(r["direction"], r["name"], r["rank"]) for r in rows]


def test_the_standings_rank_each_direction_apart_with_a_winner_each() -> None:
    tournament = mitchell_of_eight()
    assert tournament.status == Tournament.Status.FINISHED
    assert ranked(tournament) == [
        ("ns", "Pair 1", 1),
        ("ns", "Pair 3", 2),  # level with pair 5 on points and margin: Buchholz 8 to 4
        ("ns", "Pair 5", 3),
        ("ns", "Pair 7", 4),
        ("ew", "Pair 2", 1),
        ("ew", "Pair 4", 2),
        ("ew", "Pair 6", 3),
        ("ew", "Pair 8", 4),
    ]


def test_the_public_standings_show_two_tables_and_both_winners(client) -> None:
    tournament = mitchell_of_eight()
    html = page(client, reverse("tournament-standings", args=[tournament.id]))
    north = html[
        html.index('data-testid="standings-ns"') : html.index('data-testid="standings-ew"')
    ]
    east = html[html.index('data-testid="standings-ew"') :]
    assert "North–South" in north and "Winner: Pair 1" in text(north)
    assert "East–West" in east and "Winner: Pair 2" in text(east)
    assert "Pair 2" not in north and "Pair 1" not in east
    results = page(client, reverse("tournament-results", args=[tournament.id]))
    assert "Winner: Pair 1" in text(results) and "Winner: Pair 2" in text(results)
    assert "Mitchell ×3 · North–South and East–West ranked apart" in results
    pair = Entry.objects.get(tournament=tournament, name="Pair 2")
    mine = page(client, reverse("tournament-pair", args=[tournament.id, pair.id]))
    assert "Rank 1 · East–West" in text(mine)


def test_the_wall_shows_a_standings_panel_for_each_direction(client) -> None:
    tournament = mitchell_of_eight()
    wall = page(client, reverse("tournament-screen", args=[tournament.id]))
    panels = wall.split('data-testid="panel-standings"')[1:]
    assert len(panels) == 2
    assert "Final standings · North–South" in panels[0] and "Winner: Pair 1" in text(panels[0])
    assert "Final standings · East–West" in panels[1] and "Winner: Pair 2" in text(panels[1])
    assert client.get(reverse("tournament-screen-json", args=[tournament.id])).status_code == 200


def test_the_standings_pdf_prints_each_direction_under_its_winner(client) -> None:
    tournament = mitchell_of_eight()
    pdf = " ".join(pdf_pages(client.get(f"/t/{tournament.id}/standings.pdf")))
    north, east = pdf.index("North–South · Winner: Pair 1"), pdf.index("East–West · Winner: Pair 2")
    assert north < pdf.index("Pair 7") < east < pdf.index("Pair 8")


def test_the_standings_csv_says_each_pairs_direction(client, director) -> None:
    tournament = mitchell_of_eight(director)
    rows = read_csv(client.get(reverse("export-standings", args=[tournament.id])))
    assert rows[0][:4] == ["Rank", "Pair", "Direction", "Points"]
    assert [row[:3] for row in rows[1:3]] == [
        ["1", "Pair 1", "North–South"],
        ["2", "Pair 3", "North–South"],
    ]
    assert [row[:3] for row in rows[5:7]] == [
        ["1", "Pair 2", "East–West"],
        ["2", "Pair 4", "East–West"],
    ]


def test_the_directors_standings_show_both_directions_top(client, director) -> None:
    tournament = mitchell_of_eight(director, finish=False)
    html = page(client, reverse("director", args=[tournament.id]))
    board = text(html[html.index('data-testid="standings-state"') :])
    assert "Direction" in board
    assert board.index("Pair 1") < board.index("Pair 7") < board.index("Pair 2")


def test_the_form_refuses_ranking_by_direction_without_mitchell_rounds(client, director) -> None:
    # The form's own defaults (its later fields too), then a Swiss plan with the option on.
    fields = TournamentForm().fields.items()
    defaults = {
        n: f.initial for n, f in fields if f.initial is not None and not callable(f.initial)
    }
    values = {
        **defaults,
        "name": "Tuesday Swiss",
        "variant": "classic",
        **form_values("swiss3-evening"),
        "tiebreak_1": "tp",
        "rank_by_direction": "on",
    }
    form = TournamentForm(values)
    assert not form.is_valid()
    assert form.errors["rank_by_direction"] == [
        "North-South and East-West are ranked apart only in a plan with Mitchell rounds, where "
        "pairs keep their direction."
    ]
    response = client.post(reverse("tournament-new"), values)
    assert response.status_code == 400 and not Tournament.objects.exists()
    refused = response.content.decode()
    assert "Rank North-South and East-West apart (Mitchell)" in refused
    assert "ranked apart only in a plan with Mitchell rounds" in refused
    mitchell = TournamentForm(
        {**values, **form_values("mitchell2-danish"), "rank_by_direction": "on"}
    )
    assert mitchell.is_valid(), mitchell.errors
    assert mitchell.tournament_arguments()["rank_by_direction"] is True


def test_the_plan_changed_before_round_1_keeps_the_same_check() -> None:
    tournament = tournament_create(name="Evening", format="mitchell", rounds=0)
    plan = PlanForm({"phase_1_format": "swiss", "phase_1_rounds": 3, "rank_by_direction": "on"})
    assert not plan.is_valid() and "rank_by_direction" in plan.errors
    with pytest.raises(TournamentError, match="only in a plan with Mitchell rounds"):
        tournament_plan_set(
            tournament_id=tournament.id, format="swiss", rounds=3, rank_by_direction=True
        )
    with pytest.raises(TournamentError, match="knockout"):
        tournament_create(
            name="Cup",
            format="mitchell",
            round_formats=["mitchell", "mitchell", "knockout", "knockout"],
            rounds=4,
            knockout_top=4,
            rank_by_direction=True,
        )
    changed = tournament_plan_set(
        tournament_id=tournament.id, format="mitchell", rounds=0, rank_by_direction=True
    )
    assert changed.rank_by_direction and PlanForm.initial_of(changed)["rank_by_direction"]


def test_a_mixed_plan_ranks_the_danish_round_by_the_mitchell_directions() -> None:
    # 2 Mitchell rounds, then a Danish one: its tables seat pairs by the standings, whatever
    # their direction; each pair stays in the direction of its Mitchell tables.
    tournament = tournament_create(
        name="Mixed",
        format="mitchell",
        round_formats=["mitchell", "mitchell", "danish"],
        rounds=3,
        rank_by_direction=True,
    )
    entries_add(tournament_id=tournament.id, entries=[{"name": f"Pair {i}"} for i in range(1, 9)])
    seated = {}  # each pair's side at its table, round by round
    for _ in range(3):
        for match in round_released(tournament):
            confirm(match, 700, 500)
            seated.setdefault(match.ns.name, []).append("ns")
            seated.setdefault(match.ew.name, []).append("ew")
    rows = standings_recompute(tournament_id=tournament.id).rows
    directions = {r["name"]: r["direction"] for r in rows}
    assert directions == {f"Pair {i}": "ns" if i % 2 else "ew" for i in range(1, 9)}
    assert all(sides[0] == directions[name] for name, sides in seated.items())
    assert any(sides[2] != directions[name] for name, sides in seated.items())  # the Danish
    assert next(r["rank"] for r in rows if r["direction"] == "ns") == 1
    assert next(r["rank"] for r in rows if r["direction"] == "ew") == 1


def test_the_club_backup_keeps_the_option_and_an_older_backup_ranks_the_field_whole(dora) -> None:
    tournament = mitchell_of_eight(dora)  # the first event of dora's club
    data = club_export(tournament.club)
    (event,) = data["events"]
    assert event["rank_by_direction"] is True
    copy = club_import(data=json.dumps(data).encode(), director=account("paolo"), name="Copy")
    again = copy.tournaments.get()
    assert again.rank_by_direction and ranked(again) == ranked(tournament)
    del event["rank_by_direction"]  # a backup made before the option
    older = club_import(data=json.dumps(data).encode(), director=account("ugo"), name="Older")
    whole = older.tournaments.get()
    assert not whole.rank_by_direction
    rows = whole.snapshots.order_by("-version").first().rows
    assert [(r["name"], r["rank"]) for r in rows][:3] == [
        ("Pair 1", 1),
        ("Pair 2", 2),
        ("Pair 3", 3),
    ]
    assert not any("direction" in r for r in rows)
