from django.contrib import admin
from django.db import transaction

from scorekeeper.models import Game, Hand, Revision, Side
from scorekeeper.tasks import game_recompute


class SideInline(admin.TabularInline):
    model = Side
    extra = 0


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "variant", "players", "status", "owner", "updated_at")
    list_filter = ("variant", "status")
    inlines = [SideInline]
    readonly_fields = ("token_hash", "version")
    actions = ["recompute"]

    @admin.action(description="Recompute scores from the hand records")
    def recompute(self, request, queryset):  # type: ignore[no-untyped-def]
        with transaction.atomic():
            for game_id in queryset.values_list("id", flat=True):
                game_recompute.delay_on_commit(game_id)
        self.message_user(request, f"Recomputing {queryset.count()} game(s).")


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    list_display = ("game", "number", "version", "updated_at")


@admin.register(Revision)
class RevisionAdmin(admin.ModelAdmin):
    list_display = ("game", "number", "action", "author", "at")
