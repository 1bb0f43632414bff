"""Hosts on this one machine: each a network namespace of its own with one address, all on
one bridge (in a namespace of its own too), and a front namespace on that bridge as the
gateway, 10.231.N.1, which the test's thread enters (`Network.enter`): nginx, the setup code
and the test's own connections live there. Nothing of the machine's own network is touched:
no link or address of its namespace comes or goes (every Chromium on the machine hears such a
change and fails its pending requests with net::ERR_NETWORK_CHANGED: the browser run beside
the unit run lost a table page's module imports so, tests/hosts/test_network.py), nor its
bridge netfilter or forwarding. Needs root (`ip netns`).

Names carry this process's id (`wh<pid>-app1`), so a run left behind by a killed process is
recognised and removed by the next; the /24 is one that no interface here holds, claimed with
a lock file so that two runs at once never share it. Only addresses of that /24 are used, and
no traffic leaves the bridge."""

from __future__ import annotations

import fcntl
import os
import re
import signal
import subprocess
import threading
import time
from typing import IO

FIRST_HOST = 10  # the hosts' last octets: 10, 11, ...
FRONT = "front"  # the gateway's namespace (not a host name)
NETNS_DIR = "/var/run/netns"  # where `ip netns add` mounts each namespace


def ip(*args: str, check: bool = True) -> str:
    done = subprocess.run(["ip", *args], capture_output=True, text=True, timeout=30)
    if check and done.returncode:
        raise RuntimeError(f"ip {' '.join(args)}: {done.stderr.strip()}")
    return done.stdout


def usable() -> str:
    """Why namespaces cannot be made here ('' if they can)."""
    if os.geteuid() != 0:
        return "network namespaces need root"
    try:
        ip("netns", "list")
    except (OSError, RuntimeError) as exc:
        return f"`ip netns` does not work here: {exc}"
    return ""


def _pids(namespace: str) -> list[int]:
    return [int(p) for p in ip("netns", "pids", namespace, check=False).split()]


def _kill_all(namespace: str) -> None:
    """SIGKILL every process in `namespace`, until none is left (a dying PostgreSQL's); never
    this one (listed in the front while its main thread is there)."""
    for _ in range(50):
        pids = [pid for pid in _pids(namespace) if pid != os.getpid()]
        if not pids:
            return
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        time.sleep(0.1)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_stale() -> None:
    """Namespaces of earlier runs whose process is gone."""
    for line in ip("netns", "list", check=False).splitlines():
        found = re.match(r"wh(\d+)-\S+", line)
        if found and not _alive(int(found.group(1))):
            _kill_all(found.group(0))
            ip("netns", "del", found.group(0), check=False)


def _claim_subnet() -> tuple[int, IO]:
    """A third octet N whose 10.231.N.0/24 no interface holds, and the lock that keeps it."""
    held = ip("-4", "-o", "addr", "show", check=False)
    for octet in range(1, 255):
        if f"10.231.{octet}." in held:
            continue
        lock = open(f"/tmp/whist-hosts-10.231.{octet}.lock", "w")  # noqa: SIM115
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            lock.close()
            continue
        return octet, lock
    raise RuntimeError("no free /24 in 10.231.0.0/16")


class Network:
    """The bridge, the front (the gateway) and one namespace per host name."""

    def __init__(self, hosts: list[str]) -> None:
        remove_stale()
        self.prefix = f"wh{os.getpid()}"
        self.octet, self._lock = _claim_subnet()
        self.gateway = f"10.231.{self.octet}.1"
        self.subnet = f"10.231.{self.octet}.0/24"
        self.address = {h: f"10.231.{self.octet}.{FIRST_HOST + i}" for i, h in enumerate(hosts)}
        self.made: list[str] = []
        self._home: int | None = None  # the entered thread's own namespace (`enter`)
        self._entered = 0  # and that thread's id
        try:
            self._build()
        except BaseException:
            self.close()
            raise

    def namespace(self, host: str) -> str:
        return f"{self.prefix}-{host}"

    def _build(self) -> None:
        bridge = self.namespace("net")
        ip("netns", "add", bridge)
        self.made.append(bridge)
        ip("-n", bridge, "link", "add", "br0", "type", "bridge")
        ip("-n", bridge, "link", "set", "br0", "up")
        front = self.namespace(FRONT)
        ip("netns", "add", front)
        self.made.append(front)
        ip("-n", front, "link", "set", "lo", "up")
        ip("-n", front, "link", "add", "eth0", "type", "veth", "peer", "name", "gw",
           "netns", bridge)  # fmt: skip
        ip("-n", front, "addr", "add", f"{self.gateway}/24", "dev", "eth0")
        ip("-n", front, "link", "set", "eth0", "up")
        ip("-n", bridge, "link", "set", "gw", "master", "br0", "up")
        for i, (host, address) in enumerate(self.address.items()):
            namespace = self.namespace(host)
            ip("netns", "add", namespace)
            self.made.append(namespace)
            ip("-n", namespace, "link", "set", "lo", "up")
            port = f"h{i}"
            ip("-n", bridge, "link", "add", port, "type", "veth", "peer", "name", "eth0",
               "netns", namespace)  # fmt: skip
            ip("-n", bridge, "link", "set", port, "master", "br0", "up")
            ip("-n", namespace, "addr", "add", f"{address}/24", "dev", "eth0")
            ip("-n", namespace, "link", "set", "eth0", "up")

    def enter(self) -> None:
        """The calling thread into the front namespace until `leave` (from the same thread):
        the sockets it opens and the processes it starts are there (nginx on its 127.0.0.1,
        the setup code, the test's players and queries), and reach the hosts through the
        gateway. Other threads stay where they are."""
        if self._home is not None:
            return
        home = os.open("/proc/thread-self/ns/net", os.O_RDONLY)
        try:
            front = os.open(f"{NETNS_DIR}/{self.namespace(FRONT)}", os.O_RDONLY)
            try:
                os.setns(front, os.CLONE_NEWNET)
            finally:
                os.close(front)
        except BaseException:
            os.close(home)
            raise
        self._home, self._entered = home, threading.get_ident()

    def leave(self) -> None:
        """The entered thread back in its own namespace; only that thread can do it."""
        if self._home is None:
            return
        if threading.get_ident() != self._entered:
            raise RuntimeError("only the thread that entered the front can leave it")
        try:
            os.setns(self._home, os.CLONE_NEWNET)
        finally:
            os.close(self._home)
            self._home = None

    def command(self, host: str, command: list[str]) -> list[str]:
        """`command` run inside `host`'s namespace (`ip netns exec` execs it: same process)."""
        return ["ip", "netns", "exec", self.namespace(host), *command]

    def pids(self, host: str) -> list[int]:
        return _pids(self.namespace(host))

    def cut(self, host: str) -> None:
        """The host goes, as in a power cut: its link down first, so that no packet of it
        reaches anyone (no close of any connection), then every process in it killed."""
        ip("-n", self.namespace(host), "link", "set", "eth0", "down")
        _kill_all(self.namespace(host))

    def close(self) -> None:
        """Every process in the namespaces killed, the namespaces and links removed (the
        entered thread back home first)."""
        self.leave()
        for namespace in reversed(self.made):
            _kill_all(namespace)
            ip("netns", "del", namespace, check=False)
        self.made = []
        self._lock.close()  # the file stays: unlinking it could let two runs hold one /24
