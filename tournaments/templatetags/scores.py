"""Scores in the tournament's pages: ``{% load scores %}{{ result|scores }}`` shows a result's
two scores as "2210 – −80" (core.minus_sign.scores_text). One score: ``{% load signs %}{{ value|score }}``."""

from __future__ import annotations

from typing import Any

from django import template

from core.minus_sign import scores_text

register = template.Library()


@register.filter
def scores(result: Any) -> str:
    """A result or submission's North-South and East-West scores."""
    if result is None:
        return ""
    return scores_text((result.ns_score, result.ew_score))
