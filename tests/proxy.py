"""nginx in front of the app as a server runs it: deploy/nginx/scorekeeper.conf itself, its TLS
server turned into plain HTTP on a free loopback port, its upstreams pointed at the web servers
given, its cache in a throwaway directory. For the tests of what the proxy keeps
(tests/integration/test_proxy_cache.py) and the benches behind it (bench/evening.py --proxy).
Debian's nginx, run as root's child without a daemon; no root needed beyond reading its mime
types."""

from __future__ import annotations

import re
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.faults import free_port

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "deploy" / "nginx" / "scorekeeper.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
# Generous for a machine four times slower: nginx listens within milliseconds here.
START_SECONDS = 20.0


def site_config(web: str, followed: str, port: int, cache: Path) -> str:
    """The deploy file's site, served on ``port`` over plain HTTP, its upstreams ``web`` and
    ``followed`` (host:port), its cache under ``cache``."""
    site = SITE.read_text()
    site = site.replace("server 127.0.0.1:8000", f"server {web}")
    site = site.replace("server 127.0.0.1:8001", f"server {followed}")
    site = site.replace("/var/lib/nginx/scorekeeper-cache", str(cache))
    site = re.sub(r"listen 443 ssl;", f"listen 127.0.0.1:{port};", site)
    site = re.sub(r"\n\s*ssl_certificate[^\n]*", "", site)
    site = re.sub(r"server_name cards\.example\.org;", "server_name 127.0.0.1;", site, count=1)
    # The plain HTTP server that sends browsers to TLS: not wanted on loopback.
    return re.sub(r"\nserver \{\s*listen 80;.*?\n\}\n", "\n", site, flags=re.S)


@contextmanager
def proxied(web: str, followed: str | None = None) -> Iterator[str]:
    """nginx as deployed in front of ``web`` (and ``followed``, else ``web`` for the followed
    pages too), as host:port; yields its URL."""
    here = Path(tempfile.mkdtemp(prefix="scorekeeper-nginx."))
    port = free_port()
    (here / "cache").mkdir()
    # nginx started by root runs its workers as nobody: they write its cache and temporary files.
    for folder in (here, here / "cache"):
        folder.chmod(0o777)
    (here / "nginx.conf").write_text(
        f"""\
daemon off;
worker_processes 1;
worker_rlimit_nofile 16384;
pid {here}/nginx.pid;
error_log {here}/error.log warn;
events {{ worker_connections 8192; }}
http {{
    access_log off;
    client_body_temp_path {here}/body;
    proxy_temp_path {here}/proxy;
    fastcgi_temp_path {here}/fastcgi;
    uwsgi_temp_path {here}/uwsgi;
    scgi_temp_path {here}/scgi;
    {site_config(web, followed or web, port, here / "cache")}
}}
"""
    )
    nginx = subprocess.Popen(
        [NGINX, "-c", str(here / "nginx.conf"), "-e", str(here / "error.log")],
        stdout=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                if nginx.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(
                        "nginx did not start: " + (here / "error.log").read_text()
                    ) from None
                time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        nginx.terminate()
        nginx.wait()
        shutil.rmtree(here, ignore_errors=True)
