"""Building frozen dataclasses on the hot path.

The ``__init__`` a frozen dataclass generates sets each field through ``object.__setattr__`` (to
get past the frozen ``__setattr__``); scoring a hand builds about nine such objects (the record,
its sides and their cards, the breakdowns and scores). :func:`build` sets every field in one step
instead. The instance is the dataclass's own: equality, hash, repr and immutability are unchanged.
The classes built this way keep a ``__dict__`` (no ``slots``).

Kept because it is measured to matter: ``bench/instructions.py`` counts 330,000 instructions a
hand with it and 411,000 with the dataclasses' own ``__init__`` (2026-11-26), a fifth of the
engine's work. A table scoring a hand a minute never feels it; the batch command (``score_hand``,
about 40,000 hands a second) and an engine run where Python is slower (a phone's browser) do.
"""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def build(cls: type[T], /, **fields: object) -> T:
    """An instance of frozen dataclass ``cls`` from *all* its fields (defaults are not applied)."""
    instance = object.__new__(cls)
    # The keyword arguments' dict becomes the instance's own (no copy); object.__setattr__ gets
    # past the frozen __setattr__, as the dataclasses' own __init__ does.
    _set(instance, "__dict__", fields)
    return instance


_set = object.__setattr__
