"""A real Celery worker on a throwaway Redis (Debian's redis-server), for the tests that must see
a task run by a worker process rather than eagerly in the test."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import redis
from celery import Celery

from tests.faults import RedisServer, start_worker, stop_worker


def broker_client(url: str) -> Celery:
    """A Celery client of the broker at ``url``, sending tasks as a web process of this project
    does (JSON), while the test process itself stays eager."""
    client = Celery("scorekeeper-test-client", broker=url, set_as_current=False)
    client.conf.update(task_serializer="json", accept_content=["json"])
    return client


@contextmanager
def worker_through_redis(tmp_path: Path) -> Iterator[Celery]:
    """A Redis server and a worker of this project on it; yields a client of that broker, as a
    web process with CELERY_BROKER_URL set would be (the test process itself stays eager)."""
    server = RedisServer(tmp_path)
    server.start()
    worker = start_worker(server.url)
    client = broker_client(server.url)
    try:
        yield client
    finally:
        client.close()
        stop_worker(worker)
        server.stop()


def worker_idle(client: Celery) -> bool:
    """No task waits in the broker's queue or runs (tasks are acknowledged late: one taken and
    not yet done is in kombu's ``unacked`` hash). Between taking a task and recording it there,
    a worker is briefly in neither: so a test also waits for what the task writes."""
    broker = redis.Redis.from_url(client.conf.broker_url)
    try:
        return broker.llen("celery") == 0 and broker.hlen("unacked") == 0
    finally:
        broker.close()
