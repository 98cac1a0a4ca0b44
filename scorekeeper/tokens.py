"""Unguessable ids and tokens; only their hashes are stored, and they are compared in constant time."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets


def new_game_id() -> str:
    """96 random bits, URL-safe: a game can't be guessed from its neighbours."""
    return secrets.token_urlsafe(12)


def new_token() -> str:
    """128 random bits for a scorer or league token."""
    return secrets.token_urlsafe(16)


def derived_token(secret: str, purpose: str) -> str:
    """128 bits the app can make again from its secret key alone: a club night table's scorer token.

    The organiser's screens show each table's scorer QR code whenever asked, yet only the
    token's hash is stored, as for every other token.
    """
    digest = hmac.new(secret.encode(), purpose.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:16]).decode().rstrip("=")


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str | None, stored_hash: str) -> bool:
    """Whether `token` is the one whose hash is stored, compared in constant time."""
    if not token:
        return False
    return hmac.compare_digest(token_hash(token), stored_hash)


def fingerprint(stored_hash: str) -> str:
    """A short, harmless name for a token in the change log (never the token itself)."""
    return stored_hash[:10]
