"""QR codes as SVG, drawn on the server with no image library (sized by CSS on the page)."""

from __future__ import annotations

import qrcode
import qrcode.image.svg


def qr_svg(url: str) -> str:
    """An SVG QR code for `url`, with a viewBox so CSS can size it."""
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, border=2)
    svg: str = image.to_string(encoding="unicode")
    return svg
