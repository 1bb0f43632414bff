"""The card room as separate hosts (tests/hosts/network.py): a data host with PostgreSQL and
Redis, app hosts each with a Daphne and a Celery worker with a beat, and nginx in the front
namespace (the gateway's, which the thread that makes the site enters: tests/hosts/network.py)
balancing the app hosts, as docs/deployment.md lays them out.

PostgreSQL is a copy of the migrated template cluster of tests/faults/stack.py, listening on
the data host's address only; Redis keeps nothing on disk. Every server listens on its host's
address and the standard port (each host has its own ports); nothing binds 127.0.0.1 but
nginx, on the front's own, so the machine's own PostgreSQL and Redis are never reached. The
setup code (users, tables, sessions) runs in a Django process of the front against the data
host. From the making of a Site to its close, the thread that made it is in the front: the
test's players and queries reach nginx and the hosts from there, and nothing of the
machine's network changes.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import textwrap
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from deploy.render_nginx import render
from tests.faults.stack import SESSION_COOKIE, _as_postgres, _pg_bin, template_cluster
from tests.hosts.network import Network
from tests.servers import ROOT, free_port, nginx_main, stop

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
WEB_PORT, POSTGRES_PORT, REDIS_PORT = 8000, 5432, 6379


def wait_port(address: str, port: int, seconds: float = 60.0,
              process: subprocess.Popen | None = None) -> None:  # fmt: skip
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"{process.args!r} exited with {process.returncode}")
        try:
            socket.create_connection((address, port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"nothing listens on {address}:{port} after {seconds} s")


class Site:
    """`apps` app hosts, one data host, nginx; with `shards` > 1 the channel layer is sharded
    over the data host's Redis and that of hosts redis2, ... (WHIST_CHANNEL_REDIS_URLS).
    With servers=False the app hosts are empty (no Daphne, worker or nginx: a test that runs
    its own process there). `close` removes everything."""

    def __init__(self, apps: int = 2, shards: int = 1,
                 log_path: Callable[[str], Path] | None = None,
                 env: dict[str, str] | None = None, servers: bool = True) -> None:  # fmt: skip
        self.folder = Path(tempfile.mkdtemp(prefix="whist-hosts-"))
        self._log_path = log_path or (lambda name: self.folder / f"{name}.log")
        self.apps = [f"app{i + 1}" for i in range(apps)]
        self.processes: dict[str, subprocess.Popen] = {}
        self.layer_hosts = ["data", *(f"redis{i + 1}" for i in range(1, shards))]
        self.network = Network([*self.layer_hosts, *self.apps])
        try:
            template_cluster()  # made outside the front: it loads the machine's test template
            self.network.enter()
            self._start(env or {}, servers)
        except BaseException:
            self.close()
            raise

    def address(self, host: str) -> str:
        return self.network.address[host]

    def _start(self, extra: dict[str, str], servers: bool) -> None:
        data = self.address("data")
        self.database_url = f"postgres://whist:whist@{data}:{POSTGRES_PORT}/whist"
        layer = [f"redis://{self.address(h)}:{REDIS_PORT}/1" for h in self.layer_hosts]
        self.env = {
            **{k: v for k, v in os.environ.items() if not k.startswith(("DATABASE", "REDIS"))},
            "DJANGO_SETTINGS_MODULE": "whistsite.settings",
            "DJANGO_DEBUG": "false",
            "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
            "WHIST_DEAL_SECRET": secrets.token_urlsafe(32),
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
            "WHIST_TRUSTED_PROXIES": self.network.gateway,  # nginx, as the app hosts see it
            "DATABASE_URL": self.database_url,
            "REDIS_URL": f"redis://{data}:{REDIS_PORT}",
            "WHIST_CELERY_QUEUE": f"hosts-{uuid.uuid4().hex[:8]}",
            "WHIST_BOT_DELAY": "0.1,0.2",
            "WHIST_TRICK_PAUSE": "0.1",
            "PYTHONUNBUFFERED": "1",
            **({"WHIST_CHANNEL_REDIS_URLS": ",".join(layer)} if len(layer) > 1 else {}),
            **extra,
        }
        self._postgres()
        for host in self.layer_hosts:
            self._spawn(f"{host}-redis", host, [
                shutil.which("redis-server") or "redis-server", "--bind", self.address(host),
                "--port", str(REDIS_PORT), "--protected-mode", "no", "--save", "",
                "--appendonly", "no", "--dir", str(self.folder), "--maxclients", "10000",
            ])  # fmt: skip
            wait_port(self.address(host), REDIS_PORT)
        if not servers:
            return
        for host in self.apps:
            self.start_app(host, beat=True)
        for host in self.apps:
            wait_port(self.address(host), WEB_PORT, process=self.processes[f"{host}-daphne"])
        self._nginx()

    def _postgres(self) -> None:
        data = self.folder / "pgdata"
        shutil.copytree(template_cluster(), data, symlinks=True)
        with (data / "pg_hba.conf").open("a") as hba:
            hba.write(f"host all all {self.network.subnet} trust\n")
        as_postgres = _as_postgres()
        if as_postgres:
            for path in [self.folder, data, *data.rglob("*")]:
                shutil.chown(path, "postgres", "postgres")
        options = (f"-p {POSTGRES_PORT} -k {data} -c fsync=off -c max_connections=200 "
                   f"-c listen_addresses={self.address('data')}")  # fmt: skip
        subprocess.run(self.network.command("data", [
            *as_postgres, _pg_bin("pg_ctl"), "-D", str(data), "-o", options, "-w", "start",
            "-l", str(data / "log")]), check=True, capture_output=True, timeout=60)  # fmt: skip

    def _spawn(self, name: str, host: str, command: list[str]) -> subprocess.Popen:
        log = open(self._log_path(name), "w")  # noqa: SIM115
        process = subprocess.Popen(self.network.command(host, command), cwd=ROOT, env=self.env,
                                   stdout=log, stderr=subprocess.STDOUT)  # fmt: skip
        log.close()
        self.processes[name] = process
        return process

    def start_app(self, host: str, beat: bool = False) -> None:
        """The Procfile's web process (its flags) and a worker on `host` (not waited for)."""
        web = next(line for line in (ROOT / "Procfile").read_text().splitlines()
                   if line.startswith("web:"))  # fmt: skip
        flags = re.findall(r"--(?:websocket-max-message-size|ping-interval|ping-timeout) \d+", web)
        self._spawn(f"{host}-daphne", host, [
            sys.executable, "-m", "daphne", "-b", self.address(host), "-p", str(WEB_PORT),
            *(word for flag in flags for word in flag.split()), "whistsite.asgi:application",
        ])  # fmt: skip
        queue = self.env["WHIST_CELERY_QUEUE"]
        queues = ",".join([queue, f"{queue}.bookkeeping", f"{queue}.analysis"])
        self._spawn(f"{host}-worker", host, [
            sys.executable, "-m", "celery", "-A", "whistsite", "worker", "-Q", queues,
            "--concurrency", "1", "--without-heartbeat", "--without-mingle", "-l", "warning",
            "-n", f"{host}@%h",
            *(["-B", "-s", str(self.folder / f"{host}-beat-schedule")] if beat else []),
        ])  # fmt: skip

    def _nginx(self) -> None:
        folder = self.folder / "nginx"
        (folder / "static").mkdir(parents=True)
        self.https_port, http_port = free_port(), free_port()
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                        "-subj", "/CN=127.0.0.1", "-keyout", folder / "key.pem",
                        "-out", folder / "cert.pem"], check=True, capture_output=True)  # fmt: skip
        site = folder / "whist.conf"
        upstreams = [f"{self.address(host)}:{WEB_PORT}" for host in self.apps]
        site.write_text(render(
            "127.0.0.1", upstreams, str(folder / "cert.pem"), str(folder / "key.pem"),
            str(folder / "static"), https_listen=f"127.0.0.1:{self.https_port}",
            http_listen=f"127.0.0.1:{http_port}", https_port=self.https_port,
        ))  # fmt: skip
        (folder / "nginx.conf").write_text(nginx_main(folder, site, connections=8192))
        log = open(self._log_path("nginx"), "w")  # noqa: SIM115
        self.nginx = subprocess.Popen([NGINX, "-p", str(folder), "-c", str(folder / "nginx.conf")],
                                      stdout=log, stderr=subprocess.STDOUT)  # fmt: skip
        log.close()
        wait_port("127.0.0.1", self.https_port, process=self.nginx)

    @property
    def origin(self) -> str:
        return f"https://127.0.0.1:{self.https_port}"

    def python(self, code: str) -> Any:
        """Run `code` in a fresh Django process on the data host; its printed JSON, decoded."""
        script = "import django, json\ndjango.setup()\n" + textwrap.dedent(code)
        done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=self.env,
                              capture_output=True, text=True, timeout=300)  # fmt: skip
        if done.returncode:
            raise RuntimeError(f"setup code failed:\n{done.stderr[-3000:]}")
        return json.loads(done.stdout) if done.stdout.strip() else None

    def cut(self, host: str) -> None:
        """`host` goes at once: its link down, then its processes killed (network.cut)."""
        self.network.cut(host)
        for name in [n for n in self.processes if n.startswith(f"{host}-")]:
            self.processes.pop(name).wait(10)

    def close(self) -> None:
        """Everything stopped outright (nothing of a run outlives it) and removed."""
        if getattr(self, "nginx", None) is not None:
            # SIGTERM: the master ends its workers; a SIGKILLed master left them running,
            # listening on the run's ports (one orphaned worker after every make test).
            stop(self.nginx)
        if getattr(self, "network", None) is not None:
            self.network.close()  # kills every process in the namespaces
        for process in self.processes.values():
            process.wait(10)
        shutil.rmtree(self.folder, ignore_errors=True)


TABLES = (
    SESSION_COOKIE
    + """
User = get_user_model()
made = []
for t in range(COUNT):
    humans = [User.objects.create_user(f"p{FIRST + t}x{s}") for s in range(4)]  # no hashing
    table = services.table_create(humans[0], "whist", players=4)
    for seat, user in enumerate(humans[1:], start=1):
        services.seat_take(user, table.pk, seat)
    services.table_start(humans[0], table.pk)
    made.append({"table": table.pk, "cookies": [cookie(u) for u in humans]})
print(json.dumps(made))
"""
)


def whist_tables(site: Site, count: int, first: int = 0) -> list[dict[str, Any]]:
    """`count` started Whist tables of four human seats: [{"table": id, "cookies": [4]}]."""
    return site.python(TABLES.replace("COUNT", str(count)).replace("FIRST", str(first)))
