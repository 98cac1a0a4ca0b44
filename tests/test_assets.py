"""The stylesheet and scripts reach phones minified, cached, and never from outside static/."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from scorekeeper import create_app

STATIC = Path(__file__).resolve().parent.parent / "static"


def test_the_stylesheet_is_served_smaller_with_every_rule_kept(client: FlaskClient) -> None:
    source = (STATIC / "style.css").read_text(encoding="utf-8")
    response = client.get("/static/style.css")

    assert response.status_code == 200
    assert response.mimetype == "text/css"
    served = response.get_data(as_text=True)
    assert len(served.encode()) < 0.9 * len(source.encode())
    assert "/*" not in served  # the comments stay in the source
    assert served.count("{") == re.sub(r"/\*.*?\*/", "", source, flags=re.S).count("{")
    assert ".pip-symbols circle{fill:#1d1b18}" in served


def test_a_script_is_served_smaller_and_still_whole(client: FlaskClient) -> None:
    source = (STATIC / "muggins.js").read_text(encoding="utf-8")
    response = client.get("/static/muggins.js")

    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    served = response.get_data(as_text=True)
    assert len(served) < 0.8 * len(source)
    assert "// " not in served
    assert served.startswith("(function(){") and served.rstrip().endswith("})();")
    assert 'document.getElementById("play-form")' in served


def test_a_phone_that_has_the_file_gets_a_304(client: FlaskClient) -> None:
    first = client.get("/static/scorer.js")
    assert first.headers["Cache-Control"] == "no-cache"
    again = client.get("/static/scorer.js", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
    assert again.data == b""


def test_an_edited_file_is_minified_again(tmp_path: Path) -> None:
    """A club that edits its stylesheet sees the change on the next load, without a restart."""
    static = tmp_path / "static"
    shutil.copytree(STATIC, static)
    app = create_app({"TESTING": True, "DATABASE": tmp_path / "db.sqlite3", "SECRET_KEY": "t"})
    app.static_folder = str(static)
    client = app.test_client()
    before = client.get("/static/style.css").get_data(as_text=True)
    style = static / "style.css"
    style.write_text(style.read_text(encoding="utf-8") + "\n.added { color: red; }\n")
    stamp = style.stat().st_mtime_ns + 1_000_000_000
    os.utime(style, ns=(stamp, stamp))

    after = client.get("/static/style.css").get_data(as_text=True)
    assert ".added{color:red}" in after and ".added" not in before


@pytest.mark.parametrize(
    "path",
    ["/static/nothing.js", "/static/../pyproject.toml", "/static/%2e%2e/scorekeeper/db.py"],
)
def test_no_file_outside_static_and_no_missing_file(client: FlaskClient, path: str) -> None:
    assert client.get(path).status_code == 404


def test_other_static_files_are_served_as_they_are(client: FlaskClient) -> None:
    with client.get("/static/icon.svg") as icon:
        assert icon.status_code == 200
        assert icon.data == (STATIC / "icon.svg").read_bytes()
