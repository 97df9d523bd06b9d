"""The hand pages: enter, correct, delete and undo a hand, and the live preview.

Two phones may play one game. A save made against a game that changed since the page was opened
is never silent: the page shows what the other phone saved beside this entry and asks. For a new
hand, "the same hand" drops this entry and "the next hand" saves it after the other phone's; for a
correction, the player keeps one of the two versions. Nothing is saved without that choice.

The page's script sends the entry itself (fetch, asking for JSON) rather than leaving the page, so
a send that fails (no Wi-Fi, no answer) keeps the entry on the page to send again with the same
key. Where a plain form gets a redirect to the scoreboard, the script gets the scoreboard's address
and what became of the entry (:func:`_to_scoreboard`), and clears its draft only once the entry
is saved or dropped; a rule's refusal is a JSON 400 in the preview's shape. Any other answer is a page
(another phone's save, a page gone): those saved nothing, so the script posts the form again as
a plain form and the browser shows the server's page, as it always did.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass
from typing import Any, Literal

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext_lazy
from django.views.decorators.http import require_POST

from core.error_pages import error_response
from core.params import int_param
from scorekeeper import idempotency, phone_engine, services
from scorekeeper.api import refusal
from scorekeeper.edit_access import editable_game
from scorekeeper.hand_scoring import score_entry, table_of
from scorekeeper.i18n import explain
from scorekeeper.models import Game, Hand
from scorekeeper.rules import RuleViolation, live
from scorekeeper.rules.entry import entry_offer
from scorekeeper.rules.melds import CanastaKind
from scorekeeper.rules.opening import game_hand_number, next_opening
from scorekeeper.selectors import GameState, game_summary, hand_shown, totals_before
from scorekeeper.serializers import phone_state, violation_body

# The choices of a page that met another phone's save (the names of its submit buttons' values).
DROP = "drop"  # "it is the same hand" / "keep the other phone's version": save nothing
NEXT = "next"  # "it is the next hand": save this entry after the other phone's
KEEP = "keep"  # "keep mine": save this correction over the other phone's


@dataclass(frozen=True)
class SideBySide:
    name: str
    theirs: int | None  # the side's score in the hand the other phone saved
    mine: int | None  # in this entry (None: the entry does not score yet)


@dataclass(frozen=True)
class OtherPhone:
    """What another phone saved while this entry was being made, and the choices it leaves."""

    editing: bool
    number: int  # the hand the other phone saved (or corrected)
    rows: tuple[SideBySide, ...]
    next_number: int | None  # a new hand: where "the next hand" saves it (None: game over)
    current_version: int | None  # a correction: the version "keep mine" replaces (None: gone)

    @property
    def same_scores(self) -> bool:
        """Both entries score alike for every side: most likely one hand entered twice, so
        "the same hand" is the main choice."""
        return all(row.theirs is not None and row.theirs == row.mine for row in self.rows)


# The words of the list of hands kept on this phone (queue.mjs), on the entry page and the
# scoreboard.
QUEUE_LABELS = {
    "handN": gettext_lazy("Hand %(n)s"),
    "waiting": gettext_lazy("waiting to send"),
    "choice": gettext_lazy("another phone saved this hand too: choose"),
    "refused": gettext_lazy("not saved"),
    "choose": gettext_lazy("Choose"),
    "discard": gettext_lazy("Discard"),
    "discardSure": gettext_lazy("Discard hand %(n)s? It is kept nowhere else."),
    "gone": gettext_lazy("this game is no longer on the server"),
}

# What a canasta is called at the table: the families that go out on books call them books,
# clean and dirty (VARIANTS-families.md 2.9).
CANASTA_WORDS = {
    "canastas": gettext_lazy("Canastas"),
    "cleanBadge": gettext_lazy("natural canasta"),
    "dirtyBadge": gettext_lazy("mixed canasta"),
}
BOOK_WORDS = {
    "canastas": gettext_lazy("Books"),
    "cleanBadge": gettext_lazy("clean book"),
    "dirtyBadge": gettext_lazy("dirty book"),
    "natural": gettext_lazy("Clean books"),
    "mixed": gettext_lazy("Dirty books"),
    "wildCanasta": gettext_lazy("Wild books"),
    "wild_pure": gettext_lazy("Wild books, one kind"),
    "wild_mixed": gettext_lazy("Wild books, mixed"),
}

# The words of the entry page's script (read through json_script: no inline script).
LABELS = {
    "melds": gettext_lazy("Melds"),
    "counts": gettext_lazy("Card counts"),
    "totals": gettext_lazy("Totals"),
    "addMeld": gettext_lazy("Add a meld"),
    "pickRank": gettext_lazy("Which rank? Tap it:"),
    "cancel": gettext_lazy("Cancel"),
    "addSequence": gettext_lazy("Add a sequence"),
    "remove": gettext_lazy("Remove"),
    "removeMeld": gettext_lazy("Remove this meld"),
    "removeSequence": gettext_lazy("Remove this sequence"),
    "rank": gettext_lazy("Rank"),
    "naturals": gettext_lazy("Naturals"),
    "twos": gettext_lazy("Twos"),
    "jokers": gettext_lazy("Jokers"),
    "concealedMeld": gettext_lazy("Laid down whole"),
    "melded": gettext_lazy("Melded cards"),
    "meldedPoints": gettext_lazy("Melded points"),
    "aces": gettext_lazy("Aces"),
    "high": gettext_lazy("8 to K"),
    "low": gettext_lazy("4 to 7"),
    "black_threes": gettext_lazy("Black threes"),
    "canastas": gettext_lazy("Canastas"),
    "natural": gettext_lazy("Natural"),
    "mixed": gettext_lazy("Mixed"),
    "concealed_natural": gettext_lazy("Concealed natural"),
    "concealed_mixed": gettext_lazy("Concealed mixed"),
    "wild_pure": gettext_lazy("Wild, one kind"),
    "wild_mixed": gettext_lazy("Wild, mixed"),
    "redThrees": gettext_lazy("Red threes"),
    "wentOut": gettext_lazy("Went out"),
    "concealed": gettext_lazy("Concealed (all in one turn)"),
    "exactCut": gettext_lazy("Exact cut"),
    "inHand": gettext_lazy("Cards left in hand"),
    "asCounts": gettext_lazy("Count"),
    "asPoints": gettext_lazy("Points"),
    "points": gettext_lazy("Points"),
    "wild": gettext_lazy("Wild"),
    "blackThreeRank": gettext_lazy("Black 3"),
    "more": gettext_lazy("%(what)s: one more"),
    "fewer": gettext_lazy("%(what)s: one fewer"),
    "needs": gettext_lazy("needs %(n)s to open"),
    "needsCanasta": gettext_lazy("needs a complete canasta"),
    "from": gettext_lazy("from"),
    "to": gettext_lazy("to"),
    "sequenceFrom": gettext_lazy("Sequence starts at"),
    "sequenceTo": gettext_lazy("Sequence ends at"),
    # The families' boxes (VARIANTS-families.md section 5), shown only where the preset uses them.
    "sevens": gettext_lazy("Sevens"),
    "wild_jokers": gettext_lazy("Wild, four jokers and three twos"),
    "wildCanasta": gettext_lazy("Wild (7 wild cards)"),
    "red_threes": gettext_lazy("Red threes"),
    "redThreesLaid": gettext_lazy("Red threes laid out"),
    "blackThreesLaid": gettext_lazy("Black threes laid out"),
    "sequences": gettext_lazy("Sequences"),
    "royal": gettext_lazy("Whole suit, 4 to A"),
    "sequenceCards": gettext_lazy("%(n)s cards"),
    "caughtSets": gettext_lazy("Caught sets: players holding 3 or more"),
    "caughtAces": gettext_lazy("Aces (3 or more)"),
    "caughtSevens": gettext_lazy("Sevens (3 or more)"),
    "incomplete": gettext_lazy("Unfinished melds"),
    "incomplete_aces": gettext_lazy("Aces, unfinished"),
    "incomplete_sevens": gettext_lazy("Sevens, unfinished"),
    "incomplete_wild": gettext_lazy("Wild cards, unfinished"),
    "incomplete_wild_jokers": gettext_lazy("Wild cards with all four jokers, unfinished"),
    "specialHand": gettext_lazy("Special hand"),
    "addSpecialHand": gettext_lazy("A special hand"),
    "pickSpecialHand": gettext_lazy("Which special hand? Tap it:"),
    "removeSpecialHand": gettext_lazy("Remove the special hand"),
    "specialAlone": gettext_lazy("A special hand is the side's whole score: nothing else counts."),
    "winsShort": gettext_lazy("wins the game"),
    "foot": gettext_lazy("Cards left in unplayed feet"),
    "extras": gettext_lazy("Also in this hand"),
    "footHint": gettext_lazy("A foot never picked up holds %(n)s cards."),
    "exactPickups": gettext_lazy("Exact pick-ups"),
    "adjustment": gettext_lazy("Penalty or adjustment"),
    "adjustmentPoints": gettext_lazy("Points (below zero for a penalty)"),
    "adjustmentReason": gettext_lazy("Reason"),
    "adjustmentHint": gettext_lazy(
        "What the table or the director decided: a misdeal, a card shown, a wrong going out. Added to the side's score in this hand."
    ),
    # Saving: the script sends the entry and keeps it until the server says it is saved.
    "saving": gettext_lazy("Saving…"),
    "notSavedOffline": gettext_lazy("Not saved: no connection. Your entry is kept: try again."),
    "notSavedServer": gettext_lazy("Not saved: the server did not answer, try again."),
    "notSavedRefused": gettext_lazy("Not saved: %(reason)s"),
    # Offline: the hand waits on this phone (static/scorekeeper/queue.mjs).
    "handN": gettext_lazy("Hand %(n)s"),
    "handNofM": gettext_lazy("Hand %(n)s of %(total)s"),
    "offline": gettext_lazy(
        "No connection: hands are kept on this phone and sent when the connection returns."
    ),
    "offlineNoEngine": gettext_lazy(
        "No connection: the score shows when the connection returns. Your entry is kept."
    ),
    "engineLoading": gettext_lazy("No connection: the score shows in a moment."),
    "keptHand": gettext_lazy(
        "Hand %(n)s is kept on this phone: it is sent when the connection returns."
    ),
    "draw": gettext_lazy("A draw."),
    "keptCount": gettext_lazy("Kept on this phone: %(n)s"),
    "waitingAll": gettext_lazy("waiting to send"),
    "otherSaved": gettext_lazy(
        "Another phone has just saved hand %(n)s. When you save, you choose whether this entry "
        "is the same hand or the next one."
    ),
    "movedOn": gettext_lazy("Another phone saved hand %(n)s: this is the next hand."),
}


# The letters of the face cards and the ace as the rank picker shows them: a French table says
# V, D, R (valet, dame, roi), as the Rules page does ("8 à R"). The records keep J, Q, K, A.
RANK_LABELS = {
    "J": pgettext_lazy("card rank", "J"),
    "Q": pgettext_lazy("card rank", "Q"),
    "K": pgettext_lazy("card rank", "K"),
    "A": pgettext_lazy("card rank", "A"),
}


def side_words(name: str, players: int) -> dict[str, str]:
    """What the entry page says of one side, its verb agreeing with the side's players ("Anna &
    Ben win the game.", "Anna wins the game.")."""
    said = {
        "winsAtOnce": ngettext(
            "%(name)s wins the game at once", "%(name)s win the game at once", players
        ),
        "wins": ngettext("%(name)s wins the game.", "%(name)s win the game.", players),
        "outMoved": ngettext(
            "Only one side goes out: %(name)s is no longer marked as out.",
            "Only one side goes out: %(name)s are no longer marked as out.",
            players,
        ),
        "specialMoved": ngettext(
            "A special hand ends the hand: %(name)s no longer went out or laid a special hand.",
            "A special hand ends the hand: %(name)s no longer went out or laid a special hand.",
            players,
        ),
        "specialDropped": ngettext(
            "A hand ends by going out or by a special hand: %(name)s no longer laid a special "
            "hand.",
            "A hand ends by going out or by a special hand: %(name)s no longer laid a special "
            "hand.",
            players,
        ),
    }
    return {key: words % {"name": name} for key, words in said.items()}


def _entry_config(
    state: GameState,
    number: int,
    before: tuple[int, ...],
    sides: list[dict[str, Any]] | None,
    entry_key: str,
) -> dict[str, Any]:
    offer = entry_offer(state.ruleset.variant)
    layout = state.ruleset.layout
    words = BOOK_WORDS if offer.books else CANASTA_WORDS
    labels = {kind: words.get(kind, LABELS[kind]) for kind in offer.canasta_kinds}
    if CanastaKind.WILD_PURE in labels and CanastaKind.WILD_MIXED not in labels:
        # One kind of wild canasta.
        labels[CanastaKind.WILD_PURE] = words.get("wildCanasta", LABELS["wildCanasta"])
    return {
        "game": state.game.id,
        "number": number,
        "of_hands": state.ruleset.seating.hands if state.ruleset.target is None else None,
        "preview_url": reverse("hand-preview", args=[state.game.id, number]),
        "scoreboard_url": reverse("edit", args=[state.game.id]),
        "version_url": reverse("game-version", args=[state.game.id]),
        # Where the game stands as the server sends this page: the phone keeps the latest it
        # saw, and a copy of this page shown offline enters the hand from there (hand/main.mjs).
        "game_state": phone_state(state),
        # The phone's own engine (scorekeeper/phone_engine.py) scores the game's hands as the
        # server would, given the game as plain data (rules/live.py Table).
        "table": table_of(state.game, [s.name for s in state.sides]).to_json(),
        "entry_key": entry_key,
        "sides": [
            # A one-player side that went out holds no cards: the page hides "cards left".
            {
                "name": s.name,
                "score_before": before[i],
                "solo": layout[i] == 1,
                "said": side_words(s.name, layout[i]),
                # The opening this side needs in this very hand (the preview then tells the next).
                "opening_minimum": next_opening(
                    state.ruleset.variant, before[i], game_hand_number(state.ruleset, number)
                ),
            }
            for i, s in enumerate(state.sides)
        ],
        "entered": sides,
        "ranks": offer.ranks,
        "rank_labels": {rank: str(label) for rank, label in RANK_LABELS.items()},
        "min_meld": offer.min_meld,
        "canasta_kinds": offer.canasta_kinds,
        "canasta_labels": {kind: str(label) for kind, label in labels.items()},
        "canasta_size": offer.canasta_size,
        "words": {key: str(words[key]) for key in ("canastas", "cleanBadge", "dirtyBadge")},
        "melded_classes": offer.melded_classes,
        "hand_classes": offer.hand_classes,
        "wild_meld_min": offer.wild_meld_min,
        "concealed_melds": offer.concealed_melds,
        "concealed_going_out": offer.concealed_going_out,
        "sequences": offer.sequences,
        "sequence_lengths": offer.sequence_lengths,
        "sequence_canasta": offer.sequence_canasta,
        "sequence_name": capfirst(_(offer.sequence_name)),
        "sequence_kinds": offer.sequence_kinds,
        "exact_cut": offer.exact_cut,
        "card_names": {kind: _(name) for kind, name in offer.card_names.items()},
        "threes_laid": offer.threes_laid,
        "caught_sets": offer.caught_sets,
        "incomplete": offer.incomplete,
        "special_hands": [
            {
                "id": hand.id,
                "name": _(hand.label),
                "value": hand.value,
                "wins_game": hand.wins_game,
            }
            for hand in offer.special_hands
        ],
        "feet": offer.feet,
        "foot_cards": state.ruleset.seating.cards_dealt if offer.feet else None,
        "exact_pickups": offer.exact_pickups,
        "side_keys": offer.side_keys,  # every side key the form offers (rules/declaration.py)
    }


def _entry_totals(game: Game, state: GameState, sides: Any, number: int) -> list[int | None]:
    """Each side's score in this entry, as if it were hand ``number`` (None where it does not
    score yet: the choice is still offered, and saving checks it again)."""
    try:
        entry = score_entry(
            game, sides, [s.name for s in state.sides], totals_before(game, number), number
        )
    except RuleViolation:
        return [None] * len(state.sides)
    return [side["total"] for side in entry.result["sides"]]


def _other_phone(
    game: Game, state: GameState, sides: Any, number: int, editing: bool
) -> OtherPhone:
    """What the other phone left at hand ``number``, beside this entry."""
    theirs = hand_shown(game, number)
    scores = [s["total"] for s in theirs.result["sides"]] if theirs is not None else []
    mine = _entry_totals(game, state, sides, number)
    return OtherPhone(
        editing=editing,
        number=number,
        rows=tuple(
            SideBySide(side.name, scores[i] if scores else None, mine[i])
            for i, side in enumerate(state.sides)
        ),
        next_number=None if editing or state.finished else state.next_number,
        current_version=theirs.version if editing and theirs is not None else None,
    )


def _form(
    request: HttpRequest,
    game: Game,
    number: int | None,
    *,
    entered: Any = None,
    error: dict[str, Any] | None = None,
    other: OtherPhone | None = None,
    status: int = 200,
) -> HttpResponse:
    """The entry page of hand ``number`` (None: the next hand)."""
    state = game_summary(game)
    editing = number is not None
    shown = hand_shown(game, number) if number is not None else None
    if entered is None and shown is not None:
        entered = shown.record["sides"]
    # The hidden fields name what the player was shown: after another phone's save they still
    # do, so a plain Save meets the conflict again instead of saving without a choice.
    number_field = other.number if other is not None and not editing else state.next_number
    version_field = (
        int_param(request.POST.get("version")) if other is not None else (shown and shown.version)
    )
    target = number if number is not None else state.next_number
    entry_key = request.POST.get("entry_key", "") or uuid.uuid4().hex
    sides = entered if isinstance(entered, list) else None
    return render(
        request,
        "scorekeeper/hand_entry.html",
        {
            "state": state,
            "game": game,
            "variant": state.ruleset.variant,
            "number": number if editing else number_field,
            "of_hands": state.ruleset.seating.hands if state.ruleset.target is None else None,
            "number_field": number_field,
            "editing": editing,
            "version": version_field,
            "error": error,
            "other": other,
            "labels": LABELS,
            "queue_labels": QUEUE_LABELS,
            "config": _entry_config(state, target, totals_before(game, target), sides, entry_key),
            "phone_engine": phone_engine.page_engine(),
        },
        status=status,
    )


@dataclass(frozen=True)
class PostedHand:
    """What the entry page posted: the hand's sides, and where the player means them to go."""

    sides: Any  # as posted (None: not JSON); the service checks them
    number: int | None  # the hand corrected (None: a new hand)
    choice: str  # after another phone's save: DROP, NEXT or KEEP ("": a plain Save)
    # A new hand: the number it was entered as (NEXT: after the other phone's); a correction:
    # the version it replaces (KEEP: the other phone's).
    expected: int | None
    key: str  # one per entry: a second submit or a reload after saving saves nothing


def _entry(request: HttpRequest, number: int | None) -> PostedHand:
    """The posted form, read: nothing here is checked against the rules."""
    try:
        sides = json.loads(request.POST.get("record", ""))
    except (json.JSONDecodeError, RecursionError, ValueError):
        sides = None
    choice = request.POST.get("choice", "")
    if number is not None:
        field = "current_version" if choice == KEEP else "version"
    else:
        field = "next_number" if choice == NEXT else "number"
    try:
        key = idempotency.check_key(request.POST.get("entry_key", ""))
    except idempotency.BadKey:
        key = uuid.uuid4().hex  # an old page without a key: this submit alone
    return PostedHand(sides, number, choice, int_param(request.POST.get(field)), key)


def _entry_save(entry: PostedHand, game_id: str, author: services.Author) -> str:
    """Save the entry through its service (a new hand once per entry key); returns the message
    to show."""
    if entry.number is not None:
        services.hand_revise(
            game_id=game_id,
            number=entry.number,
            sides=entry.sides,
            author=author,
            expected_version=entry.expected or 0,
        )
        return _("Hand %(n)s corrected.") % {"n": entry.number}
    done = idempotency.write_once(
        f"page hand-add {game_id}",
        entry.key,
        "",
        lambda: services.hand_add(
            game_id=game_id, sides=entry.sides, author=author, expected_number=entry.expected
        ),
        lambda write: {"number": write.hand.number},
    )
    if isinstance(done, idempotency.Replayed):
        return _("Hand %(n)s was already saved.") % {"n": done.answer["number"]}
    return _("Hand %(n)s saved.") % {"n": done.hand.number}


def _wants_json(request: HttpRequest) -> bool:
    """The page's script asks for JSON (Accept); a plain form post asks for a page."""
    return request.get_preferred_type(["text/html", "application/json"]) == "application/json"


def _to_scoreboard(
    request: HttpRequest,
    game: Game,
    entry: Literal["saved", "dropped", "refused"],
    message: str = "",
) -> HttpResponse:
    """Back to the scoreboard, which shows the message queued for it. The script is told what
    became of the entry: "saved" or "dropped" (its draft goes), or "refused" (the draft stays:
    nothing was saved, and a director may unlock the table)."""
    if _wants_json(request):
        answer: dict[str, Any] = {"location": reverse("edit", args=[game.id]), "entry": entry}
        if message:
            answer["message"] = message  # why it was refused: a hand kept on the phone says so
        if entry != "refused":
            # Where the game now stands, for the phone to keep: a hand sent from the queue
            # leaves no page of the game behind it (queue.mjs).
            game.refresh_from_db()
            answer["game"] = phone_state(game_summary(game))
        return JsonResponse(answer)
    return redirect("edit", game.id)


def _post(request: HttpRequest, game: Game, number: int | None) -> HttpResponse:
    """Save a hand in two steps, the form read into a :class:`PostedHand`, then saved by its service;
    and answer: the scoreboard, the rule refused, or both phones' entries side by side."""
    entry = _entry(request, number)
    if entry.choice == DROP:
        messages.info(request, _("Your entry was dropped: the scoreboard shows the hand as saved."))
        return _to_scoreboard(request, game, "dropped")
    try:
        messages.success(request, _entry_save(entry, game.id, services.Author.of(request.user)))
    except RuleViolation as violation:
        if _wants_json(request):
            return refusal(violation)  # the page shows it where the preview does
        return _form(
            request, game, number, entered=entry.sides, error=violation_body(violation), status=400
        )
    except (services.GameFinished, services.GameLocked) as refused:
        messages.error(request, str(refused))
        return _to_scoreboard(request, game, "refused", str(refused))
    except services.Conflict:
        # Another phone saved first: keep this entry and show both, for the player to choose.
        game.refresh_from_db()
        state = game_summary(game)
        at = number if number is not None else entry.expected or state.hand_count
        other = _other_phone(game, state, entry.sides, at, editing=number is not None)
        return _form(request, game, number, entered=entry.sides, other=other, status=409)
    except Hand.DoesNotExist:
        messages.error(request, _("That hand is no longer there."))
        return _to_scoreboard(request, game, "refused", _("That hand is no longer there."))
    return _to_scoreboard(request, game, "saved")


def _hand_page(request: HttpRequest, game_id: str, number: int | None) -> HttpResponse:
    game = editable_game(request, game_id)
    if number is not None and hand_shown(game, number) is None:
        raise Http404
    if request.method == "POST":
        return _post(request, game, number)
    if number is None and game.ended_at is not None:
        messages.info(request, _("The game has ended."))
        return redirect("edit", game_id)
    if game.locked:
        messages.info(request, _("This table's result is settled: ask the director."))
        return redirect("edit", game_id)
    return _form(request, game, number)


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
        return error_response(400, _("not JSON"))
    try:
        answer = live.preview(table_of(game, [s.name for s in state.sides]), sides, before, number)
    except RuleViolation as violation:
        # The hand as typed so far breaks a rule: that is the preview's answer, as the phone's
        # engine gives it (rules/phone.py), not a failed request (which a browser logs as an
        # error at every tap). Saving it is still refused with a 400.
        return refusal(violation, status=200)
    return JsonResponse(answer)


def _side_scores(state: GameState, hand: Hand) -> list[tuple[str, int]]:
    return [
        (side.name, result["total"])
        for side, result in zip(state.sides, hand.result["sides"], strict=True)
    ]


def hand_delete_page(request: HttpRequest, game_id: str, number: int) -> HttpResponse:
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
            expected_version=int_param(request.POST.get("version")) or 0,
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
