"""Heap games: nim sequences, proven periods, and positions in normal and misère play.

A game is given by its code, as the ``sprague`` CLI reads it: an octal or hexadecimal code
``d0.d1d2d3…`` where digit ``d_k`` says what removing ``k`` tokens from one heap may leave (bit 1:
nothing, bit 2: one heap, bit 4: two heaps, bit 8: three), CGSuite's modifiers (``4!.0`` is Grundy's
game: split a heap into two *unequal* heaps), a repeating tail (``0.[3]`` is Nim), or a name:
``nim``, ``kayles`` (0.77), ``dawson`` (0.07), ``independence`` (0.137), ``grundy`` (4!.0),
``officers`` (0.6) — :func:`named_games` lists them.

>>> from sprague import heap
>>> print(*heap.sequence("0.137", 10))
0 1 1 2 0 3 1 1 0 3
>>> heap.analyze("0.137", [5, 3])["outcome"]
'N'
>>> heap.Position("grundy", [7, 5]).children()[:2]
[Position('4!.0', [1, 6, 5]), Position('4!.0', [2, 5, 5])]
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Optional, Tuple, Union

from . import _pictures, _sprague

if TYPE_CHECKING:
    import numpy
    import numpy.typing

    #: Nim values: a numpy array of ``uint16`` where numpy is installed, else a list.
    NimValues = Union["numpy.typing.NDArray[numpy.uint16]", List[int]]
else:
    NimValues = Any

__all__ = ["sequence", "analyze", "period", "canonical_code", "named_games", "Position"]


def sequence(
    code: str, to: int, max_seconds: Optional[float] = None, max_memory: Optional[int] = None
) -> NimValues:
    """Nim values (Grundy values) of single heaps ``0, 1, …, to - 1`` of the game ``code``.

    ``to`` counts values, as ``sprague seq CODE --to TO`` and ``range(to)`` do. Computed by the
    engine's rare/common method; at most 2**26 values. Where numpy is installed the values come
    as a numpy array of ``uint16`` (made from the engine's buffer at once), else as a list.

    Raises ValueError for a malformed code, a negative ``to`` or one the engine refuses, and
    :class:`sprague.BoundExceeded` past ``max_seconds`` or ``max_memory`` (MB of the whole process;
    by default a third of the machine's memory), as the CLI's ``--max-seconds`` and
    ``--max-memory``.

    >>> values = sequence("grundy", 12)
    >>> print(*values)
    0 0 0 1 0 2 1 0 2 1 0 2
    >>> int(values.max()) if hasattr(values, "max") else max(values)
    2
    """
    try:
        import numpy
    except ImportError:
        return _sprague.heap_sequence(code, to, max_seconds, max_memory)
    data = _sprague.heap_sequence_bytes(code, to, max_seconds, max_memory)
    values = numpy.frombuffer(data, dtype="<u2")
    return values.astype(numpy.uint16) if sys.byteorder == "big" else values


def canonical_code(code: str) -> str:
    """The canonical code of a game (``"grundy"`` gives ``"4!.0"``); ValueError if malformed.

    >>> canonical_code("grundy"), canonical_code("kayles")
    ('4!.0', '0.77')
    """
    return _sprague.heap_canonical_code(code)


def named_games() -> List[Tuple[str, str, str]]:
    """The games known by name, as ``(name, code, title)``: a name may be given wherever a code is.

    >>> [name for name, code, title in named_games()][:3]
    ['independence', 'grundy', 'kayles']
    >>> dict((name, code) for name, code, _ in named_games())["dawson"]
    '0.07'
    """
    return _sprague.heap_named_games()


def period(
    code: str,
    max: int = 1 << 20,
    max_seconds: Optional[float] = None,
    max_memory: Optional[int] = None,
) -> Optional[Dict[str, Any]]:
    """The proven period of the nim sequence of ``code`` (generalised Guy–Smith theorem).

    Values are computed 256 at first, then doubled, until a period is proven or ``max`` values
    were tried (``sprague period CODE --max MAX``). Returns a dict with ``preperiod`` (the first
    heap from which ``g(n + period) == g(n)``), ``period``, ``last_exception`` (``preperiod - 1``
    or None), ``max_value`` and ``max_value_at`` (the largest value of the whole sequence and
    where it first occurs), ``values_needed`` (values the proof used), ``values_computed`` and the
    canonical ``code``; or None when no period is proven within ``max`` values.

    Raises ValueError for a malformed code, and for a code the theorem does not cover (an
    infinite code such as Nim's, or ``!``/``?``/``=`` modifiers such as Grundy's game), with the
    engine's reason; :class:`sprague.BoundExceeded` past ``max_seconds`` or ``max_memory`` (as
    :func:`sequence`).

    >>> found = period("kayles")
    >>> found["period"], found["preperiod"]
    (12, 71)
    """
    return _sprague.heap_period(code, max, max_seconds, max_memory)


def analyze(
    code: str,
    heaps: List[int],
    misere: bool = False,
    max_seconds: Optional[float] = None,
    max_memory: Optional[int] = None,
    remoteness_budget: Optional[int] = None,
) -> Dict[str, Any]:
    """Value, outcome, every winning move, remoteness and every move's value of the position
    ``heaps`` (a list of heap sizes).

    Returns a dict:

    - ``value``: the nim value of the position in normal play (the XOR of ``heap_values``);
    - ``heap_values``: the nim value of each heap;
    - ``outcome``: ``"N"`` if the player to move wins (in the play asked for), ``"P"`` otherwise;
    - ``winning_moves``: one dict per winning move: ``heap_index`` and ``heap`` (which heap is
      played in), ``removed`` (tokens taken), ``pieces`` (the heaps left in its place),
      ``result`` (the whole position after the move), ``dots`` (for 0.137: the dot to mark,
      ``{"component", "dot"}``) and ``pile_split`` (for Grundy's game: ``{"pile", "size",
      "into"}``), each None when it does not apply;
    - ``remoteness``: how many moves the game lasts with best play (the winner finishing as fast
      as it can, the loser lasting as long as it can), in the play asked for;
    - ``move_values``: one dict per legal move (a move on each of two equal heaps counts twice):
      ``heap_index``, ``removed``, ``pieces``, ``result`` as above, and ``outcome`` and
      ``remoteness`` of the position it leaves, for the player then to move;
    - ``remoteness_note``: None, or why ``remoteness`` and ``move_values`` are None (the search
      valued more than ``remoteness_budget`` positions, by default the engine's 1,000,000: they
      are never guessed);
    - ``code``, ``heaps``, ``play`` (``"normal"`` or ``"misere"``).

    With ``misere=True`` the outcome and the winning moves are those of misère play (the player
    who cannot move wins), found by the engine's misère solver as ``sprague misere`` finds them
    (the misère quotient when it builds quickly, the tame rule, or exact search), and the dict
    also has ``genera`` (each heap's genus symbol, or None when too long to compute), ``tame``
    and ``method`` (``"tame_rule"`` or ``"search"``). ``value`` stays the normal-play value.

    Raises ValueError for a malformed code, a negative heap, or sizes the engine refuses, and
    :class:`sprague.BoundExceeded` past ``max_seconds`` or ``max_memory`` (as :func:`sequence`; a
    misère search the bound stops runs on to its own node budget in the background).

    >>> answer = analyze("nim", [3, 4, 5])
    >>> answer["value"], [m["result"] for m in answer["winning_moves"]]
    (2, [[1, 4, 5]])
    >>> answer = analyze("nim", [1, 2])
    >>> answer["remoteness"], [(m["result"], m["remoteness"]) for m in answer["move_values"]]
    (3, [([2], 1), ([1, 1], 2), ([1], 1)])
    """
    return _sprague.heap_analyze(
        code, list(heaps), bool(misere), max_seconds, max_memory, remoteness_budget
    )


class Position:
    """A position of a heap game: the game's code and the heaps. Immutable and hashable; two
    positions are equal when the games' canonical codes and the heaps are equal. In a notebook it
    draws itself as rows of counters, each heap with its nim value.

    >>> p = Position("nim", [3, 4, 5])
    >>> p
    Position('0.[3]', [3, 4, 5])
    >>> p.analyze()["outcome"], len(p.children())
    ('N', 12)
    """

    __slots__ = ("code", "heaps")

    #: The game's canonical code (``"grundy"`` is kept as ``"4!.0"``).
    code: str
    heaps: Tuple[int, ...]

    def __init__(self, code: str, heaps: Iterable[int]) -> None:
        """The position ``heaps`` of the game ``code``; ValueError for a malformed code or a
        negative heap.

        >>> Position("grundy", [7]).heaps
        (7,)
        """
        heaps = tuple(int(h) for h in heaps)
        if any(h < 0 for h in heaps):
            raise ValueError(f"heaps must be at least 0, got {list(heaps)}")
        self.code = canonical_code(code)
        self.heaps = heaps

    def __repr__(self) -> str:
        return f"Position({self.code!r}, {list(self.heaps)!r})"

    def _key(self) -> Tuple[str, Tuple[int, ...]]:
        # A position is a multiset of non-empty heaps: order and empty heaps change nothing.
        return self.code, tuple(sorted(h for h in self.heaps if h > 0))

    def __eq__(self, other: object) -> bool:
        """Equal when the codes are and the non-empty heaps are, in any order.

        >>> Position("nim", [3, 0, 4]) == Position("0.[3]", [4, 3])
        True
        """
        if not isinstance(other, Position):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def analyze(self, misere: bool = False) -> Dict[str, Any]:
        """:func:`analyze` of this position.

        >>> Position("0.137", [4]).analyze()["outcome"]
        'P'
        """
        return analyze(self.code, list(self.heaps), misere)

    def children(self) -> List["Position"]:
        """Every position one move away, each once (moves in different heaps of one size that
        leave the same heaps count once), in the order of the heaps and the engine's moves: the
        heap played in is replaced by the pieces it leaves.

        >>> Position("0.137", [3]).children()
        [Position('0.137', [1]), Position('0.137', [])]
        """
        seen: Dict[Tuple[int, ...], None] = {}
        for i, heap in enumerate(self.heaps):
            if heap in self.heaps[:i]:
                continue
            for _removed, pieces in _sprague.heap_moves(self.code, heap):
                seen.setdefault(self.heaps[:i] + tuple(pieces) + self.heaps[i + 1 :])
        distinct: Dict[Tuple[int, ...], Tuple[int, ...]] = {}
        for heaps in seen:
            distinct.setdefault(tuple(sorted(heaps)), heaps)
        return [Position(self.code, heaps) for heaps in distinct.values()]

    def _repr_svg_(self) -> str:
        """The heaps as rows of counters with their nim values (shown by Jupyter)."""
        largest = max(self.heaps, default=0)
        values = list(sequence(self.code, largest + 1)) if largest < 1 << 16 else None
        heap_values = [int(values[h]) for h in self.heaps] if values is not None else None
        return _pictures.heap_svg(self.code, self.heaps, heap_values)
