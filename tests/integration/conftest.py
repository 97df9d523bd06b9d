"""Fixtures the integration tests share beyond tests/conftest.py: a federation's season played
through the services (tests/federation_season.py)."""

from tests.federation_season import committed, season_played  # noqa: F401
