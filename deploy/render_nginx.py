"""Render deploy/nginx.conf.template into an nginx configuration (docs/deployment.md).

    python deploy/render_nginx.py --server-name whist.example.org \\
        --upstream 127.0.0.1:8000 --upstream 127.0.0.1:8001 \\
        --certificate /etc/letsencrypt/live/whist.example.org/fullchain.pem \\
        --certificate-key /etc/letsencrypt/live/whist.example.org/privkey.pem \\
        --static-root /srv/whist/staticfiles > /etc/nginx/sites-enabled/whist.conf
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

TEMPLATE = Path(__file__).with_name("nginx.conf.template")


def render(
    server_name: str,
    upstreams: list[str],
    certificate: str,
    certificate_key: str,
    static_root: str,
    https_listen: str = "443",
    http_listen: str = "80",
    https_port: int = 443,
) -> str:
    """The configuration for these values; every placeholder of the template is filled."""
    values = {
        "SERVER_NAME": server_name,
        "UPSTREAMS": "\n".join(
            f"    server {address} max_fails=1 fail_timeout=5s;" for address in upstreams
        ),
        "CERTIFICATE": certificate,
        "CERTIFICATE_KEY": certificate_key,
        "STATIC_ROOT": static_root.rstrip("/"),
        "HTTPS_LISTEN": https_listen,
        "HTTP_LISTEN": http_listen,
        "HTTPS_PORT_SUFFIX": "" if https_port == 443 else f":{https_port}",
    }
    text = TEMPLATE.read_text()
    for name, value in values.items():
        text = text.replace(f"@@{name}@@", value)
    if "@@" in text:
        raise ValueError(f"unfilled placeholder in {TEMPLATE}: {text[text.index('@@') :][:40]}")
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server-name", required=True)
    parser.add_argument("--upstream", action="append", required=True, help="host:port of Daphne")
    parser.add_argument("--certificate", required=True)
    parser.add_argument("--certificate-key", required=True)
    parser.add_argument("--static-root", required=True, help="STATIC_ROOT (collectstatic)")
    parser.add_argument("--https-listen", default="443")
    parser.add_argument("--http-listen", default="80")
    parser.add_argument("--https-port", type=int, default=443, help="the port clients see")
    args = parser.parse_args(argv)
    sys.stdout.write(
        render(
            args.server_name,
            args.upstream,
            args.certificate,
            args.certificate_key,
            args.static_root,
            args.https_listen,
            args.http_listen,
            args.https_port,
        )  # fmt: skip
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
