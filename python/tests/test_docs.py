"""Every public name has a docstring with an example, and every example runs as a doctest: the
modules', the classes' and their methods' (the native classes' docstrings come from the Rust doc
comments in python/src/)."""

import dataclasses
import doctest
import inspect

import pytest

import sprague
from sprague import Base, graph, heap, sprouts

MODULES = [sprague, heap, sprouts, graph]
# Constants and type aliases carry no example.
NOT_CALLABLE = {"__version__", "MAX_VERTICES"}


def public_callables():
    for module in MODULES:
        for name in module.__all__:
            obj = getattr(module, name)
            if name in NOT_CALLABLE or inspect.ismodule(obj):
                continue
            if getattr(obj, "__module__", module.__name__) != module.__name__:
                continue  # a re-export (sprague.sprouts.Base is sprague.Base)
            yield f"{module.__name__}.{name}", obj
            # A dataclass's methods are generated from its fields; an exception's are inherited.
            if inspect.isclass(obj) and not (
                issubclass(obj, BaseException) or dataclasses.is_dataclass(obj)
            ):
                for member, value in vars(obj).items():
                    if member.startswith("_") and member not in ("__init__", "__len__", "__eq__"):
                        continue
                    if callable(value) or isinstance(value, (staticmethod, classmethod)):
                        yield f"{module.__name__}.{name}.{member}", getattr(obj, member)


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_module_docstrings_have_examples(module):
    assert module.__doc__ and ">>>" in module.__doc__


def home(name):
    """The module whose namespace an object's examples run in (``sprague.graph.Graph.parse``:
    ``sprague.graph``)."""
    return max((m for m in MODULES if name.startswith(m.__name__ + ".")), key=lambda m: len(m.__name__))


@pytest.mark.parametrize("name, obj", list(public_callables()), ids=lambda x: x if isinstance(x, str) else "")
def test_public_callables_have_examples_that_run(name, obj):
    doc = inspect.getdoc(obj)
    assert doc and doc.strip(), name
    # Records (an answer's fields), the graph protocol and exceptions have no behaviour to show.
    if inspect.isclass(obj) and (
        obj.__name__ in ("Component", "GraphAnswer", "NetworkxLike") or issubclass(obj, BaseException)
    ):
        return
    if name.endswith(("__eq__", "__len__")) and ">>>" not in doc:
        # Dunders of native classes: their class's examples use them.
        assert name.split(".")[-2] in ("Base", "GraphBase"), name
        return
    assert ">>>" in doc, name
    # Run them here too: doctest.testmod skips the native classes' static methods (no module).
    finder = doctest.DocTestFinder(recurse=False)
    runner = doctest.DocTestRunner()
    for test in finder.find(obj, name, module=False, globs=dict(vars(home(name)))):
        runner.run(test)
    assert runner.tries > 0 and runner.failures == 0, name


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_doctests(module):
    failures, tried = doctest.testmod(module)
    assert tried > 0 and failures == 0


def test_native_classes_live_in_their_modules():
    # Base is documented as sprague.Base, GraphBase as sprague.graph.GraphBase: testmod finds their
    # examples with their modules' (a class of another module would be skipped silently).
    assert Base.__module__ == "sprague"
    assert graph.GraphBase.__module__ == "sprague.graph"


def test_the_package_under_test_is_the_installed_wheel():
    # scripts/python-test installs the wheel and runs the tests against it, not python/sprague.
    assert "site-packages" in sprague.__file__
