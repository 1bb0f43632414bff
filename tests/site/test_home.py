"""Tests of the home page."""

from django.test import Client


def test_home_page_introduces_the_games(client: Client) -> None:
    response = client.get("/")

    assert response.status_code == 200
    body = response.content.decode()
    assert "Whist" in body
    for game in ("Knockout Whist", "German Whist"):
        assert game in body
