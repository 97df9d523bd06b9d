"""Each pair's private link to its table: ``/t/table/<token>/``, one for North-South and one for
East-West, each on the table card as a QR code. A link opens the table's game to enter hands and
submits its own pair's result; only the other pair's link can confirm it
(services.results.result_submit).

A token is derived from the server's secret key, the table's game (its id and the hash of its
own token, random) and the side (an HMAC, as Django's password-reset links are), so the
director's page and the cards can show it again at any time, while the database keeps only its
hash (a scorekeeper GameKey, which also opens the game's edit pages): neither a copy of the
database nor the secret key alone opens a table. Changing the secret key changes every link:
keep it for the length of an event (and run `migrate` with the key the server uses).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, OuterRef, QuerySet, Subquery
from django.utils.crypto import salted_hmac

from scorekeeper import services as scoring
from scorekeeper.models import Game, GameKey, hash_token
from tournaments.models import Entry, Match, ResultSubmission
from tournaments.selectors.results import version_text

SIDES = (ResultSubmission.By.NS, ResultSubmission.By.EW)
_SALT = "tournaments.table-link"


def table_token(game: Game, side: str) -> str:
    """The token of ``side``'s link to the table playing ``game`` (128 bits)."""
    value = f"{game.id}:{game.token_hash}:{side}"
    return salted_hmac(_SALT, value, algorithm="sha256").hexdigest()[:32]


def table_keys_add(game: Game) -> None:
    """Give both pairs of the table their key to its game (in the caller's transaction)."""
    for side in SIDES:
        scoring.game_key_add(game_id=game.id, holder=side, token=table_token(game, side))


@dataclass(frozen=True)
class TableLink:
    """What a table link opens: its match, and the side holding it ("" for a link from before
    each pair had its own, which only says so)."""

    match: Match
    side: str


def _keys_of(token: str) -> QuerySet[GameKey] | None:
    """The table keys ``token`` may be (a pair's, or an old card's), or None for a token no
    link has."""
    if not token or len(token) > 64:
        return None
    return GameKey.objects.filter(
        token_hash=hash_token(token), holder__in=(*SIDES, GameKey.RETIRED)
    )


def table_link_of(token: str) -> TableLink | None:
    """The match and side a table link's token opens, or None. A card printed before each pair
    had its own link held the game's own token, retired since: it finds its table, side ""."""
    keys = _keys_of(token)
    # Unordered reads of the one row each (a key's hash is unique, a game is one table's):
    # first() would order them, a fifth of the match's read (bench/evening.py's table pages).
    found = (
        next(iter(keys.values_list("game_id", "holder")[:1]), None) if keys is not None else None
    )
    if found is None:
        return None
    game_id, holder = found
    tables = Match.objects.select_related("round__tournament", "game", "result")
    match = next(iter(tables.filter(game_id=game_id).order_by()[:1]), None)
    if match is None:
        return None
    # The pairs by a query of their own: joined in too, PostgreSQL took 5 ms to plan the nine
    # tables (a 1000-pair event's table page and result, bench/evening.py).
    seated = Entry.objects.in_bulk([match.ns_id, match.ew_id, match.ns_with_id, match.ew_with_id])
    if match.ns_id not in seated:  # the event deleted between the two reads
        return None
    match.ns, match.ew = seated[match.ns_id], seated.get(match.ew_id)
    match.ns_with, match.ew_with = seated.get(match.ns_with_id), seated.get(match.ew_with_id)
    return TableLink(match, "" if holder == GameKey.RETIRED else holder)


def table_version_of(token: str) -> str | None:
    """The version of the table page a link opens (selectors.results.table_version), or None
    where ``table_link_of`` finds no table: read in one query, as each phone on a table's page
    asks it every five seconds (static/scorekeeper/follow.mjs), where opening the link and
    counting its results took four (the key, the match with its round, event, game and result,
    its pairs, then the count)."""
    keys = _keys_of(token)
    if keys is None:
        return None
    sent = (
        ResultSubmission.objects.filter(match=OuterRef("game__match"))
        .order_by()
        .values("match")
        .annotate(n=Count("id"))
        .values("n")
    )
    found = (
        keys.filter(game__match__isnull=False)
        .values_list(
            "game__version",
            "game__match__status",
            "game__match__result_id",
            Subquery(sent),
            "game__match__round__status",
            "game__match__round__clock",
        )
        .first()
    )
    if found is None:
        return None
    game_version, status, result_id, submissions, round_status, clock = found
    return version_text(game_version, status, result_id, submissions or 0, round_status, len(clock))
