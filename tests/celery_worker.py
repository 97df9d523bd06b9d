"""A real Celery worker on a throwaway Redis (Debian's redis-server), for the tests that must see
a task run by a worker process rather than eagerly in the test."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from celery import Celery
from django.db import connection

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def database_url() -> str:
    """The test database, for the worker process to use."""
    settings = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{settings['NAME']}"
    user = settings["USER"] or "postgres"
    host, port = settings["HOST"] or "127.0.0.1", settings["PORT"] or 5432
    return f"postgres://{user}@{host}:{port}/{settings['NAME']}"


@contextmanager
def worker_through_redis(tmp_path: Path) -> Iterator[Celery]:
    """A Redis server and a worker of this project on it; yields a client of that broker, as a
    web process with CELERY_BROKER_URL set would be (the test process itself stays eager)."""
    redis = shutil.which("redis-server")
    assert redis, "Debian's redis-server is needed: apt-get install redis-server"
    port = free_port()
    broker = f"redis://127.0.0.1:{port}/0"
    server = subprocess.Popen(
        [
            redis,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(tmp_path),
        ],
        stdout=subprocess.DEVNULL,
    )
    env = {
        **os.environ,
        "CELERY_BROKER_URL": broker,
        "DATABASE_URL": database_url(),
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool",
            "solo",
            "--loglevel",
            "warning",
            "--without-heartbeat",
            "--without-gossip",
            "--without-mingle",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    client = Celery("scorekeeper-test-client", broker=broker, set_as_current=False)
    client.conf.update(task_serializer="json", accept_content=["json"])
    try:
        yield client
    finally:
        client.close()
        worker.terminate()
        server.terminate()
        worker.wait(timeout=30)
        server.wait(timeout=30)
