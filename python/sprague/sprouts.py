"""Sprouts: canonical forms, children, outcomes, nimbers and winning moves.

Positions are strings in either GLOP notation: ``"0*5"`` (five spots), ``"0.AB|0.AB"``,
``"0.0.0.}]!"`` (2007 notation); ``"!"`` is the empty position. The answers are the engine's, by
the same policy as ``sprague sprouts solve``.

Every function takes a position as text or as a :class:`Position`, which also draws itself in a
notebook (the engine's drawing layer lays it out, as the page draws it).

>>> from sprague import sprouts
>>> sprouts.solve("0*3")["outcome"]
'N'
>>> sprouts.canon("0*2")
'0*2'
>>> p = sprouts.Position("0*2")
>>> p.children()
[Position('1a1a'), Position('0.AB|AB')]
"""

from __future__ import annotations

import re
from typing import Any, Dict, List, Optional, Union

from . import _sprague
from ._sprague import Base

__all__ = ["solve", "children", "canon", "Base", "Position"]


class Position:
    """A Sprouts position, held in its reduced canonical form: two positions are equal when they
    are the same game up to relabelling. Immutable and hashable. In a notebook it draws itself:
    the engine lays the position out from scratch and pictures its spots and curves.

    >>> Position("0*3") == Position("0.0.0.}]!")
    True
    >>> Position("0*3").solve()["winning_moves"]
    ['0.1a1a', '0.AB|0.AB']
    """

    __slots__ = ("_text",)

    def __init__(self, text: Union[str, "Position"]) -> None:
        """A position from text in either GLOP notation (``"0*5"``, ``"0.AB|0.AB"``,
        ``"0.0.0.}]!"``, ``"!"`` for the empty position); ValueError if malformed.

        >>> str(Position("0.0.0.}]!"))
        '0*3'
        """
        self._text = _sprague.sprouts_canon(str(text))

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Position({self._text!r})"

    def __eq__(self, other: object) -> bool:
        """Equal when the canonical forms are: the same game up to relabelling.

        >>> Position("0.AB|0.AB") == Position("0.BA|0.BA")
        True
        """
        if not isinstance(other, Position):
            return NotImplemented
        return self._text == other._text

    def __hash__(self) -> int:
        return hash(self._text)

    def canonical(self) -> str:
        """The reduced canonical form, in the later GLOP notation (the text this position
        prints as).

        >>> Position("0.0.0.}]!").canonical()
        '0*3'
        """
        return self._text

    def children(self) -> List["Position"]:
        """The distinct children, in the engine's order.

        >>> len(Position("0*4").children())
        3
        """
        return [Position(child) for child in _sprague.sprouts_children(self._text)]

    def solve(
        self,
        misere: bool = False,
        nimber: bool = False,
        base: Optional[Base] = None,
        threads: int = 1,
        moves: bool = True,
        max_seconds: Optional[float] = None,
        max_memory: Optional[int] = None,
        max_nodes: Optional[int] = None,
    ) -> Dict[str, Any]:
        """:func:`solve` of this position (same arguments, same answer).

        >>> Position("0*2").solve(misere=True)["outcome"]
        'P'
        """
        return solve(
            self._text, misere, nimber, base, threads, moves, max_seconds, max_memory, max_nodes
        )

    def svg(self) -> str:
        """The engine's picture of the position, an SVG document: one circle per spot (coloured
        by lives), the curves between them. ValueError when the engine finds no drawing.

        >>> Position("0*2").svg().count("<circle")
        2
        """
        return _sprague.sprouts_svg(self._text)

    def _repr_svg_(self) -> Optional[str]:
        """The picture for Jupyter, at half the engine's size (a notebook column's width); None
        (the text form is shown) when there is no drawing."""
        try:
            svg = self.svg()
        except ValueError:
            return None
        return re.sub(
            r'width="(\d+)" height="(\d+)"',
            lambda m: f'width="{int(m[1]) // 2}" height="{int(m[2]) // 2}"',
            svg,
            count=1,
        )


#: A position as every function here takes it: text in either notation, or a :class:`Position`.
PositionLike = Union[str, Position]


def canon(position: PositionLike) -> str:
    """The reduced canonical form of ``position``, in the later GLOP notation.

    Equal positions have equal canonical forms. Raises ValueError for a malformed position.

    >>> canon("0.0.0.}]!")
    '0*3'
    """
    return _sprague.sprouts_canon(str(position))


def children(position: PositionLike) -> List[str]:
    """The distinct children of ``position`` (each a canonical form), in the engine's order.

    Raises ValueError for a malformed position.

    >>> children("0*2")
    ['1a1a', '0.AB|AB']
    """
    return _sprague.sprouts_children(str(position))


def solve(
    position: PositionLike,
    misere: bool = False,
    nimber: bool = False,
    base: Optional[Base] = None,
    threads: int = 1,
    moves: bool = True,
    max_seconds: Optional[float] = None,
    max_memory: Optional[int] = None,
    max_nodes: Optional[int] = None,
) -> Dict[str, Any]:
    """Solve a Sprouts position: outcome, winning moves and, when asked, the nimber.

    The engine's ``Solver`` answers, as ``sprague sprouts solve`` does: normal play by the couple
    search (raced against proof-number search on large positions), misère play on misère simplest
    forms of small lands (``Method::MisereForms(DEFAULT_FORM_LIVES)``), on ``threads`` threads
    (the answers are the same for every count; only the time differs).

    Returns a dict:

    - ``outcome``: ``"N"`` if the player to move wins, ``"P"`` if they lose;
    - ``nimber``: the normal-play nimber when ``nimber=True`` (also with ``misere=True``: a
      nimber is a normal-play value), else None;
    - ``winning_moves``: every child lost for the opponent (canonical positions, in the order of
      :func:`children`); empty for a lost position; None when ``moves=False``;
    - ``winning_move``: the first of ``winning_moves`` (with ``moves=False``: the one the proof of
      the outcome named, if any); None for a lost position;
    - ``position`` (canonical), ``play`` (``"normal"`` or ``"misere"``), ``threads``, ``nodes``
      (nodes searched over every thread).

    With ``base``, the solve starts from what the base knows and adds what it proves (also when
    interrupted). Ctrl-C stops the search and raises KeyboardInterrupt.

    Bounded as the CLI's ``sprouts solve`` is: past ``max_seconds``, ``max_memory`` (MB of the
    whole process; by default a third of the machine's) or ``max_nodes`` (over every thread) the
    search stops and :class:`sprague.BoundExceeded` is raised; what it proved stays in ``base``.

    Raises ValueError for a malformed position or a thread count outside 1..1024.

    >>> answer = solve("0*4", nimber=True)
    >>> answer["outcome"], answer["nimber"]
    ('N', 1)
    """
    return _sprague.sprouts_solve(
        str(position),
        bool(misere),
        bool(nimber),
        base,
        threads,
        bool(moves),
        max_seconds,
        max_memory,
        max_nodes,
    )
