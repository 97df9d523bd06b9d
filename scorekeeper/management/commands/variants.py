"""``python manage.py variants``: the presets with their key values (VARIANTS.md section 2)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from scorekeeper.rules import PRESETS
from scorekeeper.rules.opening import opening_table


class Command(BaseCommand):
    help = "List the presets with their key values."

    def handle(self, *args: Any, **options: Any) -> None:
        for variant in PRESETS.values():
            self.stdout.write(self.style.MIGRATE_HEADING(f"{variant.id}: {variant.name}"))
            self.stdout.write(f"  source: {variant.source}")
            seatings = "; ".join(
                f"{s.players} players as {s.layout_label}: {s.cards_dealt} cards, "
                f"{s.packs} packs, "
                + (f"target {s.target}" if s.target is not None else f"a game of {s.hands} hands")
                + (
                    f", {s.going_out_canastas} canastas to go out"
                    if s.going_out_canastas > 1
                    else ""
                )
                for s in variant.seatings
            )
            self.stdout.write(f"  tables: {seatings}")
            bonus = variant.canasta_bonus
            extra = [
                f"{name} {value}"
                for name, value in (
                    ("concealed", bonus.concealed),
                    ("wild pure", bonus.wild_pure),
                    ("wild mixed", bonus.wild_mixed),
                )
                if value is not None
            ]
            self.stdout.write(
                f"  canastas: natural {bonus.natural}, mixed {bonus.mixed}"
                + (", " + ", ".join(extra) if extra else "")
                + f"; black three left in hand -{variant.values.black_three_in_hand}"
            )
            self.stdout.write(
                f"  melds: wild limit {variant.wild_limit}, black threes {variant.black_three_meld}, "
                f"red threes {variant.red_three_scale} (against: {variant.red_threes_against}), "
                f"going out {variant.going_out_bonus} / concealed "
                f"{variant.going_out_bonus_of(concealed=True)}"
            )
            opening = ", ".join(f"{rng}: {minimum}" for rng, minimum in opening_table(variant))
            self.stdout.write(f"  opening: {opening}")
