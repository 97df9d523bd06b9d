"""Celery workers run as a club's server runs them: under a supervisor that starts a worker again
whenever it stops, for whatever reason (killed, out of memory, or kombu's Redis transport dying
on a Redis restart, as one of eighteen reconnections did in a chaos run: issue 32). On a server
that supervisor is systemd (deploy/systemd/, ``Restart=always``); the production-like scripts
(bench/) and the tests use supervisord (pip's ``supervisor``), which does the same without root.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SUPERVISORD = Path(sys.executable).with_name("supervisord")
SUPERVISORCTL = Path(sys.executable).with_name("supervisorctl")
# Generous for a machine four times slower: a worker takes about 2 s to start here.
START_SECONDS = 60.0

CONFIG = """\
[supervisord]
nodaemon=true
logfile={here}/supervisord.log
pidfile={here}/supervisord.pid
childlogdir={here}

[unix_http_server]
file={here}/supervisor.sock

[rpcinterface:supervisor]
supervisor.rpcinterface_factory = supervisor.rpcinterface:make_main_rpcinterface

[supervisorctl]
serverurl=unix://{here}/supervisor.sock

[program:worker]
command={python} -m celery -A config worker --concurrency {concurrency} --loglevel warning
directory={root}
numprocs={workers}
process_name=%(program_name)s-%(process_num)s
; What systemd's Restart=always does: started again however it ended, a second later.
autorestart=true
startsecs=1
startretries=1000
stopasgroup=true
killasgroup=true
stopwaitsecs=30
redirect_stderr=true
"""


@dataclass(frozen=True)
class Supervised:
    """Workers under a running supervisord: ask for their process ids."""

    config: Path

    def ctl(self, *args: str) -> str:
        return subprocess.run(
            [str(SUPERVISORCTL), "-c", str(self.config), *args],
            capture_output=True,
            text=True,
            check=False,
        ).stdout

    def pids(self) -> dict[str, int]:
        """Each running worker's main process id, by its name (worker-0, worker-1…)."""
        running = {}
        for line in self.ctl("status").splitlines():
            fields = line.split()
            if len(fields) >= 4 and fields[1] == "RUNNING" and fields[2] == "pid":
                running[fields[0].split(":")[-1]] = int(fields[3].rstrip(","))
        return running

    def wait_running(self, count: int, *, other_than: dict[str, int] | None = None) -> dict:
        """Wait until ``count`` workers run (none of them a process id of ``other_than``)."""
        gone = set((other_than or {}).values())
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            pids = self.pids()
            if len(pids) == count and not gone & set(pids.values()):
                return pids
            time.sleep(0.2)
        raise AssertionError(f"{count} workers not running after {START_SECONDS} s: {self.pids()}")


@contextmanager
def supervised_workers(
    env: dict[str, str], directory: Path, *, workers: int = 1, concurrency: int = 1
) -> Iterator[Supervised]:
    """``workers`` Celery workers of this project under supervisord, with ``env`` (the broker's
    and the database's addresses); stopped, with their supervisor, on leaving."""
    directory.mkdir(parents=True, exist_ok=True)
    config = directory / "supervisord.conf"
    config.write_text(
        CONFIG.format(
            here=directory,
            python=sys.executable,
            root=ROOT,
            workers=workers,
            concurrency=concurrency,
        )
    )
    supervisor = subprocess.Popen(
        [str(SUPERVISORD), "-c", str(config)],
        cwd=ROOT,
        env={**os.environ, **env},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    supervised = Supervised(config)
    try:
        supervised.wait_running(workers)
        yield supervised
    finally:
        supervisor.terminate()  # supervisord stops its workers first (stopwaitsecs)
        try:
            supervisor.wait(timeout=60)
        except subprocess.TimeoutExpired:
            supervisor.kill()
            supervisor.wait()
