"""The example notebooks (python/examples/*.ipynb): well formed with outputs cleared, importing only
the package and its companions, every code cell but the imports asserting what it shows, and each
run top to bottom in a Jupyter kernel (nbclient), where a failing assert fails the test."""

import ast
import json
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
NOTEBOOKS = sorted(EXAMPLES.glob("*.ipynb"))
# What a notebook may import: the package, and what `pip install sprague[graphs,examples]` brings.
ALLOWED = {"sprague", "matplotlib", "networkx", "IPython", "functools"}


def code_cells(path):
    with open(path, encoding="utf-8") as f:
        notebook = json.load(f)
    return ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]


def imports(source):
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.add(node.module.split(".")[0])
    return names


def test_the_three_notebooks_are_there():
    assert {p.name for p in NOTEBOOKS} >= {
        "independence_game.ipynb",
        "node_kayles.ipynb",
        "sprouts.ipynb",
    }


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_is_well_formed(path):
    with open(path, encoding="utf-8") as f:
        notebook = json.load(f)
    assert notebook["nbformat"] == 4
    assert notebook["cells"]
    for cell in notebook["cells"]:
        assert cell["cell_type"] in ("markdown", "code")
        assert isinstance(cell["source"], list)
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_imports_only_the_package_and_its_companions(path):
    imported = set().union(*(imports(source) for source in code_cells(path)))
    assert "sprague" in imported
    assert imported <= ALLOWED, imported - ALLOWED


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_every_cell_asserts_what_it_shows(path):
    for source in code_cells(path):
        tree = ast.parse(source)
        only_imports = all(
            isinstance(node, (ast.Import, ast.ImportFrom))
            or (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call))
            for node in tree.body
        )
        if not only_imports:
            assert any(isinstance(node, ast.Assert) for node in ast.walk(tree)), source


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_runs_top_to_bottom(path, tmp_path, monkeypatch):
    monkeypatch.setenv("MPLBACKEND", "Agg")
    # The kernel starts where a reader would open the notebook, away from the source tree.
    monkeypatch.chdir(tmp_path)
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=600, kernel_name="python3").execute()
    outputs = [o for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    # What a notebook shows is drawn: the Sprouts and graph notebooks display SVG pictures.
    if path.stem in ("sprouts", "node_kayles"):
        assert any("image/svg+xml" in o.get("data", {}) for o in outputs)
