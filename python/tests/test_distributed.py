"""sprague.distributed on a local Ray cluster: the same answers as the native solver, a run that
survives a killed actor, and a run resumed from its checkpoint. Skipped without Ray
(scripts/python-test-ray installs it)."""

import base64
import json
import os
import subprocess
import sys

import pytest

ray = pytest.importorskip("ray")

import sprague  # noqa: E402
from sprague import distributed, sprouts  # noqa: E402


def published_outcome(n):
    """Normal-play Sprouts on n spots is lost for the first player iff n mod 6 is 0, 1 or 2."""
    return "P" if n % 6 in (0, 1, 2) else "N"


def test_starts_and_stops_its_own_ray():
    # Runs first, before the module's cluster exists: solve() starts Ray with num_cpus=workers and
    # shuts down only the Ray it started.
    assert not ray.is_initialized()
    result = distributed.solve("0*5", workers=2)
    assert not ray.is_initialized()
    assert result["outcome"] == "N"
    assert result["winning_moves"] == ["0*2.AB|0*2.AB"]
    assert result["jobs"] == len(sprouts.children("0*5"))
    assert result["workers"] == 2 and result["retried"] == 0


@pytest.fixture(scope="module")
def cluster():
    """One local Ray cluster of 2 CPUs for the other tests (solve() reuses a Ray it finds)."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


@pytest.mark.parametrize(
    "position, misere",
    [("0*5", False), ("0*6", False), ("0*7", False), ("0*5", True)],
)
def test_same_answer_as_native(cluster, position, misere):
    base = sprague.Base()
    result = distributed.solve(position, workers=2, misere=misere, base=base)
    native = sprouts.solve(position, misere=misere, threads=1)
    assert result["outcome"] == native["outcome"]
    assert set(result["winning_moves"]) == set(native["winning_moves"])
    assert result["jobs"] == len(sprouts.children(position))
    assert result["retried"] == 0
    assert result["base"] is base and len(base) > 0
    if not misere:
        assert result["outcome"] == published_outcome(int(position[2:]))
    # The merged base passes the engine's complete check.
    assert sprague.Base.from_bytes(base.to_bytes()) == base


def test_survives_a_killed_actor(cluster):
    result = distributed.solve("0*7", workers=2, _kill_after=1)
    assert result["retried"] >= 1
    assert result["outcome"] == "P" == published_outcome(7)
    assert result["winning_moves"] == []
    assert result["jobs"] == len(sprouts.children("0*7"))


def test_resumes_from_checkpoint(cluster, tmp_path):
    ck = tmp_path / "run.json"
    first = distributed.solve("0*6", workers=2, checkpoint=str(ck))
    assert first["outcome"] == "P" and first["jobs"] == 4
    data = json.loads(ck.read_text())
    assert data["position"] == "0*6" and set(data["answered"]) == set(sprouts.children("0*6"))

    second = distributed.solve("0*6", workers=2, checkpoint=str(ck))
    assert second["jobs"] == 0
    assert second["outcome"] == first["outcome"]
    assert second["winning_moves"] == first["winning_moves"]
    assert second["base"] == first["base"]

    # A partial checkpoint: only the answered children are left out.
    data["answered"] = dict(list(data["answered"].items())[:2])
    ck.write_text(json.dumps(data))
    third = distributed.solve("0*6", workers=2, checkpoint=str(ck))
    assert third["jobs"] == 2 and third["outcome"] == "P"

    # A checkpoint of another run is refused.
    with pytest.raises(distributed.DistributedError):
        distributed.solve("0*5", workers=2, checkpoint=str(ck))


def test_command_line(tmp_path):
    # Joins no cluster: with a complete checkpoint (its claims verified) the command answers
    # without starting Ray.
    ck = tmp_path / "run.json"
    ck.write_text(
        json.dumps(
            {
                "version": 1,
                "position": "0*5",
                "misere": False,
                "answered": {c: sprouts.solve(c, moves=False)["outcome"]
                             for c in sprouts.children("0*5")},
                "base": base64.b64encode(sprague.Base().to_bytes()).decode(),
            }
        )
    )
    save = tmp_path / "b.bin"
    out = subprocess.run(
        [sys.executable, "-m", "sprague.distributed", "0*5", "--workers", "2",
         "--checkpoint", str(ck), "--save", str(save)],
        capture_output=True, text=True, check=True, env=dict(os.environ),
    )
    result = json.loads(out.stdout)
    assert result["outcome"] == "N" and result["winning_moves"] == ["0*2.AB|0*2.AB"]
    assert result["jobs"] == 0
    # The checkpoint's claims were solved again to be believed: the saved base holds that proof.
    saved = sprague.Base.load(save)
    assert len(saved) > 0 and saved.check()["all_verified"]


def forged_checkpoint(path, claims, base=None):
    path.write_text(
        json.dumps(
            {
                "version": 1,
                "position": "0*3",
                "misere": False,
                "answered": claims,
                "base": base if base is not None else base64.b64encode(sprague.Base().to_bytes()).decode(),
            }
        )
    )


def test_a_forged_checkpoint_is_refused(tmp_path):
    # The forged file: every child of 0*3 claimed N, which would make 0*3 P; it is N.
    ck = tmp_path / "forged.json"
    forged_checkpoint(ck, {c: "N" for c in sprouts.children("0*3")})
    with pytest.raises(distributed.DistributedError, match="but it is P"):
        distributed.solve("0*3", workers=1, checkpoint=str(ck))
    # Claims of no child, or of no outcome, and a damaged base or file, are refused too.
    for claims, base, reason in [
        ({"0*7": "P"}, None, "not a child"),
        ({sprouts.children("0*3")[0]: "maybe"}, None, "not N or P"),
        ({}, "!!not base64!!", "base64"),
        ({}, base64.b64encode(b"[Positions+Nimber]\n0*3 0\n").decode(), "base is refused"),
    ]:
        forged_checkpoint(ck, claims, base)
        with pytest.raises(distributed.DistributedError, match=reason):
            distributed.solve("0*3", workers=1, checkpoint=str(ck))
    ck.write_text("{ not json")
    with pytest.raises(distributed.DistributedError, match="not JSON"):
        distributed.solve("0*3", workers=1, checkpoint=str(ck))
    # The true claims are believed, and the answer needs no Ray at all.
    truth = {c: sprouts.solve(c, moves=False)["outcome"] for c in sprouts.children("0*3")}
    forged_checkpoint(ck, truth)
    assert distributed.solve("0*3", workers=1, checkpoint=str(ck))["outcome"] == "N"
