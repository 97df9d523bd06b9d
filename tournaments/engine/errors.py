"""The tournament engine's refusals: a draw or a plan the field or the schedule does not allow.

A :class:`DrawRefused` is something the director can act on (add or withdraw a pair, change the
number of rounds), shown on the director's page in the director's language. Anything else the
engine raises is a bug and must surface, never be swallowed.

Messages are English templates with named values, marked with :func:`gettext_noop` so that
``makemessages`` finds them; the app translates them when it shows them (the engine has no
Django). A value named ``pair`` is a pair's id, which the app shows as the pair's name.
"""

from __future__ import annotations

from typing import Any


def gettext_noop(message: str) -> str:
    """Mark a message for translation without translating it."""
    return message


class DrawRefused(Exception):
    """A round (or a tournament's plan) that cannot be drawn, and why."""

    def __init__(self, message: str, **values: Any) -> None:
        super().__init__(message % values if values else message)
        self.message = message
        self.values = values
