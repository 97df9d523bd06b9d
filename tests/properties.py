"""How many examples the property tests (hypothesis) try. Two profiles, chosen by the
HYPOTHESIS_PROFILE environment variable (tests/conftest.py loads it): ``ci`` (.ci/run sets it)
tries hypothesis' 100 examples a test, and each test's own larger count in full; ``dev``, the
default, a fifth of each, so a developer's run does not spend half a minute fuzzing the same
parser on every run. The examples that once failed are kept in .hypothesis/ and tried first
either way."""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("ci", max_examples=100, print_blob=True)
settings.register_profile("dev", max_examples=20)


def scaled(thorough: int) -> int:
    """``thorough`` on the ``ci`` profile, in proportion on another (never fewer than 10)."""
    return max(10, thorough * settings.default.max_examples // 100)
