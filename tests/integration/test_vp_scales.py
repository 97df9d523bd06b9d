"""A club's scales of victory points (issue 31): saved and checked on the club's pages, picked
for an event, which keeps its own copy, scores its tables by it and publishes it; kept in the
club's backup. The figures are worked by hand from the scale."""

from __future__ import annotations

import pytest

from clubs.vp_scales import ScaleRefused, margins_from_text, scale_rows
from tests.factories import account, confirm
from tournaments.engine.points import VP_BANDS_4_HANDS, victory_points

pytestmark = pytest.mark.django_db

# A federation's 3-hand table, as a club would type it: 10–10 up to 50, 20–0 above 1000.
FEDERATION = "50 120 190 260 330 400 500 620 800 1000"
MARGINS = (50, 120, 190, 260, 330, 400, 500, 620, 800, 1000)


def test_a_scale_is_read_as_typed_and_refused_in_words_when_it_cannot_be_one() -> None:
    assert margins_from_text(FEDERATION) == MARGINS
    assert margins_from_text("50,120;190\n260 330, 400 500 620 800 1000") == MARGINS
    for typed, words in [
        ("50 120 190", "A scale has 10 margins, one for each step from 10–10 to 20–0: 3 given."),
        ("50 120 190 260 330 400 500 620 800 800", "800 comes after 800"),
        ("50 120 190 260 330 400 500 620 1000 800", "800 comes after 1000"),
        ("50 120 190 260 330 400 500 620 800 ten", "whole numbers"),
        ("-50 120 190 260 330 400 500 620 800 1000", "whole numbers"),
        ("50 120 190 260 330 400 500 620 800 1000000", "from 0 to 100000"),
    ]:
        with pytest.raises(ScaleRefused, match=words):
            margins_from_text(typed)


def test_the_published_table_gives_what_the_engine_scores_at_each_end_of_each_line() -> None:
    rows = scale_rows(MARGINS)
    assert [(r.low, r.high, r.winner, r.loser) for r in rows[:3]] == [
        (0, 50, 10, 10),
        (55, 120, 11, 9),
        (125, 190, 12, 8),
    ]
    assert (rows[-1].low, rows[-1].high, rows[-1].winner, rows[-1].loser) == (1005, None, 20, 0)
    for bands in (MARGINS, VP_BANDS_4_HANDS):
        for row in scale_rows(bands):
            assert victory_points(row.low, bands) == (row.winner, row.loser)
            if row.high is not None:
                assert victory_points(row.high, bands) == (row.winner, row.loser)


def _club_with_director(client):
    from clubs.services import club_create

    dora = account("dora")
    club = club_create(name="Lucca", director=dora)
    client.force_login(dora)
    return club, dora


def test_a_director_saves_replaces_and_deletes_a_scale_and_a_bad_one_saves_nothing(client) -> None:
    club, _dora = _club_with_director(client)
    page = f"/c/{club.id}/scales/"
    assert 'data-testid="no-vp-scale"' in client.get(page).content.decode()
    saved = client.post(page, {"name": "FIBUR 3 hands", "margins": FEDERATION})
    assert saved.status_code == 302
    shown = client.get(page).content.decode()
    assert "FIBUR 3 hands" in shown and "1005 and above" in shown and "19–1" in shown
    refused = client.post(page, {"name": "Broken", "margins": "50 120 190"})
    assert refused.status_code == 400
    assert "A scale has 10 margins" in refused.content.decode()
    refused = client.post(page, {"name": "Broken", "margins": FEDERATION.replace("500", "300")})
    assert "300 comes after 400" in refused.content.decode()
    assert [s.name for s in club.vp_scales.all()] == ["FIBUR 3 hands"]
    # The same name again replaces it: one scale, the new margins.
    wider = "100 250 400 550 700 850 1050 1250 1500 2000"
    client.post(page, {"name": "fibur 3 HANDS", "margins": wider})
    assert [tuple(s.margins) for s in club.vp_scales.all()] == [VP_BANDS_4_HANDS]
    scale = club.vp_scales.get()
    assert client.post(f"{page}{scale.id}/delete/").status_code == 302
    assert not club.vp_scales.exists()


def test_a_member_reads_the_scales_and_cannot_save_one_and_another_club_sees_nothing(client):
    from clubs.services import club_create, membership_set, vp_scale_save

    club, _dora = _club_with_director(client)
    vp_scale_save(club_id=club.id, name="Ours", margins=MARGINS)
    mia = account("mia")
    membership_set(club_id=club.id, username="mia", role="member")
    client.force_login(mia)
    page = client.get(f"/c/{club.id}/scales/").content.decode()
    assert "Ours" in page and 'data-testid="vp-scale-form"' not in page
    assert (
        client.post(f"/c/{club.id}/scales/", {"name": "Mine", "margins": FEDERATION}).status_code
        == 403
    )
    paolo = account("paolo")
    club_create(name="Pisa", director=paolo)
    client.force_login(paolo)
    assert client.get(f"/c/{club.id}/scales/").status_code == 404


def test_an_event_scores_by_the_clubs_scale_keeps_its_copy_and_publishes_it(client) -> None:
    from clubs.services import vp_scale_save
    from tournaments.club_formats import form_values
    from tournaments.forms import TournamentForm
    from tournaments.models import Tournament
    from tournaments.services.entries import entries_add
    from tournaments.services.rounds import round_pair, round_release
    from tournaments.services.standings import standings_shown
    from tournaments.services.tournament import tournament_create

    club, dora = _club_with_director(client)
    scale = vp_scale_save(club_id=club.id, name="FIBUR 3 hands", margins=MARGINS)
    values = {**form_values("swiss5-vp"), "phase_1_rounds": 1, "hands_per_round": 3}
    form = TournamentForm(
        {
            **values,
            "name": "Tuesday",
            "variant": "classic",
            "vp_scale": scale.id,
            "seeded": "on",
            "tiebreak_1": "tp",
            "club": club.id,
        },
        clubs=club.__class__.objects.filter(id=club.id),
    )
    assert form.is_valid(), form.errors
    event = tournament_create(**form.tournament_arguments(), director=dora)
    assert (event.vp_margins, event.vp_scale_name) == (list(MARGINS), "FIBUR 3 hands")
    entries_add(
        tournament_id=event.id,
        entries=[
            {"name": n, "seed": i} for i, n in enumerate(["Aces", "Kings", "Deuces", "Jokers"], 1)
        ],
    )
    drawn = round_pair(tournament_id=event.id)
    round_release(round_id=drawn.id)
    one, two = drawn.matches.exclude(game=None).order_by("table")
    confirm(one, 900, 565)  # a margin of 335: above five margins (50 … 330), so 15–5
    confirm(two, 700, 750)  # 50 to the East–West pair: up to 50 → 10–10
    # The club changes its scale afterwards: the event keeps the copy it was set up with.
    vp_scale_save(club_id=club.id, name="FIBUR 3 hands", margins=VP_BANDS_4_HANDS)
    event.refresh_from_db()
    snapshot = standings_shown(tournament=event).snapshot
    rows = {row["entry"]: row["metrics"]["tp"] for row in snapshot.rows}
    assert rows == {one.ns_id: 15, one.ew_id: 5, two.ns_id: 10, two.ew_id: 10}
    standings = client.get(f"/t/{event.id}/standings/").content.decode()
    assert 'Victory points: the club\'s scale "FIBUR 3 hands"' in standings
    assert "1005 and above" in standings and "<td>335–400</td><td>15–5</td>" in standings
    assert Tournament.objects.get(id=event.id).vp_margins == list(MARGINS)
    assert 'data-testid="vp-scale-shown"' in client.get(f"/t/{event.id}/").content.decode()


def test_a_scale_needs_victory_points_and_an_event_without_one_publishes_the_default(
    client,
) -> None:
    from clubs.services import club_create
    from tournaments.services.errors import TournamentError
    from tournaments.services.tournament import tournament_create

    dora = account("dora")
    club = club_create(name="Lucca", director=dora)
    with pytest.raises(TournamentError, match="needs victory points"):
        tournament_create(
            name="Wdl",
            format="swiss",
            rounds=1,
            club=club,
            director=dora,
            points="wdl",
            vp_margins=MARGINS,
            vp_scale_name="Ours",
        )
    with pytest.raises(TournamentError, match="comes after"):
        tournament_create(
            name="Bad",
            format="swiss",
            rounds=1,
            club=club,
            director=dora,
            points="vp",
            vp_margins=(10, 5, 20, 30, 40, 50, 60, 70, 80, 90),
            vp_scale_name="Bad",
        )
    plain = tournament_create(
        name="Plain", format="swiss", rounds=1, club=club, director=dora, points="vp"
    )
    assert (plain.vp_margins, plain.vp_scale_name) == ([], "")
    page = client.get(f"/t/{plain.id}/").content.decode()
    assert "Victory points: the default scale for 4 hands a round" in page
    assert "2005 and above" in page  # the engine's 4-hand bands


def test_the_clubs_backup_keeps_its_scales_and_its_events_copies() -> None:
    from clubs.backup import club_export
    from clubs.services import club_create, vp_scale_save
    from tournaments.services.tournament import tournament_create

    dora = account("dora")
    club = club_create(name="Lucca", director=dora)
    vp_scale_save(club_id=club.id, name="Ours", margins=MARGINS)
    tournament_create(
        name="Tuesday",
        format="swiss",
        rounds=1,
        club=club,
        director=dora,
        points="vp",
        vp_margins=MARGINS,
        vp_scale_name="Ours",
    )
    data = club_export(club)
    assert data["vp_scales"] == [{"name": "Ours", "margins": list(MARGINS)}]
    assert (data["events"][0]["vp_margins"], data["events"][0]["vp_scale_name"]) == (
        list(MARGINS),
        "Ours",
    )


def test_a_backup_brings_the_scales_back_and_refuses_a_bad_one_whole() -> None:
    import json

    from clubs.backup import club_export_bytes, club_import
    from clubs.models import Club
    from clubs.services import ClubError, club_create, vp_scale_save
    from tournaments.models import Tournament
    from tournaments.services.tournament import tournament_create

    dora = account("dora")
    club = club_create(name="Lucca", director=dora)
    vp_scale_save(club_id=club.id, name="Ours", margins=MARGINS)
    tournament_create(
        name="Tuesday",
        format="swiss",
        rounds=1,
        club=club,
        director=dora,
        points="vp",
        vp_margins=MARGINS,
        vp_scale_name="Ours",
    )
    data = club_export_bytes(club)
    again = club_import(data=data, director=account("paolo"), name="Lucca again")
    assert list(again.vp_scales.values_list("name", "margins")) == [("Ours", list(MARGINS))]
    copy = Tournament.objects.get(club=again)
    assert (copy.vp_margins, copy.vp_scale_name) == (list(MARGINS), "Ours")
    broken = json.loads(data)
    broken["vp_scales"][0]["margins"] = [100, 50]
    with pytest.raises(ClubError, match="A scale has 10 margins"):
        club_import(data=json.dumps(broken).encode(), director=account("mia"), name="Broken")
    assert not Club.objects.filter(name="Broken").exists()


def test_a_club_keeps_twenty_scales_and_still_replaces_one_by_name() -> None:
    from clubs.services import MAX_VP_SCALES, ClubError, club_create, vp_scale_save

    club = club_create(name="Lucca", director=account("dora"))
    for n in range(MAX_VP_SCALES):
        vp_scale_save(club_id=club.id, name=f"Scale {n}", margins=MARGINS)
    with pytest.raises(ClubError, match="A club keeps 20 scales at most"):
        vp_scale_save(club_id=club.id, name="One more", margins=MARGINS)
    vp_scale_save(club_id=club.id, name="scale 0", margins=VP_BANDS_4_HANDS)
    assert club.vp_scales.count() == MAX_VP_SCALES
    assert club.vp_scales.get(name="scale 0").margins == list(VP_BANDS_4_HANDS)
