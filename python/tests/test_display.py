"""Positions and answers drawn for notebooks: the SVG parses as XML and shows what the position
holds — a circle per live Sprouts spot with the position's lives (counted here from the notation), a
counter per token of each heap, a ring per winning vertex — and the Position classes behave as
values (equal up to relabelling, hashable, children and canonical forms from the engine)."""

import re
import xml.etree.ElementTree as ET

import pytest

from sprague import graph, heap, sprouts

SVG = "{http://www.w3.org/2000/svg}"


def circles(svg, cls=None):
    root = ET.fromstring(svg)
    found = root.iter(f"{SVG}circle")
    return [c for c in found if cls is None or c.get("class") == cls]


def spots_and_lives(text):
    """Spots and lives of a position in the later GLOP notation, read from the text alone: ``0``,
    ``1``, ``2`` are spots of 3, 2 and 1 lives; a letter is a spot of one life written twice (a
    lowercase one on one boundary, an uppercase one in two regions); ``0*n`` is n spots of 3."""
    text = re.sub(r"0\*(\d+)", lambda m: ".".join("0" * int(m.group(1))), text)
    spots = lives = 0
    letters = set()
    for ch in text:
        if ch in "012":
            spots += 1
            lives += 3 - int(ch)
        elif ch.isalpha() and ch not in letters:
            letters.add(ch)
            spots += 1
            lives += 1
    return spots, lives


def drawn_lives(svg):
    """The lives of each spot drawn, from the spots' titles."""
    return [int(re.search(r"(\d+) lives", c.find(f"{SVG}title").text).group(1)) for c in circles(svg)]


def positions_to_draw():
    seen = {sprouts.Position(f"0*{n}") for n in range(1, 7)}
    for start in ("0*2", "0*3", "0*4"):
        for child in sprouts.Position(start).children():
            seen.add(child)
            seen.update(child.children()[:4])
    return sorted(seen, key=str)


@pytest.mark.parametrize("position", positions_to_draw(), ids=str)
def test_a_sprouts_picture_has_a_circle_per_live_spot(position):
    svg = position._repr_svg_()
    assert svg is not None
    spots, lives = spots_and_lives(str(position))
    drawn = drawn_lives(svg)
    # The engine draws the moves that reach the position, so dead spots (no life left, not in the
    # notation) may be drawn too: every live spot is there with its lives.
    assert len([n for n in drawn if n > 0]) == spots
    assert sum(drawn) == lives


def test_sprouts_positions_are_values():
    assert sprouts.Position("0*3") == sprouts.Position("0.0.0.}]!")
    assert len({sprouts.Position("0*3"), sprouts.Position("0.0.0.}]!")}) == 1
    p = sprouts.Position("0*4")
    assert [str(c) for c in p.children()] == sprouts.children("0*4")
    assert p.canonical() == sprouts.canon("0*4")
    assert p.solve() == sprouts.solve("0*4")
    assert sprouts.solve(p)["position"] == "0*4"
    with pytest.raises(ValueError):
        sprouts.Position("0.X")


def test_a_heap_picture_has_a_counter_per_token():
    p = heap.Position("0.137", [5, 3, 8])
    svg = p._repr_svg_()
    assert len(circles(svg, "counter")) == 16
    values = heap.sequence("0.137", 9)
    for size in (5, 3, 8):
        assert f"{size} (value {values[size]})" in svg
    # A heap past the drawing's limit is cut short, not drawn token by token.
    big = heap.Position("nim", [1000])._repr_svg_()
    assert len(circles(big, "counter")) <= 40 and "…" in big


def test_heap_children_are_every_move_once():
    # Nim: a heap of n has n moves; equal heaps give the same children.
    kids = heap.Position("nim", [3, 3]).children()
    assert sorted(sorted(h for h in c.heaps if h) for c in kids) == [[1, 3], [2, 3], [3]]
    assert len(set(kids)) == len(kids) == 3
    # A position's value is the mex of its children's (each child analysed by the engine).
    for code, heaps in (("grundy", [9, 4]), ("0.137", [6, 2]), ("kayles", [5])):
        p = heap.Position(code, heaps)
        seen = {c.analyze()["value"] for c in p.children()}
        assert p.analyze()["value"] == min(set(range(len(seen) + 1)) - seen)


def test_a_graph_answer_rings_the_winning_vertices():
    g = graph.preset("path:7")
    answer = graph.solve(g, moves=[0])
    svg = answer._repr_svg_()
    assert len(circles(svg, "vertex")) == 7
    assert len(circles(svg, "winning")) == len(answer.winning_moves) > 0
    assert len(circles(g._repr_svg_(), "vertex")) == 7
    # Marked vertex 0 and its neighbour 1 are drawn grey.
    fills = [c.get("fill") for c in circles(svg, "vertex")]
    assert fills[:2] == ["#ddd", "#ddd"] and "#ddd" not in fills[2:]


def test_sequences_are_numpy_arrays():
    numpy = pytest.importorskip("numpy")
    values = heap.sequence("0.137", 100)
    assert isinstance(values, numpy.ndarray) and values.dtype == numpy.uint16
    # The same values as the engine's list; the first ones as published (Dawson's Kayles shifted).
    from sprague import _sprague

    assert values.tolist() == _sprague.heap_sequence("0.137", 100)
    assert values[:12].tolist() == [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2]
