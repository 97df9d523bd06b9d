"""Danish pairing by the current standings: 1st v 2nd, 3rd v 4th, and so on, as Italian club
events in burraco and canasta run it (often after Mitchell rounds). "Modified Danish" moves a
pair down one place where the standings would repeat the previous round's match.

An odd field: the lowest-ranked pair without a bye sits out (everyone had one: the lowest).

What modified Danish guarantees: with four or more pairs at the tables, no pairing repeats the
previous round's match. Going down the standings, a repeating pair's lower pair swaps with the
next pair down: the new pairing cannot repeat (a pair had one opponent last round), and the pairs
below are checked in turn. At the foot, the upper pair of the last table swaps with the pair
above it instead, which again cannot repeat. With two pairs at the tables a repeat can be forced.
"""

from __future__ import annotations

from tournaments.engine.home_clubs import apart as clubs_apart
from tournaments.engine.types import Bye, Draw, History, Pairing, Reason, RoundInput, Why


def _order(given: RoundInput) -> list[int]:
    playing = [p.id for p in given.field if p.plays(given.number)]
    place = {pair: i for i, pair in enumerate(given.ranking)}
    index = {pair: i for i, pair in enumerate(playing)}
    return sorted(playing, key=lambda p: (place.get(p, len(place)), index[p]))


def _bye(order: list[int], history: History) -> int:
    for pair in reversed(order):
        if pair not in history.had_bye:
            return pair
    return order[-1]


def _repeats(history: History, a: int, b: int) -> bool:
    # Both ways: a history with a gap (a pair absent from a round) must not hide a repeat.
    return history.last_opponent(a) == b or history.last_opponent(b) == a


def _draw(given: RoundInput, modified: bool) -> Draw:
    order = _order(given)
    history = given.history
    byes: tuple[Bye, ...] = ()
    if len(order) % 2:
        bye = _bye(order, history)
        byes = (Bye(bye, (Why(Reason.BYE),)),)
        order.remove(bye)
    if given.number == 1 and not history.results:  # the event's first round: list order
        clubs = {p.id: p.club for p in given.field}
        tables = [(i, i + 1) for i in range(0, len(order) - 1, 2)]
        return Draw(given.number, clubs_apart(order, tables, clubs, Why(Reason.STANDINGS)), byes)
    moved: set[int] = set()
    if modified:
        for i in range(0, len(order) - 1, 2):
            if not _repeats(history, order[i], order[i + 1]):
                continue
            # Move the lower pair down one place; at the foot, move the upper pair up instead.
            if i + 2 < len(order):
                order[i + 1], order[i + 2] = order[i + 2], order[i + 1]
                moved |= {order[i + 1], order[i + 2]}
            elif i >= 2 and not _repeats(history, order[i - 1], order[i + 1]):
                order[i - 1], order[i] = order[i], order[i - 1]
                moved |= {order[i - 1], order[i]}
    pairings = []
    for i in range(0, len(order) - 1, 2):
        a, b = order[i], order[i + 1]
        why = [Why(Reason.MOVED_DOWN) if moved & {a, b} else Why(Reason.STANDINGS)]
        if history.have_met(a, b):
            why.append(Why(Reason.REMATCH))
        pairings.append(Pairing(a, b, why=tuple(why)))
    return Draw(given.number, tuple(pairings), byes)


def pair_round(given: RoundInput) -> Draw:
    """Modified Danish (the default)."""
    return _draw(given, modified=True)


def pair_round_plain(given: RoundInput) -> Draw:
    """Plain Danish: 1st v 2nd whatever happened last round."""
    return _draw(given, modified=False)
