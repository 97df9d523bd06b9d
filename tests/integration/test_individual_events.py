"""An individual evening from the pages: twelve players enter alone, each round draws new
partners, each table's two sides confirm the result from their own links, and every player is
ranked on their own."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from django.urls import reverse
from django.utils.html import escape

from scorekeeper.models import Game
from tournaments.models import Entry, Match, Round, Tournament
from tournaments.selectors.event import event_state, standings_computed
from tournaments.table_keys import table_token

PLAYERS = ["Ann", "Ben", "Cid", "Dot", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou"]


def create(client, fmt: str = "individual", rounds: int | str = 3) -> Tournament:
    response = client.post(
        reverse("tournament-new"),
        {
            "name": "Friday individual",
            "variant": "classic",
            "hands_per_round": 2,
            "points": "wdl",
            "sit_out": "fixed",
            "seeded": "",
            "phase_1_format": fmt,
            "phase_1_rounds": rounds,
            "tiebreak_1": "tp",
            "tiebreak_2": "opp_less_partners",
            "tiebreak_3": "margin",
        },
    )
    tournament = Tournament.objects.get()
    assert response["Location"] == reverse("director", args=[tournament.id]), response.content
    return tournament


def link(match: Match, side: str) -> str:
    return reverse("table", args=[table_token(match.game, side)])


def play_round(client, tournament: Tournament, number: int) -> Round:
    """Draw and release round ``number`` from the director's page; each table's North-South
    sends a result and East-West confirms it from its own link."""
    client.post(reverse("director-round-next", args=[tournament.id]))
    drawn = Round.objects.get(tournament=tournament, number=number)
    draft = client.get(reverse("director", args=[tournament.id])).content.decode()
    assert "new partners" in draft  # the draw says why
    client.post(reverse("director-release", args=[tournament.id, number]))
    for match in drawn.matches.filter(ew__isnull=False).select_related("game"):
        ns_phone, ew_phone = client.__class__(), client.__class__()
        ns, ew = 500 + 100 * match.table, 400 + 50 * number
        ns_phone.post(link(match, "ns"), {"ns_score": ns, "ew_score": ew})
        ew_phone.post(link(match, "ew"), {"ns_score": ns, "ew_score": ew})
    return drawn


@pytest.mark.django_db(transaction=True)  # rounds are drawn by a task sent on commit
def test_a_twelve_player_individual_evening_runs_from_the_pages(client, director) -> None:
    tournament = create(client)
    page = client.get(reverse("director", args=[tournament.id])).content.decode()
    assert "Add the players (4 at least)" in page and "Add a player" in page
    # A list of names as typed, one a line, no column names: twelve players.
    pasted = client.post(
        reverse("director-import", args=[tournament.id]), {"text": "\n".join(PLAYERS)}, follow=True
    ).content.decode()
    assert "12 players imported." in pasted
    assert sorted(
        Entry.objects.filter(tournament=tournament).values_list("name", flat=True)
    ) == sorted(PLAYERS)
    partners: Counter[frozenset[int]] = Counter()
    for number in (1, 2, 3):
        drawn = play_round(client, tournament, number)
        tables = list(drawn.matches.all())
        assert len(tables) == 3 and all(m.ns_with_id and m.ew_with_id for m in tables)
        seated = [e for m in tables for e in (m.ns_id, m.ns_with_id, m.ew_id, m.ew_with_id)]
        assert len(set(seated)) == 12  # everyone plays, once
        partners.update(
            frozenset(p) for m in tables for p in ((m.ns_id, m.ns_with_id), (m.ew_id, m.ew_with_id))
        )
        assert all(m.status == Match.Status.CONFIRMED for m in tables)
        game = Game.objects.get(match=tables[0])
        names = [side.name for side in game.sides.order_by("position")]
        assert names == [tables[0].ns_side, tables[0].ew_side] and " & " in names[0]
    assert max(partners.values()) == 1  # a new partner every round
    # The last round closes from the page and the standings are final, one row per player.
    client.post(reverse("director-close", args=[tournament.id, 3]))
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    standings = client.get(reverse("tournament-standings", args=[tournament.id])).content.decode()
    for name in PLAYERS:
        assert name in standings
    ranked = standings_computed(event_state(tournament))
    assert len(ranked) == 12
    # Each player scored their side's table: two wins in a round's table of four are shared.
    wins = sum(s.metric("wins") or 0 for s in ranked)
    assert wins == 3 * 3 * 2  # three rounds, three tables, two winners each


@pytest.mark.django_db(transaction=True)
def test_each_player_finds_their_table_and_partner(client, director) -> None:
    tournament = create(client)
    client.post(
        reverse("director-import", args=[tournament.id]), {"text": "name\n" + "\n".join(PLAYERS)}
    )
    client.post(reverse("director-round-next", args=[tournament.id]))
    client.post(reverse("director-release", args=[tournament.id, 1]))
    match = Match.objects.filter(round__number=1).order_by("table").first()
    assert match is not None
    partner = match.ns_with
    # "Find my table": the player's name gives the table, the seat and the partner.
    found = client.get(
        reverse("tournament", args=[tournament.id]), {"q": match.ns.name}
    ).content.decode()
    assert f"North-South, with {partner.name}" in found
    # The round's page links every player; the player's page names partner and opponents.
    mine = client.get(reverse("tournament-pair", args=[tournament.id, match.ns_id])).content
    text = mine.decode()
    assert re.search(rf'data-testid="partner">{re.escape(partner.name)}<', text)
    assert match.ew.name in text and match.ew_with.name in text
    # Each side's link names both partners, and the other side.
    table = client.__class__().get(link(match, "ew")).content.decode()
    assert escape(match.ew_side) in table and escape(match.ns_side) in table


@pytest.mark.django_db(transaction=True)
def test_a_fixed_movement_for_eight_refuses_another_field_and_says_so(client, director) -> None:
    tournament = create(client, fmt="individual_movement", rounds="")
    client.post(
        reverse("director-import", args=[tournament.id]),
        {"text": "name\n" + "\n".join(PLAYERS[:10])},
    )
    client.post(reverse("director-round-next", args=[tournament.id]))
    page = client.get(reverse("director", args=[tournament.id])).content.decode()
    assert "A fixed movement is for 8, 12 or 16 players, and this event has 10" in page
    assert not Round.objects.exists()
    # Two players fewer: the movement for 8 plays its 7 rounds.
    for entry in Entry.objects.filter(name__in=PLAYERS[8:10]):
        entry.delete()
    client.post(reverse("director-round-next", args=[tournament.id]))
    tournament.refresh_from_db()
    assert tournament.rounds == 7
    assert (
        "by the fixed movement"
        in client.get(reverse("director", args=[tournament.id])).content.decode()
    )


def test_an_individual_event_refuses_a_mixed_plan(client, director) -> None:
    response = client.post(
        reverse("tournament-new"),
        {
            "name": "Mixed",
            "variant": "classic",
            "hands_per_round": 2,
            "points": "wdl",
            "sit_out": "fixed",
            "phase_1_format": "individual",
            "phase_1_rounds": 2,
            "phase_2_format": "swiss",
            "phase_2_rounds": 2,
            "tiebreak_1": "tp",
        },
    )
    assert response.status_code == 400 and not Tournament.objects.exists()
    assert (
        "An individual event plays one individual format in every round"
        in response.content.decode()
    )


@pytest.mark.django_db(transaction=True)
def test_the_exports_and_the_printed_pairings_name_both_partners(client, director) -> None:
    from core.phone_links import PhoneLinks
    from tournaments.printing import by_name, cards_of

    tournament = create(client)
    client.post(
        reverse("director-import", args=[tournament.id]),
        {"text": "name\n" + "\n".join(PLAYERS[:9])},  # nine: one sits out
    )
    play_round(client, tournament, 1)
    exported = client.get(reverse("export-results", args=[tournament.id]))
    results = b"".join(exported.streaming_content).decode()
    tables = list(
        Match.objects.filter(ew__isnull=False).select_related("ns", "ns_with", "ew", "ew_with")
    )
    for m in tables:
        assert f"{m.ns_side},{m.ew_side}" in results
    # The round's list by name has all nine: eight with their seat and partner, one sitting out.
    sitting = Match.objects.get(ew__isnull=True)
    rows = by_name(tables, [sitting])
    assert sorted(r["entry"].name for r in rows) == sorted(PLAYERS[:9])
    first = tables[0]
    mine = next(r for r in rows if r["entry"] == first.ns)
    assert mine["seat"] == f"N-S, {first.ns_with.name}" and mine["against"] == first.ew_side
    cards, _images = cards_of(PhoneLinks("http://club.example", "", False), tables)
    assert [p.name for p in cards[0].pairs] == [first.ns_side, first.ew_side]


@pytest.mark.django_db(transaction=True)
def test_a_player_added_to_a_draft_is_seated_when_it_is_drawn_again(client, director) -> None:
    """Seven players drawn (three sit out); an eighth arrives: the page says the draft leaves
    them out, and the draft drawn again seats all eight at two tables."""
    tournament = create(client)
    client.post(
        reverse("director-import", args=[tournament.id]),
        {"text": "name\n" + "\n".join(PLAYERS[:7])},
    )
    client.post(reverse("director-round-next", args=[tournament.id]))
    added = client.post(
        reverse("director-pairs", args=[tournament.id]), {"name": "Zoe"}, follow=True
    ).content.decode()
    assert "The draft of round 1 does not seat Zoe: discard it and draw it again." in added
    client.post(reverse("director-discard", args=[tournament.id, 1]))
    again = client.post(reverse("director-discard", args=[tournament.id, 1]), follow=True)
    assert again.status_code == 404  # a second click: the draft is gone, nothing breaks
    client.post(reverse("director-round-next", args=[tournament.id]))
    drawn = Round.objects.get(tournament=tournament, number=1)
    assert drawn.matches.filter(ew__isnull=False).count() == 2
    assert not drawn.matches.filter(ew__isnull=True).exists()


def test_a_field_entered_stays_of_its_kind_and_a_name_stays_one_name(client, director) -> None:
    from tournaments.services.entries import entries_add
    from tournaments.services.errors import TournamentError
    from tournaments.services.tournament import tournament_plan_set

    tournament = create(client)
    entries_add(tournament_id=tournament.id, entries=[{"name": "Ann"}])
    with pytest.raises(TournamentError, match="before adding anyone"):
        tournament_plan_set(tournament_id=tournament.id, format="swiss", rounds=3)
    # "Ann" with a soft hyphen, a direction mark or a joiner shows as Ann: refused as Ann.
    for lookalike in ("Ann\u00ad", "Ann\u200e", "ANN\u034f"):
        with pytest.raises(TournamentError, match="A player is already called Ann"):
            entries_add(tournament_id=tournament.id, entries=[{"name": lookalike}])
