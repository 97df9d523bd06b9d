"""The director's and the tables' pages through the test client."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from core.early_answers import forget
from tests.factories import confirm
from tournaments.club_formats import form_values
from tournaments.models import Entry, Match, Round, Tournament
from tournaments.services.entries import entries_add
from tournaments.services.results import result_submit
from tournaments.services.rounds import round_pair, round_release
from tournaments.services.standings import standings_recompute
from tournaments.services.tournament import tournament_create
from tournaments.table_keys import table_token

pytestmark = pytest.mark.django_db


def link(match: Match, side: str) -> str:
    """A pair's private link to its table (``side`` "ns" or "ew")."""
    return reverse("table", args=[table_token(match.game, side)])


# Clubs alternate, so the seeded first round (1 v 4, 2 v 5, 3 v 6) meets no club as drawn.
CSV = "name,player_1,player_2,club\n" + "\n".join(
    f"Pair {i},Ann {i},Bob {i},Club {i % 2}" for i in range(1, 7)
)


def create(client) -> Tournament:
    """A Tuesday Swiss as the club format fills the form in: 3 rounds of 2 hands, win 2."""
    response = client.post(
        reverse("tournament-new"),
        {
            "name": "Tuesday Swiss",
            "club_format": "swiss3-evening",
            "variant": "classic",
            **form_values("swiss3-evening"),
            "seeded": "on",
            "tiebreak_1": "tp",
            "tiebreak_2": "buchholz",
        },
    )
    tournament = Tournament.objects.get()
    assert response["Location"] == reverse("director", args=[tournament.id])
    return tournament


def test_the_director_creates_an_event_from_a_club_format(client, director) -> None:
    # Without a script, "Fill in" shows the form again with the club format's values; nothing
    # is saved yet.
    filled = client.post(
        reverse("tournament-new"),
        {"name": "Tuesday Swiss", "club_format": "swiss3-evening", "fill": "1"},
    ).content.decode()
    assert not Tournament.objects.exists()
    assert 'name="phase_1_rounds" value="3"' in filled
    assert 'name="hands_per_round" value="2"' in filled
    assert 'value="wdl" selected' in filled and 'value="Tuesday Swiss"' in filled
    tournament = create(client)
    assert (tournament.rounds, tournament.hands_per_round, tournament.points) == (3, 2, "wdl")
    assert tournament.tiebreaks == ["tp", "buchholz"] and tournament.director == director
    page = client.get(reverse("director", args=[tournament.id])).content.decode()
    assert "Add the pairs" in page and "Swiss ×3 · 2 hands a round" in page


def test_a_club_format_never_overwrites_what_the_director_typed(client, director) -> None:
    # 3 rounds were silently played as 4 when the club format's values won over the form's.
    client.post(
        reverse("tournament-new"),
        {
            "name": "Mitchell evening",
            "club_format": "mitchell3-danish",
            "variant": "classic",
            **form_values("mitchell3-danish"),
            "phase_1_rounds": 2,  # typed after filling in: 2 Mitchell rounds, not 3
            "hands_per_round": 3,
            "seeded": "on",
            "tiebreak_1": "tp",
        },
    )
    tournament = Tournament.objects.get()
    assert tournament.round_formats == ["mitchell", "mitchell", "danish"]
    assert (tournament.rounds, tournament.hands_per_round) == (3, 3)
    page = client.get(reverse("director", args=[tournament.id])).content.decode()
    assert "Mitchell ×2, then Modified Danish ×1 · 3 hands a round" in page


def test_a_csv_with_an_error_names_its_line_and_saves_nothing(client, director) -> None:
    tournament = create(client)
    bad = "name,player_1\nPair A,Ann\n,Bob\n"
    page = client.post(
        reverse("director-import", args=[tournament.id]), {"text": bad}, follow=True
    ).content.decode()
    assert "Line 3: a pair needs a name." in page and not Entry.objects.exists()
    client.post(reverse("director-import", args=[tournament.id]), {"text": CSV})
    assert Entry.objects.count() == 6
    page = client.get(reverse("director", args=[tournament.id])).content.decode()
    assert "generate round 1" in page.lower()


@pytest.mark.django_db(transaction=True)  # the round is drawn by a task sent on commit
def test_rounds_are_drawn_released_and_settled_from_the_pages(client, director) -> None:
    tournament = create(client)
    client.post(reverse("director-import", args=[tournament.id]), {"text": CSV})
    response = client.post(reverse("director-round-next", args=[tournament.id]))
    assert response["Location"].endswith("?drawing=1")  # the page shows progress
    page = client.get(response["Location"]).content.decode()
    # The draft with its reasons; drawn before the page was rendered (eagerly here), so the page
    # waits for nothing and does not reload under the director's finger.
    assert 'data-expect=""' in page and "seeded" in page
    waiting = client.get(reverse("director", args=[tournament.id]) + "?drawing=2").content
    assert b'data-expect="2"' in waiting  # round 2 not drawn yet: the page polls for it
    client.post(reverse("director-release", args=[tournament.id, 1]))
    first = Round.objects.get(number=1)
    assert (
        first.status == Round.Status.RELEASED
        and Match.objects.filter(game__isnull=False).count() == 3
    )
    match = Match.objects.order_by("table").first()
    north, east = link(match, "ns"), link(match, "ew")
    ns_phone, ew_phone = client.__class__(), client.__class__()  # each pair's phone: no account
    page = ns_phone.get(north).content.decode()
    assert "Pair 1" in page and "Pair 4" in page and "Enter the hands" in page
    # The pair's phone opens its game, which leads back to its table page for the result.
    board = ns_phone.get(north + "hands/", follow=True)
    back = board.content.decode()
    assert f"round 1, table {match.table}" in back and f'href="{north}"' in back
    ns_phone.post(north, {"ns_score": 900, "ew_score": 300})
    assert "Sent. Waiting for Pair 4 to confirm it" in ns_phone.get(north).content.decode()
    ew_phone.post(east, {"ns_score": 300, "ew_score": 900})  # a dispute
    match.refresh_from_db()
    assert match.status == Match.Status.DISPUTED
    board = client.get(reverse("director", args=[tournament.id])).content.decode()
    assert 'data-testid="disputes"' in board
    # The live board's marker and the state it polls agree: a change in either reloads the board.
    state = client.get(reverse("tournament-state", args=[tournament.id])).json()
    assert state == {
        "rounds": 1,
        "status": "playing",
        "settled": 0,
        "disputed": 1,
        "refused": "",
        "stale": False,
    }
    assert 'data-live="1:playing:0:1"' in board
    client.post(
        reverse("director-match", args=[tournament.id, match.id]),
        {"ns_score": 900, "ew_score": 300, "kind": "corrected", "reason": "sheet"},
    )
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED


def test_a_table_link_changes_only_its_own_match(client) -> None:
    tournament = tournament_create(name="x", format="swiss", rounds=1)
    entries_add(tournament_id=tournament.id, entries=[{"name": f"P{i}"} for i in range(4)])
    drawn = round_pair(tournament_id=tournament.id)
    round_release(round_id=drawn.id)
    first, second = Match.objects.order_by("table")
    client.post(link(first, "ns"), {"ns_score": 1, "ew_score": 0})
    first.refresh_from_db()
    assert first.status == Match.Status.SUBMITTED
    second.refresh_from_db()
    assert second.status == Match.Status.PLAYING and not second.submissions.exists()
    assert client.get(reverse("table", args=["nope"])).status_code == 404


def test_only_the_director_sees_the_directors_pages(client, django_user_model) -> None:
    owner = django_user_model.objects.create_user("owner")
    tournament = tournament_create(name="x", format="swiss", rounds=1, director=owner)
    assert client.get(reverse("director", args=[tournament.id])).status_code == 302  # log in
    client.force_login(django_user_model.objects.create_user("intruder"))
    assert client.get(reverse("director", args=[tournament.id])).status_code == 404
    assert client.post(reverse("director-round-next", args=[tournament.id])).status_code == 404


def test_the_draft_reasons_and_the_table_state_speak_the_readers_language(client, director) -> None:
    tournament = tournament_create(name="x", format="swiss", rounds=1, director=director)
    entries_add(
        tournament_id=tournament.id, entries=[{"name": f"P{i}", "seed": i} for i in range(4)]
    )
    drawn = round_pair(tournament_id=tournament.id)
    english = client.get(reverse("director", args=[tournament.id])).content.decode()
    french = client.get(
        reverse("director", args=[tournament.id]), HTTP_ACCEPT_LANGUAGE="fr"
    ).content.decode()
    assert "seeded" in english and "seeded" not in french
    round_release(round_id=drawn.id)
    match = Match.objects.filter(ew__isnull=False).first()
    table = client.get(link(match, "ns"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Playing: enter the hands" not in table


# The evening's problems, as a new director met them.

LAN = ["192.168.1.20", "10.0.0.7"]
HOSTS = ["127.0.0.1", "localhost", "[::1]", "testserver", *LAN]


def a_released_round(director, pairs: int = 4, rounds: int = 1, clubs: bool = False):
    tournament = tournament_create(name="x", format="swiss", rounds=rounds, director=director)
    entries_add(
        tournament_id=tournament.id,
        entries=[
            {"name": f"P{i}", "seed": i, "club": f"Club {i % 2}" if clubs else ""}
            for i in range(1, pairs + 1)
        ],
    )
    drawn = round_pair(tournament_id=tournament.id)
    round_release(round_id=drawn.id)
    return tournament, list(drawn.matches.filter(ew__isnull=False).order_by("table"))


def test_table_links_and_cards_use_the_network_address_when_opened_on_this_machine(
    client, director, settings
) -> None:
    """At http://127.0.0.1:8000 (what `make run` prints for this machine) the table links and the
    cards' QR codes carry the address the phones open, with the page's port."""
    from django.test import RequestFactory

    from core.pdf_parts import QR_SCHEME
    from core.phone_links import phone_links
    from tournaments.printing import cards_of, round_matches

    settings.LOCAL_ADDRESSES, settings.ALLOWED_HOSTS = LAN, HOSTS
    tournament, tables = a_released_round(director)
    board = reverse("director", args=[tournament.id])
    for host, base in [
        ("127.0.0.1:8000", "http://192.168.1.20:8000"),
        ("localhost:8000", "http://192.168.1.20:8000"),
        ("[::1]:8000", "http://192.168.1.20:8000"),
        ("localhost", "http://192.168.1.20"),
        ("10.0.0.7:8000", "http://10.0.0.7:8000"),  # a phone's own address: kept
    ]:
        page = client.get(board, HTTP_HOST=host).content.decode()
        for match in tables:  # each pair's private link, beside its match
            for side in ("ns", "ew"):
                assert f'href="{base}{link(match, side)}"' in page, host
        assert ('data-testid="links-lan"' in page) == ("10.0.0.7" not in host)
        assert 'data-testid="links-unreachable"' not in page
    request = RequestFactory().get("/", HTTP_HOST="127.0.0.1:8000")
    played = Round.objects.get(tournament=tournament)
    cards, qr_codes = cards_of(phone_links(request), round_matches(played)[0])
    for card, match in zip(cards, tables, strict=True):
        for half in card.pairs:  # each pair's own link, and its QR code is that link
            assert half.url == f"http://192.168.1.20:8000{link(match, half.side)}"
            assert qr_codes[half.image.removeprefix(QR_SCHEME)] == half.url
    pdf = client.get(reverse("print-cards", args=[tournament.id, 1]), HTTP_HOST="127.0.0.1:8000")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"


def test_without_a_network_address_the_director_is_told_phones_cannot_open_the_links(
    client, director, settings
) -> None:
    settings.LOCAL_ADDRESSES, settings.ALLOWED_HOSTS = [], HOSTS
    tournament, tables = a_released_round(director)
    page = client.get(reverse("director", args=[tournament.id]), HTTP_HOST="127.0.0.1:8000")
    html = page.content.decode()
    assert 'data-testid="links-unreachable"' in html and "Phones cannot open" in html
    assert f'href="http://127.0.0.1:8000{link(tables[0], "ns")}"' in html
    elsewhere = client.get(reverse("director", args=[tournament.id])).content.decode()
    assert 'data-testid="links-unreachable"' not in elsewhere  # testserver: a real name


def test_an_address_the_server_does_not_answer_to_is_never_given_to_the_phones(
    client, director, settings
) -> None:
    """With `make dev` (DEBUG, 127.0.0.1 only) the machine's addresses are not allowed hosts:
    a link to them would not open either, so the page warns instead."""
    from core.local_addresses import is_loopback, phone_addresses

    del settings.LOCAL_ADDRESSES
    settings.ALLOWED_HOSTS = ["127.0.0.1", "localhost", "testserver"]
    assert phone_addresses() == []
    settings.ALLOWED_HOSTS = ["*"]
    assert all(not a.startswith("127.") for a in phone_addresses())
    assert [is_loopback(h) for h in ("127.0.0.1", "127.1.2.3", "LOCALHOST", "[::1]", "::1")] == [
        True
    ] * 5
    assert not any(is_loopback(h) for h in ("192.168.1.20", "cards.club.lan", "testserver"))


def test_the_next_round_closes_the_last_and_only_the_last_close_makes_the_standings_final(
    client, director, django_capture_on_commit_callbacks
) -> None:
    tournament, tables = a_released_round(director, pairs=4, rounds=2)
    board = reverse("director", args=[tournament.id])
    # While round 1 is played, the next round cannot be drawn.
    with django_capture_on_commit_callbacks(execute=True) as sent:
        refused = client.post(reverse("director-round-next", args=[tournament.id]), follow=True)
    # No draw was sent (the director's page, which follows, may forget the public pages' early
    # answers once it rebuilds the standings: core.early_answers.forget, not a task).
    tasks = [callback for callback in sent if getattr(callback, "func", None) is not forget]
    assert not tasks and tournament.round_set.count() == 1
    assert "cannot be drawn yet" in refused.content.decode()
    for match in tables:
        confirm(match)
    page = client.get(board).content.decode()
    assert "Close round 1 and generate round 2" in page  # the button says what it does
    assert "no longer be changed" in page and "final" not in page
    assert 'data-testid="close"' not in page  # one button, not an optional extra step
    with django_capture_on_commit_callbacks(execute=True):  # the task, run eagerly in tests
        client.post(reverse("director-round-next", args=[tournament.id]))
    first, second = tournament.round_set.order_by("number")
    assert (first.status, second.status) == (Round.Status.CLOSED, Round.Status.DRAFT)
    round_release(round_id=second.id)
    for match in second.matches.filter(ew__isnull=False):
        confirm(match, 500, 400)
    page = client.get(board).content.decode()
    assert "Close round 2 and finish" in page and "the standings are then final" in page
    assert "the standings are final" not in page and 'data-testid="generate"' not in page
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    public = client.get(reverse("tournament", args=[tournament.id])).content.decode()
    assert 'data-testid="finished"' not in public

    page = client.post(reverse("director-close", args=[tournament.id, 2]), follow=True)
    html = page.content.decode()
    assert "the event is finished" in html and 'data-testid="finished"' in html
    assert "the standings are final" in html
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    standings_recompute(tournament_id=tournament.id)
    public = client.get(reverse("tournament", args=[tournament.id])).content.decode()
    assert "The event is finished: the standings are final." in public
    assert "Running" not in public and "round 2 of 2" not in public and "2 rounds played" in public
    standings = client.get(reverse("tournament-standings", args=[tournament.id])).content.decode()
    assert "Final standings after round 2" in standings and 'data-testid="final"' in standings
    screen = client.get(reverse("tournament-screen", args=[tournament.id])).content.decode()
    panels = re.findall(r'data-panel="(\w+)"', screen)
    assert panels[0] == "standings" and "Final standings" in screen  # it opens on them
    assert "version" not in screen.lower() and "Finished: the standings are final." in screen


def test_the_board_shows_each_pairs_club_and_a_swap_says_the_director_made_it(
    client, director
) -> None:
    tournament, tables = a_released_round(director, pairs=4, rounds=2, clubs=True)
    for match in tables:
        confirm(match)
    round_pair(tournament_id=tournament.id)
    board = reverse("director", args=[tournament.id])
    page = client.get(board).content.decode()
    for entry in tournament.entries.all():  # the club beside each name, in the draft
        assert re.search(rf"{entry.name} <span class=\"club\"[^>]*>· {entry.club}</span>", page)
    draft = Round.objects.get(tournament=tournament, number=2)
    pairing = draft.matches.order_by("table").first()
    # Swapping round 2's pairs back into round 1's meetings: a rematch, said twice.
    first = next(m for m in tables if m.ns_id == pairing.ns_id or m.ew_id == pairing.ns_id)
    partner = first.ew_id if first.ns_id == pairing.ns_id else first.ns_id
    response = client.post(
        reverse("director-swap", args=[tournament.id, 2]),
        {"first": pairing.ew_id, "second": partner},
        follow=True,
    )
    html = response.content.decode()
    assert "The swap creates a rematch" in html  # the effect's warning, kept
    swapped = draft.matches.get(ns_id=pairing.ns_id)
    row = html.split(f'data-testid="match-{swapped.table}"')[1].split("</tr>")[0]
    assert "swapped by the director" in row and "a rematch: they have met before" in row
    assert "by the schedule" not in html and "could not be avoided" not in row


def test_deciding_a_dispute_shows_both_claims_and_prefills_neither(client, director) -> None:
    from scorekeeper.services import Author, hand_add

    tournament, tables = a_released_round(director)
    match = tables[0]
    hand_add(
        game_id=match.game_id,
        sides=[{"melds": [{"rank": "K", "naturals": 7}], "went_out": True}, {}],
        author=Author("t"),
    )
    result_submit(match_id=match.id, by="ns", ns_score=670, ew_score=0)
    result_submit(match_id=match.id, by="ew", ns_score=0, ew_score=670)
    url = reverse("director-match", args=[tournament.id, match.id])
    html = client.get(url).content.decode()
    form = html.split('data-testid="correct-form"')[1].split("</form>")[0]
    for name in ("ns_score", "ew_score", "reason"):
        field = re.search(rf'<input[^>]*name="{name}"[^>]*>', form).group(0)
        assert "value=" not in field, field  # nothing typed in for the director
    assert f"Score of {match.ns.name} (North-South)" in form
    assert f"Score of {match.ew.name} (East-West)" in form
    claims = html.split('data-testid="claims"')[1].split("</section>")[0]
    assert re.search(r'claim-ns">.*?<td>670</td><td>0</td>', claims, re.S)
    assert re.search(r'claim-ew">.*?<td>0</td><td>670</td>', claims, re.S)
    assert re.search(r'claim-hands">.*?<td>\d+</td>', claims, re.S)  # what the hands give
    assert f'href="{reverse("game", args=[match.game_id])}"' in claims  # its hands, to check
    # No reason: nothing saved, and the page says why where the director looks.
    response = client.post(url, {"ns_score": 670, "ew_score": 0, "kind": "corrected"})
    html = response.content.decode()
    assert response.status_code == 400 and 'role="alert"' in html
    assert "Nothing was saved" in html and "Say why: the reason is kept with the result." in html
    assert "novalidate" in html  # the browser leaves the message to the page
    match.refresh_from_db()
    assert match.status == Match.Status.DISPUTED


def test_the_match_pages_two_forms_each_label_their_own_fields(client, director) -> None:
    """A settled table's page holds the correction's form and the reopening's, each with a
    reason: every label points at a field of its own form ("Why reopen it" pointed at the
    correction's Reason: both were id_reason), and each form still posts what it names."""
    tournament, tables = a_released_round(director)
    match = tables[0]
    confirm(match)
    url = reverse("director-match", args=[tournament.id, match.id])
    html = client.get(url).content.decode()
    ids = re.findall(r'\sid="([^"]+)"', html)
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
    for form in re.findall(r"<form\b.*?</form>", html, re.S):
        for target in re.findall(r'<label for="([^"]+)"', form):
            assert re.search(rf'<(input|select|textarea)[^>]*\sid="{target}"', form), target
    reopen = html.split('data-testid="reopen-form"')[1].split("</form>")[0]
    label = re.search(r'<label for="([^"]+)">Why reopen it', reopen).group(1)
    name = re.search(rf'<input[^>]*name="([^"]+)"[^>]*id="{label}"', reopen).group(1)
    # An empty reason is said in the reopening's form, not the correction's.
    refused = client.post(reverse("director-reopen", args=[tournament.id, match.id]), {name: ""})
    page = refused.content.decode()
    assert refused.status_code == 400
    assert "Say why" in page.split('data-testid="reopen-form"')[1].split("</form>")[0]
    assert "Say why" not in page.split('data-testid="correct-form"')[1].split("</form>")[0]
    client.post(reverse("director-reopen", args=[tournament.id, match.id]), {name: "hand 2"})
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYING
    assert match.submissions.order_by("version").last().reason == "hand 2"


KINGS_OUT = [{"melds": [{"rank": "K", "naturals": 7}], "went_out": True}, {}]  # 670 / 0


def test_a_table_plays_its_rounds_hands_and_then_asks_for_the_result(client, director) -> None:
    from scorekeeper.services import Author, hand_add

    tournament = tournament_create(name="x", format="swiss", rounds=1, hands_per_round=2)
    entries_add(tournament_id=tournament.id, entries=[{"name": f"P{i}"} for i in range(1, 5)])
    round_release(round_id=round_pair(tournament_id=tournament.id).id)
    match = Match.objects.filter(ew__isnull=False).order_by("table").first()
    phone = client.__class__()
    north = link(match, "ns")
    assert "Enter the hands (0 of 2 entered)" in phone.get(north).content.decode()
    board = phone.get(north + "hands/", follow=True).content.decode()
    assert "a game of 2 hands" in board and "to 5000" not in board  # the round's length
    assert "Enter hand 1 of 2" in board
    for _ in range(2):
        hand_add(game_id=match.game_id, sides=KINGS_OUT, author=Author("t"))
    board = phone.get(reverse("edit", args=[match.game_id])).content.decode()
    assert 'data-testid="send-result"' in board and 'data-testid="rematch"' not in board
    assert "Enter hand 3" not in board
    table = phone.get(north).content.decode()
    assert "The round's 2 hands are entered: check the result below and send it." in table
    assert 'name="ns_score" value="1340"' in table and 'name="ew_score" value="0"' in table
    # The other table ties after its two hands: a Swiss scores a draw, the game ends drawn
    # (a knockout's table plays another hand: test_event_rules).
    other = Match.objects.filter(ew__isnull=False).order_by("table").last()
    hand_add(game_id=other.game_id, sides=KINGS_OUT, author=Author("t"))
    hand_add(game_id=other.game_id, sides=KINGS_OUT[::-1], author=Author("t"))
    east = link(other, "ew")
    board = phone.get(east + "hands/", follow=True).content.decode()
    assert "Enter hand 3" not in board and 'data-testid="send-result"' in board
    table = phone.get(east).content.decode()
    assert "The round's 2 hands are entered: check the result below and send it." in table
    assert 'name="ns_score" value="670"' in table and 'name="ew_score" value="670"' in table


def test_the_directors_pairs_show_players_club_and_seed_and_are_edited_until_they_play(
    client, director
) -> None:
    tournament = create(client)
    client.post(reverse("director-import", args=[tournament.id]), {"text": CSV})
    page = client.get(reverse("director", args=[tournament.id])).content.decode()
    pairs = page.split('data-testid="pairs"')[1].split("</table>")[0]
    assert "Pair 1" in pairs and "Ann 1, Bob 1" in pairs and "Club 1" in pairs
    entry = Entry.objects.get(name="Pair 2")
    url = reverse("director-pair", args=[tournament.id, entry.id])
    assert f'href="{url}"' in pairs
    client.post(url, {"name": "Pair Two", "player_1": "Ann", "club": "Club 9", "seed": 3})
    entry.refresh_from_db()
    assert (entry.name, entry.player_1, entry.player_2, entry.club, entry.seed) == (
        "Pair Two",
        "Ann",
        "",
        "Club 9",
        3,
    )
    taken = client.post(url, {"name": "pair 1"})  # another pair's name, whatever its case
    assert taken.status_code == 400 and "A pair is already called Pair 1." in taken.content.decode()
    round_release(round_id=round_pair(tournament_id=tournament.id).id)
    assert 'data-testid="pair-played"' in client.get(url).content.decode()
    refused = client.post(url, {"name": "Late rename"}, follow=True).content.decode()
    assert "has played" in refused and Entry.objects.filter(name="Pair Two").exists()
    page = client.get(reverse("director", args=[tournament.id])).content.decode()
    assert f'href="{url}"' not in page  # no Edit once it has played


def test_withdraw_asks_first_and_reinstate_undoes_it(client, director) -> None:
    tournament, tables = a_released_round(director)
    entry = tables[0].ns
    url = reverse("director-withdraw", args=[tournament.id, entry.id])
    page = client.get(reverse("director", args=[tournament.id])).content.decode()
    assert f'href="{url}"' in page  # a link to a question, not a one-click button
    asked = client.get(url).content.decode()
    assert "Withdraw P1?" in asked and 'data-testid="withdraw-yes"' in asked
    entry.refresh_from_db()
    assert entry.withdrawn_after is None  # asking changes nothing
    done = client.post(url, follow=True).content.decode()
    entry.refresh_from_db()
    assert entry.withdrawn_after == 1 and "withdrawn after round 1" in done
    assert 'data-testid="reinstate-' in done
    client.post(reverse("director-reinstate", args=[tournament.id, entry.id]))
    entry.refresh_from_db()
    assert entry.withdrawn_after is None


def test_a_drafts_swap_lists_offer_only_the_pairs_it_seats(client, director) -> None:
    tournament = tournament_create(name="x", format="swiss", rounds=2, director=director)
    entries_add(tournament_id=tournament.id, entries=[{"name": f"P{i}"} for i in range(1, 6)])
    from tournaments.services.entries import entry_withdraw

    entry_withdraw(entry_id=Entry.objects.get(name="P5").id)
    round_pair(tournament_id=tournament.id)
    page = client.get(reverse("director", args=[tournament.id])).content.decode()
    swap = page.split('class="swap"')[1].split("</form>")[0]
    offered = set(re.findall(r"<option [^>]*>([^<]*)</option>", swap))  # not the CSRF token's "P5"
    assert offered == {"P1", "P2", "P3", "P4"}


def test_the_directors_page_shows_the_standings_table(client, director) -> None:
    tournament, tables = a_released_round(director)
    from tournaments.services.standings import standings_recompute

    for match in tables:
        confirm(match)
    standings_recompute(tournament_id=tournament.id)
    page = client.get(reverse("director", args=[tournament.id])).content.decode()
    standings = page.split('data-testid="standings-state"')[1].split("</section>")[0]
    assert 'data-testid="standings"' in standings and "P1" in standings


def test_the_pairs_list_is_open_while_the_event_is_set_up_then_folded(client, director) -> None:
    tournament = create(client)
    client.post(reverse("director-import", args=[tournament.id]), {"text": CSV})
    url = reverse("director", args=[tournament.id])
    opened = '<details class="card pairs-card" id="pairs" data-testid="pairs" open>'
    assert opened in client.get(url).content.decode()  # setting up: the pairs are the work
    round_release(round_id=round_pair(tournament_id=tournament.id).id)
    page = client.get(url).content.decode()
    assert opened not in page and 'data-testid="pairs">' in page  # folded under the round
    refused = client.post(reverse("director-import", args=[tournament.id]), {"text": "name\n\n,"})
    assert refused.status_code == 400 and opened in refused.content.decode()  # its errors shown


def test_the_directors_standings_show_the_top_twelve_and_fold_the_rest(client, director) -> None:
    from tournaments.services.standings import standings_recompute

    tournament, tables = a_released_round(director, pairs=16)
    for match in tables:
        confirm(match)
    standings_recompute(tournament_id=tournament.id)
    page = client.get(reverse("director", args=[tournament.id])).content.decode()
    standings = page.split('data-testid="standings-state"')[1].split("</section>")[0]
    top, rest = standings.split('data-testid="standings-rest"')
    assert top.count("<tr data-entry=") == 12 and rest.count("<tr data-entry=") == 4
    assert "The other 4 pairs" in rest
    # Compact: the points in a column, the other tie-breaks under each name.
    ties = (
        r"<span>Head to head [^<]+</span> · <span>Margin [^<]+</span> · <span>Buchholz \d+</span>"
    )
    assert len(re.findall(f'<span class="ties">{ties}</span>', standings)) == 16
    assert 'class="metric metric-buchholz' not in standings


def test_the_footers_links_leave_no_separator_dangling(client, director) -> None:
    page = client.get(reverse("tournament-list")).content.decode()
    footer = page.split("<footer>")[1].split("</footer>")[0]
    assert 'class="foot-links"' in footer and "·" not in footer


@pytest.mark.parametrize(
    ("staff", "directs", "lands_on"),
    [(False, True, "/t/"), (True, False, "/t/"), (False, False, "/")],
)
def test_logging_in_takes_a_director_or_staff_to_the_tournaments_and_a_player_home(
    client, django_user_model, staff: bool, directs: bool, lands_on: str
) -> None:
    user = django_user_model.objects.create_user("dora", password="the-right-one-42")
    user.is_staff = staff
    user.save()
    if directs:
        tournament_create(
            name="Tuesday Swiss", format="swiss", rounds=3, variant="classic", director=user
        )
    login = {"username": "dora", "password": "the-right-one-42"}
    response = client.post("/accounts/login/", login, follow=True)
    assert response.redirect_chain[-1][0] == lands_on


def test_odd_digits_in_the_directors_query_strings_are_ignored(client, director) -> None:
    tournament, _tables = a_released_round(director)
    assert (
        client.get(reverse("director", args=[tournament.id]) + "?drawing=\u00b2").status_code == 200
    )
    cards = f"/t/{tournament.id}/round/1/cards.pdf?per_page=\u00b2"
    assert client.get(cards).status_code in (200, 302)


def test_a_plan_changed_after_round_1_says_why_it_was_refused(client, director) -> None:
    tournament, _tables = a_released_round(director)
    plan = {"phase_1_format": "swiss", "phase_1_rounds": 5}
    page = client.post(reverse("director-plan", args=[tournament.id]), plan, follow=True)
    assert "The plan is set once round 1 is drawn." in page.content.decode()


def test_a_table_page_counts_the_tie_break_hands_played(client) -> None:
    from scorekeeper.services import Author, hand_add

    tournament = tournament_create(name="Cup", format="knockout", rounds=0, hands_per_round=2)
    entries_add(tournament_id=tournament.id, entries=[{"name": f"P{i}"} for i in range(1, 5)])
    round_release(round_id=round_pair(tournament_id=tournament.id).id)
    match = Match.objects.filter(ew__isnull=False).order_by("table").first()
    for sides in (KINGS_OUT, KINGS_OUT[::-1], KINGS_OUT):  # tied after 2: a third hand
        hand_add(game_id=match.game_id, sides=sides, author=Author("t"))
    north = client.get(link(match, "ns")).content.decode()
    assert "3 hands played (2 + a tie-break hand): check the result below and send it." in north
    confirm(match, 1340, 670)
    settled = client.get(link(match, "ew")).content.decode()
    assert "3 hands played (2 + a tie-break hand)." in settled


def test_a_swap_undone_leaves_the_draft_as_drawn_with_its_reasons(client, director) -> None:
    tournament, tables = a_released_round(director, pairs=6, rounds=2)
    for match in tables:
        confirm(match)
    draft = round_pair(tournament_id=tournament.id)
    board = reverse("director", args=[tournament.id])

    def reasons() -> list[str]:
        return re.findall(r'<div class="why">(.*?)</div>', client.get(board).content.decode())

    drawn = reasons()
    assert len(drawn) == 3 and not any("swapped" in why for why in drawn)
    first, second = draft.matches.order_by("table").values_list("ns_id", flat=True)[:2]
    swap = reverse("director-swap", args=[tournament.id, 2])
    client.post(swap, {"first": first, "second": second})
    assert sum("swapped by the director" in why for why in reasons()) == 2
    client.post(swap, {"first": second, "second": first})  # the same two back
    assert reasons() == drawn


def test_the_plan_says_what_modified_danish_changes_from_plain_danish(client, director) -> None:
    html = client.get(reverse("tournament-new")).content.decode()
    plan = html.split('data-testid="plan"')[1].split("</fieldset>")[0]
    help_id = re.search(r'<p[^>]*id="([^"]+)"[^>]*>[^<]*Modified Danish', plan).group(1)
    assert (
        "Danish pairs by the standings: 1st v 2nd, 3rd v 4th, and so on. Modified Danish does the "
        "same, but never seats two pairs that met in the round before at one table (with four "
        "pairs or more): the lower one moves down a place, or at the foot of the standings the "
        "upper one moves up." in plan
    )
    select = re.search(r'<select name="phase_1_format"[^>]*>', plan).group(0)
    assert help_id in re.search(r'aria-describedby="([^"]+)"', select).group(1)
