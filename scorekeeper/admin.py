from django.contrib import admin

from scorekeeper.models import Game, Hand, Revision, Side


class SideInline(admin.TabularInline):
    model = Side
    extra = 0


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("id", "variant", "players", "status", "owner", "updated_at")
    list_filter = ("variant", "status")
    inlines = [SideInline]
    readonly_fields = ("token_hash", "version")


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    list_display = ("game", "number", "version", "updated_at")


@admin.register(Revision)
class RevisionAdmin(admin.ModelAdmin):
    list_display = ("game", "number", "action", "author", "at")
