"""Absolute links to put in QR codes and share panels: links another phone can open.

A link is built from what the server knows, never from the request's Host header, which
any client can set (a link carrying a scorer token must not be pointed at another site):
a hosted install's PUBLIC_URL wins over everything; behind a reverse proxy, TRUST_PROXY =
True (or the number of proxies) makes the forwarded host and scheme count. Otherwise the
link is the address the server listens on, as `serve` records it (LISTEN_HOST and
LISTEN_PORT): on every interface, this machine's address on the local network; on one
address, that address. A server listening on loopback only is reachable from this laptop
alone, so its links say 127.0.0.1 and the pages say that phones cannot open them
(`unreachable_reason`), never a LAN address it does not listen on.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable
from typing import Any

from flask import Flask, current_app, request, url_for
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.routing import BaseConverter

from scorekeeper.words import Message, say

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


# What no argument of a route holds, put where the varying one goes (url_for writes it %00).
MARK = "\0"


def urls_varying(endpoint: str, name: str, **values: Any) -> Callable[[str], str]:
    """`url_for(endpoint, **values, name=value)` for each value, at the cost of one url_for.

    For a text argument (the string and path converters write it alike): a league's
    standings JSON links each of its rows to the player, 500 links whose werkzeug builds
    were a tenth of its time. The other values are slugs, which never hold the mark.
    """
    before, mark, after = url_for(endpoint, **{**values, name: MARK}).partition("%00")
    assert mark and "%00" not in after, (endpoint, values)
    write = BaseConverter(current_app.url_map).to_url
    return lambda value: f"{before}{write(value)}{after}"


def external_url(endpoint: str, **values: Any) -> str:
    """An absolute URL for `endpoint` that another device can open."""
    path = url_for(endpoint, **values).removeprefix(request.script_root)
    public_url = current_app.config.get("PUBLIC_URL")
    if public_url:
        return str(public_url).rstrip("/") + path
    if current_app.config.get("TRUST_PROXY"):
        return url_for(endpoint, _external=True, **values)  # the proxy's forwarded host
    return f"http://{served_address()}{request.script_root}{path}"


def served_address() -> str:
    """host[:port] where this server can be reached: where it listens, never the Host header."""
    host, port = listening()
    if host in ALL_INTERFACES or host is None:
        host = lan_address() or "127.0.0.1"
    shown = f"[{host}]" if ":" in host else host
    return shown if port == DEFAULT_PORT else f"{shown}:{port}"


def listening() -> tuple[str | None, int]:
    """The address and port the server listens on: as `serve` recorded them, else as the
    WSGI server says (its SERVER_PORT, which comes from the socket, not from the client)."""
    config = current_app.config
    if config.get("LISTEN_PORT"):
        return config.get("LISTEN_HOST"), int(config["LISTEN_PORT"])
    port = request.environ.get("SERVER_PORT", "")
    return None, int(port) if str(port).isdigit() and len(str(port)) <= 5 else DEFAULT_PORT


def unreachable_reason() -> Message | None:
    """Why phones cannot open this server's links, when they cannot; None when they can."""
    if current_app.config.get("PUBLIC_URL") or current_app.config.get("TRUST_PROXY"):
        return None
    host, _port = listening()
    if host is not None and is_loopback(host):
        return LOOPBACK_ONLY
    if (host is None or host in ALL_INTERFACES) and lan_address() is None:
        return NO_NETWORK
    return None


LOOPBACK_ONLY = say(
    "This server listens on this laptop only (127.0.0.1): phones cannot open these links. "
    "To let phones on the Wi-Fi in, stop it and start it with: scorekeeper serve --host 0.0.0.0"
)
NO_NETWORK = say(
    "This laptop is on no network: phones cannot open these links. "
    "Join the club's Wi-Fi (or start a hotspot), then reload this page."
)
ALL_INTERFACES = frozenset({"0.0.0.0", "::", ""})
DEFAULT_PORT = 80


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
    if host in ALL_INTERFACES:
        lan = lan_address()
        hosts = [h for h in (lan, "127.0.0.1") if h]
    else:
        hosts = [f"[{host}]" if ":" in host else host]
    return [f"http://{h}:{port}/" for h in hosts]
