"""The migration tests' one dance (tests/integration/test_migrations*.py): the database taken
back to the migrations a test names, and forward to the latest afterwards, whatever the test did
(the next test expects the whole schema)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection
from django.db.migrations.executor import MigrationExecutor

Targets = list[tuple[str, str]]


@contextmanager
def migrated_back_to(targets: Targets) -> Iterator[MigrationExecutor]:
    """The database at ``targets`` for the block; at the latest migrations after it."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    try:
        yield executor
    finally:
        migrate_to(executor)


def migrate_to(executor: MigrationExecutor, targets: Targets | None = None) -> None:
    """The database migrated to ``targets`` (None: the latest) from where the test left it: the
    graph is read again first, the loader keeping the state it was built with."""
    executor.loader.build_graph()
    executor.migrate(targets if targets is not None else executor.loader.graph.leaf_nodes())
