from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The apps below hear of the events through registries, never by importing this app.
        from clubs.backup import PARTS
        from clubs.events import register
        from clubs.person_data import register as person_part_register
        from core.early_answers import COMPUTERS
        from scorekeeper.game_tables import TABLES
        from tournaments.backup import EVENTS_PART
        from tournaments.club_events import EVENTS
        from tournaments.game_tables import EventTables
        from tournaments.services.person import EVENT_ENTRIES
        from tournaments.views.clock import CLOCK, clock_computed

        if not any(isinstance(t, EventTables) for t in TABLES):
            TABLES.append(EventTables())
        register(EVENTS)
        person_part_register(EVENT_ENTRIES)
        COMPUTERS[CLOCK] = clock_computed  # the round clock's asks, answered before Django
        if EVENTS_PART not in PARTS:
            PARTS.append(EVENTS_PART)
