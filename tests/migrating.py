"""The migration tests' one dance (tests/integration/test_migrations*.py): the database taken to
the migrations a test names, and forward to the latest afterwards, whatever the test did (the
next test expects the whole schema).

Two ways there. ``migrated_back_to`` unapplies every later migration, as an operator going back
a release does: what a test needs when its rows must survive the way back, and the short way to
a schema a few migrations old. ``migrated_up_to`` empties the database and applies only the
migrations up to the targets: for a test that writes its rows in a schema far behind the latest,
where the way back crossed every later migration of every app for nothing (2.6 s of CPU on
SQLite, against 0.04 s from empty, to scorekeeper 0001). That every migration goes back, down to
none, is tested once (test_migrations.py)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager

from django.db import connection
from django.db.migrations.executor import MigrationExecutor

Targets = list[tuple[str, str | None]]


def migrated_back_to(targets: Targets) -> AbstractContextManager[MigrationExecutor]:
    """The database at ``targets`` for the block, the later migrations unapplied; at the latest
    migrations after it."""
    return _migrated(targets, from_empty=False)


def migrated_up_to(targets: Targets) -> AbstractContextManager[MigrationExecutor]:
    """The database emptied (no table, no migration recorded) and at ``targets`` for the block;
    at the latest migrations after it. For a test that writes its rows only once there."""
    return _migrated(targets, from_empty=True)


@contextmanager
def _migrated(targets: Targets, from_empty: bool) -> Iterator[MigrationExecutor]:
    try:
        if from_empty:
            emptied()
        executor = MigrationExecutor(connection)
        executor.migrate(targets)
        yield executor
    finally:  # even when the way there failed: the next test expects the whole schema
        migrate_to(MigrationExecutor(connection))


def emptied() -> None:
    """Every table of the test's database dropped, Django's record of the migrations among
    them. Outside a transaction (a test marked ``transaction=True``), as migrations run."""
    assert not connection.in_atomic_block, "emptied() needs django_db(transaction=True)"
    with connection.cursor() as cursor:
        tables = connection.introspection.table_names(cursor)
        names = [connection.ops.quote_name(table) for table in tables]
        if connection.vendor == "postgresql":
            if names:
                cursor.execute(f"DROP TABLE {', '.join(names)} CASCADE")
            return
        assert connection.vendor == "sqlite", connection.vendor
        # SQLite: foreign keys off, so that the tables go in any order.
        assert connection.disable_constraint_checking()
        try:
            for name in names:
                cursor.execute(f"DROP TABLE {name}")
        finally:
            connection.enable_constraint_checking()


def migrate_to(executor: MigrationExecutor, targets: Targets | None = None) -> None:
    """The database migrated to ``targets`` (None: the latest) from where the test left it: the
    graph is read again first, the loader keeping the state it was built with."""
    executor.loader.build_graph()
    executor.migrate(targets if targets is not None else executor.loader.graph.leaf_nodes())
