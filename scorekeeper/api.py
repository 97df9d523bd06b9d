"""JSON API v1 (OpenAPI schema: /api/v1/openapi.json, from scorekeeper/openapi.py).

Errors are ``{"error": "..."}``: 400 for a record the rules refuse (nothing saved), 401 without
a token, 403 with a wrong one, 404 for an unknown game or hand, 409 for a hand after the end of
the game or an edit made against a stale version (with the current state of the game).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from scorekeeper import services
from scorekeeper.models import Game, Hand
from scorekeeper.openapi import SCHEMA
from scorekeeper.rules import RuleViolation, opening_minimum, score_record, score_to_json
from scorekeeper.rules.opening import opening_minimum_for
from scorekeeper.selectors import GameState, game_get, game_state

View = Callable[..., HttpResponse]


class ApiError(Exception):
    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.extra = extra


def error(status: int, message: str, **extra: Any) -> JsonResponse:
    response = JsonResponse({"error": message, **extra}, status=status)
    if status == 401:
        response["WWW-Authenticate"] = 'Bearer realm="game"'
    return response


def api(*methods: str) -> Callable[[View], View]:
    """JSON in and out, the HTTP methods allowed, and errors mapped to status codes."""

    def decorate(view: View) -> View:
        @csrf_exempt  # token authentication: no cookies, so no CSRF
        @wraps(view)
        def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method not in methods:
                response = error(
                    405, _("method %(method)s not allowed") % {"method": request.method}
                )
                response["Allow"] = ", ".join(methods)
                return response
            try:
                return view(request, *args, **kwargs)
            except ApiError as e:
                return error(e.status, str(e), **e.extra)
            except RuleViolation as violation:
                return error(400, violation.render(_))
            except services.Conflict as conflict:
                state = game_state(game_get(conflict.game.id))
                return error(409, str(conflict), game=game_json(request, state))
            except (Game.DoesNotExist, Hand.DoesNotExist):
                return error(404, _("no such game or hand"))

        return wrapped

    return decorate


def body_json(request: HttpRequest) -> Any:
    try:
        return json.loads(request.body or b"null")
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise ApiError(400, _("the body is not JSON: %(error)s") % {"error": e}) from None


def body_object(request: HttpRequest, allowed: set[str]) -> dict[str, Any]:
    data = body_json(request)
    if not isinstance(data, dict):
        raise ApiError(400, _("the body must be a JSON object"))
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise ApiError(400, _("unknown key %(key)r") % {"key": unknown[0]})
    return data


def authorized_game(request: HttpRequest, game_id: str) -> Game:
    game = Game.objects.get(id=game_id)
    header = request.headers.get("Authorization", "")
    if not header:
        raise ApiError(401, _("this game's token is needed: Authorization: Bearer <token>"))
    scheme, _space, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip() or not game.token_matches(token.strip()):
        raise ApiError(403, _("wrong token for this game"))
    return game


def game_json(request: HttpRequest, state: GameState) -> dict[str, Any]:
    game = state.game
    return {
        "id": game.id,
        "variant": game.variant,
        "players": game.players,
        "rules": game.rules,
        "target": game.target,
        "version": game.version,
        "url": request.build_absolute_uri(reverse("game", args=[game.id])),
        "sides": [
            {
                "name": s.name,
                "players": s.player_names,
                "total": s.total,
                "opening_minimum": s.opening_minimum,
            }
            for s in state.sides
        ],
        "hands": [
            {
                "number": h.number,
                "version": h.version,
                "sides": [
                    {"total": t, "breakdown": b, "score_after": r}
                    for t, b, r in zip(h.totals, h.breakdowns, h.running, strict=True)
                ],
            }
            for h in state.hands
        ],
        "finished": state.finished,
        "winner": state.winner,
    }


def hand_json(request: HttpRequest, state: GameState, number: int) -> dict[str, Any]:
    row = state.hands[number - 1]
    variant = state.ruleset.variant
    return {
        "number": row.number,
        "version": row.version,
        "sides": [
            {
                "name": side.name,
                "total": total,
                "breakdown": breakdown,
                "score_after": after,
                "opening_minimum": opening_minimum(variant, after),
            }
            for side, total, breakdown, after in zip(
                state.sides, row.totals, row.breakdowns, row.running, strict=True
            )
        ],
        "finished": state.finished,
        "winner": state.winner,
    }


def expected_version(request: HttpRequest, data: dict[str, Any]) -> int | None:
    raw = request.headers.get("If-Match", data.get("version"))
    if raw is None:
        return None
    try:
        return int(str(raw).strip('W/"'))
    except ValueError:
        raise ApiError(400, _("If-Match / version must be the hand's version number")) from None


@api("GET")
def openapi(request: HttpRequest) -> HttpResponse:
    return JsonResponse(SCHEMA)


@api("POST")
def score(request: HttpRequest) -> HttpResponse:
    return JsonResponse(score_to_json(score_record(body_json(request))))


@api("GET")
def opening(request: HttpRequest) -> HttpResponse:
    try:
        score_value = int(request.GET.get("score", ""))
        players = int(request.GET.get("players", "4"))
    except ValueError:
        raise ApiError(400, _("score and players must be whole numbers")) from None
    minimum = opening_minimum_for(request.GET.get("variant", ""), score_value, players)
    return JsonResponse({"minimum": minimum})


@api("POST")
def games(request: HttpRequest) -> HttpResponse:
    data = body_object(request, {"variant", "players", "sides", "rules"})
    game, token = services.game_create(
        variant=data.get("variant"),  # type: ignore[arg-type]
        players=data.get("players", 4),
        sides=data.get("sides"),  # type: ignore[arg-type]
        rules=data.get("rules"),
        owner=request.user,
    )
    state = game_state(game_get(game.id))
    body = game_json(request, state)
    body["token"] = token
    body["edit_url"] = request.build_absolute_uri(reverse("play", args=[game.id, token]))
    response = JsonResponse(body, status=201)
    response["Location"] = reverse("api-game", args=[game.id])
    return response


@api("GET")
def game(request: HttpRequest, game_id: str) -> HttpResponse:
    return JsonResponse(game_json(request, game_state(game_get(game_id))))


@api("POST")
def hands(request: HttpRequest, game_id: str) -> HttpResponse:
    authorized_game(request, game_id)
    data = body_object(request, {"sides", "number"})
    number = data.get("number")
    if number is not None and type(number) is not int:
        raise ApiError(400, _("number must be a whole number"))
    hand = services.hand_record(
        game_id=game_id,
        sides=data.get("sides"),
        author=services.Author.of(request.user),
        expected_number=number,
    )
    state = game_state(game_get(game_id))
    return JsonResponse(hand_json(request, state, hand.number), status=201)


@api("PUT", "DELETE")
def hand(request: HttpRequest, game_id: str, number: int) -> HttpResponse:
    authorized_game(request, game_id)
    author = services.Author.of(request.user)
    if request.method == "DELETE":
        version = expected_version(request, {})
        services.hand_delete(
            game_id=game_id, number=number, author=author, expected_version=version
        )
        return HttpResponse(status=204)
    data = body_object(request, {"sides", "version"})
    services.hand_revise(
        game_id=game_id,
        number=number,
        sides=data.get("sides"),
        author=author,
        expected_version=expected_version(request, data),
    )
    state = game_state(game_get(game_id))
    return JsonResponse(hand_json(request, state, number))


@api("POST")
def undo_delete(request: HttpRequest, game_id: str) -> HttpResponse:
    authorized_game(request, game_id)
    restored = services.hand_undo_delete(game_id=game_id, author=services.Author.of(request.user))
    state = game_state(game_get(game_id))
    return JsonResponse(hand_json(request, state, restored.number), status=201)
