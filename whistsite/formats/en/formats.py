"""English dates as the rest of the site writes them (an event's start, "2026-12-06 17:03
UTC"): Django's American ones read "12/06/2026 5 p.m." in the notification centre and "Dec.
6, 2026, 5:04 p.m." on the data page, the 12th of June to most readers and no minutes."""

DATE_FORMAT = "j F Y"
DATETIME_FORMAT = "j F Y, H:i"
TIME_FORMAT = "H:i"
SHORT_DATE_FORMAT = "Y-m-d"
SHORT_DATETIME_FORMAT = "Y-m-d H:i"
