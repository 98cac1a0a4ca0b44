"""Figures as the bench prints them: a value, the same server's /healthz beside it, the ratio."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Figure:
    """One measured figure; `met` is None where there is no target to meet."""

    scenario: str
    name: str
    value: str
    baseline: str = ""
    ratio: str = ""
    target: str = ""
    met: bool | None = None

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


def ms(value: float) -> str:
    """Milliseconds as the table shows them."""
    if math.isnan(value):
        return "–"
    return f"{value:.1f} ms" if value < 100 else f"{value:.0f} ms"


def ratio(value: float, baseline: float) -> str:
    if not baseline or math.isnan(value) or math.isnan(baseline):
        return "–"
    times = value / baseline
    return f"{times:.2f}×" if times < 10 else f"{times:.0f}×"


def spread(values: list[float], unit: str = "×", what: str = "rounds") -> str:
    """Rounds' (or turns') values as their range, `rounds 0.29–0.33×`; empty after one."""
    if len(values) < 2:
        return ""
    digits = 2 if unit == "×" else 1
    return f"{what} {min(values):.{digits}f}–{max(values):.{digits}f}{unit}"


def kb(size: float) -> str:
    return f"{size / 1024:.1f} KB"


COLUMNS = ("scenario", "figure", "value", "baseline", "ratio", "target", "")


def table(figures: Iterable[Figure]) -> str:
    """The figures as an aligned text table, one line each, with a verdict column."""
    rows = [
        (
            f.scenario,
            f.name,
            f.value,
            f.baseline,
            f.ratio,
            f.target,
            {True: "ok", False: "MISSED", None: ""}[f.met],
        )
        for f in figures
    ]
    widths = [
        max(len(str(cell)) for cell in column) for column in zip(COLUMNS, *rows, strict=False)
    ]
    lines = []
    for row in (COLUMNS, tuple("-" * w for w in widths), *rows):
        cells = [str(cell).ljust(width) for cell, width in zip(row, widths, strict=True)]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def markdown(figures: Iterable[Figure]) -> str:
    """The same table in Markdown, to paste into docs/BENCHMARKS.md."""
    lines = ["| " + " | ".join(c or "met" for c in COLUMNS) + " |", "|" + " --- |" * len(COLUMNS)]
    for f in figures:
        verdict = {True: "yes", False: "**no**", None: ""}[f.met]
        cells = (f.scenario, f.name, f.value, f.baseline, f.ratio, f.target, verdict)
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)
