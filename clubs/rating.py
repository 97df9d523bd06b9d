"""The club's optional rating of its players: openskill's Plackett-Luce model (pinned in
requirements.txt), fed every finished game in the order it was played, each side a team of its
players and the winning side ranked first. Partnerships change from game to game, so each
player carries their own estimate: a win over stronger players moves it more, and a new
player's estimate is uncertain until their games show their level.

A player's rating is the conservative estimate openskill calls the ordinal, ``mu - 3 sigma``
(the level they are very likely above), shown times ten from 0: everyone starts at 0 and it
rises as games are won. Pure Python, no Django: the selector hands it the games."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from core.rounding import half_up


@dataclass(frozen=True, slots=True)
class RatedGame:
    """A finished game: each side's players, and the winning side (None: a draw)."""

    sides: tuple[tuple[int, ...], ...]
    winner: int | None


@dataclass(frozen=True, slots=True)
class Rating:
    value: float  # shown: (mu - 3 sigma) × 10, at least 0
    mu: float
    sigma: float
    games: int


SCALE = 10


def rated_games(
    rows: Iterable[tuple[str, int, int, bool]], who: Callable[[int], int] = lambda p: p
) -> list[RatedGame]:
    """Each game of ``rows`` (its lines: game, side, player, won; in the order the games were
    played) as its players by side, each rated as ``who`` says (a club's player as themself, a
    federation's as its member), and the side that won (None: a draw)."""
    sides: dict[str, dict[int, list[int]]] = {}
    winners: dict[str, int] = {}
    for game_id, side, player_id, won in rows:
        sides.setdefault(game_id, {}).setdefault(side, []).append(who(player_id))
        if won:
            winners[game_id] = side
    games = []
    for game_id, by_side in sides.items():
        positions = sorted(by_side)
        winner = winners.get(game_id)
        games.append(
            RatedGame(
                tuple(tuple(by_side[p]) for p in positions),
                positions.index(winner) if winner in positions else None,
            )
        )
    return games


def ratings(games: Iterable[RatedGame]) -> dict[int, Rating]:
    """Every player's rating after ``games``, in the order given."""
    model = PlackettLuce()
    state: dict[int, PlackettLuceRating] = {}
    played: dict[int, int] = {}
    for game in games:
        if len(game.sides) < 2 or not all(game.sides):
            continue  # a game with no rated opponent says nothing of anyone's level
        teams = [[state.setdefault(p, model.rating()) for p in side] for side in game.sides]
        ranks: Sequence[int] = [
            1 if game.winner is None or i == game.winner else 2 for i in range(len(teams))
        ]
        rated = model.rate(teams, ranks=list(ranks))
        for side, team in zip(game.sides, rated, strict=True):
            for player, rating in zip(side, team, strict=True):
                state[player] = rating
                played[player] = played.get(player, 0) + 1
    out = {}
    for player, rating in state.items():
        mu, sigma = rating.mu, rating.sigma
        out[player] = Rating(
            value=max(0.0, float(half_up((mu - 3 * sigma) * SCALE, 1))),
            mu=mu,
            sigma=sigma,
            games=played.get(player, 0),
        )
    return out
