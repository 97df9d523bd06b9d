"""A round's draft in a row of its own (models.RoundDraft), out of every read of the round."""

import django.db.models.deletion
from django.db import migrations, models


def drafts_apart(apps, schema_editor):
    """Each round's kept draft moves to a row of its own (a round drawn before drafts were kept
    has none)."""
    Round = apps.get_model("tournaments", "Round")
    RoundDraft = apps.get_model("tournaments", "RoundDraft")
    rows = Round.objects.exclude(drawn=[]).values_list("id", "drawn").iterator(chunk_size=200)
    batch = []
    for round_id, drawn in rows:
        batch.append(RoundDraft(round_id=round_id, drawn=drawn))
        if len(batch) == 200:
            RoundDraft.objects.bulk_create(batch)
            batch = []
    RoundDraft.objects.bulk_create(batch)


def drafts_back(apps, schema_editor):
    Round = apps.get_model("tournaments", "Round")
    RoundDraft = apps.get_model("tournaments", "RoundDraft")
    for draft in RoundDraft.objects.iterator(chunk_size=200):
        Round.objects.filter(id=draft.round_id).update(drawn=draft.drawn)


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0020_table_changes'),
    ]

    operations = [
        migrations.CreateModel(
            name='RoundDraft',
            fields=[
                ('round', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='+', serialize=False, to='tournaments.round')),
                ('drawn', models.JSONField(default=list)),
            ],
        ),
        migrations.RunPython(drafts_apart, drafts_back),
        migrations.RemoveField(
            model_name='round',
            name='drawn',
        ),
    ]
