"""sprague.graph: Node Kayles answers against a brute force written here (plain recursion over the
subsets of vertices left, from the rules: marking a vertex removes it and its neighbours), on
random networkx graphs with string labels; paths against the published-checked 0.137 sequence;
the forms a graph may be given in; bases; errors."""

import random
from functools import lru_cache

import networkx
import pytest

from sprague import graph, heap


def brute_force(labels, edges):
    """Nimber (normal play) and misère outcome of every subset of vertices left, by recursion on
    bitmasks; returns functions of a vertex subset (a bitmask over ``labels``' order)."""
    index = {v: i for i, v in enumerate(labels)}
    closed = [1 << i for i in range(len(labels))]
    for u, v in edges:
        closed[index[u]] |= 1 << index[v]
        closed[index[v]] |= 1 << index[u]

    def moves(left):
        return [i for i in range(len(labels)) if left >> i & 1]

    @lru_cache(maxsize=None)
    def nimber(left):
        seen = {nimber(left & ~closed[i]) for i in moves(left)}
        return next(m for m in range(len(seen) + 1) if m not in seen)

    @lru_cache(maxsize=None)
    def misere_wins(left):
        # The player to move wins in misère play: no move at all, or a move to a lost position.
        return not left or any(not misere_wins(left & ~closed[i]) for i in moves(left))

    def component(left, start):
        seen, todo = 0, [start]
        while todo:
            i = todo.pop()
            if seen >> i & 1:
                continue
            seen |= 1 << i
            todo.extend(j for j in moves(left & closed[i]) if not seen >> j & 1)
        return seen

    return nimber, misere_wins, closed, component


def random_labelled_graph(rng, n):
    """A random graph on n vertices labelled "v0".."v{n-1}", nodes added in a shuffled order."""
    labels = [f"v{i}" for i in range(n)]
    rng.shuffle(labels)
    g = networkx.Graph()
    g.add_nodes_from(labels)
    density = rng.choice([0.15, 0.3, 0.5])
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < density:
                g.add_edge(labels[i], labels[j])
    return g


@pytest.mark.parametrize("seed", range(40))
def test_random_networkx_graphs_match_the_brute_force(seed):
    rng = random.Random(seed)
    g = random_labelled_graph(rng, rng.randint(1, 12))
    labels = list(g.nodes)
    nimber, misere_wins, closed, component = brute_force(labels, list(g.edges))
    full = (1 << len(labels)) - 1
    # A few moves into the game as well as its start.
    played, left = [], full
    for _ in range(rng.randint(0, 2)):
        if not left:
            break
        i = rng.choice([i for i in range(len(labels)) if left >> i & 1])
        played.append(labels[i])
        left &= ~closed[i]
    remaining = [labels[i] for i in range(len(labels)) if left >> i & 1]

    answer = graph.solve(g, moves=played)
    assert answer.nimber == nimber(left)
    assert answer.outcome == ("N" if nimber(left) else "P")
    winning = {labels[i] for i in range(len(labels)) if left >> i & 1 and nimber(left & ~closed[i]) == 0}
    assert set(answer.winning_moves) == winning
    assert set(answer.remaining) == set(remaining)
    assert answer.moves == tuple(played)
    # Each component: its vertices are a component of what is left, its nimber the brute force's.
    covered = set()
    for c in answer.components:
        mask = sum(1 << labels.index(v) for v in c.vertices)
        assert component(left, labels.index(c.vertices[0])) == mask
        assert c.nimber == nimber(mask)
        covered |= set(c.vertices)
    assert covered == set(remaining)

    misere = graph.solve(g, misere=True, moves=played)
    assert misere.outcome == ("N" if misere_wins(left) else "P")
    assert misere.nimber is None
    winning = {labels[i] for i in range(len(labels)) if left >> i & 1 and not misere_wins(left & ~closed[i])}
    assert set(misere.winning_moves) == winning


def test_paths_are_rows_of_dots():
    values = heap.sequence("0.137", 41)
    for n in range(41):
        assert graph.solve(graph.preset(f"path:{n}")).nimber == values[n], n
    for n in (7, 20):
        assert graph.solve(networkx.path_graph(n)).nimber == values[n]


def test_every_form_of_a_graph_gives_the_same_answer():
    text = "6:0-1,1-2,2-3,3-4,4-5,5-0,0-3"
    pairs = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (5, 0), (0, 3)]
    nx = networkx.Graph(pairs)
    answers = [graph.solve(g) for g in (text, pairs, nx, graph.Graph.parse(text))]
    assert len({(a.nimber, a.winning_moves) for a in answers}) == 1
    assert str(graph.Graph.from_edges(pairs)) == "6:0-1,0-3,0-5,1-2,2-3,3-4,4-5"


def test_labels_are_kept_and_mapped_back():
    g = networkx.Graph([(("a", 1), "b"), ("b", 3.5)])
    answer = graph.solve(g)
    # A path of 3: marking the middle wins.
    assert answer.winning_moves == ("b",)
    assert graph.Graph.from_networkx(g).to_networkx().edges == g.edges
    assert graph.solve(g, moves=[("a", 1)]).remaining == (3.5,)


def test_isolated_vertices_count():
    # Three isolated vertices: nimber 1 (three heaps of 1 in 0.137).
    assert graph.solve(networkx.empty_graph(3)).nimber == 1
    assert graph.solve(graph.Graph.from_edges([], vertices="abc")).nimber == 1
    assert graph.solve("3:").nimber == 1


def test_presets_are_the_engines_and_have_their_shapes():
    names = graph.presets()
    assert names[:2] == ["path:N", "cycle:N"] and "petersen" in names
    grid = graph.preset("grid:3x4")
    assert len(grid) == 12 and len(grid.edges) == 3 * 3 + 2 * 4
    assert len(graph.preset("complete:5").edges) == 10
    petersen = graph.preset("petersen").to_networkx()
    assert sorted(d for _, d in petersen.degree) == [3] * 10
    assert networkx.is_isomorphic(petersen, networkx.petersen_graph())
    # A cycle of n is a row of n - 3 dots after the first move (any vertex: all alike).
    values = heap.sequence("0.137", 30)
    for n in range(4, 30):
        assert graph.solve(graph.preset(f"cycle:{n}"), moves=[0]).nimber == values[n - 3]


def test_bases_round_trip_and_refuse_a_forged_entry(tmp_path):
    base = graph.GraphBase()
    first = graph.solve(graph.preset("grid:4x4"), base=base)
    assert len(base) > 0
    path = tmp_path / "grid.kayles"
    base.save(path)
    loaded = graph.GraphBase.load(path)
    assert len(loaded) == len(base)
    assert graph.solve(graph.preset("grid:4x4"), base=loaded).nimber == first.nimber
    # The last nimber entry's value is the byte before the (empty) misère section's count.
    data = bytearray(base.to_bytes())
    data[-5] ^= 1
    with pytest.raises(ValueError, match="contradict the rules"):
        graph.GraphBase.from_bytes(bytes(data))
    with pytest.raises(ValueError):
        graph.GraphBase.from_bytes(b"\x00" * 10)


@pytest.mark.parametrize(
    "given, message",
    [
        ("3:0-0", "loop"),
        ("70:", "64"),
        ("x", "graph"),
        (networkx.DiGraph([(0, 1)]), "undirected"),
        ([("a", "a")], "loop"),
    ],
)
def test_bad_graphs_are_refused(given, message):
    with pytest.raises(ValueError, match=message):
        graph.solve(given)


def test_bad_moves_and_budgets_are_refused():
    with pytest.raises(ValueError, match="not a vertex"):
        graph.solve("3:0-1", moves=["z"])
    with pytest.raises(ValueError):
        graph.solve("3:0-1,1-2", moves=[0, 1])  # vertex 1 went with vertex 0
    with pytest.raises(ValueError, match="budget"):
        graph.solve(graph.preset("random:60:0.1:3"), max_memory=1)
    with pytest.raises(ValueError):
        graph.preset("grid:3")


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("misere", [False, True])
def test_remoteness_and_move_values_match_the_brute_force(seed, misere):
    rng = random.Random(seed)
    g = random_labelled_graph(rng, rng.randint(1, 9))
    labels = list(g.nodes)
    _, _, closed, _ = brute_force(labels, list(g.edges))

    @lru_cache(maxsize=None)
    def value(left):
        # (outcome, remoteness) from the definition, every move searched.
        options = [value(left & ~closed[i]) for i in range(len(labels)) if left >> i & 1]
        if not options:
            return ("N" if misere else "P", 0)
        wins = [r for outcome, r in options if outcome == "P"]
        return ("N", 1 + min(wins)) if wins else ("P", 1 + max(r for _, r in options))

    full = (1 << len(labels)) - 1
    answer = graph.solve(g, misere=misere)
    assert (answer.outcome, answer.remoteness) == value(full)
    assert answer.move_values is not None
    assert [m.vertex for m in answer.move_values] == labels
    for m in answer.move_values:
        assert (m.outcome, m.remoteness) == value(full & ~closed[labels.index(m.vertex)])
