from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy, ngettext

from scorekeeper.models import Game, Hand, Revision, Side
from scorekeeper.services import games_recompute_request


class SideInline(admin.TabularInline):
    model = Side
    extra = 0


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "variant", "players", "status", "owner", "updated_at")
    list_filter = ("variant", "status")
    inlines = [SideInline]
    readonly_fields = ("token_hash", "version", "totals", "hand_count", "ended_at", "winner")
    actions = ["recompute"]

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
