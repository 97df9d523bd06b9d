"""A long PDF laid out in parts: in processes of their own or here, the same pages in the same
order, one title; a part that fails fails the document; nothing fetched but its QR codes."""

from __future__ import annotations

import io
import os
import threading
import time
from collections import Counter

import pytest
from PIL import Image
from pypdf import PdfReader

from core import pdf_parts
from core.pdf_parts import Part, joined

STYLESHEET = "static/tournaments/print.css"


def key(name: str) -> str:
    return name.replace(" ", "-")


def link(name: str) -> str:
    return f"http://192.168.1.20:8000/t/table/{key(name)}/"


def part(*names: str, qr: bool = False) -> Part:
    pages = "".join(
        f'<section style="break-after: page"><h1>{name}</h1>'
        + (f'<img src="qr:{key(name)}" style="width: 30mm">' if qr else "")
        + "</section>"
        for name in names
    )
    html = f'<html lang="it"><head><title>Regional</title></head><body>{pages}</body></html>'
    codes = {key(name): link(name) for name in names} if qr else {}
    return Part(html, STYLESHEET, codes, len(names))


def pages(pdf: bytes) -> list[str]:
    """Each page's heading (under it, the part's own page number)."""
    return [page.extract_text().splitlines()[0] for page in PdfReader(io.BytesIO(pdf)).pages]


@pytest.mark.parametrize("processes", [1, 2])
def test_the_parts_pages_come_in_order_under_the_first_parts_title(processes) -> None:
    heard: list[tuple[int, int]] = []
    parts = [part("Table 1", "Table 2"), part("Table 3"), part("Table 4", "Table 5")]
    pdf = joined(parts, processes, lambda done: heard.append((done, threading.get_ident())))
    assert pages(pdf) == ["Table 1", "Table 2", "Table 3", "Table 4", "Table 5"]
    read = PdfReader(io.BytesIO(pdf))
    assert read.metadata.title == "Regional" and read.root_object["/Lang"] == "it"
    done = [items for items, _thread in heard]
    assert sorted(done) == done and done[-1] == 5 and len(done) == 3
    # On the calling thread, whose database connection the progress may use.
    assert {thread for _items, thread in heard} == {threading.get_ident()}


def test_the_qr_codes_are_laid_out_in_the_processes_too() -> None:
    pdf = joined([part("Table 1", qr=True), part("Table 2", qr=True)], processes=2)
    reader = PdfReader(io.BytesIO(pdf))
    for page, name in zip(reader.pages, ("Table 1", "Table 2"), strict=True):
        (shown,) = page.images  # the code of the part's own link, pixel for pixel
        made = Image.open(io.BytesIO(pdf_parts.qr_png(link(name))))
        assert shown.image.convert("L").tobytes() == made.convert("L").tobytes()
        assert page.extract_text().startswith(name)


@pytest.mark.parametrize("processes", [1, 2])
def test_a_part_that_cannot_be_laid_out_fails_the_document(processes) -> None:
    broken = Part("<p>Table 2</p>", "static/no-such-stylesheet.css", {}, 1)
    with pytest.raises(Exception, match="no-such-stylesheet"):
        joined([part("Table 1"), broken], processes)


def test_nothing_is_fetched_but_the_parts_own_qr_codes() -> None:
    link = "http://192.168.1.20:8000/t/table/key/"
    fetch = pdf_parts._fetcher({"1-ns": link})
    assert fetch("qr:1-ns").read() == pdf_parts.qr_png(link)
    for url in ("qr:2-ns", "file:///etc/passwd", "http://127.0.0.1:8000/admin/"):
        with pytest.raises(ValueError, match="not fetched"):
            fetch(url)


def test_a_document_of_no_part_is_refused() -> None:
    with pytest.raises(ValueError, match="no part"):
        joined([])


@pytest.mark.parametrize(
    ("items", "processes", "expected"),
    [
        ([36] * 13 + [32], 2, [[36] * 7, [36] * 6 + [32]]),  # 500 tables: 252 and 248
        ([40, 40, 40], 2, [[40], [40, 40]]),  # a part is not split
        ([40, 40, 40], 4, [[40], [40], [40]]),  # no share of nothing
        ([0, 0, 0], 2, [[0, 0], [0]]),  # no items: the parts dealt in turn
    ],
)
def test_each_process_lays_out_neighbouring_parts_of_about_as_many_items(
    items, processes, expected
) -> None:
    parts = [Part(f"<p>{n}</p>", STYLESHEET, {}, size) for n, size in enumerate(items)]
    shares = pdf_parts._shares(parts, processes)
    assert [[part.items for part in share] for share in shares] == expected
    assert [part for share in shares for part in share] == parts or not sum(items)


def test_a_process_that_hangs_is_ended_and_fails_the_document(tmp_path, monkeypatch) -> None:
    hangs = tmp_path / "hangs.css"
    os.mkfifo(hangs)  # opened for reading, it waits for a writer that never comes
    monkeypatch.setattr(pdf_parts, "SHARE_SECONDS", 2)
    with pytest.raises(RuntimeError, match="no answer in 2 s"):
        joined([part("Table 1"), Part("<p>Table 2</p>", str(hangs), {}, 1)], processes=2)


def test_a_share_that_fails_ends_the_others_at_once(tmp_path) -> None:
    hangs = tmp_path / "hangs.css"
    os.mkfifo(hangs)
    broken = Part("<p>Table 1</p>", "static/no-such-stylesheet.css", {}, 1)
    began = time.monotonic()
    with pytest.raises(RuntimeError, match="no-such-stylesheet"):
        joined([broken, Part("<p>Table 2</p>", str(hangs), {}, 1)], processes=2)
    assert time.monotonic() - began < pdf_parts.SHARE_SECONDS / 4  # not left to its own limit


def test_a_layout_process_that_crashes_is_run_again_once(monkeypatch, tmp_path) -> None:
    """Ended by a signal (a native library's fault, not the document's), a share's process is
    run again, once; crashing again, it fails the document."""
    import signal
    import sys

    runs = tmp_path / "runs"  # a line per run: the share it laid out

    def crashing(always: bool) -> None:
        # Each share's first run kills itself with SIGSEGV (``always``: every run), leaving a
        # mark beside its files; then the real process runs.
        script = (
            "import os, pathlib, signal, sys\n"
            f"with open({str(runs)!r}, 'a') as runs: runs.write(sys.argv[1] + '\\n')\n"
            "mark = pathlib.Path(sys.argv[1] + '.crashed')\n"
            f"if {always} or not mark.exists():\n"
            "    mark.touch()\n"
            "    os.kill(os.getpid(), signal.SIGSEGV)\n"
            "os.execv(sys.executable, [sys.executable, '-m', 'core.pdf_parts', *sys.argv[1:]])\n"
        )
        monkeypatch.setattr(
            pdf_parts,
            "_command",
            lambda asked, pdf: [sys.executable, "-c", script, str(asked), str(pdf)],
        )

    crashing(always=False)
    # The real layout process that runs after the made-up crash may crash too, under a whole
    # run's load, as the retry is there for (it did once in `make test`, exit -11): the made-up
    # crash must not use up its one retry. How many runs the module gives is counted below.
    with monkeypatch.context() as tries:
        tries.setattr(pdf_parts, "LAYOUT_TRIES", pdf_parts.LAYOUT_TRIES + 1)
        laid_out = joined([part("Table 1"), part("Table 2")], processes=2)
    assert pages(laid_out) == ["Table 1", "Table 2"]
    runs.unlink()
    crashing(always=True)
    with pytest.raises(RuntimeError, match=f"exit {-signal.SIGSEGV}"):
        joined([part("Table 1"), part("Table 2")], processes=2)
    # The share that failed the document was run twice: once, and again once.
    assert max(Counter(runs.read_text().splitlines()).values()) == 2
