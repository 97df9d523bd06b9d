"""Reading numbers out of a request's query string or form, where a bad one is simply absent."""

from __future__ import annotations


def int_param(value: str | None) -> int | None:
    """A whole number from 0 to 2**31 - 1 (a database integer), or None for anything else."""
    try:
        number = int(value) if value else None
    except ValueError:
        return None
    return number if number is not None and 0 <= number < 2**31 else None
