"""Shared fixtures. The named test data lives in tests/factories.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

DATA = Path(__file__).parent / "data"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Slow tests first (marker ``slow``): with two test processes (pytest-xdist), a long test
    started last would leave the other process idle while it runs."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def load_examples(name: str = "examples.jsonl") -> list[dict]:
    """The worked examples of ../shared/rules/examples.jsonl, or of another file beside it
    (examples-families.jsonl), from our copy in tests/data."""
    with open(DATA / name, encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


@pytest.fixture(scope="session")
def examples() -> list[dict]:
    return load_examples()


@pytest.fixture
def client():
    """Django's test client, checking every API answer against the OpenAPI document."""
    from django.test import Client

    from tests.openapi_check import check

    class CheckedClient(Client):
        def request(self, **request):  # type: ignore[no-untyped-def]
            response = super().request(**request)
            path = request.get("PATH_INFO", "")
            if path.startswith("/api/") and not getattr(response, "streaming", False):
                check(
                    request["REQUEST_METHOD"],
                    path,
                    response.status_code,
                    response.get("Content-Type", ""),
                    response.content,
                )
            return response

    return CheckedClient()


@pytest.fixture(autouse=True)
def _english_by_default():
    """Each test starts in English: a page asked for in French leaves French active in the
    thread (LocaleMiddleware does not switch back), and services speak the active language."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.activate("en")
