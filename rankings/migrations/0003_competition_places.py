"""Result rows scored before places had one convention: rewrite each seat's place as
games.engine.places gives it (1, 2, 2, 4; it was 1, 2, 2, 3 here while the records said
1, 2, 2, 4). Ratings stay: OpenSkill reads only the order of places and their ties, which
both conventions share."""

from typing import Any

from django.db import migrations

from games.engine import places

CHUNK = 500


def competition_places(apps: Any, schema_editor: Any) -> None:
    """Each scored table whose ranking has a shared place gets its rows' places again."""
    seat_result = apps.get_model("rankings", "SeatResult")
    table = apps.get_model("games", "Table")
    ids = sorted(set(seat_result.objects.values_list("table_id", flat=True)))
    for start in range(0, len(ids), CHUNK):
        found = table.objects.filter(pk__in=ids[start : start + CHUNK], record__isnull=False)
        for pk, players, record in found.values_list("pk", "players", "record"):
            ranking = (record.get("result") or {}).get("ranking") or []
            if all(len(group) == 1 for group in ranking):
                continue  # no shared place: both conventions agree
            for seat, place in enumerate(places(ranking, players)):
                rows = seat_result.objects.filter(table_id=pk, seat=seat).exclude(place=place)
                rows.update(place=place)


class Migration(migrations.Migration):
    dependencies = [
        ("rankings", "0002_annulled"),
        ("games", "0005_timer_due"),
    ]

    operations = [migrations.RunPython(competition_places, migrations.RunPython.noop)]
