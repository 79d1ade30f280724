"""sprague.heap against published sequences and a plain-Python brute force (tests/brute.py)."""

from functools import reduce
from operator import xor

import pytest

from sprague import heap

from brute import (
    children,
    grundy_moves,
    misere_outcome,
    nim_values,
    normalise,
    octal_moves,
    remoteness,
)


def values(code, to):
    """heap.sequence as a list of ints (it is a numpy array where numpy is installed)."""
    return [int(v) for v in heap.sequence(code, to)]


# OEIS A002188, nim values of Grundy's game, heaps 0..39.
A002188 = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3,
           0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4]
# OEIS A002187, Dawson's Kayles (0.07), heaps 0..29.
A002187 = [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3,
           3, 0, 1, 1, 3, 0, 2, 1, 1, 0]
# OEIS A002186, Kayles (0.77), heaps 0..29.
A002186 = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2,
           1, 4, 6, 7, 4, 1, 2, 8, 5, 4]

N = 400  # values compared with the brute force


@pytest.fixture(scope="module")
def grundy_brute():
    return nim_values(grundy_moves, N)


@pytest.fixture(scope="module")
def independence_brute():
    return nim_values(octal_moves("0.137"), N)


def test_published_lists_agree_with_the_brute_force(grundy_brute):
    assert grundy_brute[: len(A002188)] == A002188
    assert nim_values(octal_moves("0.07"), 30) == A002187
    assert nim_values(octal_moves("0.77"), 30) == A002186


def test_named_games_play_the_games_their_names_say(grundy_brute):
    """Each name the engine lists reads as its code, and the famous ones have their published values."""
    named = {name: (code, title) for name, code, title in heap.named_games()}
    assert set(named) >= {"nim", "kayles", "dawson", "independence", "grundy", "officers"}
    for name, (code, title) in named.items():
        assert title and heap.canonical_code(name) == code == heap.canonical_code(code)
        assert values(name, 30) == values(code, 30)
    assert values("kayles", 30) == A002186
    assert values("dawson", 30) == A002187
    assert values("grundy", 40) == grundy_brute[:40]
    assert values("nim", 30) == list(range(30))
    assert values("officers", 60) == nim_values(octal_moves("0.6"), 60)


def test_grundy_sequence(grundy_brute):
    assert values("4!.0", 40) == A002188
    assert values("grundy", N) == grundy_brute


def test_independence_sequence(independence_brute):
    assert values("0.137", N) == independence_brute
    assert values("independence", N) == independence_brute


@pytest.mark.parametrize("code", ["0.07", "0.77", "0.6", "0.137", "0.4", "0.33", "0.52", "0.751"])
def test_octal_sequences(code):
    assert values(code, 300) == nim_values(octal_moves(code), 300)


def test_published_sequences():
    assert values("dawson", 30) == A002187
    assert values("kayles", 30) == A002186


def test_sequence_lengths():
    assert values("0.137", 0) == []
    assert values("0.137", 1) == [0]
    assert len(heap.sequence("grundy", 1000)) == 1000


def test_canonical_code():
    assert heap.canonical_code("grundy") == "4!.0"
    assert heap.canonical_code("independence") == "0.137"
    assert heap.canonical_code("0.1370") == "0.137"


def least_preperiod(values, period):
    """The least n0 with values[n + period] == values[n] for every n0 <= n < len - period."""
    last = max((n for n in range(len(values) - period) if values[n] != values[n + period]), default=-1)
    return last + 1


@pytest.mark.parametrize(
    "code, period",
    [
        ("0.137", 34),  # the independence game: period 34 (Dawson's Kayles shifted by one)
        ("0.07", 34),   # Dawson's Kayles: period 34 (Guy and Smith)
        ("0.77", 12),   # Kayles: period 12, last exception at heap 70 (Guy and Smith)
        ("0.3", 2),     # take one: 0, 1, 0, 1, ...
        ("0.33", 3),    # take one or two: 0, 1, 2, 0, 1, 2, ...
    ],
)
def test_period(code, period):
    found = heap.period(code)
    assert found is not None
    assert found["period"] == period
    values = nim_values(octal_moves(code), 700)
    assert found["preperiod"] == least_preperiod(values, period)
    assert found["last_exception"] == (found["preperiod"] - 1 if found["preperiod"] else None)
    # The whole sequence's largest value is reached before the period repeats.
    assert found["max_value"] == max(values)
    assert values[found["max_value_at"]] == found["max_value"]
    if code == "0.77":
        assert found["last_exception"] == 70


def test_period_not_found_within_max():
    # Kayles needs 71 + 12 values and a few more for the proof: 50 values prove nothing.
    assert heap.period("0.77", max=50) is None


def test_period_refused_where_the_theorem_does_not_apply():
    with pytest.raises(ValueError, match="constraints"):
        heap.period("grundy")
    with pytest.raises(ValueError, match="infinitely many"):
        heap.period("nim")


def brute_normal_winning_results(moves, values, heaps):
    results = set()
    for i, h in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1 :]
        for pieces in moves(h):
            after = list(rest) + list(pieces)
            if reduce(xor, (values[x] for x in after), 0) == 0:
                results.add(normalise(after))
    return results


def move_results(analysis):
    return {normalise(m["result"]) for m in analysis["winning_moves"]}


POSITIONS = [[1], [5], [5, 3], [10, 7, 3], [8, 8], [13, 4, 2, 9], [0, 6], [20, 11], [34, 17, 6]]


@pytest.mark.parametrize("heaps", POSITIONS)
@pytest.mark.parametrize("code", ["0.137", "grundy", "0.77"])
def test_analyze_normal(code, heaps):
    moves = grundy_moves if code == "grundy" else octal_moves(code)
    values = nim_values(moves, 40)
    analysis = heap.analyze(code, heaps)
    value = reduce(xor, (values[h] for h in heaps), 0)
    assert analysis["value"] == value
    assert analysis["heap_values"] == [values[h] for h in heaps]
    assert analysis["outcome"] == ("P" if value == 0 else "N")
    assert move_results(analysis) == brute_normal_winning_results(moves, values, heaps)
    for m in analysis["winning_moves"]:
        assert sum(m["pieces"]) + m["removed"] == m["heap"] == heaps[m["heap_index"]]
        assert heap.analyze(code, m["result"])["outcome"] == "P"


def test_analyze_board_moves():
    # 0.137: each winning move names the dot to mark; Grundy's game: the pile split.
    dots = heap.analyze("0.137", [5, 3])["winning_moves"]
    assert dots and all(m["dots"] is not None and m["pile_split"] is None for m in dots)
    splits = heap.analyze("grundy", [7, 5, 3])["winning_moves"]
    assert splits and all(m["pile_split"] is not None for m in splits)
    for m in splits:
        assert sorted(m["pile_split"]["into"]) == sorted(m["pieces"])


MISERE_POSITIONS = [[1], [2], [3], [1, 1], [4, 4], [5, 3], [7, 2, 1], [6, 6, 1], [9], [12], [10, 3, 3], [8, 5, 2, 1]]


@pytest.mark.parametrize("heaps", MISERE_POSITIONS)
@pytest.mark.parametrize("code", ["0.137", "grundy", "0.77", "0.07"])
def test_analyze_misere(code, heaps):
    moves = grundy_moves if code == "grundy" else octal_moves(code)
    outcome = misere_outcome(moves)
    analysis = heap.analyze(code, heaps, misere=True)
    assert analysis["play"] == "misere"
    assert analysis["outcome"] == outcome(heaps)
    expected = set()
    for i, h in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1 :]
        for pieces in moves(h):
            after = list(rest) + list(pieces)
            if outcome(after) == "P":
                expected.add(normalise(after))
    assert move_results(analysis) == expected
    # The normal-play value is still given.
    values = nim_values(moves, 20)
    assert analysis["value"] == reduce(xor, (values[h] for h in heaps), 0)


def test_misere_and_normal_differ_where_they_should():
    # One heap of 1 in Kayles: normal play N (take it), misère play P (taking it loses).
    assert heap.analyze("0.77", [1])["outcome"] == "N"
    assert heap.analyze("0.77", [1], misere=True)["outcome"] == "P"


@pytest.mark.parametrize("code", ["", "0.1x", "1.3", "0.[3", "2.0", "x.1", "0." + "7" * 300])
def test_malformed_code(code):
    with pytest.raises(ValueError, match="code"):
        heap.sequence(code, 10)
    with pytest.raises(ValueError):
        heap.analyze(code, [3])
    with pytest.raises(ValueError):
        heap.period(code)


def test_malformed_code_message_says_where():
    with pytest.raises(ValueError) as error:
        heap.sequence("0.1x7", 5)
    assert "`0.1x7`" in str(error.value) and "character 4" in str(error.value)


@pytest.mark.parametrize("to", [1 << 27, 10**12, 10**40])
def test_absurd_sequence_length(to):
    with pytest.raises(ValueError, match="refusing to compute"):
        heap.sequence("0.137", to)


def test_negative_sizes():
    with pytest.raises(ValueError, match="at least 0"):
        heap.sequence("0.137", -1)
    with pytest.raises(ValueError, match="at least 0"):
        heap.analyze("0.137", [3, -2])
    with pytest.raises(ValueError, match="at least 0"):
        heap.sequence("0.137", -(10**40))


def test_absurd_heaps():
    with pytest.raises(ValueError):
        heap.analyze("0.137", [10**40])
    with pytest.raises(ValueError, match="largest heap"):
        heap.analyze("0.137", [10**9], misere=True)


@pytest.mark.parametrize("code", ["0.137", "0.77", "4!.0"])
@pytest.mark.parametrize("misere", [False, True])
def test_remoteness_and_move_values_match_the_brute_force(code, misere):
    moves = grundy_moves if code == "4!.0" else octal_moves(code)
    brute = remoteness(moves, misere)
    for heaps in [[5], [7, 3], [4, 4], [2, 3, 6], [9, 1], [12]]:
        answer = heap.analyze(code, heaps, misere=misere)
        assert (answer["outcome"], answer["remoteness"]) == brute(heaps), heaps
        assert answer["remoteness_note"] is None
        for m in answer["move_values"]:
            assert (m["outcome"], m["remoteness"]) == brute(m["result"]), (heaps, m)
        # Every child the brute force knows is among the moves.
        assert {normalise(m["result"]) for m in answer["move_values"]} == set(
            children(moves, normalise(heaps))
        )


def test_remoteness_past_its_budget_is_none_with_a_note():
    answer = heap.analyze("0.137", [60], remoteness_budget=10)
    assert answer["outcome"] == "N"  # the rest is still answered
    assert answer["remoteness"] is None and answer["move_values"] is None
    assert "not decided" in answer["remoteness_note"]


def test_heaps_of_a_million_are_valued_by_the_period_of_the_brute_force():
    # 0.137's values by the definition up to 600, the period they show past the last exception,
    # and each heap's value read off it; a sum's value is the XOR of its heaps'.
    g = nim_values(octal_moves("0.137"), 600)
    period = next(p for p in range(1, 100) if all(g[n] == g[n + p] for n in range(300, 600 - p)))
    start = next(n + 1 for n in range(299, -1, -1) if g[n] != g[n + period])

    def value(n):
        return g[n] if n < len(g) else g[start + (n - start) % period]

    heaps = [999_999, 1_000_000, 1_000_003]
    answer = heap.analyze("0.137", heaps)
    assert answer["heap_values"] == [value(n) for n in heaps]
    assert answer["value"] == reduce(xor, (value(n) for n in heaps))
    # Each winning move leaves a position of value 0.
    assert answer["winning_moves"]
    for move in answer["winning_moves"][:1000]:
        assert reduce(xor, (value(n) for n in move["result"])) == 0
    # A game of over 300,000 moves: the remoteness search is refused at once, with its reason.
    assert answer["remoteness"] is None
    assert "more than 1000 moves" in answer["remoteness_note"]
