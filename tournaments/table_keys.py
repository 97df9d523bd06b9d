"""Each pair's private link to its table: ``/t/table/<token>/``, one for North-South and one for
East-West, each on the table card as a QR code. A link opens the table's game to enter hands and
submits its own pair's result; only the other pair's link can confirm it (services.result_submit).

A token is derived from the server's secret key, the table's game and the side (an HMAC, as
Django's password-reset links are), so the director's page and the cards can show it again at
any time, while the database keeps only its hash (a scorekeeper GameKey, which also opens the
game's edit pages): a copy of the database alone opens no table. Changing the secret key changes
every link: keep it for the length of an event.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.crypto import salted_hmac

from scorekeeper import services as scoring
from scorekeeper.models import Game, GameKey, hash_token
from tournaments.models import Match, ResultSubmission

SIDES = (ResultSubmission.By.NS, ResultSubmission.By.EW)
_SALT = "tournaments.table-link"


def table_token(game_id: str, side: str) -> str:
    """The token of ``side``'s link to the table playing game ``game_id`` (128 bits)."""
    return salted_hmac(_SALT, f"{game_id}:{side}", algorithm="sha256").hexdigest()[:32]


def table_keys_add(game_id: str) -> None:
    """Give both pairs of the table their key to its game (in the caller's transaction)."""
    for side in SIDES:
        scoring.game_key_add(game_id=game_id, holder=side, token=table_token(game_id, side))


@dataclass(frozen=True)
class TableLink:
    """What a table link opens: its match, and the side holding it ("" for a link from before
    each pair had its own, which only says so)."""

    match: Match
    side: str


def table_link_of(token: str) -> TableLink | None:
    """The match and side a table link's token opens, or None."""
    if not token or len(token) > 64:
        return None
    hashed = hash_token(token)
    key = GameKey.objects.filter(token_hash=hashed, holder__in=SIDES).values_list(
        "game_id", "holder"
    )
    found = key.first()
    if found is None:
        # A table card printed before each pair had its own link held the game's own token.
        game_id = Game.objects.filter(token_hash=hashed).values_list("id", flat=True).first()
        if game_id is None:
            return None
        found = (game_id, "")
    match = (
        Match.objects.select_related("ns", "ew", "round__tournament", "game", "result")
        .filter(game_id=found[0])
        .first()
    )
    return TableLink(match, found[1]) if match is not None else None
