"""The stylesheet, scripts and icons as phones get them: minified, fingerprinted, compressed.

The files in static/ stay commented and readable; what goes over the table's Wi-Fi drops
the comments and the indentation (about a quarter of the bytes), and is gzipped for a
phone that accepts it (all do). Pages link each file under a name carrying a fingerprint
of its served bytes (`style.3f2a9c1e07b4.css`), which phones may keep for a year without
asking again: the scorer's page, loaded after every hand, then costs its HTML alone. An
edited file gets a new fingerprint, so pages link the new one at once. The plain name
(`style.css`) still answers, revalidated on each use.

Scripts go smaller still: terser, run by a developer (scripts/minify-js), also shortens
each script's own variable names, which rjsmin cannot (a third fewer bytes). Its output is
kept in static/min/, with the digest of the source each file was made from; a script is
served from there only while its source is unchanged, and minified by rjsmin otherwise, so
an edited script is served as edited before terser is run again.

A page's stylesheets are one answer: style.css and the sheets of the page's area (a game's
entry, the catalogue, sharing) are linked as one bundle, `style+tiles+muggins.css`, their
served bytes one after the other in that order. Each area keeps its own file in static/,
and a phone makes one request for the page's look, not one per area.
"""

from __future__ import annotations

import hashlib
import json
import mimetypes
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import rcssmin
import rjsmin
from flask import Flask, abort, current_app, request
from werkzeug.security import safe_join
from werkzeug.wrappers.response import Response as BaseResponse

from scorekeeper.web.compression import gzipped, kept_answer

MADE = "min"  # static/min/: the scripts as terser made them (scripts/minify-js)
MADE_FROM = "sources.json"  # in static/min/: each script's name → its source's digest
MINIFIERS: dict[str, Callable[[str], str]] = {".css": rcssmin.cssmin, ".js": rjsmin.jsmin}
MIMETYPES = {".css": "text/css", ".js": "text/javascript", ".svg": "image/svg+xml"}
FINGERPRINT_LENGTH = 12
FINGERPRINTED = re.compile(
    rf"^(?P<stem>.+)\.(?P<fingerprint>[0-9a-f]{{{FINGERPRINT_LENGTH}}})(?P<suffix>\.[A-Za-z0-9]+)$"
)
A_YEAR = 365 * 24 * 60 * 60
ASSETS_KEY = "scorekeeper.assets"
BUNDLED = ".css"  # the kind of file a bundle joins
MOST_BUNDLED = 6  # sheets in one bundle: more than any page links
KEPT_BUNDLES = 64  # bundles kept made: every page's, with room; any other is made again


@dataclass(frozen=True)
class Asset:
    """A static file as served: its bytes (minified), gzipped when that helps, and fingerprint."""

    body: bytes
    compressed: bytes | None
    mimetype: str
    fingerprint: str
    stamp: int  # the file's mtime when read: an edit is picked up without a restart


class Assets:
    """An app's static files as served, each made again only when its file changes on disk."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.kept: dict[str, Asset] = {}
        self.bundles: dict[str, tuple[tuple[str, ...], Asset]] = {}

    def get(self, filename: str) -> Asset | None:
        """The file as served, or None when static/ has no such file."""
        if "+" in filename:
            return self.bundle(filename)
        path = safe_join(str(current_app.static_folder), filename)
        if path is None:
            return None
        try:
            stamp = Path(path).stat().st_mtime_ns
        except (OSError, ValueError):  # ValueError: a NUL byte, which no file's name holds
            return None
        kept = self.kept.get(path)
        if kept is not None and kept.stamp == stamp:
            return kept
        if not Path(path).is_file():
            return None
        asset = read_asset(Path(path), stamp)
        with self.lock:
            self.kept[path] = asset
        return asset

    def bundle(self, filename: str) -> Asset | None:
        """Stylesheets served as one (`a+b.css`: a.css, then b.css), or None if one is missing."""
        stem, _, suffix = filename.rpartition(".")
        names = stem.split("+")
        if f".{suffix}" != BUNDLED or len(names) > MOST_BUNDLED or len(set(names)) < len(names):
            return None
        parts = [self.get(name + BUNDLED) for name in names]
        if any(part is None for part in parts):
            return None
        fingerprints = tuple(part.fingerprint for part in parts if part is not None)
        kept = self.bundles.get(filename)
        if kept is not None and kept[0] == fingerprints:
            return kept[1]
        body = b"\n".join(part.body for part in parts if part is not None)
        fingerprint = hashlib.sha256(body).hexdigest()[:FINGERPRINT_LENGTH]
        asset = Asset(body, gzipped(body, MIMETYPES[BUNDLED]), MIMETYPES[BUNDLED], fingerprint, 0)
        with self.lock:
            if len(self.bundles) >= KEPT_BUNDLES:
                self.bundles.pop(next(iter(self.bundles)))
            self.bundles[filename] = (fingerprints, asset)
        return asset

    def fingerprinted(self, filename: str) -> str:
        """The name pages link `filename` by: with its fingerprint, when the file exists."""
        asset = self.get(filename)
        if asset is None:
            return filename
        stem, dot, suffix = filename.rpartition(".")
        return f"{stem}.{asset.fingerprint}.{suffix}" if dot else filename

    def serve(self, filename: str) -> BaseResponse:
        """The static URL's view: a year's caching for a fingerprinted name, else revalidation."""
        asset = self.get(filename)
        lasting = False
        if asset is None and (named := FINGERPRINTED.match(filename)):
            asset = self.get(named["stem"] + named["suffix"])
            # An older fingerprint (a page drawn before an edit) gets today's file, not kept.
            lasting = asset is not None and asset.fingerprint == named["fingerprint"]
        if asset is None:
            abort(404)
        response = kept_answer(asset.body, asset.compressed, asset.mimetype)
        if lasting:
            response.headers["Cache-Control"] = f"public, max-age={A_YEAR}, immutable"
            return response
        response.set_etag(asset.fingerprint)
        response.cache_control.no_cache = True
        return response.make_conditional(request)


def read_asset(path: Path, stamp: int) -> Asset:
    suffix = path.suffix.lower()
    minify = MINIFIERS.get(suffix)
    made = made_by_terser(path) if suffix == ".js" else None
    if made is not None:
        body = made
    elif minify:
        body = minify(path.read_text(encoding="utf-8")).encode()
    else:
        body = path.read_bytes()
    mimetype = MIMETYPES.get(suffix) or mimetypes.guess_type(path.name)[0]
    mimetype = mimetype or "application/octet-stream"
    fingerprint = hashlib.sha256(body).hexdigest()[:FINGERPRINT_LENGTH]
    return Asset(body, gzipped(body, mimetype), mimetype, fingerprint, stamp)


def source_digest(path: Path) -> str:
    """A script's SHA-256 as static/min/sources.json records it (line ends as git keeps them)."""
    return hashlib.sha256(path.read_bytes().replace(b"\r\n", b"\n")).hexdigest()


def made_by_terser(path: Path) -> bytes | None:
    """The script as terser made it, if it was made from the script as it is now."""
    made = path.parent / MADE
    try:
        sources = json.loads((made / MADE_FROM).read_text(encoding="utf-8"))
        if not isinstance(sources, dict) or sources.get(path.name) != source_digest(path):
            return None
        return (made / path.name).read_bytes().rstrip(b"\n")
    except (OSError, ValueError):
        return None


def record_sources(static: Path) -> None:
    """Write static/min/sources.json: the digest of each script terser has just made smaller."""
    sources = {
        path.name: source_digest(path)
        for path in sorted(static.glob("*.js"))
        if (static / MADE / path.name).is_file()
    }
    (static / MADE / MADE_FROM).write_text(json.dumps(sources, indent=2) + "\n", encoding="utf-8")


def stylesheet(sheets: list[str] | tuple[str, ...] = ()) -> str:
    """The name a page links its look by: style.css, then its area's `sheets`, as one file."""
    names = [sheet.removesuffix(BUNDLED) for sheet in ("style.css", *sheets)]
    return "+".join(dict.fromkeys(names)) + BUNDLED


def init_app(app: Flask) -> None:
    """Serve the app's static folder at /static/; url_for('static', …) gives fingerprinted names."""
    assets = app.extensions[ASSETS_KEY] = Assets()
    app.add_url_rule("/static/<path:filename>", endpoint="static", view_func=assets.serve)
    app.add_template_global(stylesheet)

    def fingerprint(endpoint: str | None, values: dict[str, Any]) -> None:
        if endpoint == "static" and "filename" in values:
            values["filename"] = assets.fingerprinted(values["filename"])

    app.url_defaults(fingerprint)
