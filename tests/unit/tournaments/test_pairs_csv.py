"""The pairs' CSV as spreadsheets write it (tournaments/pairs_csv.py) and the import form that
hands it on. Every input is written out here; the expected pairs and messages are worked by
hand. No database."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tournaments.forms import ImportForm
from tournaments.pairs_csv import (
    MAX_BYTES,
    MAX_PAIRS,
    CsvRefused,
    decode,
    pairs_from_csv,
)

HEADER = "name,player_1,player_2,club,seed\n"


def pair(name: str, player_1: str = "", player_2: str = "", club: str = "", seed: int = 0):
    return {"name": name, "player_1": player_1, "player_2": player_2, "club": club, "seed": seed}


def refusal(data: bytes | str) -> list[str]:
    with pytest.raises(CsvRefused) as refused:
        pairs_from_csv(data)
    return refused.value.problems


# The pairs read -----------------------------------------------------------------------------


def test_every_column_is_read_with_the_seed_as_a_number() -> None:
    text = HEADER + "Les As,Anne Morel,Bruno Roy,Lyon,3\nLes Rois,Carla,Denis,,\n"
    assert pairs_from_csv(text) == [
        pair("Les As", "Anne Morel", "Bruno Roy", "Lyon", 3),
        pair("Les Rois", "Carla", "Denis"),
    ]


def test_only_the_name_column_is_needed_and_the_others_come_back_empty() -> None:
    assert pairs_from_csv(b"name\nLes As\n") == [pair("Les As")]


def test_columns_come_in_any_order_and_case_with_spaces_around() -> None:
    text = " Seed ; CLUB ;Name\n7;Lyon;Les As\n"
    assert pairs_from_csv(text) == [pair("Les As", club="Lyon", seed=7)]


def test_values_are_trimmed_and_blank_lines_skipped() -> None:
    text = "\nname,club\n\n  Les As ,  Lyon\t\n,\n\nLes Rois,Nice\n"
    assert pairs_from_csv(text) == [pair("Les As", club="Lyon"), pair("Les Rois", club="Nice")]


def test_trailing_empty_columns_of_a_spreadsheet_are_ignored() -> None:
    assert pairs_from_csv("name;club;;\nLes As;Lyon;;\n") == [pair("Les As", club="Lyon")]


def test_a_quoted_value_keeps_its_separator() -> None:
    text = 'name,player_1\n"Morel, Roy","Morel, Anne"\n'
    assert pairs_from_csv(text) == [pair("Morel, Roy", "Morel, Anne")]


def test_seeds_from_0_to_a_million_are_taken_and_an_empty_seed_is_0() -> None:
    text = "name,seed\nA,0\nB,1000000\nC,\nD,007\n"
    assert [p["seed"] for p in pairs_from_csv(text)] == [0, 1_000_000, 0, 7]


def test_names_at_their_limits_are_taken() -> None:
    text = f"name,player_1,player_2,club\n{'n' * 60},{'p' * 80},{'q' * 80},{'c' * 80}\n"
    assert pairs_from_csv(text) == [pair("n" * 60, "p" * 80, "q" * 80, "c" * 80)]


# Separators and line ends -------------------------------------------------------------------


def test_french_excel_semicolons_leave_commas_inside_names() -> None:
    text = "name;player_1;player_2;club\r\nLes As;Morel, Anne;Roy, Bruno;Lyon\r\n"
    assert pairs_from_csv(text) == [pair("Les As", "Morel, Anne", "Roy, Bruno", "Lyon")]


def test_tabs_separate_columns_when_the_header_is_tab_separated() -> None:
    assert pairs_from_csv("name\tclub\nLes As\tLyon\n") == [pair("Les As", club="Lyon")]


def test_old_mac_line_ends_are_lines() -> None:
    assert pairs_from_csv("name\rA\rB\r") == [pair("A"), pair("B")]


# Encodings ----------------------------------------------------------------------------------


def test_windows_1252_french_names_are_read_back_exactly() -> None:
    data = "Élise & Loïc".encode("cp1252")
    assert data == b"\xc9lise & Lo\xefc"  # not UTF-8: 0xC9 and 0xEF are lone bytes
    assert decode(data) == "Élise & Loïc"


def test_an_excel_csv_in_windows_1252_gives_its_pairs() -> None:
    data = "name;player_1;player_2;club\r\nÉlise & Loïc;Élise Müller;Loïc Bœuf;Besançon\r\n"
    assert pairs_from_csv(data.encode("cp1252")) == [
        pair("Élise & Loïc", "Élise Müller", "Loïc Bœuf", "Besançon")
    ]


@pytest.mark.parametrize(
    ("encoding", "line"),
    [
        ("cp1250", "Łukasz & Paweł;Łukasz Wójcik;Paweł Żak;Kraków"),  # "£ukasz" in 1252
        ("cp1251", "Иван & Пётр;Иван Петров;Пётр Сидоров;Москва"),
        ("mac_roman", "Élise & Loïc;Élise Martin;Loïc Dubois;Châteauroux"),
    ],
)
def test_other_code_pages_a_spreadsheet_writes_are_read_right(encoding: str, line: str) -> None:
    text = "name;player_1;player_2;club\n" + line + "\n"
    assert decode(text.encode(encoding)) == text


def test_utf8_with_a_byte_order_mark_names_the_columns() -> None:
    data = "\ufeffname,club\nÉlise & Loïc,Besançon\n".encode()
    assert data.startswith(b"\xef\xbb\xbf")
    assert pairs_from_csv(data) == [pair("Élise & Loïc", club="Besançon")]


def test_valid_utf8_is_read_as_utf8_though_it_is_also_valid_1252() -> None:
    data = "name\nÉlise\n".encode()  # É is C3 89: "Ã‰" in Windows-1252
    assert pairs_from_csv(data) == [pair("Élise")]


def test_excel_unicode_text_is_utf16_with_tabs() -> None:
    data = "name\tclub\nÉlise & Loïc\tBesançon\n".encode("utf-16")
    assert pairs_from_csv(data) == [pair("Élise & Loïc", club="Besançon")]


def test_pasted_text_loses_a_leading_byte_order_mark() -> None:
    assert pairs_from_csv("\ufeffname\nA\n") == [pair("A")]


def test_a_workbook_is_refused_with_how_to_save_a_csv() -> None:
    (problem,) = refusal(b"PK\x03\x04\x14\x00\x06\x00[Content_Types].xml")
    assert "not a CSV file" in problem and "CSV UTF-8" in problem


def test_bytes_no_encoding_reads_are_refused() -> None:
    (problem,) = refusal(bytes(range(128, 256)) * 20)
    assert problem.startswith("The file's characters cannot be read")


# The header ---------------------------------------------------------------------------------


def test_a_duplicate_column_is_refused_by_name() -> None:
    assert refusal("name,club,Club\nA,Lyon,Nice\n") == ["Line 1: the column “club” is named twice."]


def test_every_unknown_column_is_named_as_written() -> None:
    assert refusal("nom,Joueur 1\nA,B\n") == [
        "Line 1: unknown column “nom”; the columns are name, player_1, player_2, club, seed.",
        "Line 1: unknown column “Joueur 1”; the columns are name, player_1, player_2, club, seed.",
        "Line 1 must name the columns, at least “name”: name, player_1, player_2, club, seed.",
    ]


def test_a_header_without_name_is_refused() -> None:
    assert refusal("\nclub\nLyon\n") == [
        "Line 2 must name the columns, at least “name”: name, player_1, player_2, club, seed."
    ]


def test_an_empty_column_between_named_ones_is_refused() -> None:
    assert refusal("name,,club\nA,,B\n") == ["Line 1: column 2 has no name."]


def test_an_empty_file_and_a_header_alone_are_refused() -> None:
    assert refusal(b"") == ["The file is empty."]
    assert refusal("\n \n,,\n") == ["The file is empty."]
    assert refusal("name,club\n\n") == ["The file lists no pair."]


# The lines ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", ["²", "٣", "-1", "1.5", "+3", "3000000000", "1000001", "x"])
def test_a_seed_that_is_not_a_whole_number_up_to_a_million_is_refused(seed: str) -> None:
    assert refusal(f"name,seed\nA,{seed}\n") == [
        f"Line 2: the seed “{seed}” is not a whole number from 0 to 1000000."
    ]


def test_a_seed_of_thousands_of_digits_is_refused_not_a_crash() -> None:
    # int() refuses over 4300 digits: the length is checked first.
    (problem,) = refusal("name,seed\nA," + "9" * 5000 + "\n")
    assert problem.startswith("Line 2: the seed “99999") and problem.endswith("to 1000000.")


@pytest.mark.parametrize(
    ("cells", "problem"),
    [
        (f"{'n' * 61},,,", "Line 2: “name” has 61 characters; at most 60."),
        (f"A,{'p' * 81},,", "Line 2: “player_1” has 81 characters; at most 80."),
        (f"A,,{'q' * 81},", "Line 2: “player_2” has 81 characters; at most 80."),
        (f"A,,,{'c' * 81}", "Line 2: “club” has 81 characters; at most 80."),
    ],
)
def test_a_name_over_the_games_limit_is_refused(cells: str, problem: str) -> None:
    assert refusal("name,player_1,player_2,club\n" + cells + "\n") == [problem]


@pytest.mark.parametrize(
    ("line", "column"),
    [("Les\tAs,Anne,", "name"), ("Les As,An\x00ne,", "player_1"), ("Les As,,Ly\x1bon", "club")],
)
def test_a_tab_or_control_character_inside_a_name_is_refused(line: str, column: str) -> None:
    assert refusal("name,player_1,club\n" + line + "\n") == [
        f"Line 2: “{column}” holds a tab, a line break or a control character."
    ]


def test_a_quoted_line_break_is_refused_and_later_lines_keep_their_numbers() -> None:
    text = 'name,club\n"Les\nAs",Lyon\nB,Nice,Paris\n'
    assert refusal(text) == [
        "Line 2: “name” holds a tab, a line break or a control character.",
        "Line 4 has 3 cells but the first line names 2 columns: put a value holding the "
        "separator between quotes.",
    ]


def test_a_pair_without_a_name_is_refused() -> None:
    assert refusal("name,player_1\nA,Ann\n,Bob\n") == ["Line 3: a pair needs a name."]


def test_too_few_cells_are_refused_as_a_shifted_line() -> None:
    # "Morel;Roy" in a comma file is one cell: a separator typed wrong, not an empty club.
    assert refusal("name,club\nMorel;Roy\n") == [
        "Line 2 has 1 cell but the first line names 2 columns."
    ]


def test_a_name_listed_twice_in_any_case_is_refused_with_both_lines() -> None:
    assert refusal("name\nLes As\nB\nLES  as\n") == [
        "Line 4: the pair “LES  as” is already on line 2."
    ]


def test_a_cell_too_long_for_csv_is_named_and_the_next_lines_still_checked() -> None:
    text = "name,club\nA,Lyon\nB," + "x" * 200_000 + "\nC,Nice,?\n"
    assert len(text.encode()) < MAX_BYTES  # csv's own limit (131072) is met first
    assert refusal(text) == [
        "Line 3: a cell is too long to read (over 131072 characters).",
        "Line 4 has 3 cells but the first line names 2 columns: put a value holding the "
        "separator between quotes.",
    ]


def test_three_bad_lines_are_all_named_in_one_answer_and_nothing_is_returned() -> None:
    text = HEADER + "Les As,Anne,Bob,Lyon,1\n,Carla,Denis,,\nLes Rois,,,,²\nLes As,,,,\n"
    with pytest.raises(CsvRefused) as refused:
        pairs_from_csv(text)
    assert refused.value.problems == [
        "Line 3: a pair needs a name.",
        "Line 4: the seed “²” is not a whole number from 0 to 1000000.",
        "Line 5: the pair “Les As” is already on line 2.",
    ]
    assert str(refused.value) == " ".join(refused.value.problems)


def test_the_answer_names_the_first_50_problems_and_counts_the_rest() -> None:
    text = "name,seed\n" + "".join(f"P{i},x\n" for i in range(60))
    with pytest.raises(CsvRefused) as refused:
        pairs_from_csv(text)
    error = refused.value
    assert len(error.problems) == 60 and len(error.shown) == 50 and error.more == 10
    assert error.shown[-1] == "Line 51: the seed “x” is not a whole number from 0 to 1000000."
    assert str(error).endswith("to 1000000. …and 10 more problems.")


# The limits ---------------------------------------------------------------------------------


def test_1000_pairs_are_taken_and_1001_refused() -> None:
    lines = [f"Pair {i}" for i in range(MAX_PAIRS + 1)]
    assert len(pairs_from_csv("name\n" + "\n".join(lines[:1000]))) == 1000
    assert refusal("name\n" + "\n".join(lines)) == [
        "The file lists 1001 pairs: at most 1000 can be imported."
    ]


def test_a_file_of_1_mb_is_read_and_one_byte_more_refused_not_cut() -> None:
    data = b"name\nA\n" + b"\n" * (MAX_BYTES - 7)
    assert len(data) == 1_000_000
    assert pairs_from_csv(data) == [pair("A")]
    assert refusal(data + b"\n") == ["The file is too large: 1 MB at most."]


def test_pasted_text_is_measured_in_utf8_bytes() -> None:
    at_limit = "name\nÉlise\n" + "\n" * 999_988  # 5 + 6 + 1 + 999,988 bytes
    assert len(at_limit.encode()) == 1_000_000
    assert pairs_from_csv(at_limit) == [pair("Élise")]
    over = at_limit + "é"  # 1,000,000 characters, 1,000,002 bytes
    assert len(over) == 1_000_000
    assert refusal(over) == ["The file is too large: 1 MB at most."]


def test_a_line_of_2_million_characters_is_refused_as_too_large() -> None:
    line = "name,club\nA," + "x" * 2_000_000 + "\n"
    assert refusal(line) == ["The file is too large: 1 MB at most."]
    assert refusal(line.encode()) == ["The file is too large: 1 MB at most."]


# The import form ----------------------------------------------------------------------------


def upload(data: bytes) -> dict[str, SimpleUploadedFile]:
    return {"file": SimpleUploadedFile("pairs.csv", data, content_type="text/csv")}


def test_the_form_hands_on_a_files_bytes_undecoded() -> None:
    data = "name\nÉlise & Loïc\n".encode("cp1252")
    form = ImportForm({}, upload(data))
    assert form.is_valid(), form.errors
    assert form.csv_data() == data


def test_the_form_hands_on_pasted_text_as_text() -> None:
    form = ImportForm({"text": "name\nLes As\n"}, {})
    assert form.is_valid(), form.errors
    assert form.csv_data() == "name\nLes As"  # Django trims the text box


def test_the_form_prefers_a_chosen_file_to_the_text_box() -> None:
    form = ImportForm({"text": "name\nOld paste\n"}, upload(b"name\nFrom the file\n"))
    assert form.is_valid(), form.errors
    assert form.csv_data() == b"name\nFrom the file\n"


def test_the_form_refuses_a_file_over_1_mb_instead_of_cutting_it() -> None:
    at_limit = ImportForm({}, upload(b"name\nA\n" + b"\n" * (MAX_BYTES - 7)))
    assert at_limit.is_valid(), at_limit.errors
    over = ImportForm({}, upload(b"name\nA\n" + b"\n" * (MAX_BYTES - 6)))
    assert not over.is_valid()
    assert over.non_field_errors() == ["The file is too large: 1 MB at most."]


def test_the_form_counts_pasted_text_in_utf8_bytes() -> None:
    at_limit = ImportForm({"text": "é" * 500_000}, {})  # 1,000,000 bytes
    assert at_limit.is_valid(), at_limit.errors
    over = ImportForm({"text": "é" * 500_000 + "x"}, {})
    assert over.non_field_errors() == ["The file is too large: 1 MB at most."]


def test_the_form_asks_for_a_paste_or_a_file() -> None:
    form = ImportForm({"text": "  "}, {})
    assert form.non_field_errors() == ["Paste the pairs or choose a CSV file."]
