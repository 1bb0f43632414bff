"""The hosts' network (tests/hosts/network.py) leaves the machine's own namespace as it found it:
no link and no address of it comes or goes. Every Chromium on the machine hears such a change
(its netlink watch) and fails each request still waiting for a connection with
net::ERR_NETWORK_CHANGED: the browser run beside the unit run under `make test` lost a table
page's module imports so (tests/e2e/test_forced_cards.py, Pat's page: table.js loaded, its
imports and /jsi18n/ never reached the server, the page's load event came, no socket), when the
gateway was a veth of this namespace with 10.231.N.1 on it."""

from __future__ import annotations

import re
import socket
import subprocess
import sys

import pytest

from tests.hosts.network import Network, ip, usable

pytestmark = [
    pytest.mark.hosts,
    pytest.mark.xdist_group("hosts"),
    pytest.mark.skipif(bool(usable()), reason=usable() or "-"),
]


# A listener on a host's address: it says "ready" and takes one connection.
LISTEN = """import socket, sys
server = socket.create_server((sys.argv[1], 7000))
print("ready", flush=True)
server.accept()
"""


def interfaces() -> set[str]:
    """This thread's namespace's links and addresses (no lifetimes, no counters)."""
    links = {m.group(1) for m in re.finditer(r"^\d+: (\S+?)[@:]", ip("-o", "link", "show"), re.M)}
    addresses = set(re.findall(r"^\d+: (\S+)\s+inet6? (\S+)", ip("-o", "addr", "show"), re.M))
    return links | {f"{dev} {address}" for dev, address in addresses}


def test_the_network_adds_no_link_or_address_to_this_namespace() -> None:
    before = interfaces()
    network = Network(["data", "app1"])
    try:
        during = interfaces()
    finally:
        network.close()
    assert during == before
    assert interfaces() == before


def test_a_thread_that_enters_the_front_reaches_the_hosts_and_comes_back() -> None:
    network = Network(["data"])
    data = network.address["data"]
    try:
        server = subprocess.Popen(network.command("data", [sys.executable, "-c", LISTEN, data]),
                                  stdout=subprocess.PIPE, text=True)  # fmt: skip
        assert server.stdout is not None and server.stdout.readline().strip() == "ready"
        outside = interfaces()
        network.enter()
        try:
            inside = ip("-4", "-o", "addr", "show")  # the process inherits this thread's namespace
            socket.create_connection((data, 7000), timeout=10).close()
        finally:
            network.leave()
        assert f"inet {network.gateway}/24" in inside
        assert interfaces() == outside
        server.wait(10)
    finally:
        network.close()
