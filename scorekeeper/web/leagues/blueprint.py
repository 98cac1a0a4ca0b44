"""The leagues blueprint, shared by the modules that add its routes."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("leagues", __name__)
