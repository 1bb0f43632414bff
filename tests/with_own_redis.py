"""`python -m tests.with_own_redis COMMAND...`: COMMAND with a Redis server of its own.

`make test` runs its browser run beside its unit run (Makefile). Both would use the Redis
databases of their xdist workers (tests/redis_databases.py: gw0 has databases 3-5 in either
run, and Redis Pub/Sub is server-wide), so the browser run gets a Redis server of its own, on
a spare port, keeping nothing on disk (tests/faults/stack.py's OwnRedis): COMMAND runs with
REDIS_URL pointing at it, and the server stops when COMMAND ends. The exit status is
COMMAND's. A Ctrl-C reaches COMMAND even when this process was started in the background
(where a shell starts it with SIGINT ignored).
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.faults.stack import OwnRedis


def _answers(redis: OwnRedis) -> bool:
    """The server on the port is this Redis (the port, free when picked, was not taken by
    another process before it bound it)."""
    try:
        with socket.create_connection(("127.0.0.1", redis.port), timeout=5) as sock:
            sock.sendall(b"PING\r\n")
            answer = sock.recv(16)
    except OSError:
        answer = b""
    alive = redis.process is not None and redis.process.poll() is None
    return alive and answer.startswith(b"+PONG")


def started(folder: Path, tries: int = 3) -> OwnRedis:
    for _ in range(tries):
        redis = OwnRedis(folder)
        try:
            redis.start()
        except (TimeoutError, RuntimeError):  # not listening, or exited (its port taken)
            pass
        if _answers(redis):
            return redis
        if redis.process is not None:  # not stop(): the port may stay another's
            redis.process.kill()
            redis.process.wait()
    raise RuntimeError(f"no Redis server of its own started in {tries} tries")


def main(command: list[str]) -> int:
    if not command:
        print("usage: python -m tests.with_own_redis COMMAND...", file=sys.stderr)
        return 2
    # A handler of Python's own becomes the default in COMMAND (exec resets handlers, not
    # an ignored signal), so pytest there stops on a Ctrl-C as it would in the foreground.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    with tempfile.TemporaryDirectory(prefix="whist-own-redis-") as folder:
        redis = started(Path(folder))
        print(f"with_own_redis: {redis.url} for {' '.join(command)}", file=sys.stderr, flush=True)
        try:
            process = subprocess.Popen(command, env={**os.environ, "REDIS_URL": redis.url})
            try:
                return process.wait()
            except KeyboardInterrupt:  # COMMAND had the signal too: let it finish its stop
                return process.wait()
        finally:
            redis.stop()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
