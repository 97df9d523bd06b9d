"""Writes made once per Idempotency-Key (API v1, and the hand-entry page's one key per entry).

Both go through :func:`write_once`: it looks up the key before it writes (:func:`_previous`), then
writes and :func:`_remember`\\ s the answer in the same transaction. When a twin request with the
same key committed in between, :func:`_remember` says so: the write is rolled back and the answer is
the twin's. Keys are kept for :data:`KEEP` (``manage.py idempotency_purge`` drops older ones).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, TypeVar

from django.db import connection, transaction
from django.utils import timezone

from scorekeeper.models import IdempotentRequest

T = TypeVar("T")

KEEP = timedelta(days=7)
MIN_KEY, MAX_KEY = 16, 255  # long enough that only its client knows it (a UUID is 36)


class KeyReused(Exception):
    """The key came before with a different request: the client has a bug (HTTP 422)."""


class BadKey(Exception):
    """Not a usable key: 16 to 255 printable ASCII characters (HTTP 400)."""


def fingerprint(body: bytes) -> str:
    return hashlib.sha256(body).hexdigest()


def check_key(key: str) -> str:
    if not MIN_KEY <= len(key) <= MAX_KEY or not all("!" <= c <= "~" for c in key):
        raise BadKey(key)
    return key


def _stored(scope: str) -> str:
    """The scope as stored: a request's path can be longer than the column (a 300-digit hand
    number); such a scope is kept as its hash, which names it as well."""
    limit = IdempotentRequest._meta.get_field("scope").max_length or 200
    return scope if len(scope) <= limit else "sha256 " + hashlib.sha256(scope.encode()).hexdigest()


def _previous(scope: str, key: str, print_: str) -> dict[str, Any] | None:
    """The answer remembered under this key, or None; KeyReused for another request's key."""
    found = IdempotentRequest.objects.filter(scope=_stored(scope), key=key).first()
    if found is None:
        return None
    if found.fingerprint != print_:
        raise KeyReused(key)
    answer: dict[str, Any] = found.answer
    return answer


def _remember(scope: str, key: str, print_: str, answer: dict[str, Any]) -> bool:
    """Keep the answer under the key, in the caller's transaction. False: a twin request with
    this key committed first, and the caller must roll its own write back.

    One statement, INSERT ... ON CONFLICT DO NOTHING (PostgreSQL and SQLite), rather than an
    insert guarded by a savepoint: two round trips fewer on every write.
    """
    table = IdempotentRequest._meta.db_table
    field = IdempotentRequest._meta.get_field("answer")
    with connection.cursor() as cursor:
        cursor.execute(  # the table name is the model's own; every value is a parameter
            f"INSERT INTO {table} (scope, key, fingerprint, answer, created_at) "  # noqa: S608
            "VALUES (%s, %s, %s, %s, %s) ON CONFLICT (scope, key) DO NOTHING RETURNING id",
            [
                _stored(scope),
                key,
                print_,
                field.get_db_prep_save(answer, connection),
                timezone.now(),
            ],
        )
        return cursor.fetchone() is not None


@dataclass(frozen=True)
class Replayed:
    """The answer remembered under the key: this request was made before (a retry), or a twin
    with the same key got there first. Nothing was written this time."""

    answer: dict[str, Any]


def write_once(
    scope: str,
    key: str,
    print_: str,
    write: Callable[[], T],
    answer: Callable[[T], dict[str, Any] | None],
) -> T | Replayed:
    """Make ``write`` once under ``key``: the first time, its value (with ``answer(value)``
    remembered in the same transaction); after that, what was remembered, as :class:`Replayed`.

    ``answer`` returning None means the write is no answer to keep (a server error): it is rolled
    back, nothing is remembered, and a retry runs again. An exception from ``write`` rolls it back
    too. BadKey for a key that is not one, KeyReused for a key that came with another request
    (``print_`` differs).
    """
    check_key(key)
    earlier = _previous(scope, key, print_)
    if earlier is None:
        try:
            with transaction.atomic():
                value = write()
                kept = answer(value)
                if kept is None:
                    transaction.set_rollback(True)
                    return value
                if _remember(scope, key, print_, kept):
                    return value
                transaction.set_rollback(True)  # a twin with this key got there first
        except Exception:
            # A twin with this key, sent at the same moment (two tabs sending one kept hand),
            # committed first: this write then fails on what the twin wrote (the hand's number
            # is taken). It is the same request, made: its answer is the twin's.
            earlier = _previous(scope, key, print_)
            if earlier is None:
                raise
            return Replayed(earlier)
        earlier = _previous(scope, key, print_)
    if earlier is None:  # remembered by the twin that won, in a committed transaction
        raise RuntimeError("an idempotent write was neither made nor remembered")
    return Replayed(earlier)


def purge(older_than: timedelta = KEEP) -> int:
    """Drop keys older than ``older_than``; returns how many."""
    deleted, _ = IdempotentRequest.objects.filter(
        created_at__lt=timezone.now() - older_than
    ).delete()
    return deleted
