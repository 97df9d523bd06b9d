"""What a director meets when something is refused: names a game can hold, draws that say why,
a draft discarded, every club format creatable and playable, and standings that catch up."""

from __future__ import annotations

import pytest
from django.db.models import F
from django.urls import reverse

from tournaments.club_formats import CLUB_FORMATS, form_values
from tournaments.engine import mitchell
from tournaments.models import Entry, Match, Round, StandingsSnapshot, Tournament
from tournaments.services.entries import entries_add
from tournaments.services.errors import TournamentError
from tournaments.services.results import result_correct, result_submit
from tournaments.services.rounds import round_close, round_draw, round_pair, round_release
from tournaments.services.tournament import tournament_create

pytestmark = pytest.mark.django_db


def event(director, fmt: str = "swiss", rounds: int = 1, pairs: int = 4, **extra) -> Tournament:
    tournament = tournament_create(
        name="Tuesday", format=fmt, rounds=rounds, director=director, **extra
    )
    entries_add(
        tournament_id=tournament.id,
        entries=[{"name": f"Pair {i}", "seed": i} for i in range(1, pairs + 1)],
    )
    return tournament


def play_round(tournament: Tournament) -> Round:
    """Draw, release and settle the next round (both pairs submit the same figures)."""
    drawn = round_pair(tournament_id=tournament.id)
    round_release(round_id=drawn.id)
    for match in drawn.matches.filter(ew__isnull=False):
        winner = match.ns_id if drawn.format == "knockout" else None
        for by in ("ns", "ew"):
            result_submit(match_id=match.id, by=by, ns_score=900, ew_score=400, winner_id=winner)
    return drawn


# Names ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("name", "x" * 61, "at most 60 characters"),
        ("name", "Anna\tBen", "no tab, line break or control character"),
        ("name", "Anna\nBen", "no tab, line break or control character"),
        ("player_1", "y" * 81, "at most 80 characters"),
        ("club", "Club\u2028Two", "no tab, line break or control character"),
    ],
)
def test_the_pair_form_refuses_a_name_no_game_can_hold(
    client, director, field: str, value: str, message: str
) -> None:
    tournament = event(director, pairs=0)
    given = {"name": "Anna & Ben", field: value}
    response = client.post(reverse("director-pairs", args=[tournament.id]), given)
    page = response.content.decode()
    assert response.status_code == 400 and message in page
    assert 'value="Anna &amp; Ben"' in page or field == "name"  # what was typed is kept
    assert not Entry.objects.exists()


def test_the_longest_names_a_pair_may_have_go_through_release(director) -> None:
    tournament = tournament_create(name="x", format="swiss", rounds=1, director=director)
    entries_add(
        tournament_id=tournament.id,
        entries=[
            {
                "name": f"{i}" + "é" * 59,
                "player_1": f"{i}" + "p" * 79,
                "player_2": f"{i}" + "q" * 79,
                "club": "c" * 80,
            }
            for i in range(4)
        ],
    )
    drawn = round_pair(tournament_id=tournament.id)
    round_release(round_id=drawn.id)
    game = drawn.matches.filter(ew__isnull=False).first().game
    side = game.sides.first()
    assert len(side.name) == 60 and len(side.player_names) == 80 + 2 + 80
    assert side.player_names.endswith("p" * 79 + ", " + side.player_names[0] + "q" * 79)


def test_the_services_refuse_a_bad_name_or_seed_whatever_calls_them(director) -> None:
    tournament = event(director, pairs=0)
    for bad in ({"name": "a" * 61}, {"name": "a\x00b"}, {"name": "a", "seed": 3_000_000_000}):
        with pytest.raises(TournamentError):
            entries_add(tournament_id=tournament.id, entries=[bad])
    entries_add(tournament_id=tournament.id, entries=[{"name": "Les As"}])
    with pytest.raises(TournamentError, match="already called Les As"):
        entries_add(tournament_id=tournament.id, entries=[{"name": "LES  as"}])


def test_a_bad_csv_names_every_bad_line_and_keeps_the_pasted_text(client, director) -> None:
    tournament = event(director, pairs=0)
    text = "name,player_1,seed\nPair A,Ann,1\nPair\tB,Bob,2\nPair C,Cy,²\n,Dan,4\n"
    response = client.post(reverse("director-import", args=[tournament.id]), {"text": text})
    page = response.content.decode()
    assert response.status_code == 400 and "Nothing was imported: every line to correct" in page
    for line in ("Line 3", "Line 4", "Line 5"):
        assert line in page
    assert "Pair C,Cy,²" in page  # the text is there to correct
    assert not Entry.objects.exists()


# Draws that say why -----------------------------------------------------------------------------


def test_a_refused_draw_tells_the_director_why_and_the_rounds_can_be_fixed(
    client, director, django_capture_on_commit_callbacks
):
    tournament = event(director, fmt="roundrobin", rounds=5)
    with django_capture_on_commit_callbacks(execute=True):  # the draw's task, sent on commit
        response = client.post(reverse("director-round-next", args=[tournament.id]))
    page = client.get(response["Location"]).content.decode()
    refusal = "The round robin of 4 pairs ends after 3 rounds, and the plan plays 5 rounds in it"
    assert 'data-testid="refusal"' in page and refusal in page
    assert 'data-expect=""' in page  # no endless "Drawing round 1…"
    state = client.get(reverse("tournament-state", args=[tournament.id])).json()
    assert state["rounds"] == 0 and state["refused"].startswith("The round robin of 4 pairs")
    plan = {"phase_1_format": "roundrobin", "phase_1_rounds": 3}
    client.post(reverse("director-plan", args=[tournament.id]), plan)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("director-round-next", args=[tournament.id]))
    assert Round.objects.filter(tournament=tournament).count() == 1
    assert (
        'data-testid="refusal"'
        not in client.get(reverse("director", args=[tournament.id])).content.decode()
    )


def test_the_refusal_is_shown_in_the_directors_language(
    client, director, django_capture_on_commit_callbacks
) -> None:
    tournament = event(director, fmt="roundrobin", rounds=5)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("director-round-next", args=[tournament.id]))
    french = client.get(
        reverse("director", args=[tournament.id]), HTTP_ACCEPT_LANGUAGE="fr"
    ).content.decode()
    assert "round robin of 4 pairs" not in french and 'data-testid="refusal"' in french


def test_a_round_past_the_schedule_is_refused_with_its_reason(director) -> None:
    tournament = event(director, fmt="roundrobin", rounds=3)
    for _ in range(3):
        play_round(tournament)
    tournament.rounds = 4  # as if the plan had asked for more
    tournament.save(update_fields=["rounds"])
    assert round_draw(tournament_id=tournament.id) is None
    tournament.refresh_from_db()
    refusal = TournamentError.from_json(tournament.draw_refusal)
    assert "schedule ends after round 3" in str(refusal)


def test_a_task_run_twice_draws_the_round_once(director) -> None:
    tournament = event(director)
    first = round_draw(tournament_id=tournament.id, number=1)
    again = round_draw(tournament_id=tournament.id, number=1)
    assert first == again and Round.objects.count() == 1
    tournament.refresh_from_db()
    assert tournament.draw_refusal is None


def test_plans_no_field_can_play_are_refused_before_anything_is_saved(director) -> None:
    for plan, message in [
        ({"format": "swiss", "rounds": 0}, "1 to 200 rounds"),
        ({"format": "swiss", "rounds": 3, "round_formats": ["swiss"] * 2}, "2 rounds of 3"),
        (
            {
                "format": "swiss",
                "rounds": 6,
                "round_formats": ["swiss"] * 5 + ["knockout"],
                "knockout_top": 4,
            },
            "top 4 plays 2 rounds",
        ),
    ]:
        with pytest.raises(TournamentError, match=message):
            tournament_create(name="x", **plan)
    assert not Tournament.objects.exists()


def test_a_draft_can_be_discarded_and_drawn_again(client, director) -> None:
    tournament = event(director)
    round_pair(tournament_id=tournament.id)
    withdrawn = client.post(
        reverse("director-withdraw", args=[tournament.id, Entry.objects.get(name="Pair 4").id]),
        follow=True,
    ).content.decode()
    assert "Discard the draft of round 1 and draw it again" in withdrawn
    client.post(reverse("director-discard", args=[tournament.id, 1]))
    assert not Round.objects.exists()
    drawn = round_pair(tournament_id=tournament.id)
    seated = {m.ns.name for m in drawn.matches.all()} | {
        m.ew.name for m in drawn.matches.all() if m.ew
    }
    assert "Pair 4" not in seated and len(seated) == 3


@pytest.mark.parametrize("preset", list(CLUB_FORMATS))
def test_every_club_format_creates_a_tournament_that_plays_to_the_end(
    client, director, preset: str
) -> None:
    values = {k: v for k, v in form_values(preset).items() if v not in ("", False)}
    response = client.post(
        reverse("tournament-new"),
        {
            "name": preset,
            "club_format": preset,
            "variant": "classic",
            **values,
            "hands_per_round": 2,
            "seeded": "on",
            "tiebreak_1": "tp",
        },
    )
    assert response.status_code == 302, response.content.decode()
    tournament = Tournament.objects.get()
    entries_add(
        tournament_id=tournament.id,
        entries=[{"name": f"Pair {i}", "seed": i} for i in range(1, 10)],
    )
    played = 0
    while True:
        tournament.refresh_from_db()
        if tournament.rounds and played >= tournament.rounds:
            break
        last = play_round(tournament)
        played += 1
    round_close(round_id=last.id)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    if preset == "mitchell":  # the whole movement: its length set by the field at round 1
        assert tournament.rounds == mitchell.rounds_possible(9)
    final = StandingsSnapshot.objects.filter(tournament=tournament).order_by("version").last()
    assert not final.provisional and len(final.rows) == 9


# Standings that catch up ------------------------------------------------------------------------


def lose_the_rebuild(tournament: Tournament) -> None:
    """A change whose rebuild never ran (a broker down and a worker lost): only its mark."""
    Tournament.objects.filter(id=tournament.id).update(inputs_version=F("inputs_version") + 1)


def test_stale_standings_are_rebuilt_when_a_page_shows_them(client, director) -> None:
    tournament = event(director)
    play_round(tournament)
    before = StandingsSnapshot.objects.filter(tournament=tournament).count()
    Match.objects.filter(ew__isnull=False).update(status=Match.Status.CONFIRMED)
    first = Match.objects.filter(ew__isnull=False).order_by("table").first()
    first.result.ns_score = 100  # a settled result changed behind the task's back...
    first.result.save()
    lose_the_rebuild(tournament)  # ...and its rebuild lost
    page = client.get(reverse("tournament-standings", args=[tournament.id])).content.decode()
    latest = StandingsSnapshot.objects.filter(tournament=tournament).order_by("version").last()
    assert StandingsSnapshot.objects.filter(tournament=tournament).count() == before + 1
    assert f'data-version="{latest.version}"' in page and 'data-testid="stale"' not in page


def test_the_director_can_recompute_the_standings(client, director) -> None:
    tournament = event(director)
    play_round(tournament)
    lose_the_rebuild(tournament)
    # The page rebuilds standings a lost task left stale, as the public pages do (here, with
    # tasks run at once, its ask for a rebuild does it).
    before = StandingsSnapshot.objects.filter(tournament=tournament).count()
    page = client.get(reverse("director", args=[tournament.id])).content.decode()
    assert 'data-testid="standings-stale"' not in page
    assert StandingsSnapshot.objects.filter(tournament=tournament).count() == before + 1
    done = client.post(reverse("director-recompute", args=[tournament.id]), follow=True)
    page = done.content.decode()
    assert "Standings recomputed from every settled result" in page
    assert 'data-testid="standings-stale"' not in page
    # A change no version counts (the tie-breaks set in the shell): the button sees it too.
    before = StandingsSnapshot.objects.filter(tournament=tournament).count()
    Tournament.objects.filter(id=tournament.id).update(tiebreaks=["wins", "tp"])
    client.post(reverse("director-recompute", args=[tournament.id]))
    assert StandingsSnapshot.objects.filter(tournament=tournament).count() == before + 1


def test_a_finished_event_takes_no_new_pair_and_no_withdrawal(client, director) -> None:
    tournament = event(director)
    round_close(round_id=play_round(tournament).id)
    final = StandingsSnapshot.objects.filter(tournament=tournament).order_by("version").last()
    added = client.post(reverse("director-pairs", args=[tournament.id]), {"name": "Latecomers"})
    assert added.status_code == 400 and "The event is finished" in added.content.decode()
    pair = Entry.objects.filter(tournament=tournament).first()
    client.post(reverse("director-withdraw", args=[tournament.id, pair.id]))
    pair.refresh_from_db()
    assert pair.withdrawn_after is None and Entry.objects.count() == 4
    page = client.get(reverse("director", args=[tournament.id])).content.decode()
    assert 'data-testid="add-pair"' not in page and ">Withdraw<" not in page
    latest = StandingsSnapshot.objects.filter(tournament=tournament).order_by("version").last()
    assert latest == final


def test_closing_a_round_rebuilds_and_finishing_writes_final_standings(
    director, django_capture_on_commit_callbacks
) -> None:
    tournament = event(director, rounds=2)
    first = play_round(tournament)
    lose_the_rebuild(tournament)
    with django_capture_on_commit_callbacks(execute=True):
        round_close(round_id=first.id)  # the rebuild is sent (eager here: done)
    latest = StandingsSnapshot.objects.filter(tournament=tournament).order_by("version").last()
    tournament.refresh_from_db()
    assert latest.inputs_version == tournament.inputs_version
    second = play_round(tournament)
    lose_the_rebuild(tournament)
    round_close(round_id=second.id)  # no task: in the same transaction
    tournament.refresh_from_db()
    final = StandingsSnapshot.objects.filter(tournament=tournament).order_by("version").last()
    assert tournament.status == Tournament.Status.FINISHED
    assert final.inputs_version == tournament.inputs_version and not final.provisional
    assert sum(row["metrics"]["wins"] for row in final.rows) == 4  # every table, both rounds


# A correction while the next round is drawn -----------------------------------------------------


@pytest.mark.django_db(transaction=True)  # two connections: the draw's and the correction's
def test_a_correction_made_while_the_next_round_is_drawn_waits_then_meets_a_closed_round(
    director,
) -> None:
    import threading

    from django.db import connection, transaction

    tournament = event(director, rounds=2)
    first = play_round(tournament)
    match = first.matches.filter(ew__isnull=False).order_by("table").first()
    outcome: dict[str, object] = {}

    def correct() -> None:
        try:
            result_correct(match_id=match.id, ns_score=0, ew_score=2000, reason="late sheet")
            outcome["saved"] = True
        except TournamentError as refused:
            outcome["refused"] = str(refused)
        finally:
            connection.close()

    with transaction.atomic():
        round_pair(tournament_id=tournament.id)  # holds the tournament until commit
        late = threading.Thread(target=correct)
        late.start()
        late.join(timeout=2)
        assert late.is_alive(), "the correction must wait for the draw"
    late.join(timeout=30)
    assert outcome == {"refused": "Round 1 is closed: its results stand."}
    match.refresh_from_db()
    assert (match.result.ns_score, match.result.ew_score) == (900, 400)


@pytest.mark.parametrize("name", ["\u200b", "Les As\u200b", "\u202egnp.exe", "Anna\u2066Ben"])
def test_names_that_hide_or_turn_text_around_are_refused(director, name: str) -> None:
    tournament = event(director, pairs=0)
    with pytest.raises(TournamentError, match="control character"):
        entries_add(tournament_id=tournament.id, entries=[{"name": name}])
    entries_add(tournament_id=tournament.id, entries=[{"name": "Mehr\u200cdad"}])  # ZWNJ


# Names made only of characters that show nothing: a zero-width joiner, tag characters, a
# variation selector, a soft hyphen, an invisible operator (none a control character).
INVISIBLE_NAMES = [
    "\u200d",
    "\U000e0041\U000e0042",
    "\u200d\ufe0f",
    "\u00ad\u2062",
    " \u200d ",
    "\u0301\u0308",  # combining marks with no letter
    "\u20dd \ufdd0",  # an enclosing mark and a noncharacter
    "\ue000\u200d",  # private use
]


@pytest.mark.parametrize("name", INVISIBLE_NAMES)
def test_a_pair_name_that_shows_nothing_is_refused_as_no_name(client, director, name) -> None:
    tournament = event(director, pairs=0)
    with pytest.raises(TournamentError, match="needs a name"):
        entries_add(tournament_id=tournament.id, entries=[{"name": name}])
    form = client.post(reverse("director-pairs", args=[tournament.id]), {"name": name})
    assert form.status_code == 400 and "needs a name" in form.content.decode()
    pasted = client.post(
        reverse("director-import", args=[tournament.id]), {"text": f"name\n{name}\nLes As\n"}
    )
    assert pasted.status_code == 400 and "Line 2: a pair needs a name." in pasted.content.decode()
    assert not Entry.objects.exists()
    # A player's or a club's name that shows nothing is no name either: left out.
    entries_add(
        tournament_id=tournament.id, entries=[{"name": "Les As", "player_1": name, "club": name}]
    )
    assert Entry.objects.values_list("player_1", "club").get() == ("", "")


@pytest.mark.parametrize("name", INVISIBLE_NAMES)
def test_an_event_name_that_shows_nothing_is_refused_as_no_name(client, director, name) -> None:
    with pytest.raises(TournamentError, match="needs a name"):
        tournament_create(name=name, format="swiss", rounds=1, director=director)
    form = {
        "name": name,
        "club_format": "swiss3-evening",
        "variant": "classic",
        **form_values("swiss3-evening"),
        "tiebreak_1": "tp",
    }
    response = client.post(reverse("tournament-new"), form)
    assert response.status_code == 400 and "needs a name" in response.content.decode()
    assert not Tournament.objects.exists()


def test_an_event_name_is_one_line_of_text(director) -> None:
    for bad in ("Tuesday\nnight", "Tues\u202eday", "x" * 121):
        with pytest.raises(TournamentError):
            tournament_create(name=bad, format="swiss", rounds=1, director=director)
    assert tournament_create(name="  Tuesday  ", format="swiss", rounds=1).name == "Tuesday"


def test_an_events_name_and_a_clubs_are_checked_alike(director) -> None:
    """One check of a name (names.checked_name): runs of spaces made one, a tab or a line
    break refused (never quietly made a space), for an event as for a club."""
    from clubs.services import ClubError, club_create

    made = tournament_create(name=" Tuesday   night ", format="swiss", rounds=1)
    assert made.name == "Tuesday night"
    assert club_create(name=" Lucca   nord ", director=director).name == "Lucca nord"
    for bad in ("Pisa\tnord", "Pisa\nnord"):
        with pytest.raises(ClubError, match="no tab, line break or control character"):
            club_create(name=bad, director=director)


REASONS_THAT_SHOW_NOTHING = [" ", "\u200b\u202e", "\u0301", "\ufdd0\u20dd", "\ue000 \u00ad"]


@pytest.mark.parametrize("reason", REASONS_THAT_SHOW_NOTHING, ids=ascii)
def test_a_directors_reason_that_shows_nothing_is_refused_as_missing(
    client, director, reason
) -> None:
    """A correction, an adjusted score or a reopening says why, in words a page can show:
    marks, joiners or private-use characters alone are no reason, in the form and the service."""
    from tournaments.forms import CorrectionForm, ReopenForm
    from tournaments.services.results import result_reopen

    tournament = event(director)
    match = play_round(tournament).matches.filter(ew__isnull=False).first()
    for kind in ("corrected", "adjusted"):
        with pytest.raises(TournamentError, match="Say why the result is corrected"):
            result_correct(match_id=match.id, ns_score=1, ew_score=0, reason=reason, kind=kind)
        url = reverse("director-match", args=[tournament.id, match.id])
        given = {"ns_score": 1, "ew_score": 0, "kind": kind, "reason": reason}
        answer = client.post(url, {CorrectionForm().add_prefix(k): v for k, v in given.items()})
        page = answer.content.decode()
        assert answer.status_code == 400
        assert "Say why: the reason is kept with the result." in page
    with pytest.raises(TournamentError, match="Say why the table is reopened"):
        result_reopen(match_id=match.id, reason=reason)
    answer = client.post(
        reverse("director-reopen", args=[tournament.id, match.id]),
        {ReopenForm().add_prefix("reason"): reason},  # the box's name, its form's prefix and all
    )
    assert answer.status_code == 400
    assert "Say why: the reason is kept with the result." in answer.content.decode()
    assert match.submissions.count() == 2  # the pairs' two, nothing of the director's
    reopened = client.post(  # the same box, with words
        reverse("director-reopen", args=[tournament.id, match.id]),
        {ReopenForm().add_prefix("reason"): "hand 2 entered twice"},
    )
    assert reopened.status_code == 302 and match.submissions.count() == 3


def test_a_directors_reason_is_one_line(client, director) -> None:
    """A reason with a tab or a direction override is refused, as a name is: a backup of the
    event then holds only what the pages can show (and its import takes it back)."""
    from tournaments.services.results import result_reopen

    tournament = event(director)
    match = play_round(tournament).matches.filter(ew__isnull=False).first()
    for reason in ("sheet\tchecked", "sheet \u202echecked"):
        with pytest.raises(TournamentError, match="no tab, line break or control character"):
            result_correct(match_id=match.id, ns_score=1, ew_score=0, reason=reason)
        with pytest.raises(TournamentError, match="no tab, line break or control character"):
            result_reopen(match_id=match.id, reason=reason)
        answer = client.post(
            reverse("director-match", args=[tournament.id, match.id]),
            {"ns_score": 1, "ew_score": 0, "kind": "corrected", "reason": reason},
        )
        assert answer.status_code == 400 and "no tab, line break" in answer.content.decode()
    assert match.submissions.count() == 2
    result_correct(match_id=match.id, ns_score=1, ew_score=0, reason="  sheet checked ")
    assert match.submissions.last().reason == "sheet checked"


def test_a_pasted_text_too_large_for_the_server_gets_the_sites_own_page(client, director):
    tournament = event(director, pairs=0)
    huge = "name\n" + "Pair\n" * 600_000  # 3 MB: over what Django reads of a form
    response = client.post(reverse("director-import", args=[tournament.id]), {"text": huge})
    page = response.content.decode()
    assert response.status_code == 400 and "A list of pairs holds 1 MB at most" in page
    assert not Entry.objects.exists()


@pytest.mark.parametrize("fmt", ["swiss", "roundrobin", "mitchell", "danish"])
def test_a_round_with_fewer_than_two_pairs_playing_is_refused_with_a_reason(
    client, director, fmt: str
) -> None:
    """Every pair withdrawn, or all but one: a round robin's draw met an IndexError (a page that
    failed at every look, once asked), the others drew a round of no table."""
    from tournaments.services.entries import entry_withdraw

    tournament = event(director, fmt=fmt, rounds=0 if fmt in ("roundrobin", "mitchell") else 1)
    for entry in list(tournament.entries.all())[1:]:
        entry_withdraw(entry_id=entry.id)
    with pytest.raises(TournamentError, match="A round needs two pairs playing at least; 1 play"):
        round_pair(tournament_id=tournament.id)
    assert not tournament.round_set.exists()
    asked = client.post(reverse("director-round-next", args=[tournament.id]), follow=True)
    assert asked.status_code == 200 and not tournament.round_set.exists()


def test_a_draw_that_fails_on_a_fault_of_ours_is_shown_once_not_at_every_look(
    client, director, monkeypatch
) -> None:
    """A bug met by the draw the director's page runs (no worker took it): the page shows that
    the draw failed and Generate can be pressed again; it was a 500 at every look."""
    from datetime import timedelta

    from django.utils import timezone

    from tournaments.services import rounds

    tournament = event(director)
    failing = []

    def broken(**_kwargs):
        failing.append(1)
        raise RuntimeError("a bug")

    monkeypatch.setattr(rounds, "round_pair", broken)
    Tournament.objects.filter(id=tournament.id).update(
        draw_asked=1, draw_asked_at=timezone.now() - timedelta(minutes=1)
    )
    page = client.get(reverse("director", args=[tournament.id]))
    assert page.status_code == 200 and "could not be drawn" in page.content.decode()
    state = client.get(reverse("tournament-state", args=[tournament.id]))
    assert state.status_code == 200 and "could not be drawn" in state.json()["refused"]
    assert failing == [1]  # tried once, not at every look
    tournament.refresh_from_db()
    assert tournament.draw_asked is None
