"""One migrated test database per run, copied for each test process (pytest-xdist worker).

Each worker used to create its database and run every migration into it (55 of them, seconds of
CPU on SQLite and more on PostgreSQL) on each pass of `make test`. Now the first worker to need a
database migrates a template; each worker, the first included, gets a copy of it: a file copy on
SQLite, ``CREATE DATABASE … TEMPLATE`` on PostgreSQL (Django's own cloning, as its parallel test
runner does). The migration tests still run real migrations, backwards and forwards, on the copy.

A state file in the run's temporary directory, shared by the workers and taken under a lock,
names the template and counts the workers using it; the last one done drops it and the file, so a
worker that comes later (its first test needing a database comes after the others have finished)
builds it again rather than find it gone."""

from __future__ import annotations

import fcntl
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from django.db import connection


@contextmanager
def _locked(shared: Path) -> Iterator[Path]:
    with open(shared / "template-database.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield shared / "template-database.json"
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _template_name(shared: Path) -> str:
    if connection.vendor == "sqlite":
        return str(shared / "template.sqlite3")  # the run's own directory: runs never meet
    return f"test_{connection.settings_dict['NAME']}_template"


def copy_of_the_template(shared: Path, worker: str, verbosity: int) -> str:
    """Point the connection at this worker's copy of the run's template, made first if need be.
    Returns the database's name before (for ``drop_the_copy``)."""
    original = connection.settings_dict["NAME"]
    with _locked(shared) as state_file:
        state = json.loads(state_file.read_text()) if state_file.exists() else None
        if state is None:
            connection.settings_dict["TEST"]["NAME"] = _template_name(shared)
            template = connection.creation.create_test_db(
                verbosity=verbosity, autoclobber=True, serialize=False
            )
            state = {"template": template, "workers": 0}
        else:
            connection.settings_dict["NAME"] = state["template"]
        connection.close()  # no connection to a template while it is copied (PostgreSQL)
        connection.creation.clone_test_db(suffix=worker, verbosity=verbosity)
        state["workers"] += 1
        state_file.write_text(json.dumps(state))
    copy = connection.creation.get_test_db_clone_settings(worker)["NAME"]
    connection.settings_dict["NAME"] = copy
    from django.conf import settings

    settings.DATABASES[connection.alias]["NAME"] = copy
    return str(original)


def drop_test_database(original: str, verbosity: int) -> None:
    """Drop the database the connection names, as Django's ``destroy_test_db`` does, and point
    the connection back at ``original``. On PostgreSQL ``WITH (FORCE)``: a session still open on
    it (a live server's thread, autovacuum) ends with it rather than fail the drop and leave the
    database behind on a server that outlives the run."""
    if connection.vendor != "postgresql":
        connection.creation.destroy_test_db(original, verbosity=verbosity)
        return
    from django.conf import settings

    name = connection.settings_dict["NAME"]
    connection.close()
    with connection.creation._nodb_cursor() as cursor:
        cursor.execute(f"DROP DATABASE IF EXISTS {connection.ops.quote_name(name)} WITH (FORCE)")
    settings.DATABASES[connection.alias]["NAME"] = original
    connection.settings_dict["NAME"] = original


def drop_the_copy(shared: Path, original: str, verbosity: int) -> None:
    """Drop this worker's copy; the last worker done drops the template too."""
    drop_test_database(original, verbosity)
    with _locked(shared) as state_file:
        state = json.loads(state_file.read_text())
        state["workers"] -= 1
        if state["workers"] > 0:
            state_file.write_text(json.dumps(state))
            return
        connection.settings_dict["NAME"] = state["template"]
        drop_test_database(original, verbosity)
        state_file.unlink()
