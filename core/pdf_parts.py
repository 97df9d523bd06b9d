"""A long PDF laid out in parts, several at once in processes of their own, and joined.

WeasyPrint lays a document out on one core, a millisecond or more for each box: a 1000-pair
round's 500 score sheets take some 25 s. Its parts (a few dozen tables each) do not depend on
each other, so on a machine with more than one core each process lays out a share of them, in
turn, and their PDFs are joined page by page (pypdf); one process lays them all out and joins
their pages without writing each (bench/print.py has the figures).

A share goes to a new Python process (``python -m core.pdf_parts``), neither forked (a web
process or a worker holds threads, locks and database connections a fork would copy mid-use) nor
a multiprocessing child (a Celery worker's processes may have none). So a part travels as what
WeasyPrint needs and nothing of the database: its HTML, its stylesheet's path and the links its
QR codes show, in a file; the process imports this module and WeasyPrint (half a second) and
nothing of Django, tells its progress a line a part and writes its PDF to a file. Every URL a
document names but its QR codes is refused, so no name in it makes the server fetch.
"""

from __future__ import annotations

import functools
import io
import json
import logging
import os
import queue
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import segno

logger = logging.getLogger(__name__)
ROOT = Path(__file__).resolve().parents[1]  # where ``python -m core.pdf_parts`` finds core/
LAYOUT_TRIES = 2  # a layout process that crashed is run again once (_laid_out_apart)
# The signals of a crash; not SIGKILL, by which a share is ended (hung, another failed, memory).
CRASHES = frozenset({signal.SIGSEGV, signal.SIGBUS, signal.SIGABRT, signal.SIGILL, signal.SIGFPE})
SHARE_SECONDS = 600  # a process's share takes seconds (a 4x slower machine: a minute or two)
NICE = 10  # the processes' priority below the web processes' (os.nice)
QR_SCHEME = "qr:"  # an image a part shows: the QR code of the link under this name


@dataclass(frozen=True)
class Part:
    """One part of a document: its HTML (a whole page of its own), the stylesheet file it is
    laid out with, the links of the QR codes it shows (``<img src="qr:NAME">``) and how many of
    the document's items (tables) it holds, for the progress."""

    html: str
    stylesheet: str
    qr_codes: Mapping[str, str] = field(default_factory=dict)
    items: int = 0


Progress = Callable[[int], None]  # items done so far


@functools.lru_cache(maxsize=4096)  # a round's links do not change: made once a process
def qr_png(url: str) -> bytes:
    """The QR code of ``url``: a PNG of one pixel per module with its quiet zone (4 modules),
    which the stylesheet scales up sharp (image-rendering: pixelated). A bitmap, not SVG:
    WeasyPrint parses and draws an inline SVG's path point by point (some 15 ms a code), an
    image it embeds as it is (3 ms). segno picks the best of the 8 masks, as the standard asks:
    most of the 5 ms a code takes."""
    out = io.BytesIO()
    segno.make(url, error="m", micro=False).save(out, kind="png", scale=1, border=4)
    return out.getvalue()


def _fetcher(qr_codes: Mapping[str, str]) -> Any:
    from weasyprint.urls import URLFetcher, URLFetcherResponse  # type: ignore[import-untyped]

    class PartImages(URLFetcher):  # a subclass, as WeasyPrint asks of a fetcher
        def fetch(self, url: str, _headers: object = None) -> URLFetcherResponse:
            name = url.removeprefix(QR_SCHEME)
            if not url.startswith(QR_SCHEME) or name not in qr_codes:
                raise ValueError(f"not fetched: {url}")
            return URLFetcherResponse(url, qr_png(qr_codes[name]), {"Content-Type": "image/png"})

    return PartImages(allowed_protocols=())


def laid_out(part: Part) -> Any:
    """The part laid out by WeasyPrint: its pages, not yet a PDF."""
    from weasyprint import CSS, HTML  # type: ignore[import-untyped]  # slow to import: on use

    fetcher = _fetcher(part.qr_codes)
    stylesheet = CSS(filename=part.stylesheet, url_fetcher=fetcher)
    return HTML(string=part.html, url_fetcher=fetcher).render(stylesheets=[stylesheet])


def main(asked: str, pdf: str) -> None:
    """A process's share: the parts in the file ``asked`` laid out in turn into the PDF file
    ``pdf``, the items done written to stdout after each part. At a lower priority than the
    web processes: on a busy evening the tables' pages go first, the documents wait."""
    os.nice(NICE)
    parts = [Part(**part) for part in json.loads(Path(asked).read_text())]
    Path(pdf).write_bytes(_joined_here(parts, lambda items: print(items, flush=True)))


def cores() -> int:
    """The cores this process may use: those it may run on, fewer where its control group's
    CPU quota allows fewer (a container of 2 CPUs on a machine of 64)."""
    try:
        count = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        count = os.cpu_count() or 1
    try:
        quota, period = Path("/sys/fs/cgroup/cpu.max").read_text().split()[:2]
        if quota != "max":
            count = min(count, max(1, int(quota) // int(period)))
    except (OSError, ValueError):  # no cgroup v2, or no quota
        pass
    return count


def joined(parts: Sequence[Part], processes: int = 1, progress: Progress | None = None) -> bytes:
    """The parts as one PDF, in their order, laid out by up to ``processes`` processes at once
    (one: here, in turn). ``progress`` hears the items done after each part, always on the
    calling thread (it may write to the database on that thread's connection)."""
    if not parts:
        raise ValueError("a document of no part")
    processes = min(processes, len(parts))
    if processes <= 1:
        return _joined_here(parts, progress)
    shares = _shares(parts, processes)
    told: queue.Queue[tuple[int, int]] = queue.Queue()  # (share, its items done) from the threads
    children: list[subprocess.Popen[str]] = []
    with (
        tempfile.TemporaryDirectory(prefix="pdf-parts-") as folder,
        ThreadPoolExecutor(max_workers=len(shares)) as pool,
    ):
        runs = [
            pool.submit(
                _laid_out_apart,
                share,
                Path(folder) / str(n),
                functools.partial(lambda n, items: told.put((n, items)), n),
                children,
            )
            for n, share in enumerate(shares)
        ]
        done = [0] * len(shares)
        failed: BaseException | None = None  # the first share's failure, not those it ended
        while not all(run.done() for run in runs) or not told.empty():
            if failed is None:
                failed = next((e for run in runs if run.done() and (e := run.exception())), None)
                for child in list(children) if failed else ():  # the others' work is lost
                    child.kill()
            try:
                share, items = told.get(timeout=0.1)
            except queue.Empty:
                continue
            done[share] = items
            if progress is not None:
                progress(sum(done))
        if failed is not None:  # a share that failed fails the document
            raise failed
        pdfs = [run.result() for run in runs]
    return _joined_pdfs(pdfs)


def _shares(parts: Sequence[Part], processes: int) -> list[list[Part]]:
    """The parts in ``processes`` runs of neighbours, each of about as many items: a part goes
    to the share its middle item falls in."""
    total = sum(part.items for part in parts)
    if not total:
        return [list(parts[n::processes]) for n in range(processes)]
    shares: list[list[Part]] = [[] for _ in range(processes)]
    before = 0
    for part in parts:
        shares[min(processes - 1, (2 * before + part.items) * processes // (2 * total))].append(
            part
        )
        before += part.items
    return [share for share in shares if share]


def _laid_out_apart(
    share: Sequence[Part], base: Path, heard: Progress, children: list[subprocess.Popen[str]]
) -> bytes:
    """The share's parts as one PDF, laid out by a process of its own (``main`` above), which
    ``children`` lists while it runs. A process that crashed (CRASHES: a fault of a native
    library under load, seen once in a test run, never an error of the document's) is run
    again, once; its progress is told again only past what the first had told."""
    asked, pdf, errors = (
        base.with_suffix(".json"),
        base.with_suffix(".pdf"),
        base.with_suffix(".log"),
    )
    asked.write_text(json.dumps([asdict(part) for part in share]))
    told = 0

    def heard_once(items: int) -> None:
        nonlocal told
        if items > told:
            told = items
            heard(items)

    for _attempt in range(LAYOUT_TRIES):
        code, late = _layout_run(_command(asked, pdf), errors, heard_once, children)
        if -code not in CRASHES:  # done, refused by the document, or ended (SIGKILL): once
            break
        logger.warning("a layout process crashed (signal %s): laid out again", -code)
    if code != 0:
        said = errors.read_text(errors="replace").strip().splitlines()
        why = f"no answer in {SHARE_SECONDS} s" if late else ""
        raise RuntimeError(
            f"a part could not be laid out: {why or (said[-1] if said else f'exit {code}')}"
        )
    return pdf.read_bytes()


def _command(asked: Path, pdf: Path) -> list[str]:
    # This Python, this module, and the files: nothing of the command comes from a request.
    return [sys.executable, "-m", "core.pdf_parts", str(asked), str(pdf)]


def _layout_run(
    command: list[str], errors: Path, heard: Progress, children: list[subprocess.Popen[str]]
) -> tuple[int, bool]:
    """One layout process run to its end: its exit code, and whether it was ended for taking
    longer than SHARE_SECONDS."""
    with errors.open("wb") as log:  # a file, not a pipe: no warning can fill it and block
        child = subprocess.Popen(  # noqa: S603
            command, cwd=ROOT, env=_environment(), stdout=subprocess.PIPE, stderr=log, text=True
        )
        children.append(child)
        late = threading.Event()

        def too_long() -> None:  # a process that hangs ends
            late.set()
            child.kill()

        stuck = threading.Timer(SHARE_SECONDS, too_long)
        stuck.start()
        try:
            for line in child.stdout or ():  # the items done, after each part
                heard(int(line))
            code = child.wait()
        finally:
            stuck.cancel()
            child.kill()  # ended already, unless reading it failed
            child.wait()
            children.remove(child)
    return code, late.is_set()


def _environment() -> dict[str, str]:
    """The processes' environment: this one's (fonts, locale, paths) without the server's
    secrets, which laying out a page never needs; nothing that keeps ``-m`` from finding core/
    in the working folder."""
    secret = ("DJANGO_SECRET_KEY", "DATABASE_URL", "REDIS_URL", "CELERY_BROKER_URL")
    kept = {k: v for k, v in os.environ.items() if k not in secret and "PASSWORD" not in k}
    kept.pop("PYTHONSAFEPATH", None)  # -m finds core/ in its working folder
    return kept


def _joined_here(parts: Sequence[Part], progress: Progress | None) -> bytes:
    """Each part laid out in turn, their pages written as one PDF (one copy of each font)."""
    documents, done = [], 0
    for part in parts:
        documents.append(laid_out(part))
        done += part.items
        if progress is not None:
            progress(done)
    pages = [page for document in documents for page in document.pages]
    return bytes(documents[0].copy(pages).write_pdf())


def _joined_pdfs(pdfs: Sequence[bytes]) -> bytes:
    """The PDFs' pages as one PDF, with the first one's title and language (a screen reader's)."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject

    writer = PdfWriter()
    for number, pdf in enumerate(pdfs):
        reader = PdfReader(io.BytesIO(pdf))
        writer.append(reader)
        if number == 0:
            if reader.metadata:
                writer.add_metadata(dict(reader.metadata))
            language = reader.root_object.get("/Lang")
            if language is not None:
                writer.root_object[NameObject("/Lang")] = language
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


if __name__ == "__main__":
    main(*sys.argv[1:])
