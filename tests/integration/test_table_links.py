"""Each pair its own link, and a result that stands is final: a table settled by both pairs
only, its game locked once the result stands, reopened by the director with a reason, and no
write to a closed round."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scorekeeper.models import Game, GameKey, Hand, hash_token
from tests.factories import NS_OUT_WITH_KINGS
from tournaments.models import Match, ResultSubmission, Round, Tournament
from tournaments.services.entries import entries_add
from tournaments.services.errors import TournamentError
from tournaments.services.results import result_correct, result_reopen, result_submit
from tournaments.services.rounds import round_close, round_pair, round_release
from tournaments.services.tournament import tournament_create
from tournaments.table_keys import table_token

pytestmark = pytest.mark.django_db


def link(match: Match, side: str) -> str:
    return reverse("table", args=[table_token(match.game, side)])


def released(pairs: int = 4, rounds: int = 1) -> tuple[Tournament, list[Match]]:
    tournament = tournament_create(name="Tuesday", format="swiss", rounds=rounds)
    entries_add(
        tournament_id=tournament.id,
        entries=[{"name": f"Pair {i}", "seed": i} for i in range(1, pairs + 1)],
    )
    drawn = round_pair(tournament_id=tournament.id)
    round_release(round_id=drawn.id)
    return tournament, list(drawn.matches.filter(ew__isnull=False).order_by("table"))


def phone(match: Match, side: str) -> Client:
    """A pair's phone that opened its table link and the table's game through it."""
    device = Client()
    device.get(link(match, side) + "hands/")
    return device


def add_hand(device: Client, match: Match) -> int:
    return device.post(
        reverse("hand-new", args=[match.game_id]),
        {"record": json.dumps(NS_OUT_WITH_KINGS), "number": match.game.hand_count + 1},
    ).status_code


def test_one_phone_cannot_settle_its_own_table() -> None:
    _, (match, _other) = released()
    north = Client()
    # The North-South phone submits, then tries to pass itself off as East-West.
    north.post(link(match, "ns"), {"ns_score": 900, "ew_score": 300})
    north.post(link(match, "ns"), {"by": "ew", "ns_score": 900, "ew_score": 300})
    match.refresh_from_db()
    assert match.status == Match.Status.SUBMITTED
    assert set(match.submissions.values_list("by", flat=True)) == {ResultSubmission.By.NS}
    # Only the other pair's link confirms it.
    Client().post(link(match, "ew"), {"ns_score": 900, "ew_score": 300})
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED
    assert (match.result.ns_score, match.result.ew_score) == (900, 300)


def test_each_link_names_its_pair_and_opens_only_its_own_table() -> None:
    _, (first, second) = released()
    assert (first.ns.name, first.ew.name) == ("Pair 1", "Pair 3")  # seeded: 1 v 3, 2 v 4
    page = Client().get(link(first, "ew")).content.decode()
    assert "This is the link of <strong>Pair 3</strong>, East-West" in page
    form = page.split('data-testid="result-form"')[-1]
    assert "Send our result: Pair 3 (East-West)" in form and "(North-South)" not in form
    Client().post(link(first, "ns"), {"ns_score": 1, "ew_score": 0})
    second.refresh_from_db()
    assert second.status == Match.Status.PLAYING and not second.submissions.exists()
    assert Client().get(reverse("table", args=["nope"])).status_code == 404


def test_the_database_holds_no_table_link() -> None:
    _, (match, _other) = released()
    token = table_token(match.game, "ns")
    game = Game.objects.get(id=match.game_id)
    stored = [
        str(v) for row in Match.objects.values() for v in row.values() if isinstance(v, str)
    ] + list(game.keys.values_list("token_hash", flat=True))
    assert token not in stored and hash_token(token) in stored


def test_a_settled_table_is_read_only_until_the_director_reopens_it() -> None:
    tournament, (match, _other) = released()
    north = phone(match, "ns")
    assert add_hand(north, match) == 302 and Hand.objects.filter(game=match.game).count() == 1
    for side in ("ns", "ew"):
        Client().post(link(match, side), {"ns_score": 670, "ew_score": 0})
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED and match.game.locked

    # Hands, corrections and deletes through the pages and the API: refused, nothing changes.
    page = north.post(
        reverse("hand-new", args=[match.game_id]),
        {"record": json.dumps(NS_OUT_WITH_KINGS), "number": 2},
        follow=True,
    ).content.decode()
    assert "This table&#x27;s result is settled: ask the director" in page
    hand = Hand.objects.get(game=match.game)
    deleted = north.post(
        reverse("hand-delete", args=[match.game_id, 1]), {"version": hand.version}, follow=True
    ).content.decode()
    assert "This table&#x27;s result is settled: ask the director" in deleted
    api = Client().post(
        f"/api/v1/games/{match.game_id}/hands",
        json.dumps({"sides": NS_OUT_WITH_KINGS}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {table_token(match.game, 'ew')}",
    )
    assert api.status_code == 409 and "settled" in api.json()["error"]
    assert Hand.objects.filter(game=match.game).count() == 1
    board = north.get(reverse("edit", args=[match.game_id])).content.decode()
    assert 'data-testid="locked"' in board and 'data-testid="enter-hand"' not in board
    assert 'data-testid="deal"' not in board and 'data-testid="edit-1"' not in board

    # The director reopens it, with a reason: a new version; the hands can change again.
    result_reopen(match_id=match.id, reason="hand 1 entered wrong", author="dora")
    match.refresh_from_db()
    assert match.status == Match.Status.PLAYING and match.result is None
    assert not Game.objects.get(id=match.game_id).locked
    reopened = match.submissions.order_by("version").last()
    assert (reopened.kind, reopened.reason) == ("reopened", "hand 1 entered wrong")
    assert add_hand(north, match) == 302
    # The pairs' earlier submissions no longer count: both submit anew.
    Client().post(link(match, "ns"), {"ns_score": 1340, "ew_score": 0})
    match.refresh_from_db()
    assert match.status == Match.Status.SUBMITTED
    Client().post(link(match, "ew"), {"ns_score": 1340, "ew_score": 0})
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED and match.result.ns_score == 1340
    assert tournament.round_set.get().status == Round.Status.PLAYING  # the other table plays


def test_a_closed_round_accepts_no_write() -> None:
    tournament, matches = released()
    for match in matches:
        for side in ("ns", "ew"):
            Client().post(link(match, side), {"ns_score": 500, "ew_score": 100})
    played = tournament.round_set.get()
    round_close(round_id=played.id)
    match = matches[0]
    # (The director's correction is the one write a finished event's table takes:
    # test_event_results.)
    for write in (
        lambda: result_reopen(match_id=match.id, reason="late"),
        lambda: result_submit(match_id=match.id, by="ns", ns_score=1, ew_score=2),
    ):
        with pytest.raises(TournamentError, match="closed"):
            write()
    north = phone(match, "ns")
    answer = north.post(
        reverse("hand-new", args=[match.game_id]),
        {"record": json.dumps(NS_OUT_WITH_KINGS), "number": 1},
        follow=True,
    ).content.decode()
    assert "This table&#x27;s result is settled: ask the director" in answer
    assert not Hand.objects.filter(game=match.game).exists()
    page = Client().get(link(match, "ns")).content.decode()
    assert "The round is closed: its results stand." in page


def test_an_invalid_result_form_shows_its_errors_and_keeps_the_figures() -> None:
    _, (match, _other) = released()
    response = Client().post(link(match, "ns"), {"ns_score": "9x", "ew_score": "300"})
    page = response.content.decode()
    assert response.status_code == 400 and 'data-testid="form-error"' in page
    assert "Enter a whole number." in page and 'value="300"' in page
    assert not match.submissions.exists()


def test_a_card_printed_before_the_pairs_had_their_own_links_says_so() -> None:
    _, (match, _other) = released()
    old_token = "an-old-card-token-from-before"
    GameKey.objects.create(
        game_id=match.game_id, holder=GameKey.RETIRED, token_hash=hash_token(old_token)
    )
    assert not Game.objects.get(id=match.game_id).token_matches(old_token)
    response = Client().get(reverse("table", args=[old_token]))
    assert (
        response.status_code == 410
        and "This table card is out of date" in response.content.decode()
    )
    assert Client().post(reverse("table", args=[old_token]), {"ns_score": 1}).status_code == 410
    # Nor does the API take a hand from it, where a pair's own key is taken.
    api = reverse("api-hands", args=[match.game_id])
    for token, status in ((old_token, 403), (table_token(match.game, "ns"), 201)):
        sent = Client().post(
            api,
            {"sides": NS_OUT_WITH_KINGS},
            content_type="application/json",
            HTTP_AUTHORIZATION=f"Bearer {token}",
        )
        assert sent.status_code == status, sent.content
    # Its page's phone still follows the table (the page it shows says the card is old).
    from tournaments.selectors.results import table_version

    followed = Client().get(reverse("table-version", args=[old_token]))
    shown = Match.objects.select_related("game", "round").get(id=match.id)
    assert followed.status_code == 200 and followed.json()["version"] == table_version(shown)


def test_a_pairs_key_is_never_offered_to_another_phone() -> None:
    """The scoreboard's "Add a phone" shows the device's edit link: for a table's game that
    is the pair's own link, which would let the other pair's phone act as this pair."""
    _, (match, _other) = released()
    board = phone(match, "ns").get(reverse("edit", args=[match.game_id])).content.decode()
    assert 'data-testid="add-phone"' not in board
    assert table_token(match.game, "ns") in board  # only its own way back to its table page
    assert 'data-testid="back-to-table"' in board


def test_the_directors_decision_reads_with_a_minus_sign_and_a_spaced_dash() -> None:
    """A negative score after the dash read "2210–-80": the pair's page words it as every
    other page does (core.minus_sign.scores_text)."""
    _, (match, _other) = released()
    result_correct(match_id=match.id, ns_score=2210, ew_score=-80, reason="from the sheet")
    page = Client().get(link(match, "ew")).content.decode()
    assert "Corrected by the director: 2210 – \u221280." in page
    assert "–-" not in page


def test_the_same_result_sent_again_is_kept_once_and_the_page_says_it_waits() -> None:
    _, (match, _other) = released()
    north, url = Client(), link(match, "ns")
    north.post(url, {"ns_score": 900, "ew_score": 300})
    page = north.get(url).content.decode()
    form = page.split('data-testid="result-form"')[1].split("</form>")[0]
    assert "Send our result" not in form and "Send the changed figures" in form
    # Sent again as it was (a second tap, or trying to confirm it from its own link): nothing
    # new is stored, and the page says why nothing happened.
    again = north.post(url, {"ns_score": 900, "ew_score": 300}, follow=True).content.decode()
    assert (
        "These figures were already sent: waiting for Pair 3 to confirm them from their own link."
        in again
    )
    result_submit(match_id=match.id, by="ns", ns_score=900, ew_score=300)
    assert match.submissions.count() == 1
    # Different figures are a new version, as before; sent twice, kept once.
    for _ in range(2):
        north.post(url, {"ns_score": 800, "ew_score": 300})
    assert list(match.submissions.values_list("version", "ns_score")) == [(1, 900), (2, 800)]
    match.refresh_from_db()
    assert match.status == Match.Status.SUBMITTED
    Client().post(link(match, "ew"), {"ns_score": 800, "ew_score": 300})
    match.refresh_from_db()
    assert match.status == Match.Status.CONFIRMED and match.result.version == 3


def test_the_apis_token_check_reads_a_token_as_the_game_does() -> None:
    """The API's one-statement check (selectors.game_key_holder) says what the game's own
    (Game.key_holder, which the pages ask) says of every token: the game's own edit link, each
    pair's key, a retired card's, another game's, none at all."""
    from scorekeeper.selectors import game_key_holder

    _, (match, other) = released()
    old_card = "an-old-card-token-from-before"
    GameKey.objects.create(
        game_id=match.game_id, holder=GameKey.RETIRED, token_hash=hash_token(old_card)
    )
    pairs = {side: table_token(match.game, side) for side in ("ns", "ew")}
    own = "the-games-own-edit-link-token"  # known here: the event's game keeps only its hash
    Game.objects.filter(id=match.game_id).update(token_hash=hash_token(own))
    game = Game.objects.get(id=match.game_id)
    tokens = {
        "own": own,
        **pairs,
        "old card": old_card,
        "another table's": table_token(other.game, "ns"),
        "made up": "no-key-to-anything",
        "empty": "",
    }
    read = {name: game_key_holder(game.id, token) for name, token in tokens.items()}
    assert read == {name: game.key_holder(token) for name, token in tokens.items()}
    assert read == {
        "own": "",
        "ns": "ns",
        "ew": "ew",
        "old card": None,
        "another table's": None,
        "made up": None,
        "empty": None,
    }
    with pytest.raises(Game.DoesNotExist):
        game_key_holder("nope00", own)


def test_a_tables_page_and_both_results_take_the_same_few_queries_at_any_size(
    django_capture_on_commit_callbacks,
) -> None:
    """What a table's phones ask costs the same at four pairs as at forty (issue 32: a
    federation's night is hundreds of tables at once): the table's page, the first pair's
    result with what it runs once it commits (it waits for the other's, and so leaves the
    round's status alone) and the confirming one, in a round already playing (its first
    result starts it: once a round)."""
    counts = []
    for pairs in (4, 40):
        _, matches = released(pairs)
        result_submit(match_id=matches[0].id, by="ns", ns_score=900, ew_score=300)
        match = matches[-1]
        asked = []
        for side, send in (("ns", False), ("ns", True), ("ew", True)):
            # The first result's after-commit work counted too; the confirming one's is the
            # standings' rebuild (tests/integration/test_event_results.py counts its reads).
            after_commit = send and side == "ns"
            with (
                CaptureQueriesContext(connection) as queries,
                django_capture_on_commit_callbacks(execute=after_commit),
            ):
                if send:
                    answer = Client().post(link(match, side), {"ns_score": 900, "ew_score": 300})
                else:
                    answer = Client().get(link(match, side))
            assert answer.status_code == (302 if send else 200)
            asked.append(len(queries))
        counts.append(asked)
        match.refresh_from_db()
        assert match.status == Match.Status.CONFIRMED
    assert counts[0] == counts[1], counts
    # PostgreSQL also takes a key share on the event's row in each result's transaction.
    most = (5, 12, 15) if connection.vendor == "postgresql" else (5, 11, 14)
    assert all(n <= limit for n, limit in zip(counts[0], most, strict=True)), counts


def test_the_version_a_tables_phones_ask_is_its_pages_read_in_one_query(
    django_assert_num_queries,
) -> None:
    """The table page's phones ask its version every five seconds: the answer is the page's
    own (selectors.results.table_version) in each state a table goes through, read in one query
    (opening the link reads four), and a link that opens no table is not found."""
    from tournaments.selectors.results import table_version
    from tournaments.services.clock import round_clock_change

    tournament, (match, _other) = released()
    url = reverse("table-version", args=[table_token(match.game, "ew")])

    def same_as_the_page() -> str:
        with django_assert_num_queries(1):
            answer = Client().get(url)
        assert answer.status_code == 200
        shown = Match.objects.select_related("game", "round").get(id=match.id)
        assert answer.json()["version"] == table_version(shown)
        assert answer["ETag"] == f'"{table_version(shown)}"'
        return answer.json()["version"]

    # The other table's results are not this table's (counted, the version would differ from
    # the page's: each step below compares the two).
    for side in ("ns", "ew"):
        Client().post(link(_other, side), {"ns_score": 500, "ew_score": 100})
    seen = [same_as_the_page()]
    assert add_hand(phone(match, "ns"), match) == 302  # a hand
    seen.append(same_as_the_page())
    Client().post(link(match, "ns"), {"ns_score": 670, "ew_score": 0})  # a pair's result
    seen.append(same_as_the_page())
    Client().post(link(match, "ew"), {"ns_score": 670, "ew_score": 0})  # confirmed
    seen.append(same_as_the_page())
    played = tournament.round_set.get()
    round_clock_change(round_id=played.id, kind="start", minutes="30", table="", by="dora")
    seen.append(same_as_the_page())  # the director's clock
    result_reopen(match_id=match.id, reason="hand 1 entered wrong", author="dora")
    seen.append(same_as_the_page())
    assert len(set(seen)) == len(seen), seen  # each step moved it on
    unchanged = Client().get(url, HTTP_IF_NONE_MATCH=f'"{seen[-1]}"')
    assert unchanged.status_code == 304
    assert Client().get(reverse("table-version", args=["0" * 32])).status_code == 404
    # A table whose match is gone (an import undone) while its game and keys stay: no table.
    Match.objects.filter(id=match.id).update(result=None)
    ResultSubmission.objects.filter(match=match).delete()
    Match.objects.filter(id=match.id).delete()
    assert GameKey.objects.filter(game_id=match.game_id).exists()
    assert Client().get(url).status_code == 404
