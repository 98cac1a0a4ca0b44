"""The stylesheet and scripts reach phones minified, cached, and never from outside static/."""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
from pathlib import Path

import pytest
import rjsmin
from flask import Flask
from flask.testing import FlaskClient

from bench.pages import CSS_URL, HANDS_OF, OPTIONS_OF, WITHOUT_TARGET, AssetFinder
from bench.workload import PLAYERS, TARGET
from scorekeeper import create_app
from scorekeeper.web.assets import source_digest

STATIC = Path(__file__).resolve().parent.parent / "static"


def app_on_a_copy_of_static(tmp_path: Path) -> tuple[Path, FlaskClient]:
    """An app serving a copy of static/ that a test may edit, and a client of it."""
    static = tmp_path / "static"
    shutil.copytree(STATIC, static)
    app = create_app({"TESTING": True, "DATABASE": tmp_path / "db.sqlite3", "SECRET_KEY": "t"})
    app.static_folder = str(static)
    return static, app.test_client()


def edit(path: Path, added: str) -> str:
    """Add to a file as an editor would, its time a second later; returns the new text."""
    text = path.read_text(encoding="utf-8") + added
    path.write_text(text, encoding="utf-8")
    stamp = path.stat().st_mtime_ns + 1_000_000_000
    os.utime(path, ns=(stamp, stamp))
    return text


def test_the_stylesheet_is_served_smaller_with_every_rule_kept(client: FlaskClient) -> None:
    source = (STATIC / "style.css").read_text(encoding="utf-8")
    response = client.get("/static/style.css")

    assert response.status_code == 200
    assert response.mimetype == "text/css"
    served = response.get_data(as_text=True)
    assert len(served.encode()) < 0.9 * len(source.encode())
    assert "/*" not in served  # the comments stay in the source
    assert served.count("{") == re.sub(r"/\*.*?\*/", "", source, flags=re.S).count("{")
    assert "stroke-width:7.2;stroke-linecap:round}" in served  # the pips (_partials.html)


def test_a_script_is_served_smaller_and_still_whole(client: FlaskClient) -> None:
    source = (STATIC / "muggins.js").read_text(encoding="utf-8")
    response = client.get("/static/muggins.js")

    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    served = response.get_data(as_text=True)
    assert len(served) < 0.5 * len(source)
    assert "// " not in served
    assert served.startswith('!function(){"use strict";') and served.endswith("}();")
    assert 'document.getElementById("play-form")' in served  # names the page knows stay


def test_every_script_is_served_as_terser_made_it_from_the_script_as_it_is() -> None:
    """static/min/ holds each script with its own names shortened too (scripts/minify-js):
    a third fewer bytes than rjsmin gives. Edit a script and this fails until it is run again."""
    app = create_app({"TESTING": True, "DATABASE": ":memory:", "SECRET_KEY": "t"})
    client = app.test_client()
    made_from = json.loads((STATIC / "min" / "sources.json").read_text(encoding="utf-8"))
    scripts = sorted(path.name for path in STATIC.glob("*.js"))
    assert sorted(made_from) == scripts, "static/min/ is not every script's: run scripts/minify-js"
    stale = [name for name in scripts if made_from[name] != source_digest(STATIC / name)]
    assert stale == [], f"edited since terser made them: {stale}; run scripts/minify-js"
    for name in scripts:
        served = client.get(f"/static/{name}").data
        assert served == (STATIC / "min" / name).read_bytes().rstrip(b"\n"), name
        assert len(served) < 0.9 * len(rjsmin.jsmin((STATIC / name).read_text("utf-8"))), name


def test_an_edited_script_is_served_as_edited_until_terser_makes_it_again(tmp_path: Path) -> None:
    """A club that edits a script gets its edit on the next load, minified by rjsmin meanwhile."""
    static, client = app_on_a_copy_of_static(tmp_path)
    before = client.get("/static/sheet.js")
    assert before.data == (static / "min" / "sheet.js").read_bytes().rstrip(b"\n")
    edited = edit(static / "sheet.js", '\nconsole.log("edited here");\n')

    after = client.get("/static/sheet.js")
    assert after.get_data(as_text=True) == rjsmin.jsmin(edited)
    assert 'console.log("edited here")' in after.get_data(as_text=True)
    assert after.headers["ETag"] != before.headers["ETag"]  # a new address for pages to link


def test_a_phone_that_has_the_file_gets_a_304(client: FlaskClient) -> None:
    first = client.get("/static/scorer.js")
    assert first.headers["Cache-Control"] == "no-cache"
    again = client.get("/static/scorer.js", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    assert again.data == b""


def test_an_edited_file_is_minified_again(tmp_path: Path) -> None:
    """A club that edits its stylesheet sees the change on the next load, without a restart."""
    static, client = app_on_a_copy_of_static(tmp_path)
    before = client.get("/static/style.css").get_data(as_text=True)
    edit(static / "style.css", "\n.added { color: red; }\n")

    after = client.get("/static/style.css").get_data(as_text=True)
    assert ".added{color:red}" in after and ".added" not in before


@pytest.mark.parametrize(
    "path",
    [
        "/static/nothing.js",
        "/static/../pyproject.toml",
        "/static/%2e%2e/scorekeeper/games.py",
        "/static/style%00.css",  # a NUL byte no file name can hold
        "/static/style+tiles%00.css",
        "/static/outbox%00.0123456789ab.js",
    ],
)
def test_no_file_outside_static_and_no_missing_file(client: FlaskClient, path: str) -> None:
    assert client.get(path).status_code == 404


def test_other_static_files_are_served_as_they_are(client: FlaskClient) -> None:
    with client.get("/static/icon.svg") as icon:
        assert icon.status_code == 200
        assert icon.data == (STATIC / "icon.svg").read_bytes()


def linked(page: str, name: str) -> str:
    """The URL a page links a static file by."""
    stem, suffix = name.rsplit(".", 1)
    found = re.search(rf'"(/static/{re.escape(stem)}\.[0-9a-f]{{12}}\.{suffix})"', page)
    assert found is not None, f"{name} is not linked by a fingerprinted name"
    return found.group(1)


def test_pages_link_assets_a_phone_keeps_for_a_year_without_asking(client: FlaskClient) -> None:
    page = client.get("/new/block").get_data(as_text=True)
    for name in ("style.css", "icon.svg"):
        url = linked(page, name)
        kept = client.get(url)
        assert kept.status_code == 200
        assert kept.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert kept.data == client.get(f"/static/{name}").data  # the same bytes as the plain name


def test_an_edited_file_gets_a_new_address_and_the_old_one_is_not_kept(tmp_path: Path) -> None:
    static, client = app_on_a_copy_of_static(tmp_path)
    before = linked(client.get("/new/block").get_data(as_text=True), "style.css")
    bundled = linked(client.get("/new").get_data(as_text=True), "style+catalogue.css")
    edit(static / "style.css", "\n.added { color: red; }\n")

    after = linked(client.get("/new/block").get_data(as_text=True), "style.css")
    assert after != before
    # A page whose stylesheet is a bundle with it links the new bundle too.
    rebundled = linked(client.get("/new").get_data(as_text=True), "style+catalogue.css")
    assert rebundled != bundled
    assert ".added{color:red}" in client.get(rebundled).get_data(as_text=True)
    assert ".added{color:red}" in client.get(after).get_data(as_text=True)
    # A page drawn before the edit still gets a stylesheet: today's, asked for again next time.
    stale = client.get(before)
    assert ".added{color:red}" in stale.get_data(as_text=True)
    assert stale.headers["Cache-Control"] == "no-cache"
    assert client.get("/static/style.0123456789ab.css").status_code == 200
    assert client.get("/static/nothing.0123456789ab.css").status_code == 404


GZIP = {"Accept-Encoding": "gzip, deflate, br"}


@pytest.mark.parametrize(
    ("path", "at_most"),
    # A script terser made has little left to squeeze: names are one letter, no spaces.
    [("/new", 0.4), ("/static/style.css", 0.4), ("/static/tiles.js", 0.5), ("/api/rulesets", 0.4)],
)
def test_a_phone_that_accepts_gzip_gets_the_same_bytes_in_far_fewer(
    client: FlaskClient, path: str, at_most: float
) -> None:
    plain = client.get(path)
    zipped = client.get(path, headers=GZIP)
    assert plain.status_code == zipped.status_code == 200
    assert "Content-Encoding" not in plain.headers
    assert zipped.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in zipped.headers["Vary"]
    assert gzip.decompress(zipped.data) == plain.data
    assert len(zipped.data) < at_most * len(plain.data)


def test_the_live_board_and_the_game_json_are_gzipped_once_for_every_phone(
    client: FlaskClient,
) -> None:
    created = client.post("/api/games", json={"ruleset": "block", "players": ["Ann", "Bob"]}).json
    assert created is not None
    token = {"X-Scorer-Token": created["scorer_token"]}
    for n in range(1, 6):
        entry = {"pips": {"Ann": 0, "Bob": n}, "domino": "Ann"}
        assert (
            client.post(f"/api/games/{created['id']}/hands", json=entry, headers=token).status_code
            == 201
        )
    # The pages' ETag carries their language too; the API's is its version number.
    for path, tag in (
        (f"/games/{created['id']}/board", '"6-en"'),
        (f"/api/games/{created['id']}", '"6"'),
        (f"/games/{created['id']}", '"6-en"'),
    ):
        plain = client.get(path)
        zipped = client.get(path, headers=GZIP)
        assert zipped.headers["Content-Encoding"] == "gzip", path
        assert gzip.decompress(zipped.data) == plain.data, path
        assert zipped.headers["ETag"] == plain.headers["ETag"] == tag, path
        assert client.get(path, headers={**GZIP, "If-None-Match": tag}).status_code == 304


def test_healthz_and_tiny_answers_are_not_compressed(client: FlaskClient) -> None:
    response = client.get("/healthz", headers=GZIP)
    assert response.data == b"ok\n" and "Content-Encoding" not in response.headers


def test_a_page_links_its_stylesheets_as_one_file_kept_a_year(client: FlaskClient) -> None:
    """The catalogue: style.css, then catalogue.css, in one answer a phone keeps."""
    page = client.get("/new").get_data(as_text=True)
    assert page.count('rel="stylesheet"') == 1
    bundle = client.get(linked(page, "style+catalogue.css"))

    assert bundle.status_code == 200
    assert bundle.mimetype == "text/css"
    assert bundle.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    parts = [client.get(f"/static/{name}").data for name in ("style.css", "catalogue.css")]
    assert bundle.data == b"\n".join(parts)  # in that order: the area's rules come after


@pytest.mark.parametrize(
    "name",
    [
        "style+nothing.css",
        "style+style.css",
        "style+icon.svg",
        "style+../pyproject.toml",
        "+".join(["style", "tiles", "muggins", "bids", "share", "checker", "leagues"]) + ".css",
    ],
)
def test_a_bundle_is_of_distinct_stylesheets_that_exist(client: FlaskClient, name: str) -> None:
    assert client.get(f"/static/{name}").status_code == 404


# A page with everything it makes a phone load, uncompressed (docs/BENCHMARKS.md, "page
# weight"): the scorer page, loaded after every hand, is the heaviest.
PAGE_BUDGET = 60 * 1024


@pytest.mark.parametrize("ruleset", sorted(HANDS_OF))
def test_a_scorer_page_ten_hands_in_weighs_under_60_kb_with_all_it_loads(
    app: Flask, ruleset: str
) -> None:
    """The bench's page weight, kept by every commit: the same games, the same hands."""
    app.config.update(RATE_LIMIT_BURST=0)
    client = app.test_client()
    options = {
        **({} if ruleset in WITHOUT_TARGET else {"target": TARGET}),
        **OPTIONS_OF.get(ruleset, {}),
    }
    body = {"ruleset": ruleset, "players": list(PLAYERS), "options": options}
    created = client.post("/api/games", json=body).json or {}
    game, token = created["id"], created["scorer_token"]
    for _ in range(10):
        hand = client.post(
            f"/api/games/{game}/hands", json=HANDS_OF[ruleset], headers={"X-Scorer-Token": token}
        )
        assert hand.status_code == 201, hand.json
    assert client.get(f"/games/{game}/join/{token}").status_code == 303
    page = client.get(f"/games/{game}")
    assert page.status_code == 200 and 'id="hand-form"' in page.get_data(as_text=True)
    finder = AssetFinder()
    finder.feed(page.get_data(as_text=True))
    queue, weights = list(finder.urls), {"page": len(page.data)}
    while queue:
        url = queue.pop(0)
        assert url.startswith("/static/"), f"{url}: a phone loads nothing from elsewhere"
        asset = client.get(url)
        assert asset.status_code == 200, url
        weights[url] = len(asset.data)
        if url.endswith(".css"):
            queue += CSS_URL.findall(asset.get_data(as_text=True))
    assert len(weights) > 4  # the page, its stylesheet and its scripts
    heaviest = sorted(weights.items(), key=lambda kv: -kv[1])[:3]
    assert sum(weights.values()) < PAGE_BUDGET, (sum(weights.values()), heaviest)
