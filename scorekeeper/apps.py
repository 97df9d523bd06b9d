from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScorekeeperConfig(AppConfig):
    name = "scorekeeper"
    verbose_name = _("Scorekeeper")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from core import tables_speedup

        tables_speedup.install()
