"""Absolute links to put in QR codes and share panels: links another phone can open.

A link made while the laptop's own browser is on http://localhost:5000 would send a
phone to itself, so a loopback host is replaced by this machine's address on the local
network. A hosted install sets PUBLIC_URL, which wins over everything; behind a reverse
proxy, TRUST_PROXY = True (or the number of proxies) makes the forwarded host and scheme
count, and nothing else does, since any client can send those headers.
"""

from __future__ import annotations

import ipaddress
import socket
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from flask import Flask, current_app, request, url_for
from werkzeug.middleware.proxy_fix import ProxyFix

LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})
# A private address to route towards: connecting a UDP socket sends nothing, it only
# makes the kernel pick the interface (and so the address) it would send from.
ROUTE_PROBE = ("10.255.255.255", 1)


def init_app(app: Flask) -> None:
    """Believe X-Forwarded-For/-Proto/-Host/-Port/-Prefix only when TRUST_PROXY says so."""
    hops = app.config.get("TRUST_PROXY", False)
    if hops:
        n = 1 if hops is True else int(hops)
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=n, x_proto=n, x_host=n, x_port=n, x_prefix=n
        )


def external_url(endpoint: str, **values: Any) -> str:
    """An absolute URL for `endpoint` that another device can open."""
    public_url = current_app.config.get("PUBLIC_URL")
    if public_url:
        path = url_for(endpoint, **values).removeprefix(request.script_root)
        return str(public_url).rstrip("/") + path
    return reachable(url_for(endpoint, _external=True, **values))


def reachable(url: str) -> str:
    """`url` with a loopback host replaced by this machine's LAN address, when it has one."""
    parts = urlsplit(url)
    if not is_loopback(parts.hostname or ""):
        return url
    lan = lan_address()
    if lan is None:
        return url
    netloc = lan if parts.port is None else f"{lan}:{parts.port}"
    return urlunsplit(parts._replace(netloc=netloc))


def is_loopback(host: str) -> bool:
    if host.lower() in LOOPBACK_NAMES or host.lower().endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def lan_address() -> str | None:
    """This machine's IPv4 address on the local network, as phones on the same Wi-Fi reach it."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(ROUTE_PROBE)
            routed = str(probe.getsockname()[0])
        if not is_loopback(routed) and routed != "0.0.0.0":
            return routed
    except OSError:
        pass  # no route at all (a laptop on a Wi-Fi without a router): ask the host name
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    return next((str(i[4][0]) for i in infos if not is_loopback(str(i[4][0]))), None)


def listening_urls(host: str, port: int) -> list[str]:
    """The addresses `serve` prints for phones: the LAN address first when listening on all."""
    if host in ("0.0.0.0", "::", ""):
        lan = lan_address()
        hosts = [h for h in (lan, "127.0.0.1") if h]
    else:
        hosts = [f"[{host}]" if ":" in host else host]
    return [f"http://{h}:{port}/" for h in hosts]
