"""The legal pages as the operator words them (imprint, privacy notice, terms and rules of
conduct), a version per page that changes with its text, and each player's acceptance of the
terms with the version they accepted."""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class Kind(models.TextChoices):
    IMPRINT = "imprint", _("Imprint")
    PRIVACY = "privacy", _("Privacy notice")
    TERMS = "terms", _("Terms of use and rules of conduct")


class LegalDocument(models.Model):
    """One legal page: its version grows each time a text of it changes (legal.services)."""

    kind = models.CharField(_("page"), max_length=16, choices=Kind.choices, primary_key=True)
    version = models.PositiveIntegerField(_("version"), default=1)
    changed = models.DateTimeField(_("changed"), default=timezone.now)

    class Meta:
        verbose_name = _("legal page")
        verbose_name_plural = _("legal pages")

    def __str__(self) -> str:
        return f"{self.get_kind_display()} ({self.version})"


class LegalText(models.Model):
    """A legal page's text in one language, in the small format of legal.text (headings,
    paragraphs, lists, links); a language without one shows the English text."""

    document = models.ForeignKey(LegalDocument, on_delete=models.CASCADE, related_name="texts")
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES)
    body = models.TextField(_("text"))

    class Meta:
        verbose_name = _("text")
        verbose_name_plural = _("texts")
        constraints = [
            models.UniqueConstraint(fields=["document", "language"], name="legal_text_unique")
        ]

    def __str__(self) -> str:
        return f"{self.document_id} ({self.language})"


class Acceptance(models.Model):
    """A player accepted a version of a legal page (the terms, at sign-up)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="acceptances"
    )
    kind = models.CharField(_("page"), max_length=16, choices=Kind.choices)
    version = models.PositiveIntegerField(_("version"))
    accepted = models.DateTimeField(_("accepted"), default=timezone.now)

    class Meta:
        verbose_name = _("acceptance")
        verbose_name_plural = _("acceptances")
        ordering = ["-accepted"]

    def __str__(self) -> str:
        return f"{self.user_id} accepted {self.kind} {self.version}"
