"""A small named cast of test data: plain functions that build hand records (hand-format.md),
games, the people who log in, and club events played through the services.

The people: ``dora`` directs the club's events (tests/conftest.py's ``dora``; its ``director``
is Dora logged in on the test's client); a test makes the others it needs (a player, another
club's director) with ``account``."""

from __future__ import annotations

from typing import Any

from scorekeeper.rules import HandScore, score_record


def meld(rank: str, naturals: int = 0, twos: int = 0, jokers: int = 0, **extra: Any) -> dict:
    return {"rank": rank, "naturals": naturals, "twos": twos, "jokers": jokers, **extra}


def kings_canasta() -> dict:
    """Seven natural kings: 70 points + 500."""
    return meld("K", 7)


def mixed_nines() -> dict:
    """Five nines, a two and a joker: 120 points + 300."""
    return meld("9", 5, twos=1, jokers=1)


def record(
    variant: str, *sides: dict, players: int | None = None, rules: dict | None = None
) -> dict:
    out: dict[str, Any] = {"variant": variant, "sides": list(sides)}
    if players is not None:
        out["players"] = players
    if rules is not None:
        out["rules"] = rules
    return out


def going_out(*melds: dict, **side: Any) -> dict:
    return {"melds": list(melds), "went_out": True, **side}


def totals(hand: dict) -> list[int]:
    score: HandScore = score_record(hand)
    return [side.total for side in score.sides]


def breakdown(hand: dict, side: int = 0) -> dict[str, int]:
    b = score_record(hand).sides[side].breakdown
    return {
        "cards": b.cards,
        "hand": b.hand,
        "canastas": b.canastas,
        "red_threes": b.red_threes,
        "going_out": b.going_out,
        "other": b.other,
    }


# Games (database): created through the services, as the app does.

NS_OUT_WITH_KINGS = [{"melds": [{"rank": "K", "naturals": 7}], "went_out": True}, {}]  # 670 / 0
BIG_HAND = [  # 2110 / -50: two natural canastas, 4 red threes, out
    {
        "melds": [{"rank": "K", "naturals": 7}, {"rank": "A", "naturals": 7}],
        "red_threes": 4,
        "went_out": True,
    },
    {"hand": {"points": 50}},
]


def new_game(
    variant: str = "classic",
    players: int = 4,
    names: tuple[str, ...] = ("NS", "EW"),
    rules: dict | None = None,
):
    from scorekeeper.services import game_create

    return game_create(
        variant=variant, players=players, sides=[{"name": n} for n in names], rules=rules
    )


def play_hands(game, count: int, sides: list | None = None) -> None:
    from scorekeeper.services import Author, hand_add

    for _ in range(count):
        hand_add(
            game_id=game.id,
            sides=sides or [{"melds": [{"rank": "5", "naturals": 3}]}, {}],
            author=Author("test"),
        )


def open_edit_link(client, game, token: str) -> str:
    """Open the game's edit link as a phone does: it keeps the token in a cookie and goes on to
    the edit page, whose URL (without the token) it returns."""
    from django.urls import reverse

    response = client.get(reverse("play", args=[game.id, token]))
    assert response.status_code == 302
    assert response["Location"] == reverse("edit", args=[game.id])
    return response["Location"]


# The people who log in.

PASSWORD = "a-club-evening-42"


def account(name: str = "dora", password: str = PASSWORD) -> Any:
    """A user of the site, with a password to log in with."""
    from django.contrib.auth import get_user_model

    return get_user_model().objects.create_user(name, password=password)


def session_cookie(name: str = "dora") -> str:
    """The Cookie header of a browser where ``name`` is logged in (a session of its own)."""
    from django.contrib.auth import get_user_model
    from django.test import Client

    browser = Client()
    browser.force_login(get_user_model().objects.get(username=name))
    return f"sessionid={browser.cookies['sessionid'].value}"


# Club events played through the services, as the pages and the tasks play them: the four
# evenings of issue 29 (a 12-pair Swiss, a 9-pair Mitchell–Mitchell–Danish, an 8-pair knockout
# with a third place, a 12-player individual evening), as the club formats fill the form in.
CLUB_EVENTS = {
    "swiss": ("swiss5-vp", 12),
    "mitchell": ("mitchell2-danish", 9),
    "knockout": ("knockout", 8),
    "individual": ("individual-evening", 12),
}


def club_event(kind: str, director: Any, name: str = "", count: int = 0, club: Any = None) -> Any:
    """One of CLUB_EVENTS, created from its club format's values as the new-event form takes
    them, with its pairs (players, clubs) or players entered (``count``: another field size)."""
    from tournaments.club_formats import form_values
    from tournaments.forms import TournamentForm
    from tournaments.services.entries import entries_add
    from tournaments.services.tournament import tournament_create

    key, size = CLUB_EVENTS[kind]
    count = count or size
    values = {"tiebreak_1": "tp", "tiebreak_2": "buchholz", **form_values(key)}
    form = TournamentForm({**values, "name": name or f"Club {kind}", "variant": "classic"})
    assert form.is_valid(), form.errors
    tournament = tournament_create(**form.tournament_arguments(), director=director, club=club)
    if tournament.individual:
        entries = [{"name": f"Player {i:02d}"} for i in range(1, count + 1)]
    else:
        entries = [
            {
                "name": f"Pair {i:02d}",
                "player_1": f"Ann {i}",
                "player_2": f"Bob {i}",
                "club": f"Club {i % 3}",
                "seed": i,
            }
            for i in range(1, count + 1)
        ]
    entries_add(tournament_id=tournament.id, entries=entries)
    return tournament


def round_released(tournament: Any) -> list[Any]:
    """Draw and release the next round: its tables in order (the bye left out)."""
    return _tables(_next_round(tournament))


def confirm(match: Any, ns: int = 900, ew: int = 300) -> None:
    """Both sides of a table submit the same result: it is confirmed."""
    from tournaments.services.results import result_submit

    for by in ("ns", "ew"):
        result_submit(match_id=match.id, by=by, ns_score=ns, ew_score=ew)


def round_played(tournament: Any, settle: int | None = None) -> Any:
    """Draw and release the next round; both sides of its first ``settle`` tables (all: None)
    confirm a result, North-South winning by a margin that grows with the table."""
    drawn = _next_round(tournament)
    tables = _tables(drawn)
    for match in tables[:settle] if settle is not None else tables:
        confirm(match, 500 + 100 * match.table + 10 * drawn.number, 450)
    return drawn


def _next_round(tournament: Any) -> Any:
    from tournaments.services.rounds import round_pair, round_release

    drawn = round_pair(tournament_id=tournament.id)
    round_release(round_id=drawn.id)
    return drawn


def _tables(drawn: Any) -> list[Any]:
    return list(drawn.matches.filter(ew__isnull=False).select_related("ns", "ew").order_by("table"))
