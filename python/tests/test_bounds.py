"""The CLI's bounds as keywords: past max_seconds, max_nodes or max_memory a call stops with
sprague.BoundExceeded naming the bound (time is only a guard here: the tests assert which bound
stopped the call and what was kept, not how fast)."""

import pytest

import sprague
from sprague import BoundExceeded, graph, heap, sprouts


def test_a_sprouts_solve_stops_at_max_nodes_and_keeps_its_base():
    base = sprague.Base()
    with pytest.raises(BoundExceeded, match=r"max_nodes=2000 \("):
        sprouts.solve("0*30", base=base, max_nodes=2000)
    # What the search proved before the bound is kept, and is right.
    assert len(base) > 0 and base.check()["all_verified"]
    # Within a bound it could not reach, the answer is the unbounded one.
    assert sprouts.solve("0*6", max_nodes=10**9, max_seconds=600) == sprouts.solve("0*6")


def test_a_sprouts_solve_stops_at_max_seconds():
    with pytest.raises(BoundExceeded, match=r"max_seconds=0.3 \("):
        sprouts.solve("0*30", threads=2, max_seconds=0.3)


def test_a_graph_solve_stops_at_max_nodes():
    base = graph.GraphBase()
    with pytest.raises(BoundExceeded, match="max_nodes="):
        graph.solve(graph.preset("random:64:0.08:5"), misere=True, base=base, max_nodes=1)
    assert graph.solve("3:0-1,1-2", base=base).winning_moves == (1,)


def test_sequences_stop_at_max_seconds():
    with pytest.raises(BoundExceeded, match="max_seconds=0.2"):
        heap.sequence("grundy", 1 << 26, max_seconds=0.2)
    with pytest.raises(BoundExceeded, match="max_seconds=0.2"):
        # Officers (0.6): no period is known; 2^24 values alone take about a minute.
        heap.period("officers", 1 << 26, max_seconds=0.2)


def test_a_memory_bound_below_what_the_process_holds_stops_at_once():
    # The interpreter alone holds more than 16 MB: the bound is passed at the first look.
    with pytest.raises(BoundExceeded, match=r"max_memory=16 \("):
        heap.sequence("grundy", 1 << 26, max_memory=16)


@pytest.mark.parametrize("seconds", [0, -1, float("nan"), float("inf")])
def test_bad_bounds_are_refused(seconds):
    with pytest.raises(ValueError, match="max_seconds"):
        heap.sequence("grundy", 10, max_seconds=seconds)


SHIPPED_BASE = __import__("pathlib").Path(__file__).parents[2] / "www" / "sprouts-base.bin"


def test_a_base_check_and_load_stop_at_their_bounds():
    # The complete check of the shipped base takes about ten seconds on one core.
    base = sprague.Base.load(SHIPPED_BASE, max_nodes=10**12)
    with pytest.raises(BoundExceeded, match=r"max_seconds=0.2 \("):
        base.check(max_seconds=0.2)
    with pytest.raises(BoundExceeded, match=r"max_memory=16 \("):
        sprague.Base.load(SHIPPED_BASE, max_memory=16)
    with pytest.raises(BoundExceeded, match=r"max_memory=16 \("):
        sprague.Base.from_bytes(SHIPPED_BASE.read_bytes(), max_memory=16)
