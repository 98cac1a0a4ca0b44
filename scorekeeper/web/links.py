"""Absolute links to put in QR codes and share panels: links another phone can open."""

from __future__ import annotations

from typing import Any

from flask import url_for


def external_url(endpoint: str, **values: Any) -> str:
    """An absolute URL for `endpoint` that another device can open."""
    return url_for(endpoint, _external=True, **values)
