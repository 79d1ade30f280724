"""sprague.Base: solving with a base, saving, loading (verified), merging, checking."""

import warnings

import pytest

import sprague
from sprague import Base, sprouts


@pytest.fixture()
def solved_base():
    """A base that learned the 6-spot start (normal play, with its nimber) and 5 spots misère."""
    base = Base()
    sprouts.solve("0*6", nimber=True, base=base)
    sprouts.solve("0*5", misere=True, base=base)
    return base


def test_empty_base():
    base = Base()
    assert len(base) == 0 and base.nimber_count == 0 and base.misere_count == 0
    assert base == Base()
    assert "0 nimbers" in repr(base)
    assert sprague.Base is sprouts.Base


def test_solve_adds_to_the_base_and_reads_from_it():
    base = Base()
    first = sprouts.solve("0*7", base=base)
    assert len(base) > 0
    assert base.nimber("0*7") == 0  # 7 spots: lost, nimber 0
    again = sprouts.solve("0*7", base=base)
    assert again["outcome"] == first["outcome"] == "P"
    assert again["nodes"] < first["nodes"]  # answered from the base


def test_misere_entries(solved_base):
    assert solved_base.misere_count > 0
    assert solved_base.misere_outcome("0*5") == "N"
    assert solved_base.misere_outcome("0*2+0*3+0*4") is None


def holds_all_of(base, entries):
    """Whether ``base`` has every entry of ``entries``, with the same values. (A loaded base may
    hold more: the check keeps what its solver proved on the way.)"""
    before = len(base)
    return base.merge(entries) == [] and len(base) == before


def test_round_trip_binary_and_text(solved_base, tmp_path):
    for name in ("base.bin", "base.spr"):
        path = tmp_path / name
        solved_base.save(path)
        loaded = Base.load(path)
        assert len(loaded) >= len(solved_base)
        assert holds_all_of(loaded, solved_base)
        assert loaded.nimber("0*6") == 0
    assert (tmp_path / "base.spr").read_text().startswith("[Positions+Nimber]")
    assert holds_all_of(Base.load(str(tmp_path / "base.bin")), solved_base)  # a str path too
    assert holds_all_of(Base.from_bytes(solved_base.to_bytes()), solved_base)
    assert holds_all_of(Base.from_bytes(solved_base.to_glop_text().encode()), solved_base)
    # Saved again, a loaded base reads back the same.
    loaded = Base.load(tmp_path / "base.bin")
    loaded.save(tmp_path / "again.bin")
    assert Base.load(tmp_path / "again.bin") == loaded
    assert (tmp_path / "again.bin").read_bytes() == loaded.to_bytes()


def test_loaded_base_answers(solved_base, tmp_path):
    path = tmp_path / "b.bin"
    solved_base.save(path)
    loaded = Base.load(path)
    fresh = sprouts.solve("0*6", nimber=True)
    known = sprouts.solve("0*6", nimber=True, base=loaded)
    assert known["outcome"] == fresh["outcome"] and known["nimber"] == fresh["nimber"]
    assert known["nodes"] < fresh["nodes"]
    # Two threads on a loaded base: the same answer.
    assert sprouts.solve("0*6", nimber=True, base=loaded, threads=2)["nimber"] == 0


def test_merge(solved_base):
    other = Base()
    sprouts.solve("0*4", nimber=True, base=other)
    sprouts.solve("0*6", misere=True, base=other)
    merged = Base()
    assert merged.merge(solved_base) == []
    assert merged == solved_base
    assert merged.merge(other) == []  # right values never conflict
    assert len(merged) >= max(len(solved_base), len(other))
    assert merged.misere_outcome("0*6") == "N" and merged.nimber("0*6") == 0
    assert merged.merge(merged) == []
    report = merged.check()
    assert report["all_verified"] and report["wrong"] == [] and report["unverifiable"] == []
    assert report["verified"] == len(merged)


def test_check(solved_base):
    report = solved_base.check()
    assert report == {
        "verified": len(solved_base),
        "computed": report["computed"],
        "wrong": [],
        "unverifiable": [],
        "all_verified": True,
    }


def wrong_text(base):
    """The base's GLOP text with one nimber changed."""
    lines = base.to_glop_text().splitlines()
    for i, line in enumerate(lines):
        position, _, value = line.rpartition(" ")
        if value.isdigit() and position == "0*6":
            lines[i] = "%s %d" % (position, int(value) + 1)
            return "\n".join(lines) + "\n"
    raise AssertionError("0*6 is in the base")


def test_a_base_with_a_wrong_entry_is_refused(solved_base, tmp_path):
    text = wrong_text(solved_base)
    path = tmp_path / "wrong.spr"
    path.write_text(text)
    with pytest.raises(ValueError, match=r"1 wrong entry.*0\*6 nimber 1"):
        Base.load(path)
    with pytest.raises(ValueError, match="wrong"):
        Base.from_bytes(text.encode())


def test_unverifiable_entries_are_left_out_with_a_warning():
    # A right claim (7 spots: nimber 0) that no other entry proves, with no solver budget.
    text = "[Positions+Nimber]\n0*7 0\n"
    with pytest.warns(UserWarning, match="could not be verified"):
        base = Base.from_bytes(text.encode(), budget=0)
    assert len(base) == 0
    # With the default budget the solver verifies it.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert Base.from_bytes(text.encode()).nimber("0*7") == 0


@pytest.mark.parametrize(
    "data, words",
    [
        (b"", "empty"),
        (b"\x00\x01\x02garbage", "not a Sprouts base"),
        (b"\x14sprague-sprouts-base\x01", "binary base"),
        (b"[Positions+Nimber]\n0*x 1\n", "line 2"),
        (b"0*3 1\n", "header"),
    ],
)
def test_unreadable_bases(data, words):
    with pytest.raises(ValueError, match=words):
        Base.from_bytes(data)


def test_missing_file(tmp_path):
    with pytest.raises(FileNotFoundError):
        Base.load(tmp_path / "nothing.bin")
