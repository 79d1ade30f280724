"""SVG pictures for notebooks: heap positions as rows of counters, and Node Kayles graphs on the
page's board (vertex places from the engine's layout). Sprouts positions are pictured by the
engine's own drawing layer (:func:`sprague.sprouts.Position._repr_svg_`)."""

from __future__ import annotations

from html import escape
from typing import AbstractSet, List, Optional, Sequence, Tuple

#: Counters drawn in one heap's row before the row is cut short with "…".
MAX_COUNTERS = 40

_COUNTER = 16.0
_ROW = 30.0
_LEFT = 120.0


def heap_svg(code: str, heaps: Sequence[int], values: Optional[Sequence[int]] = None) -> str:
    """A heap position as rows of counters, one row a heap, each labelled with its size (and its
    nim value when ``values`` is given)."""
    longest = min(max(heaps, default=0), MAX_COUNTERS)
    width = _LEFT + _COUNTER * (longest + 2) + 10
    height = _ROW * (len(heaps) + 1) + 10
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif">',
        f'<rect width="{width:.0f}" height="{height:.0f}" fill="#fbfaf6"/>',
        f'<text x="8" y="20" font-size="14" fill="#223">{escape(code)}: '
        f"{len(heaps)} heap{'s' if len(heaps) != 1 else ''}</text>",
    ]
    for row, size in enumerate(heaps):
        y = _ROW * (row + 1) + 18
        label = f"heap {row + 1}: {size}"
        if values is not None:
            label += f" (value {values[row]})"
        parts.append(f'<text x="8" y="{y + 4:.0f}" font-size="12" fill="#223">{label}</text>')
        for k in range(min(size, MAX_COUNTERS)):
            x = _LEFT + _COUNTER * k + _COUNTER / 2
            parts.append(
                f'<circle class="counter" cx="{x:.1f}" cy="{y:.0f}" r="6" fill="#2e6fbd" '
                'stroke="#123"/>'
            )
        if size > MAX_COUNTERS:
            x = _LEFT + _COUNTER * MAX_COUNTERS + 4
            parts.append(f'<text x="{x:.0f}" y="{y + 4:.0f}" font-size="12">…</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def graph_svg(
    size: float,
    places: Sequence[Tuple[float, float]],
    edges: Sequence[Tuple[int, int]],
    labels: Sequence[str],
    removed: AbstractSet[int] = frozenset(),
    ringed: AbstractSet[int] = frozenset(),
    caption: Optional[str] = None,
) -> str:
    """A graph on a square board of side ``size``: vertices at ``places``, ``removed`` ones grey
    (marked or taken away), ``ringed`` ones with a green ring (winning moves)."""
    extra = 30 if caption else 0
    parts: List[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size / 1.5:.0f}" '
        f'height="{(size + extra) / 1.5:.0f}" viewBox="0 0 {size:.0f} {size + extra:.0f}" '
        'font-family="sans-serif">',
        f'<rect width="{size:.0f}" height="{size + extra:.0f}" fill="#fbfaf6"/>',
    ]
    for u, v in edges:
        gone = u in removed or v in removed
        (x1, y1), (x2, y2) = places[u], places[v]
        parts.append(
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
            f'stroke="{"#ccc" if gone else "#334"}" stroke-width="3"/>'
        )
    for v, (x, y) in enumerate(places):
        if v in ringed:
            parts.append(
                f'<circle class="winning" cx="{x:.1f}" cy="{y:.1f}" r="26" fill="none" '
                'stroke="#1b8a3a" stroke-width="6"/>'
            )
        fill = "#ddd" if v in removed else "#2e6fbd"
        parts.append(
            f'<circle class="vertex" cx="{x:.1f}" cy="{y:.1f}" r="18" fill="{fill}" '
            f'stroke="#123" stroke-width="2"><title>{escape(labels[v])}</title></circle>'
        )
        colour = "#888" if v in removed else "#fff"
        parts.append(
            f'<text x="{x:.1f}" y="{y + 6:.1f}" font-size="16" text-anchor="middle" '
            f'fill="{colour}">{escape(labels[v][:4])}</text>'
        )
    if caption:
        parts.append(
            f'<text x="10" y="{size + 20:.0f}" font-size="18" fill="#223">{escape(caption)}</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts)
