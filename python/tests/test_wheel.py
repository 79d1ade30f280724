"""The wheel that scripts/python-test builds (maturin, abi3) installs into a fresh virtual
environment, with no Rust and no source tree in sight, imports, and answers."""

import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

WHEEL = os.environ.get("SPRAGUE_WHEEL")


@pytest.mark.skipif(not WHEEL, reason="scripts/python-test builds the wheel and names it in SPRAGUE_WHEEL")
def test_the_wheel_installs_into_a_fresh_venv_and_answers(tmp_path):
    wheel = Path(WHEEL).resolve()
    # abi3: one wheel for every CPython from 3.9 on, on manylinux x86-64.
    assert "-cp39-abi3-manylinux" in wheel.name and wheel.name.endswith("_x86_64.whl")
    env_dir = tmp_path / "fresh"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    clean = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    subprocess.run(
        [python, "-m", "pip", "install", "--quiet", "--no-index", "--disable-pip-version-check", wheel],
        check=True,
        env=clean,
        cwd=tmp_path,
    )
    script = (
        "import sprague, sys\n"
        "from sprague import graph, heap, sprouts\n"
        "assert sprague.__file__.startswith(sys.prefix), sprague.__file__\n"
        "print(heap.sequence('0.137', 6)[5], sprouts.solve('0*4')['outcome'],"
        " graph.solve('3:0-1,1-2').nimber)\n"
    )
    out = subprocess.run(
        [python, "-c", script], check=True, capture_output=True, text=True, env=clean, cwd=tmp_path
    )
    # Without numpy the sequence is a list; the answers are the published ones.
    assert out.stdout.split() == ["3", "N", "2"]
