"""Who may change a game from the pages: the holder of its edit link, its logged-in owner, or
whom another app names (``EDITORS``: a club's directors for its players' games).

The edit link ``/g/<id>/play/<token>/`` is the game's key. Opening it once sets a signed cookie
for that game's pages and redirects to ``/g/<id>/edit/``, so the token reaches an access log at
most once; the edit pages read the cookie. Only a hash of the token is stored (models.Game).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse

from core import no_store
from scorekeeper.models import Game
from scorekeeper.selectors import game_row_or_404

SALT = "scorekeeper.edit-link"
MAX_AGE = 400 * 24 * 3600  # browsers keep a cookie at most 400 days
# The games this device holds an edit link for, newest first, for the home page. Ids only: they
# are the read-only share links, not keys (the keys stay in each game's own cookie).
RECENT = "recent_games"
RECENT_MAX = 20


def cookie_name(game_id: str) -> str:
    return f"edit_{game_id}"


def game_path(game_id: str) -> str:
    return f"/g/{game_id}/"


def edit_token(request: HttpRequest, game_id: str) -> str | None:
    """The edit token this device holds for the game (from its signed cookie), if any."""
    token: str | None = request.get_signed_cookie(
        cookie_name(game_id), default=None, salt=SALT, max_age=MAX_AGE
    )
    return token


def recent_game_ids(request: HttpRequest) -> list[str]:
    """The ids of the games this device opened with their edit link, newest first."""
    ids = request.COOKIES.get(RECENT, "").split(".")
    return [i for i in ids if i.isalnum() and len(i) <= 12][:RECENT_MAX]


def recent_games_keep(response: HttpResponse, ids: list[str]) -> None:
    response.set_cookie(
        RECENT,
        ".".join(ids[:RECENT_MAX]),
        max_age=MAX_AGE,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


def edit_path(request: HttpRequest, game_id: str) -> str | None:
    """The path of the game's edit link as this device holds it (to add a phone), or None."""
    token = edit_token(request, game_id)
    if token is None:
        return None
    return reverse("play", args=[game_id, token])


# Who else may change a game, as other apps say at start-up (clubs: a club's directors, the
# games of its players): each asks (user, game), the user signed in.
EDITORS: list[Callable[[Any, Game], bool]] = []


def holds_edit_link(request: HttpRequest, game: Game) -> bool:
    """Whether this device holds the game's edit link (its cookie)."""
    token = edit_token(request, game.id)
    return token is not None and game.token_matches(token)


def can_edit(request: HttpRequest, game: Game) -> bool:
    if holds_edit_link(request, game):
        return True
    user = request.user
    if not user.is_authenticated:
        return False
    return game.owner_id == user.pk or any(grants(user, game) for grants in EDITORS)


def editable_game(request: HttpRequest, game_id: str) -> Game:
    """The game, if this device may change it; else 404 (an edit page that is not yours is
    simply not a page)."""
    game = game_row_or_404(game_id)
    if not can_edit(request, game):
        raise Http404
    if not holds_edit_link(request, game):  # in by the account: the device keeps nothing
        no_store.mark(request)
    return game


def open_edit_link(request: HttpRequest, game: Game, token: str) -> HttpResponse:
    """Keep the token in a cookie for this game's pages and go to its edit page."""
    response = redirect("edit", game.id)
    response.set_signed_cookie(
        cookie_name(game.id),
        token,
        salt=SALT,
        max_age=MAX_AGE,
        path=game_path(game.id),
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )
    recent = [game.id, *(i for i in recent_game_ids(request) if i != game.id)]
    recent_games_keep(response, recent)
    return response
