"""Pages. A view binds a form or JSON, calls one service or selector, and renders or redirects."""

from __future__ import annotations

import csv
import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse, StreamingHttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from scorekeeper import services
from scorekeeper.charts import totals_chart
from scorekeeper.forms import ImportForm, NewGameForm, OpeningLookupForm
from scorekeeper.models import Game, Hand
from scorekeeper.rules import HOUSE_RULES, PRESETS, RuleViolation, opening_minimum
from scorekeeper.rules.house_rules import house_rule_defaults
from scorekeeper.rules.opening import opening_minimum_for, opening_table
from scorekeeper.rules.records import side_layout
from scorekeeper.rules.variants import CANASTA
from scorekeeper.selectors import GameState, game_get, game_revisions, game_state, games_of_user
from scorekeeper.tables import HandTable, RevisionTable


def translated(violation: RuleViolation) -> str:
    return violation.render(_)


def home(request: HttpRequest) -> HttpResponse:
    mine = games_of_user(request.user)[:20] if request.user.is_authenticated else []
    return render(request, "scorekeeper/home.html", {"form": OpeningLookupForm(), "my_games": mine})


def opening_lookup(request: HttpRequest) -> HttpResponse:
    form = OpeningLookupForm(request.GET or None)
    minimum = None
    if form.is_valid():
        data = form.cleaned_data
        try:
            minimum = opening_minimum_for(data["variant"], data["score"], data["players"])
        except RuleViolation as violation:
            form.add_error("players", translated(violation))
    return render(
        request,
        "scorekeeper/opening.html",
        {
            "form": form,
            "minimum": minimum,
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


def game_new(request: HttpRequest) -> HttpResponse:
    form = NewGameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            game, token = services.game_create(**form.game_arguments(), owner=request.user)
        except RuleViolation as violation:
            form.add_error(None, translated(violation))
        else:
            return redirect("play", game.id, token)
    presets = {
        v.id: {
            "players": list(v.player_counts),
            "targets": {t.players: t.target for t in v.tables},
            "sides": {t.players: sorted({len(lay) for lay in t.layouts}) for t in v.tables},
            "espanola_only": v.id == "espanola",
            "defaults": {t.players: house_rule_defaults(v, t) for t in v.tables},
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
            "espanola_fields": [n for n, rule in HOUSE_RULES.items() if rule.presets],
        },
        status=400 if form.errors else 200,
    )


OWNER_KEY = "mine"  # in place of the token: the logged-in owner's own games


def _editable(request: HttpRequest, game_id: str, token: str) -> Game:
    try:
        game = Game.objects.get(id=game_id)
    except Game.DoesNotExist:
        raise Http404 from None
    if token == OWNER_KEY:
        if not (request.user.is_authenticated and game.owner_id == request.user.pk):
            raise Http404
    elif not game.token_matches(token):
        raise Http404  # an edit link that does not match is simply not a page
    return game


def _scoreboard(request: HttpRequest, state: GameState, token: str | None) -> HttpResponse:
    edit_base = reverse("play", args=[state.game.id, token]) if token else None
    deleted = services.last_delete(state.game) if token else None
    return render(
        request,
        "scorekeeper/scoreboard.html",
        {
            "state": state,
            "game": state.game,
            "variant": state.ruleset.variant,
            "table": HandTable(state, edit_base, lambda: get_token(request)),
            "chart": totals_chart(state),
            "token": token,
            "edit_base": edit_base,
            "undo": deleted,
            "share_url": request.build_absolute_uri(reverse("game", args=[state.game.id])),
        },
    )


def game_view(request: HttpRequest, game_id: str) -> HttpResponse:
    try:
        state = game_state(game_get(game_id))
    except Game.DoesNotExist:
        raise Http404 from None
    return _scoreboard(request, state, None)


def play(request: HttpRequest, game_id: str, token: str) -> HttpResponse:
    _editable(request, game_id, token)
    return _scoreboard(request, game_state(game_get(game_id)), token)


def _entry_config(
    state: GameState, token: str, number: int, sides: list[dict[str, Any]] | None
) -> dict[str, Any]:
    variant = state.ruleset.variant
    before = state.totals_before(number)
    layout = side_layout(state.ruleset, len(state.sides))
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
        "preview_url": reverse("hand-preview", args=[state.game.id, token, number]),
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
        "origen": variant.deck == "origen",
    }


def _hand_page(request: HttpRequest, game_id: str, token: str, number: int | None) -> HttpResponse:
    _editable(request, game_id, token)
    state = game_state(game_get(game_id))
    editing = number is not None
    if editing and not 1 <= number <= len(state.hands):  # type: ignore[operator]
        raise Http404
    target = number if editing else state.next_number
    assert target is not None
    error = None
    entered = state.hands[target - 1].record["sides"] if editing else None
    version = state.hands[target - 1].version if editing else None
    status = 200
    if request.method == "POST":
        try:
            sides = json.loads(request.POST.get("record", ""))
        except json.JSONDecodeError:
            sides = None
        author = services.Author.of(request.user)
        try:
            if editing:
                services.hand_revise(
                    game_id=game_id,
                    number=target,
                    sides=sides,
                    author=author,
                    expected_version=_int(request.POST.get("version")),
                )
                messages.success(request, _("Hand %(n)s corrected.") % {"n": target})
            else:
                services.hand_record(
                    game_id=game_id,
                    sides=sides,
                    author=author,
                    expected_number=_int(request.POST.get("number")),
                )
                messages.success(request, _("Hand %(n)s saved.") % {"n": target})
            return redirect("play", game_id, token)
        except RuleViolation as violation:
            error = {
                "message": translated(violation),
                "side": violation.side,
                "meld": violation.meld,
                "field": violation.field,
            }
            entered = sides if isinstance(sides, list) else entered
            status = 400
        except services.GameFinished as finished:
            messages.error(request, str(finished))
            return redirect("play", game_id, token)
        except services.Conflict as conflict:
            # Another phone got there first: keep what this player entered, on the current state.
            state = game_state(game_get(game_id))
            target = number if editing else state.next_number
            assert target is not None
            version = state.hands[target - 1].version if editing else None
            entered = sides if isinstance(sides, list) else entered
            error = {"message": f"{conflict}. " + _("Check and save again.")}
            status = 409
    if not editing and state.finished:
        messages.info(request, _("The game has ended."))
        return redirect("play", game_id, token)
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
            "token": token,
            "error": error,
            "config": _entry_config(state, token, target, entered),
        },
        status=status,
    )


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value else None
    except ValueError:
        return None


def hand_new(request: HttpRequest, game_id: str, token: str) -> HttpResponse:
    return _hand_page(request, game_id, token, None)


def hand_edit(request: HttpRequest, game_id: str, token: str, number: int) -> HttpResponse:
    return _hand_page(request, game_id, token, number)


@require_POST
def hand_preview(request: HttpRequest, game_id: str, token: str, number: int) -> HttpResponse:
    """The live score of the hand being entered: nothing is saved."""
    game = _editable(request, game_id, token)
    state = game_state(game_get(game_id))
    before = state.totals_before(number)
    try:
        sides = json.loads(request.body or b"null")
        _, result = services.hand_score(game, sides, [s.name for s in state.sides], before)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return JsonResponse({"error": {"message": _("not JSON")}}, status=400)
    except RuleViolation as violation:
        return JsonResponse(
            {
                "error": {
                    "message": translated(violation),
                    "side": violation.side,
                    "meld": violation.meld,
                    "field": violation.field,
                }
            }
        )
    variant = state.ruleset.variant
    return JsonResponse(
        {
            "sides": [
                {
                    **side,
                    "score_after": before[i] + side["total"],
                    "opening_minimum": opening_minimum(variant, before[i] + side["total"]),
                }
                for i, side in enumerate(result["sides"])
            ],
            "wins_game": result["wins_game"],
        }
    )


@require_POST
def hand_delete(request: HttpRequest, game_id: str, token: str, number: int) -> HttpResponse:
    _editable(request, game_id, token)
    try:
        services.hand_delete(
            game_id=game_id,
            number=number,
            author=services.Author.of(request.user),
            expected_version=_int(request.POST.get("version")),
        )
        messages.success(request, _("Hand %(n)s deleted.") % {"n": number})
    except services.Conflict as conflict:
        messages.error(request, str(conflict))
    except Hand.DoesNotExist:
        messages.error(request, _("That hand is no longer there."))
    return redirect("play", game_id, token)


@require_POST
def hand_undo(request: HttpRequest, game_id: str, token: str) -> HttpResponse:
    _editable(request, game_id, token)
    try:
        hand = services.hand_undo_delete(game_id=game_id, author=services.Author.of(request.user))
        messages.success(request, _("Hand %(n)s restored.") % {"n": hand.number})
    except services.Conflict as conflict:
        messages.error(request, str(conflict))
    except RuleViolation as violation:
        messages.error(request, translated(violation))
    return redirect("play", game_id, token)


@require_POST
def game_rematch(request: HttpRequest, game_id: str, token: str) -> HttpResponse:
    _editable(request, game_id, token)
    game, new_token = services.game_rematch(game_id=game_id, owner=request.user)
    messages.success(request, _("A new game with the same players and rules."))
    return redirect("play", game.id, new_token)


def history(request: HttpRequest, game_id: str) -> HttpResponse:
    try:
        game = game_get(game_id)
    except Game.DoesNotExist:
        raise Http404 from None
    return render(
        request,
        "scorekeeper/history.html",
        {"game": game, "table": RevisionTable(list(game_revisions(game)))},
    )


def export_jsonl(request: HttpRequest, game_id: str) -> HttpResponse:
    """The game as hand-format records, one per line: score_before filled in, re-importable."""
    try:
        state = game_state(game_get(game_id))
    except Game.DoesNotExist:
        raise Http404 from None
    game = state.game

    def lines() -> Any:
        for hand in state.hands:
            before = state.totals_before(hand.number)
            record = {
                "variant": game.variant,
                "players": game.players,
                "rules": game.engine_rules,
                "sides": [
                    {**side, "score_before": before[j]}
                    for j, side in enumerate(hand.record["sides"])
                ],
            }
            yield json.dumps(record, ensure_ascii=False) + "\n"

    response = StreamingHttpResponse(lines(), content_type="application/x-ndjson; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="canasta-{game.id}.jsonl"'
    return response


class _Echo:
    def write(self, value: str) -> str:
        return value


def export_csv(request: HttpRequest, game_id: str) -> HttpResponse:
    try:
        state = game_state(game_get(game_id))
    except Game.DoesNotExist:
        raise Http404 from None
    writer = csv.writer(_Echo())
    parts = ["cards", "hand", "canastas", "red_threes", "going_out", "other"]

    def rows() -> Any:
        header = ["hand"]
        for side in state.sides:
            header += [f"{side.name} {p}" for p in parts] + [
                f"{side.name} total",
                f"{side.name} running",
            ]
        yield writer.writerow(header)
        for hand in state.hands:
            row: list[Any] = [hand.number]
            for i in range(len(state.sides)):
                row += [hand.breakdowns[i][p] for p in parts] + [hand.totals[i], hand.running[i]]
            yield writer.writerow(row)

    response = StreamingHttpResponse(rows(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="canasta-{state.game.id}.csv"'
    return response


def game_import(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data.get("file")
        text = (
            upload.read().decode("utf-8", "replace")
            if upload
            else form.cleaned_data.get("text", "")
        )
        try:
            records = [json.loads(line) for line in text.splitlines() if line.strip()]
            game, token = services.game_import(
                records=records, owner=request.user, author=services.Author.of(request.user)
            )
        except json.JSONDecodeError as e:
            form.add_error(None, _("Line %(line)s is not JSON.") % {"line": e.lineno})
        except RuleViolation as violation:
            form.add_error(None, translated(violation))
        else:
            messages.success(request, _("Game imported."))
            return redirect("play", game.id, token)
    return render(
        request, "scorekeeper/import.html", {"form": form}, status=400 if form.errors else 200
    )


@login_required
def my_games(request: HttpRequest) -> HttpResponse:
    games = list(games_of_user(request.user)[:100])
    return render(request, "scorekeeper/my_games.html", {"games": games, "owner_key": OWNER_KEY})
