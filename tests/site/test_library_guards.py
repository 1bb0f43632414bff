"""Library internals the site relies on, pinned: each is used in one module of ours,
and each test here fails when the library's code under it changes, naming what to review.
Read the library's new code, check ours still holds, then put the new fingerprint here.

The fingerprints are of the library's source as its files hold it (parsed, not imported), so
our own patches, applied in this process, do not hide a change."""

from __future__ import annotations

import ast
import hashlib
import importlib.util
from pathlib import Path

import pytest

# (library module, qualified name there): (fingerprint, our module that relies on it)
PINNED = {
    ("channels.consumer", "AsyncConsumer.dispatch"): (
        "8acee1bceaa8491c", "games/sockets/frames.py: JsonFrames.dispatch copies it"),
    ("channels_redis.pubsub", "RedisPubSubLoopLayer._subscribe_to_channel"): (
        "66626803e9165a8b", "whistsite/patches/channel_layer.py overrides it"),
    ("channels_redis.pubsub", "RedisPubSubChannelLayer._get_layer"): (
        "fdbacf668626de88", "whistsite/patches/channel_layer.py overrides it"),
    ("channels_redis.utils", "_wrap_close"): (
        "a6744cf0c85d825a", "whistsite/patches/channel_layer.py calls it"),
    ("kombu.transport.redis", "Channel._connparams"): (
        "d4e5bd6168ed7c92", "whistsite/patches/kombu_redis.py wraps it"),
    ("twisted.web.http", "Request.gotLength"): (
        "0fa22c17856a221c", "whistsite/body_limit.py wraps it on Daphne's WebRequest"),
    ("twisted.web.http", "Request.handleContentChunk"): (
        "7231aa98dddfd6b0", "whistsite/body_limit.py wraps it on Daphne's WebRequest"),
}  # fmt: skip


def library_source(module: str, qualname: str) -> str:
    """The source of `qualname` (a function, or a class's method) in the library's file."""
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin, f"{module} is not installed"
    text = Path(spec.origin).read_text()
    body: list[ast.stmt] = ast.parse(text).body
    node: ast.AST | None = None
    for part in qualname.split("."):
        node = next((n for n in body if getattr(n, "name", None) == part), None)
        assert node is not None, f"{module} has no {qualname} any more"
        body = getattr(node, "body", [])
    segment = ast.get_source_segment(text, node)
    assert segment is not None
    return segment


def fingerprint(source: str) -> str:
    return hashlib.sha256(source.encode()).hexdigest()[:16]


def test_a_fingerprint_changes_with_the_source():
    source = library_source("channels.consumer", "AsyncConsumer.dispatch")
    assert fingerprint(source) != fingerprint(source.replace("handler", "handle"))


@pytest.mark.parametrize(("module", "qualname"), sorted(PINNED))
def test_the_library_code_we_rely_on_is_the_one_we_read(module, qualname):
    expected, ours = PINNED[module, qualname]
    found = fingerprint(library_source(module, qualname))
    assert found == expected, (
        f"{module}.{qualname} changed (fingerprint {found}): review {ours}, then pin it"
    )
