from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy, ngettext

from scorekeeper.models import Game, Hand, Revision, Side
from scorekeeper.services import games_recompute_request


class StatusFilter(admin.SimpleListFilter):
    """Playing or finished, as Game.status reads it: from ended_at."""

    title = "status"
    parameter_name = "status__exact"  # the parameter of the filter on the former field

    def lookups(self, _request: HttpRequest, _model_admin: Any) -> Any:
        return Game.Status.choices

    def queryset(self, _request: HttpRequest, queryset: QuerySet[Game]) -> QuerySet[Game]:
        if self.value() is None:
            return queryset
        return queryset.filter(ended_at__isnull=self.value() == Game.Status.PLAYING)


class SideInline(admin.TabularInline):
    model = Side
    extra = 0


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "variant", "players", "status", "owner", "updated_at")
    list_filter = ("variant", StatusFilter)
    inlines = [SideInline]
    readonly_fields = ("token_hash", "version", "totals", "hand_count", "ended_at", "winner")
    actions = ["recompute"]

    @admin.display(description="status", ordering="ended_at")
    def status(self, game: Game) -> str:
        return str(game.status.label)

    @admin.action(description=gettext_lazy("Recompute scores from the hand records"))
    def recompute(self, request: HttpRequest, queryset: QuerySet[Game]) -> None:
        sent = games_recompute_request(game_ids=list(queryset.values_list("id", flat=True)))
        if sent.queued:
            self.message_user(
                request,
                ngettext(
                    "Recomputing %(n)s game in the background.",
                    "Recomputing %(n)s games in the background.",
                    sent.queued,
                )
                % {"n": sent.queued},
            )
        if sent.done_here:
            self.message_user(
                request,
                ngettext(
                    "The task queue is not answering: %(n)s game was recomputed here instead.",
                    "The task queue is not answering: %(n)s games were recomputed here instead.",
                    sent.done_here,
                )
                % {"n": sent.done_here},
                messages.WARNING,
            )


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    list_display = ("game", "number", "version", "updated_at")


@admin.register(Revision)
class RevisionAdmin(admin.ModelAdmin):
    list_display = ("game", "number", "action", "author", "at")
