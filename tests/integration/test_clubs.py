"""Clubs through their services: a director's rights come from the club, a club event's pairs
are the club's players, its tables count in their statistics, and a merge keeps every record."""

from __future__ import annotations

import itertools
import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.urls import reverse

from clubs.models import Club, LinesDue, Membership, Player, PlayerGameLine, SeatedPlayer
from clubs.services import (
    ClubError,
    club_create,
    membership_remove,
    membership_set,
    player_add,
    player_merge,
    players_named,
)
from clubs.statistics_refresh import game_lines_refresh, lines_catch_up
from scorekeeper.rules.errors import RuleViolation
from scorekeeper.services import Author, hand_add, hand_revise
from tournaments.models import Entry
from tournaments.services.entries import entries_add
from tournaments.services.errors import TournamentError
from tournaments.services.rounds import round_pair, round_release
from tournaments.services.tournament import tournament_create

pytestmark = pytest.mark.django_db


def user(name: str):
    return get_user_model().objects.create_user(name, password="pw")


def evening(club: Club, director, pairs: list[tuple[str, str, str]]):
    tournament = tournament_create(
        name="Tuesday", format="swiss", rounds=2, club=club, director=director
    )
    entries_add(
        tournament_id=tournament.id,
        entries=[{"name": n, "player_1": a, "player_2": b} for n, a, b in pairs],
    )
    return tournament


# The new-tournament form, filled in (tournaments/forms.py).
NEW_EVENT = {
    "name": "Friday",
    "variant": "classic",
    "phase_1_format": "swiss",
    "phase_1_rounds": 3,
    "hands_per_round": 2,
    "points": "wdl",
    "sit_out": "fixed",
    "seeded": "on",
    "tiebreak_1": "tp",
}

FOUR_PAIRS = [
    ("Roses", "Anna", "Ben"),
    ("Tulips", "Carla", "Dario"),
    ("Lilies", "Elena", "Fabio"),
    ("Irises", "Gina", "Hugo"),
]


def test_a_directors_first_event_makes_their_club_and_a_second_club_needs_a_choice():
    dora = user("dora")
    first = tournament_create(name="One", format="swiss", rounds=1, director=dora)
    assert first.club.name == "New club"  # never the login, which the public pages would show
    assert Membership.objects.get(club=first.club, user=dora).role == "director"
    second = tournament_create(name="Two", format="swiss", rounds=1, director=dora)
    assert second.club == first.club
    club_create(name="Bridge & Canasta Pisa", director=dora)
    with pytest.raises(TournamentError, match="Pick the club"):
        tournament_create(name="Three", format="swiss", rounds=1, director=dora)


def test_nobody_creates_an_event_for_a_club_they_do_not_direct():
    dora, mallory = user("dora"), user("mallory")
    club = club_create(name="Lucca", director=dora)
    membership_set(club_id=club.id, username="mallory", role="member")
    with pytest.raises(TournamentError, match="Only a director of Lucca"):
        tournament_create(name="Mine", format="swiss", rounds=1, club=club, director=mallory)


def test_a_club_keeps_a_director():
    dora = user("dora")
    user("ugo")
    club = club_create(name="Lucca", director=dora)
    mine = Membership.objects.get(club=club, user=dora)
    with pytest.raises(ClubError, match="needs a director"):
        membership_set(club_id=club.id, username="dora", role="member")
    with pytest.raises(ClubError, match="needs a director"):
        membership_remove(club_id=club.id, membership_id=mine.id)
    membership_set(club_id=club.id, username="ugo", role="director")
    membership_remove(club_id=club.id, membership_id=mine.id)
    assert list(club.memberships.values_list("user__username", "role")) == [("ugo", "director")]
    with pytest.raises(ClubError, match="No account is called nobody"):
        membership_set(club_id=club.id, username="nobody", role="member")


def test_players_are_picked_by_name_whatever_the_case_and_added_when_new():
    club = club_create(name="Lucca", director=user("dora"))
    anna = Player.objects.create(club=club, name="Anna Rossi")
    found = players_named(club_id=club.id, names=["anna  rossi", "Ben Bianchi", ""])
    assert found["anna rossi"] == anna
    assert found["Ben Bianchi"].club == club
    assert club.players.count() == 2


@pytest.mark.parametrize(
    "lookalike",
    [
        "Mario Rossi\u200e",  # a direction mark
        "Mario Rossi\u061c",
        "Mario Rossi\u2061",  # an invisible function application
        "Mario Rossi\u034f",  # a combining grapheme joiner
        "Mario Rossi\u180e",
        "Mario Ros\u00adsi",  # a soft hyphen
        "Mario\u2800Rossi",  # a blank Braille pattern
        "MARIO ROSSI\ufe0f",
        "Mario Rossi\U000e0100",  # a supplementary variation selector
        "Mario Rossi\u2065",  # reserved, shown as nothing
        "Mario Rossi\ufff0",
        "Mario Rossi\U000e0002",  # an unassigned tag
    ],
)
def test_a_name_with_characters_that_show_nothing_is_the_same_player(lookalike):
    club = club_create(name="Lucca", director=user("dora"))
    mario = Player.objects.create(club=club, name="Mario Rossi")
    assert players_named(club_id=club.id, names=[lookalike])[lookalike] == mario
    with pytest.raises(ClubError, match="already has a player"):
        player_add(club_id=club.id, name=lookalike)


@pytest.mark.parametrize(
    "blank",
    [
        "\u3164",
        "\u115f\u1160",
        "\u200b",
        "\u2800",
        "\U000e0100",
        "\u0301",  # a combining mark with no letter
        "\u20dd\u200d",  # an enclosing mark and a joiner
        "\ufdd0 \uffff",  # noncharacters
        "\ue000",  # private use
    ],
    ids=ascii,
)
def test_a_name_that_shows_nothing_is_no_name(blank):
    club = club_create(name="Lucca", director=user("dora"))
    with pytest.raises(ClubError, match="needs a name"):
        player_add(club_id=club.id, name=blank)


def test_a_name_a_merged_record_was_known_by_picks_the_kept_player():
    club = club_create(name="Lucca", director=user("dora"))
    anna = Player.objects.create(club=club, name="Anna Rossi")
    ana = Player.objects.create(club=club, name="Ana Rossi")
    player_merge(club_id=club.id, keep_id=anna.id, duplicate_id=ana.id)
    assert players_named(club_id=club.id, names=["ana rossi"])["ana rossi"] == anna
    assert club.players.count() == 1
    from clubs.services import club_game_create

    with pytest.raises(ClubError, match="Anna Rossi and Ana Rossi are one player"):
        club_game_create(
            club_id=club.id,
            owner=None,
            variant="classic",
            players=4,
            sides=[{"players": "Anna Rossi, Ben"}, {"players": "Ana Rossi, Carla"}],
        )


def test_a_club_events_pairs_are_two_of_its_players_each_and_play_once():
    dora = user("dora")
    club = club_create(name="Lucca", director=dora)
    tournament = evening(club, dora, FOUR_PAIRS)
    roses = Entry.objects.get(tournament=tournament, name="Roses")
    assert (roses.first_player.name, roses.second_player.name) == ("Anna", "Ben")
    assert club.players.count() == 8
    with pytest.raises(TournamentError, match="Anna already plays in the pair Roses"):
        entries_add(
            tournament_id=tournament.id,
            entries=[{"name": "Late", "player_1": "anna", "player_2": "Zoe"}],
        )
    with pytest.raises(TournamentError, match="Zoe is named twice"):
        entries_add(
            tournament_id=tournament.id,
            entries=[{"name": "Late", "player_1": "Zoe", "player_2": "zoe"}],
        )
    assert club.players.count() == 8  # nothing half-saved


_committed = None


@pytest.fixture(autouse=True)
def _on_commit(django_capture_on_commit_callbacks):
    """Each hand runs what it sends on commit (the statistics' refresh), as a real commit does."""
    global _committed
    _committed = django_capture_on_commit_callbacks
    yield
    _committed = None


def _play(game, sides, author="test"):
    with _committed(execute=True):
        hand_add(game_id=game.id, sides=sides, author=Author(author))


WON_BY_NS = [
    {
        "melds": [{"rank": "K", "naturals": 7}, {"rank": "A", "naturals": 3}],
        "red_threes": 1,
        "went_out": True,
    },
    {"hand": {"points": 60}},  # caught with nothing melded
]


def a_released_round():
    """Lucca's Tuesday of four pairs (its director dora), its first round released: the club
    and the round."""
    dora = user("dora")
    club = club_create(name="Lucca", director=dora)
    tournament = evening(club, dora, FOUR_PAIRS)
    drawn = round_pair(tournament_id=tournament.id)
    round_release(round_id=drawn.id)
    return club, drawn


def test_a_released_table_seats_its_players_and_their_statistics_follow_the_hands():
    _club, drawn = a_released_round()
    match = drawn.matches.exclude(game=None).select_related("ns", "game").first()
    seated = SeatedPlayer.objects.filter(side__game=match.game).order_by("side__position", "seat")
    ns_names = [match.ns.player_1, match.ns.player_2]
    assert [s.player.name for s in seated][:2] == ns_names
    _play(match.game, WON_BY_NS)
    ns_player = match.ns.first_player
    line = PlayerGameLine.objects.get(player=ns_player, game=match.game)  # written on commit
    # K canasta 500 + cards (7×10 + 3×20 = 130) + red three 100 + going out 100 = 830.
    assert (line.hands, line.points, line.canastas, line.red_threes, line.went_out) == (
        1,
        830,
        1,
        1,
        1,
    )
    assert line.partner == match.ns.second_player
    ew_line = PlayerGameLine.objects.get(player=match.ew.first_player, game=match.game)
    assert (ew_line.points, ew_line.caught, ew_line.best) == (-60, 1, -60)


def test_stale_lines_are_caught_up_by_the_page_and_twice_writes_the_same():
    club, drawn = a_released_round()
    game = drawn.matches.exclude(game=None).first().game
    with _committed(execute=False):  # a lost task: the hand is saved, its refresh never runs
        hand_add(game_id=game.id, sides=WON_BY_NS, author=Author("test"))
    assert not PlayerGameLine.objects.exists()
    assert set(LinesDue.objects.values_list("club", "game")) == {(club.id, game.id)}
    assert lines_catch_up(club_id=club.id) is True
    assert PlayerGameLine.objects.filter(game=game).count() == 4
    assert not LinesDue.objects.exists()  # answered
    before = list(PlayerGameLine.objects.order_by("player").values_list("player", "points"))
    game_lines_refresh(game_id=game.id)
    assert list(PlayerGameLine.objects.order_by("player").values_list("player", "points")) == before


def test_a_merge_keeps_every_record_and_the_old_name():
    dora = user("dora")
    club = club_create(name="Lucca", director=dora)
    first = evening(club, dora, FOUR_PAIRS)
    second = evening(
        club,
        dora,
        [
            ("Roses", "Ana", "Ben"),
            ("Tulips", "Carla", "Dario"),
            ("Lilies", "Elena", "Fabio"),
            ("Irises", "Gina", "Hugo"),
        ],
    )
    for tournament in (first, second):
        drawn = round_pair(tournament_id=tournament.id)
        round_release(round_id=drawn.id)
        for match in drawn.matches.exclude(game=None):
            _play(match.game, WON_BY_NS)
    anna = Player.objects.get(club=club, name="Anna")
    ana = Player.objects.get(club=club, name="Ana")
    seats = SeatedPlayer.objects.filter(player__in=[anna, ana]).count()
    lines = PlayerGameLine.objects.filter(player__in=[anna, ana]).count()
    assert (seats, lines) == (2, 2)
    kept = player_merge(club_id=club.id, keep_id=anna.id, duplicate_id=ana.id)
    assert not Player.objects.filter(id=ana.id).exists()
    assert kept.aliases == ["Ana"]
    assert SeatedPlayer.objects.filter(player=anna).count() == 2
    assert PlayerGameLine.objects.filter(player=anna).count() == 2
    assert Entry.objects.filter(first_player=anna).count() == 2
    assert set(Entry.objects.filter(first_player=anna).values_list("player_1", flat=True)) == {
        "Anna",
        "Ana",
    }  # each pair's names as they were entered


def test_two_people_who_sat_in_one_game_are_not_merged():
    dora = user("dora")
    club = club_create(name="Lucca", director=dora)
    tournament = evening(club, dora, FOUR_PAIRS)
    round_release(round_id=round_pair(tournament_id=tournament.id).id)
    anna, ben = (Player.objects.get(club=club, name=n) for n in ("Anna", "Ben"))
    with pytest.raises(ClubError, match="same game"):
        player_merge(club_id=club.id, keep_id=anna.id, duplicate_id=ben.id)
    other = club_create(name="Pisa", director=dora)
    stranger = Player.objects.create(club=other, name="Anna")
    with pytest.raises(ClubError, match="club's"):
        player_merge(club_id=club.id, keep_id=anna.id, duplicate_id=stranger.id)


# The pages: each club's people see only their own club.


def _login(client, name: str):
    client.force_login(get_user_model().objects.get(username=name))
    return client


def _two_clubs():
    dora, paolo = user("dora"), user("paolo")
    user("mia")
    lucca = club_create(name="Lucca", director=dora)
    pisa = club_create(name="Pisa", director=paolo)
    membership_set(club_id=lucca.id, username="mia", role="member")
    return lucca, pisa, evening(lucca, dora, FOUR_PAIRS), evening(pisa, paolo, FOUR_PAIRS)


def test_each_director_sees_only_their_own_clubs_pages(client):
    lucca, pisa, lucca_event, pisa_event = _two_clubs()
    _login(client, "dora")
    anna = Player.objects.get(club=lucca, name="Anna")
    pisa_anna = Player.objects.get(club=pisa, name="Anna")
    mine = [
        f"/c/{lucca.id}/",
        f"/c/{lucca.id}/players/",
        f"/c/{lucca.id}/players/{anna.id}/",
        f"/c/{lucca.id}/leaders/",
        f"/c/{lucca.id}/members/",
        f"/t/{lucca_event.id}/director/",
    ]
    theirs = [
        f"/c/{pisa.id}/",
        f"/c/{pisa.id}/players/",
        f"/c/{pisa.id}/players/{pisa_anna.id}/",
        f"/c/{lucca.id}/players/{pisa_anna.id}/",  # another club's player under my club
        f"/c/{pisa.id}/leaders/",
        f"/c/{pisa.id}/members/",
        f"/t/{pisa_event.id}/director/",
        f"/t/{pisa_event.id}/export/standings.csv",
    ]
    assert [client.get(url).status_code for url in mine] == [200] * len(mine)
    assert [client.get(url).status_code for url in theirs] == [404] * len(theirs)
    page = client.get("/c/").content.decode()
    assert "Lucca" in page and "Pisa" not in page
    assert client.get("/t/").content.decode().count(f"/t/{pisa_event.id}/") == 0
    # Writes to another club are refused as well, and change nothing.
    answers = [
        client.post(f"/c/{pisa.id}/players/add/", {"name": "Mallory"}).status_code,
        client.post(f"/c/{pisa.id}/members/", {"username": "dora", "role": "director"}).status_code,
        client.post(f"/c/{pisa.id}/", {"name": "Taken"}).status_code,
    ]
    assert answers == [404, 404, 404]
    assert not Player.objects.filter(name="Mallory").exists()
    assert not Membership.objects.filter(club=pisa, user__username="dora").exists()


def _private_addresses(club, event) -> list[str]:
    """Every club page that takes the club's id, and every director page, export and print of
    the club's event (routed by name: a page added later is in the list), filled with ids of
    this club's own records."""
    from clubs.services import preset_save, season_save, vp_scale_save
    from clubs.urls import urlpatterns as club_routes
    from tournaments.urls import urlpatterns as tournament_routes

    preset = preset_save(
        club_id=club.id, name="House", variant="classic", players=4, sides=2, rules={}
    )
    season = season_save(
        club_id=club.id, name="Autumn", method="placing", best=1, event_ids=[event.id]
    )
    scale = vp_scale_save(club_id=club.id, name="Ours", margins=list(range(10, 110, 10)))
    drawn = round_pair(tournament_id=event.id)
    ids = {
        "club_id": club.id,
        "player_id": Player.objects.filter(club=club).first().id,
        "preset_id": preset.id,
        "season_id": season.id,
        "scale_id": scale.id,
        "membership_id": Membership.objects.filter(club=club).first().id,
        "tournament_id": event.id,
        "entry_id": event.entries.first().id,
        "match_id": drawn.matches.first().id,
        "number": drawn.number,
        "job_id": 1,
    }
    addresses = []
    for pattern in [*club_routes, *tournament_routes]:
        name, route = pattern.name or "", str(pattern.pattern)
        private = "club_id" in route or name.startswith(("director", "export-", "print-"))
        if private or name == "tournament-state":
            arguments = {key: ids[key] for key in pattern.pattern.converters}
            addresses.append(reverse(name, kwargs=arguments))
    return addresses


def test_the_servers_administrator_sees_a_club_as_any_non_member_does(client):
    """A club's private pages are its members' and directors' (docs/club.md): the superuser of the
    server who is not a member gets what any other non-member gets, page after page, and
    changes nothing; the Django admin stays the administrator's tool."""
    lucca, _pisa, lucca_event, _ = _two_clubs()
    addresses = _private_addresses(lucca, lucca_event)
    assert len(addresses) > 30
    user("mallory")
    get_user_model().objects.create_superuser("root", "root@example.org", "pw")
    before = (
        Membership.objects.count(),
        Player.objects.count(),
        lucca.presets.count(),
        lucca.vp_scales.count(),
        lucca.seasons.count(),
        Entry.objects.count(),
    )

    def answers(name: str) -> list[tuple[str, int, int]]:
        _login(client, name)
        return [
            (url, client.get(url).status_code, client.post(url).status_code) for url in addresses
        ]

    outsider = answers("mallory")
    # Not a page (404), or a form's address that takes another method (405), to them both.
    assert {code for _, get, post in outsider for code in (get, post)} == {404, 405}
    assert all(404 in (get, post) for _, get, post in outsider)
    assert answers("root") == outsider
    assert (
        Membership.objects.count(),
        Player.objects.count(),
        lucca.presets.count(),
        lucca.vp_scales.count(),
        lucca.seasons.count(),
        Entry.objects.count(),
    ) == before
    assert "Lucca" not in client.get("/c/").content.decode()


def test_a_member_sees_the_club_but_does_not_run_it(client):
    lucca, _pisa, lucca_event, _ = _two_clubs()
    _login(client, "mia")
    assert client.get(f"/c/{lucca.id}/players/").status_code == 200
    assert client.get(f"/c/{lucca.id}/leaders/").status_code == 200
    assert client.get(f"/c/{lucca.id}/members/").status_code == 404
    assert client.get(f"/t/{lucca_event.id}/director/").status_code == 404
    assert client.post(f"/c/{lucca.id}/players/add/", {"name": "Zoe"}).status_code == 404
    anna = Player.objects.get(club=lucca, name="Anna")
    assert client.post(f"/c/{lucca.id}/players/{anna.id}/", {"name": "X"}).status_code == 403
    client.logout()
    assert client.get(f"/c/{lucca.id}/").status_code == 302  # to the login page


def test_a_players_page_shows_their_figures_trend_and_partner(client):
    club, drawn = a_released_round()
    match = drawn.matches.exclude(game=None).select_related("ns").first()
    _play(match.game, WON_BY_NS)
    player = match.ns.first_player
    page = _login(client, "dora").get(f"/c/{club.id}/players/{player.id}/").content.decode()
    assert 'data-testid="trend-chart"' in page and "<rect" in page
    assert "830" in page  # the average hand, best hand and the month's figure
    assert match.ns.second_player.name in page  # the partner's row
    assert f"/g/{match.game.id}/" in page
    found = client.get(f"/c/{club.id}/players/?q=ann").content.decode()
    ben = Player.objects.get(club=club, name="Ben")
    assert f'/players/{player.id}/">Anna</a>' in found
    assert f"/players/{ben.id}/" not in found


def _new_game_form(**extra):
    return {
        "variant": "classic",
        "players": 4,
        "sides": 2,
        "side_1": "Us",
        "players_1": "Anna, Ben",
        "side_2": "Them",
        "players_2": "carla , Dario",
        **extra,
    }


def test_a_member_starts_a_club_game_whose_players_are_the_clubs(client):
    lucca, pisa, _, _ = _two_clubs()
    carla = Player.objects.get(club=lucca, name="Carla")
    _login(client, "mia")
    answer = client.post(f"/c/{lucca.id}/games/new/", _new_game_form())
    assert answer.status_code == 302
    seated = SeatedPlayer.objects.filter(player__club=lucca).order_by("side__position", "seat")
    assert [(s.side.position, s.player.name) for s in seated] == [
        (0, "Anna"),
        (0, "Ben"),
        (1, "Carla"),
        (1, "Dario"),
    ]
    assert seated[2].player == carla  # picked, whatever the case and spacing
    twice = client.post(f"/c/{lucca.id}/games/new/", _new_game_form(players_2="Anna, Zoe"))
    assert twice.status_code == 400 and "Anna is named twice" in twice.content.decode()
    assert not Player.objects.filter(name="Zoe").exists()  # nothing half-saved
    assert client.post(f"/c/{pisa.id}/games/new/", _new_game_form()).status_code == 404


def test_a_director_of_two_clubs_picks_the_club_of_a_new_tournament(client):
    dora = user("dora")
    lucca = club_create(name="Lucca", director=dora)
    pisa = club_create(name="Pisa", director=dora)
    club_create(name="Elsewhere", director=user("paolo"))
    page = _login(client, "dora").get(f"/t/new/?club={pisa.id}").content.decode()
    assert f'<option value="{pisa.id}" selected>Pisa</option>' in page
    assert "Elsewhere" not in page and "Lucca" in page
    form = dict(NEW_EVENT)
    refused = client.post("/t/new/", form)
    assert refused.status_code == 400
    made = client.post("/t/new/", {**form, "club": lucca.id})
    assert made.status_code == 302
    assert lucca.tournaments.get().name == "Friday"


# The club's rules.


def test_a_preset_is_checked_as_any_house_rule_and_replaced_by_name():
    from clubs.services import preset_save

    club = club_create(name="Lucca", director=user("dora"))
    preset = preset_save(
        club_id=club.id,
        name="Tuesday",
        variant="classic",
        players=4,
        sides=2,
        rules={"target": 10000},
    )
    assert preset.rules == {"target": 10000}
    with pytest.raises(ClubError):
        preset_save(
            club_id=club.id,
            name="Bad",
            variant="classic",
            players=4,
            sides=2,
            rules={"target": 7},  # not a multiple of 5... nor a target anyone plays
        )
    again = preset_save(
        club_id=club.id, name="tuesday", variant="italiana", players=4, sides=2, rules={}
    )
    assert again.id == preset.id and again.variant == "italiana"
    assert club.presets.count() == 1


def test_a_preset_fills_the_club_game_and_the_event_and_shows_on_the_rules_page(client):
    from clubs.services import preset_save

    lucca, _pisa, _, _ = _two_clubs()
    preset = preset_save(
        club_id=lucca.id,
        name="Lucca house",
        variant="classic",
        players=4,
        sides=2,
        rules={"target": 10000},
    )
    _login(client, "mia")
    page = client.get(f"/c/{lucca.id}/games/new/?preset={preset.id}").content.decode()
    assert 'name="target" value="10000"' in page
    made = client.post(f"/c/{lucca.id}/games/new/", _new_game_form(target=10000))
    assert made.status_code == 302
    rules = client.get("/variants/").content.decode()
    assert "Lucca: the club's rules" in rules and "Lucca house" in rules
    assert "10000" in rules or "10,000" in rules
    jump = f'<a href="#club-{lucca.id}" data-testid="rules-part-link">'
    assert rules.index(jump) < rules.index('class="card rules-preset"')  # in the top's links
    assert client.get("/rules/").url == "/variants/"  # as everybody calls it
    client.logout()
    assert "Lucca house" not in client.get("/variants/").content.decode()
    _login(client, "paolo")  # another club's director sees neither the preset nor its club
    assert "Lucca house" not in client.get("/variants/").content.decode()
    assert client.get(f"/c/{lucca.id}/presets/").status_code == 404
    _login(client, "dora")
    presets_page = client.get(f"/c/{lucca.id}/presets/").content.decode()
    new_event = f'href="/t/new/?club={lucca.id}&amp;preset={preset.id}"'
    assert new_event in presets_page  # the link the events app gives the clubs' page
    event = client.get(f"/t/new/?club={lucca.id}&preset={preset.id}").content.decode()
    assert f'<option value="{preset.id}" selected>Lucca: Lucca house</option>' in event


def test_the_rules_page_escapes_a_club_name_it_shows_in_its_menu(client):
    from clubs.services import preset_save

    lucca, _pisa, _, _ = _two_clubs()
    lucca.name = "<b>Lucca</b>"
    lucca.save()
    preset_save(club_id=lucca.id, name="House", variant="classic", players=4, sides=2, rules={})
    _login(client, "mia")
    rules = client.get("/variants/").content.decode()
    assert "<b>Lucca</b>" not in rules
    assert "&lt;b&gt;Lucca&lt;/b&gt;: the club's rules" in rules


# A season over three events, checked by hand.


def _one_round_event(club, director, name, pairs, scores, **event):
    """A one-round Swiss of four seeded pairs (seed 1 v 3, 2 v 4), each table's (NS, EW) score
    as given, finished (``event``: more of tournament_create's arguments)."""
    from tournaments.models import ResultSubmission
    from tournaments.services.results import result_submit
    from tournaments.services.rounds import round_close

    tournament = tournament_create(
        name=name, format="swiss", rounds=1, club=club, director=director, points="vp", **event
    )
    entries_add(
        tournament_id=tournament.id,
        entries=[
            {"name": f"{a} & {b}", "player_1": a, "player_2": b, "seed": i}
            for i, (a, b) in enumerate(pairs, start=1)
        ],
    )
    drawn = round_pair(tournament_id=tournament.id)
    round_release(round_id=drawn.id)
    for match in drawn.matches.exclude(game=None).order_by("table"):
        ns, ew = scores[(match.ns.seed, match.ew.seed)]
        for by in (ResultSubmission.By.NS, ResultSubmission.By.EW):
            result_submit(match_id=match.id, by=by, ns_score=ns, ew_score=ew)
    round_close(round_id=drawn.id)
    return tournament


def test_a_season_over_three_events_counts_the_best_two_and_exports_csv(client):
    from clubs.selectors import season_ladder
    from clubs.services import season_save

    dora = user("dora")
    club = club_create(name="Lucca", director=dora)
    ab, cd, ef, gh = ("Anna", "Ben"), ("Carla", "Dario"), ("Elena", "Fabio"), ("Gina", "Hugo")
    # Tuesday: AB 3000 v EF 1500 (a margin of 1500, not past it: 18–2 VP), CD 2000 v GH 1900 (100: 10–10).
    tuesday = _one_round_event(
        club, dora, "Tuesday", [ab, cd, ef, gh], {(1, 3): (3000, 1500), (2, 4): (2000, 1900)}
    )
    # Friday: the same seeds; EF wins by 800 (15–5), GH by 300 (12–8).
    friday = _one_round_event(
        club, dora, "Friday", [ab, cd, ef, gh], {(1, 3): (1000, 1800), (2, 4): (1500, 1800)}
    )
    # Sunday: Anna plays with Gina, Ben with Hugo; AG v CD 2600–2000 (600: 14–6),
    # BH v EF 1200–1200 (10–10).
    sunday = _one_round_event(
        club,
        dora,
        "Sunday",
        [("Anna", "Gina"), ("Ben", "Hugo"), cd, ef],
        {(1, 3): (2600, 2000), (2, 4): (1200, 1200)},
    )
    from tournaments.models import StandingsSnapshot

    def places(event):
        final = StandingsSnapshot.objects.filter(tournament=event).order_by("-version").first()
        names = dict(Entry.objects.filter(tournament=event).values_list("id", "name"))
        return {names[r["entry"]]: (r["rank"], r["metrics"]["tp"]) for r in final.rows}

    assert places(tuesday) == {
        "Anna & Ben": (1, 18),
        "Carla & Dario": (2, 10),
        "Gina & Hugo": (3, 10),
        "Elena & Fabio": (4, 2),
    }
    assert places(friday) == {
        "Elena & Fabio": (1, 15),
        "Gina & Hugo": (2, 12),
        "Carla & Dario": (3, 8),
        "Anna & Ben": (4, 5),
    }
    assert places(sunday) == {
        "Anna & Gina": (1, 14),
        "Ben & Hugo": (2, 10),
        "Elena & Fabio": (2, 10),
        "Carla & Dario": (4, 6),
    }
    season = season_save(
        club_id=club.id,
        name="Autumn",
        method="placing",
        best=2,
        event_ids=[tuesday.id, friday.id, sunday.id],
    )
    # By placing (4 pairs: 4, 3, 2, 1 points; a shared 2nd scores 3), the best two of three:
    # Anna 4, 1, 4 -> 8; Ben 4, 1, 3 -> 7; Carla and Dario 3, 2, 1 -> 5;
    # Elena and Fabio 1, 4, 3 -> 7; Gina 2, 3, 4 -> 7; Hugo 2, 3, 3 -> 6.
    found = season_ladder(season)
    assert [(r.rank, name, r.total) for r, name, _ in found.rows] == [
        (1, "Anna", 8),
        (2, "Ben", 7),
        (2, "Elena", 7),
        (2, "Fabio", 7),
        (2, "Gina", 7),
        (6, "Hugo", 6),
        (7, "Carla", 5),
        (7, "Dario", 5),
    ]
    anna = found.rows[0][2]
    assert [(c.points, c.counted) for c in anna] == [(4, True), (1, False), (4, True)]
    by_vp = season_save(
        club_id=club.id,
        name="Autumn VP",
        method="event_points",
        best=0,
        event_ids=[tuesday.id, friday.id, sunday.id],
    )
    # Every event's VP: Anna 18 + 5 + 14 = 37; Elena 2 + 15 + 10 = 27; Hugo 10 + 12 + 10 = 32;
    # Carla 10 + 8 + 6 = 24.
    totals = {name: r.total for r, name, _ in season_ladder(by_vp).rows}
    assert (totals["Anna"], totals["Elena"], totals["Hugo"], totals["Carla"]) == (37, 27, 32, 24)
    csv_text = _login(client, "dora").get(f"/c/{club.id}/seasons/{season.id}/ladder.csv")
    lines = csv_text.content.decode("utf-8-sig").splitlines()
    assert lines[0] == "Rank,Player,Points,Events,Tuesday,counted,Friday,counted,Sunday,counted"
    assert lines[1] == "1,Anna,8,3,4,yes,1,no,4,yes"
    page = client.get(f"/c/{club.id}/seasons/{season.id}/").content.decode()
    assert "(1)" in page and 'data-testid="ladder"' in page
    # Each player's events, played and won (first in the final standings), in two queries
    # however many events: Anna won Tuesday and Sunday, Hugo none, Elena Friday.
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from clubs.selectors import _events

    named = {p.name: p for p in club.players.all()}
    with CaptureQueriesContext(connection) as read:
        found = {n: _events(named[n]) for n in ("Anna", "Hugo", "Elena")}
    assert {n: (e.played, e.won) for n, e in found.items()} == {
        "Anna": (3, 2),
        "Hugo": (3, 0),
        "Elena": (3, 1),
    }
    assert len(read) == 6
    # By partner: Anna played Tuesday (won) and Friday with Ben, Sunday (won) with Gina.
    ben, gina = named["Ben"].id, named["Gina"].id
    assert found["Anna"].together == {ben: (2, 1), gina: (1, 1)}
    page = client.get(f"/c/{club.id}/players/{named['Anna'].id}/").content.decode()
    partners = page[page.index('data-testid="partners"') :]
    assert "Ben" in partners and "Gina" in partners and "2 (1 won)" in partners


def _games_won(club):
    """won(winners, losers, points, times, day): finished games' lines of the club's players
    named, each game one hand, the winners' side scoring ``points`` and the losers' none."""
    from datetime import date

    from tests.factories import new_game

    named = {p.name: p for p in Player.objects.filter(club=club)}

    def won(winners, losers, points, times, day=date(2026, 11, 3)):
        for _ in range(times):
            game, _token = new_game()
            for side, names, win in ((0, winners, True), (1, losers, False)):
                for name in names:
                    PlayerGameLine.objects.create(
                        player=named[name],
                        game=game,
                        club=club,
                        game_version=game.version,
                        side=side,
                        day=day,
                        hands=1,
                        points=points if win else 0,
                        won=win,
                        finished=True,
                    )

    return won


def test_the_rating_is_off_until_a_director_shows_it(client):
    lucca, _pisa, _, _ = _two_clubs()
    _login(client, "mia")
    assert "Rating" not in client.get(f"/c/{lucca.id}/leaders/").content.decode()
    assert client.post(f"/c/{lucca.id}/rating/", {"on": "1"}).status_code == 404
    _login(client, "dora")
    assert client.post(f"/c/{lucca.id}/rating/", {"on": "1"}).status_code == 302
    won = _games_won(lucca)
    named = {p.name: p for p in Player.objects.filter(club=lucca)}
    # Anna and Ben win five games at 100 a hand; Elena and Fabio three at 500. Every winner
    # won them all: by the share won, then the average hand, Elena leads; by the rating (more
    # wins, a surer estimate), Anna does.
    won(("Anna", "Ben"), ("Carla", "Dario"), 100, 5)
    won(("Elena", "Fabio"), ("Gina", "Hugo"), 500, 3)
    page = client.get(f"/c/{lucca.id}/players/{named['Anna'].id}/").content.decode()
    assert 'data-testid="rating-words"' in page and 'data-testid="rating"' in page
    leaders = client.get(f"/c/{lucca.id}/leaders/").content.decode()
    assert "How the rating works" in leaders
    table = leaders.split('data-testid="leaders"')[1]
    assert table.index(">Anna<") < table.index(">Elena<") < table.index(">Carla<")
    client.post(f"/c/{lucca.id}/rating/", {"on": "0"})
    table = client.get(f"/c/{lucca.id}/leaders/").content.decode().split('data-testid="leaders"')[1]
    assert table.index(">Elena<") < table.index(">Anna<") < table.index(">Carla<")
    assert Club.objects.get(id=lucca.id).rating is False


def _leaders_ranks(client, club) -> dict[str, str]:
    """The leaders' table as {player: rank shown}."""
    table = client.get(f"/c/{club.id}/leaders/").content.decode().split('data-testid="leaders"')[1]
    found = re.findall(
        r'<td class="rank"[^>]*>\s*(\S+?)\s*</td>\s*<td[^>]*>\s*<a[^>]*>([^<]+)<', table
    )
    return {name: rank for rank, name in found}


def test_leaders_with_identical_figures_share_their_rank(client):
    """Anna and Ben won the same three games at 500 a hand, Carla and Dario lost them: each
    two share a place, as the standings show it ("=1"), and the next player after them is 3rd;
    by the rating too (teammates of the same games are rated alike)."""
    lucca, _pisa, _, _ = _two_clubs()
    won = _games_won(lucca)
    won(("Anna", "Ben"), ("Carla", "Dario"), 500, 3)
    _login(client, "mia")
    expected = {"Anna": "=1", "Ben": "=1", "Carla": "=3", "Dario": "=3"}
    assert _leaders_ranks(client, lucca) == expected
    _login(client, "dora")
    client.post(f"/c/{lucca.id}/rating/", {"on": "1"})
    assert _leaders_ranks(client, lucca) == expected


def test_logging_in_takes_a_clubs_member_to_their_clubs(client):
    _two_clubs()
    answer = client.post("/accounts/login/", {"username": "mia", "password": "pw"}, follow=True)
    assert answer.redirect_chain[-1][0] == "/c/"


# Found by the session's reviewers.


def test_a_merge_is_asked_once_more_by_name_and_refused_within_one_event(client):
    lucca, _pisa, _event, _ = _two_clubs()
    anna, ben = (Player.objects.get(club=lucca, name=n) for n in ("Anna", "Ben"))
    zoe = Player.objects.create(club=lucca, name="Zoe")
    _login(client, "dora")
    asked = client.post(f"/c/{lucca.id}/players/merge/", {"keep": anna.id, "duplicate": zoe.id})
    assert 'data-testid="merge-confirm"' in asked.content.decode()
    assert Player.objects.filter(id=zoe.id).exists()
    done = client.post(
        f"/c/{lucca.id}/players/merge/", {"keep": anna.id, "duplicate": zoe.id, "confirmed": "1"}
    )
    assert done.status_code == 302 and not Player.objects.filter(id=zoe.id).exists()
    with pytest.raises(ClubError, match="same event"):  # one pair of the same event
        player_merge(club_id=lucca.id, keep_id=anna.id, duplicate_id=ben.id)
    # A merge that would be refused is not asked about: said at once, on the players' page.
    for keep, duplicate, says in ((anna, anna, "two different"), (anna, ben, "same event")):
        refused = client.post(
            f"/c/{lucca.id}/players/merge/", {"keep": keep.id, "duplicate": duplicate.id}
        )
        assert refused.status_code == 302
        assert says in client.get(refused.url).content.decode()


def test_a_club_game_seats_no_more_players_than_a_side_holds_and_names_them_as_the_club(client):
    lucca, _pisa, _, _ = _two_clubs()
    _login(client, "mia")
    crowded = client.post(f"/c/{lucca.id}/games/new/", _new_game_form(players_1="Anna, Ben, Zoe"))
    assert crowded.status_code == 400 and "holds 2 players" in crowded.content.decode()
    client.post(f"/c/{lucca.id}/games/new/", _new_game_form(players_1="anna ,  BEN"))
    side = SeatedPlayer.objects.filter(player__name="Anna").get().side
    assert side.player_names == "Anna, Ben"


def test_play_again_keeps_the_club_players_and_a_game_without_hands_has_no_lines(client):
    from scorekeeper.services import game_rematch

    lucca, _pisa, _, _ = _two_clubs()
    _login(client, "mia").post(f"/c/{lucca.id}/games/new/", _new_game_form())
    game = SeatedPlayer.objects.filter(player__name="Anna").get().side.game
    again, _token = game_rematch(game_id=game.id)
    seats = SeatedPlayer.objects.filter(side__game=again).order_by("side__position", "seat")
    assert [(s.side.position, s.player.name) for s in seats] == [
        (0, "Anna"),
        (0, "Ben"),
        (1, "Carla"),
        (1, "Dario"),
    ]
    assert lines_catch_up(club_id=lucca.id) is True
    assert not PlayerGameLine.objects.filter(game=again).exists()  # no hand played yet


def test_hands_after_the_end_do_not_count_and_a_merge_moves_the_rating(client):
    from clubs.selectors import club_ratings

    lucca, _pisa, _, _ = _two_clubs()
    _login(client, "mia").post(f"/c/{lucca.id}/games/new/", _new_game_form(target=500))
    game = SeatedPlayer.objects.filter(player__name="Anna").get().side.game
    _play(game, [{"melds": [{"rank": "5", "naturals": 3}]}, {}])  # 15
    _play(game, WON_BY_NS)  # 830: the target of 500 is reached, the game ends
    first = game.hands.get(number=1)
    with _committed(execute=True):  # hand 1 corrected to 830: the game ends there, hand 2 after
        hand_revise(
            game_id=game.id,
            number=1,
            sides=WON_BY_NS,
            author=Author("t"),
            expected_version=first.version,
        )
    anna = Player.objects.get(club=lucca, name="Anna")
    line = PlayerGameLine.objects.get(player=anna, game=game)
    assert (line.hands, line.points, line.won, line.finished) == (1, 830, True, True)
    zoe = Player.objects.create(club=lucca, name="Zoe Later")
    PlayerGameLine.objects.filter(player=anna).update(player=zoe)  # Anna's game under Zoe
    assert anna.id not in club_ratings(lucca) and zoe.id in club_ratings(lucca)
    player_merge(club_id=lucca.id, keep_id=anna.id, duplicate_id=zoe.id)
    assert anna.id in club_ratings(lucca)  # the cached ratings followed the merge


def test_an_event_takes_only_its_own_clubs_rules(client):
    from clubs.services import preset_save

    dora = user("dora")
    lucca = club_create(name="Lucca", director=dora)
    pisa = club_create(name="Pisa", director=dora)
    theirs = preset_save(
        club_id=pisa.id, name="Pisa rules", variant="classic", players=4, sides=2, rules={}
    )
    form = {**NEW_EVENT, "club": lucca.id, "preset": theirs.id}
    refused = _login(client, "dora").post("/t/new/", form)
    assert refused.status_code == 400 and "own club" in refused.content.decode()
    assert "Pisa: Pisa rules" in refused.content.decode()


def test_an_event_table_counts_as_its_settled_result_says_and_follows_a_correction(client):
    from tournaments.services.results import result_correct, result_submit

    club, drawn = a_released_round()
    match = drawn.matches.exclude(game=None).select_related("ns", "ew", "game").first()
    _play(match.game, WON_BY_NS)  # one hand of two: the game itself has not ended
    ns, ew = match.ns.first_player_id, match.ew.first_player_id

    def won_finished():
        lines = PlayerGameLine.objects.filter(game=match.game)
        return {line.player_id: (line.won, line.finished) for line in lines}

    assert won_finished()[ns] == (False, False)
    with _committed(execute=True):  # the table stops after one hand: both pairs say 830 – −60
        result_submit(match_id=match.id, by="ns", ns_score=830, ew_score=-60)
        result_submit(match_id=match.id, by="ew", ns_score=830, ew_score=-60)
    assert won_finished()[ns] == (True, True) and won_finished()[ew] == (False, True)
    with _committed(execute=True):  # the director's correction gives the table to East-West
        result_correct(match_id=match.id, ns_score=500, ew_score=900, reason="slip misread")
    assert won_finished()[ns] == (False, True) and won_finished()[ew] == (True, True)
    with _committed(execute=True):  # a draw: nobody won
        result_correct(match_id=match.id, ns_score=700, ew_score=700, reason="recounted")
    assert {w for w, _f in won_finished().values()} == {False}
    lines = PlayerGameLine.objects.filter(game=match.game)
    assert set(lines.values_list("drawn", flat=True)) == {True}
    _login(client, "dora")  # the player's latest games say the draw, not "lost"
    page = client.get(f"/c/{club.id}/players/{ns}/").content.decode()
    latest = page[page.index('data-testid="recent-games"') :]
    assert "drawn" in latest and "lost" not in latest


def test_a_game_whose_hands_were_all_deleted_loses_its_lines_even_after_a_lost_task():
    from scorekeeper.services import hand_delete

    club, drawn = a_released_round()
    game = drawn.matches.exclude(game=None).first().game
    _play(game, WON_BY_NS)
    assert PlayerGameLine.objects.filter(game=game).count() == 4
    game.refresh_from_db()
    with _committed(execute=False):  # the refresh task is lost
        hand_delete(game_id=game.id, number=1, author=Author("t"), expected_version=game.version)
    assert PlayerGameLine.objects.filter(game=game).count() == 4  # still the deleted hand's
    assert lines_catch_up(club_id=club.id) is True
    assert not PlayerGameLine.objects.filter(game=game).exists()


def test_an_id_past_the_databases_64_bits_is_not_a_page(client):
    lucca, _pisa, event, _ = _two_clubs()
    _login(client, "mia")
    huge = "9" * 20
    urls = [
        f"/c/{huge}/",
        f"/c/{huge}/players/",
        f"/c/{lucca.id}/players/{huge}/",
        f"/c/{lucca.id}/seasons/{huge}/ladder.csv",
        f"/t/{huge}/",
        f"/t/{event.id}/round/{huge}/",
        f"/c/import/{huge}/",
    ]
    assert {url: client.get(url).status_code for url in urls} == dict.fromkeys(urls, 404)
    assert client.post(f"/c/{huge}/players/add/", {"name": "X"}).status_code == 404


def test_a_withdrawn_pair_whose_player_entered_again_is_not_reinstated():
    from tournaments.services.entries import entry_reinstate, entry_withdraw

    dora = user("dora")
    club = club_create(name="Lucca", director=dora)
    tournament = evening(club, dora, FOUR_PAIRS)
    roses = Entry.objects.get(tournament=tournament, name="Roses")
    entry_withdraw(entry_id=roses.id)
    entries_add(
        tournament_id=tournament.id,
        entries=[{"name": "Daisies", "player_1": "Anna", "player_2": "Zoe"}],
    )
    with pytest.raises(TournamentError, match="Anna already plays in the pair Daisies"):
        entry_reinstate(entry_id=roses.id)
    roses.refresh_from_db()
    assert roses.withdrawn_after is not None  # still withdrawn: nothing half-saved


def test_any_director_of_the_club_corrects_a_members_club_game_and_nobody_else(client):
    lucca, pisa, _, _ = _two_clubs()
    user("vera")
    membership_set(club_id=lucca.id, username="vera", role="director")  # a second director
    membership_set(club_id=pisa.id, username="mia", role="director")  # directs the other club
    _login(client, "mia").post(f"/c/{lucca.id}/games/new/", _new_game_form())
    game = SeatedPlayer.objects.filter(player__name="Anna", player__club=lucca).get().side.game
    client.logout()
    user("ugo")
    membership_set(club_id=lucca.id, username="ugo", role="member")
    answers = {}
    for name in ("vera", "dora", "ugo", "paolo"):
        _login(client, name)
        page = client.get(f"/g/{game.id}/").content.decode()
        answers[name] = (client.get(f"/g/{game.id}/edit/").status_code, "open-edit" in page)
        client.logout()
    # Lucca's directors (dora started nothing) may; a member and Pisa's director may not.
    assert answers == {
        "vera": (200, True),
        "dora": (200, True),
        "ugo": (404, False),
        "paolo": (404, False),
    }
    _login(client, "vera")
    entry = client.get(f"/g/{game.id}/edit/hand/")
    assert entry.status_code == 200  # the hand entry too,
    assert "no-store" in entry["Cache-Control"]  # which her device keeps for nobody after her


def test_a_table_settled_without_its_hands_counts_as_a_game_won_and_lost(client):
    from tournaments.services.results import result_submit

    club, drawn = a_released_round()
    match = drawn.matches.exclude(game=None).select_related("ns", "ew").first()
    with _committed(execute=False):  # the refresh is lost: the page catches up
        result_submit(match_id=match.id, by="ns", ns_score=2200, ew_score=1800)
        result_submit(match_id=match.id, by="ew", ns_score=2200, ew_score=1800)
    assert lines_catch_up(club_id=club.id) is True
    lines = PlayerGameLine.objects.filter(game=match.game)
    assert {line.player.name: (line.hands, line.won, line.finished) for line in lines} == {
        match.ns.player_1: (0, True, True),
        match.ns.player_2: (0, True, True),
        match.ew.player_1: (0, False, True),
        match.ew.player_2: (0, False, True),
    }
    _login(client, "dora")  # the player's latest games: won, with no points (no hands)
    page = client.get(f"/c/{club.id}/players/{match.ns.first_player_id}/").content.decode()
    recent = page.split('data-testid="recent-games"')[1].split("</ul>")[0]
    assert f"with {match.ns.player_2}" in recent and "won" in recent and " · 0" not in recent


def test_a_house_rule_value_the_variant_refuses_is_said_in_the_forms_words(client):
    lucca, _pisa, _, _ = _two_clubs()
    _login(client, "dora")
    form = {"name": "Tight", "variant": "classic", "players": 4, "sides": 2, "wild_limit": "two"}
    page = client.post(f"/c/{lucca.id}/presets/", form).content.decode()
    assert "Wild cards per meld: these rules take one of: at most 3 wild cards;" in page
    assert "must be one of" not in page
    new_game = client.post("/new/", {**_new_game_form(), "wild_limit": "two"}).content.decode()
    assert "Wild cards per meld: these rules take one of" in new_game


def test_the_presets_page_headings_go_down_one_level_at_a_time(client):
    """A saved preset's card had an h3 under the page's h1 (axe: heading-order), as if a level
    of the page were missing; on the Rules page it stays under its h2."""
    from clubs.services import preset_save

    lucca, _pisa, _, _ = _two_clubs()
    preset_save(club_id=lucca.id, name="Tuesday", variant="classic", players=4, sides=2, rules={})
    _login(client, "dora")
    for url in (f"/c/{lucca.id}/presets/", "/variants/"):
        html = client.get(url).content.decode()
        levels = [int(n) for n in re.findall(r"<h([1-6])\b", html)]
        assert levels[0] == 1 and "Tuesday" in html, url
        assert all(b <= a + 1 for a, b in itertools.pairwise(levels)), (url, levels)


def test_a_new_name_like_a_players_is_asked_about_once_before_it_is_added(client):
    lucca, _pisa, _, _ = _two_clubs()
    Player.objects.create(club=lucca, name="Anna Rossi")
    players = Player.objects.filter(club=lucca).count()
    _login(client, "mia")
    form = _new_game_form(players_1="Ana Rossi, Ben", players_2="Zoe Nuova, Dario")
    asked = client.post(f"/c/{lucca.id}/games/new/", form)
    page = asked.content.decode()
    assert asked.status_code == 400 and 'data-testid="lookalikes"' in page
    assert "Ana Rossi is new to the club: did you mean Anna Rossi?" in page
    assert "Zoe Nuova" not in page.split('data-testid="lookalikes"')[1].split("</div>")[0]
    assert Player.objects.filter(club=lucca).count() == players  # nothing added yet
    again = client.post(f"/c/{lucca.id}/games/new/", {**form, "new_players": "Ana Rossi"})
    assert again.status_code == 302  # sent again as it was: two new players
    assert Player.objects.filter(club=lucca).count() == players + 2


def test_a_director_removes_a_record_that_played_nothing_and_only_that(client):
    lucca, _pisa, _, _ = _two_clubs()
    typo = Player.objects.create(club=lucca, name="Anan")
    anna = Player.objects.get(club=lucca, name="Anna")  # she is in a pair of an event
    _login(client, "mia")  # a member may not
    assert client.post(f"/c/{lucca.id}/players/{typo.id}/remove/").status_code == 404
    _login(client, "paolo")  # nor another club's director
    assert client.post(f"/c/{lucca.id}/players/{typo.id}/remove/").status_code == 404
    _login(client, "dora")
    page = client.get(f"/c/{lucca.id}/players/{typo.id}/").content.decode()
    assert 'data-testid="player-remove"' in page
    assert client.post(f"/c/{lucca.id}/players/{typo.id}/remove/").status_code == 302
    assert not Player.objects.filter(id=typo.id).exists()
    refused = client.post(f"/c/{lucca.id}/players/{anna.id}/remove/", follow=True)
    assert "Anna has played" in refused.content.decode()
    assert Player.objects.filter(id=anna.id).exists()


def test_a_member_leaves_a_club_and_its_last_director_cannot(client):
    lucca, _pisa, _, _ = _two_clubs()
    _login(client, "mia")
    assert client.post(f"/c/{lucca.id}/leave/").status_code == 302
    assert client.get(f"/c/{lucca.id}/").status_code == 404  # no longer a member
    _login(client, "dora")
    refused = client.post(f"/c/{lucca.id}/leave/", follow=True)
    assert "A club needs a director" in refused.content.decode()
    assert Membership.objects.filter(club=lucca, user__username="dora").exists()


def test_the_pages_that_show_a_readers_own_are_stored_nowhere_for_them(client):
    _two_clubs()
    for url in ("/", "/variants/"):
        assert "no-store" not in client.get(url).get("Cache-Control", "")
    _login(client, "mia")
    for url in ("/", "/variants/"):
        assert "no-store" in client.get(url)["Cache-Control"], url


def test_latest_games_name_the_event_and_opponents_and_show_the_result_in_force(client):
    from tournaments.services.results import result_correct, result_submit

    club, drawn = a_released_round()
    match = drawn.matches.exclude(game=None).select_related("ns", "ew", "game").first()
    _play(match.game, WON_BY_NS)  # the hands: 830 – −60
    with _committed(execute=True):
        for by in ("ns", "ew"):
            result_submit(match_id=match.id, by=by, ns_score=830, ew_score=-60)
        result_correct(match_id=match.id, ns_score=500, ew_score=900, reason="slip misread")
    ns = match.ns.first_player
    page = _login(client, "dora").get(f"/c/{club.id}/players/{ns.id}/").content.decode()
    latest = page[page.index('data-testid="recent-games"') :].split("</ul>")[0]
    assert "Tuesday, round 1" in latest
    assert f"with {match.ns.second_player.name}" in latest
    assert f"against {match.ew.player_1}, {match.ew.player_2}" in latest
    assert "500 – 900" in latest and "830" not in latest  # the corrected figures, not the hands'
    assert "lost" in latest
    # East-West's page shows it from their side: their score first.
    ew = match.ew.first_player
    theirs = client.get(f"/c/{club.id}/players/{ew.id}/").content.decode()
    assert "900 – 500" in theirs[theirs.index('data-testid="recent-games"') :]


def test_a_club_game_in_the_latest_games_shows_its_opponents_and_its_totals(client):
    lucca, _pisa, _, _ = _two_clubs()
    _login(client, "dora").post(f"/c/{lucca.id}/games/new/", _new_game_form())
    game = SeatedPlayer.objects.filter(player__club=lucca).first().side.game
    _play(game, WON_BY_NS)
    anna = Player.objects.get(club=lucca, name="Anna")
    page = client.get(f"/c/{lucca.id}/players/{anna.id}/").content.decode()
    latest = page[page.index('data-testid="recent-games"') :].split("</ul>")[0]
    assert "against Carla, Dario" in latest and "830 – −60" in latest
    assert "round" not in latest  # no event


@pytest.mark.parametrize("language", [code for code, _name in settings.LANGUAGES])
def test_latest_games_are_dated_as_every_other_page_in_every_language(client, language):
    """ "Dec. 2, 2026" (the date filter in the reader's language), as the event and season pages
    write a day: not "12/02/2026", month first, in every language."""
    from datetime import date

    from django.utils import translation
    from django.utils.formats import date_format

    from scorekeeper.models import Game

    lucca, _pisa, _, _ = _two_clubs()
    _login(client, "dora").post(f"/c/{lucca.id}/games/new/", _new_game_form())
    game = SeatedPlayer.objects.filter(player__club=lucca).first().side.game
    Game.objects.filter(id=game.id).update(played_on=date(2026, 12, 2))
    _play(game, WON_BY_NS)
    anna = Player.objects.get(club=lucca, name="Anna")
    page = client.get(f"/c/{lucca.id}/players/{anna.id}/", HTTP_ACCEPT_LANGUAGE=language)
    latest = page.content.decode().split('data-testid="recent-games"')[1].split("</ul>")[0]
    with translation.override(language):
        day = date_format(date(2026, 12, 2))
    assert f">{day}</a>" in latest, latest
    assert "12/02/2026" not in latest and "02.12.2026" not in latest


def test_the_players_page_asks_about_a_new_name_like_a_players_before_adding_it(client):
    lucca, _pisa, _, _ = _two_clubs()
    Player.objects.create(club=lucca, name="Anna Rossi")
    players = Player.objects.filter(club=lucca).count()
    _login(client, "dora")
    asked = client.post(f"/c/{lucca.id}/players/add/", {"name": "Ana Rossi"})
    page = asked.content.decode()
    assert asked.status_code == 400 and 'data-testid="lookalikes"' in page
    assert "Ana Rossi is new to the club: did you mean Anna Rossi?" in page
    assert Player.objects.filter(club=lucca).count() == players  # nothing added yet
    again = client.post(
        f"/c/{lucca.id}/players/add/", {"name": "Ana Rossi", "new_players": "Ana Rossi"}
    )
    assert again.status_code == 302  # sent again as it was: a new player
    assert Player.objects.filter(club=lucca, name="Ana Rossi").exists()
    plain = client.post(f"/c/{lucca.id}/players/add/", {"name": "Zoe Nuova"})
    assert plain.status_code == 302 and Player.objects.filter(name="Zoe Nuova").exists()


def test_a_clubs_page_finds_its_games_due_without_reading_a_line():
    """The check is as long as the changes not yet rebuilt, not as the club's lines
    (clubs.models.LinesDue): the page's catch-up reads the marks, never the lines."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    club, drawn = a_released_round()
    first, second = drawn.matches.exclude(game=None)[:2]
    _play(first.game, WON_BY_NS)  # built on commit: nothing due
    with CaptureQueriesContext(connection) as asked:
        assert lines_catch_up(club_id=club.id) is True
    assert len(asked) == 1 and "playergameline" not in asked[0]["sql"].lower()
    with _committed(execute=False):  # lost: due until a page rebuilds it
        hand_add(game_id=second.game.id, sides=WON_BY_NS, author=Author("t"))
    ana = second.ns.first_player
    assert lines_catch_up(club_id=club.id, player_id=first.ns.first_player_id) is True  # not hers
    assert LinesDue.objects.filter(game=second.game).exists()
    assert lines_catch_up(club_id=club.id, player_id=ana.id) is True
    assert PlayerGameLine.objects.filter(game=second.game).count() == 4
    assert not LinesDue.objects.exists()


def test_a_change_rolled_back_leaves_no_mark_and_a_kept_one_its_own():
    """A mark is written in its change's transaction: undone with it, kept with it."""
    from django.db import transaction

    club, drawn = a_released_round()
    game = drawn.matches.exclude(game=None).first().game
    marked = []

    def a_hand_then_a_refused_one() -> None:  # one transaction
        with transaction.atomic():
            hand_add(game_id=game.id, sides=WON_BY_NS, author=Author("t"))
            marked.append(LinesDue.objects.filter(game=game).exists())  # with the hand
            refused = [{"went_out": True}, {"went_out": True}]
            hand_add(game_id=game.id, sides=refused, author=Author("t"))

    with pytest.raises(RuleViolation), _committed(execute=False):
        a_hand_then_a_refused_one()
    assert marked == [True] and not game.hands.exists() and not LinesDue.objects.exists()
    assert lines_catch_up(club_id=club.id) is True
