"""The example notebook: valid JSON in the notebook format, outputs cleared, importing only the
module and matplotlib; its code runs (when matplotlib is installed)."""

import ast
import json
from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).resolve().parent.parent / "examples" / "independence_game.ipynb"


def load():
    with open(NOTEBOOK, encoding="utf-8") as f:
        return json.load(f)


def code_cells(notebook):
    return ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]


def test_notebook_is_well_formed():
    notebook = load()
    assert notebook["nbformat"] == 4
    assert notebook["cells"]
    for cell in notebook["cells"]:
        assert cell["cell_type"] in ("markdown", "code")
        assert isinstance(cell["source"], list)
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None


def test_notebook_imports_only_the_module_and_matplotlib():
    imported = set()
    for source in code_cells(load()):
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                imported.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                imported.add(node.module.split(".")[0])
    assert imported <= {"sprague", "matplotlib"}
    assert {"sprague", "matplotlib"} <= imported


def test_notebook_runs(monkeypatch):
    pytest.importorskip("matplotlib")
    monkeypatch.setenv("MPLBACKEND", "Agg")
    import matplotlib

    matplotlib.use("Agg")
    namespace = {}
    for source in code_cells(load()):
        exec(compile(source, str(NOTEBOOK), "exec"), namespace)
    assert namespace["found"]["period"] == 34
