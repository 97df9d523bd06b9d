"""The refusal every tournament service raises: a change the tournament's state does not allow."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.text import capfirst
from django.utils.translation import gettext as _


class TournamentError(Exception):
    """A change the tournament's state does not allow. The message is translated when shown:
    a message id with its values, so a refusal met by a worker is kept and shown later in the
    director's language (an already translated text is shown as it is)."""

    def __init__(self, message: str, **values: Any) -> None:
        super().__init__(message)
        self.message, self.values = message, values

    def __str__(self) -> str:
        # The engine's refusals (DrawRefused) are worded in lower case: shown, each is a sentence.
        text = _(self.message)
        return capfirst(text % self.values if self.values else text)

    def as_json(self) -> dict[str, Any]:
        return {"message": self.message, "values": self.values}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TournamentError:
        return cls(str(data.get("message", "")), **dict(data.get("values") or {}))


def refusal_text(data: Mapping[str, Any] | None) -> str:
    """A refusal kept as JSON (Tournament.draw_refusal: a worker met it), in the reader's
    language; "" for none."""
    return str(TournamentError.from_json(data)) if data else ""
