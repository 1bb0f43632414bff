"""The card room's moderation page for players: report a chat line from the table."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from accounts.forms import ReportForm
from accounts.moderation_views import report_sent
from games.reads import queries
from games.services import ServiceError
from games.services.reports import chat_message_get, chat_report


@login_required
def report_chat(request: HttpRequest, table_id: int, message_id: int) -> HttpResponse:
    """Report a chat line (and, if asked, hide its writer's chat); back to the table."""
    table = queries.table_get(table_id)
    if table is None:
        raise Http404(_("No such table."))
    if not queries.can_watch(table, request.user, request.session):
        raise PermissionDenied(_("This table is private: you need its invite link."))
    try:
        message = chat_message_get(table_id, message_id)
    except ServiceError as error:
        raise Http404(str(error)) from error
    form = ReportForm(request.POST or None)
    if request.method == "POST" and form.is_valid():

        def send(data: dict) -> object:
            return chat_report(request.user, message, data["reason"], data["text"])

        if report_sent(request, form, message.user, send, refused=(ServiceError, ValueError)):
            return redirect("table", table_id=table_id)
    context = {"form": form, "table": table, "message": message}
    return render(request, "games/report_chat.html", context)
