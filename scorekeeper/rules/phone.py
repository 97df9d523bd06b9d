"""What the phone's engine worker calls (static/scorekeeper/engine-worker.mjs): JSON text in and
out, so nothing but strings crosses between JavaScript and Python.

The answers are the server's own, shape and words: the live preview is :func:`live.preview`
(the server's preview view calls it too), a refusal is the body the server answers with
(scorekeeper/serializers.py ``violation_body``), translated with the messages of the server's
catalogue for the page's language (:func:`use_messages`; the server sends them, scorekeeper/
phone_engine.py).
"""

from __future__ import annotations

import gettext
import json
from collections.abc import Callable, Mapping
from typing import Any

from scorekeeper.rules.errors import RuleViolation
from scorekeeper.rules.jsonform import score_json
from scorekeeper.rules.live import Table, preview

_messages: Mapping[str, str | list[str]] = {}
_plural: Callable[[int], int] = lambda n: int(n != 1)  # noqa: E731 (English, until told)


def use_messages(catalog_text: str) -> None:
    """The page's language: ``{"plural": "<C expression>", "messages": {msgid: text or
    [forms]}}``, the engine's messages as the server's catalogue translates them."""
    global _messages, _plural
    catalog = json.loads(catalog_text)
    _messages = catalog["messages"]
    _plural = gettext.c2py(catalog["plural"]) if catalog.get("plural") else _plural


def _gettext(message: str) -> str:
    text = _messages.get(message)
    return text if isinstance(text, str) and text else message


def _ngettext(singular: str, plural: str, n: int) -> str:
    forms = _messages.get(singular)
    if isinstance(forms, list) and forms:
        return forms[min(_plural(n), len(forms) - 1)]
    return singular if n == 1 else plural


def explain(violation: RuleViolation) -> str:
    """The refusal in the page's language, as the server words it (scorekeeper/i18n.py)."""
    return violation.sentence(_gettext, _ngettext)


def _refusal(violation: RuleViolation) -> dict[str, Any]:
    return {
        "error": explain(violation),
        "field": violation.field or None,
        "side": violation.side,
        "meld": violation.meld,
    }


def preview_text(request_text: str) -> str:
    """The live score of a hand being entered: ``{"table", "sides", "before", "number"}`` in,
    the server's preview answer out (``{"error", ...}`` for a refusal)."""
    request = json.loads(request_text)
    try:
        answer = preview(
            Table.from_json(request["table"]),
            request["sides"],
            request["before"],
            request["number"],
        )
    except RuleViolation as violation:
        answer = _refusal(violation)
    return json.dumps(answer)


def score_text(record_text: str) -> str:
    """A hand-format record scored as the command line and the API score it."""
    return json.dumps(score_json(json.loads(record_text)))


def score_many_text(records_text: str) -> str:
    """Many records scored in one call (bench/phone_engine.py: the engine's own speed on the
    phone, without a message per hand)."""
    return json.dumps([score_json(record) for record in json.loads(records_text)])
