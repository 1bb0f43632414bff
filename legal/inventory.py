"""What the site stores about a player, why, and for how long: the list the privacy notice
shows, kept beside the code it describes (tests/legal/test_inventory.py fails when a model
holding a user key, or a field of the user model, is missing from it), and the cookies and
browser storage the site sets, all needed to work (a test fails when a new cookie appears)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy


@dataclass(frozen=True)
class Item:
    what: Promise
    why: Promise
    kept: Promise
    models: tuple[str, ...] = ()
    fields: tuple[str, ...] = ()  # of accounts.User


UNTIL_DELETED = ngettext_lazy(
    "Until you delete your account (then erased after a grace period of %(grace)s day in "
    "which logging in restores it).",
    "Until you delete your account (then erased after a grace period of %(grace)s days in "
    "which logging in restores it).",
    "grace",
)

ITEMS: tuple[Item, ...] = (
    Item(
        _(
            "Your account: username, display name, e-mail address (and one waiting for its "
            "confirmation), password (only as a salted hash), language, time zone, card designs "
            "and table settings, level, when you joined and last logged in, messages from "
            "moderators not yet shown"
        ),
        _(
            "To let you log in and play, show your name at the tables, and mail you what you "
            "asked for."
        ),
        UNTIL_DELETED,
        models=("accounts.User",),
        fields=(
            "id",
            "password",
            "last_login",
            "is_superuser",
            "username",
            "first_name",
            "last_name",
            "email",
            "is_staff",
            "is_active",
            "date_joined",
            "display_name",
            "level",
            "card_back",
            "card_front",
            "auto_play",
            "hide_ratings",
            "name_key",
            "notices",
            "username_key",
            "email_pending",
            "language",
            "time_zone",
            "deletion_due",
        ),
    ),
    Item(
        _("The version of the terms you accepted, and when"),
        _("To show which rules you agreed to."),
        UNTIL_DELETED,
        models=("legal.Acceptance",),
    ),
    Item(
        _(
            "Your sessions: the browser and system you use, the random key of the browser "
            "(the whist_device cookie), the country or city your network address points to "
            "(the address itself is not kept), when you were last seen"
        ),
        _(
            "To keep you logged in, to let you see and end your sessions, and so that two "
            "accounts used on one browser never sit at one rated table."
        ),
        ngettext_lazy(
            "Until you log out or end the session, at most %(session)s day after its last use.",
            "Until you log out or end the session, at most %(session)s days after its last use.",
            "session",
        ),
        models=("sessions.Session", "accounts.SessionInfo"),
    ),
    Item(
        _("Staff only: the key of your one-time-password app and your unused recovery codes"),
        _("To ask staff for a second factor before the admin and the moderation pages."),
        UNTIL_DELETED,
        models=("otp_totp.TOTPDevice", "otp_static.StaticDevice"),
    ),
    Item(
        _(
            "Games you played or created: seats, moves, results, the game records, analyses "
            "you asked for, your place in the quick-play queue (with the network address and "
            "browser key it came from, while you wait)"
        ),
        _("To run the games, and to show the game histories to you and the other players."),
        _(
            "As long as the site keeps its games. When you delete your account, your seat in "
            "the other players' games shows “deleted player”."
        ),
        models=(
            "games.Table",
            "games.Seat",
            "games.PoolEntry",
            "records.GamePlayer",
            "records.RecordAnalysis",
            "records.UploadAnalysis",
        ),
    ),
    Item(
        _(
            "Fair-play figures computed from your games: how often your cards matched the best "
            "play where your own seat could not see it, and how you played against each other "
            "player at Knockout Whist tables; moderators' reviews of them"
        ),
        _("To find cheating and collusion. Only moderators see them."),
        _("As long as the games they come from; erased when you delete your account."),
        models=("fairplay.GameSignal", "fairplay.Flag"),
    ),
    Item(
        _(
            "Where you played each game from: a keyed digest of your network address (not the "
            "address) and the random key of your browser, noted when you take your seat"
        ),
        _(
            "So that moderators learn of opponents at a rated table who played from one "
            "browser or one network."
        ),
        _("Three days after the game."),
    ),
    Item(
        _("Chat lines you wrote"),
        _("To show them to the table, and to let moderators act on a report."),
        _("As long as their game is kept; erased when you delete your account."),
        models=("games.ChatMessage",),
    ),
    Item(
        _("Ratings and their history, experience points, levels, achievements and unlocks"),
        _("To rate games fairly and show leaderboards and your progress."),
        UNTIL_DELETED,
        models=(
            "rankings.Rating",
            "rankings.SeatResult",
            "rankings.Progress",
            "rankings.LevelUp",
            "rankings.Achievement",
        ),
    ),
    Item(
        _("Friends, friend requests, invitations, notifications and your social settings"),
        _("To let you play with people you know and tell you what happened."),
        UNTIL_DELETED,
        models=(
            "friendship.Friend",
            "friendship.FriendshipRequest",
            "friendship.Follow",
            "friendship.Block",
            "social.Invitation",
            "social.Notification",
            "social.SocialSettings",
        ),
    ),
    Item(
        _(
            "The devices you allowed notifications on: the address of each browser's push "
            "service and the keys a notification is encrypted with"
        ),
        _("To send the notifications you chose to those devices, and nothing else."),
        _(
            "Until you stop notifications on that device, its push service says the address "
            "has expired, or you delete your account."
        ),
        models=("social.PushDevice",),
    ),
    Item(
        _("Clubs you made or joined, your place in them, and the lines you wrote on their walls"),
        _("To run the clubs: who is in them, their events and their walls."),
        _(
            "Until you leave the club or delete your account; your wall lines are erased with "
            "your account, a club you made stays for its members."
        ),
        models=("clubs.Club", "clubs.Membership", "clubs.Post"),
    ),
    Item(
        _("The lessons you finished"),
        _("To show you which lessons you have done."),
        UNTIL_DELETED,
        models=("learning.LessonDone",),
    ),
    Item(
        _("Your puzzle rating, your best streak and your first answer to each puzzle"),
        _("To choose puzzles at your level and to rate the puzzles against the players."),
        UNTIL_DELETED,
        models=("learning.PuzzlePlayer", "learning.PuzzleTry"),
    ),
    Item(
        _("Events you created or entered"),
        _("To run the events and their standings."),
        UNTIL_DELETED,
        models=("tournaments.Event", "tournaments.Entry"),
    ),
    Item(
        _(
            "Reports you made or that name you, mutes and bans, players you blocked, the "
            "moderators' log of what they did"
        ),
        _("To keep the tables pleasant and to answer for every moderator action."),
        _(
            "Until you delete your account; a report still open or a sanction in force holds "
            "the deletion back until it is closed or ends. The moderators' log keeps the action "
            "without your name."
        ),
        models=(
            "accounts.Report",
            "accounts.Ban",
            "accounts.Mute",
            "accounts.Block",
            "accounts.AuditEntry",
            "admin.LogEntry",
            "accounts.User_groups",
            "accounts.User_user_permissions",
        ),
    ),
    Item(
        _("Copies of your data you asked for (the export)"),
        _("To let you download everything we hold about you."),
        ngettext_lazy(
            "%(export)s day after it was made.", "%(export)s days after it was made.", "export"
        ),
        models=("privacy.Export",),
    ),
    Item(
        _("A deleted account's name, in a form that only tells whether a new name looks like it"),
        _("So that nobody can take the name of a player who just left."),
        ngettext_lazy(
            "%(reserved)s day after the deletion.",
            "%(reserved)s days after the deletion.",
            "reserved",
        ),
        models=("accounts.ReservedName",),
    ),
    Item(
        _("Failed logins and rate-limit counters, by account and network address"),
        _("To stop password guessing and abuse."),
        _("Minutes to at most a day (in memory, never on disk)."),
    ),
    Item(
        _(
            "Server logs: requests that failed, logins and moderator actions, with a keyed hash "
            "of the network address instead of the address"
        ),
        _("To find faults and attacks."),
        _("As long as the operator's log rotation keeps them (see the operator's part above)."),
    ),
)

# Every cookie the site sets; the privacy notice shows them. No tracking, no advertising:
# each is needed for what the visitor asked for, so the site needs no consent banner.
COOKIES: tuple[tuple[str, Promise, Promise], ...] = (
    (
        "sessionid",
        _("Keeps you logged in."),
        _("Two weeks after your last visit, or until you log out."),
    ),
    (
        "csrftoken",
        _("Protects your forms against other sites sending them for you."),
        _("One year."),
    ),
    (
        "whist_device",
        _(
            "A random key of this browser and the accounts that logged in from it, set when "
            "you log in: two accounts used on one browser are never seated at one rated "
            "table, and yours still lets you in while someone guesses its password elsewhere."
        ),
        _("One year."),
    ),
    (
        "messages",
        _("Carries a short notice to the next page you see (“Your profile was saved”)."),
        _("Until that page is shown."),
    ),
    (
        "tz",
        _(
            "Your browser's time zone, set by the page's script, so that times are shown in it "
            "(unless you chose one on your profile)."
        ),
        _("One year."),
    ),
    (
        "django_language",
        _("Remembers the language you chose in the menu."),
        _("Until you close the browser."),
    ),
)
# Kept in the browser only (never sent to the site).
BROWSER_STORAGE: tuple[tuple[str, Promise], ...] = (
    ("whist-sound-muted:*", _("Whether you turned the table sounds off.")),
    ("whist-two-taps", _("Whether a card is played with one tap or two on a touch screen.")),
    ("lessons-done", _("The lessons you finished, while you are not logged in.")),
)
