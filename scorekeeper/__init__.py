"""Scorekeeper: score domino games at a real table."""
