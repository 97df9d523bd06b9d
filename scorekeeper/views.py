"""Pages. A view binds a form or JSON, calls one service or selector, and renders or redirects.

Edit pages live under ``/g/<id>/edit/`` and are open to the device holding the game's edit link
(a signed cookie, edit_access.py) or to its logged-in owner.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import caches
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scorekeeper import idempotency, limits, services
from scorekeeper.api import refusal
from scorekeeper.charts import totals_chart
from scorekeeper.edit_access import editable_game, open_edit_link
from scorekeeper.forms import ImportForm, NewGameForm, OpeningLookupForm
from scorekeeper.i18n import explain
from scorekeeper.imports import ImportRefused, records_from_text
from scorekeeper.models import Game, Hand
from scorekeeper.rules import HOUSE_RULES, PRESETS, RuleViolation, opening_minimum
from scorekeeper.rules.house_rules import house_rule_defaults
from scorekeeper.rules.opening import opening_minimum_for, opening_table
from scorekeeper.rules.variants import CANASTA
from scorekeeper.scoring import score_entry
from scorekeeper.selectors import (
    GameState,
    chart_points,
    game_board,
    game_or_404,
    game_revisions,
    game_summary,
    games_of_user,
    hand_last_deleted,
    hand_shown,
    totals_before,
)
from scorekeeper.tables import HandTable, RevisionTable


def home(request: HttpRequest) -> HttpResponse:
    mine = games_of_user(request.user)[:20] if request.user.is_authenticated else []
    return render(request, "scorekeeper/home.html", {"form": OpeningLookupForm(), "my_games": mine})


def opening_lookup(request: HttpRequest) -> HttpResponse:
    form = OpeningLookupForm(request.GET or None)
    minimum = None
    looked_up = None
    if form.is_valid():
        data = form.cleaned_data
        try:
            minimum = opening_minimum_for(data["variant"], data["score"], data["players"])
            looked_up = PRESETS[data["variant"]]
        except RuleViolation as violation:
            form.add_error("players", explain(violation))
    return render(
        request,
        "scorekeeper/opening.html",
        {
            "form": form,
            "minimum": minimum,
            "looked_up": looked_up,
            "needs_canasta": minimum == CANASTA,
            "tables": [(v, opening_table(v)) for v in PRESETS.values()],
        },
    )


def variant_list(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "scorekeeper/variants.html",
        {"variants": [(v, opening_table(v)) for v in PRESETS.values()], "house_rules": HOUSE_RULES},
    )


@limits.new_games
def game_new(request: HttpRequest) -> HttpResponse:
    form = NewGameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            game, token = services.game_create(**form.game_arguments(), owner=request.user)
        except RuleViolation as violation:
            form.add_error(None, explain(violation))
        else:
            return open_edit_link(request, game, token)
    presets = {
        v.id: {
            "players": list(v.player_counts),
            # Per player count, its layouts: sides, target and each house rule's value.
            "seatings": {
                players: [
                    {"sides": s.sides, "target": s.target, "defaults": house_rule_defaults(v, s)}
                    for s in v.seatings_of(players)
                ]
                for players in v.player_counts
            },
        }
        for v in PRESETS.values()
    }
    return render(
        request,
        "scorekeeper/game_new.html",
        {
            "form": form,
            "presets": presets,
            "variant_radios": list(zip(form["variant"], PRESETS.values(), strict=True)),
        },
        status=400 if form.errors else 200,
    )


def play(request: HttpRequest, game_id: str, token: str) -> HttpResponse:
    """The edit link: remember it on this device, then show the game without the token."""
    try:
        game = Game.objects.get(id=game_id)
    except Game.DoesNotExist:
        raise Http404 from None
    if not game.token_matches(token):
        raise Http404  # an edit link that does not match is simply not a page
    return open_edit_link(request, game, token)


def _scoreboard(request: HttpRequest, game: Game, editable: bool) -> HttpResponse:
    """The totals, one page of hands (the latest by default) and a chart; the forms that carry
    this visitor's CSRF token (play again, undo) around them."""
    return render(
        request,
        "scorekeeper/scoreboard.html",
        {
            "game": game,
            "board": _board(request, game, editable),
            "finished": game.ended_at is not None,
            "next_number": game.hand_count + 1,
            "editable": editable,
            "undo": hand_last_deleted(game) if editable else None,
        },
    )


def _board(request: HttpRequest, game: Game, editable: bool) -> dict[str, str]:
    """A scoreboard's title, totals, chart, hands and links. They depend only on the game's
    version, the page, the language, the host and whether the page edits, so they are cached
    under that key (never stale: every change makes a new version). A cached board costs one
    query (the game's row) instead of five and most of a page's time."""
    page = _int(request.GET.get("page"))
    key = (
        f"board:{game.id}:{game.version}:{page}:{get_language()}:{int(editable)}:"
        f"{request.get_host()}"
    )
    parts: dict[str, str] | None = caches["fragments"].get(key)
    if parts is None:
        state, window = game_board(game, page)
        context = {
            "state": state,
            "game": game,
            "variant": state.ruleset.variant,
            "editable": editable,
            "window": window,
            "table": HandTable(state, reverse("edit", args=[game.id]) if editable else None),
            "chart": totals_chart(
                chart_points(game), [s.name for s in state.sides], state.ruleset.target
            ),
            "share_url": request.build_absolute_uri(reverse("game", args=[game.id])),
        }
        parts = {
            "title": " – ".join(side.name for side in state.sides),
            "head": render_to_string("scorekeeper/_board_head.html", context, request),
            "body": render_to_string("scorekeeper/_board_hands.html", context, request),
        }
        caches["fragments"].set(key, parts, FRAGMENT_SECONDS)
    return {
        "title": parts["title"],  # escaped by the page template
        "head": mark_safe(parts["head"]),
        "body": mark_safe(parts["body"]),
    }


FRAGMENT_SECONDS = 3600


def game_view(request: HttpRequest, game_id: str) -> HttpResponse:
    try:
        game = Game.objects.get(id=game_id)  # its sides are read only when the board is not cached
    except Game.DoesNotExist:
        raise Http404 from None
    return _scoreboard(request, game, editable=False)


def edit(request: HttpRequest, game_id: str) -> HttpResponse:
    return _scoreboard(request, editable_game(request, game_id), editable=True)


def _entry_config(
    state: GameState,
    number: int,
    before: tuple[int, ...],
    sides: list[dict[str, Any]] | None,
    entry_key: str,
) -> dict[str, Any]:
    variant = state.ruleset.variant
    layout = state.ruleset.layout
    kinds = ["natural", "mixed"]
    if variant.canasta_bonus.concealed is not None:
        kinds += ["concealed_natural", "concealed_mixed"]
    if variant.wild_melds:
        kinds += ["wild_pure", "wild_mixed"]
    if variant.black_three_meld == "canasta":
        kinds.append("black_threes")
    ranks = ["4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    if variant.black_three_meld != "never":
        ranks.append("3")
    if variant.wild_melds:
        ranks.append("wild")
    return {
        "preview_url": reverse("hand-preview", args=[state.game.id, number]),
        "entry_key": entry_key,
        "sides": [
            # A one-player side that went out holds no cards: the page hides "cards left".
            {"name": s.name, "score_before": before[i], "solo": layout[i] == 1}
            for i, s in enumerate(state.sides)
        ],
        "entered": sides,
        "ranks": ranks,
        "canasta_kinds": kinds,
        "concealed_melds": variant.canasta_bonus.concealed is not None,
        "sequences": variant.sequences,
        "exact_cut": variant.exact_cut_bonus is not None,
        "card_names": {kind: _(name) for kind, name in variant.deck.names.own().items()},
    }


def _error_json(violation: RuleViolation) -> dict[str, Any]:
    """The API's error body, for the hand page's script."""
    body: dict[str, Any] = json.loads(refusal(violation).content)
    return body


def _posted_sides(request: HttpRequest) -> Any:
    try:
        return json.loads(request.POST.get("record", ""))
    except (json.JSONDecodeError, RecursionError, ValueError):
        return None


def _entry_scope(game_id: str) -> str:
    return f"page hand-add {game_id}"


def _hand_page(request: HttpRequest, game_id: str, number: int | None) -> HttpResponse:
    game = editable_game(request, game_id)
    state = game_summary(game)
    editing = number is not None
    shown = hand_shown(game, number) if number is not None else None
    if editing and shown is None:
        raise Http404
    target = number if number is not None else state.next_number
    entered = shown.record["sides"] if shown is not None else None
    version = shown.version if shown is not None else None
    entry_key = request.POST.get("entry_key", "") or uuid.uuid4().hex
    error = None
    status = 200
    if request.method == "POST":
        sides = _posted_sides(request)
        author = services.Author.of(request.user)
        try:
            if number is not None:
                services.hand_revise(
                    game_id=game_id,
                    number=number,
                    sides=sides,
                    author=author,
                    expected_version=_int(request.POST.get("version")) or 0,
                )
                messages.success(request, _("Hand %(n)s corrected.") % {"n": number})
            else:
                saved = _hand_add_once(request, game_id, sides, author, entry_key)
                messages.success(request, saved)
            return redirect("edit", game_id)
        except RuleViolation as violation:
            error = _error_json(violation)
            entered = sides if isinstance(sides, list) else entered
            status = 400
        except services.GameFinished as finished:
            messages.error(request, str(finished))
            return redirect("edit", game_id)
        except services.Conflict as conflict:
            # Another phone got there first: keep what this player entered, on the current state.
            game.refresh_from_db()
            state = game_summary(game)
            target = number if number is not None else state.next_number
            shown = hand_shown(game, target) if number is not None else None
            version = shown.version if shown is not None else None
            entered = sides if isinstance(sides, list) else entered
            error = {"error": f"{conflict}. " + _("Check and save again.")}
            status = 409
        except Hand.DoesNotExist:
            messages.error(request, _("That hand is no longer there."))
            return redirect("edit", game_id)
    if not editing and state.finished:
        messages.info(request, _("The game has ended."))
        return redirect("edit", game_id)
    return render(
        request,
        "scorekeeper/hand_entry.html",
        {
            "state": state,
            "game": state.game,
            "variant": state.ruleset.variant,
            "number": target,
            "editing": editing,
            "version": version,
            "error": error,
            "config": _entry_config(state, target, totals_before(game, target), entered, entry_key),
        },
        status=status,
    )


def _hand_add_once(
    request: HttpRequest, game_id: str, sides: Any, author: services.Author, key: str
) -> str:
    """Save a new hand once per entry: the page sends one key per entry, so a second submit or
    a reload after saving saves nothing. Returns the message to show."""
    scope = _entry_scope(game_id)
    try:
        idempotency.check_key(key)
    except idempotency.BadKey:
        key = uuid.uuid4().hex  # an old page without a key: this submit alone
    earlier = idempotency.previous(scope, key, "")
    if earlier is None:
        with transaction.atomic():
            write = services.hand_add(
                game_id=game_id,
                sides=sides,
                author=author,
                expected_number=_int(request.POST.get("number")),
            )
            if idempotency.remember(scope, key, "", {"number": write.hand.number}):
                return _("Hand %(n)s saved.") % {"n": write.hand.number}
            transaction.set_rollback(True)  # a twin submit of this entry got there first
        earlier = idempotency.previous(scope, key, "")
    assert earlier is not None
    return _("Hand %(n)s was already saved.") % {"n": earlier["number"]}


def _side_scores(state: GameState, hand: Hand) -> list[tuple[str, int]]:
    return [
        (side.name, result["total"])
        for side, result in zip(state.sides, hand.result["sides"], strict=True)
    ]


def _int(value: str | None) -> int | None:
    try:
        number = int(value) if value else None
    except ValueError:
        return None
    return number if number is not None and 0 <= number < 2**31 else None


def hand_new(request: HttpRequest, game_id: str) -> HttpResponse:
    return _hand_page(request, game_id, None)


def hand_edit(request: HttpRequest, game_id: str, number: int) -> HttpResponse:
    return _hand_page(request, game_id, number)


@require_POST
def hand_preview(request: HttpRequest, game_id: str, number: int) -> HttpResponse:
    """The live score of the hand being entered: nothing is saved."""
    game = editable_game(request, game_id)
    state = game_summary(game)
    before = totals_before(game, number)
    try:
        sides = json.loads(request.body or b"null")
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError, ValueError):
        return JsonResponse({"error": _("not JSON")}, status=400)
    try:
        entry = score_entry(game, sides, [s.name for s in state.sides], before)
    except RuleViolation as violation:
        return refusal(violation)
    variant = state.ruleset.variant
    return JsonResponse(
        {
            "sides": [
                {
                    **side,
                    "score_after": before[i] + side["total"],
                    "opening_minimum": opening_minimum(variant, before[i] + side["total"]),
                }
                for i, side in enumerate(entry.result["sides"])
            ],
            "wins_game": entry.result["wins_game"],
        }
    )


def hand_delete(request: HttpRequest, game_id: str, number: int) -> HttpResponse:
    """GET: ask, showing the hand; POST: delete the hand at the version that was shown."""
    game = editable_game(request, game_id)
    if request.method != "POST":
        shown = hand_shown(game, number)
        if shown is None:
            messages.error(request, _("That hand is no longer there."))
            return redirect("edit", game_id)
        state = game_summary(game)
        return render(
            request,
            "scorekeeper/hand_delete.html",
            {"game": game, "state": state, "hand": shown, "scores": _side_scores(state, shown)},
        )
    try:
        services.hand_delete(
            game_id=game_id,
            number=number,
            author=services.Author.of(request.user),
            expected_version=_int(request.POST.get("version")) or 0,
        )
        messages.success(request, _("Hand %(n)s deleted.") % {"n": number})
    except services.Conflict as conflict:
        messages.error(request, str(conflict))
    except Hand.DoesNotExist:
        messages.error(request, _("That hand is no longer there."))
    return redirect("edit", game_id)


@require_POST
def hand_undo(request: HttpRequest, game_id: str) -> HttpResponse:
    editable_game(request, game_id)
    try:
        write = services.hand_undo_delete(game_id=game_id, author=services.Author.of(request.user))
        messages.success(request, _("Hand %(n)s restored.") % {"n": write.hand.number})
    except services.Conflict as conflict:
        messages.error(request, str(conflict))
    except RuleViolation as violation:
        messages.error(request, explain(violation))
    return redirect("edit", game_id)


@require_POST
def game_rematch(request: HttpRequest, game_id: str) -> HttpResponse:
    editable_game(request, game_id)
    game, token = services.game_rematch(game_id=game_id, owner=request.user)
    messages.success(request, _("A new game with the same players and rules."))
    return open_edit_link(request, game, token)


def history(request: HttpRequest, game_id: str) -> HttpResponse:
    game = game_or_404(game_id)
    return render(
        request,
        "scorekeeper/history.html",
        {"game": game, "table": RevisionTable(list(game_revisions(game)))},
    )


@limits.new_games
def game_import(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            records = records_from_text(form.text_given())
            game, token = services.game_import(
                records=records, owner=request.user, author=services.Author.of(request.user)
            )
        except (ImportRefused, ValidationError) as refused:
            form.add_error(
                None, refused.messages[0] if isinstance(refused, ValidationError) else str(refused)
            )
        except RuleViolation as violation:
            form.add_error(None, explain(violation))
        else:
            messages.success(request, _("Game imported."))
            return open_edit_link(request, game, token)
    return render(
        request, "scorekeeper/import.html", {"form": form}, status=400 if form.errors else 200
    )


@login_required
def my_games(request: HttpRequest) -> HttpResponse:
    games = list(games_of_user(request.user)[:100])
    return render(request, "scorekeeper/my_games.html", {"games": games})
