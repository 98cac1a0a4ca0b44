"""Sharing a game: the QR codes open the exact links, on an address a phone can reach;
the scorer link can be replaced, and the old one (and every phone that joined with it)
stops writing; watching phones poll a board that costs one read when nothing changed."""

from __future__ import annotations

import http.client
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import zxingcpp
from click.testing import CliRunner
from flask import Flask
from flask.testing import FlaskClient
from PIL import Image, ImageDraw

from scorekeeper import cli, create_app
from scorekeeper import store as db_module
from scorekeeper.web import links
from tests.conftest import Api
from tests.server import call, serving

LAN = "192.168.1.20"
MODULE = re.compile(r"M(\d+),(\d+)h(\d+)v1h-\d+z")  # one run of dark modules in a row


@pytest.fixture(autouse=True)
def lan(monkeypatch: pytest.MonkeyPatch) -> str:
    """This machine is at 192.168.1.20 on the club's Wi-Fi."""
    monkeypatch.setattr(links, "lan_address", lambda: LAN)
    return LAN


def decode(image: Image.Image) -> str:
    found = zxingcpp.read_barcodes(image)
    assert len(found) == 1, "expected exactly one QR code"
    return str(found[0].text)


def decode_svg(svg: str, scale: int = 8) -> str:
    """Draw the served SVG (one path segment per run of dark modules) and scan it."""
    size = int(re.search(r'viewBox="0 0 (\d+) (\d+)"', svg).group(1))  # type: ignore[union-attr]
    image = Image.new("L", ((size + 8) * scale,) * 2, 255)
    draw = ImageDraw.Draw(image)
    for x0, y0, length in (map(int, m) for m in MODULE.findall(svg)):
        x1, y1 = x0 + length, y0 + 1
        draw.rectangle(
            ((x0 + 4) * scale, (y0 + 4) * scale, (x1 + 4) * scale - 1, (y1 + 4) * scale - 1), 0
        )
    return decode(image)


def decode_terminal(text: str) -> str:
    """Scan a QR printed with half-block characters, solid blocks being light modules."""
    rows = [line for line in text.splitlines() if line and set(line) <= set("█▀▄\xa0 ")]
    pixels: list[list[int]] = []
    for line in rows:
        pixels.append([255 if ch in "█▀" else 0 for ch in line])
        pixels.append([255 if ch in "█▄" else 0 for ch in line])
    image = Image.new("L", (len(pixels[0]) + 8, len(pixels) + 8), 255)
    for y, row in enumerate(pixels):
        for x, value in enumerate(row):
            image.putpixel((x + 4, y + 4), value)
    return decode(image.resize((image.width * 8, image.height * 8), Image.Resampling.NEAREST))


def qr_of(client: FlaskClient, path: str, **kwargs: Any) -> str:
    response = client.get(path, **kwargs)
    assert response.status_code == 200, response.text
    assert response.mimetype == "image/svg+xml"
    return decode_svg(response.text)


def csrf_token(html: str) -> str:
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    assert found, "the page has no form"
    return found.group(1)


@pytest.fixture
def game(api: Api) -> dict[str, Any]:
    return api.create("draw", ["Ann", "Bob", "Cy"], options={"target": 150})


def join(app: Flask, game: dict[str, Any], token: str) -> FlaskClient:
    """Another phone that opens a scorer link."""
    phone = app.test_client()
    response = phone.get(f"/games/{game['id']}/join/{token}")
    assert response.status_code == 303
    return phone


def rotate(phone: FlaskClient, game_id: str) -> Any:
    html = phone.get(f"/games/{game_id}/share").text
    return phone.post(f"/games/{game_id}/rotate", data={"csrf_token": csrf_token(html)})


# --- the QR codes open the exact links ----------------------------------------------


def test_watch_qr_opens_the_watch_page_on_the_lan_address(
    client: FlaskClient, game: dict[str, Any]
) -> None:
    path = f"/games/{game['id']}"
    assert qr_of(client, f"{path}/qr.svg") == f"http://{LAN}{path}"
    # (Not [::1]: werkzeug's test environ reads no port from an IPv6 base URL.)
    for loopback in ("http://127.0.0.1:5000", "http://localhost:5000"):
        assert qr_of(client, f"{path}/qr.svg", base_url=loopback) == f"http://{LAN}:5000{path}"


def test_links_never_follow_the_host_header(
    app: Flask, client: FlaskClient, game: dict[str, Any]
) -> None:
    """Any client can send any Host: a scorer link pointed at another site would give it away."""
    path = f"/games/{game['id']}"
    evil = {"Host": "evil.example:8443"}
    assert qr_of(client, f"{path}/qr.svg", headers=evil) == f"http://{LAN}{path}"
    token = game["scorer_token"]
    scorer = qr_of(client, f"{path}/scorer-qr.svg", headers={**evil, "X-Scorer-Token": token})
    assert scorer == f"http://{LAN}{path}/join/{token}"
    made = client.post(
        "/api/games", json={"ruleset": "block", "players": ["Ann", "Bob"]}, headers=evil
    ).json
    assert made is not None and "evil" not in made["scorer_url"] + made["watch_url"]
    assert "evil" not in client.get(f"{path}/share", headers=evil).text


def test_links_point_where_the_server_listens(
    app: Flask, client: FlaskClient, game: dict[str, Any]
) -> None:
    path = f"/games/{game['id']}"
    app.config.update(LISTEN_HOST="0.0.0.0", LISTEN_PORT=5000)
    assert qr_of(client, f"{path}/qr.svg") == f"http://{LAN}:5000{path}"
    assert "cannot open" not in client.get(f"{path}/share").text
    app.config.update(LISTEN_HOST="192.168.1.77", LISTEN_PORT=8080)
    assert qr_of(client, f"{path}/qr.svg") == f"http://192.168.1.77:8080{path}"


def test_a_loopback_only_server_says_phones_cannot_reach_it(
    app: Flask, client: FlaskClient, game: dict[str, Any]
) -> None:
    """Never a LAN address the server does not listen on: its own, and the way to serve phones."""
    path = f"/games/{game['id']}"
    app.config.update(LISTEN_HOST="127.0.0.1", LISTEN_PORT=5000)
    assert qr_of(client, f"{path}/qr.svg") == f"http://127.0.0.1:5000{path}"
    share = client.get(f"{path}/share").text
    assert "phones cannot open these links" in share
    assert "scorekeeper serve --host 0.0.0.0" in share
    assert LAN not in share


def test_scorer_qr_opens_the_scorer_link_for_the_token_holder_only(
    app: Flask, client: FlaskClient, api: Api, game: dict[str, Any]
) -> None:
    path = f"/games/{game['id']}/scorer-qr.svg"
    token = game["scorer_token"]
    response = client.get(path, headers={"X-Scorer-Token": token})
    assert decode_svg(response.text) == f"http://{LAN}/games/{game['id']}/join/{token}"
    assert response.headers["Cache-Control"] == "no-store"

    watcher = app.test_client()
    assert watcher.get(path).status_code == 403
    assert watcher.get(path, headers={"X-Scorer-Token": "guessed"}).status_code == 403
    # A phone that joined through the scorer link can pass that same link on.
    phone = join(app, game, token)
    shown = phone.get(path)
    assert shown.status_code == 200
    assert decode_svg(shown.text) == f"http://{LAN}/games/{game['id']}/join/{token}"


def test_public_url_wins_for_a_hosted_install(tmp_path: Path) -> None:
    hosted = create_app(
        {
            "TESTING": True,
            "DATABASE": tmp_path / "hosted.sqlite3",
            "SECRET_KEY": "test",
            "PUBLIC_URL": "https://scores.example.org/club/",
        }
    )
    client = hosted.test_client()
    game = Api(client).create("block", ["Ann", "Bob"])
    path = f"/games/{game['id']}"
    assert qr_of(client, f"{path}/qr.svg") == f"https://scores.example.org/club{path}"
    scorer = qr_of(
        client, f"{path}/scorer-qr.svg", headers={"X-Scorer-Token": game["scorer_token"]}
    )
    assert scorer == f"https://scores.example.org/club{path}/join/{game['scorer_token']}"
    assert f"https://scores.example.org/club{path}" in client.get(f"{path}/card").text


def test_proxy_headers_count_only_when_trusted(tmp_path: Path) -> None:
    forwarded = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "scores.example.org"}
    for trust, expected in ((True, "https://scores.example.org"), (False, f"http://{LAN}")):
        app = create_app(
            {
                "TESTING": True,
                "DATABASE": tmp_path / f"{trust}.sqlite3",
                "SECRET_KEY": "test",
                "TRUST_PROXY": trust,
            }
        )
        client = app.test_client()
        game = Api(client).create("block", ["Ann", "Bob"])
        path = f"/games/{game['id']}"
        assert qr_of(client, f"{path}/qr.svg", headers=forwarded) == f"{expected}{path}"


def test_lan_address_is_this_machines_own_network_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.undo()  # the real lookup, not the fixture's
    address = links.lan_address()
    if address is None:
        pytest.skip("this machine is on no network")
    assert re.fullmatch(r"\d+\.\d+\.\d+\.\d+", address)
    assert not links.is_loopback(address)


def test_unknown_game_has_no_qr(client: FlaskClient) -> None:
    assert client.get("/games/nope/qr.svg").status_code == 404
    assert client.get("/games/nope/scorer-qr.svg").status_code == 404


# --- the share panel and the table card ---------------------------------------------


def test_share_panel_shows_watch_qr_to_anyone_and_nothing_to_write_with(
    client: FlaskClient, game: dict[str, Any]
) -> None:
    html = client.get(f"/games/{game['id']}/share").text
    assert f'src="/games/{game["id"]}/qr.svg"' in html
    assert f"http://{LAN}/games/{game['id']}" in html
    assert "scorer-qr.svg" not in html
    assert "<form" not in html


def test_table_card_has_the_game_the_players_and_the_watch_qr(
    client: FlaskClient, game: dict[str, Any]
) -> None:
    html = client.get(f"/games/{game['id']}/card").text
    assert "Draw Dominoes" in html
    assert "Ann · Bob · Cy" in html
    assert f'src="/games/{game["id"]}/qr.svg"' in html
    assert "table-card-a6" in html
    assert "table-card-a4" in client.get(f"/games/{game['id']}/card?size=a4").text
    assert game["scorer_token"] not in html


def test_table_card_names_partnership_teams(client: FlaskClient, api: Api) -> None:
    game = api.create(
        "block", ["Ann", "Bob", "Cy", "Dee"], partnerships=True, team_names=["Us", "Them"]
    )
    html = client.get(f"/games/{game['id']}/card").text
    assert re.search(r"<strong>Us</strong>\s*Ann &amp; Cy", html)
    assert re.search(r"<strong>Them</strong>\s*Bob &amp; Dee", html)


def test_watch_page_shows_the_rules_in_force(client: FlaskClient, game: dict[str, Any]) -> None:
    html = client.get(f"/games/{game['id']}").text
    assert "Draw Dominoes" in html
    assert re.search(r"<dt>Points to win</dt>\s*<dd>150</dd>", html)
    assert re.search(r"<dt>Domino set</dt>\s*<dd>double-six</dd>", html)


# --- the scorer link: never shown, replaced on demand --------------------------------


def test_scorer_link_leaves_no_token_in_address_or_page(app: Flask, game: dict[str, Any]) -> None:
    token = game["scorer_token"]
    phone = app.test_client()
    response = phone.get(f"/games/{game['id']}/join/{token}")
    assert response.status_code == 303
    assert response.headers["Location"] == f"/games/{game['id']}"
    assert response.headers["Referrer-Policy"] == "no-referrer"
    for path in ("", "/share", "/card", "/board"):
        page = phone.get(f"/games/{game['id']}{path}")
        assert page.status_code == 200
        assert token not in page.text
        assert page.headers["Referrer-Policy"] == "no-referrer"


def test_new_scorer_link_revokes_old_links_and_cookies(
    app: Flask, client: FlaskClient, api: Api, game: dict[str, Any]
) -> None:
    old = game["scorer_token"]
    table_phone, other_phone = join(app, game, old), join(app, game, old)
    stale_form = other_phone.get(f"/games/{game['id']}").text

    response = rotate(table_phone, game["id"])
    assert response.status_code == 303
    assert response.headers["Location"].startswith(f"/games/{game['id']}/share")

    # The phone that asked shows the new link's QR and keeps scoring.
    share = table_phone.get(f"/games/{game['id']}/share").text
    assert "Older scorer links" in share and old not in share
    link = qr_of(table_phone, f"/games/{game['id']}/scorer-qr.svg")
    assert link.startswith(f"http://{LAN}/games/{game['id']}/join/")
    new = link.rsplit("/", 1)[1]
    assert new != old and new not in share
    assert (
        'action="/games/' + game["id"] + '/hands#refusal"'
        in table_phone.get(f"/games/{game['id']}").text
    )

    # The old token no longer writes, by API or by link.
    api.tokens[game["id"]] = old
    assert api.post_hand(game["id"], {"pips": {"Ann": 0, "Bob": 5, "Cy": 4}}).status_code == 403
    assert client.get(f"/games/{game['id']}/join/{old}").status_code == 403
    # The old cookie is refused: the page is the watch page, and a write (with a valid
    # form token from before) is a 403 that changes nothing.
    assert 'action="/games/' not in other_phone.get(f"/games/{game['id']}").text
    refused = other_phone.post(
        f"/games/{game['id']}/hands",
        data={"csrf_token": csrf_token(stale_form), "pips-0": "0", "pips-1": "5", "pips-2": "4"},
    )
    assert refused.status_code == 403
    assert other_phone.get(f"/games/{game['id']}/scorer-qr.svg").status_code == 403

    # The new link writes.
    api.tokens[game["id"]] = new
    assert api.hand(game["id"], {"pips": {"Ann": 0, "Bob": 5, "Cy": 4}})["totals"]["Ann"] == 9
    assert join(app, game, new).get(f"/games/{game['id']}").status_code == 200


def test_rotation_is_logged_without_the_token(
    app: Flask, database: Path, game: dict[str, Any]
) -> None:
    phone = join(app, game, game["scorer_token"])
    rotate(phone, game["id"])
    new = qr_of(phone, f"/games/{game['id']}/scorer-qr.svg").rsplit("/", 1)[1]
    with sqlite3.connect(database) as conn:
        rows = conn.execute(
            "select action, actor, version from log where game_id = ? order by id", [game["id"]]
        ).fetchall()
        dump = "\n".join(conn.iterdump())
    assert rows[-1][0] == "token rotated" and rows[-1][2] == 1
    assert rows[-1][1].startswith("page:")
    assert game["scorer_token"] not in dump and new not in dump


def test_only_the_scorer_can_make_a_new_link(app: Flask, api: Api, game: dict[str, Any]) -> None:
    watcher = app.test_client()
    # Refused for want of the right, before any form check: a forged POST is a 403.
    assert watcher.post(f"/games/{game['id']}/rotate").status_code == 403
    scorer = join(app, game, game["scorer_token"])
    # The scorer's own phone still needs the form's CSRF token.
    assert scorer.post(f"/games/{game['id']}/rotate").status_code == 403
    assert api.hand(game["id"], {"pips": {"Ann": 0, "Bob": 1, "Cy": 1}})["totals"]["Ann"] == 2


def test_forged_page_write_is_a_403(app: Flask, game: dict[str, Any]) -> None:
    watcher = app.test_client()
    watcher.get(f"/games/{game['id']}")
    forged = {"pips-0": "0", "pips-1": "50", "pips-2": "50", "domino": "Ann"}
    assert watcher.post(f"/games/{game['id']}/hands", data=forged).status_code == 403


# --- live updates: the board ---------------------------------------------------------


@pytest.fixture
def statements(app: Flask) -> Iterator[list[str]]:
    """Every SQL statement the app runs on this thread's connection (the test client's)."""
    seen: list[str] = []
    with app.app_context():
        connection = db_module.get_db()
    connection.conn.set_trace_callback(seen.append)
    yield seen
    connection.conn.set_trace_callback(None)


def test_board_answers_not_modified_from_one_read(
    app: Flask, client: FlaskClient, api: Api, game: dict[str, Any], statements: list[str]
) -> None:
    board = f"/games/{game['id']}/board"
    first = client.get(board)
    # The ETag is the version in the reader's language (a switch of language is a change).
    assert first.status_code == 200 and first.headers["ETag"] == '"1-en"'
    assert first.headers["Cache-Control"] == "no-cache"

    statements.clear()
    unchanged = client.get(board, headers={"If-None-Match": '"1-en"'})
    assert unchanged.status_code == 304 and unchanged.data == b""
    assert unchanged.headers["ETag"] == '"1-en"'
    assert len(statements) == 1 and statements[0].startswith("select version from games")

    api.hand(game["id"], {"pips": {"Ann": 0, "Bob": 12, "Cy": 7}, "domino": "Ann"})
    changed = client.get(board, headers={"If-None-Match": 'W/"1-en"'})
    assert changed.status_code == 200 and changed.headers["ETag"] == '"2-en"'
    assert re.search(r'<span class="points">19</span>', changed.text)
    # Every other phone gets the same new board without it being drawn again.
    statements.clear()
    assert app.test_client().get(board).text == changed.text
    assert len(statements) == 1
    assert client.get(board, headers={"If-None-Match": '"2-en"'}).status_code == 304
    # The same version asked in Spanish is another page: drawn in Spanish, not a 304.
    spanish = client.get(board, headers={"If-None-Match": '"2-en"', "Accept-Language": "es"})
    assert spanish.status_code == 200 and spanish.headers["ETag"] == '"2-es"'
    assert client.get("/games/nope/board", headers={"If-None-Match": '"1"'}).status_code == 404


@pytest.mark.slow
def test_two_hundred_watching_phones_leave_room_for_the_scorer(tmp_path: Path) -> None:
    with serving(tmp_path / "club.sqlite3") as (base, _process):
        _, game = call("POST", f"{base}/api/games", {"ruleset": "block", "players": ["Ann", "Bob"]})
        board = f"/games/{game['id']}/board"
        port = int(base.rsplit(":", 1)[1])
        phones = [http.client.HTTPConnection("127.0.0.1", port, timeout=5) for _ in range(200)]

        def enter_hand() -> int:
            # A server with no room left for the scorer never answers while the phones hold
            # their connections: the call's own timeout fails the test. How fast the answer
            # comes is the bench's to measure, not a timed assertion on a shared machine.
            status, _ = call(
                "POST",
                f"{base}/api/games/{game['id']}/hands",
                {"pips": {"Ann": 0, "Bob": 12}, "domino": "Ann"},
                {"X-Scorer-Token": game["scorer_token"]},
            )
            return status

        try:
            assert {poll(phone, board, '"1-en"') for phone in phones} == {304}
            assert enter_hand() == 201
            # Every phone fetches the new board and keeps its connection open, as
            # browsers do: the server must still take them all, and the scorer.
            assert {poll(phone, board, '"1-en"') for phone in phones} == {200}
            assert enter_hand() == 201
        finally:
            for phone in phones:
                phone.close()


def poll(phone: http.client.HTTPConnection, path: str, version: str) -> int:
    phone.request("GET", path, headers={"If-None-Match": version})
    response = phone.getresponse()
    response.read()
    return response.status


# --- scorekeeper serve ---------------------------------------------------------------


class NotServing:
    """A waitress server that listens nowhere: `serve` prints its address, then returns."""

    def __init__(self, *_args: object, port: int = 0, **_kwargs: object) -> None:
        self.effective_port = port

    def run(self) -> None:
        pass


def serve_output(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, *args: str) -> str:
    monkeypatch.setattr("waitress.create_server", NotServing)
    result = CliRunner().invoke(
        cli.main, ["serve", "--port", "5123", "--database", str(tmp_path / "x.sqlite3"), *args]
    )
    assert result.exit_code == 0, result.output
    return result.output


def test_serve_prints_the_lan_link_and_its_qr(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    output = serve_output(monkeypatch, tmp_path)
    assert f"Open on a phone on this network: http://{LAN}:5123/" in output
    assert decode_terminal(output) == f"http://{LAN}:5123/"


def test_serve_prints_the_public_url_and_its_qr(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    output = serve_output(monkeypatch, tmp_path, "--public-url", "https://scores.example.org")
    assert "Open on a phone: https://scores.example.org/" in output
    assert decode_terminal(output) == "https://scores.example.org/"


def test_serve_says_where_phones_open_it_or_why_they_cannot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from scorekeeper.cli import where_to_open

    everywhere = where_to_open(None, "0.0.0.0", 5000)
    assert everywhere[0] == f"Open on a phone on this network: http://{LAN}:5000/"
    assert "█" in everywhere[-1]  # the QR code of that address
    loopback = where_to_open(None, "127.0.0.1", 5000)
    assert loopback[0] == "Open on this laptop: http://127.0.0.1:5000/"
    assert "Phones cannot reach this server" in loopback[1] and "--host 0.0.0.0" in loopback[1]
    assert not any("█" in line for line in loopback)  # no code for phones to scan in vain
    monkeypatch.setattr(links, "lan_address", lambda: None)
    offline = where_to_open(None, "0.0.0.0", 5000)
    assert "on no network" in offline[1]
    hosted = where_to_open("https://scores.example.org", "0.0.0.0", 5000)
    assert hosted[0] == "Open on a phone: https://scores.example.org/"
