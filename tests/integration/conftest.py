"""Fixtures several integration modules share."""

from __future__ import annotations

import pytest

from tests.factories import club_event, round_released


@pytest.fixture
def evening(dora):
    """A club's Swiss evening, its first round released: the event and its tables."""
    event = club_event("swiss", dora)
    return event, round_released(event)
