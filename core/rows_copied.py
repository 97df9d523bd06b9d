"""Many new rows of one model written as fast as the database takes them, for a restore's tens
of thousands (a club's backup: 50,000 hands): PostgreSQL's COPY, elsewhere one prepared INSERT
run for every row (DB-API's executemany).

Why: Django's bulk_create builds an INSERT of a few hundred rows' placeholders at a time, and
compiling them cost as much as preparing the values (bench/club_pages.py --backup: 4.8 s of a
2,500-game import on PostgreSQL went to the hands' bulk_create). Each value is still prepared
by its field, as bulk_create prepares it (``pre_save``: auto_now; ``get_db_prep_save``: JSON,
times), so the rows are the ones bulk_create would write. Unlike bulk_create, the objects get
no ids back: for rows nothing reads again in the same transaction. No signals are sent (none is
by bulk_create either)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import connections, models, router
from django.db.models import NOT_PROVIDED


def rows_copied(model: type[models.Model], objects: Iterable[models.Model]) -> None:
    """Insert ``objects`` (new, unsaved) of ``model``, in the caller's transaction. A model
    with a database default (``db_default``) is refused: bulk_create leaves such a value to
    the database, which a COPY of every column cannot."""
    # As bulk_create chooses them for objects without ids: the database numbers the rows.
    fields = [
        f
        for f in model._meta.concrete_fields
        if f is not model._meta.auto_field and not f.generated
    ]
    if any(f.db_default is not NOT_PROVIDED for f in fields):
        raise ValueError(f"{model.__name__} has a database default: use bulk_create")
    connection = connections[router.db_for_write(model)]
    quote = connection.ops.quote_name
    columns = ", ".join(quote(str(f.column)) for f in fields)
    table = quote(model._meta.db_table)

    def prepared(obj: Any) -> list[Any]:
        # As bulk_create: a related object saved meanwhile gives its id; an unsaved one refused.
        obj._prepare_related_fields_for_save(operation_name="rows_copied")
        return [f.get_db_prep_save(f.pre_save(obj, True), connection) for f in fields]

    rows = (prepared(obj) for obj in objects)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            raw: Any = cursor.cursor  # psycopg's own cursor, behind Django's wrapper
            # Its errors as Django's (IntegrityError...), as the wrapper would give them.
            with (
                connection.wrap_database_errors,
                raw.copy(f"COPY {table} ({columns}) FROM STDIN") as copy,
            ):
                for row in rows:
                    copy.write_row(row)
        else:
            marks = ", ".join(["%s"] * len(fields))
            # The model's own table and columns, quoted; every value a parameter.
            insert = f"INSERT INTO {table} ({columns}) VALUES ({marks})"  # noqa: S608
            cursor.executemany(insert, list(rows))
