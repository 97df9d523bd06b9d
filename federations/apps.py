from django.apps import AppConfig


class FederationsConfig(AppConfig):
    """Federations (issue 33): clubs grouped under a federation whose officers accept them."""

    name = "federations"
    default_auto_field = "django.db.models.BigAutoField"
