"""QR codes as SVG, drawn on the server with no image library (sized by CSS on the page)."""

from __future__ import annotations

import qrcode
from qrcode.constants import ERROR_CORRECT_M

BORDER = 2  # modules of quiet zone around the code


def qr_svg(url: str) -> str:
    """An SVG QR code for `url`: one path, each row's dark runs as rectangles, a viewBox for CSS.

    qrcode's own SVG writes every module as its own square; merging runs makes the file a
    third of the size, which matters on a phone page that carries two codes.
    """
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=BORDER)
    code.add_data(url)
    code.make(fit=True)
    matrix = code.get_matrix()  # includes the border
    size = len(matrix)
    path = "".join(
        f"M{x},{y}h{length}v1h-{length}z" for y, row in enumerate(matrix) for x, length in runs(row)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
        f'width="{size * 4}" height="{size * 4}" shape-rendering="crispEdges">'
        f'<rect width="{size}" height="{size}" fill="#fff"/><path d="{path}" fill="#000"/></svg>'
    )


def runs(row: list[bool]) -> list[tuple[int, int]]:
    """(start, length) of each run of dark modules in a row."""
    found, start = [], None
    for x, dark in enumerate([*row, False]):
        if dark and start is None:
            start = x
        elif not dark and start is not None:
            found.append((start, x - start))
            start = None
    return found
