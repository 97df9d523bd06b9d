"""Background work that never waits on a broken queue: tasks go to a Celery worker when the
broker answers, and run in this process when it does not (pretix's rule: no broker, no
problem). Derived data (a game's totals, a tournament's standings) then never stays stale
because the queue was down; the work takes milliseconds for a club.

Every task of the project retries with backoff when the database or the broker is not answering,
and is acknowledged late (``RETRYING``): a worker that dies mid-task (killed with -9, its
machine restarted) leaves the task to be delivered again, after the broker's visibility timeout
(settings ``CELERY_BROKER_TRANSPORT_OPTIONS``). Tasks are idempotent, so a twin run is harmless.
"""

from __future__ import annotations

import logging
import threading
import time
from datetime import datetime, timedelta
from typing import Any

from django.db import InterfaceError, OperationalError, connections, transaction
from django.db.models import QuerySet
from django.utils import timezone
from kombu.exceptions import OperationalError as BrokerError

logger = logging.getLogger("scorekeeper")

# What a task retries on: the database or the broker not answering (a restart, a failover).
RETRYABLE = (OperationalError, InterfaceError, BrokerError)
RETRYING: dict[str, Any] = {
    "autoretry_for": RETRYABLE,
    "retry_backoff": 2,  # up to 2, 4, 8... seconds (full jitter: a random wait below each)
    "retry_backoff_max": 60,  # below the visibility timeout: a waiting retry is not redelivered
    "retry_jitter": True,
    "max_retries": 30,  # some 15 minutes; after that the pages' own catch-up takes over
    "acks_late": True,
    "reject_on_worker_lost": True,
}

# After the broker failed to answer, this process runs tasks itself for a while instead of
# paying the connection timeout on every request (a plain in-process pause, not a queue).
PAUSE_SECONDS = 15.0
_broker_down_until = 0.0
_lock = threading.Lock()


def _broker_paused() -> bool:
    return time.monotonic() < _broker_down_until


def _pause_broker() -> None:
    global _broker_down_until
    with _lock:
        _broker_down_until = time.monotonic() + PAUSE_SECONDS


def _eager() -> bool:
    # The project's Celery app (config/celery.py, loaded with Django), reached as Celery's
    # current app: core imports no app of the project, config included.
    from celery import current_app

    return bool(current_app.conf.task_always_eager)


def _to_broker(task: Any, args: tuple[Any, ...], delay: float = 0) -> bool:
    """Hand the task to the broker; False (and the broker left alone for a while) when it does
    not answer. A broker that hangs is given up on after the transport's socket timeouts
    (settings CELERY_BROKER_TRANSPORT_OPTIONS), as one that refuses the connection is at once."""
    if _broker_paused():
        return False
    try:
        task.apply_async(args=args, countdown=delay or None)
    except (BrokerError, OSError) as error:
        _pause_broker()
        logger.warning(
            "the task queue is not answering (%s): %s runs in this process", error, task.name
        )
        return False
    return True


def send(task: Any, *args: Any, delay: float = 0, waiting: str = "") -> bool:
    """Send ``task(*args)`` to a worker; when the broker does not answer, run it here and now.
    Run here, the task is called directly: its own error surfaces, not a retry that nothing
    would run. False when the broker did not answer (without a broker, tasks run here as
    configured: True). ``delay``: seconds the worker waits before it runs the task (work that
    a burst of changes asks for many times is then done once; run here, it is not delayed).

    ``waiting``: a name for the work, sent only if no task sent under that name still waits
    for a worker (across the web processes: the shared cache), for a task that reads what it
    works on when it runs, and so counts every change made before it starts; the work calls
    ``waiting_over`` as it starts, and the next change sends it again. A burst of a thousand
    changes a minute is then one task a ``delay`` or so, not a thousand (issue 32)."""
    if _eager():
        task(*args)
        return True
    if waiting and not _first_waiting(waiting, delay):
        return True  # the one waiting will count this change too
    if _to_broker(task, args, delay):
        return True
    if waiting:
        waiting_over(waiting)  # done here: none waits
    task(*args)
    return False


# A task sent under a ``waiting`` name that no worker has started this long after its delay
# (lost with its worker, a broker emptied) no longer holds the next change's back.
WAITING_SECONDS = 30


def _waiting_key(name: str) -> str:
    return f"background-waiting:{name}"


def _first_waiting(name: str, delay: float) -> bool:
    from django.core.cache import cache

    return bool(cache.add(_waiting_key(name), 1, timeout=delay + WAITING_SECONDS))


def waiting_over(name: str) -> None:
    """The work sent under ``name`` begins (``send``'s ``waiting``): a change from now on sends
    it again."""
    from django.core.cache import cache

    if not _eager():  # run at once, nothing ever waits
        cache.delete(_waiting_key(name))


def ask(task: Any, *args: Any) -> bool:
    """Hand ``task(*args)`` to a worker if one can take it, and run nothing here: for work a
    page asks for on top of what it does itself (derived data catching up), which must not make
    the request slow when there is no worker. False when nothing was queued."""
    if _eager():
        return False
    return _to_broker(task, args)


def send_on_commit(task: Any, *args: Any) -> None:
    """Send the task once the transaction commits (never against rows it has not committed).
    A failure after the commit is logged, never the request's answer: what was saved stays
    saved, and derived data catches up later (the pages ask for it)."""
    transaction.on_commit(lambda: send(task, *args), robust=True)


def send_long(task: Any, *args: Any) -> bool:
    """Send long work (seconds to a minute: a large round's PDF) to a worker; without one (no
    broker, or one not answering) run it in a thread of this process, so the request answers at
    once and the page shows its progress. The task records its own progress and is safe to run
    again: a page that finds it stalled (this process restarted) sends it again. True when a
    worker will do it."""
    if not _eager() and _to_broker(task, args):
        return True
    run_in_thread(task, *args)
    return False


# Work a page waits on (a round's draw, a print, a club's import, stale standings) that no
# worker has taken this long after it was queued is done by the page that waits: a broker that
# answers with no worker behind it (all stopped, none started yet) must not leave a director
# waiting for ever. A worker takes queued work within a second; the task being idempotent, a
# worker that takes it late as well does nothing more.
WORKER_GRACE = timedelta(seconds=5)


def untaken(queued_at: datetime | None) -> bool:
    """Whether work queued at ``queued_at`` (None: none is) has waited past WORKER_GRACE."""
    return queued_at is not None and timezone.now() - queued_at > WORKER_GRACE


def claim_untaken(row: QuerySet[Any], field: str, queued_at: datetime | None) -> bool:
    """Take work that no worker has taken (``untaken``) for the caller alone: ``row`` is the
    work's row, ``field`` the time it was queued, ``queued_at`` that time as the caller read it.
    A conditional update moves the time on, so however many pages look, one does the work, and
    a run that fails is tried again only after another grace, never on every request."""
    if not untaken(queued_at):
        return False
    return bool(row.filter(**{field: queued_at}).update(**{field: timezone.now()}))


def run_in_thread(task: Any, *args: Any) -> None:
    """Run ``task(*args)`` in a thread of this process, the request answering at once."""
    threading.Thread(target=_in_thread, args=(task, args), daemon=True).start()


def _in_thread(task: Any, args: tuple[Any, ...]) -> None:
    try:
        task(*args)
    except Exception:  # a thread's failure reaches no request: the log, and the job's status
        logger.exception("%s failed in this process", task.name)
    finally:
        connections.close_all()  # the thread's own connections
