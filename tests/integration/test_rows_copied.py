"""core.rows_copied writes the rows bulk_create would (PostgreSQL's COPY on the PostgreSQL pass,
one prepared INSERT elsewhere): each value prepared by its field, the ids the database's."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, transaction

from core.rows_copied import rows_copied
from scorekeeper.models import Hand
from scorekeeper.services import game_create

pytestmark = pytest.mark.django_db

SIDES = [{"name": "Us"}, {"name": "Them"}]
RECORD = {"sides": [{"melds": [{"rank": "K", "naturals": 7}], "note": "l'été “7”"}, {}]}
RESULT = {"sides": [{"total": 300, "breakdown": {"melds": 300}}, {"total": 0}], "wins_game": None}


def hands(game, count: int) -> list[Hand]:
    return [
        Hand(game=game, number=n, record=RECORD, result=RESULT, score_after=[300 * n, 0])
        for n in range(1, count + 1)
    ]


def stored(game) -> list[tuple]:
    rows = Hand.objects.filter(game=game).order_by("number")
    return [(h.number, h.record, h.result, h.score_after, h.version) for h in rows]


def test_the_rows_are_those_bulk_create_writes() -> None:
    by_django, _token = game_create(variant="classic", players=4, sides=SIDES)
    copied, _token = game_create(variant="classic", players=4, sides=SIDES)
    Hand.objects.bulk_create(hands(by_django, 3))
    rows_copied(Hand, hands(copied, 3))
    assert stored(copied) == stored(by_django) and len(stored(copied)) == 3
    made = Hand.objects.filter(game=copied)
    assert all(h.updated_at is not None for h in made)  # auto_now, as bulk_create sets it
    assert len({h.id for h in made}) == 3  # numbered by the database


def test_a_row_the_constraints_refuse_writes_none() -> None:
    game, _token = game_create(variant="classic", players=4, sides=SIDES)
    with pytest.raises(IntegrityError), transaction.atomic():
        rows_copied(Hand, [*hands(game, 2), *hands(game, 1)])  # hand 1 twice
    assert not Hand.objects.filter(game=game).exists()
