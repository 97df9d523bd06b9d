"""Pairings explained to the players (issue 31): each round on a pair's page says, in plain
words and naming the other pairs, why it meets whom, from the reasons the engine drew it by."""

from __future__ import annotations

import pytest

from tournaments.pairing_words import pairing_explained

NAMES = {1: "Aces", 2: "Kings", 3: "Deuces", 4: "Jokers"}


@pytest.mark.parametrize(
    ("reasons", "north", "said"),
    [
        (
            [["bye"]],
            True,
            "You have the bye: it goes to the lowest-ranked pair that has not had one yet.",
        ),
        ([["score_group", 4]], True, "You and Deuces were on the same points (4)."),
        (
            [["pulled_down", 6, 4]],
            False,
            "Deuces was the nearest pair in the standings you could meet (points: you 4, they 6).",
        ),
        (
            [["rematch"]],
            True,
            "You meet Deuces again: no draw of the whole field could avoid a rematch.",
        ),
        (
            [["rematch_avoided", 2]],
            True,
            "You had already met Kings, the next pair in the standings, so you meet Deuces.",
        ),
        (
            [["rematch_avoided", 2]],
            False,
            "Deuces had already met Kings, the pair after them in the standings, so they meet you.",
        ),
        (
            [["club_avoided", 4]],
            True,
            "Jokers, the next pair in the standings, is of your club, so you meet Deuces.",
        ),
        ([["seeded"]], True, "Round 1 is drawn by seed."),
        ([["swapped"], ["rematch"]], True, "The director changed this table's pairing."),
        ([["new_partners"]], True, "New partners."),
        ([["pulled_down"]], True, "Different points: the nearest pairing."),  # values lost
    ],
)
def test_each_reason_is_said_to_the_pair(reasons, north, said) -> None:
    assert pairing_explained(reasons, north=north, opponent="Deuces", names=NAMES)[0] == said


@pytest.mark.django_db
def test_a_pairs_page_explains_its_bye_and_its_rematch(client) -> None:
    """Three pairs, a Swiss of three rounds: each sits out once; in round 3 the two pairs left
    have met in round 1 or 2, and the page says the rematch could not be avoided."""
    from django.urls import reverse

    from tests.factories import confirm, round_released
    from tournaments.models import Match
    from tournaments.services.entries import entries_add
    from tournaments.services.tournament import tournament_create

    event = tournament_create(name="Tuesday", format="swiss", rounds=4, points="wdl")
    entries_add(
        tournament_id=event.id,
        entries=[{"name": n, "seed": i} for i, n in enumerate(["Aces", "Kings", "Deuces"], 1)],
    )
    for _ in range(4):
        for match in round_released(event):
            confirm(match, 900, 300)
    bye = Match.objects.filter(round__tournament=event, ew=None).order_by("round__number").first()
    page = client.get(reverse("tournament-pair", args=[event.id, bye.ns_id])).content.decode()
    assert "You have the bye: it goes to the lowest-ranked pair that has not had one yet." in page
    rematch = next(
        m
        for m in Match.objects.filter(round__tournament=event).exclude(ew=None)
        if ["rematch"] in m.reasons
    )
    page = client.get(reverse("tournament-pair", args=[event.id, rematch.ns_id])).content.decode()
    assert (
        f"You meet {rematch.ew.name} again: no draw of the whole field could avoid a rematch."
        in page
    )
