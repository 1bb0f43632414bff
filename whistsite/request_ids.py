"""Each HTTP request's log lines carry its id and its user's hash (runtime/log_context.py),
and the answer says its id in `X-Request-ID`, so a player's report can be found in the logs."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.utils.functional import empty

from runtime import log_context

# An id a proxy in front set (nginx's $request_id is 32 hex digits): kept if it looks like one.
_SANE = re.compile(r"^[A-Za-z0-9-]{8,64}$")


class RequestIds:
    """Middleware after the session and the user: binds request, user for the view."""

    sync_capable = async_capable = True

    def __init__(self, get_response: Callable) -> None:
        self.get_response = get_response
        if iscoroutinefunction(get_response):
            markcoroutinefunction(self)

    def _bind(self, request: Any) -> Any:
        given = request.headers.get("X-Request-ID", "")
        request.log_id = given if _SANE.match(given) else log_context.new_id()
        return log_context.bind(request=request.log_id, user=UserOf(request))

    def __call__(self, request: Any) -> Any:
        if iscoroutinefunction(self):
            return self.__acall__(request)
        token = self._bind(request)
        try:
            response = self.get_response(request)
        finally:
            log_context.unbind(token)
        response["X-Request-ID"] = request.log_id
        return response

    async def __acall__(self, request: Any) -> Any:
        token = self._bind(request)
        try:
            response = await self.get_response(request)
        finally:
            log_context.unbind(token)
        response["X-Request-ID"] = request.log_id
        return response


class UserOf:
    """The request's user's hash once the request has loaded its user, written as a log line
    is: never a query of its own (nor one from async code), so anonymous pages stay free."""

    def __init__(self, request: Any) -> None:
        self.request = request

    def __str__(self) -> str:
        user = getattr(self.request, "user", None)
        wrapped = getattr(user, "_wrapped", user)
        if wrapped is empty or wrapped is None or not wrapped.is_authenticated:
            return "-"
        return log_context.user_hash(wrapped.pk) or "-"
