"""Cache django-tables2's signature lookup of cell render methods (installed by apps.py).

django-tables2 (3.0) calls ``inspect.signature`` on a column's ``render`` method for every cell
it renders, to pass only the arguments the method takes. Kept because bench/tables.py shows it
matters at a club's scale: a 40-hand game's history (46 changes, 230 cells) takes 47.0 ms instead
of 55.4 ms (-15 %), a cold scoreboard page of 20 hands about 31 ms instead of 34 (-8 to -10 %).

A method's signature does not change, so it is computed once per function here. The library's
own function does the work; methods are cached by their function (not by the column instance),
functions by themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import django_tables2.utils as tables_utils

Signature = tuple[tuple[str, ...], str | None]
ORIGINAL: Callable[[Callable[..., Any]], Signature] = tables_utils.signature


@lru_cache(maxsize=512)
def _function_signature(function: Callable[..., Any], bound: bool) -> Signature:
    args, keywords = ORIGINAL(function)
    return (args[1:] if bound else args), keywords  # a bound method's self is not an argument


def cached_signature(fn: Callable[..., Any]) -> Signature:
    function = getattr(fn, "__func__", None)
    if function is not None:
        return _function_signature(function, True)
    if type(fn).__name__ == "function":  # a plain function or lambda (row_attrs...)
        return _function_signature(fn, False)
    return ORIGINAL(fn)


def install() -> None:
    if tables_utils.signature is not cached_signature:
        tables_utils.signature = cached_signature
