"""The scoreboard's chart and hand rows, and the history page: an edit's old → new scores, who
made each change in the reader's language."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.urls import reverse

from scorekeeper.selectors import game_revisions
from scorekeeper.services import EDIT_LINK, Author, hand_delete, hand_revise, hand_undo_delete
from tests.factories import BIG_HAND, NS_OUT_WITH_KINGS, new_game, open_edit_link, play_hands

pytestmark = pytest.mark.django_db

SMALL = [{"melds": [{"rank": "5", "naturals": 3}]}, {}]  # 15 / 0 (play_hands' default)
LINK = Author(EDIT_LINK)


def version(game, number: int) -> int:
    return game.hands.get(number=number).version


def revise(game, number: int, sides: list) -> None:
    hand_revise(
        game_id=game.id,
        number=number,
        sides=sides,
        author=LINK,
        expected_version=version(game, number),
    )


def figure(page: str) -> str:
    return page[page.index('<figure class="card chart"') : page.index("</figure>")]


def cells(page: str, name: str) -> list[str]:
    return [
        re.sub(r"\s+", " ", cell).strip()
        for cell in re.findall(rf'<td class="rev-{name}"[^>]*>(.*?)</td>', page, re.S)
    ]


# The chart


def test_the_chart_numbers_the_hands_and_the_totals_and_labels_the_target(client) -> None:
    game, token = new_game()
    play_hands(game, 1, NS_OUT_WITH_KINGS)
    play_hands(game, 2, BIG_HAND)
    chart = figure(client.get(open_edit_link(client, game, token)).content.decode())
    hands = chart[
        chart.index('data-testid="chart-hands"') : chart.index("</g>", chart.index("chart-hands"))
    ]
    assert re.findall(r">(\d+)</text>", hands) == ["1", "2", "3"]
    assert re.findall(r'dy="0.35em">(\u2212?\d+)</text>', chart) == [
        "\u22121000", "0", "1000", "2000", "3000", "4000", "5000",
    ]  # fmt: skip
    assert re.search(r'data-testid="chart-target">target 5000</text>', chart)
    assert 'class="swatch line-0"' in chart and 'class="swatch line-1"' in chart
    assert "style=" not in chart


def test_a_long_game_numbers_every_fifth_hand(client) -> None:
    game, _ = new_game(rules={"target": 100000})
    play_hands(game, 34)
    chart = figure(client.get(reverse("game", args=[game.id])).content.decode())
    hands = chart[chart.index('data-testid="chart-hands"') :]
    assert re.findall(r'<text x="[\d.]+" y="\d+">(\d+)</text>', hands) == [
        "5", "10", "15", "20", "25", "30",
    ]  # fmt: skip
    assert "target 100000" in chart


def test_the_target_label_is_translated(client) -> None:
    game, _ = new_game()
    play_hands(game, 2)
    page = client.get(reverse("game", args=[game.id]), HTTP_ACCEPT_LANGUAGE="fr")
    assert 'data-testid="chart-target">objectif 5000</text>' in page.content.decode()


# Attributes the browser reads as numbers (a list of numbers for viewBox and points).
NUMBERS = ("x", "y", "x1", "x2", "y1", "y2", "font-size", "stroke-width")


@pytest.mark.parametrize("language", ["fr", "es", "it", "de", "pt-br", "nl"])
def test_the_chart_draws_with_plain_numbers_in_a_language_that_writes_decimal_commas(
    client, language: str
) -> None:
    """Django writes 247.1 as "247,1" in these languages, which SVG reads as two numbers: hand
    10's label then drew as "1" (its "0" at x=1), and the grid lines vanished."""
    game, _ = new_game()
    play_hands(game, 13)  # hands 2, 4... 12 numbered, at x = 44 + 264 × n / 13: fractions
    page = client.get(reverse("game", args=[game.id]), HTTP_ACCEPT_LANGUAGE=language)
    text = page.content.decode()
    assert f'<html lang="{language}">' in text
    svg = ET.fromstring(text[text.index("<svg") : text.index("</svg>") + 6])  # noqa: S314 our page
    numbers = [value for element in svg.iter() for name in NUMBERS if (value := element.get(name))]
    assert len(numbers) > 50
    assert all(float(value) >= 0 for value in numbers), numbers
    assert any("." in value for value in numbers)  # fractions, the case that broke
    assert [float(n) for n in svg.get("viewBox").split()] == [0, 0, 320, 220]
    lines = [element.get("points").split() for element in svg.iter("polyline")]
    assert [len(points) for points in lines] == [14, 14]  # 0 and the 13 hands
    for x, y in (point.split(",") for points in lines for point in points):
        float(x), float(y)
    hands = next(g for g in svg.iter("g") if g.get("data-testid") == "chart-hands")
    assert [label.text for label in hands.iter("text")] == ["2", "4", "6", "8", "10", "12"]


# Hand rows


def test_correct_and_delete_are_apart_and_big_enough_to_tap(client) -> None:
    game, token = new_game()
    play_hands(game, 1)
    page = client.get(open_edit_link(client, game, token)).content.decode()
    row = re.search(r'<span class="row-actions">(.*?)</span>', page).group(1)
    assert re.findall(r'<a class="([^"]+)"', row) == [
        "button small row-action",
        "button small row-action danger",
    ]
    css = (Path(__file__).resolve().parents[2] / "static/scorekeeper/app.css").read_text()
    rule = re.search(r"\.row-actions \.row-action \{([^}]*)\}", css).group(1)
    assert "min-width: 44px" in rule and "min-height: 44px" in rule
    assert re.search(r"\.row-actions \{[^}]*gap: \.75rem", css)


def test_a_negative_score_reads_with_a_minus_sign_and_the_exports_keep_the_hyphen(client) -> None:
    """A hyphen reads as a dash beside another number: people's pages write "−50" (U+2212); the
    CSV file and the API keep the "-50" every parser reads."""
    game, token = new_game()
    play_hands(game, 1, BIG_HAND)  # 2110 / -50 (50 points left in hand)
    board = client.get(open_edit_link(client, game, token)).content.decode()
    assert 'data-testid="total-1">\u221250</div>' in board
    assert '<span class="hand-total">\u221250</span> <span class="running">\u221250</span>' in board
    assert "in hand \u221250" in board and '<span class="hand-total">+2110</span>' in board
    # What the page shows (its scripts' data, the phone's engine's, keeps the JSON "-50").
    assert "-50" not in re.sub(r"<script[^>]*>.*?</script>", "", board, flags=re.S)
    home = client.get(reverse("home")).content.decode()
    assert '<span class="game-card-total">\u221250</span>' in home
    delete = client.get(reverse("hand-delete", args=[game.id, 1])).content.decode()
    assert "<strong>NS</strong> +2110</li><li><strong>EW</strong> \u221250</li>" in delete
    csv = client.get(reverse("export-csv", args=[game.id]))
    written = b"".join(csv.streaming_content).decode()
    assert ",-50," in written and "\u2212" not in written
    api = client.get(reverse("api-game", args=[game.id]), HTTP_AUTHORIZATION=f"Bearer {token}")
    assert [side["total"] for side in api.json()["sides"]] == [2110, -50]


# History


def test_an_edit_shows_the_old_and_the_new_scores(client) -> None:
    game, _ = new_game()
    play_hands(game, 1, NS_OUT_WITH_KINGS)
    revise(game, 1, BIG_HAND)
    page = client.get(reverse("history", args=[game.id])).content.decode()
    assert cells(page, "action") == ["Edited", "Entered"]
    assert cells(page, "result") == [
        '<span class="scores old">+670, 0</span> <span class="arrow">→</span> '
        '<span class="scores new">+2110, \u221250</span>',
        '<span class="scores">+670, 0</span>',
    ]
    assert "NS, EW" in page  # the order of the scores


def test_each_edit_leads_to_the_next_ones_before_through_deletes_and_restores() -> None:
    game, _ = new_game(rules={"target": 100000})
    play_hands(game, 3, SMALL)  # hands 1, 2, 3: 15 / 0 each
    revise(game, 3, NS_OUT_WITH_KINGS)  # hand 3: 15 → 670
    hand_delete(game_id=game.id, number=1, author=LINK, expected_version=version(game, 1))
    revise(game, 2, BIG_HAND)  # the same hand, now number 2: 670 → 2110
    hand_delete(game_id=game.id, number=1, author=LINK, expected_version=version(game, 1))
    hand_undo_delete(game_id=game.id, author=LINK)  # back at 1: the edited hand is 2 again
    revise(game, 2, SMALL)  # 2110 → 15
    play_hands(game, 1, SMALL)
    rows = game_revisions(game)
    edits = [
        (row.revision.number, row.revision.result["sides"][0]["total"], row.after)
        for row in reversed(rows)
        if row.revision.action == "edited"
    ]
    assert [(number, before, after["sides"][0]["total"]) for number, before, after in edits] == [
        (3, 15, 670),
        (2, 670, 2110),
        (2, 2110, 15),
    ]
    assert all(row.after is None for row in rows if row.revision.action != "edited")


def test_the_last_edit_of_a_hand_leads_to_the_hand_as_it_is_now() -> None:
    game, _ = new_game()
    play_hands(game, 2, SMALL)
    revise(game, 1, BIG_HAND)
    revise(game, 2, NS_OUT_WITH_KINGS)
    after = {row.revision.number: row.after for row in game_revisions(game) if row.after}
    assert after == {
        1: game.hands.get(number=1).result,
        2: game.hands.get(number=2).result,
    }
    assert after[1]["sides"][0]["total"] == 2110


def test_the_history_reads_two_queries_whatever_the_number_of_edits(
    django_assert_num_queries,
) -> None:
    game, _ = new_game(rules={"target": 100000})
    play_hands(game, 6, SMALL)
    for number in range(1, 7):
        revise(game, number, NS_OUT_WITH_KINGS)
    revise(game, 2, SMALL)
    with django_assert_num_queries(2):  # the revisions, the hands still edited last
        rows = game_revisions(game)
    assert sum(row.after is not None for row in rows) == 7


@pytest.fixture
def french_edit_link() -> Iterator[str]:
    """French for "edit link": locale/'s, or until it has one, words put in for this test only,
    so that the test shows the stored "edit link" is translated when shown."""
    from django.utils.translation import trans_real

    catalog = trans_real.translation("fr")._catalog
    if catalog.get("edit link"):
        yield catalog.get("edit link")
        return
    catalog["edit link"] = "lien de saisie"
    try:
        yield "lien de saisie"
    finally:
        for part in catalog._catalogs:
            part.pop("edit link", None)


def test_who_is_in_the_readers_language(client, french_edit_link: str) -> None:
    from django.contrib.auth import get_user_model

    game, token = new_game()
    play_hands(game, 1, SMALL)  # by "test"
    revise(game, 1, BIG_HAND)  # through the edit link
    open_edit_link(client, game, token)  # who may change the game sees the accounts named
    user = get_user_model().objects.create_user("claire", password="x")
    hand_revise(game_id=game.id, number=1, sides=SMALL, author=Author.of(user), expected_version=2)
    page = client.get(reverse("history", args=[game.id]), HTTP_ACCEPT_LANGUAGE="fr")
    text = page.content.decode()
    assert cells(text, "author") == ["claire", french_edit_link, "test"]
    assert cells(text, "action") == ["Corrigée", "Corrigée", "Saisie"]
    english = client.get(reverse("history", args=[game.id]), HTTP_ACCEPT_LANGUAGE="en")
    assert cells(english.content.decode(), "author") == ["claire", "edit link", "test"]


def test_the_history_names_an_account_only_to_those_who_may_change_the_game(client) -> None:
    """The read-only link is anyone's: a change made through an account (a club's director
    correcting a table's hand) read "dora.rossi", a login anyone could then lock out."""
    from django.contrib.auth import get_user_model

    from scorekeeper.services import Author, game_create, hand_add

    dora = get_user_model().objects.create_user("dora.rossi")
    game, _ = game_create(
        variant="classic", players=4, sides=[{"name": "NS"}, {"name": "EW"}], owner=dora
    )
    hand_add(game_id=game.id, sides=BIG_HAND, author=Author.of(dora))
    history = reverse("history", args=[game.id])
    anyone = client.get(history).content.decode()
    assert "dora.rossi" not in anyone and "an account" in anyone
    client.force_login(dora)
    assert "dora.rossi" in client.get(history).content.decode()
