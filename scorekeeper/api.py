"""JSON API v1 (OpenAPI schema: /api/v1/openapi.json, from scorekeeper/openapi.py).

Errors are one shape, ``{"error": "...", "field": ..., "side": ..., "meld": ...}``, and save
nothing: 400 for a body or record the rules refuse, 401 without a token, 403 with a wrong one,
404 for an unknown game or hand, 409 for a hand after the end of the game or a change made
against a stale version (with the current state of the game), 413 for a body over the size
limit, 422 for an Idempotency-Key reused with another request, 428 for an edit or delete that
does not say which version of the hand it was shown (If-Match).

Every write takes an ``Idempotency-Key``: a retry with the same key answers as the first request
did and writes nothing (``Idempotent-Replayed: true``).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from decimal import Decimal
from functools import wraps
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from core import rate_limits
from core.error_pages import error_response
from scorekeeper import idempotency, serializers, services
from scorekeeper.models import Game, Hand
from scorekeeper.openapi import MAX_VERSION, SCHEMA
from scorekeeper.rules import PRESETS, RuleViolation, score_record, score_to_json
from scorekeeper.rules.opening import opening_minimum_for
from scorekeeper.rules.variants import OpeningBy
from scorekeeper.selectors import GameState, game_key_holder, game_ruleset, game_state_by_id
from scorekeeper.serializers import violation_body

View = Callable[..., HttpResponse]
WRITES = frozenset({"POST", "PUT", "DELETE"})
MAX_DIGITS = sys.get_int_max_str_digits() or 4300  # json refuses longer integers (ValueError)


class ApiError(Exception):
    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.extra = extra


def error(status: int, message: str, **extra: Any) -> JsonResponse:
    """The one error body (core.error_pages.error_body); a 401 says how to authenticate."""
    response = error_response(status, message, **extra)
    if status == 401:
        response["WWW-Authenticate"] = 'Bearer realm="game"'
    return response


def refusal(violation: RuleViolation, status: int = 400) -> JsonResponse:
    return JsonResponse(violation_body(violation), status=status)


def not_found(request: HttpRequest, exception: Exception | None = None) -> JsonResponse:
    return error(404, _("no such game or hand"))


def api(*methods: str) -> Callable[[View], View]:
    """JSON in and out, the HTTP methods allowed, errors mapped to status codes, and writes
    made once per Idempotency-Key."""

    def decorate(view: View) -> View:
        def answer(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            try:
                return view(request, *args, **kwargs)
            except ApiError as e:
                return error(e.status, str(e), **e.extra)
            except RuleViolation as violation:
                return refusal(violation)
            except services.Conflict as conflict:
                state = game_state_by_id(conflict.game.id)
                return error(409, str(conflict), game=game_json(request, state))
            except (Game.DoesNotExist, Hand.DoesNotExist):
                return not_found(request)

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
                body = request.body
            except RequestDataTooBig:
                return error(413, _("the body is too large"))
            key = request.headers.get("Idempotency-Key")
            if request.method in WRITES and key is not None:
                return _once(request, key, body, lambda: answer(request, *args, **kwargs))
            return answer(request, *args, **kwargs)

        return wrapped

    return decorate


def _once(
    request: HttpRequest, key: str, body: bytes, run: Callable[[], HttpResponse]
) -> HttpResponse:
    """Answer a write once per Idempotency-Key: a retry gets the first answer, writes nothing."""
    scope = f"{request.method} {request.path}"
    # The same body with the same credentials: a replay never answers another client.
    print_ = idempotency.fingerprint(
        request.headers.get("Authorization", "").encode() + b"\n" + body
    )
    try:
        done = idempotency.write_once(scope, key, print_, run, _kept)
    except idempotency.BadKey:
        return error(
            400, _("an Idempotency-Key is 16 to 255 printable ASCII characters: use a random UUID")
        )
    except idempotency.KeyReused:
        return error(422, _("this Idempotency-Key was used for a different request"))
    if not isinstance(done, idempotency.Replayed):
        return done
    replay = HttpResponse(
        done.answer["body"], status=done.answer["status"], content_type="application/json"
    )
    if done.answer["location"]:
        replay["Location"] = done.answer["location"]
    replay["Idempotent-Replayed"] = "true"
    return replay


def _kept(response: HttpResponse) -> dict[str, Any] | None:
    """What a replay answers; None for a failure, which is no answer (a retry runs again)."""
    if response.status_code >= 500:
        return None
    return {
        "status": response.status_code,
        "body": response.content.decode(),
        "location": response.get("Location", ""),
    }


def _json_number(text: str) -> int | float:
    """A JSON number written with a fraction or an exponent. ``7.0`` and ``7e0`` are the whole
    number 7, as JSON Schema counts them (the OpenAPI document says "integer", and a client
    validating against it may send them); any other stays a float, which the engine refuses where
    it wants a whole number. Read exactly (no float rounding), and never into an integer of more
    digits than a JSON integer may have."""
    number = Decimal(text)
    if number == number.to_integral_value() and number.adjusted() < MAX_DIGITS:
        return int(number)
    return float(text)


def parse_json(raw: bytes) -> Any:
    """A request body as the API reads it (an empty body is null)."""
    return json.loads(raw or b"null", parse_float=_json_number)


def body_json(request: HttpRequest) -> Any:
    try:
        return parse_json(request.body)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise ApiError(400, _("the body is not JSON: %(error)s") % {"error": e}) from None
    except RecursionError:
        raise ApiError(400, _("the body is nested too deeply")) from None
    except ValueError:  # an integer of thousands of digits
        raise ApiError(400, _("a number in the body has too many digits")) from None


def body_object(request: HttpRequest, allowed: set[str]) -> dict[str, Any]:
    data = body_json(request)
    if not isinstance(data, dict):
        raise ApiError(400, _("the body must be a JSON object"))
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise ApiError(
            400, _("unknown key %(key)r") % {"key": unknown[0][:40]}, field=unknown[0][:40]
        )
    # No key of a body takes null (the OpenAPI document gives each a type): read as the key
    # left out, "rules": null would make a game of no house rules, "number": null a hand of any.
    nulls = sorted(key for key, value in data.items() if value is None)
    if nulls:
        raise ApiError(
            400,
            _("%(key)s may not be null: give a value or leave it out") % {"key": nulls[0]},
            field=nulls[0],
        )
    return data


def authorize(request: HttpRequest, game_id: str) -> None:
    """Refuse a write to the game without its token or a key to it (401, 403); 404 for no
    such game."""
    header = request.headers.get("Authorization", "")
    scheme, _space, token = header.partition(" ")
    holder = game_key_holder(game_id, token.strip())  # no such game: 404, before the rest
    if not header:
        raise ApiError(401, _("this game's token is needed: Authorization: Bearer <token>"))
    if scheme.lower() != "bearer" or not token.strip() or holder is None:
        raise ApiError(403, _("wrong token for this game"))


def hand_number(number: int) -> int:
    """A hand number from a URL; one no game can hold is simply not there (404)."""
    if not 1 <= number <= services.MAX_HANDS:
        raise Hand.DoesNotExist(number)
    return number


def game_json(request: HttpRequest, state: GameState) -> dict[str, Any]:
    return serializers.game_json(
        state, request.build_absolute_uri(reverse("game", args=[state.game.id]))
    )


def write_json(write: services.HandWrite) -> dict[str, Any]:
    hand, game = write.hand, write.game
    ruleset = game_ruleset(game, len(write.score_after))
    return serializers.hand_written_json(
        game, hand.number, hand.version, hand.result, write.names, write.score_after, ruleset
    )


def expected_version(request: HttpRequest, data: dict[str, Any]) -> int:
    """The version of the hand the client was shown: If-Match, or "version" in the body."""
    raw = request.headers.get("If-Match", data.get("version"))
    if raw is None:
        raise ApiError(
            428,
            _('say which version of the hand you were shown: If-Match: "<version>"'),
            field="version",
        )
    try:
        value = int(str(raw).removeprefix("W/").strip('"'))
    except ValueError:
        raise ApiError(
            400, _("If-Match / version must be the hand's version number"), field="version"
        ) from None
    if not 0 <= value <= MAX_VERSION:
        raise ApiError(
            400, _("If-Match / version must be the hand's version number"), field="version"
        )
    return value


@api("GET")
def openapi(request: HttpRequest) -> HttpResponse:
    return JsonResponse(SCHEMA)


@api("POST")
@rate_limits.scores
def score(request: HttpRequest) -> HttpResponse:
    return JsonResponse(score_to_json(score_record(body_json(request))))


@api("GET")
def opening(request: HttpRequest) -> HttpResponse:
    variant = request.GET.get("variant", "")
    by_hand = variant in PRESETS and PRESETS[variant].opening_by is OpeningBy.HAND_NUMBER
    try:
        # hand-and-foot goes by the hand's number: there the score is not needed.
        score_value = int(request.GET.get("score", "0" if by_hand else ""))
        players = int(request.GET.get("players", "4"))
        hand = int(request.GET["hand"]) if "hand" in request.GET else None
    except ValueError:
        raise ApiError(400, _("score, hand and players must be whole numbers")) from None
    if hand is not None and hand < 1:  # a hand number, wherever it is then ignored
        raise ApiError(400, _("hand must be a hand number, 1 or more"), field="hand")
    minimum = opening_minimum_for(variant, score_value, players, hand if by_hand else None)
    return JsonResponse({"minimum": minimum})


@api("POST")
@rate_limits.new_games
def games(request: HttpRequest) -> HttpResponse:
    data = body_object(request, {"variant", "players", "sides", "rules"})
    game, token = services.game_create(
        variant=data.get("variant"),  # type: ignore[arg-type]
        players=data.get("players", 4),
        sides=data.get("sides"),  # type: ignore[arg-type]
        rules=data.get("rules"),
        owner=request.user,
    )
    state = game_state_by_id(game.id)
    body = game_json(request, state)
    body["token"] = token
    body["edit_url"] = request.build_absolute_uri(reverse("play", args=[game.id, token]))
    response = JsonResponse(body, status=201)
    response["Location"] = reverse("api-game", args=[game.id])
    return response


@api("GET")
def game(request: HttpRequest, game_id: str) -> HttpResponse:
    return JsonResponse(game_json(request, game_state_by_id(game_id)))


@api("POST")
def hands(request: HttpRequest, game_id: str) -> HttpResponse:
    authorize(request, game_id)
    data = body_object(request, {"sides", "number"})
    number = data.get("number")
    if number is not None and not (type(number) is int and 1 <= number <= services.MAX_HANDS):
        raise ApiError(400, _("number must be a hand number, 1 or more"), field="number")
    write = services.hand_add(
        game_id=game_id,
        sides=data.get("sides"),
        author=services.Author.of(request.user),
        expected_number=number,
    )
    return JsonResponse(write_json(write), status=201)


@api("PUT", "DELETE")
def hand(request: HttpRequest, game_id: str, number: int) -> HttpResponse:
    authorize(request, game_id)
    number = hand_number(number)
    author = services.Author.of(request.user)
    if request.method == "DELETE":
        services.hand_delete(
            game_id=game_id,
            number=number,
            author=author,
            expected_version=expected_version(request, {}),
        )
        return HttpResponse(status=204)
    data = body_object(request, {"sides", "version"})
    write = services.hand_revise(
        game_id=game_id,
        number=number,
        sides=data.get("sides"),
        author=author,
        expected_version=expected_version(request, data),
    )
    return JsonResponse(write_json(write))


@api("POST")
def undo_delete(request: HttpRequest, game_id: str) -> HttpResponse:
    authorize(request, game_id)
    write = services.hand_undo_delete(game_id=game_id, author=services.Author.of(request.user))
    return JsonResponse(write_json(write), status=201)
