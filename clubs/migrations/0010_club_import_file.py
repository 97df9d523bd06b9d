"""An import's file moves to a row of its own (ClubImportFile): SQLite rewrites a whole row on
each update, and the progress written after every chunk of games rewrote the file with it. The
files of imports under way move there, and back again on the way back."""

import django.db.models.deletion
from django.db import migrations, models


def files_moved(apps, schema_editor):
    ClubImport = apps.get_model("clubs", "ClubImport")
    ClubImportFile = apps.get_model("clubs", "ClubImportFile")
    kept = ClubImport.objects.exclude(data=b"").values_list("id", "data")
    for job_id, data in kept.iterator(chunk_size=1):  # up to 50 MB each
        ClubImportFile.objects.create(job_id=job_id, data=data)


def files_back(apps, schema_editor):
    ClubImport = apps.get_model("clubs", "ClubImport")
    ClubImportFile = apps.get_model("clubs", "ClubImportFile")
    for job_id, data in ClubImportFile.objects.values_list("job_id", "data").iterator(chunk_size=1):
        ClubImport.objects.filter(id=job_id).update(data=data)


class Migration(migrations.Migration):
    dependencies = [("clubs", "0009_lines_due")]

    operations = [
        migrations.CreateModel(
            name="ClubImportFile",
            fields=[
                (
                    "job",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="file",
                        serialize=False,
                        to="clubs.clubimport",
                    ),
                ),
                ("data", models.BinaryField()),
            ],
        ),
        migrations.RunPython(files_moved, files_back),
        migrations.RemoveField(model_name="clubimport", name="data"),
    ]
