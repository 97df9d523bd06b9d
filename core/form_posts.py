"""A posted form handed to its service: the one way the pages save a form, whatever app."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


def form_saved(
    form: Any,
    save: Callable[[dict[str, Any]], T],
    *,
    refusals: tuple[type[Exception], ...],
    field: str | None = None,
) -> T | None:
    """A posted form's service called with its data: what the service made, or None, its
    refusal (one of ``refusals``, whose message is the page's) then shown on the form (on
    ``field``, or above it). An invalid form saves nothing."""
    if form is None or not form.is_valid():
        return None
    try:
        return save(form.cleaned_data)
    except refusals as refused:
        form.add_error(field, str(refused))
        return None
