"""Server-rendered pages of the card room."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def home(request: HttpRequest) -> HttpResponse:
    """Render the home page introducing the three games."""
    return render(request, "home.html")
