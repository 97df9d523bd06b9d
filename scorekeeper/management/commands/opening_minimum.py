"""``python manage.py opening_minimum --variant ID --score N [--players P]`` (hand-format.md)."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand

from scorekeeper.rules import RuleViolation
from scorekeeper.rules.opening import opening_minimum_for


class Command(BaseCommand):
    help = "Print the opening (initial meld) minimum for a preset, a score and a player count."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--variant", required=True, help="preset id, e.g. classic")
        parser.add_argument("--score", required=True, type=int, help="the side's cumulative score")
        parser.add_argument(
            "--players", type=int, default=4, help="players at the table (default 4)"
        )

    def handle(self, *args: Any, variant: str, score: int, players: int, **options: Any) -> None:
        try:
            minimum = opening_minimum_for(variant, score, players)
        except RuleViolation as violation:
            sys.stderr.write(f"error: {violation}\n")
            sys.exit(1)
        self.stdout.write(str(minimum))
