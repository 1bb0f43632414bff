"""The chat limit holds for lines sent at once: a user's recent lines are counted and the new
one stored in one step (games/services/chat.py), on PostgreSQL."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection

from games import services
from games.models import ChatMessage
from games.services.chat import RATE_COUNT

from .helpers import german_table

pytestmark = pytest.mark.django_db(transaction=True)


def test_eight_lines_sent_at_once_store_at_most_the_limit(make_user):
    ann, bob = make_user("ann"), make_user("bob")
    table = german_table(ann, bob)
    start = threading.Barrier(8)

    def post(n: int) -> str:
        start.wait()  # all eight count at the same moment
        try:
            services.chat_post(table.pk, ann, f"line {n}")
            return "stored"
        except services.ServiceError as exc:
            return exc.code
        finally:
            connection.close()

    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(post, range(8)))
    assert answers.count("stored") == RATE_COUNT == ChatMessage.objects.filter(user=ann).count()
    assert answers.count("rate_limited") == 8 - RATE_COUNT
