"""``python manage.py print_purge``: delete the PDFs made in the background a day ago, and their
jobs (they hold the tables' private links); run it daily from cron."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from tournaments.print_jobs import print_jobs_purge


class Command(BaseCommand):
    help = "Delete the printed PDFs a day old; run it daily from cron."

    def handle(self, *args: Any, **options: Any) -> None:
        self.stdout.write(f"{print_jobs_purge()} files deleted")
