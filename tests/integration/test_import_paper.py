"""The import page's form for a game begun on paper, row by row (paper_forms.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from scorekeeper.models import Game

pytestmark = pytest.mark.django_db


def paper(
    hands: list[list[Any]],
    *,
    names: tuple[str, ...] = ("Us", "Them"),
    rows: int = 5,
    **game: Any,
) -> dict[str, Any]:
    """The paper form's data: a side's entry is its total, or its parts by box name."""
    data: dict[str, Any] = {
        "form": "paper",
        "variant": "classic",
        "players": 4,
        "sides": 2,
        "hands-TOTAL_FORMS": rows,
        "hands-INITIAL_FORMS": 0,
        **game,
    }
    for i, name in enumerate(names, 1):
        data[f"side_{i}"] = name
    for row, hand in enumerate(hands):
        for i, entry in enumerate(hand, 1):
            parts = entry if isinstance(entry, dict) else {"total": entry}
            for box, value in parts.items():
                data[f"hands-{row}-{box}_{i}"] = value
    return data


def game_json(client, game: Game) -> dict[str, Any]:
    return client.get(f"/api/v1/games/{game.id}").json()


def test_a_paper_game_of_three_hands_keeps_its_totals_and_names(client) -> None:
    hands = [[1235, -120], [90, 500], [-300, 2210]]
    data = paper(hands, players_1="Anna, Ben", players_2="Carla, Dan")
    response = client.post("/import/", data)
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/g/{game.id}/edit/"  # the importer holds the edit link
    state = game_json(client, game)
    assert [h["sides"][0]["total"] for h in state["hands"]] == [1235, 90, -300]
    assert [h["sides"][1]["total"] for h in state["hands"]] == [-120, 500, 2210]
    assert [(s["name"], s["players"], s["total"]) for s in state["sides"]] == [
        ("Us", "Anna, Ben", 1025),
        ("Them", "Carla, Dan", 2590),
    ]
    assert "Enter hand 4" in client.get(response["Location"]).content.decode()


def test_a_hand_mixes_a_total_and_a_side_given_by_its_parts(client) -> None:
    # 800 melded, a natural and a mixed canasta, out: 800 + 500 + 300 + 100; then a total.
    out = {"melded": 800, "natural": 1, "mixed": 1, "went_out": "on", "red_threes": 1}
    data = paper([[out, -60], [{"hand": 45}, 715]])
    assert client.post("/import/", data).status_code == 302
    state = game_json(client, Game.objects.get())
    assert [[s["total"] for s in h["sides"]] for h in state["hands"]] == [[1800, -60], [-45, 715]]
    assert state["hands"][0]["sides"][0]["breakdown"]["red_threes"] == 100


@pytest.mark.parametrize(
    ("hands", "words"),
    [
        (
            [[1235, -120], [{"melded": 60, "natural": 2}, 500]],
            "Hand 2: side 1 (Us): 2 canastas cannot hold only 60 points",
        ),
        ([[1235, -120], [{"total": 90, "melded": 90}, 500]], "Hand 2, Us: give the total or"),
        ([[1235, -120], [90, ""]], "Hand 2, Them: give the side&#x27;s total"),
        ([[1235, -120], [92, 500]], "Hand 2, Us: Ensure this value is a multiple of step size 5"),
        ([[1235, -120], [9000, 500]], "cannot keep a total of 9000 alone"),
        ([[1235, -120], [], [5, 5]], "Hand 2 is empty while later hands are filled in."),
        ([], "Enter at least one hand."),
    ],
)
def test_a_bad_row_is_refused_naming_its_hand_and_side_and_nothing_is_saved(
    client, hands: list[list[Any]], words: str
) -> None:
    response = client.post("/import/", paper(hands))
    page = response.content.decode()
    assert response.status_code == 400
    assert words in page
    assert "Nothing was imported" in page
    assert Game.objects.count() == 0
    if hands:
        assert 'value="1235"' in page and 'value="Them"' in page  # what was typed, shown again


def test_no_hand_after_the_game_has_ended(client) -> None:
    response = client.post("/import/", paper([[2500, 100], [100, 100]], target=2000))
    assert response.status_code == 400
    assert "Hand 2: the game had already ended after hand 1" in response.content.decode()
    assert Game.objects.count() == 0


def test_more_rows_shows_what_was_typed_with_three_rows_more_and_checks_nothing(client) -> None:
    data = paper([[1235, -120], [92, ""]], rows=5, more="1")
    page = client.post("/import/", data).content.decode()
    assert re.search(r'name="hands-TOTAL_FORMS" value="8"', page)
    assert 'id="hand-8"' in page and 'value="92"' in page and 'value="-120"' in page
    assert "Nothing was imported" not in page and "errorlist" not in page
    assert Game.objects.count() == 0
    # The rows as shown again, now filled in and imported.
    data = paper([[1235, -120], [90, 500], [], [], [], [], [], [5, 10]], rows=8)
    data["hands-INITIAL_FORMS"] = 5
    assert client.post("/import/", data).status_code == 400  # rows 3 to 7 left empty
    data = paper([[90, 100]] * 8, rows=8)
    data["hands-INITIAL_FORMS"] = 5
    assert client.post("/import/", data).status_code == 302
    assert Game.objects.get().hand_count == 8


def test_the_empty_rows_are_rendered_once(client) -> None:
    """A new page's five rows went each through Django's widget templates: 1339 templates for
    one page, 0.3 s, the slowest page of the site. The empty rows are one rendering, numbered."""
    page = client.get("/import/")
    assert len(page.templates) < 700
    html = page.content.decode()
    for n in range(1, 6):
        assert f'<div class="hand-row" id="hand-{n}">' in html
        assert f'<span class="hand-no">{n}</span>' in html and f"Parts of hand {n}<" in html
        for box in ("total_1", "hand_2", "went_out_3"):  # the third side's, hidden
            field = re.search(f'<input type="[a-z]+" name="hands-{n - 1}-{box}"[^>]*>', html)
            assert field and f'id="id_hands-{n - 1}-{box}"' in field[0], (n, box)
            assert f'for="id_hands-{n - 1}-{box}"' in html, (n, box)
    assert "__prefix__" not in html and "__number__" not in html
    # "More rows": the rows typed keep their values, the rows added are numbered on.
    data = paper([[1235, -120], [92, ""]], rows=2, more="1")
    html = client.post("/import/", data).content.decode()
    assert 'value="1235"' in html and 'id="hand-5"' in html and 'id="hand-6"' not in html
    assert 'name="hands-4-total_1"' in html and "__prefix__" not in html


def test_the_rows_follow_the_table_of_three_sides(client) -> None:
    data = paper([[100, 200, -50]], names=("A", "B", "C"), players=6, sides=3)
    assert client.post("/import/", data).status_code == 302
    state = game_json(client, Game.objects.get())
    assert [(s["name"], s["total"]) for s in state["sides"]] == [("A", 100), ("B", 200), ("C", -50)]


def test_more_rows_stops_where_the_form_could_no_longer_be_sent(client, settings) -> None:
    """Django refuses a request of more fields than DATA_UPLOAD_MAX_NUMBER_FIELDS, losing what
    was typed: the rows stop short of it and say how to import a longer game."""
    from scorekeeper.paper_forms import row_cap

    settings.DATA_UPLOAD_MAX_NUMBER_FIELDS = 200
    cap = row_cap(2)
    assert 3 < cap < 20
    page = client.post("/import/", paper([[90, 100]], rows=cap - 1, more="1")).content.decode()
    assert f'name="hands-TOTAL_FORMS" value="{cap}"' in page
    assert f"This form holds {cap} hands for this table" in page
    assert 'data-testid="more-rows"' not in page


@pytest.mark.parametrize("sides", [6, 200_000, -3])
def test_a_number_of_sides_no_table_has_is_refused_without_a_500(client, sides: int) -> None:
    """From an attack: sides=6 made a row check a box that does not exist (a 500), and a huge
    number gave each row that many columns (minutes of a worker)."""
    data = paper([[100, -50]], players=6, sides=sides)
    response = client.post("/import/", data)
    assert response.status_code == 400
    assert not Game.objects.exists()


def test_a_post_claiming_thousands_of_rows_builds_no_more_than_the_form_holds(client) -> None:
    from scorekeeper.paper_forms import PaperImport, row_cap

    data = paper([[100, -50]], rows=2000)
    from django.http import QueryDict

    query = QueryDict(mutable=True)
    query.update({k: str(v) for k, v in data.items()})
    form = PaperImport(query)
    assert len(form.rows.forms) == row_cap(2) < 100
