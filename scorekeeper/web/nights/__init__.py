"""A league's club nights on the web: the night page, the projector, exports and the API.

Its rooms: `pages` (opening a night, check-in, seating, calling time, the table cards),
`screens` (what updates by itself: the night's live board and the projector), `api`
(JSON under /api/leagues/<slug>/nights), `exports` (CSV and JSON files) and `shown`
(the night as the pages, screens and API show it). The night itself is
`scorekeeper.nights`.
"""

from __future__ import annotations

# Importing a room registers its routes on the one blueprint.
from scorekeeper.web.nights import api, exports, pages, screens
from scorekeeper.web.nights.blueprint import bp

__all__ = ["api", "bp", "exports", "pages", "screens"]
