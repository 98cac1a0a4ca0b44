"""Answers gzipped for phones that accept it: a page's HTML shrinks to about a fifth.

The standard library's gzip, not brotli: every phone browser accepts gzip, brotli would
save another tenth or so of bytes already small, and it needs a compiled dependency on
the club's laptop. Views that draw an answer once for many phones (the board, the watch
page, static files) keep it gzipped and set Content-Encoding themselves; this hook leaves
such answers alone and compresses the rest as they go out.
"""

from __future__ import annotations

import gzip

from flask import Flask, Response, request

COMPRESSIBLE = frozenset(
    {"text/html", "text/css", "text/javascript", "text/plain", "application/json", "image/svg+xml"}
)
# Below this a gzip header and checksum save too little to be worth the work.
SMALLEST = 512
# zlib's default level: within a few percent of the smallest output, at a fraction of the time.
LEVEL = 6
VARY = "Accept-Encoding"


def add_vary(response: Response, name: str) -> None:
    """Name a request header the answer depends on, for caches: one header written, none parsed
    (werkzeug's `response.vary` parses the header into a set and writes it back for each name)."""
    present = response.headers.get("Vary")
    if not present:
        response.headers["Vary"] = name
    elif name.lower() not in (part.strip().lower() for part in present.split(",")):
        response.headers["Vary"] = f"{present}, {name}"


def accepts_gzip() -> bool:
    """Whether this request's phone takes gzip-encoded answers."""
    return bool(request.accept_encodings["gzip"])


def gzipped(body: bytes, mimetype: str) -> bytes | None:
    """`body` gzipped, when it is of a kind that shrinks and big enough to bother; else None."""
    if mimetype not in COMPRESSIBLE or len(body) < SMALLEST:
        return None
    return gzip.compress(body, compresslevel=LEVEL, mtime=0)


def kept_answer(body: bytes, compressed: bytes | None, mimetype: str) -> Response:
    """An answer kept ready both ways (an asset, a night's page): gzipped to a phone that
    takes it, plain to one that does not, and caches told it differs by Accept-Encoding."""
    zipped = compressed is not None and accepts_gzip()
    response = Response(compressed if zipped else body, mimetype=mimetype)
    if compressed is not None:
        response.headers["Vary"] = VARY
    if zipped:
        response.headers["Content-Encoding"] = "gzip"
    return response


def compress_response(response: Response) -> Response:
    """After a view: gzip what it sent as it is, if the phone accepts gzip."""
    if response.direct_passthrough or response.mimetype not in COMPRESSIBLE:
        return response
    body = response.get_data()
    if len(body) < SMALLEST or "Content-Encoding" in response.headers:
        return response
    add_vary(response, VARY)
    if accepts_gzip():
        response.set_data(gzip.compress(body, compresslevel=LEVEL, mtime=0))
        response.headers["Content-Encoding"] = "gzip"
    return response


def init_app(app: Flask) -> None:
    app.after_request(compress_response)
