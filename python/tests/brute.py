"""Plain-Python brute force for heap games, independent of the engine: the tests check the module
against these (and against published values), never against its own earlier output."""

from functools import lru_cache
from typing import Callable, Iterator, List, Tuple

Moves = Callable[[int], Iterator[Tuple[int, ...]]]


def mex(values) -> int:
    """The least non-negative integer not in ``values``."""
    m = 0
    while m in values:
        m += 1
    return m


def octal_moves(code: str) -> Moves:
    """Moves of a single heap under an octal code ``0.d1d2…`` (digits 0-7 after the point).

    Digit ``d`` at position ``k``: bit 1 — ``k`` tokens may be removed from a heap of exactly
    ``k``, leaving nothing; bit 2 — from a larger heap, leaving one heap; bit 4 — leaving two
    non-empty heaps. Each move yields the tuple of heaps left (smaller first).
    """
    assert code.startswith("0."), code
    digits = [int(c, 8) for c in code[2:]]

    def moves(n: int) -> Iterator[Tuple[int, ...]]:
        for k, d in enumerate(digits, start=1):
            if k > n:
                break
            rest = n - k
            if d & 1 and rest == 0:
                yield ()
            if d & 2 and rest > 0:
                yield (rest,)
            if d & 4 and rest >= 2:
                for a in range(1, rest // 2 + 1):
                    yield (a, rest - a)

    return moves


def grundy_moves(n: int) -> Iterator[Tuple[int, ...]]:
    """Grundy's game: split one heap into two non-empty heaps of different sizes."""
    for a in range(1, (n + 1) // 2):
        if a != n - a:
            yield (a, n - a)


def nim_values(moves: Moves, count: int) -> List[int]:
    """g(0), …, g(count - 1) by the definition: the mex of the XORs of the options' values."""
    g: List[int] = []
    for n in range(count):
        options = set()
        for pieces in moves(n):
            x = 0
            for p in pieces:
                x ^= g[p]
            options.add(x)
        g.append(mex(options))
    return g


def normalise(heaps) -> Tuple[int, ...]:
    """A position as a sorted tuple of its non-empty heaps."""
    return tuple(sorted(h for h in heaps if h > 0))


def children(moves: Moves, position: Tuple[int, ...]):
    """Every position one move from ``position`` (normalised; repeats removed)."""
    out = set()
    for i, heap in enumerate(position):
        rest = position[:i] + position[i + 1 :]
        for pieces in moves(heap):
            out.add(normalise(rest + tuple(pieces)))
    return out


def misere_outcome(moves: Moves):
    """A function position -> "N"/"P" in misère play (the player who cannot move wins)."""

    @lru_cache(maxsize=None)
    def outcome(position: Tuple[int, ...]) -> str:
        options = children(moves, position)
        if not options:
            return "N"  # no move: the player to move has won
        return "N" if any(outcome(c) == "P" for c in options) else "P"

    return lambda heaps: outcome(normalise(heaps))


def remoteness(moves: Moves, misere: bool = False):
    """A function position -> (outcome, remoteness), straight from the definition: no move is
    remoteness 0; a lost position 1 + its children's largest; a won one 1 + the smallest among its
    lost children."""

    @lru_cache(maxsize=None)
    def value(position: Tuple[int, ...]) -> Tuple[str, int]:
        options = [value(c) for c in children(moves, position)]
        if not options:
            return ("N" if misere else "P", 0)
        wins = [r for outcome, r in options if outcome == "P"]
        if wins:
            return ("N", 1 + min(wins))
        return ("P", 1 + max(r for _, r in options))

    return lambda heaps: value(normalise(heaps))
