"""Sprouts: canonical forms, children, outcomes, nimbers and winning moves.

Positions are strings in either GLOP notation: ``"0*5"`` (five spots), ``"0.AB|0.AB"``,
``"0.0.0.}]!"`` (2007 notation); ``"!"`` is the empty position. The answers are the engine's, by
the same policy as ``sprague sprouts solve``.

>>> from sprague import sprouts
>>> sprouts.solve("0*3")["outcome"]
'N'
>>> sprouts.canon("0*2")
'0*2'
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from . import _sprague
from ._sprague import Base

__all__ = ["solve", "children", "canon", "Base"]


def canon(position: str) -> str:
    """The reduced canonical form of ``position``, in the later GLOP notation.

    Equal positions have equal canonical forms. Raises ValueError for a malformed position.
    """
    return _sprague.sprouts_canon(position)


def children(position: str) -> List[str]:
    """The distinct children of ``position`` (each a canonical form), in the engine's order.

    Raises ValueError for a malformed position.
    """
    return _sprague.sprouts_children(position)


def solve(
    position: str,
    misere: bool = False,
    nimber: bool = False,
    base: Optional[Base] = None,
    threads: int = 1,
    moves: bool = True,
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

    Raises ValueError for a malformed position or a thread count outside 1..1024.
    """
    return _sprague.sprouts_solve(
        position, bool(misere), bool(nimber), base, threads, bool(moves)
    )
