"""Node Kayles on graphs: marking a vertex removes it and its neighbours; whoever cannot move loses
(in misère play, wins). On a path it is the independence game (octal 0.137).

A graph is given as a :class:`networkx.Graph` (any hashable labels; networkx is optional:
``pip install sprague[graphs]``), as an edge list of label pairs, in the page's text form
``"n:u-v,…"`` (vertices ``0..n-1``), or as a :class:`Graph`; the engine's presets
(:func:`presets`) are read by :func:`preset`. Answers name vertices by the graph's own labels.

>>> from sprague import graph
>>> answer = graph.solve([("a", "b"), ("b", "c"), ("c", "d"), ("d", "e")])
>>> answer.nimber, answer.outcome, answer.winning_moves
(3, 'N', ('c',))
>>> graph.solve(graph.preset("petersen")).nimber
1
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import (
    Any,
    Dict,
    Hashable,
    Iterable,
    List,
    Optional,
    Protocol,
    runtime_checkable,
    Sequence,
    Tuple,
    Union,
)

from . import _pictures, _sprague
from ._sprague import GraphBase

__all__ = [
    "Graph",
    "GraphAnswer",
    "Component",
    "MoveValue",
    "GraphBase",
    "solve",
    "preset",
    "presets",
    "MAX_VERTICES",
]

#: The most vertices a graph may have (the engine keeps a vertex set in one 64-bit word).
MAX_VERTICES = 64


@runtime_checkable
class NetworkxLike(Protocol):
    """What :func:`solve` reads of a ``networkx.Graph``: its nodes and edges."""

    @property
    def nodes(self) -> Iterable[Hashable]: ...

    @property
    def edges(self) -> Iterable[Tuple[Hashable, Hashable]]: ...

    def is_directed(self) -> bool: ...


#: Anything :func:`solve` takes as a graph.
GraphLike = Union["Graph", str, NetworkxLike, Iterable[Tuple[Hashable, Hashable]]]


def _sorted_if_numbers(labels: List[Hashable]) -> List[Hashable]:
    if all(isinstance(v, int) and not isinstance(v, bool) for v in labels):
        return sorted(labels)  # type: ignore[type-var]
    return labels


class Graph:
    """A simple undirected graph whose vertices carry labels (any hashable values).

    The engine numbers the vertices ``0..n-1`` in the order of :attr:`labels`. Build one with
    :meth:`from_edges`, :meth:`from_networkx`, :meth:`parse` or :func:`preset`; in a notebook it
    draws itself on the page's board.

    >>> g = Graph.from_edges([("x", "y"), ("y", "z")])
    >>> g.labels, g.edges, str(g)
    (('x', 'y', 'z'), ((0, 1), (1, 2)), '3:0-1,1-2')
    """

    __slots__ = ("labels", "edges", "preset_name", "_index")

    labels: Tuple[Hashable, ...]
    #: Edges as pairs of vertex numbers ``(u, v)`` with ``u < v``, sorted.
    edges: Tuple[Tuple[int, int], ...]
    #: The preset this graph was made from (its board layout follows the preset's shape), or None.
    preset_name: Optional[str]

    def __init__(
        self,
        labels: Sequence[Hashable],
        edges: Iterable[Tuple[Hashable, Hashable]],
        preset_name: Optional[str] = None,
    ) -> None:
        """A graph on ``labels`` (in that order) with ``edges`` between labels.

        Raises ValueError for a repeated label, an edge to an unknown label, a loop, or more
        than :data:`MAX_VERTICES` vertices.

        >>> Graph(["a", "b", "c"], [("a", "c")]).edges
        ((0, 2),)
        """
        index: Dict[Hashable, int] = {}
        for label in labels:
            if label in index:
                raise ValueError(f"vertex {label!r} is listed twice")
            index[label] = len(index)
        pairs = set()
        for u, v in edges:
            if u not in index or v not in index:
                missing = u if u not in index else v
                raise ValueError(f"edge ({u!r}, {v!r}) names {missing!r}, which is not a vertex")
            a, b = index[u], index[v]
            pairs.add((min(a, b), max(a, b)))
        self.labels = tuple(index)
        self.edges = tuple(sorted(pairs))
        self.preset_name = preset_name
        self._index = index
        # The engine checks the rest (loops, the number of vertices) with its own messages.
        _sprague.graph_text(len(self.labels), list(self.edges))

    @classmethod
    def from_edges(
        cls,
        edges: Iterable[Tuple[Hashable, Hashable]],
        vertices: Optional[Iterable[Hashable]] = None,
    ) -> "Graph":
        """A graph from an edge list of label pairs. ``vertices`` lists the labels (isolated ones
        included) in the order to number them; by default every label met in ``edges``, sorted
        when all are integers, else in the order first met.

        >>> Graph.from_edges([(2, 1), (1, 0)]).labels
        (0, 1, 2)
        >>> Graph.from_edges([], vertices=range(3)).edges
        ()
        """
        edges = [(u, v) for u, v in edges]
        if vertices is None:
            seen: Dict[Hashable, None] = {}
            for u, v in edges:
                seen.setdefault(u)
                seen.setdefault(v)
            labels = _sorted_if_numbers(list(seen))
        else:
            labels = list(vertices)
        return cls(labels, edges)

    @classmethod
    def from_networkx(cls, graph: NetworkxLike) -> "Graph":
        """A graph from a ``networkx.Graph``, its nodes numbered in the graph's node order.

        Raises ValueError for a directed graph or a self-loop.

        >>> import networkx
        >>> Graph.from_networkx(networkx.path_graph(3)).edges
        ((0, 1), (1, 2))
        """
        if graph.is_directed():
            raise ValueError("Node Kayles is played on undirected graphs; give graph.to_undirected()")
        return cls(list(graph.nodes), list(graph.edges))

    @classmethod
    def parse(cls, text: str) -> "Graph":
        """A graph in the page's and the CLI's text form ``"n:u-v,u-v,…"`` (vertices ``0..n-1``).

        >>> Graph.parse("4:0-1,1-2,2-3").edges
        ((0, 1), (1, 2), (2, 3))
        """
        count, edges = _sprague.graph_parse(text)
        return cls(range(count), edges)

    def __len__(self) -> int:
        """The number of vertices.

        >>> len(Graph.parse("5:0-1"))
        5
        """
        return len(self.labels)

    def __str__(self) -> str:
        return _sprague.graph_text(len(self.labels), list(self.edges))

    def __repr__(self) -> str:
        if self._numbered():
            return f"Graph.parse({str(self)!r})"
        return f"Graph({list(self.labels)!r}, {self.labelled_edges()!r})"

    def __eq__(self, other: object) -> bool:
        """Equal when the labels (in order) and the edges are.

        >>> Graph.parse("3:0-1") == Graph.from_edges([(1, 0)], vertices=range(3))
        True
        """
        if not isinstance(other, Graph):
            return NotImplemented
        return self.labels == other.labels and self.edges == other.edges

    def __hash__(self) -> int:
        return hash((self.labels, self.edges))

    def _numbered(self) -> bool:
        return self.labels == tuple(range(len(self.labels)))

    def index(self, label: Hashable) -> int:
        """The engine's number of the vertex ``label``; ValueError if there is none.

        >>> Graph.from_edges([("a", "b")]).index("b")
        1
        """
        try:
            return self._index[label]
        except KeyError:
            raise ValueError(f"{label!r} is not a vertex of this graph") from None

    def labelled_edges(self) -> List[Tuple[Hashable, Hashable]]:
        """The edges as pairs of labels.

        >>> Graph.from_edges([("a", "b")]).labelled_edges()
        [('a', 'b')]
        """
        return [(self.labels[u], self.labels[v]) for u, v in self.edges]

    def layout(self) -> List[Tuple[float, float]]:
        """Where each vertex sits on the page's board (a square of side 600): the preset's shape
        for a preset, else the engine's spring layout (the same as the page's).

        >>> len(preset("grid:2x3").layout())
        6
        """
        return _sprague.graph_layout(len(self.labels), list(self.edges), self.preset_name)

    def to_networkx(self) -> Any:
        """The graph as a ``networkx.Graph`` with the same labels (needs networkx).

        >>> preset("cycle:5").to_networkx().number_of_edges()
        5
        """
        import networkx  # type: ignore[import-untyped, unused-ignore]  # optional dependency

        result = networkx.Graph()
        result.add_nodes_from(self.labels)
        result.add_edges_from(self.labelled_edges())
        return result

    def _svg(self, removed: Iterable[int] = (), ringed: Iterable[int] = (),
             caption: Optional[str] = None) -> str:
        return _pictures.graph_svg(
            _sprague.graph_board_size(),
            self.layout(),
            self.edges,
            [str(label) for label in self.labels],
            removed=frozenset(removed),
            ringed=frozenset(ringed),
            caption=caption,
        )

    def _repr_svg_(self) -> str:
        """The graph on the page's board, as an SVG picture (shown by Jupyter)."""
        return self._svg(caption=f"{len(self.labels)} vertices, {len(self.edges)} edges")


def as_graph(graph: GraphLike) -> Graph:
    """Any accepted form of a graph as a :class:`Graph`.

    >>> as_graph("3:0-1").edges
    ((0, 1),)
    """
    if isinstance(graph, Graph):
        return graph
    if isinstance(graph, str):
        return Graph.parse(graph)
    if isinstance(graph, NetworkxLike):
        return Graph.from_networkx(graph)
    return Graph.from_edges(graph)


def presets() -> List[str]:
    """The preset names the engine reads (``N``, ``R``, ``C``… stand for numbers).

    >>> presets()[:3]
    ['path:N', 'cycle:N', 'grid:RxC']
    """
    return _sprague.graph_presets()


def preset(name: str) -> Graph:
    """A preset graph: ``path:7``, ``cycle:6``, ``grid:5x5``, ``complete:4``, ``star:5``,
    ``petersen`` or ``random:30:0.2:1`` (vertices, density, seed), vertices numbered as the page
    numbers them.

    >>> len(preset("petersen")), len(preset("petersen").edges)
    (10, 15)
    """
    count, edges = _sprague.graph_preset(name)
    return Graph(range(count), edges, preset_name=name.strip())


@dataclass(frozen=True)
class Component:
    """A connected component of a position: its vertices (labels) and, in normal play, its
    nimber."""

    vertices: Tuple[Hashable, ...]
    nimber: Optional[int]


@dataclass(frozen=True)
class MoveValue:
    """A legal move (a vertex to mark) and the value of the position it leaves, for the player then
    to move.

    >>> solve("2:0-1").move_values  # either vertex takes the edge: the opponent has no move
    (MoveValue(vertex=0, outcome='P', remoteness=0), MoveValue(vertex=1, outcome='P', remoteness=0))
    """

    vertex: Hashable
    #: ``"N"`` if the player then to move wins, ``"P"`` otherwise.
    outcome: str
    #: How many moves the game then lasts with best play.
    remoteness: int


@dataclass(frozen=True)
class GraphAnswer:
    """The engine's answer about a position: who wins and by which moves.

    In a notebook it draws the graph with the marked vertices and their neighbours greyed and
    every winning vertex ringed in green.
    """

    #: The graph the game is played on.
    graph: Graph
    #: ``"normal"`` or ``"misere"``.
    play: str
    #: ``"N"`` if the player to move wins, ``"P"`` otherwise.
    outcome: str
    #: The position's nimber (normal play: the XOR of the components'), None in misère play.
    nimber: Optional[int]
    #: Every vertex whose marking wins, as labels, in vertex order.
    winning_moves: Tuple[Hashable, ...]
    #: Each connected component of what is left, with its nimber in normal play.
    components: Tuple[Component, ...]
    #: The vertices marked before this position (labels, in order).
    moves: Tuple[Hashable, ...]
    #: The vertices still on the board (labels).
    remaining: Tuple[Hashable, ...]
    #: Positions the solver holds after the solve (in ``base`` when one was given).
    positions: int
    #: How many moves the game lasts with best play (the winner finishing as fast as it can, the
    #: loser lasting as long as it can); None when the search passed ``remoteness_budget``.
    remoteness: Optional[int] = None
    #: Every vertex still in play with the value marking it leaves (None with ``remoteness``).
    move_values: Optional[Tuple[MoveValue, ...]] = None
    #: Why ``remoteness`` is None, if it is.
    remoteness_note: Optional[str] = None

    def _repr_svg_(self) -> str:
        """The position as an SVG picture, winning moves ringed (shown by Jupyter)."""
        index = self.graph.index
        left = {index(v) for v in self.remaining}
        value = f", nimber {self.nimber}" if self.nimber is not None else ""
        count = len(self.winning_moves)
        caption = (
            f"{'misère' if self.play == 'misere' else 'normal'} play: {self.outcome}{value}; "
            f"{count} winning move{'' if count == 1 else 's'}"
        )
        return self.graph._svg(
            removed=set(range(len(self.graph))) - left,
            ringed={index(v) for v in self.winning_moves},
            caption=caption,
        )


def solve(
    graph: GraphLike,
    misere: bool = False,
    moves: Iterable[Hashable] = (),
    max_memory: int = 2048,
    base: Optional[GraphBase] = None,
    max_seconds: Optional[float] = None,
    max_nodes: Optional[int] = None,
    remoteness_budget: Optional[int] = None,
) -> GraphAnswer:
    """Solve Node Kayles on ``graph`` after the vertices ``moves`` were marked, in order.

    The engine's policy, as ``sprague graph solve`` and the page use it: in normal play each
    component's nimber (memoised up to isomorphism) and their XOR, in misère play a search over
    sums of components; then every move checked for a win. The solver's tables take at most
    ``max_memory`` MB (ValueError when that runs out); with ``base``, the solve starts from what
    the base knows, adds to it, and runs within the base's own budget. Past ``max_seconds`` or
    ``max_nodes`` solver steps (or the process's default memory budget, a third of the machine's)
    it stops with :class:`sprague.BoundExceeded`; Ctrl-C stops it with KeyboardInterrupt. What it
    learned stays in ``base``. The answer's ``remoteness`` and ``move_values`` come from a search
    over sums of components that values at most ``remoteness_budget`` positions (by default the
    engine's 1,000,000); past it they are None and ``remoteness_note`` says so.

    Raises ValueError for a malformed graph, a move on a vertex that is gone or not in the
    graph, or an exhausted budget.

    >>> solve("3:0-1,1-2").winning_moves
    (1,)
    >>> solve("3:0-1,1-2", misere=True).outcome
    'N'
    >>> solve(preset("path:4"), moves=[0]).remaining
    (2, 3)
    >>> [(m.vertex, m.outcome, m.remoteness) for m in solve("3:0-1,1-2").move_values or ()]
    [(0, 'N', 1), (1, 'P', 0), (2, 'N', 1)]
    """
    g = as_graph(graph)
    played = [g.index(v) for v in moves]
    answer: Dict[str, Any] = _sprague.graph_solve(
        len(g),
        list(g.edges),
        bool(misere),
        played,
        base,
        max_memory,
        max_seconds,
        max_nodes,
        remoteness_budget,
    )
    label = g.labels.__getitem__
    return GraphAnswer(
        graph=g,
        play=answer["play"],
        outcome=answer["outcome"],
        nimber=answer["nimber"],
        winning_moves=tuple(map(label, answer["winning_moves"])),
        components=tuple(
            Component(tuple(map(label, c["vertices"])), c["nimber"]) for c in answer["components"]
        ),
        moves=tuple(map(label, played)),
        remaining=tuple(map(label, answer["remaining"])),
        positions=answer["positions"],
        remoteness=answer["remoteness"],
        move_values=None
        if answer["move_values"] is None
        else tuple(
            MoveValue(label(m["vertex"]), m["outcome"], m["remoteness"])
            for m in answer["move_values"]
        ),
        remoteness_note=answer["remoteness_note"],
    )
