"""One consistent reading of the database for a transaction just begun: what a long read that
takes no lock (standings from an event's results, a club's backup) sees, whatever is written
meanwhile."""

from __future__ import annotations

from django.db import transaction


def one_reading() -> None:
    """Make the transaction just begun read the database as it was at its first query
    (PostgreSQL's repeatable read; SQLite's transactions already do). Inside a caller's
    transaction (the tests', a service's) the reading is the caller's."""
    connection = transaction.get_connection()
    if connection.vendor == "postgresql" and connection.savepoint_ids == []:
        with connection.cursor() as cursor:
            cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
