"""The plain-text table token goes (0003 gave each pair its hashed key); a pair's name holds no
more than a game's side name."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0003_pair_links_data")]

    operations = [
        migrations.RemoveField(model_name="match", name="game_token"),
        migrations.AlterField(
            model_name="entry",
            name="name",
            field=models.CharField(max_length=60, verbose_name="name"),
        ),
    ]
