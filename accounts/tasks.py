"""Background work of player accounts: delivering a mail rendered by accounts.mail."""

from __future__ import annotations

import logging
import smtplib
from typing import Any

from celery import shared_task
from django.conf import settings
from django.core.mail import EmailMultiAlternatives

log = logging.getLogger(__name__)


@shared_task(
    acks_late=True, ignore_result=True, autoretry_for=(OSError, smtplib.SMTPException),
    retry_backoff=5, retry_backoff_max=600, max_retries=8,
)  # fmt: skip
def deliver(message: dict[str, Any]) -> None:
    """Send one rendered mail (accounts.mail.render, plus `to` and `kind`): plain text with
    the HTML as its alternative. A mail server that is down is tried again, for about an
    hour; the message says nothing of the account beyond what the mail itself says."""
    mail = EmailMultiAlternatives(
        subject=message["subject"], body=message["text"],
        from_email=settings.DEFAULT_FROM_EMAIL, to=[message["to"]],
        headers={"Content-Language": message["language"], **message.get("headers", {})},
    )  # fmt: skip
    mail.attach_alternative(message["html"], "text/html")
    mail.send()
    log.info("mail sent: kind=%s language=%s", message["kind"], message["language"])
