"""League pages and the league API: standings, seasons, player pages, exports, the admin link.

The league's right (adding games and seasons) is its league token. The admin link carries
it once: opening it keeps the token in this browser's signed session cookie and sends the
browser on to the league page, so the token leaves the address bar. Only the manage page
and its QR code, both uncached and only for a browser holding the token, show it again.
Everything else here is public and read-only.

Its rooms: `pages` (standings, the projector, a player), `manage` (the admin link and
seasons), `api` (JSON), `exports` (CSV and JSON files), `rated` (the rated-view cache),
`chart` (the rating chart), `sorting`, `numbers`, `view` and `rights` (the league token).
"""

from __future__ import annotations

# Importing a room registers its routes on the one blueprint.
from scorekeeper.web.leagues import api, exports, manage, pages
from scorekeeper.web.leagues.blueprint import bp

__all__ = ["api", "bp", "exports", "manage", "pages"]
