"""A tournament's public pages, built through the services: pairings by table with each match's
status in words, "find my table", the standings of the latest snapshot (its version, provisional,
shared ranks), a pair's cross-table, the wall screen and its ETag poll, in English and French."""

from __future__ import annotations

import re
from datetime import timedelta
from html import unescape
from types import SimpleNamespace

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs.services import club_create
from tests.factories import confirm, round_released
from tournaments.models import (
    Entry,
    Match,
    ResultSubmission,
    Round,
    StandingsSnapshot,
    Tournament,
)
from tournaments.selectors.versions import event_versions
from tournaments.services.entries import entries_add, entry_withdraw
from tournaments.services.results import result_correct, result_submit
from tournaments.services.rounds import round_close, round_pair, round_release
from tournaments.services.standings import standings_recompute
from tournaments.services.tournament import tournament_create

pytestmark = pytest.mark.django_db

NS, EW = ResultSubmission.By.NS, ResultSubmission.By.EW

# Seeded Swiss with 7 pairs: round 1 is 1-4, 2-5, 3-6 and a bye for the 7th seed.
PAIRS = [
    {"name": "Les As", "player_1": "Anna Rossi", "player_2": "Ben Dupont"},
    {"name": "Queens", "player_1": "Carla Núñez", "player_2": "Dan Olsen"},
    {"name": "Jokers", "player_1": "Élodie Martin", "player_2": "Fred Weber"},
    {"name": "Red Threes", "player_1": "Gina Costa", "player_2": "Hugo Brun"},
    {"name": "Wild Cards", "player_1": "Ines Alves", "player_2": "Jan Novak"},
    {"name": "Canastas", "player_1": "Kim Berg", "player_2": "Lou Petit"},
    {"name": "Sevens", "player_1": "Mia Rossi", "player_2": "Ned Kelly"},
]


def a_tournament(**extra) -> Tournament:
    tournament = tournament_create(
        name="Spring Cup", format="swiss", rounds=3, variant="classic", **extra
    )
    entries_add(
        tournament_id=tournament.id,
        entries=[{**p, "seed": i} for i, p in enumerate(PAIRS, 1)],
    )
    return tournament


def entry(name: str) -> Entry:
    return Entry.objects.get(name=name)


def page(client, url: str, **headers) -> str:
    response = client.get(url, **headers)
    assert response.status_code == 200, url
    return response.content.decode()


def text(html: str) -> str:
    """The words of a piece of page, tags dropped and spaces squeezed."""
    words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()
    return re.sub(r" ([:,.)])", r"\1", words)


def row(html: str, attribute: str, value: object) -> str:
    """The words of the table row (or list item) marked ``attribute="value"``, without a
    round's folded explanation of its pairing (tests/integration/test_pairing_words.py)."""
    found = re.search(rf'<(tr|li)[^>]*{attribute}="{value}"[^>]*>(.*?)</\1>', html, re.S)
    assert found, f"no row {attribute}={value}"
    return text(re.sub(r'<details class="why".*?</details>', "", found.group(2), flags=re.S))


def a_round_in_play(**extra) -> tuple[Tournament, list[Match]]:
    """Table 1 confirmed, table 2 waiting for EW, table 3 with the director."""
    tournament = a_tournament(**extra)
    tables = round_released(tournament)
    confirm(tables[0], 900, 300)
    result_submit(match_id=tables[1].id, by=NS, ns_score=700, ew_score=500)
    result_submit(match_id=tables[2].id, by=NS, ns_score=800, ew_score=400)
    result_submit(match_id=tables[2].id, by=EW, ns_score=400, ew_score=800)
    return tournament, tables


def test_a_mitchell_sit_out_is_called_the_phantoms_table_not_a_bye(client) -> None:
    tournament = tournament_create(
        name="Mitchell night", format="mitchell", rounds=0, variant="classic"
    )
    entries_add(
        tournament_id=tournament.id,
        entries=[{**p, "seed": i} for i, p in enumerate(PAIRS, 1)],
    )
    round_released(tournament)
    sitting = Match.objects.get(ew__isnull=True).ns
    html = page(client, f"/t/{tournament.id}/")
    byes = re.search(r'data-testid="byes">(.*?)</p>', html, re.S)
    assert byes and text(byes.group(1)) == f"Sits out: {sitting.name}"
    cross = page(client, f"/t/{tournament.id}/pair/{sitting.id}/")
    assert unescape(row(cross, "data-round", 1)) == "Round 1 — 2 Sits out (the phantom's table)"
    found = page(client, f"/t/{tournament.id}/?q={sitting.player_1}")
    assert "sits out this round: the phantom's table" in unescape(text(found))


def test_the_tournament_page_shows_the_round_by_table_with_each_status(client) -> None:
    tournament, _ = a_round_in_play()
    html = page(client, f"/t/{tournament.id}/")
    assert html.count("<h1") == 1 and "Spring Cup" in html
    assert "Swiss ×3 · Running · round 1 of 3" in text(html)  # the plan, then the state
    assert row(html, "data-table", 1) == "Table 1 Les As Red Threes 900 – 300 Confirmed"
    assert row(html, "data-table", 2) == "Table 2 Queens Wild Cards Waiting for the other pair"
    assert row(html, "data-table", 3) == "Table 3 Jokers Canastas With the director"
    assert "1 of 3 tables have their result." in text(html)
    byes = re.search(r'data-testid="byes">(.*?)</p>', html, re.S)
    assert byes and text(byes.group(1)) == "Bye: Sevens"
    # Links: the standings, the screen, and every pair's cross-table.
    assert f'href="/t/{tournament.id}/standings/"' in html
    assert f'href="/t/{tournament.id}/screen/"' in html
    for e in tournament.entries.all():
        assert f'href="/t/{tournament.id}/pair/{e.id}/"' in html


def test_a_settled_table_shows_how_its_result_came_about(client) -> None:
    tournament, tables = a_round_in_play()
    result_correct(match_id=tables[2].id, ns_score=800, ew_score=400, reason="Score sheet checked")
    html = page(client, f"/t/{tournament.id}/")
    assert row(html, "data-table", 3) == (
        "Table 3 Jokers Canastas 800 – 400 Corrected by the director"
    )


def test_a_directors_result_names_the_director_on_the_directors_pages_only(
    client, django_user_model
) -> None:
    """The issue asked that a correction name which director made it, for the directors: their
    board and the table's versions do; the public pages and the pairs' say "by the director"."""
    dora = django_user_model.objects.create_user("dora", password="x")
    tournament, tables = a_round_in_play(director=dora)
    client.force_login(dora)
    client.post(
        f"/t/{tournament.id}/director/match/{tables[2].id}/",
        {"ns_score": 800, "ew_score": 400, "kind": "corrected", "reason": "Sheet checked"},
    )
    result_correct(
        match_id=tables[1].id,
        ns_score=700,
        ew_score=500,
        reason="Late",
        kind="adjusted",
        author="max",
    )
    board = page(client, f"/t/{tournament.id}/director/")
    assert "Corrected by dora · 800 – 400" in text(board.split('data-testid="match-3"')[1])
    assert "Score adjusted by max · 700 – 500" in text(board.split('data-testid="match-2"')[1])
    versions = page(client, f"/t/{tournament.id}/director/match/{tables[2].id}/")
    assert "Director (dora) · Corrected 800 400 Sheet checked" in text(versions)
    public = page(client, f"/t/{tournament.id}/")
    assert row(public, "data-table", 3) == (
        "Table 3 Jokers Canastas 800 – 400 Corrected by the director"
    )
    assert row(public, "data-table", 2) == (
        "Table 2 Queens Wild Cards 700 – 500 Score adjusted by the director"
    )
    cross = page(client, f"/t/{tournament.id}/pair/{entry('Jokers').id}/")
    assert row(cross, "data-round", 1).endswith("800 – 400 2 Corrected by the director")


@pytest.mark.parametrize(
    ("kind", "words"),
    [
        ("corrected", "Corrected by the director"),
        ("adjusted", "Score adjusted by the director"),
        ("forfeit", "Forfeit, entered by the director"),
    ],
)
def test_a_directors_result_reads_in_the_same_words_on_every_page(
    client, kind: str, words: str
) -> None:
    """One wording of the table's state (words.table_state): the public page, the results
    page, the wall, the pair's rounds and the table's links; a pair's page adds the score."""
    from tournaments.table_keys import table_token

    tournament, tables = a_round_in_play()
    match = tables[2]
    winner = match.ns_id if kind == "forfeit" else None
    result_correct(
        match_id=match.id, ns_score=800, ew_score=400, reason="Sheet", kind=kind, winner_id=winner
    )
    public = page(client, f"/t/{tournament.id}/")
    assert row(public, "data-table", 3).endswith(f"800 – 400 {words}")
    results = page(client, f"/t/{tournament.id}/results/")
    assert f"800 – 400 ({words})" in row(results, "data-table", 3)
    wall = page(client, f"/t/{tournament.id}/screen/")
    panel = wall.split('data-panel="results"')[1].split("</section>")[0]
    assert text(re.findall(r"<tr[^>]*>(.*?)</tr>", panel, re.S)[3]) == (
        f"3 Jokers 800 – 400 Canastas {words}"
    )
    cross = page(client, f"/t/{tournament.id}/pair/{match.ns_id}/")
    assert row(cross, "data-round", 1).endswith(f"800 – 400 2 {words}")
    for side in (NS, EW):
        table = page(client, reverse("table", args=[table_token(match.game, side)]))
        assert f"{words}: 800 – 400." in text(table), side


def test_no_public_page_pairs_page_table_link_or_wall_shows_a_directors_login(
    client, django_user_model
) -> None:
    """A login is locked after five wrong passwords: read off the wall, anyone could lock the
    director out in the middle of the evening."""
    from tournaments.services.results import result_reopen
    from tournaments.table_keys import table_token

    login = "dora.rossi"
    dora = django_user_model.objects.create_user(login, password="x")
    club = club_create(name="Circolo Canasta Roma", director=dora)
    tournament, tables = a_round_in_play(director=dora, club=club)
    correct = f"/t/{tournament.id}/director/match/{{}}/"
    client.force_login(dora)
    for match, kind in ((tables[2], "corrected"), (tables[1], "adjusted")):
        answer = client.post(
            correct.format(match.id),
            {"ns_score": 800, "ew_score": 400, "kind": kind, "reason": "Sheet checked"},
        )
        assert answer.status_code == 302
    result_correct(
        match_id=tables[0].id,
        ns_score=0,
        ew_score=0,
        reason="No show",
        kind="forfeit",
        winner_id=tables[0].ns_id,
        author=login,
    )
    board = page(client, f"/t/{tournament.id}/director/")
    assert board.count(login) >= 3  # the directors' own page names them
    seen = Client()  # anyone: a player's phone, the wall
    urls = [f"/t/{tournament.id}/{path}" for path in ("", "standings/", "results/", "screen/")]
    urls += [f"/t/{tournament.id}/pair/{e.id}/" for e in tournament.entries.all()]
    for match in tables:
        for side in (NS, EW):
            urls.append(reverse("table", args=[table_token(match.game, side)]))
    shown = {url: page(seen, url) for url in urls}
    shown["screen.json"] = seen.get(f"/t/{tournament.id}/screen.json").content.decode()
    for url, html in shown.items():
        assert login not in html, url
    assert "Corrected by the director" in shown[f"/t/{tournament.id}/"]
    # A reopened table says why in the director's words, never the director's name.
    result_reopen(match_id=tables[2].id, reason="hand 3 twice", author=login)
    for url in urls:
        assert login not in page(seen, url), url


def test_a_reopened_table_says_why_on_every_page_until_it_settles_again(
    client, django_user_model
) -> None:
    from tournaments.services.results import result_reopen

    dora = django_user_model.objects.create_user("dora", password="x")
    tournament, tables = a_round_in_play(director=dora)
    client.force_login(dora)
    reopened = "Reopened: hand 3 was entered twice"
    result_reopen(match_id=tables[0].id, reason="hand 3 was entered twice", author="dora")

    def states() -> dict[str, str]:
        public = page(client, f"/t/{tournament.id}/")
        wall = page(client, f"/t/{tournament.id}/screen/")
        results = wall.split('data-panel="results"')[1].split("</section>")[0]
        board = page(client, f"/t/{tournament.id}/director/")
        cross = page(client, f"/t/{tournament.id}/pair/{entry('Les As').id}/")
        return {
            "public": row(public, "data-table", 1),
            "wall": text(re.findall(r"<tr[^>]*>(.*?)</tr>", results, re.S)[1]),
            "board": text(board.split('data-testid="match-1"')[1].split("</tr>")[0]),
            "pair": row(cross, "data-round", 1),
        }

    for where, said in states().items():
        assert reopened in said and "Playing" not in said, where
    result_submit(match_id=tables[0].id, by=NS, ns_score=950, ew_score=300)
    for where, said in states().items():
        assert f"{reopened} · Waiting for the other pair" in said, where
    result_submit(match_id=tables[0].id, by=EW, ns_score=950, ew_score=300)
    for where, said in states().items():
        assert "Reopened" not in said and "Confirmed" in said, where


def test_before_any_release_the_pairings_are_not_out_and_a_draft_is_never_public(client) -> None:
    tournament = a_tournament()
    drawn = round_pair(tournament_id=tournament.id)  # a draft: the director's only
    html = page(client, f"/t/{tournament.id}/")
    assert "The pairings are not out yet." in html
    assert 'data-testid="pairings"' not in html and "Red Threes" not in text(
        html.split('data-testid="pairs"')[0]
    )
    found = page(client, f"/t/{tournament.id}/?q=anna")
    assert row(found, "data-entry", entry("Les As").id).endswith("the pairings are not out yet")
    assert (
        "Les As"
        not in page(client, f"/t/{tournament.id}/screen/")
        .split("<main")[1]
        .split('data-panel="standings"')[0]
    )
    cross = page(client, f"/t/{tournament.id}/pair/{entry('Les As').id}/")
    assert "No round of this pair has been published yet." in cross

    # Round 1 is played; round 2 is drawn but not released: the pages still show round 1.
    round_release(round_id=drawn.id)
    for match in drawn.matches.filter(ew__isnull=False):
        confirm(match, 600, 400)
    round_close(round_id=drawn.id)
    draft = round_pair(tournament_id=tournament.id)
    assert draft.status == Round.Status.DRAFT
    html = page(client, f"/t/{tournament.id}/")
    assert 'data-round="1"' in html and "Round 2" not in html
    assert "round 1 of 3" in text(html)
    cross = page(client, f"/t/{tournament.id}/pair/{entry('Les As').id}/")
    assert 'data-round="1"' in cross and 'data-round="2"' not in cross
    screen = page(client, f"/t/{tournament.id}/screen/")
    assert "Pairings · round 1" in screen and "round 2" not in screen


def test_find_my_table_by_pair_or_player_name_in_any_case(client) -> None:
    tournament, _ = a_round_in_play()
    url = f"/t/{tournament.id}/?q="
    html = page(client, url + "anna")  # a player's name, lower case
    assert row(html, "data-entry", entry("Les As").id) == (
        "Les As (Anna Rossi, Ben Dupont): table 1, North-South"
    )
    html = page(client, url + "WILD")  # a pair's name, upper case
    assert row(html, "data-entry", entry("Wild Cards").id).endswith("table 2, East-West")
    html = page(client, url + "ÉLODIE")  # beyond ASCII
    assert row(html, "data-entry", entry("Jokers").id).endswith("table 3, North-South")
    html = page(client, url + "rossi")  # two pairs: each with its seat
    assert row(html, "data-entry", entry("Les As").id).endswith("table 1, North-South")
    assert row(html, "data-entry", entry("Sevens").id).endswith("a bye this round")
    html = page(client, url + "nobody")
    assert "No pair or player is called “nobody”." in html
    assert 'value="nobody"' in html  # the search stays in the box
    html = page(client, url + "%3Cb%3E")  # the query is shown escaped
    assert "<b>" not in html and "&lt;b&gt;" in html
    assert 'data-testid="found"' not in page(client, url)  # an empty search: no answer


def test_standings_before_any_result_say_so(client) -> None:
    tournament = a_tournament()
    html = page(client, f"/t/{tournament.id}/standings/")
    assert "No standings yet: they appear with the first result." in html
    assert html.count("<h1") == 1


@pytest.mark.django_db(transaction=True)  # the standings task is sent on commit
def test_standings_show_the_snapshot_version_provisional_and_shared_ranks(client) -> None:
    tournament = a_tournament()
    tables = round_released(tournament)
    confirm(tables[0], 900, 300)
    html = page(client, f"/t/{tournament.id}/standings/")
    snapshot = tournament.snapshots.order_by("-version").first()
    assert snapshot is not None and snapshot.provisional
    assert f"Standings · version {snapshot.version}" in text(html)
    assert "Provisional: matches still being played." in html
    headings = re.findall(r'<th class="([^"]*)" scope="col">([^<]*)</th>', html)
    assert [h for _, h in headings] == [
        "Rank",
        "Pair",
        "Points",
        "Head to head",
        "Margin",
        "Buchholz",
    ]

    confirm(tables[1], 900, 300)
    confirm(tables[2], 900, 300)
    entry_withdraw(entry_id=entry("Red Threes").id)
    html = page(client, f"/t/{tournament.id}/standings/")
    snapshot = tournament.snapshots.order_by("-version").first()
    assert snapshot is not None and not snapshot.provisional
    assert f"Standings after round 1 · version {snapshot.version}" in text(html)
    assert "Provisional" not in html
    # Three winners by 600 share the first place; the bye is next; the losers share fifth.
    for name in ("Les As", "Queens", "Jokers"):
        assert row(html, "data-entry", entry(name).id) == f"=1 {name} 2 0 +600 0"
    assert row(html, "data-entry", entry("Sevens").id) == "4 Sevens 2 0 0 0"
    assert (
        row(html, "data-entry", entry("Red Threes").id) == "=5 Red Threes withdrawn 0 0 \u2212600 2"
    )
    assert f'href="/t/{tournament.id}/pair/{entry("Queens").id}/"' in html


def test_standings_follow_the_tournaments_tiebreak_order(client) -> None:
    tournament = a_tournament(tiebreaks=("tp", "wins", "scored", "median_buchholz"))
    tables = round_released(tournament)
    confirm(tables[0], 900, 300)
    standings_recompute(tournament_id=tournament.id)  # no task on commit here
    html = page(client, f"/t/{tournament.id}/standings/")
    headings = re.findall(r'<th class="[^"]*" scope="col">([^<]*)</th>', html)
    assert headings == ["Rank", "Pair", "Points", "Wins", "Scored", "Median Buchholz"]
    assert row(html, "data-entry", entry("Les As").id) == "1 Les As 2 1 900 0"


def test_a_pairs_cross_table_has_every_round(client) -> None:
    tournament = a_tournament()
    first = round_released(tournament)
    confirm(first[0], 900, 300)  # Les As beat Red Threes
    confirm(first[1], 500, 500)
    confirm(first[2], 300, 700)
    round_close(round_id=first[0].round_id)
    second = round_released(tournament)
    standings_recompute(tournament_id=tournament.id)
    red = entry("Red Threes")
    html = page(client, f"/t/{tournament.id}/pair/{red.id}/")
    assert html.count("<h1") == 1 and "Red Threes" in html and "Gina Costa, Hugo Brun" in html
    assert row(html, "data-round", 1) == (
        "Round 1 Table 1 East-West against Les As 300 – 900 0 Confirmed"
    )
    # The lowest pair without a bye sits out round 2: no table, no opponent, a win's points.
    assert not any(red.id in (m.ns_id, m.ew_id) for m in second)
    assert row(html, "data-round", 2) == "Round 2 — 2 Bye"
    assert f'href="/t/{tournament.id}/pair/{entry("Les As").id}/"' in html
    # A round being played: its table, seat and opponent, no score yet.
    aces = entry("Les As")
    where = next(m for m in second if aces.id in (m.ns_id, m.ew_id))
    opponent = where.ew if where.ns_id == aces.id else where.ns
    seat = "North-South" if where.ns_id == aces.id else "East-West"
    html = page(client, f"/t/{tournament.id}/pair/{aces.id}/")
    assert row(html, "data-round", 1) == (
        "Round 1 Table 1 North-South against Red Threes 900 – 300 2 Confirmed"
    )
    assert row(html, "data-round", 2) == (
        f"Round 2 Table {where.table} {seat} against {opponent.name} Playing"
    )
    # A draw is a point each; the rank of the latest standings heads the page.
    html = page(client, f"/t/{tournament.id}/pair/{entry('Queens').id}/")
    assert "500 – 500 1 Confirmed" in row(html, "data-round", 1)
    assert re.search(r"Rank =?\d+ · Points 1", text(html))


def test_unknown_tournaments_and_pairs_are_not_found(client) -> None:
    tournament = a_tournament()
    other = tournament_create(name="Other", format="swiss", rounds=1)
    entries_add(tournament_id=other.id, entries=[{"name": "Elsewhere"}])
    stranger = entry("Elsewhere").id
    for url in (
        "/t/999999/",
        "/t/999999/standings/",
        "/t/999999/standings.pdf",
        "/t/999999/results/",
        "/t/999999/screen/",
        "/t/999999/screen.json",
        f"/t/{tournament.id}/pair/999999/",
        f"/t/{tournament.id}/pair/{stranger}/",  # a pair of another tournament
    ):
        assert client.get(url).status_code == 404, url


def test_the_screen_has_every_panel_and_no_inline_code(client) -> None:
    tournament, _ = a_round_in_play()
    standings_recompute(tournament_id=tournament.id)
    html = page(client, f"/t/{tournament.id}/screen/?cycle=1")
    assert html.count("<h1") == 1
    assert re.findall(r'data-panel="(\w+)"', html) == ["pairings", "results", "standings"]
    assert 'data-cycle="1"' in html and 'data-poll="10"' in html
    assert f'data-etag-url="/t/{tournament.id}/screen.json"' in html
    assert 'class="bar"' not in html  # no header: a wall screen
    assert "screen.js" in html and "screen.css" in html
    assert not re.search(r"<script>|<script(?![^>]*\bsrc=)|\son\w+=|\sstyle=", html)
    results = html.split('data-panel="results"')[1].split("</section>")[0]
    assert "900 – 300" in results and "Waiting for the other pair" in results
    assert "With the director" in results
    standings = html.split('data-panel="standings"')[1].split("</section>")[0]
    assert "Provisional: matches still being played." in standings
    assert page(client, f"/t/{tournament.id}/screen/?cycle=nonsense").count('data-cycle="15"')


def test_the_screen_gives_each_panel_all_its_rows_for_the_script_to_page(client) -> None:
    """The page holds every row; screen.js splits a panel into as many pages as the screen's
    height needs (tests/browser/test_tournament_screen.py)."""
    tournament = tournament_create(name="Big night", format="swiss", rounds=2)
    entries_add(
        tournament_id=tournament.id,
        entries=[{"name": f"Pair {i:02}", "seed": i} for i in range(1, 46)],
    )
    round_released(tournament)
    standings_recompute(tournament_id=tournament.id)
    html = page(client, f"/t/{tournament.id}/screen/")
    # 22 tables and a bye: 23 pairing rows, 22 results, the top 30 of the standings.
    assert re.findall(r'data-panel="(\w+)"', html) == ["pairings", "results", "standings"]
    panels = {
        kind: part.split("</section>")[0].count("<tr")
        for kind, part in re.findall(r'data-panel="(\w+)"(.*?)</section>', html, re.S)
    }
    assert panels == {"pairings": 24, "results": 23, "standings": 31}  # and each header row
    assert html.count('data-panel="results" data-testid="panel-results" hidden>') == 1


@pytest.mark.django_db(transaction=True)
def test_screen_json_answers_304_until_something_changes(client) -> None:
    tournament = a_tournament()
    tables = round_released(tournament)
    url = f"/t/{tournament.id}/screen.json"
    first = client.get(url)
    assert first.status_code == 200 and first["ETag"].startswith('"')
    assert first.json() == {"etag": first["ETag"]}
    assert "no-cache" in first["Cache-Control"]
    assert f'data-etag="{first["ETag"].replace(chr(34), "&quot;")}"' in page(
        client, f"/t/{tournament.id}/screen/"
    )
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b""
    assert len(queries) <= 2  # two grouped queries, whatever the size of the event

    result_submit(match_id=tables[0].id, by=NS, ns_score=900, ew_score=300)
    waiting = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert waiting.status_code == 200 and waiting["ETag"] != first["ETag"]  # a status in words
    result_submit(match_id=tables[0].id, by=EW, ns_score=900, ew_score=300)
    confirmed = client.get(url, HTTP_IF_NONE_MATCH=waiting["ETag"])
    assert confirmed.status_code == 200 and confirmed["ETag"] not in (
        first["ETag"],
        waiting["ETag"],
    )
    assert client.get(url, HTTP_IF_NONE_MATCH=confirmed["ETag"]).status_code == 304

    # A director's correction changes no count, but writes a new snapshot: a new ETag.
    result_correct(match_id=tables[0].id, ns_score=950, ew_score=300, reason="Sheet")
    assert client.get(url, HTTP_IF_NONE_MATCH=confirmed["ETag"]).status_code == 200
    # A draft of the next round is not public: the ETag stays.
    for match in tables[1:]:
        confirm(match, 500, 400)
    round_close(round_id=tables[0].round_id)
    settled = client.get(url)
    round_pair(tournament_id=tournament.id)
    assert client.get(url, HTTP_IF_NONE_MATCH=settled["ETag"]).status_code == 304


@pytest.mark.parametrize(
    "path", ["", "standings/", "screen/", "pair/{pair}/", "?q=anna"], ids=lambda p: p or "home"
)
def test_the_pages_speak_french(client, path: str) -> None:
    tournament, _ = a_round_in_play()
    standings_recompute(tournament_id=tournament.id)
    url = f"/t/{tournament.id}/" + path.format(pair=entry("Red Threes").id)
    html = page(client, url, HTTP_ACCEPT_LANGUAGE="fr")
    assert '<html lang="fr">' in html
    words = {
        "": ["Suisse", "Nord-Sud", "Confirmé", "En attente de l'autre paire"],
        "standings/": ["Rang"],
        "screen/": ["Nord-Sud", "Est-Ouest", "Confirmé"],
        "pair/{pair}/": ["Est-Ouest", "Confirmé"],
        "?q=anna": ["Nord-Sud"],
    }[path]
    for word in words:
        assert word.replace("'", "&#x27;") in html or word in html, word


def test_numbers_the_screen_script_reads_stay_plain_where_thousands_are_grouped(
    client, settings
) -> None:
    """Grouping is off today (a score reads 12500 in every language); were it turned on, French
    would write the tournament's id 12345 as "12 345" and the script could not read it."""
    settings.USE_THOUSAND_SEPARATOR = True
    created = tournament_create(name="Spring Cup", format="swiss", rounds=3, variant="classic")
    Tournament.objects.filter(id=created.id).update(id=12345)
    entries_add(tournament_id=12345, entries=[{**p, "seed": i} for i, p in enumerate(PAIRS, 1)])
    html = page(client, "/t/12345/screen/?cycle=100", HTTP_ACCEPT_LANGUAGE="fr")
    assert 'data-tournament="12345"' in html and 'data-cycle="100"' in html


def test_a_negative_score_reads_with_a_minus_sign(client, django_user_model) -> None:
    # "2210–-80" read as a dash and a hyphen; the pages write "2210 – −80".
    tournament = a_tournament()
    tables = round_released(tournament)
    confirm(tables[0], 2210, -80)
    html = page(client, f"/t/{tournament.id}/")
    assert "2210 – \u221280" in html and "–-80" not in html and "--80" not in html
    director = django_user_model.objects.create_user("dora", password="x")
    Tournament.objects.filter(id=tournament.id).update(
        club=club_create(name="Lucca", director=director)
    )
    client.force_login(director)
    board = page(client, f"/t/{tournament.id}/director/")
    assert "2210 – \u221280" in board and "-80" not in board


def a_knockout_played_to_its_end(third_place: bool = True) -> Tournament:
    """8 pairs, seeded; the upper pair of each table wins, 900 – 300."""
    tournament = tournament_create(name="Cup", format="knockout", rounds=0, third_place=third_place)
    entries_add(
        tournament_id=tournament.id,
        entries=[{"name": f"Seed {i}", "seed": i} for i in range(1, 9)],
    )
    for _ in range(3):
        for match in round_released(tournament):
            confirm(match, 900, 300)
        round_close(round_id=Round.objects.filter(tournament=tournament).last().id)
    return Tournament.objects.get(id=tournament.id)


def test_a_knockout_is_drawn_as_a_bracket_with_its_podium(client) -> None:
    tournament = a_knockout_played_to_its_end()
    html = page(client, f"/t/{tournament.id}/")
    bracket = html.split('data-testid="bracket"')[1]
    rounds = bracket.split('data-testid="bracket-round"')[1:]
    assert [r.count('<li class="b-match') for r in rounds] == [4, 2, 1]
    assert "Quarter-finals" in rounds[0] and "Semi-finals" in rounds[1] and "Final" in rounds[2]
    podium = text(bracket.split('data-testid="podium">')[1].split("</ol>")[0])
    # The semi-finals' losers, 4 and 3, played for third: the upper pair (4) won.
    assert podium == "1 Champion: Seed 1 2 Second: Seed 2 3 Third: Seed 4 4 Fourth: Seed 3"
    assert 'data-testid="third-place"' in bracket
    # Its standings are its bracket: no points, Buchholz or head to head.
    standings = page(client, f"/t/{tournament.id}/standings/")
    assert 'data-testid="podium"' in standings and "Buchholz" not in standings
    # The standings rows (the director's table, the CSV, the pair pages) agree with the podium:
    # Seed 4 won the third place with as many wins as Seed 2 and a larger margin, yet is third;
    # the quarter-finals' losers share fifth place.
    rows = StandingsSnapshot.objects.filter(tournament=tournament).latest("version").rows
    assert [(r["name"], r["rank"], r["shared"]) for r in rows][:4] == [
        ("Seed 1", 1, False),
        ("Seed 2", 2, False),
        ("Seed 4", 3, False),
        ("Seed 3", 4, False),
    ]
    assert {(r["rank"], r["shared"]) for r in rows[4:]} == {(5, True)}
    screen = page(client, f"/t/{tournament.id}/screen/")
    assert screen.index('data-panel="bracket"') < screen.index('data-panel="results"')
    assert 'data-panel="standings"' not in screen


def test_the_director_sees_the_bracket_and_prints_it(client, django_user_model) -> None:
    tournament = a_knockout_played_to_its_end(third_place=False)
    director = django_user_model.objects.create_user("dora", password="x")
    Tournament.objects.filter(id=tournament.id).update(
        club=club_create(name="Lucca", director=director)
    )
    assert client.get(f"/t/{tournament.id}/bracket.pdf").status_code == 404  # not the director's
    client.force_login(director)
    board = page(client, f"/t/{tournament.id}/director/")
    assert 'data-testid="podium"' in board and "Third: Seed 3" in board and "Third: Seed 4" in board
    table = board.split('data-testid="standings"')[1].split("</table>")[0]
    assert "Buchholz" not in table and "Points" not in table  # ranked by the bracket alone
    assert re.findall(r'<td class="rank">([^<]*)</td>', table)[:4] == ["1", "2", "=3", "=3"]
    response = client.get(f"/t/{tournament.id}/bracket.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")


@pytest.mark.parametrize("path", ["", "standings/", "results/", "screen/", "pair/{pair}/"])
def test_a_public_page_is_rendered_once_per_change_and_answered_304_meanwhile(
    client, path: str
) -> None:
    tournament = a_tournament()
    tables = round_released(tournament)
    standings_recompute(tournament_id=tournament.id)
    url = f"/t/{tournament.id}/" + path.format(pair=entry("Les As").id)
    first = client.get(url)
    assert first.status_code == 200 and first["ETag"] and "no-cache" in first["Cache-Control"]
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and len(queries) == 1  # the tournament's version, alone
    with CaptureQueriesContext(connection) as queries:
        cached = client.get(url)  # no ETag of its own: the page as cached
    assert cached.status_code == 200 and len(queries) == 1  # the version again: no rendering
    assert cached["ETag"] == first["ETag"]
    confirm(tables[0], 900, 300)  # a result: a new version, a page rendered again
    changed = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]
    french = client.get(url, HTTP_ACCEPT_LANGUAGE="fr")
    assert french["ETag"] != changed["ETag"] and '<html lang="fr">' in french.content.decode()


def test_every_write_the_public_pages_show_makes_a_new_version() -> None:
    """The pages are cached by version: a write that forgot to bump it would leave them stale."""
    from tournaments.services.entries import entry_edit, entry_reinstate
    from tournaments.services.tournament import tournament_plan_set

    tournament = a_tournament()

    def version() -> int:
        return event_versions(tournament.id).public

    def bumps(write) -> None:
        before = version()
        write()
        assert version() > before, write

    bumps(lambda: tournament_plan_set(tournament_id=tournament.id, format="swiss", rounds=4))
    drawn = version()
    tables = round_released(tournament)  # the draft alone is not public; its release is
    assert version() > drawn
    late: list[Entry] = []
    bumps(lambda: late.extend(entries_add(tournament_id=tournament.id, entries=[{"name": "L"}])))
    bumps(lambda: entry_edit(entry_id=late[0].id, values={"name": "Late"}))
    bumps(lambda: entry_withdraw(entry_id=late[0].id))
    bumps(lambda: entry_reinstate(entry_id=late[0].id))
    bumps(lambda: confirm(tables[0], 900, 300))
    bumps(lambda: result_correct(match_id=tables[0].id, ns_score=800, ew_score=300, reason="typo"))
    for table in tables[1:]:
        confirm(table, 500, 400)
    bumps(lambda: round_close(round_id=tables[0].round_id))


def test_a_cached_page_is_the_same_for_every_visitor_not_logged_in(django_user_model) -> None:
    """Its frame carries no CSRF token (the language form needs none), so the WSGI layer may
    give it whole to the next such visitor (core.early_answers); a logged-in visitor's frame
    is theirs: its log-out form carries their own token."""
    from django.test import Client

    tournament = a_tournament()
    round_released(tournament)
    url = f"/t/{tournament.id}/"
    visitors = [Client().get(url) for _ in range(2)]
    assert visitors[0].content == visitors[1].content
    assert visitors[0]["ETag"] == visitors[1]["ETag"] and not visitors[0].cookies
    assert b"csrfmiddlewaretoken" not in visitors[0].content
    dora = Client()
    dora.force_login(django_user_model.objects.create_user("dora", password="x"))
    theirs = dora.get(url).content.decode()
    assert re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', theirs)
    assert (
        theirs.split("<main>")[1].split("</main>")[0]
        == (visitors[0].content.decode().split("<main>")[1].split("</main>")[0])
    )


def test_the_language_form_works_without_a_token() -> None:
    from django.test import Client

    phone = Client(enforce_csrf_checks=True)
    answer = phone.post("/i18n/setlang/", {"language": "fr", "next": "/opening/"})
    assert answer.status_code == 302 and answer["Location"] == "/opening/"
    assert phone.cookies["django_language"].value == "fr"
    assert '<html lang="fr">' in phone.get("/opening/").content.decode()


def test_logging_in_shows_the_new_frame_not_a_304(client, django_user_model) -> None:
    """The page's frame is the visitor's (its login links, the CSRF token its forms carry, which
    a login renews): a phone that logs in gets the page again, with its own ETag."""
    tournament = a_tournament()
    url = f"/t/{tournament.id}/"
    anonymous = client.get(url)
    assert client.get(url, HTTP_IF_NONE_MATCH=anonymous["ETag"]).status_code == 304
    client.force_login(django_user_model.objects.create_user("dora", password="x"))
    logged_in = client.get(url, HTTP_IF_NONE_MATCH=anonymous["ETag"])
    assert logged_in.status_code == 200 and logged_in["ETag"] != anonymous["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=logged_in["ETag"]).status_code == 304
    screen = client.get(url + "screen/")  # no frame: one ETag for every visitor
    client.logout()
    assert client.get(url + "screen/", HTTP_IF_NONE_MATCH=screen["ETag"]).status_code == 304


def test_a_search_is_answered_from_the_page_as_it_stands(client) -> None:
    tournament = a_tournament()
    round_released(tournament)
    found = client.get(f"/t/{tournament.id}/?q=anna")
    assert found.status_code == 200 and not found.has_header("ETag")
    assert 'data-testid="found"' in found.content.decode()


@pytest.fixture
def clock(monkeypatch) -> list[float]:
    """The pages' clock, which the test moves: the time a rendering takes, and the cache's
    own, which times the pause between two renderings."""
    from django.core.cache.backends import base, locmem

    from tournaments.views import cached_pages

    now = [1_000_000.0]
    fake = SimpleNamespace(time=lambda: now[0], monotonic=lambda: now[0])
    for module in (cached_pages, base, locmem):
        monkeypatch.setattr(module, "time", fake)
    monkeypatch.setattr(cached_pages, "RENDER_EVERY", 2.0)
    monkeypatch.setattr(cached_pages, "RENDER_PAUSE", 10)
    return now


def test_a_busy_events_page_is_rendered_again_at_most_every_few_seconds(client, clock):
    tournament = a_tournament()
    tables = round_released(tournament)
    standings_recompute(tournament_id=tournament.id)
    url = f"/t/{tournament.id}/"
    first = client.get(url)
    confirm(tables[0], 900, 300)  # a new version
    clock[0] += 1.9  # within the pause: the page as it was, with its own ETag
    soon = client.get(url)
    assert soon["ETag"] == first["ETag"] and "Confirmed" not in text(soon.content.decode())
    held = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])  # a phone that has it already
    assert held.status_code == 304 and held["ETag"] == first["ETag"]
    assert "Cookie" in held["Vary"]  # as the page's own answer: its frame is the visitor's
    clock[0] += 0.2  # the pause is over: the new version
    later = client.get(url)
    assert later["ETag"] != first["ETag"] and "Confirmed" in text(later.content.decode())


def test_a_page_slow_to_render_waits_ten_times_as_long_before_the_next(client, clock, monkeypatch):
    from tournaments.views import public

    render = public.render_to_string

    def slow_render(*args, **kwargs):  # a 1000-pair page on a loaded server: 1.5 s
        clock[0] += 1.5
        return render(*args, **kwargs)

    monkeypatch.setattr(public, "render_to_string", slow_render)
    tournament = a_tournament()
    tables = round_released(tournament)
    url = f"/t/{tournament.id}/"
    first = client.get(url)
    confirm(tables[0], 900, 300)
    clock[0] += 14.9  # 10 × 1.5 s after it was rendered: not yet
    assert client.get(url)["ETag"] == first["ETag"]
    clock[0] += 0.2
    assert client.get(url)["ETag"] != first["ETag"]


def test_an_older_rendering_never_replaces_a_newer_one(client) -> None:
    from django.core.cache import caches

    from tournaments.selectors.public import public_tag
    from tournaments.views.cached_pages import Content, _served

    tournament = a_tournament()
    tag = public_tag(tournament.id)
    _served("p", tag.version + 1, '"new"', lambda: Content("", "new"))
    # A process that read the version before, and renders it after the newer one was stored:
    assert _served("p", tag.version, '"old"', lambda: Content("", "old")) == (
        '"new"',
        Content("", "new"),
    )
    caches["fragments"].clear()  # in order, the newer one does replace the older
    _served("p", tag.version, '"old"', lambda: Content("", "old"))
    _served("p", tag.version + 1, '"new"', lambda: Content("", "new"))
    assert caches["fragments"].get("public-latest:p").etag == '"new"'


def test_a_page_of_another_database_is_never_served_for_this_one(client) -> None:
    """Same id and version after the database was made again (a restore, a test database) with
    the cache kept: the tournament's creation tells them apart."""
    tournament = a_tournament()
    url = f"/t/{tournament.id}/"
    first = client.get(url)
    Tournament.objects.filter(id=tournament.id).update(
        created_at=tournament.created_at - timedelta(seconds=1)
    )
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200 and again["ETag"] != first["ETag"]


def test_a_long_standings_table_comes_in_pages_of_a_hundred(client) -> None:
    tournament = tournament_create(name="Regional", format="swiss", rounds=3, variant="classic")
    entries_add(
        tournament_id=tournament.id,
        entries=[{"name": f"Pair {i:03}", "seed": i} for i in range(1, 251)],
    )
    tables = round_released(tournament)
    confirm(tables[0], 900, 300)
    standings_recompute(tournament_id=tournament.id)
    url = f"/t/{tournament.id}/standings/"
    first = page(client, url)
    assert first.count('data-entry="') == 100
    pages = re.search(r'data-testid="standings-pages">(.*?)</nav>', first, re.S)
    assert pages and text(pages.group(1)) == "1–100 101–200 201–250"
    last = page(client, url + "?page=3")
    assert last.count('data-entry="') == 50 and 'aria-current="page">201–250' in last
    assert page(client, url + "?page=99").count('data-entry="') == 50  # the last there is
    assert page(client, url + "?page=x").count('data-entry="') == 100


def test_the_wall_screen_says_what_it_shows_to_a_search_engine(client) -> None:
    """Every page has its meta description (Lighthouse's SEO audit): the wall screen, a page of
    its own, had none."""
    tournament, _ = a_round_in_play()
    screen = page(client, f"/t/{tournament.id}/screen/")
    assert f'<meta name="description" content="{tournament.name} · Pairings and standings">' in (
        screen
    )
