"""Waiting for something another process or thread does (a worker, a server, a browser's
service worker): poll, and go on the moment it is done. A fixed sleep either wastes its time
on a fast machine or is too short on a slow one."""

from __future__ import annotations

import time
from collections.abc import Callable


def wait_until(done: Callable[[], object], timeout: float, what: str, every: float = 0.1) -> None:
    """Poll ``done()`` until it is true, or fail saying ``what`` did not happen within
    ``timeout`` seconds. Size ``timeout`` for a machine four times slower than yours under the
    load of a whole run: it costs a passing test nothing."""
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, f"{what}: not within {timeout} s"
        time.sleep(every)
