"""The rules engine in the phone's browser (Pyodide in a worker) scores as the server does: every
line of both examples files, scored in chromium, equals the server's own score, refusals and
their words included; and the live preview of a game's hand equals the server's preview. A later
page starts from the memory the first one kept (engine-worker.mjs) and scores the same; a kept
memory that cannot be restored means a fresh start, and no later page tries it again.

The phones of the first three tests hold the memory a first start kept (phones.engine_phone):
their engine is restored, as on every page of a phone but its first; the last starts afresh and
scores every line on the fresh engine and on the restored one."""

from __future__ import annotations

import json

import pytest
from django.utils import translation

from scorekeeper.rules import score_json
from scorekeeper.rules.live import Table, preview
from tests.browser.phones import (
    ENGINE_MEMORY,
    ENGINE_MEMORY_KEYS,
    engine_memory_kept,
    engine_started,
)
from tests.conftest import load_examples
from tests.waiting import wait_until

pytestmark = [pytest.mark.engine, pytest.mark.django_db(transaction=True), pytest.mark.slow]

RECORDS = [
    e["hand"]
    for name in ("examples.jsonl", "examples-families.jsonl")
    for e in load_examples(name)
    if "hand" in e
]


PREVIEW_HAND = (
    [{"melds": [{"rank": "K", "naturals": 7}], "went_out": True}, {"hand": {"low": 3}}],
    [1480, 3050],
    7,
)
PREVIEW = {
    "table": {"variant": "classic", "players": 4, "rules": {}, "names": ["NS", "EW"]},
    "sides": PREVIEW_HAND[0],
    "before": PREVIEW_HAND[1],
    "number": PREVIEW_HAND[2],
}
UNRESTORABLE = f"""key => caches.open('{ENGINE_MEMORY}').then(c => c.match(key))
  .then(r => r.headers.has('X-Engine-Memory-Unrestorable'))"""


def _engine_page(phone, live_server, language: str = "en", kept: bool = True):
    """A page with the engine started in its worker, as the entry page starts it; ``kept``:
    from the memory the phone holds (phones.engine_phone) or an earlier page kept, else
    afresh."""
    assert engine_started(phone, live_server.url, language)["kept"] is kept
    return phone


def scores_every_line_as_the_server(page) -> None:
    answers = page.evaluate(
        "records => Promise.all(records.map(r => window.canastaEngine().score(r)))", RECORDS
    )
    assert len(answers) == len(RECORDS) > 60
    for record, answer in zip(RECORDS, answers, strict=True):
        assert answer == json.loads(json.dumps(score_json(record))), record


def test_every_example_scores_in_the_browser_as_on_the_server(phone, live_server) -> None:
    scores_every_line_as_the_server(_engine_page(phone, live_server))


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
    page = _engine_page(phone, live_server)
    answer = page.evaluate("r => window.canastaEngine().preview(r)", PREVIEW)
    assert answer == preview(Table.from_json(PREVIEW["table"]), *PREVIEW_HAND)
    assert answer["wins_game"] is None and answer["sides"][1]["opening_minimum"] == 120


@pytest.mark.engine(first_start=True)
def test_a_later_page_starts_from_the_kept_memory_and_one_that_cannot_be_restored_afresh(
    phone, live_server
) -> None:
    page = _engine_page(phone, live_server, kept=False)
    [key] = engine_memory_kept(page)
    scores_every_line_as_the_server(page)
    page = _engine_page(phone, live_server, kept=True)
    scores_every_line_as_the_server(page)
    answer = page.evaluate("r => window.canastaEngine().preview(r)", PREVIEW)
    assert answer == preview(Table.from_json(PREVIEW["table"]), *PREVIEW_HAND)

    page.evaluate(  # the same key, holding what no Pyodide made
        f"""key => caches.open('{ENGINE_MEMORY}').then(c => c.put(key, new Response(
            new Blob(['not a memory']).stream().pipeThrough(new CompressionStream('gzip')))))""",
        key,
    )
    page = _engine_page(phone, live_server, kept=False)
    assert page.evaluate("r => window.canastaEngine().score(r)", RECORDS[0]) == json.loads(
        json.dumps(score_json(RECORDS[0]))
    )
    # Marked unrestorable: the next page starts afresh at once, and takes no picture again.
    wait_until(lambda: page.evaluate(UNRESTORABLE, key), 60, "the memory marked unrestorable")
    _engine_page(phone, live_server, kept=False)
    assert page.evaluate(ENGINE_MEMORY_KEYS) == [key] and page.evaluate(UNRESTORABLE, key)
