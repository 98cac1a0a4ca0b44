"""Security headers and limits applied to every response."""

from flask import Flask


def init_app(app: Flask) -> None:
    """Install the security hooks on the app."""
