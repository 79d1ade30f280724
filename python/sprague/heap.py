"""Heap games: nim sequences, proven periods, and positions in normal and misère play.

A game is given by its code, as the ``sprague`` CLI reads it: an octal or hexadecimal code
``d0.d1d2d3…`` where digit ``d_k`` says what removing ``k`` tokens from one heap may leave (bit 1:
nothing, bit 2: one heap, bit 4: two heaps, bit 8: three), CGSuite's modifiers (``4!.0`` is Grundy's
game: split a heap into two *unequal* heaps), a repeating tail (``0.[3]`` is Nim), or an alias:
``nim``, ``kayles`` (0.77), ``dawson`` (0.07), ``independence`` (0.137), ``grundy`` (4!.0),
``officers`` (0.6).

>>> from sprague import heap
>>> heap.sequence("0.137", 10)
[0, 1, 1, 2, 0, 3, 1, 1, 0, 3]
>>> heap.analyze("0.137", [5, 3])["outcome"]
'N'
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional

from . import _sprague

__all__ = ["sequence", "analyze", "period", "canonical_code"]


def sequence(code: str, to: int) -> List[int]:
    """Nim values (Grundy values) of single heaps ``0, 1, …, to - 1`` of the game ``code``.

    ``to`` counts values, as ``sprague seq CODE --to TO`` and ``range(to)`` do. Computed by the
    engine's rare/common method; at most 2**26 values.

    Raises ValueError for a malformed code, a negative ``to`` or one the engine refuses.
    """
    return _sprague.heap_sequence(code, to)


def canonical_code(code: str) -> str:
    """The canonical code of a game (``"grundy"`` gives ``"4!.0"``); ValueError if malformed."""
    return _sprague.heap_canonical_code(code)


def period(code: str, max: int = 1 << 20) -> Optional[Dict[str, Any]]:
    """The proven period of the nim sequence of ``code`` (generalised Guy–Smith theorem).

    Values are computed 256 at first, then doubled, until a period is proven or ``max`` values
    were tried (``sprague period CODE --max MAX``). Returns a dict with ``preperiod`` (the first
    heap from which ``g(n + period) == g(n)``), ``period``, ``last_exception`` (``preperiod - 1``
    or None), ``max_value`` and ``max_value_at`` (the largest value of the whole sequence and
    where it first occurs), ``values_needed`` (values the proof used), ``values_computed`` and the
    canonical ``code``; or None when no period is proven within ``max`` values.

    Raises ValueError for a malformed code, and for a code the theorem does not cover (an
    infinite code such as Nim's, or ``!``/``?``/``=`` modifiers such as Grundy's game), with the
    engine's reason.
    """
    return _sprague.heap_period(code, max)


def analyze(code: str, heaps: List[int], misere: bool = False) -> Dict[str, Any]:
    """Value, outcome and every winning move of the position ``heaps`` (a list of heap sizes).

    Returns a dict:

    - ``value``: the nim value of the position in normal play (the XOR of ``heap_values``);
    - ``heap_values``: the nim value of each heap;
    - ``outcome``: ``"N"`` if the player to move wins (in the play asked for), ``"P"`` otherwise;
    - ``winning_moves``: one dict per winning move: ``heap_index`` and ``heap`` (which heap is
      played in), ``removed`` (tokens taken), ``pieces`` (the heaps left in its place),
      ``result`` (the whole position after the move), ``dots`` (for 0.137: the dot to mark,
      ``{"component", "dot"}``) and ``pile_split`` (for Grundy's game: ``{"pile", "size",
      "into"}``), each None when it does not apply;
    - ``code``, ``heaps``, ``play`` (``"normal"`` or ``"misere"``).

    With ``misere=True`` the outcome and the winning moves are those of misère play (the player
    who cannot move wins), found by the engine's misère solver as ``sprague misere`` finds them
    (the misère quotient when it builds quickly, the tame rule, or exact search), and the dict
    also has ``genera`` (each heap's genus symbol, or None when too long to compute), ``tame``
    and ``method`` (``"tame_rule"`` or ``"search"``). ``value`` stays the normal-play value.

    Raises ValueError for a malformed code, a negative heap, or sizes the engine refuses.
    """
    return _sprague.heap_analyze(code, list(heaps), bool(misere))
