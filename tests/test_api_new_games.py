"""The newer games through the JSON API (shared/API.md, shared/SCORING_MORE.md "Entry (API)"):
real app, real SQLite file, the same entries a script would post."""

from __future__ import annotations

from typing import Any

from tests.conftest import Api

FOUR = ["Ann", "Bob", "Cy", "Dee"]


def blocked_round(**pips: int) -> dict[str, Any]:
    return {"pips": pips, "domino": None}


# --- Mexican Train ---------------------------------------------------------------------


def test_mexican_train_shows_the_engine_and_counts_rounds(api: Api) -> None:
    """SCORING_MORE.md L41-42: "The page shows the next round's engine, and the API adds it to
    `next` (`"engine": "11-11"`)"; L86-88 example 1."""
    game = api.create("mexican-train", FOUR)
    assert game["next"] == {"hand": 1, "dealer": "Ann", "pass": None, "engine": "12-12"}
    assert game["lowest_wins"] is True
    assert game["options"]["rounds"] == 13
    written = api.hand(
        game["id"], {"pips": {"Ann": 0, "Bob": 23, "Cy": 41, "Dee": 7}, "domino": "Ann"}
    )
    assert written["totals"] == {"Ann": 0, "Bob": 23, "Cy": 41, "Dee": 7}
    assert api.game(game["id"])["next"]["engine"] == "11-11"


def test_mexican_train_refusals_are_422_with_the_field_and_change_nothing(api: Api) -> None:
    """L89-90: "→ 422 "Ann went out but has 5 pips"" and "→ 422 "12-12 is this round's engine""."""
    game = api.create("mexican-train", FOUR)
    before = api.game(game["id"])
    response = api.post_hand(
        game["id"], {"pips": {"Ann": 5, "Bob": 23, "Cy": 41, "Dee": 7}, "domino": "Ann"}
    )
    assert response.status_code == 422
    assert response.json == {"error": "Ann went out but has 5 pips", "field": "pips"}
    tiles = {"Ann": [], "Bob": ["12-12"], "Cy": ["1-1"], "Dee": ["2-2"]}
    response = api.post_hand(game["id"], {"tiles": tiles, "domino": "Ann"})
    assert response.status_code == 422
    assert "12-12 is this round's engine" in response.json["error"]
    assert api.game(game["id"]) == before


def test_mexican_train_round_3_tiles_and_a_correction_keep_the_engine(api: Api) -> None:
    """L91-96 example 2 (round 3, engine 10-10, `double_blank_value: 50`)."""
    game = api.create("mexican-train", FOUR, options={"double_blank_value": 50})
    for _ in range(2):
        api.hand(game["id"], blocked_round(Ann=1, Bob=1, Cy=1, Dee=1))
    entry = {
        "tiles": {"Ann": ["0-0", "3-4"], "Bob": [], "Cy": ["12-11"], "Dee": ["6-6", "0-5"]},
        "domino": "Bob",
    }
    written = api.hand(game["id"], entry)
    assert written["hand"]["scores"] == {"Ann": 57, "Bob": 0, "Cy": 23, "Dee": 17}
    assert written["hand"]["explanation"][0] == "Round 3 (engine 10-10): Bob went out: 0."
    # Correcting round 2 checks it against round 2's engine, 11-11, not round 1's or 4's.
    headers = api.headers(game["id"])
    wrong = {"tiles": {"Ann": ["11-11"], "Bob": [], "Cy": ["1-2"], "Dee": ["1-1"]}, "domino": "Bob"}
    response = api.client.put(f"/api/games/{game['id']}/hands/2", json=wrong, headers=headers)
    assert response.status_code == 422 and "11-11 is this round's engine" in response.json["error"]
    right = {"tiles": {"Ann": ["12-12"], "Bob": [], "Cy": ["1-2"], "Dee": ["1-1"]}, "domino": "Bob"}
    response = api.client.put(f"/api/games/{game['id']}/hands/2", json=right, headers=headers)
    assert response.status_code == 200
    assert response.json["hand"]["explanation"][0] == "Round 2 (engine 11-11): Bob went out: 0."


def test_mexican_train_short_game_ends_and_refuses_more(api: Api) -> None:
    """L38-39 "A smaller whole number ... plays a short game"; L69-70 "The game ends after the
    last round. The lowest total wins"; API.md "409 for a hand posted to a finished game"."""
    game = api.create("mexican-train", FOUR[:2], options={"rounds": 2, "set": "double-nine"})
    assert game["next"]["engine"] == "9-9"
    api.hand(game["id"], {"pips": {"Ann": 0, "Bob": 30}, "domino": "Ann"})
    last = api.hand(game["id"], {"pips": {"Ann": 12, "Bob": 0}, "domino": "Bob"})
    assert last["status"] == "finished" and last["winners"] == ["Ann"]
    assert api.game(game["id"])["next"] is None
    response = api.post_hand(game["id"], {"pips": {"Ann": 0, "Bob": 1}, "domino": "Ann"})
    assert response.status_code == 409


def test_mexican_train_too_many_rounds_or_players_refused(api: Api) -> None:
    """L39-40 "More than top + 1 is refused when the game is created"; L31 "2 to 8 players"."""
    response = api.client.post(
        "/api/games",
        json={"ruleset": "mexican-train", "players": FOUR, "options": {"rounds": 14}},
    )
    assert response.status_code == 422 and response.json["field"] == "options.rounds"
    nine = [f"P{i}" for i in range(9)]
    response = api.client.post("/api/games", json={"ruleset": "mexican-train", "players": nine})
    assert response.status_code == 422 and response.json["field"] == "players"


def test_openapi_describes_the_new_games_entries(client: Any) -> None:
    """SCORING_MORE.md "Entry (API)" of each game, published in the contract's document."""
    schemas = client.get("/api/openapi.json").json["components"]["schemas"]
    assert set(schemas["MexicanTrainEntry"]["properties"]) == {
        "pips",
        "tiles",
        "domino",
        "double_blank",
    }
    assert set(schemas["LatinPartnershipEntry"]["properties"]) == {
        "pips",
        "tiles",
        "domino",
        "closer",
        "capicua",
        "chuchazo",
        "pases_corridos",
        "last_tile",
        "ends_before",
    }
    assert set(schemas["CustomEntry"]["properties"]) == {"points"}
    assert schemas["CustomEntry"]["properties"]["points"]["additionalProperties"] == {
        "type": "integer"
    }


# --- Latin partnership --------------------------------------------------------------------


def latin(api: Api, **options: Any) -> dict[str, Any]:
    return api.create(
        "latin-partnership", FOUR, partnerships=True, team_names=["Us", "Them"], options=options
    )


def test_latin_partnership_example_1_through_the_api(api: Api) -> None:
    """SCORING_MORE.md L554-555 (entry 1) and L563-565 (example 1): Us 66, Them 25."""
    game = latin(api)
    assert game["sides"] == ["Us", "Them"] and game["teams"] == {
        "Us": ["Ann", "Cy"],
        "Them": ["Bob", "Dee"],
    }
    entry = {
        "pips": {"Ann": 0, "Bob": 12, "Cy": 9, "Dee": 20},
        "domino": "Ann",
        "capicua": True,
        "pases_corridos": ["Bob"],
        "last_tile": "3-5",
        "ends_before": [5, 3],
    }
    written = api.hand(game["id"], entry)
    assert written["hand"]["scores"] == {"Us": 66, "Them": 25}
    response = api.post_hand(game["id"], {**entry, "last_tile": "4-4", "ends_before": [4, 4]})
    assert response.status_code == 422
    assert response.json == {"error": "A double cannot make capicúa", "field": "capicua"}


def test_latin_partnership_example_3_ends_on_the_pase_corrido(api: Api) -> None:
    """L580-584 (example 3): "Dee's pase corrido comes first ... Them win ... The hand records
    Them 25, Us 0, with the explanation."."""
    game = latin(api)
    for out, us, them in (("Ann", 50, 45), ("Ann", 50, 45), ("Bob", 50, 50), ("Bob", 45, 40)):
        api.hand(game["id"], {"pips": {"Us": us, "Them": them}, "domino": out})
    assert api.game(game["id"])["totals"] == {"Us": 190, "Them": 185}
    entry = {"pips": {"Ann": 0, "Bob": 5, "Cy": 4, "Dee": 6}, "domino": "Ann"}
    written = api.hand(game["id"], {**entry, "pases_corridos": ["Dee"]})
    assert written["hand"]["scores"] == {"Us": 0, "Them": 25}
    assert written["totals"] == {"Us": 190, "Them": 210}
    assert written["status"] == "finished" and written["winners"] == ["Them"]
    assert "the rest of the hand is not scored" in written["hand"]["explanation"][-1]
    assert api.post_hand(game["id"], entry).status_code == 409

    # Correct hand 4: Them had 50 less before the last hand, so Dee's pase corrido no longer
    # ends the game; the last hand is scored again whole, and Us reach 200 on Ann's domino.
    headers = api.headers(game["id"])
    fixed = {"pips": {"Us": 30, "Them": 20}, "domino": "Bob"}
    response = api.client.put(f"/api/games/{game['id']}/hands/4", json=fixed, headers=headers)
    assert response.status_code == 200, response.json
    after = api.game(game["id"])
    assert after["hands"][4]["scores"] == {"Us": 15, "Them": 25}
    assert after["totals"] == {"Us": 205, "Them": 175}
    assert after["winners"] == ["Us"]


def test_latin_partnership_cuban_defaults_through_the_api(api: Api) -> None:
    """L514-515: "With `set: double-nine`, the defaults become the Cuban ones"."""
    game = latin(api, set="double-nine")
    assert game["options"]["target"] == 100 and game["options"]["count"] == "opponents"
    written = api.hand(
        game["id"], {"pips": {"Ann": 31, "Bob": 0, "Cy": 24, "Dee": 17}, "domino": "Bob"}
    )
    assert written["totals"] == {"Us": 0, "Them": 55}


# --- custom -------------------------------------------------------------------------------


def test_custom_game_named_lowest_wins_over_a_fixed_number_of_hands(api: Api) -> None:
    """SCORING.md L185: "points typed per hand, highest or lowest wins, a target or a number of
    hands"; issue 20: "a name for the game", "negative allowed where the club says so"."""
    sides = ["Christopher", "Margaret", "María José"]
    options = {"name": "Pub Fives", "lowest_wins": True, "hands": 2, "negative": True}
    game = api.create("custom", sides, options=options)
    assert game["title"] == "Pub Fives" and game["lowest_wins"] is True
    assert game["options"]["target"] is None
    api.hand(game["id"], {"points": {"Christopher": 10, "Margaret": -4, "María José": 3}})
    written = api.hand(game["id"], {"points": {"Christopher": 0, "Margaret": 9, "María José": 0}})
    assert written["totals"] == {"Christopher": 10, "Margaret": 5, "María José": 3}
    assert written["status"] == "finished" and written["winners"] == ["María José"]
    assert "Points as typed" in written["hand"]["explanation"][0]


def test_custom_game_refuses_negative_and_blank_points_by_default(api: Api) -> None:
    game = api.create("custom", ["Ann", "Bob"])
    before = api.game(game["id"])
    response = api.post_hand(game["id"], {"points": {"Ann": -3, "Bob": 2}})
    assert response.status_code == 422 and response.json["field"] == "points"
    assert response.json["error"].startswith("Ann's points cannot be negative")
    response = api.post_hand(game["id"], {"points": {"Ann": 3}})
    assert response.status_code == 422 and "Bob" in response.json["error"]
    assert api.game(game["id"]) == before


def test_custom_game_ten_sides_and_a_target(api: Api) -> None:
    """Issue 20: "2–10 sides"; SCORING.md L27: "'Reaches the target' means total >= target"."""
    sides = [f"Side {n}" for n in range(1, 11)]
    game = api.create("custom", sides, options={"target": 20})
    points = {side: n for n, side in enumerate(sides)}
    written = api.hand(game["id"], {"points": points})  # nobody reaches 20 yet
    assert written["status"] == "in_progress"
    written = api.hand(game["id"], {"points": points})
    assert written["status"] == "in_progress"
    written = api.hand(game["id"], {"points": points})
    assert written["winners"] == ["Side 10"]


# --- leagues, sharing and watching: the generic machinery takes the new games ----------------


def league_game(
    api: Api, token: str, slug: str, ruleset: str, players: list[str], **fields: Any
) -> str:
    response = api.client.post(
        "/api/games",
        json={"ruleset": ruleset, "players": players, "league": slug, **fields},
        headers={"X-League-Token": token},
    )
    assert response.status_code == 201, response.json
    api.tokens[response.json["id"]] = response.json["scorer_token"]
    return str(response.json["id"])


def standings_rows(api: Api, slug: str, ruleset: str) -> list[dict[str, Any]]:
    response = api.client.get(f"/api/leagues/{slug}/standings", query_string={"ruleset": ruleset})
    assert response.status_code == 200, response.json
    rows: list[dict[str, Any]] = response.json["rows"]
    return rows


def test_new_games_count_in_a_league_with_the_right_winner(api: Api) -> None:
    """API.md Leagues: "A game counts once finished"; lowest wins in Mexican Train and in a
    custom game that says so, highest in the partnership game."""
    created = api.client.post("/api/leagues", json={"name": "Thursday Club"}).json
    slug, token = created["slug"], created["league_token"]

    train = league_game(
        api, token, slug, "mexican-train", ["Ann", "Bob", "Cy"], options={"rounds": 1}
    )
    api.hand(train, {"pips": {"Ann": 0, "Bob": 20, "Cy": 5}, "domino": "Ann"})
    rows = standings_rows(api, slug, "mexican-train")
    assert rows[0]["player"] == "Ann" and rows[0]["won"] == 1
    places = {row["player"]: row for row in rows}
    assert places["Cy"]["won"] == 0 and places["Bob"]["won"] == 0

    low = {"name": "Low Ball", "lowest_wins": True, "hands": 1}
    custom = league_game(api, token, slug, "custom", ["Ann", "Bob", "Cy"], options=low)
    api.hand(custom, {"points": {"Ann": 9, "Bob": 1, "Cy": 4}})
    rows = standings_rows(api, slug, "custom")
    assert rows[0]["player"] == "Bob" and rows[0]["won"] == 1
    assert rows[1]["player"] == "Cy"  # the second lowest total is second

    latin_game = league_game(
        api, token, slug, "latin-partnership", FOUR, partnerships=True, options={"target": 50}
    )
    api.hand(latin_game, {"pips": {"Ann": 0, "Bob": 20, "Cy": 10, "Dee": 30}, "domino": "Ann"})
    rows = {row["player"]: row for row in standings_rows(api, slug, "latin-partnership")}
    assert rows["Ann"]["won"] == 1 and rows["Cy"]["won"] == 1 and rows["Bob"]["won"] == 0


def test_new_games_share_and_watch_pages(api: Api) -> None:
    """The share page and the watchers' page draw every new game (no scorer right needed)."""
    games = [
        api.create("mexican-train", ["Ann", "Bob"]),
        api.create("latin-partnership", FOUR, partnerships=True),
        api.create("custom", ["Ann", "Bob"], options={"name": "Pub Rummy"}),
    ]
    api.hand(games[0]["id"], {"pips": {"Ann": 0, "Bob": 20}, "domino": "Ann"})
    api.hand(games[2]["id"], {"points": {"Ann": 3, "Bob": 4}})
    watcher = api.client.application.test_client()
    for game in games:
        page = watcher.get(f"/games/{game['id']}")
        assert page.status_code == 200
        assert watcher.get(f"/games/{game['id']}/share").status_code == 200
    assert "Pub Rummy" in watcher.get(f"/games/{games[2]['id']}").get_data(True)
    assert "Round 1 (engine 12-12): Ann went out: 0." in watcher.get(
        f"/games/{games[0]['id']}"
    ).get_data(True)
