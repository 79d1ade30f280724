"""Every public name has a docstring, and the examples in the module docstrings hold."""

import doctest

import pytest

import sprague
from sprague import Base, heap, sprouts


@pytest.mark.parametrize("module", [sprague, heap, sprouts])
def test_module_docstrings(module):
    assert module.__doc__ and module.__doc__.strip()
    for name in module.__all__:
        obj = getattr(module, name)
        if name != "__version__":
            assert obj.__doc__ and obj.__doc__.strip(), f"{module.__name__}.{name}"


def test_base_docstrings():
    for name in ("load", "from_bytes", "save", "to_bytes", "to_glop_text", "merge", "check",
                 "nimber", "misere_outcome", "nimber_count", "misere_count", "__len__"):
        assert getattr(Base, name).__doc__, name


@pytest.mark.parametrize("module", [heap, sprouts])
def test_doctests(module):
    failures, tried = doctest.testmod(module)
    assert tried > 0 and failures == 0
