"""The app served for benchmarks as in production: gunicorn on PostgreSQL, with Redis as its cache.

Uses DATABASE_URL when it names PostgreSQL, else a throwaway server (scripts/throwaway-postgres),
which it can also restart (for an outage on purpose) and stops at the end; REDIS_URL when set,
else a throwaway redis-server (Debian's package).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable


# The hand the load benchmarks post: detailed melds for one side, totals for the other.
HAND = {
    "sides": [
        {
            "melds": [{"rank": "K", "naturals": 4}, {"rank": "9", "naturals": 3, "twos": 1}],
            "red_threes": 1,
            "hand": {"low": 2},
        },
        {"melded": {"points": 120}, "hand": {"points": 35}},
    ]
}


def shell_json(env: dict[str, str], code: str) -> Any:
    """Run ``code`` in the served app's Django shell; the JSON it prints last."""
    out = subprocess.run(
        [PY, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listens on port {port}")


def vm_hwm_mib(pid: int) -> float:
    """Peak resident memory of a process (VmHWM)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


@dataclass
class Served:
    url: str
    port: int
    server: subprocess.Popen[bytes]
    env: dict[str, str]
    restart_database: str | None  # a shell command, for the throwaway server
    stop_database: str | None = None
    database_url: str = field(default="")
    nodes: list[str] = field(default_factory=list)  # every web node's address (``url`` first)
    followed: str = ""  # the followed pages' own web server (``followed`` workers), if any

    def workers(self) -> list[int]:
        path = Path(f"/proc/{self.server.pid}/task/{self.server.pid}/children")
        return [int(pid) for pid in path.read_text().split()]


@contextmanager
def served(
    workers: int,
    extra_env: dict[str, str] | None = None,
    broker: bool = False,
    nodes: int = 1,
    followed: int = 0,
) -> Iterator[Served]:
    """The app on gunicorn; ``broker``: Redis is Celery's broker too (start a worker).
    ``nodes``: that many web servers on as many ports, ``workers`` processes each, as separate
    machines would run them over the one PostgreSQL and the one Redis (nothing else shared).
    ``followed``: one more web server of that many processes, at a lower CPU priority (nice 10),
    for the pages spectators follow (docs/scaling.md: the proxy sends them there)."""
    env = {**os.environ}
    restart = stop = None
    redis = None
    if not env.get("REDIS_URL"):
        redis_port = free_port()
        redis = subprocess.Popen(
            [
                shutil.which("redis-server") or "redis-server",
                "--port",
                str(redis_port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
        )
        wait_for_port(redis_port)
        env["REDIS_URL"] = f"redis://127.0.0.1:{redis_port}/0"
    if broker:
        env["CELERY_BROKER_URL"] = env["REDIS_URL"]
    if not env.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        pgdir = tempfile.mkdtemp(prefix="scorekeeper-bench-pg.")
        out = subprocess.run(
            [str(ROOT / "scripts" / "throwaway-postgres"), pgdir],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for line in out.splitlines():
            name, _, value = line.removeprefix("export ").partition("=")
            env[name] = value.strip("'")
        restart, stop = env["THROWAWAY_PG_RESTART"], env["THROWAWAY_PG_STOP"]
    env.update(
        DJANGO_DEBUG="0",
        DJANGO_HTTPS="0",  # plain HTTP on loopback
        DJANGO_SECRET_KEY="bench-" + "x" * 50,
        DJANGO_ALLOWED_HOSTS="127.0.0.1",
        DJANGO_LOG_LEVEL="WARNING",
        SCOREKEEPER_RATE_NEW_GAMES="100000/h",
        **(extra_env or {}),
    )
    subprocess.run([PY, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
    subprocess.run(
        [PY, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )
    ports = [free_port() for _ in range(nodes + (1 if followed else 0))]
    gunicorn = [str(Path(PY).parent / "gunicorn"), "config.wsgi", "--timeout", "30"]
    servers = [
        subprocess.Popen(
            [
                *(["nice", "-n", "10"] if i == nodes else []),
                *gunicorn,
                *["-b", f"127.0.0.1:{port}", "--log-level", "warning"],
                *["-w", str(followed if i == nodes else workers)],
            ],
            cwd=ROOT,
            env=env,
        )
        for i, port in enumerate(ports)
    ]
    try:
        for port in ports:
            wait_for_port(port)
        urls = [f"http://127.0.0.1:{port}" for port in ports]
        yield Served(
            urls[0],
            ports[0],
            servers[0],
            env,
            restart,
            stop,
            env["DATABASE_URL"],
            urls[:nodes],
            urls[nodes] if followed else "",
        )
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            server.wait()
        if stop:
            subprocess.run(stop, shell=True, capture_output=True)
        if redis is not None:
            redis.terminate()
            redis.wait()
