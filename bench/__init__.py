"""Benchmarks for Scorekeeper: the real server on loopback, figures as ratios to /healthz.

Run every scenario with `.venv/bin/python -m bench` (or `--quick` for about a minute).
"""
