"""The director's exports and printing: results, standings and hands as CSV, and per round the
table cards (with each table's QR code), score sheets and pairings as PDF, read back."""

from __future__ import annotations

import csv
import io
import os
import re
from pathlib import Path

import pytest
import segno
from django.urls import reverse
from pypdf import PdfReader

from core import pdf_parts
from scorekeeper.services import Author, hand_add
from tournaments.models import Match, ResultSubmission, Round, Tournament
from tournaments.services.entries import entries_add
from tournaments.services.results import result_correct, result_submit
from tournaments.services.rounds import round_pair, round_release
from tournaments.services.standings import standings_recompute
from tournaments.services.tournament import tournament_create
from tournaments.table_keys import table_token

pytestmark = pytest.mark.django_db

NS, EW = ResultSubmission.By.NS, ResultSubmission.By.EW
FORMULA = "=HYPERLINK(1)"  # a pair name a spreadsheet would run
KINGS_OUT = [{"melds": [{"rank": "K", "naturals": 7}], "went_out": True}, {}]  # 670 / 0
NAMES = [
    "Rossi & Bianchi",
    "Élise & Marc",
    FORMULA,
    "Dupont & Durand",
    "Anna & Ben",
    "Zorro & Zeta",
    "Carla & Dan",
    "Olga & Ivan",
    "Kim & Lee",
    "Hugo & Inès",
    "Pia & Quentin",
    "Yara & Xavi",
    "Maya & Noé",
]


@pytest.fixture
def event(dora) -> Tournament:
    """13 pairs, round 1 released: 6 tables and a bye; hands at table 1; results confirmed at
    table 1, corrected by the director at table 2, half-submitted at table 3."""
    tournament = tournament_create(name="Club <evening>", format="swiss", rounds=3, director=dora)
    entries_add(
        tournament_id=tournament.id,
        entries=[
            {"name": name, "seed": i, "player_1": f"P{i}a", "player_2": f"P{i}b"}
            for i, name in enumerate(NAMES, 1)
        ],
    )
    drawn = round_pair(tournament_id=tournament.id)
    round_release(round_id=drawn.id)
    tables = list(drawn.matches.filter(ew__isnull=False).order_by("table"))
    assert len(tables) == 6 and drawn.matches.filter(ew__isnull=True).count() == 1
    for _ in range(2):
        hand_add(game_id=tables[0].game_id, sides=KINGS_OUT, author=Author("t"))
    for by in (NS, EW):
        result_submit(match_id=tables[0].id, by=by, ns_score=1340, ew_score=0)
    result_submit(match_id=tables[1].id, by=NS, ns_score=900, ew_score=300)
    result_submit(match_id=tables[1].id, by=EW, ns_score=300, ew_score=900)
    result_correct(match_id=tables[1].id, ns_score=900, ew_score=350, reason="Sheet checked")
    result_submit(match_id=tables[2].id, by=NS, ns_score=500, ew_score=400)
    standings_recompute(tournament_id=tournament.id)  # the task, sent on commit
    return tournament


def matches(tournament: Tournament) -> list[Match]:
    return list(
        Match.objects.filter(round__tournament=tournament, ew__isnull=False)
        .select_related("ns", "ew")
        .order_by("table")
    )


def read_csv(response) -> list[list[str]]:
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert "no-store" in response["Cache-Control"]
    text = b"".join(response.streaming_content).decode()
    return list(csv.reader(io.StringIO(text)))


def read_pdf(response, name: str) -> PdfReader:
    assert response.status_code == 200, response.content[:200]
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")
    if keep := os.environ.get("KEEP_PDFS"):  # to look at them: KEEP_PDFS=/tmp/pdfs
        Path(keep).mkdir(parents=True, exist_ok=True)
        (Path(keep) / name).write_bytes(response.content)
    return PdfReader(io.BytesIO(response.content))


def text_of(reader: PdfReader) -> str:
    return "".join(page.extract_text() for page in reader.pages)


def placed(page, words: set[str]) -> dict[str, tuple[float, float]]:
    """Where on the page (x, y from the bottom left, in points) each of ``words`` is drawn."""
    out: dict[str, tuple[float, float]] = {}

    def seen(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if text.strip() in words:  # the text matrix, then the page's transformation
            out[text.strip()] = (
                tm[4] * cm[0] + tm[5] * cm[2] + cm[4],
                tm[4] * cm[1] + tm[5] * cm[3] + cm[5],
            )

    page.extract_text(visitor_text=seen)
    return out


def test_results_csv_lists_every_table_its_result_in_force_and_the_bye(client, dora, event):
    client.force_login(dora)
    rows = read_csv(client.get(reverse("export-results", args=[event.id])))
    assert rows[0] == [
        "Round",
        "Table",
        "North-South",
        "East-West",
        "N-S score",
        "E-W score",
        "Status",
        "Version",
        "Kind",
        "Reason",
    ]
    first = matches(event)[0]
    by_table = {row[1]: row for row in rows[1:]}
    assert by_table["1"] == [
        "1", "1", first.ns.name, first.ew.name, "1340", "0", "Confirmed", "2", "Submitted", "",
    ]  # fmt: skip
    assert by_table["2"][4:] == ["900", "350", "Confirmed", "3", "Corrected", "Sheet checked"]
    assert by_table["3"][4:] == ["", "", "Waiting for the other pair", "", "", ""]
    assert [row[1] for row in rows[1:]] == ["1", "2", "3", "4", "5", "6", ""]  # the bye last
    assert rows[-1][6] == "Bye" and rows[-1][3] == ""
    assert len(rows) == 1 + 6 + 1
    names = {cell for row in rows[1:] for cell in row[2:4]}
    assert "'" + FORMULA in names and FORMULA not in names  # neutralised, not dropped


def test_standings_csv_has_every_metric_and_says_which_snapshot(client, dora, event):
    client.force_login(dora)
    rows = read_csv(client.get(reverse("export-standings", args=[event.id])))
    header = rows[0]
    assert header[:2] == ["Rank", "Pair"]
    assert header[2:6] == ["Points", "Head to head", "Margin", "Buchholz"]  # tie-breaks first
    assert {"Wins", "Points scored", "Median Buchholz"} <= set(header)
    assert header[-4:] == ["Withdrawn", "Standings version", "After round", "Provisional"]
    assert len(rows) == 1 + 13
    top = dict(zip(header, rows[1], strict=True))
    first = matches(event)[0]
    assert (top["Rank"], top["Pair"], top["Points"]) == ("1", first.ns.name, "2")
    assert top["Margin"] == "1340"
    assert (top["Standings version"], top["After round"], top["Provisional"]) == ("1", "0", "yes")
    assert "'" + FORMULA in [row[1] for row in rows[1:]]


def test_standings_csv_before_any_result_is_its_header(client, dora):
    tournament = tournament_create(name="Empty", format="swiss", rounds=1, director=dora)
    client.force_login(dora)
    rows = read_csv(client.get(reverse("export-standings", args=[tournament.id])))
    assert len(rows) == 1 and rows[0][:3] == ["Rank", "Pair", "Points"]


def _raw_score_evening(dora, ns_score: int, ew_score: int) -> Tournament:
    """Three pairs under raw scores, the bye scoring the field's average: one table played."""
    tournament = tournament_create(
        name="Raw",
        format="swiss",
        rounds=2,
        points="raw",
        sit_out="field_average",
        director=dora,
    )
    entries_add(
        tournament_id=tournament.id,
        entries=[{"name": n, "seed": i} for i, n in enumerate(["Ash", "Birch", "Cedar"], 1)],
    )
    drawn = round_pair(tournament_id=tournament.id)
    round_release(round_id=drawn.id)
    table = drawn.matches.get(ew__isnull=False)
    for by in (NS, EW):
        result_submit(match_id=table.id, by=by, ns_score=ns_score, ew_score=ew_score)
    standings_recompute(tournament_id=tournament.id)
    return tournament


def _column(rows: list[list[str]], name: str) -> list[str]:
    at = rows[0].index(name)
    return [row[at] for row in rows[1:]]


def test_standings_csv_writes_each_column_with_one_number_of_decimals(client, dora):
    client.force_login(dora)
    # The bye scores the field's average, 700 (1000 and 400): a whole number, as the others.
    whole = read_csv(
        client.get(reverse("export-standings", args=[_raw_score_evening(dora, 1000, 400).id]))
    )
    assert sorted(_column(whole, "Points")) == ["1000", "400", "700"]  # not "700.0"
    # 905 and 300 average 602.5: every row of the column then has its one decimal.
    half = read_csv(
        client.get(reverse("export-standings", args=[_raw_score_evening(dora, 905, 300).id]))
    )
    assert sorted(_column(half, "Points")) == ["300.0", "602.5", "905.0"]
    assert sorted(_column(half, "Margin")) == ["-605", "0", "605"]


def test_a_pair_events_standings_csv_has_no_individual_event_column(client, dora, event):
    client.force_login(dora)
    header = read_csv(client.get(reverse("export-standings", args=[event.id])))[0]
    assert "Opponents less partners" not in header
    event.tiebreaks = ["tp", "opp_less_partners"]  # unless the director ranks by it
    event.save(update_fields=["tiebreaks"])
    header = read_csv(client.get(reverse("export-standings", args=[event.id])))[0]
    assert header[2:4] == ["Points", "Opponents less partners"]


def test_hands_csv_has_each_hand_score_and_running_total(client, dora, event):
    client.force_login(dora)
    rows = read_csv(client.get(reverse("export-hands", args=[event.id])))
    assert rows[0] == [
        "Round",
        "Table",
        "North-South",
        "East-West",
        "Hand",
        "N-S hand score",
        "N-S running total",
        "E-W hand score",
        "E-W running total",
    ]
    first = matches(event)[0]
    assert rows[1:] == [
        ["1", "1", first.ns.name, first.ew.name, "1", "670", "670", "0", "0"],
        ["1", "1", first.ns.name, first.ew.name, "2", "670", "1340", "0", "0"],
    ]


def test_only_a_director_of_its_club_may_download(client, django_user_model, dora, event):
    number = event.round_set.get().number
    urls = [reverse(name, args=[event.id]) for name in ("export-results", "export-standings")]
    urls += [reverse("export-hands", args=[event.id])]
    urls += [
        reverse(name, args=[event.id, number])
        for name in ("print-cards", "print-sheets", "print-pairings")
    ]
    for url in urls:
        assert client.get(url).status_code == 404  # anonymous
    client.force_login(django_user_model.objects.create_user("player", password="x"))
    for url in urls:
        assert client.get(url).status_code == 404  # another user
    client.force_login(django_user_model.objects.create_superuser("root", password="x"))
    for url in urls:
        assert client.get(url).status_code == 404  # the server's administrator, not a member
    client.force_login(dora)
    assert client.get(urls[0]).status_code == 200
    assert client.post(urls[0]).status_code == 405


def test_an_unknown_tournament_or_round_is_not_found(client, dora, event):
    client.force_login(dora)
    assert client.get(reverse("export-results", args=[event.id + 99])).status_code == 404
    for name in ("print-cards", "print-sheets", "print-pairings"):
        assert client.get(reverse(name, args=[event.id, 2])).status_code == 404
        assert client.get(reverse(name, args=[event.id + 99, 1])).status_code == 404


def drawn_codes(page) -> list[tuple[float, float, list[list[bool]]]]:
    """Each image drawn on the page: its centre (x, y from the bottom left, in points) and its
    pixels as rows of dark (True) or light, to compare with a QR code's modules."""
    out = []
    images = page["/Resources"]["/XObject"]

    def seen(operator: bytes, operands: list, cm: list[float], tm: list[float]) -> None:
        if operator != b"Do":
            return
        image = images[operands[0]].get_object().decode_as_image().convert("L")
        width, height = image.size
        pixels = image.tobytes()
        rows = [[p < 128 for p in pixels[y * width : (y + 1) * width]] for y in range(height)]
        out.append((cm[4] + cm[0] / 2, cm[5] + cm[3] / 2, rows))

    page.extract_text(visitor_operand_before=seen)
    return out


def qr_modules(link: str) -> list[list[bool]]:
    """The modules of the QR code that holds ``link`` (error correction M, as printed), with
    the 4-module quiet zone a scanner needs."""
    code = segno.make(link, error="m", micro=False)
    return [[bool(m) for m in row] for row in code.matrix_iter(scale=1, border=4)]


def test_table_cards_four_to_a_page_with_both_pairs_qr_codes(client, dora, event):
    client.force_login(dora)
    url = reverse("print-cards", args=[event.id, 1])
    reader = read_pdf(client.get(url), "cards.pdf")
    assert len(reader.pages) == 2  # 6 tables, 4 cards to a page; the bye has no card
    text = text_of(reader)
    tables = matches(event)
    for match in tables:
        assert match.ns.name in text and match.ew.name in text
    bye = Match.objects.get(round__tournament=event, ew__isnull=True)
    assert bye.ns.name not in text
    assert "Club <evening>" in text and "Round 1" in text
    assert text.count("NORTH-SOUTH") == 6 and text.count("EAST-WEST") == 6
    assert text.count("Each pair scans its own code") == 6
    # Each card in its quarter of the page, its table number big in the middle...
    first = reader.pages[0]
    width, height = float(first.mediabox.width), float(first.mediabox.height)
    at = placed(first, {"1", "2", "3", "4"})
    quarter = {n: (x > width / 2, y < height / 2) for n, (x, y) in at.items()}
    assert quarter == {
        "1": (False, False),
        "2": (True, False),
        "3": (False, True),
        "4": (True, True),
    }
    # ...and two codes on it, North-South's on the left, East-West's on the right, each the
    # pair's own link to the table.
    links = {
        (m.table, side): f"http://testserver/t/table/{table_token(m.game, side)}/"
        for m in tables
        for side in (NS, EW)
    }
    assert len(set(links.values())) == 12
    found = {}
    for number, page in enumerate(reader.pages):
        for x, y, pixels in drawn_codes(page):
            column, row = int(x > width / 2), int(y < height / 2)
            table = 1 + 4 * number + 2 * row + column
            card_left = column * width / 2
            side = NS if x < card_left + width / 4 else EW
            found[table, side] = pixels
    assert found.keys() == links.keys()
    for key, link in links.items():
        assert found[key] == qr_modules(link), key
    # Two cards to a page with ?per_page=2: one above the other, the codes the same.
    two = read_pdf(client.get(url + "?per_page=2"), "cards-2.pdf")
    assert len(two.pages) == 3
    codes = [drawn_codes(page) for page in two.pages]
    assert [len(page) for page in codes] == [4, 4, 4]
    top, bottom = codes[0][0], codes[0][2]
    assert top[1] > height / 2 > bottom[1]
    assert top[2] == qr_modules(links[1, NS]) and bottom[2] == qr_modules(links[2, NS])


def test_printing_loads_nothing_but_the_documents_own_images():
    link = "http://192.168.1.20:8000/t/table/key/"
    fetch = pdf_parts._fetcher({"1-ns": link})
    assert fetch("qr:1-ns").read() == pdf_parts.qr_png(link)
    for url in (
        "qr:2-ns",
        "file:///etc/passwd",
        "http://127.0.0.1:8000/admin/",
        "data:image/png;base64,iVBORw0KGgo=",
    ):
        with pytest.raises(ValueError, match="not fetched"):
            fetch(url)


def test_cards_need_the_released_round(client, dora, event):
    client.force_login(dora)
    for match in matches(event):
        if match.status not in (Match.Status.CONFIRMED, Match.Status.CLOSED):
            result_correct(match_id=match.id, ns_score=500, ew_score=400, reason="Paper sheet")
    drawn = round_pair(tournament_id=event.id)
    assert drawn.status == Round.Status.DRAFT
    assert client.get(reverse("print-cards", args=[event.id, 2])).status_code == 404
    assert client.get(reverse("print-pairings", args=[event.id, 2])).status_code == 200


def test_score_sheets_a_sheet_per_table_two_to_a_page(client, dora, event):
    client.force_login(dora)
    reader = read_pdf(client.get(reverse("print-sheets", args=[event.id, 1])), "sheets.pdf")
    assert len(reader.pages) == 3  # 6 tables, 4 hands each: two sheets to a page
    text = text_of(reader)
    for match in matches(event):
        assert f"Table {match.table}" in text
        assert match.ns.name in text and match.ew.name in text
    assert text.count("Running total") == 6 * 2
    assert text.count("Signature, North-South") == 6
    event.hands_per_round = 10
    event.save(update_fields=["hands_per_round"])
    reader = read_pdf(client.get(reverse("print-sheets", args=[event.id, 1])), "sheets-10.pdf")
    assert len(reader.pages) == 6  # ten hands: a sheet to a page
    assert re.search(r"\b10\b", reader.pages[0].extract_text())


def test_pairings_by_table_then_by_name_with_the_bye(client, dora, event):
    client.force_login(dora)
    reader = read_pdf(client.get(reverse("print-pairings", args=[event.id, 1])), "pairings.pdf")
    assert len(reader.pages) == 2  # by name starts on a page of its own
    by_table, by_name = (page.extract_text() for page in reader.pages)
    assert "pairings by table" in by_table and "pairings by name" in by_name
    first = matches(event)[0]
    assert re.search(rf"1\s*{re.escape(first.ns.name)}\s*{re.escape(first.ew.name)}", by_table)
    bye = Match.objects.select_related("ns").get(round__tournament=event, ew__isnull=True)
    assert re.search(rf"{re.escape(bye.ns.name)}\s*Bye", by_table)
    listed = [
        next(name for name in NAMES if line.startswith(name + " "))
        for line in by_name.splitlines()
        if any(line.startswith(name + " ") for name in NAMES)
    ]
    assert listed == [  # alphabetical, accents aside: Élise & Marc before Hugo & Inès
        FORMULA,
        "Anna & Ben",
        "Carla & Dan",
        "Dupont & Durand",
        "Élise & Marc",
        "Hugo & Inès",
        "Kim & Lee",
        "Maya & Noé",
        "Olga & Ivan",
        "Pia & Quentin",
        "Rossi & Bianchi",
        "Yara & Xavi",
        "Zorro & Zeta",
    ]
    line = f"{first.ew.name} 1 E-W {first.ns.name}"  # pair, table, seat, against
    assert line in by_name.splitlines()
    assert f"{bye.ns.name} – Bye" in by_name.splitlines()
