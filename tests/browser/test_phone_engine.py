"""The rules engine in the phone's browser (Pyodide in a worker) scores as the server does: every
line of both examples files, scored in chromium, equals the server's own score, refusals and
their words included; and the live preview of a game's hand equals the server's preview."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse
from django.utils import translation

from scorekeeper import phone_engine
from scorekeeper.rules import score_json
from scorekeeper.rules.live import Table, preview
from tests.conftest import load_examples

pytestmark = [pytest.mark.engine, pytest.mark.django_db(transaction=True), pytest.mark.slow]

RECORDS = [
    e["hand"]
    for name in ("examples.jsonl", "examples-families.jsonl")
    for e in load_examples(name)
    if "hand" in e
]


def _engine_page(phone, live_server, language: str = "en"):
    """A page with the engine started in its worker, as the entry page starts it."""
    with translation.override(language):
        where = phone_engine.engine_config()
    phone.goto(live_server.url + reverse("opening"))
    phone.add_script_tag(url=live_server.url + "/static/scorekeeper/engine.js")
    ms = phone.evaluate("where => window.canastaEngine(where).ready", where)
    assert ms > 0
    return phone


def test_every_example_scores_in_the_browser_as_on_the_server(phone, live_server) -> None:
    page = _engine_page(phone, live_server)
    answers = page.evaluate(
        "records => Promise.all(records.map(r => window.canastaEngine().score(r)))", RECORDS
    )
    assert len(answers) == len(RECORDS) > 60
    for record, answer in zip(RECORDS, answers, strict=True):
        assert answer == json.loads(json.dumps(score_json(record))), record


def test_a_refusal_reads_as_the_server_words_it_in_french(phone, live_server) -> None:
    table = {"variant": "classic", "players": 4, "rules": {}, "names": ["Nous", "Eux"]}
    sides = [{"melds": [{"rank": "K", "naturals": 1}]}, {}]
    page = _engine_page(phone, live_server, "fr")
    answer = page.evaluate(
        "r => window.canastaEngine().preview(r)",
        {"table": table, "sides": sides, "before": [0, 0], "number": 1},
    )
    with translation.override("fr"):
        from scorekeeper.rules import RuleViolation
        from scorekeeper.serializers import violation_body

        with pytest.raises(RuleViolation) as refused:
            preview(Table.from_json(table), sides, [0, 0], 1)
        expected = violation_body(refused.value)
    assert answer == expected
    assert answer["error"] != str(refused.value)  # in French, not the English template


def test_the_preview_of_a_hand_is_the_servers(phone, live_server) -> None:
    table = {"variant": "classic", "players": 4, "rules": {}, "names": ["NS", "EW"]}
    sides = [{"melds": [{"rank": "K", "naturals": 7}], "went_out": True}, {"hand": {"low": 3}}]
    page = _engine_page(phone, live_server)
    request = {"table": table, "sides": sides, "before": [1480, 3050], "number": 7}
    answer = page.evaluate("r => window.canastaEngine().preview(r)", request)
    assert answer == preview(Table.from_json(table), sides, [1480, 3050], 7)
    assert answer["wins_game"] is None and answer["sides"][1]["opening_minimum"] == 120
