"""Type stubs of the native module ``sprague._sprague`` (use :mod:`sprague.heap`,
:mod:`sprague.sprouts` and :class:`sprague.Base`)."""

from os import PathLike
from typing import Any, Dict, List, Optional, Union, final

__all__ = [
    "__version__",
    "Base",
    "heap_analyze",
    "heap_canonical_code",
    "heap_period",
    "heap_sequence",
    "sprouts_canon",
    "sprouts_children",
    "sprouts_solve",
]
__version__: str

_Path = Union[str, "PathLike[str]"]

def heap_sequence(code: str, to: int) -> List[int]: ...
def heap_canonical_code(code: str) -> str: ...
def heap_period(code: str, max: int) -> Optional[Dict[str, Any]]: ...
def heap_analyze(code: str, heaps: List[int], misere: bool) -> Dict[str, Any]: ...
def sprouts_canon(position: str) -> str: ...
def sprouts_children(position: str) -> List[str]: ...
def sprouts_solve(
    position: str,
    misere: bool,
    nimber: bool,
    base: Optional["Base"],
    threads: int,
    moves: bool,
) -> Dict[str, Any]: ...

@final
class Base:
    """A Sprouts base: proven normal-play nimbers and misère outcomes of canonical positions.

    ``Base.load`` and ``Base.from_bytes`` verify every entry with the engine's complete check
    before the base is used; a solve adds only what it proved.
    """

    def __init__(self) -> None:
        """An empty base."""
    @staticmethod
    def load(path: _Path, budget: Optional[int] = None) -> "Base":
        """Read a base file (binary or GLOP text) and verify every entry; ValueError if any is
        wrong, a UserWarning for entries that could not be verified (they are left out)."""
    @staticmethod
    def from_bytes(data: bytes, budget: Optional[int] = None) -> "Base":
        """A base from bytes in either format, verified as ``load`` verifies a file."""
    def save(self, path: _Path) -> None:
        """Write the base: GLOP text for ``.spr``/``.txt`` names, else the binary base."""
    def to_bytes(self) -> bytes:
        """Sprague's binary base."""
    def to_glop_text(self) -> str:
        """GLOP's text format."""
    def merge(self, other: "Base") -> List[Dict[str, str]]:
        """Add ``other``'s entries; conflicts (this base's value kept) as
        ``{"position", "kept", "other"}`` dicts."""
    def check(self, budget: Optional[int] = None) -> Dict[str, Any]:
        """The engine's complete check: ``verified``, ``computed``, ``wrong``, ``unverifiable``,
        ``all_verified``."""
    def nimber(self, position: str) -> Optional[int]:
        """The stored normal-play nimber of a position, if known."""
    def misere_outcome(self, position: str) -> Optional[str]:
        """The stored misère outcome of a position: ``"P"``, ``"N"`` or None."""
    @property
    def nimber_count(self) -> int:
        """Positions with a stored nimber."""
    @property
    def misere_count(self) -> int:
        """Positions with a stored misère outcome."""
    def __len__(self) -> int:
        """Entries in all."""
    def __eq__(self, other: object, /) -> bool:
        """Bases are equal when they hold the same entries."""
