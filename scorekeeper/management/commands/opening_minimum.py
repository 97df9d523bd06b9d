"""``python manage.py opening_minimum --variant ID (--score N | --hand H) [--players P]``
(hand-format.md; VARIANTS-families.md 5.4: ``--hand`` for hand-and-foot, ignored elsewhere)."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand

from scorekeeper.rules import PRESETS, RuleViolation
from scorekeeper.rules.opening import opening_minimum_for
from scorekeeper.rules.variants import OpeningBy


class Command(BaseCommand):
    help = (
        "Print the opening (initial meld) minimum for a preset and a score (or, where the "
        "opening goes by the hand's number, a hand) and a player count."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--variant", required=True, help="preset id, e.g. classic")
        parser.add_argument("--score", type=int, help="the side's cumulative score")
        parser.add_argument(
            "--hand", type=int, help="the hand's number in the game (hand-and-foot)"
        )
        parser.add_argument(
            "--players", type=int, default=4, help="players at the table (default 4)"
        )

    def handle(
        self,
        *args: Any,
        variant: str,
        score: int | None,
        hand: int | None,
        players: int,
        **options: Any,
    ) -> None:
        preset = PRESETS.get(variant)
        by_hand = preset is not None and preset.opening_by is OpeningBy.HAND_NUMBER
        if score is None and not by_hand:
            sys.stderr.write("error: --score is required\n")
            sys.exit(1)
        try:
            minimum = opening_minimum_for(variant, score or 0, players, hand if by_hand else None)
        except RuleViolation as violation:
            sys.stderr.write(f"error: {violation}\n")
            sys.exit(1)
        self.stdout.write(str(minimum))
