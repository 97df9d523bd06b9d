"""simulate_tournament: a real tournament in the database, played with random legal hands.

Pairs and ranks through the same services and tasks as the pages: each round is drawn by the
``round_pair`` task, released (a scorekeeper game per table), played hand by hand through
scorekeeper's services, submitted by both pairs (which confirms it) and ranked by the
``standings_recompute_task``. Progress goes to standard error; ``--json`` prints the event.
"""

from __future__ import annotations

import json
import math
import random
import sys
import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from core import background
from scorekeeper import services as scoring
from tournaments import tasks
from tournaments.engine.formats import FORMATS, MAX_ROUNDS, schedule_rounds
from tournaments.models import Match, ResultSubmission, Round, Tournament
from tournaments.selectors.standings import standings_latest
from tournaments.services.entries import entries_add
from tournaments.services.errors import TournamentError
from tournaments.services.results import result_submit
from tournaments.services.rounds import round_close, round_release
from tournaments.services.tournament import tournament_create
from tournaments.simulation import random_hand

DRAW_WAIT_SECONDS = 120  # a worker draws 1000 pairs in well under a second


def default_rounds(fmt: str, teams: int, legs: int) -> int:
    """A scheduled format plays its whole schedule (a round robin, a full Mitchell movement, a
    knockout to its final); Swiss and Danish enough rounds to single out a winner (log2 of the
    field, rounded up)."""
    return schedule_rounds(fmt, teams, legs) or max(1, math.ceil(math.log2(teams)))


class Command(BaseCommand):
    help = "Create and play a tournament with random hands; --json prints it."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(  # pair events: an individual event's tables seat four entries
            "--format",
            required=True,
            choices=[key for key, fmt in FORMATS.items() if not fmt.individual],
        )
        parser.add_argument("--teams", type=int, required=True, help="pairs (2 to 1000)")
        parser.add_argument("--rounds", type=int, help="default: as the format needs")
        parser.add_argument("--seed", type=int, required=True, help="the random seed")
        parser.add_argument("--hands", type=int, default=2, help="hands per table (default 2)")
        parser.add_argument("--points", choices=Tournament.Points.values, default="wdl")
        parser.add_argument("--preset", default="classic")
        parser.add_argument("--json", action="store_true", help="print the event as JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        fmt, teams, seed = options["format"], options["teams"], options["seed"]
        if not 2 <= teams <= 1000:
            raise CommandError("--teams must be from 2 to 1000", returncode=2)
        if not 0 <= options["hands"] <= 20:
            raise CommandError("--hands must be from 0 to 20", returncode=2)
        rounds = options["rounds"] or default_rounds(fmt, teams, 1)
        if not 1 <= rounds <= MAX_ROUNDS:
            raise CommandError(f"--rounds must be from 1 to {MAX_ROUNDS}", returncode=2)
        rng = random.Random(seed)  # noqa: S311 (a simulation, not a secret)
        try:
            tournament = tournament_create(
                name=f"Simulated {fmt} {teams}",
                format=fmt,
                rounds=rounds,
                variant=options["preset"],
                hands_per_round=options["hands"] or None,
                points=options["points"],
                seed=seed,
            )
        except TournamentError as error:
            raise CommandError(str(error), returncode=2) from None
        entries_add(
            tournament_id=tournament.id,
            entries=[
                {"name": f"Team {i:04d}", "seed": i, "club": f"Club {rng.randrange(1, 9)}"}
                for i in range(1, teams + 1)
            ],
        )
        played = []
        for number in range(1, rounds + 1):
            drawn = self._draw(tournament, number)
            round_release(round_id=drawn.id)
            played.append(self._play(drawn, tournament, rng, options["hands"]))
            sys.stderr.write(f"round {number}/{rounds}: {len(played[-1]['tables'])} tables\n")
        round_close(round_id=drawn.id)  # the last: the event finishes, standings final
        if options["json"]:
            self.stdout.write(json.dumps(self._event(tournament, fmt, played)))

    def _draw(self, tournament: Tournament, number: int) -> Round:
        """Round ``number``, drawn by the ``round_pair`` task: by a worker when the broker
        answers (waited for), else here (core.background)."""
        background.send(tasks.round_pair, tournament.id, number)
        deadline = time.monotonic() + DRAW_WAIT_SECONDS
        while True:
            drawn = Round.objects.filter(tournament=tournament, number=number).first()
            if drawn is not None:
                return drawn
            tournament.refresh_from_db(fields=["draw_refusal"])
            if tournament.draw_refusal:
                refusal = TournamentError.from_json(tournament.draw_refusal)
                raise CommandError(f"round {number} cannot be drawn: {refusal}")
            if time.monotonic() > deadline:
                raise CommandError(f"round {number} was not drawn in {DRAW_WAIT_SECONDS} s")
            time.sleep(0.2)

    def _play(
        self, drawn: Round, tournament: Tournament, rng: random.Random, hands: int
    ) -> dict[str, Any]:
        """Every table plays its hands; both pairs submit the game's totals in one go."""
        matches = list(drawn.matches.select_related("ns", "ew").order_by("table", "id"))
        tables, byes = [], []
        with transaction.atomic():  # one standings recompute for the whole round
            for match in matches:
                if match.ew is None:
                    byes.append(match.ns.name)
                    continue
                scores = self._scores(match, tournament, rng, hands)
                winner = None
                if scores[0] == scores[1] and FORMATS[drawn.format].knockout:
                    winner = rng.choice([match.ns_id, match.ew_id])  # the extra hand's winner
                for by in (ResultSubmission.By.NS, ResultSubmission.By.EW):
                    result_submit(
                        match_id=match.id,
                        by=by,
                        ns_score=scores[0],
                        ew_score=scores[1],
                        winner_id=winner,
                    )
                won = winner or (
                    None
                    if scores[0] == scores[1]
                    else match.ns_id
                    if scores[0] > scores[1]
                    else match.ew_id
                )
                tables.append(
                    {
                        "table": match.table,
                        "teams": [match.ns.name, match.ew.name],
                        "scores": scores,
                        # A tied knockout table's extra hand decides it; elsewhere a tie is a draw.
                        "winner": None
                        if won is None
                        else match.ns.name
                        if won == match.ns_id
                        else match.ew.name,
                    }
                )
        return {"number": drawn.number, "tables": tables, "byes": byes}

    def _scores(
        self, match: Match, tournament: Tournament, rng: random.Random, hands: int
    ) -> list[int]:
        if match.game_id is None:
            raise CommandError(f"table {match.table} has no game")
        author = scoring.Author("simulator")
        for _ in range(hands):
            try:
                scoring.hand_add(
                    game_id=match.game_id,
                    sides=random_hand(rng, tournament.variant, tournament.rules),
                    author=author,
                )
            except scoring.GameFinished:
                break
        match.game.refresh_from_db(fields=["totals"])  # type: ignore[union-attr]
        return [int(t) for t in match.game.totals]  # type: ignore[union-attr]

    def _event(
        self, tournament: Tournament, fmt: str, rounds: list[dict[str, Any]]
    ) -> dict[str, Any]:
        latest = standings_latest(tournament)
        rows: list[dict[str, Any]] = latest.rows if latest else []
        first = tournament.tiebreaks[0]
        return {
            "format": fmt,
            "rounds": rounds,
            "standings": [
                {"rank": row["rank"], "team": row["name"], "points": row["metrics"][first]}
                for row in rows
            ],
        }
