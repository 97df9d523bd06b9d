"""Real services to break under a test: a throwaway redis-server the test stops, freezes and
starts again, a Celery worker process it can kill with -9, and a TCP proxy in front of the
database that it can close or stall (PostgreSQL as a restart or a hung network shows it)."""

from __future__ import annotations

import os
import runpy
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import redis
from django.db import connection

from tests.waiting import wait_until

ROOT = Path(__file__).resolve().parents[1]
SETTINGS = ROOT / "config" / "settings.py"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class RedisServer:
    """A throwaway redis-server on one port, which the test stops, freezes and starts again."""

    def __init__(self, directory: Path) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.directory = directory
        self.process: subprocess.Popen[bytes] | None = None
        self.client = redis.Redis(port=self.port, socket_timeout=2)  # to look inside it

    def start(self) -> None:
        server = shutil.which("redis-server")
        assert server, "Debian's redis-server is needed: apt-get install redis-server"
        self.process = subprocess.Popen(
            [
                server,
                *("--port", str(self.port), "--bind", "127.0.0.1"),
                *("--save", "", "--appendonly", "no", "--dir", str(self.directory)),
            ],
            stdout=subprocess.DEVNULL,
        )

        def answers() -> bool:
            try:
                return bool(self.client.ping())
            except redis.ConnectionError:
                return False

        wait_until(answers, 10, "redis-server starts")

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.send_signal(signal.SIGCONT)  # a frozen server would not see SIGTERM
        self.process.terminate()
        self.process.wait(timeout=10)
        self.process = None

    def freeze(self) -> None:
        """It keeps its port (connections are accepted) but answers nothing: a hung Redis."""
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def keys(self, pattern: str) -> list[bytes]:
        return list(self.client.scan_iter(pattern))


def redis_caches(url: str, retry_after: float | None = None) -> dict[str, dict[str, Any]]:
    """CACHES exactly as settings.py builds them for REDIS_URL=``url`` (optionally with a
    shorter pause after a failure, to keep a test short)."""
    saved = os.environ.get("REDIS_URL")
    os.environ["REDIS_URL"] = url
    try:
        config: dict[str, dict[str, Any]] = runpy.run_path(str(SETTINGS))["CACHES"]
    finally:
        if saved is None:
            del os.environ["REDIS_URL"]
        else:
            os.environ["REDIS_URL"] = saved
    for entry in config.values():
        if "FALLBACK" in entry and retry_after is not None:
            entry["RETRY_AFTER"] = retry_after
    return config


def database_url(port: int | None = None) -> str:
    """The test database, for another process to use (through ``port`` if given: a proxy)."""
    settings = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{settings['NAME']}"
    user = settings["USER"] or "postgres"
    password = f":{settings['PASSWORD']}" if settings["PASSWORD"] else ""
    host = "127.0.0.1" if port else settings["HOST"] or "127.0.0.1"
    return (
        f"postgres://{user}{password}@{host}:{port or settings['PORT'] or 5432}/{settings['NAME']}"
    )


def start_worker(
    broker: str, *, database: str | None = None, **env: str
) -> subprocess.Popen[bytes]:
    """A Celery worker process of this project (one process, solo pool) on ``broker``."""
    return subprocess.Popen(
        [
            sys.executable,
            *("-m", "celery", "-A", "config", "worker", "--pool", "solo"),
            *("--loglevel", "warning", "--without-heartbeat", "--without-gossip"),
            "--without-mingle",
        ],
        cwd=ROOT,
        env={
            **os.environ,
            "CELERY_BROKER_URL": broker,
            "DATABASE_URL": database or database_url(),
            "DJANGO_SETTINGS_MODULE": "config.settings",
            **env,
        },
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def stop_worker(worker: subprocess.Popen[bytes]) -> None:
    if worker.poll() is None:
        worker.terminate()
        try:
            worker.wait(timeout=30)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait(timeout=10)


def fresh_broker_connections() -> None:
    """Forget the Celery app's cached connection and producer pools, so the next task sent
    connects to the broker the app is configured with now. Pools outlive a test: one made while
    tasks ran eagerly points at Celery's default broker (AMQP on localhost, refused), and a test
    that then set a real broker would see its tasks refused, not queued."""
    from kombu import pools

    from config.celery import app

    app.pool.force_close_all()
    pools.reset()
    # Celery 5 has no public call that forgets the app's own cached pools (app.pool and
    # app.amqp.producer_pool, closed above: the next publish would fail on them or reach the
    # old broker). app.close() forgets app.pool only, and unregisters the app; _after_fork()
    # forgets both, as Celery itself does in a forked child.
    app._after_fork()


@contextmanager
def web_process_broker(url: str) -> Iterator[None]:
    """This test process as a web process with CELERY_BROKER_URL=``url`` (tasks go to a
    broker instead of running eagerly), restored afterwards."""
    from config.celery import app
    from core import background

    saved = {key: app.conf[key] for key in ("task_always_eager", "broker_url")}
    app.conf.update(task_always_eager=False, broker_url=url)
    fresh_broker_connections()
    background._broker_down_until = 0.0
    try:
        yield
    finally:
        app.conf.update(saved)
        fresh_broker_connections()
        background._broker_down_until = 0.0


class TcpProxy:
    """A TCP proxy on a free port to ``target``: the test closes it (connections refused, the
    open ones cut, as in a database restart), opens it again, or stalls it (connections stay
    open and nothing passes, as in a hung network)."""

    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self.port = free_port()
        self.listener: socket.socket | None = None
        self.stalled = threading.Event()
        self.sockets: list[socket.socket] = []
        self.lock = threading.Lock()

    def open(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(32)
        self.listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def close(self) -> None:
        """Refuse new connections and cut the open ones."""
        if self.listener is not None:
            with suppress(OSError):
                self.listener.shutdown(socket.SHUT_RDWR)
            self.listener.close()
            self.listener = None
        with self.lock:
            for s in self.sockets:
                with suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)
                s.close()
            self.sockets.clear()

    def stall(self) -> None:
        self.stalled.set()

    def resume(self) -> None:
        self.stalled.clear()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return  # closed
            try:
                server = socket.create_connection(self.target)
            except OSError:
                client.close()
                continue
            with self.lock:
                self.sockets += [client, server]
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    def _pipe(self, source: socket.socket, sink: socket.socket) -> None:
        while True:
            try:
                data = source.recv(65536)
            except OSError:
                data = b""
            if not data:
                with suppress(OSError):
                    sink.shutdown(socket.SHUT_WR)
                return
            while self.stalled.is_set():
                time.sleep(0.05)
            try:
                sink.sendall(data)
            except OSError:
                return
