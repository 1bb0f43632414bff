"""Mail as a real part (issue 40 items 2 and 5): every mail goes through a real SMTP server,
in its reader's language, with a plain-text part; an address is used only once confirmed;
sign-up and an address change never say whether an address is in use."""

from __future__ import annotations

import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.mail import EmailMultiAlternatives
from django.test import Client

from accounts import mail
from accounts.console_mail import EmailBackend
from tests.mail_server import html_of, link_in, text_of

pytestmark = pytest.mark.django_db(transaction=True)
PASSWORD = "a-Long-pass-2024"
User = get_user_model()


def make_user(username: str, **extra: str):
    return User.objects.create_user(username, password=PASSWORD, **extra)


def sign_up(client: Client, username: str, email: str, language: str = "en"):
    data = {"username": username, "email": email, "password1": PASSWORD, "password2": PASSWORD,
            "accept_terms": "on"}  # fmt: skip
    return client.post("/accounts/signup/", data, HTTP_ACCEPT_LANGUAGE=language, follow=True)


def page(response) -> str:
    """A page's text without its per-request CSRF tokens."""
    return re.sub(r'"[A-Za-z0-9]{64}"', "", response.content.decode())


def confirm(client: Client, link: str):
    return client.post(link, follow=True)


def test_a_mail_goes_through_smtp_in_the_players_language_with_a_plain_text_part(
    mail_server,
) -> None:
    greta = make_user("greta", email="greta@example.org", language="de")
    assert mail.send(greta, "password_reset", {"link": "https://x.test/r?a=1&b=<2>"})

    (message,) = mail_server.to("greta@example.org")
    assert message["Subject"].startswith("Ein neues Passwort")
    assert message["Content-Language"] == "de"
    assert "https://x.test/r?a=1&b=<2>" in text_of(message)  # plain text: nothing escaped
    assert "&lt;2&gt;" in html_of(message) and "<2>" not in html_of(message)
    assert message.get_body(preferencelist=("plain",)) is not None


def test_sign_up_mails_a_link_that_confirms_the_address(client: Client, mail_server) -> None:
    response = sign_up(client, "nina", "nina@example.org", language="nl")
    assert "nina@example.org" in response.content.decode()
    nina = User.objects.get(username="nina")
    assert (nina.email, nina.email_pending, nina.language) == ("", "nina@example.org", "nl")
    assert not mail.can_mail(nina)

    (message,) = mail_server.to("nina@example.org")
    assert "bevestig" in message["Subject"].lower()
    confirm(Client(), link_in(message, "/accounts/email/confirm/"))

    nina.refresh_from_db()
    assert (nina.email, nina.email_pending) == ("nina@example.org", "")
    assert mail.can_mail(nina)


def test_a_confirmation_link_works_once_and_not_when_tampered(client, mail_server) -> None:
    sign_up(client, "nina", "nina@example.org")
    link = link_in(mail_server.to("nina@example.org")[0], "/accounts/email/confirm/")
    assert confirm(Client(), link[:-3] + "xx/").status_code == 400
    assert confirm(Client(), link).status_code == 200
    assert confirm(Client(), link).status_code == 400


def test_an_unconfirmed_address_receives_nothing_else(client: Client, mail_server) -> None:
    sign_up(client, "nina", "nina@example.org")
    mail_server.clear()
    nina = User.objects.get(username="nina")

    Client().post("/accounts/password_reset/", {"email": "nina@example.org"})
    assert not mail.send(nina, "password_reset", {"link": "x"})
    assert mail_server.to("nina@example.org") == []


def test_a_confirmed_address_gets_its_password_reset(mail_server) -> None:
    make_user("ann", email="ann@example.org")
    Client().post("/accounts/password_reset/", {"email": "ANN@example.org"})
    (message,) = mail_server.to("ann@example.org")
    response = Client().get(link_in(message, "/accounts/reset/"), follow=True)
    assert b"new_password1" in response.content


def test_an_unconfirmed_account_still_plays_casual_games(client: Client, mail_server) -> None:
    sign_up(client, "nina", "nina@example.org")
    response = client.post("/tables/play-now/", {"game": "knockout"})
    assert response.status_code == 302 and response.url.startswith("/tables/")


def test_sign_up_does_not_tell_whether_an_address_is_in_use(mail_server) -> None:
    make_user("ann", email="ann@example.org", language="de")
    taken = page(sign_up(Client(), "bobqx", "ann@example.org"))
    free = page(sign_up(Client(), "catqx", "cat@example.org"))
    assert taken.replace("ann@", "X@").replace("bobqx", "N") == free.replace("cat@", "X@").replace(
        "catqx", "N"
    )

    (message,) = mail_server.to("ann@example.org")  # its owner learns it, in her language
    assert "bobqx" in text_of(message) and "ann" in text_of(message)
    assert "/accounts/email/confirm/" not in text_of(message)
    assert message["Content-Language"] == "de"
    assert User.objects.get(username="bobqx").email == ""


def test_a_mail_greets_its_reader_by_display_name_and_names_accounts_by_username(
    mail_server,
) -> None:
    """The greeting is the name the reader plays under; where a mail names an account (the
    owner's, told another account asked for the address) it is the username one logs in with.
    The owner's own account name was left out ("your account “”"): a variable of the greeting
    line's, unknown to the next sentence."""
    make_user("ann", email="ann@example.org", display_name="Ann O'Neil")
    sign_up(Client(), "bobqx", "ann@example.org")
    (message,) = mail_server.to("ann@example.org")
    text = text_of(message)
    assert text.startswith("Hello Ann O'Neil,")  # plain text: nothing escaped
    assert "the account “bobqx”" in text and "your account “ann”" in text


def test_a_new_address_is_confirmed_and_the_old_one_told(mail_server) -> None:
    ann = make_user("ann", email="ann@example.org")
    client = Client()
    client.force_login(ann)
    data = {"display_name": "", "email": "new@example.org", "current_password": PASSWORD}
    response = client.post("/accounts/profile/edit/", data, follow=True)
    assert "new@example.org" in response.content.decode()
    ann.refresh_from_db()
    assert ann.email == "ann@example.org"  # until the link is followed

    confirm(Client(), link_in(mail_server.to("new@example.org")[0], "/accounts/email/confirm/"))
    ann.refresh_from_db()
    assert ann.email == "new@example.org"
    (notice,) = mail_server.to("ann@example.org")
    assert "n***@example.org" in text_of(notice)


def test_an_address_change_does_not_tell_whether_the_address_is_in_use(mail_server) -> None:
    make_user("bob", email="bob@example.org")
    ann = make_user("ann", email="ann@example.org")
    client = Client()
    client.force_login(ann)

    def change(address: str) -> str:
        data = {"display_name": "", "email": address, "current_password": PASSWORD}
        return page(client.post("/accounts/profile/edit/", data, follow=True)).replace(address, "X")

    assert change("bob@example.org") == change("free@example.org")
    assert "/accounts/email/confirm/" not in text_of(mail_server.to("bob@example.org")[0])


def test_the_language_menu_sets_the_language_of_the_players_mail(mail_server) -> None:
    ann = make_user("ann", email="ann@example.org")
    client = Client()
    client.force_login(ann)
    client.post("/i18n/setlang/", {"language": "nl", "next": "/"})
    ann.refresh_from_db()
    assert ann.language == "nl"
    mail.send(ann, "password_reset", {"link": "x"})
    assert mail_server.to("ann@example.org")[0]["Content-Language"] == "nl"


def test_of_two_accounts_asking_for_one_address_the_first_to_confirm_gets_it(
    mail_server,
) -> None:
    sign_up(Client(), "ann", "same@example.org")
    sign_up(Client(), "bob", "same@example.org")
    first, second = (link_in(m, "/accounts/email/confirm/") for m in mail_server.to("same@"))
    assert confirm(Client(), second).status_code == 200
    assert confirm(Client(), first).status_code == 400
    assert User.objects.get(username="bob").email == "same@example.org"
    assert User.objects.get(username="ann").email == ""


def test_make_run_shows_each_mail_on_the_console_with_its_link_in_one_piece() -> None:
    link = "http://127.0.0.1:8000/accounts/email/confirm/" + "x" * 120 + "/"
    message = EmailMultiAlternatives("Bestätige", f"Hallo jörg,\n\n{link}\n", to=["j@example.org"])
    message.attach_alternative("<p>…</p>", "text/html")
    stream = io.StringIO()
    EmailBackend(stream=stream).send_messages([message])
    assert link in stream.getvalue().splitlines()
    assert "Subject: Bestätige" in stream.getvalue() and "Hallo jörg" in stream.getvalue()


@pytest.mark.parametrize(
    ("language", "said"),
    [("de", "Dieser Link wurde schon benutzt"), ("nl", "Deze link is al gebruikt")],
)
def test_a_used_confirmation_link_says_so_in_the_readers_language(
    mail_server, language: str, said: str
) -> None:
    sign_up(Client(), "nina", "nina@example.org")
    link = link_in(mail_server.to("nina@example.org")[0], "/accounts/email/confirm/")
    confirm(Client(), link)
    again = Client().post(link, HTTP_ACCEPT_LANGUAGE=language)
    assert again.status_code == 400
    assert said in again.content.decode()


@pytest.mark.parametrize(
    ("language", "name"),
    [("en", "Whist card room"), ("de", "Whist-Kartensalon"), ("nl", "Whist-kaartzaal")],
)
def test_a_mail_names_the_site_as_its_pages_do_in_the_readers_language(
    mail_server, language: str, name: str
) -> None:
    """With WHIST_SITE_NAME unset, a German confirmation read "... bei Whist card room"
    where every page of the site, its title and the installed app say "Whist-Kartensalon"."""
    sign_up(Client(), "nina", "nina@example.org", language=language)
    (message,) = mail_server.to("nina@example.org")
    assert message["Subject"].endswith(f" {name}")
    assert f"&spades; {name}</p>" in html_of(message).replace("\u2660", "&spades;")


def test_a_site_name_set_by_the_operator_is_the_same_in_every_language(
    mail_server, settings
) -> None:
    settings.WHIST_SITE_NAME = "Kaartclub De Troef"
    sign_up(Client(), "nina", "nina@example.org", language="de")
    (message,) = mail_server.to("nina@example.org")
    assert message["Subject"].endswith(" Kaartclub De Troef")
