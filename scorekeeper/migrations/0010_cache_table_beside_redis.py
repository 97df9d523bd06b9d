"""The database cache table again, for servers set up with Redis as their cache: there 0005 made
none (only caches in settings.CACHES are made), and the table is now where throttling counts
go while Redis is down (core.cache). `createcachetable` leaves an existing table alone."""

from django.core.management import call_command
from django.db import migrations

TABLE = "scorekeeper_cache"


def create_cache_table(apps, schema_editor):
    if TABLE not in schema_editor.connection.introspection.table_names():
        call_command("createcachetable", TABLE, database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [("scorekeeper", "0009_game_keys_and_lock")]

    operations = [migrations.RunPython(create_cache_table, migrations.RunPython.noop)]
