"""An event's round decides when its tables' games end, whatever rules the club saved: an event
set up with a club's preset (its target, its own number of hands, a family's rules) is played
from the pairs' links to a settled result in every format, the table pages saying what is left
to play and never a target that the round does not play to."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from clubs.services import club_create, preset_save
from tournaments.models import Match, Round, Tournament
from tournaments.services.entries import entries_add
from tournaments.services.results import result_submit
from tournaments.services.rounds import round_pair, round_release
from tournaments.simulation import random_hand
from tournaments.table_keys import table_token

pytestmark = pytest.mark.django_db

# The club presets' shapes: a target, a game of hands, both, rules that do not touch the end,
# and families whose rules know no number of hands (samba, modern-american) or count hands
# already (hand-and-foot).
PRESETS: dict[str, tuple[str, dict[str, Any]]] = {
    "classic to 3000": ("classic", {"target": 3000}),
    "classic of 6 hands": ("classic", {"hands": 6}),
    "classic of 6 hands to 2000": ("classic", {"hands": 6, "target": 2000}),
    "classic, draws allowed": ("classic", {"on_tie": "draw", "wild_limit": "none"}),
    "italiana as printed": ("italiana", {}),
    "samba to 5000": ("samba", {"target": 5000}),
    "modern-american, draws": ("modern-american", {"on_tie": "draw"}),
    "hand-and-foot to 10000": ("hand-and-foot", {"target": 10000}),
}

# Each format with a field it draws for (an individual event's entries are players).
FORMATS: dict[str, tuple[int, int]] = {  # format: (entries, rounds in the plan)
    "swiss": (4, 2),
    "roundrobin": (4, 0),
    "mitchell": (4, 0),
    "danish": (4, 2),
    "danish_plain": (4, 2),
    "knockout": (4, 0),
    "individual": (8, 2),
    "individual_movement": (8, 0),
}


def new_event(director: Client, club_id: int, preset_id: int, fmt: str, hands: int) -> Tournament:
    """The event as the director makes it from the preset's "New event with these rules"."""
    entries, rounds = FORMATS[fmt]
    made = director.post(
        reverse("tournament-new"),
        {
            "name": "Friday",
            "club": club_id,
            "preset": preset_id,
            "variant": "classic",  # the preset's own preset wins over the form's
            "phase_1_format": fmt,
            "phase_1_rounds": rounds or "",
            "hands_per_round": hands,
            "points": "wdl",
            "sit_out": "fixed",
            "seeded": "on",
            "tiebreak_1": "tp",
        },
    )
    assert made.status_code == 302, made.content.decode()[:2000]
    event = Tournament.objects.get(club_id=club_id)
    individual = fmt.startswith("individual")
    entries_add(
        tournament_id=event.id,
        entries=[
            {"name": f"Player {i}"} if individual else {"name": f"Pair {i}", "seed": i}
            for i in range(1, entries + 1)
        ],
    )
    return event


def link(match: Match, side: str) -> str:
    return reverse("table", args=[table_token(match.game, side)])


def table_page(match: Match) -> str:
    return Client().get(link(match, "ew")).content.decode()


def play_to_the_result(match: Match, hands: int, rng: random.Random) -> int:
    """The North-South phone enters hands until its table page offers to send the result (the
    round's hands, and any hand a tie makes the rules play); both pairs send the same figures.
    Returns the hands played."""
    north = Client()
    north.get(link(match, "ns") + "hands/")  # the table's game, opened with this pair's key
    event = match.round.tournament
    played = 0
    while True:
        page = table_page(match)
        assert not TARGETS.search(_words(page)), _words(page)
        if 'data-testid="hands-done"' in page:
            assert 'data-testid="result-form"' in page and "Enter hand" not in _words(page)
            break
        assert played < hands + 5, f"hand {played + 1} asked for: {_words(page)}"
        sides = random_hand(rng, event.variant, event.rules)
        saved = north.post(
            reverse("hand-new", args=[match.game_id]),
            {"record": json.dumps(sides), "number": played + 1},
        )
        assert saved.status_code == 302, _words(saved.content.decode())
        played += 1
    match.game.refresh_from_db()
    game = match.game
    assert played >= hands or game.ended_at is None
    board = Client().get(f"/g/{game.id}/").content.decode()  # a game of the round's hands
    assert f"a game of {hands} hands" in board and " · to " not in board
    assert "Enter hand" not in _words(board)
    figures = {"ns_score": game.totals[0], "ew_score": game.totals[-1]}
    for side in ("ns", "ew"):
        sent = Client().post(link(match, side), figures)
        assert sent.status_code == 302, _words(sent.content.decode())
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED, _words(table_page(match))
    return played


# The club presets' targets, which no page of a game of the round's hands shows.
TARGETS = re.compile(r"\b(2000|3000|5000|10000)\b")


def _words(page: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", page).split())[:3000]


@pytest.fixture
def lucca():
    dora = get_user_model().objects.create_user("dora")  # no password: none is hashed
    club = club_create(name="Lucca", director=dora)
    director = Client()
    director.force_login(dora)
    return club, director


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("shape", PRESETS)
def test_an_event_with_a_club_preset_is_played_from_the_links_to_a_settled_round(
    lucca, shape: str, fmt: str
) -> None:
    club, director = lucca
    variant, rules = PRESETS[shape]
    preset = preset_save(
        club_id=club.id, name=shape, variant=variant, players=4, sides=2, rules=rules
    )
    event = new_event(director, club.id, preset.id, fmt, hands=2)
    assert (event.variant, event.rules) == (variant, preset.rules)
    drawn = round_pair(tournament_id=event.id)
    round_release(round_id=drawn.id)
    rng = random.Random(f"{shape} {fmt}")
    first, *others = drawn.matches.filter(ew__isnull=False).select_related("game", "round")
    play_to_the_result(first, 2, rng)
    for match in others:  # the other tables as their pairs would send them
        for side in ("ns", "ew"):
            result_submit(match_id=match.id, by=side, ns_score=500, ew_score=0, author="")
    drawn.refresh_from_db()
    assert drawn.status == Round.Status.COMPLETE


def test_one_hand_of_1300_to_470_is_the_round_under_a_club_target_of_3000(lucca) -> None:
    """The director's report: Classic to 3000, Swiss of 2 rounds of 1 hand a round."""
    club, director = lucca
    preset = preset_save(
        club_id=club.id,
        name="Tuesday",
        variant="classic",
        players=4,
        sides=2,
        rules={"target": 3000},
    )
    event = new_event(director, club.id, preset.id, "swiss", hands=1)
    drawn = round_pair(tournament_id=event.id)
    round_release(round_id=drawn.id)
    match = drawn.matches.filter(ew__isnull=False).select_related("game").first()
    north = Client()
    north.get(link(match, "ns") + "hands/")
    hand = [  # 1300: two natural canastas and 200 melded, out; 470: a mixed canasta
        {
            "melded": {"points": 200},
            "canastas": {"natural": 2},
            "red_threes": 0,
            "went_out": True,
        },
        {"melded": {"points": 170}, "canastas": {"mixed": 1}},
    ]
    assert (
        north.post(
            reverse("hand-new", args=[match.game_id]), {"record": json.dumps(hand), "number": 1}
        ).status_code
        == 302
    )
    match.game.refresh_from_db()
    assert match.game.totals == [1300, 470]
    page = _words(table_page(match))
    assert "3000" not in page and "Enter hand 2" not in page and "tied" not in page
    assert "Send our result" in page
    assert "hand is entered" in page  # "The round's 1 hand is entered: ... send it"


@pytest.mark.parametrize(("fmt", "drawn"), [("swiss", True), ("knockout", False)])
def test_a_table_tied_after_the_rounds_hands_is_drawn_but_in_a_knockout(
    lucca, fmt: str, drawn: bool
) -> None:
    """ "Win 2, draw 1" scores a draw: a Swiss table tied after its round's hand is drawn (the
    preset's own rule, another hand, is for a game to its target); a knockout table plays on."""
    club, director = lucca
    preset = preset_save(
        club_id=club.id, name="Tuesday", variant="classic", players=4, sides=2, rules={}
    )
    event = new_event(director, club.id, preset.id, fmt, hands=1)
    drawn_round = round_pair(tournament_id=event.id)
    round_release(round_id=drawn_round.id)
    match = drawn_round.matches.filter(ew__isnull=False).select_related("game").first()
    north = Client()
    north.get(link(match, "ns") + "hands/")
    tie = [{"melded": {"points": 100}}, {"melded": {"points": 100}}]
    north.post(reverse("hand-new", args=[match.game_id]), {"record": json.dumps(tie), "number": 1})
    match.game.refresh_from_db()
    assert match.game.totals == [100, 100]
    page = _words(table_page(match))
    assert (match.game.ended_at, match.game.winner) == ((1, None) if drawn else (None, None))
    assert ("Enter hand 2: the totals are tied" in page) is not drawn
    assert ("hand is entered" in page) is drawn
