"""The two links of check-in and the players' guide, derived and never stored (as the table
links are: table_keys).

- A pair's guide (in an individual event, a player's): ``/t/pair/<token>/``, its table, seat
  and opponents each round, its standing between rounds, and its private table link. The token
  is 32 hex characters: the entry's id (8, in hex) then 96 bits of an HMAC of the entry's id,
  its tournament's id and the tournament's creation time under the server's secret key. The id
  in front lets the server find the entry in one read, since nothing is stored to look a token
  up by; the HMAC makes the link impossible to guess (2**96 tries) or to make from a pair's
  public id (its public pages show that id). The creation time keeps a link from an earlier
  database whose ids came back (a copy made again) from opening another event's pair.
- The door poster's check-in page: ``/t/<id>/check-in/<token>/``, the HMAC of the tournament's
  id and creation time (128 bits). Only the poster and the director's page show it: whoever
  reads the poster at the door may check a pair in.

Changing the secret key changes every link: keep it for the length of an event.
"""

from __future__ import annotations

from django.utils.crypto import constant_time_compare, salted_hmac

from tournaments.models import Entry, Tournament

_GUIDE_SALT = "tournaments.pair-guide"
_POSTER_SALT = "tournaments.check-in-poster"
_ID_DIGITS = 8  # the entry's id in hex: 4 billion entries before a link grows longer
_MAC_DIGITS = 24  # 96 bits


def _born(tournament: Tournament) -> int:
    return int(tournament.created_at.timestamp() * 1000)


def _guide_mac(entry_id: int, tournament: Tournament) -> str:
    value = f"{entry_id}:{tournament.id}:{_born(tournament)}"
    return salted_hmac(_GUIDE_SALT, value, algorithm="sha256").hexdigest()[:_MAC_DIGITS]


def guide_token(entry: Entry, tournament: Tournament | None = None) -> str:
    """The token of the entry's guide link; ``tournament``: the entry's, where the caller has
    it (a page listing many pairs), else it is read."""
    event = tournament if tournament is not None else entry.tournament
    return f"{entry.id:0{_ID_DIGITS}x}{_guide_mac(entry.id, event)}"


def entry_of_guide(token: str) -> Entry | None:
    """The entry (with its tournament) a guide token opens, or None."""
    if not 32 <= len(token) <= 40 or not all(c in "0123456789abcdef" for c in token):
        return None
    entry_id, mac = int(token[:-_MAC_DIGITS], 16), token[-_MAC_DIGITS:]
    entry = Entry.objects.select_related("tournament").filter(id=entry_id).first()
    if entry is None or not constant_time_compare(mac, _guide_mac(entry.id, entry.tournament)):
        return None
    return entry


def poster_token(tournament: Tournament) -> str:
    """The token of the door poster's check-in page (128 bits)."""
    value = f"{tournament.id}:{_born(tournament)}"
    return salted_hmac(_POSTER_SALT, value, algorithm="sha256").hexdigest()[:32]


def poster_token_valid(tournament: Tournament, token: str) -> bool:
    return len(token) == 32 and constant_time_compare(token, poster_token(tournament))
