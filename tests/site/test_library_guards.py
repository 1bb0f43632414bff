"""Library internals the site relies on, pinned: every patch module (whistsite/patches/) names
the library code it relies on in `PINNED`, and each test here fails when that code changes,
naming the patch to review. Read the library's new code, check the patch still holds, then
put the new fingerprint in the patch's `PINNED`.

The fingerprints are of the library's source as its files hold it (parsed, not imported), so
our own patches, applied in this process, do not hide a change."""

from __future__ import annotations

import ast
import hashlib
import importlib
import importlib.util
import pkgutil
from pathlib import Path

import pytest

import whistsite.patches

# Library code copied outside the patches (an override in a subclass, patching nothing).
COPIED = {
    ("channels.consumer", "AsyncConsumer.dispatch"): (
        "8acee1bceaa8491c", "games/sockets/frames.py: JsonFrames.dispatch copies it"),
    ("channels.consumer", "AsyncConsumer.__call__"): (
        "bee272af3ba78b4e", "games/sockets/one_inbox.py: OneInbox.__call__ copies it"),
    # whistsite/socket_entry.py does what these middlewares and the router did.
    ("channels.consumer", "AsyncConsumer.as_asgi"): (
        "a0f60996db6527b9", "whistsite/socket_entry.py: SocketEntry.route makes the consumer"),
    ("channels.routing", "URLRouter.__call__"): (
        "3e4528e39adf9875", "whistsite/socket_entry.py: SocketEntry.route copies it"),
    ("channels.sessions", "CookieMiddleware.__call__"): (
        "c01afcc477db64b4", "whistsite/socket_entry.py: cookies copies it"),
    ("channels.sessions", "InstanceSessionWrapper.__init__"): (
        "af31c0f1a7434c8d", "whistsite/socket_entry.py: session copies it"),
    ("channels.sessions", "InstanceSessionWrapper.resolve_session"): (
        "d50c96675991ae06", "whistsite/socket_entry.py: session copies it"),
    ("channels.security.websocket", "WebsocketDenier.connect"): (
        "a2fcd5c225ecd716", "whistsite/websocket_origin.py: refuse copies it"),
    # A Local's values seen in another thread only once re-homed there (the language).
    ("asgiref.sync", "_restore_context"): (
        "a0a3051d7988dac8", "games/sockets/db_pool.py: _checked re-homes as it does"),
    ("asgiref.local", "_rehome"): (
        "fbbd125cc83bd227", "games/sockets/db_pool.py: _checked copies it"),
    ("asgiref.local", "_CVar._storage"): (
        "6e6d3c52bbc9207f", "games/sockets/db_pool.py: _checked's Storage is what it reads"),
}  # fmt: skip


def patch_modules() -> list[str]:
    return [
        f"whistsite.patches.{info.name}"
        for info in pkgutil.iter_modules(whistsite.patches.__path__)
    ]


def pinned() -> dict[tuple[str, str], tuple[str, str]]:
    """(library module, qualified name there): (fingerprint, what relies on it)."""
    found = dict(COPIED)
    for name in patch_modules():
        for key, value in importlib.import_module(name).PINNED.items():
            found[key] = (value, name.replace(".", "/") + ".py")
    return found


def library_source(module: str, qualname: str) -> str:
    """The source of `qualname` (a function, a class's method, or a module-level name's
    assignment) in the library's file."""
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin, f"{module} is not installed"
    text = Path(spec.origin).read_text()
    body: list[ast.stmt] = ast.parse(text).body
    node: ast.AST | None = None
    for part in qualname.split("."):
        node = next((n for n in body if _names(n) and part in _names(n)), None)
        assert node is not None, f"{module} has no {qualname} any more"
        body = getattr(node, "body", [])
    segment = ast.get_source_segment(text, node)
    assert segment is not None
    return segment


def _names(node: ast.AST) -> set[str]:
    if isinstance(node, ast.Assign):
        return {t.id for t in node.targets if isinstance(t, ast.Name)}
    name = getattr(node, "name", None)
    return {name} if name else set()


def fingerprint(source: str) -> str:
    return hashlib.sha256(source.encode()).hexdigest()[:16]


def test_a_fingerprint_changes_with_the_source():
    source = library_source("channels.consumer", "AsyncConsumer.dispatch")
    assert fingerprint(source) != fingerprint(source.replace("handler", "handle"))


@pytest.mark.parametrize("module", patch_modules())
def test_every_patch_pins_the_library_code_it_relies_on(module):
    assert importlib.import_module(module).PINNED, f"{module} pins nothing"


@pytest.mark.parametrize(("module", "qualname"), sorted(pinned()))
def test_the_library_code_we_rely_on_is_the_one_we_read(module, qualname):
    expected, ours = pinned()[module, qualname]
    found = fingerprint(library_source(module, qualname))
    assert found == expected, (
        f"{module}.{qualname} changed (fingerprint {found}): review {ours}, then pin it"
    )


def test_the_auth_patch_stops_the_process_when_get_user_has_no_func(monkeypatch):
    import channels.auth

    from whistsite.patches import channels_auth

    monkeypatch.setattr(channels.auth, "get_user", lambda scope: None)
    with pytest.raises(RuntimeError, match="get_user has no .func"):
        importlib.reload(channels_auth)
    monkeypatch.undo()
    importlib.reload(channels_auth)


def test_the_loop_patch_stops_the_process_when_asgiref_has_no_threadlocal(monkeypatch):
    from asgiref.sync import SyncToAsync

    from whistsite.patches import asgiref_loop

    monkeypatch.delattr(SyncToAsync, "threadlocal")
    with pytest.raises(RuntimeError, match="SyncToAsync has no threadlocal"):
        importlib.reload(asgiref_loop)
    monkeypatch.undo()
    importlib.reload(asgiref_loop)
