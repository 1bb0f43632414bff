"""autobahn's debug lines about each frame (whistsite/patches/autobahn_log_args.py): nothing
styled for a line that is not written; a written line says what it said."""

from __future__ import annotations

import click
from autobahn import util
from autobahn.twisted import websocket as twisted_websocket
from autobahn.websocket import protocol

import whistsite.asgi  # noqa: F401  (installs the site's patches)
from whistsite.patches import autobahn_log_args


def test_a_frames_debug_arguments_style_nothing_until_formatted(monkeypatch):
    styled: list[str] = []
    style = click.style
    monkeypatch.setattr(click, "style", lambda text, **kw: styled.append(text) or style(text, **kw))
    for module in (protocol, twisted_websocket):
        arguments = [module.hltype(protocol.WebSocketProtocol.sendData), module.hlval(2637)]
        assert styled == []
        assert [format(a) for a in arguments] == [
            util.hltype(protocol.WebSocketProtocol.sendData),
            util.hlval(2637),
        ]
        styled.clear()


def test_a_written_line_says_what_autobahns_said():
    line = "{func} sent {data_len} bytes for peer {peer}"
    ours = {"func": protocol.hltype(test_a_written_line_says_what_autobahns_said),
            "data_len": protocol.hlval(12), "peer": protocol.hlval("tcp:127.0.0.1:5")}  # fmt: skip
    theirs = {"func": util.hltype(test_a_written_line_says_what_autobahns_said),
              "data_len": util.hlval(12), "peer": util.hlval("tcp:127.0.0.1:5")}  # fmt: skip
    assert line.format(**ours) == line.format(**theirs)
    assert "<" + protocol.hlval("x") + ">" == "<" + util.hlval("x") + ">"
    assert str(ours["peer"]) == theirs["peer"] == f"{ours['peer']}"


def test_install_is_idempotent():
    autobahn_log_args.install()
    autobahn_log_args.install()
    assert protocol.hltype is autobahn_log_args.hltype
    assert twisted_websocket.hlval is autobahn_log_args.hlval
