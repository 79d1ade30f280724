"""sprague.sprouts against published Sprouts results and the rules (every winning move leads to a
lost position, a lost position's children are all won), on one thread and two."""

import pytest

from sprague import sprouts

# Normal play: the n-spot start is lost for the player to move exactly when n mod 6 is 0, 1 or 2
# (Applegate, Jacobson and Sleator 1991; Lemoine and Viennot, far beyond these n).
NORMAL_STARTS = range(1, 10)
# Misère play, n = 1..8: N when the first player wins (Lemoine and Viennot, "Analysis of misère
# Sprouts game with reduced canonical trees": W L L L W W L L L W W W for n = 1..12).
MISERE_STARTS = "NPPPNNPP"
# Nimbers of the n-spot starts, n = 1..6 (Applegate, Jacobson and Sleator).
START_NIMBERS = [0, 0, 1, 1, 1, 0]


def start(n):
    return "0*%d" % n


@pytest.mark.parametrize("n", NORMAL_STARTS)
def test_normal_starts(n):
    expected = "P" if n % 6 in (0, 1, 2) else "N"
    result = sprouts.solve(start(n), moves=False)
    assert result["outcome"] == expected
    assert result["play"] == "normal"
    assert result["winning_moves"] is None
    if expected == "N":
        # With moves=False the winning move is the one the proof named.
        assert result["winning_move"] is not None
        assert sprouts.solve(result["winning_move"], moves=False)["outcome"] == "P"
    else:
        assert result["winning_move"] is None


@pytest.mark.parametrize("n", range(1, len(MISERE_STARTS) + 1))
def test_misere_starts(n):
    result = sprouts.solve(start(n), misere=True, moves=False)
    assert result["play"] == "misere"
    assert result["outcome"] == MISERE_STARTS[n - 1]


@pytest.mark.parametrize("n", range(1, len(START_NIMBERS) + 1))
def test_start_nimbers(n):
    result = sprouts.solve(start(n), nimber=True)
    assert result["nimber"] == START_NIMBERS[n - 1]
    assert result["outcome"] == ("P" if START_NIMBERS[n - 1] == 0 else "N")


def test_nimber_only_when_asked():
    assert sprouts.solve("0*4")["nimber"] is None
    # A nimber is a normal-play value, also when asked along with misère play.
    assert sprouts.solve("0*4", misere=True, nimber=True)["nimber"] == 1


@pytest.mark.parametrize(
    "position, misere",
    [("0*3", False), ("0*4", False), ("0*5", False), ("0*9", False), ("0*2+0*3", False),
     ("0*1", True), ("0*5", True), ("0*6", True), ("0.AB|0.AB", True)],
)
def test_winning_moves_lead_to_lost_positions(position, misere):
    result = sprouts.solve(position, misere=misere)
    assert result["outcome"] == "N"
    moves = result["winning_moves"]
    assert moves, "a won position has a winning move"
    assert result["winning_move"] == moves[0]
    children = sprouts.children(position)
    for move in moves:
        assert move in children
        assert sprouts.solve(move, misere=misere)["outcome"] == "P"
    # And the other children are won for the opponent: the list is complete.
    for child in children:
        if child not in moves:
            assert sprouts.solve(child, misere=misere, moves=False)["outcome"] == "N"


@pytest.mark.parametrize(
    "position, misere", [("0*6", False), ("0*7", False), ("0*2", True), ("0*4", True), ("0*7", True)]
)
def test_lost_positions_have_only_won_children(position, misere):
    result = sprouts.solve(position, misere=misere)
    assert result["outcome"] == "P"
    assert result["winning_moves"] == [] and result["winning_move"] is None
    for child in sprouts.children(position):
        assert sprouts.solve(child, misere=misere, moves=False)["outcome"] == "N"


@pytest.mark.parametrize(
    "position, misere, nimber",
    [("0*5", False, True), ("0*8", False, True), ("0*9", False, False), ("0*6", True, False),
     ("0*8", True, False), ("0*3+0*4", False, True), ("0*5", True, True)],
)
def test_one_and_two_threads_agree(position, misere, nimber):
    one = sprouts.solve(position, misere=misere, nimber=nimber, threads=1)
    two = sprouts.solve(position, misere=misere, nimber=nimber, threads=2)
    assert one["threads"] == 1 and two["threads"] == 2
    for key in ("position", "outcome", "nimber", "winning_moves", "winning_move"):
        assert one[key] == two[key], key


def test_terminal_position():
    normal = sprouts.solve("!")
    assert normal["outcome"] == "P" and normal["winning_moves"] == []
    # Misère play: the player who cannot move wins.
    assert sprouts.solve("!", misere=True)["outcome"] == "N"
    assert sprouts.children("!") == []


@pytest.mark.parametrize("n", range(2, 11))
def test_children_of_the_starts(n):
    # The n-spot start has floor((n - 1) / 2) + 2 distinct children (n >= 2).
    children = sprouts.children(start(n))
    assert len(children) == (n - 1) // 2 + 2
    assert len(set(children)) == len(children)
    assert all(sprouts.canon(c) == c for c in children)


def test_canon():
    assert sprouts.canon("0*2") == "0*2"
    assert sprouts.canon("0.0") == "0*2"
    assert sprouts.canon("0.0.}]!") == "0*2"  # the 2007 notation
    assert sprouts.canon("0.0.0.}]!") == "0*3"
    assert sprouts.canon("0*3+0*2") == sprouts.canon("0*2+0*3")
    assert sprouts.canon("!") == "!"


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "empty input"),
        ("0*", "bad count"),
        ("0*x", "bad count"),
        ("Z", "uppercase letter 'Z'"),
        ("0.1a", "lowercase letter 'a'"),
        ("0*2+", "unexpected end of input"),
        ("0*100000", "at most"),  # absurd size: refused by the parser, not searched
    ],
)
def test_malformed_positions(text, words):
    for call in (sprouts.canon, sprouts.children, sprouts.solve):
        with pytest.raises(ValueError) as error:
            call(text)
        message = str(error.value)
        assert message.startswith("position ")
        assert words in message


@pytest.mark.parametrize("threads", [0, -1, 1025])
def test_bad_thread_counts(threads):
    with pytest.raises(ValueError, match="threads"):
        sprouts.solve("0*3", threads=threads)
