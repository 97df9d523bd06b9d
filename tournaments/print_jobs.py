"""Printing a round at any size. A round of up to ``INLINE_TABLES`` tables is printed in the
request (a few seconds); a larger one is made in the background (a 1000-pair round's score
sheets take some 30 s to lay out, past a web worker's timeout): a job records what it prints
and its progress, a Celery task (or, without a worker, a thread of the web process:
core.background.send_long) renders it a chunk of tables at a time, several at once where the
machine has the cores (core/pdf_parts.py), and the director's page shows "150 of 500 tables"
until the PDF is ready to download.

A job is found again by its fingerprint (the round, the kind, the language, the phones' address
and every name it prints): printing the same round again serves the same file at once. A run
claims its job first (a conditional update: one run at a time); a job that stopped making
progress (its process restarted) is put back to wait by the page that polls it, once however
many poll, and sent again.
Files live in settings.PRINT_ROOT, one per job (never in the database: the cards hold the
tables' private links); those a day old are deleted when a job starts and by `manage.py
print_purge` (daily from cron).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
import time
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from core import background
from core.pdf_parts import cores
from tournaments.models import PrintJob, Round
from tournaments.printing import PrintSpec, render, round_matches

logger = logging.getLogger("scorekeeper")

INLINE_TABLES = 50  # printed in the request: a few seconds (bench/print.py)
STALLED = timedelta(seconds=90)  # a chunk of tables takes seconds: a job silent this long is lost
KEEP = timedelta(days=1)


def needs_background(played: Round) -> bool:
    return played.matches.filter(ew__isnull=False).count() > INLINE_TABLES


def fingerprint(played: Round, spec: PrintSpec) -> str:
    """Everything the document shows: the same fingerprint prints the same file."""
    tables, byes = round_matches(played)
    shown = {
        "spec": [spec.kind, spec.per_page, spec.language, spec.base],
        "event": [played.tournament.name, played.number, played.tournament.hands_per_round],
        "tables": [
            [
                m.table,
                m.game_id,
                *(
                    e and [e.name, e.player_1, e.player_2]
                    for e in (m.ns, m.ew, m.ns_with, m.ew_with)
                ),
            ]
            for m in tables
        ],
        "byes": [m.ns.name for m in byes],
    }
    return hashlib.sha256(json.dumps(shown, sort_keys=True).encode()).hexdigest()


def path_of(job: PrintJob) -> Path:
    return Path(settings.PRINT_ROOT) / job.file


def print_job_start(*, round_id: int, spec: PrintSpec) -> PrintJob:
    """The job printing ``spec`` of the round: one ready or under way with the same
    fingerprint, or a new one, sent to be made."""
    played = Round.objects.select_related("tournament").get(id=round_id)
    mark = fingerprint(played, spec)
    print_jobs_purge()
    with transaction.atomic():
        Round.objects.select_for_update().get(id=round_id)  # one job per document at a time
        job = (
            PrintJob.objects.filter(round=played, fingerprint=mark)
            .exclude(status=PrintJob.Status.FAILED)
            .order_by("-created_at")
            .first()
        )
        if job is not None and (job.status != PrintJob.Status.READY or path_of(job).exists()):
            return print_job_check(job_id=job.id)
        job = PrintJob.objects.create(
            round=played,
            kind=spec.kind,
            per_page=spec.per_page,
            language=spec.language,
            base=spec.base,
            fingerprint=mark,
            total=played.matches.filter(ew__isnull=False).count(),
        )
        transaction.on_commit(lambda: _send(job.id))
    return job


def _stalled(job: PrintJob) -> bool:
    under_way = job.status in (PrintJob.Status.WAITING, PrintJob.Status.MAKING)
    return under_way and timezone.now() - job.updated_at > STALLED


def print_job_check(*, job_id: int) -> PrintJob:
    """The job as its page polls it. One that no worker has taken for a while (a broker with
    no worker behind it) is made here, in a thread of this process; one that stopped making
    progress is sent again. Each once, however many pages poll: a conditional update claims
    it."""
    job = PrintJob.objects.get(id=job_id)
    waiting = PrintJob.objects.filter(id=job.id, status=PrintJob.Status.WAITING)
    if background.claim_untaken(waiting, "updated_at", job.updated_at):
        from tournaments import tasks

        background.run_in_thread(tasks.print_render, job.id)
    elif _stalled(job):
        claimed = PrintJob.objects.filter(id=job.id, updated_at=job.updated_at).update(
            status=PrintJob.Status.WAITING, updated_at=timezone.now()
        )
        if claimed:
            _send(job.id)
    return job


def _send(job_id: int) -> None:
    from tournaments import tasks

    background.send_long(tasks.print_render, job_id)


def _claim(job: PrintJob) -> bool:
    """Take the job for this run if it waits (new, or put back by the page that found it
    stalled): one run makes it, however many were sent."""
    waiting = PrintJob.objects.filter(id=job.id, status=PrintJob.Status.WAITING)
    return bool(waiting.update(status=PrintJob.Status.MAKING, done=0, updated_at=timezone.now()))


def print_job_render(*, job_id: int) -> None:
    """Make the job's PDF, a chunk of tables at a time, recording its progress; a job another
    run is making, or one already made, is left as it is."""
    job = PrintJob.objects.select_related("round__tournament").get(id=job_id)
    if not _claim(job):
        return

    def progress(done: int, total: int) -> None:
        PrintJob.objects.filter(id=job.id).update(done=done, total=total, updated_at=timezone.now())

    spec = PrintSpec(job.kind, job.per_page, job.language, job.base)
    try:
        pdf = render(job.round, spec, progress, processes())
    except Exception as error:
        PrintJob.objects.filter(id=job.id).update(
            status=PrintJob.Status.FAILED, error=str(error)[:300]
        )
        raise
    name = f"{job.id}.pdf"
    _write(Path(settings.PRINT_ROOT) / name, pdf)
    PrintJob.objects.filter(id=job.id).update(
        status=PrintJob.Status.READY, file=name, updated_at=timezone.now()
    )


PROCESSES_AT_MOST = 4  # by default: a big machine's other cores serve the evening


def processes() -> int:
    """How many processes lay out a job's chunks at once: SCOREKEEPER_PRINT_PROCESSES, else one
    per core of the machine, four at most."""
    return settings.PRINT_PROCESSES or min(cores(), PROCESSES_AT_MOST)


def _write(path: Path, data: bytes) -> None:
    """Write the file whole or not at all (a reader never sees half a PDF)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary = tempfile.mkstemp(dir=path.parent, suffix=".part")
    with os.fdopen(descriptor, "wb") as out:
        out.write(data)
    os.replace(temporary, path)


def print_jobs_purge() -> int:
    """Delete the jobs and files a day old (the PDFs hold the tables' private links), and any
    file no job names (a round discarded while it printed). Returns the files deleted."""
    root = Path(settings.PRINT_ROOT)
    old = PrintJob.objects.filter(created_at__lt=timezone.now() - KEEP)
    files = list(old.exclude(file="").values_list("file", flat=True))
    old.delete()
    for name in files:
        (root / name).unlink(missing_ok=True)
    kept = set(PrintJob.objects.exclude(file="").values_list("file", flat=True))
    deleted = len(files)
    settled = time.time() - STALLED.total_seconds()  # not a file a run is just naming
    for path in root.glob("*.pdf") if root.is_dir() else ():
        if path.name not in kept and path.stat().st_mtime < settled:
            path.unlink(missing_ok=True)
            deleted += 1
    return deleted
