"""Building frozen dataclasses on the hot path.

The ``__init__`` a frozen dataclass generates sets each field through ``object.__setattr__`` (to
get past the frozen ``__setattr__``); scoring a batch builds a dozen such objects per hand, and
that was a fifth of the engine's time (bench/rules.py, callgrind). :func:`build` sets every field
in one step instead. The instance is the dataclass's own: equality, hash, repr and immutability
are unchanged. The classes built this way keep a ``__dict__`` (no ``slots``).
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def build(cls: type[T], /, **fields: object) -> T:
    """An instance of frozen dataclass ``cls`` from *all* its fields (defaults are not applied)."""
    instance = object.__new__(cls)
    instance.__dict__.update(fields)
    return instance
