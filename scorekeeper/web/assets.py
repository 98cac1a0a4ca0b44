"""The stylesheet and scripts as phones get them: minified, each file once per version.

The files in static/ stay commented and readable; what goes over the table's Wi-Fi drops
the comments and the indentation (about a quarter of the bytes, and every page loads the
stylesheet). Anything else in static/ is served by Flask's own static view.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable
from pathlib import Path

import rcssmin
import rjsmin
from flask import Flask, Response, abort, request
from werkzeug.security import safe_join
from werkzeug.wrappers.response import Response as BaseResponse

MINIFIERS: dict[str, tuple[Callable[[str], str], str]] = {
    ".css": (rcssmin.cssmin, "text/css"),
    ".js": (rjsmin.jsmin, "text/javascript"),
}


class MinifiedAssets:
    """Minified copies of static files, made again only when a file changes on disk."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.kept: dict[str, tuple[int, bytes, str]] = {}  # path → (mtime_ns, body, etag)

    def get(
        self, folder: str, filename: str, minify: Callable[[str], str]
    ) -> tuple[bytes, str] | None:
        """The file's minified bytes and their ETag, or None when there is no such file."""
        path = safe_join(folder, filename)
        if path is None or not Path(path).is_file():
            return None
        stamp = Path(path).stat().st_mtime_ns
        with self.lock:
            kept = self.kept.get(path)
        if kept is not None and kept[0] == stamp:
            return kept[1], kept[2]
        body = minify(Path(path).read_text(encoding="utf-8")).encode()
        etag = hashlib.sha256(body).hexdigest()[:20]
        with self.lock:
            self.kept[path] = (stamp, body, etag)
        return body, etag


def init_app(app: Flask) -> None:
    """Serve .css and .js minified from the static URL; the rest as Flask serves it."""
    assets = MinifiedAssets()

    def static(filename: str) -> BaseResponse:
        minifier = MINIFIERS.get(Path(filename).suffix)
        if minifier is None:
            return app.send_static_file(filename)  # what Flask's own static view does
        assert app.static_folder is not None
        found = assets.get(app.static_folder, filename, minifier[0])
        if found is None:
            abort(404)
        body, etag = found
        response = Response(body, mimetype=minifier[1])
        response.set_etag(etag)
        response.cache_control.no_cache = True  # as Flask's static files: ask, then 304
        return response.make_conditional(request)

    app.view_functions["static"] = static
