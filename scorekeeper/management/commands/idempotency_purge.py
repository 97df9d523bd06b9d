"""``python manage.py idempotency_purge [--days 7]``: drop Idempotency-Keys older than that."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from scorekeeper.idempotency import KEEP, purge


class Command(BaseCommand):
    help = "Drop Idempotency-Keys older than --days (default 7); run it daily from cron."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--days", type=int, default=KEEP.days)

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write(f"{purge(timedelta(days=options['days']))} keys dropped")
