"""Cache django-tables2's signature lookup of cell render methods.

django-tables2 (3.0) calls ``inspect.signature`` on a column's ``render`` method for every cell
it renders, to pass only the arguments the method takes: about 25 µs a cell, 100 cells on a
scoreboard page, nearly half of its time (bench/web.py, cProfile). A method's signature does
not change, so it is computed once per function here. The library's own function does the work;
methods are cached by their function (not by the column instance), functions by themselves.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import django_tables2.utils as tables_utils

Signature = tuple[tuple[str, ...], str | None]
_original: Callable[[Callable[..., Any]], Signature] = tables_utils.signature


@lru_cache(maxsize=512)
def _function_signature(function: Callable[..., Any], bound: bool) -> Signature:
    args, keywords = _original(function)
    return (args[1:] if bound else args), keywords  # a bound method's self is not an argument


def _signature(fn: Callable[..., Any]) -> Signature:
    function = getattr(fn, "__func__", None)
    if function is not None:
        return _function_signature(function, True)
    if type(fn).__name__ == "function":  # a plain function or lambda (row_attrs...)
        return _function_signature(fn, False)
    return _original(fn)


def install() -> None:
    if tables_utils.signature is not _signature:
        tables_utils.signature = _signature
