"""The database cache table (settings.CACHES without Redis): `migrate` alone sets a database up."""

from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [("scorekeeper", "0004_idempotent_requests")]

    operations = [migrations.RunPython(create_cache_table, migrations.RunPython.noop)]
