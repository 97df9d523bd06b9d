"""An import's file moves to a row of its own (clubs 0010), and back when migrated back."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.migrating import migrate_to

BEFORE = [("clubs", "0009_lines_due")]
AFTER = [("clubs", "0010_club_import_file")]


@pytest.mark.django_db(transaction=True)
def test_the_file_of_an_import_under_way_moves_to_its_own_row_and_back() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)  # and back to the latest in the end (finally)
    old = executor.loader.project_state(BEFORE).apps
    User = old.get_model("auth", "User")
    ClubImport = old.get_model("clubs", "ClubImport")
    director = User.objects.create()
    waiting = ClubImport.objects.create(user=director, name="Waiting", data=b'{"format": 1}')
    done = ClubImport.objects.create(user=director, name="Done", data=b"", status="done")
    try:
        migrate_to(executor, AFTER)
        files = executor.loader.project_state(AFTER).apps.get_model("clubs", "ClubImportFile")
        kept = [
            (job_id, bytes(data)) for job_id, data in files.objects.values_list("job_id", "data")
        ]
        assert kept == [(waiting.id, b'{"format": 1}')]  # an import done has no file left
        migrate_to(executor, BEFORE)
        back = executor.loader.project_state(BEFORE).apps.get_model("clubs", "ClubImport")
        assert {i: bytes(d) for i, d in back.objects.values_list("id", "data")} == {
            waiting.id: b'{"format": 1}',
            done.id: b"",
        }
    finally:
        migrate_to(executor)
