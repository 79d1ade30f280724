"""sprague.distributed on a local Ray cluster: the engine's proof-number master with 1, 2 and 4
actors gives the published outcomes and the native solver's winning moves and nimbers, in normal and
misère play; a run survives a killed actor and resumes from its checkpoint; a damaged checkpoint or
one of another question is refused. Skipped without Ray."""

import json
import os
import subprocess
import sys

import pytest

ray = pytest.importorskip("ray")

import sprague  # noqa: E402
from sprague import distributed, sprouts  # noqa: E402

#: DESIGN.md: misère n = 1..12 spots, W when the first player wins.
PUBLISHED_MISERE = "WLLLWWLLLWWW"


def published_outcome(n, misere=False):
    """Normal play: the first player loses n spots iff n mod 6 is 0, 1 or 2 (DESIGN.md)."""
    if misere:
        return "N" if PUBLISHED_MISERE[n - 1] == "W" else "P"
    return "P" if n % 6 in (0, 1, 2) else "N"


def test_starts_and_stops_its_own_ray():
    # Runs first, before the module's cluster exists: solve() starts Ray with num_cpus=workers and
    # shuts down only the Ray it started.
    assert not ray.is_initialized()
    result = distributed.solve("0*5", workers=2)
    assert not ray.is_initialized()
    assert result["outcome"] == "N" == published_outcome(5)
    assert result["winning_moves"] == sprouts.solve("0*5", threads=1)["winning_moves"]
    assert result["jobs"] >= 1 and result["retried"] == 0 and result["checked_entries"] > 0


@pytest.fixture(scope="module")
def cluster():
    """One local Ray cluster for the other tests, declared with 4 CPUs so that 4 actors fit (they
    time-share the machine's cores); solve() reuses a Ray it finds."""
    ray.init(num_cpus=4, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.mark.parametrize("actors", [1, 2, 4])
@pytest.mark.parametrize(
    "spots, misere", [(5, False), (6, False), (7, False), (5, True), (6, True)]
)
def test_same_answers_for_every_actor_count(cluster, spots, misere, actors):
    position = f"0*{spots}"
    # Small jobs, so that the master's tree grows and the actors share the work.
    result = distributed.solve(
        position, workers=actors, misere=misere, nimber=not misere, job_nodes=200
    )
    assert result["outcome"] == published_outcome(spots, misere)
    native = sprouts.solve(position, misere=misere, nimber=not misere, threads=1)
    assert result["winning_moves"] == native["winning_moves"]
    if not misere:
        # The n-spot start's nimber is 1 when the first player wins, else 0 (Lemoine–Viennot).
        assert result["nimber"] == (1 if result["outcome"] == "N" else 0) == native["nimber"]
    assert result["retried"] == 0


def test_the_base_given_receives_what_was_learned(cluster):
    base = sprague.Base()
    result = distributed.solve("0*6", workers=2, base=base, job_nodes=300)
    assert result["base"] is base and len(base) > 0
    # The base handed back passes the engine's complete check.
    assert sprague.Base.from_bytes(base.to_bytes()) == base


def test_survives_a_killed_actor(cluster):
    result = distributed.solve("0*7", workers=2, job_nodes=300, _kill_after=1)
    assert result["retried"] >= 1
    assert result["outcome"] == "P" == published_outcome(7)
    assert result["winning_moves"] == []


def test_resumes_from_checkpoint(cluster, tmp_path):
    ck = tmp_path / "run.ck"
    with pytest.raises(distributed.DistributedError, match="test hook"):
        distributed.solve("0*8", workers=2, job_nodes=100, checkpoint=str(ck), _stop_after=5)
    assert ck.exists()
    resumed = distributed.solve("0*8", workers=2, job_nodes=100, checkpoint=str(ck))
    assert resumed["outcome"] == published_outcome(8)
    assert resumed["winning_moves"] == sprouts.solve("0*8", threads=1)["winning_moves"]

    # A checkpoint of another question, or a damaged one, is refused with its reason.
    with pytest.raises(distributed.DistributedError, match="another position"):
        distributed.solve("0*7", workers=2, checkpoint=str(ck))
    with pytest.raises(distributed.DistributedError, match="another position"):
        distributed.solve("0*8", workers=2, misere=True, checkpoint=str(ck))
    data = ck.read_bytes()
    ck.write_bytes(data[: len(data) // 2])
    with pytest.raises(distributed.DistributedError, match="damaged|truncated|not a checkpoint"):
        distributed.solve("0*8", workers=2, checkpoint=str(ck))
    ck.write_bytes(b"not a checkpoint at all")
    with pytest.raises(distributed.DistributedError):
        distributed.solve("0*8", workers=2, checkpoint=str(ck))


def test_bad_arguments():
    with pytest.raises(ValueError):
        distributed.solve("0*5", workers=0)
    with pytest.raises(ValueError):
        distributed.solve("0*5", job_nodes=0)
    with pytest.raises(ValueError):
        distributed.solve("not a position")
    with pytest.raises(ValueError, match="normal-play"):
        distributed.solve("0*5", misere=True, nimber=True)


def test_command_line(tmp_path):
    save = tmp_path / "b.bin"
    out = subprocess.run(
        [sys.executable, "-m", "sprague.distributed", "0*5", "--workers", "2",
         "--nimber", "--save", str(save), "--progress"],
        capture_output=True, text=True, check=True, env=dict(os.environ),
    )
    result = json.loads(out.stdout)
    assert result["outcome"] == "N" and result["nimber"] == 1
    assert result["winning_moves"] == sprouts.solve("0*5", threads=1)["winning_moves"]
    assert "jobs" in out.stderr and "nodes/s" in out.stderr
    saved = sprague.Base.load(save)
    assert len(saved) == result["base_entries"] > 0
