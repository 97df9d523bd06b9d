"""Shared fixtures. The named test data lives in tests/factories.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


def load_examples() -> list[dict]:
    """The worked examples of ../shared/rules/examples.jsonl (our copy in tests/data)."""
    with open(DATA / "examples.jsonl", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


@pytest.fixture(scope="session")
def examples() -> list[dict]:
    return load_examples()
