"""What a large request body costs a Daphne process: starts one Daphne
serving the site, sends it one body of --megabytes (declared by Content-Length, then
chunked), and prints the status it answered and the process's resident memory before and
at its peak (sampled every 10 ms until the answer and a second after).

    .venv/bin/python bench/body_limit.py --megabytes 200
    .venv/bin/python bench/body_limit.py --megabytes 200 --max-body 1000000000   # no limit

The second line lifts WHIST_MAX_BODY over the body's size, which is how every body was
handled before the limit (Daphne queues all of it for the app). It needs no database: the
bodies are refused, or end in Django's CSRF check, before any query.
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
CHUNK = 64 * 1024


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start(max_body: int | None) -> tuple[subprocess.Popen, int]:
    port = free_port()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tests.settings"}
    if max_body is not None:
        env["WHIST_MAX_BODY"] = str(max_body)
    process = subprocess.Popen(
        [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port),
         "whistsite.asgi:application"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    for _ in range(300):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return process, port
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("daphne did not start")


def send(port: int, total: int, chunked: bool) -> str:
    """POST `total` bytes; the status line of the answer (or what happened instead)."""
    head = "Transfer-Encoding: chunked" if chunked else f"Content-Length: {total}"
    sock = socket.create_connection(("127.0.0.1", port), timeout=120)
    sock.sendall(f"POST /games/upload/ HTTP/1.1\r\nHost: 127.0.0.1\r\n{head}\r\n\r\n".encode())
    piece = b"x" * CHUNK
    framed = b"%x\r\n%s\r\n" % (CHUNK, piece) if chunked else piece
    try:
        for _ in range(total // CHUNK):
            sock.sendall(framed)
        if chunked:
            sock.sendall(b"0\r\n\r\n")
    except OSError:
        pass  # the server stopped reading: its answer says why
    try:
        answer = sock.recv(200).split(b"\r\n", 1)[0].decode("latin-1")
    except OSError as exc:
        answer = f"no answer ({exc.__class__.__name__})"
    sock.close()
    return answer or "connection closed"


def measure(port: int, pid: int, total: int, chunked: bool) -> tuple[str, float, float]:
    process = psutil.Process(pid)
    before = process.memory_info().rss
    peak = [before]
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            peak[0] = max(peak[0], process.memory_info().rss)
            time.sleep(0.01)

    sampler = threading.Thread(target=sample)
    sampler.start()
    answer = send(port, total, chunked)
    time.sleep(1.0)
    done.set()
    sampler.join()
    return answer, before / 2**20, peak[0] / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--megabytes", type=int, default=200)
    parser.add_argument("--max-body", type=int, default=None,
                        help="WHIST_MAX_BODY for the server (default: the site's)")  # fmt: skip
    args = parser.parse_args()
    total = args.megabytes * 1024 * 1024
    process, port = start(args.max_body)
    try:
        for chunked in (False, True):
            answer, before, peak = measure(port, process.pid, total, chunked)
            kind = "chunked " if chunked else "declared"
            print(f"{kind} {args.megabytes} MB: {answer!r}; Daphne RSS {before:.0f} MiB before, "
                  f"{peak:.0f} MiB at its peak")  # fmt: skip
    finally:
        process.terminate()
        process.wait(10)


if __name__ == "__main__":
    main()
