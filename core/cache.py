"""Django's Redis cache, stepping aside while Redis does not answer.

Why: the cache holds login throttling (django-axes), rate-limit counts (django-ratelimit) and
rendered scoreboards. With Django's own RedisCache a Redis that is down makes each of those raise
redis's ConnectionError, so login, the rate-limited writes and the scoreboards answer 500. None of
them needs Redis to be right: the counts can live for a while in the database table that the
no-Redis setup uses, and a scoreboard can be rendered again.

Why not a library: django-redis's IGNORE_EXCEPTIONS answers None to every call, which
django-ratelimit 4.1 reads as a failed count (every limited request refused, or with
RATELIMIT_FAIL_OPEN none limited at all) and django-axes compares with an int (a TypeError, so a
500); django-cache-fallback catches every exception (hiding our own bugs), logs each one, lacks
``touch`` (axes calls it) and allows a single, fixed pair of aliases.

So each call goes to Redis as in Django's RedisCache, and only a connection or timeout error sends
the same call, unchanged, to the cache alias that the entry's ``FALLBACK`` names (settings.py: the
database table for the counts, a dummy cache for the scoreboards, so they miss). Any other error
is a bug or a misuse and propagates.

The outage: its first error is logged once (a warning), and Redis is then skipped for
``RETRY_AFTER`` seconds (5 unless the entry says otherwise), so a dead Redis costs one refused
connection, or one short socket timeout (settings.py), every few seconds per process rather than
one per cache call. After that the next call tries Redis again; the first one that succeeds ends
the outage (logged too), with no restart. The state is per process and per Redis location, shared
by every thread's cache object and by django-axes's handler, which keeps one cache object for the
process's life.

What it does not do: counts are not copied between the two stores, so during an outage the
throttles count afresh in the database, and after it Redis's own counts go on. A pair of calls
split by the instant Redis fails (axes: ``add`` answered by Redis, ``incr`` by the database) can
find the key missing; that instant aside, nothing answers 5xx.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterable
from typing import Any

from django.core.cache import caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.core.exceptions import ImproperlyConfigured
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)

# What a Redis that is down, restarting or hanging raises (AuthenticationError and
# BusyLoadingError are ConnectionErrors too); a wrong command or value raises something else.
REDIS_DOWN = (RedisConnectionError, RedisTimeoutError)


class _Outage:
    """Whether one Redis is being skipped in this process, and since when."""

    def __init__(self, retry_after: float) -> None:
        self.retry_after = retry_after
        self.since: float | None = None  # None while Redis answers
        self.skip_until = 0.0
        self._lock = threading.Lock()  # so that each outage is logged once, not once per thread

    def skipping(self) -> bool:
        return time.monotonic() < self.skip_until

    def failed(self, error: Exception) -> None:
        now = time.monotonic()
        with self._lock:
            self.skip_until = now + self.retry_after
            if self.since is not None:
                return
            self.since = now
        log.warning(
            "Redis (the cache) does not answer (%s); its calls go to the fallback caches, and "
            "Redis is tried again every %g s.",
            error,
            self.retry_after,
        )

    def answered(self) -> None:
        if self.since is None:  # the usual case, read without the lock
            return
        with self._lock:
            if self.since is None:
                return
            seconds = time.monotonic() - self.since
            self.since = None
        log.info("Redis (the cache) answers again, after %.0f s.", seconds)


_outages: dict[str, _Outage] = {}
_outages_lock = threading.Lock()


def _outage_of(location: str, retry_after: float) -> _Outage:
    with _outages_lock:
        return _outages.setdefault(location, _Outage(retry_after))


class _KeptClientRedisCacheClient(RedisCacheClient):
    """Django's Redis client maker, keeping one redis-py client per connection pool: Django's
    makes a new one for each call, and redis-py's constructor builds its table of reply
    parsers each time (about 170 entries: a quarter of a millisecond, half the CPU of a cache
    read). A client is only its pool and that table, and is safe to share between threads."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._kept: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:  # noqa: ARG002 (Django's signature)
        # Django's own names (django/core/cache/backends/redis.py), which its stubs leave out.
        pool = self._get_connection_pool(write)  # type: ignore[attr-defined]
        client = self._kept.get(id(pool))
        if client is None:
            client = self._kept[id(pool)] = self._client(connection_pool=pool)  # type: ignore[attr-defined]
        return client

    # Expiry to the millisecond (FallbackRedisCache.get_backend_timeout): Django's client gives
    # Redis whole seconds, so a 1.9 s key lived 1 s and a 0.9 s one was deleted at once. A
    # timeout of 0 (expire now) or None (never) is Django's own.

    def add(self, key: Any, value: Any, timeout: Any) -> bool:
        if not timeout:
            return bool(super().add(key, value, timeout))
        client = self.get_client(key, write=True)
        dumped = self._serializer.dumps(value)  # type: ignore[attr-defined]
        return bool(client.set(key, dumped, px=_milliseconds(timeout), nx=True))

    def set(self, key: Any, value: Any, timeout: Any) -> None:
        if not timeout:
            super().set(key, value, timeout)
            return
        client = self.get_client(key, write=True)
        client.set(key, self._serializer.dumps(value), px=_milliseconds(timeout))  # type: ignore[attr-defined]

    def touch(self, key: Any, timeout: Any) -> bool:
        if not timeout:
            return bool(super().touch(key, timeout))
        return bool(self.get_client(key, write=True).pexpire(key, _milliseconds(timeout)))

    def set_many(self, data: Any, timeout: Any) -> None:
        if not timeout:
            super().set_many(data, timeout)
            return
        pipeline = self.get_client(None, write=True).pipeline()
        pipeline.mset({k: self._serializer.dumps(v) for k, v in data.items()})  # type: ignore[attr-defined]
        for key in data:
            pipeline.pexpire(key, _milliseconds(timeout))
        pipeline.execute()


def _milliseconds(timeout: float) -> int:
    return max(1, round(timeout * 1000))


class FallbackRedisCache(RedisCache):
    """RedisCache whose calls go to the ``FALLBACK`` cache alias while Redis does not answer."""

    def __init__(self, server: str | list[str], params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = _KeptClientRedisCacheClient
        if not params.get("FALLBACK"):
            raise ImproperlyConfigured(
                "FallbackRedisCache needs FALLBACK, the alias of the cache to use while Redis is down"
            )
        self._fallback: str = params["FALLBACK"]
        location = server if isinstance(server, str) else ",".join(server)
        self._outage = _outage_of(location, float(params.get("RETRY_AFTER", 5)))

    def get_backend_timeout(self, timeout: float | None = DEFAULT_TIMEOUT) -> float | None:
        """As Django's, but to the millisecond (its Redis cache rounds down to whole seconds)."""
        if timeout == DEFAULT_TIMEOUT:
            timeout = self.default_timeout
        if timeout is None:
            return None
        return max(0.0, round(float(timeout), 3))

    def _answer(self, call: str, *args: Any, **kwargs: Any) -> Any:
        """Redis's answer to ``call``, or the fallback's when Redis does not answer."""
        if not self._outage.skipping():
            try:
                answer = getattr(super(), call)(*args, **kwargs)
            except REDIS_DOWN as error:
                self._outage.failed(error)
            else:
                self._outage.answered()
                return answer
        # Looked up on each call: `caches` gives each thread its own connection.
        return getattr(caches[self._fallback], call)(*args, **kwargs)

    # Every call that reaches Redis in RedisCache. BaseCache builds the rest on these (decr on
    # incr, get_or_set on get and add, the async calls on the sync ones).

    def add(
        self,
        key: Any,
        value: Any,
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> bool:
        answer: bool = self._answer("add", key, value, timeout, version)
        return answer

    def get(self, key: Any, default: Any | None = None, version: int | None = None) -> Any:
        return self._answer("get", key, default, version)

    def set(
        self,
        key: Any,
        value: Any,
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> None:
        self._answer("set", key, value, timeout, version)

    def touch(
        self, key: Any, timeout: float | None = DEFAULT_TIMEOUT, version: int | None = None
    ) -> bool:
        answer: bool = self._answer("touch", key, timeout, version)
        return answer

    def delete(self, key: Any, version: int | None = None) -> bool:
        answer: bool = self._answer("delete", key, version)
        return answer

    # The keys are listed first: a generator spent on Redis would leave the fallback none.

    def get_many(self, keys: Iterable[Any], version: int | None = None) -> dict[Any, Any]:
        answer: dict[Any, Any] = self._answer("get_many", list(keys), version)
        return answer

    def has_key(self, key: Any, version: int | None = None) -> bool:
        answer: bool = self._answer("has_key", key, version)
        return answer

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        answer: int = self._answer("incr", key, delta, version)
        return answer

    def set_many(
        self,
        data: dict[Any, Any],
        timeout: float | None = DEFAULT_TIMEOUT,
        version: int | None = None,
    ) -> list[Any]:
        answer: list[Any] = self._answer("set_many", data, timeout, version)
        return answer

    def delete_many(self, keys: Iterable[Any], version: int | None = None) -> None:
        self._answer("delete_many", list(keys), version)

    def clear(self) -> None:
        self._answer("clear")
