"""The legal pages in the admin: staff with the permission edit each page's text per
language; every saved change moves the page's version on and writes an audit row."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.urls import reverse

from accounts.admin_audit import AuditedAdmin
from legal.models import LegalDocument, LegalText
from legal.services import version_bump


class TextInline(admin.StackedInline):
    model = LegalText
    extra = 0
    fields = ("language", "body")


@admin.register(LegalDocument)
class LegalDocumentAdmin(AuditedAdmin):
    list_display = ("kind", "version", "changed")
    readonly_fields = ("kind", "version", "changed")
    fields = ("kind", "version", "changed")
    inlines = [TextInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def view_on_site(self, obj: LegalDocument) -> str:
        return reverse(obj.kind)

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        super().save_formset(request, form, formset, change)
        if formset.has_changed():
            version_bump(form.instance.kind)
