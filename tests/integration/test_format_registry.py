"""A tournament format is declared once, in the engine's registry (engine.formats.FORMATS): a
format registered there alone is offered by the director's form, accepted by the model's check
and the services, drawn, and named on the pages, with no migration and no other code."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.urls import reverse

from tournaments.engine import movements
from tournaments.engine.formats import FORMATS, Format
from tournaments.engine.types import Draw, Pairing, Reason, RoundInput, Why
from tournaments.forms import PlanForm
from tournaments.models import MAX_FORMAT_KEY, Round, Tournament
from tournaments.services.entries import entries_add
from tournaments.services.rounds import round_pair
from tournaments.services.tournament import tournament_create
from tournaments.words import plan_words

pytestmark = pytest.mark.django_db


def toy_pair_round(given: RoundInput) -> Draw:
    """The pairs in field order, two by two: 1 v 2, 3 v 4."""
    ids = [p.id for p in given.playing()]
    why = (Why(Reason.SCHEDULE),)
    return Draw(
        given.number,
        tuple(Pairing(a, b, why=why) for a, b in zip(ids[::2], ids[1::2], strict=True)),
    )


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setitem(FORMATS, "toy", Format("toy", "Toy pairs", toy_pair_round))
    return FORMATS["toy"]


def test_a_format_registered_alone_is_offered_checked_drawn_and_named(
    toy, client, django_user_model
) -> None:
    form = PlanForm()
    assert ("toy", "Toy pairs") in form.fields["phase_1_format"].choices
    assert ("toy", "Toy pairs") in form.fields["phase_2_format"].choices  # a pairs' format
    for model in (Tournament, Round):
        field = model._meta.get_field("format")
        field.run_validators("toy")
        with pytest.raises(ValidationError):
            field.run_validators("no-such-format")

    client.force_login(django_user_model.objects.create_user("dora", password="x"))
    page = client.get(reverse("tournament-new")).content.decode()
    assert '<option value="toy">Toy pairs</option>' in page

    tournament = tournament_create(name="Toy night", format="toy", rounds=2)
    entries_add(
        tournament_id=tournament.id,
        entries=[{"name": f"Pair {i}", "seed": i} for i in range(1, 5)],
    )
    drawn = round_pair(tournament_id=tournament.id)
    assert drawn.format == "toy" and drawn.get_format_display() == "Toy pairs"
    assert sorted((m.ns.name, m.ew.name) for m in drawn.matches.all()) == [
        ("Pair 1", "Pair 2"),
        ("Pair 3", "Pair 4"),
    ]
    assert plan_words(tournament) == "Toy pairs ×2"
    call_command("makemigrations", "tournaments", check=True, dry_run=True, verbosity=0)


def test_every_registered_format_fits_the_stored_field_and_says_its_words() -> None:
    for key, fmt in FORMATS.items():
        assert fmt.key == key and 0 < len(key) <= MAX_FORMAT_KEY
        assert fmt.label
        if fmt.scheduled:  # a phase longer than its schedule is refused in its own words
            assert all(f"%({value})s" in fmt.too_long for value in ("pairs", "length", "rounds"))


def test_the_fixed_movements_name_says_the_fields_it_seats() -> None:
    label = FORMATS["individual_movement"].label
    assert label.endswith("(" + ", ".join(str(size) for size in movements.SIZES) + ")")
