"""Type stubs of the native module ``sprague._sprague`` (use :mod:`sprague.heap`,
:mod:`sprague.sprouts`, :mod:`sprague.graph` and :class:`sprague.Base`)."""

from os import PathLike
from typing import Any, Dict, List, Optional, Tuple, Union, final

__all__ = [
    "__version__",
    "Base",
    "BoundExceeded",
    "DistributedMaster",
    "DistributedWorker",
    "GraphBase",
    "graph_board_size",
    "graph_layout",
    "graph_parse",
    "graph_preset",
    "graph_presets",
    "graph_solve",
    "graph_text",
    "heap_analyze",
    "heap_canonical_code",
    "heap_named_games",
    "heap_moves",
    "heap_period",
    "heap_sequence",
    "heap_sequence_bytes",
    "sprouts_canon",
    "sprouts_children",
    "sprouts_solve",
    "sprouts_svg",
]
__version__: str

_Path = Union[str, "PathLike[str]"]

class BoundExceeded(RuntimeError):
    """A call passed a bound it was given (max_seconds, max_memory, max_nodes) or the default memory
    budget (a third of the machine's); what it proved is kept in the base it was given, if any."""

def heap_sequence(
    code: str, to: int, max_seconds: Optional[float] = None, max_memory: Optional[int] = None
) -> List[int]: ...
def heap_sequence_bytes(
    code: str, to: int, max_seconds: Optional[float] = None, max_memory: Optional[int] = None
) -> bytes: ...
def heap_moves(code: str, size: int) -> List[Tuple[int, List[int]]]: ...
def heap_canonical_code(code: str) -> str: ...
def heap_named_games() -> List[Tuple[str, str, str]]: ...
def heap_period(
    code: str, max: int, max_seconds: Optional[float] = None, max_memory: Optional[int] = None
) -> Optional[Dict[str, Any]]: ...
def heap_analyze(
    code: str,
    heaps: List[int],
    misere: bool,
    max_seconds: Optional[float] = None,
    max_memory: Optional[int] = None,
    remoteness_budget: Optional[int] = None,
) -> Dict[str, Any]: ...
def sprouts_canon(position: str) -> str: ...
def sprouts_children(position: str) -> List[str]: ...
def sprouts_svg(position: str) -> str: ...
def sprouts_solve(
    position: str,
    misere: bool,
    nimber: bool,
    base: Optional["Base"],
    threads: int,
    moves: bool,
    max_seconds: Optional[float] = None,
    max_memory: Optional[int] = None,
    max_nodes: Optional[int] = None,
) -> Dict[str, Any]: ...

_Edges = List[Tuple[int, int]]

def graph_solve(
    vertices: int,
    edges: _Edges,
    misere: bool,
    moves: List[int],
    base: Optional["GraphBase"],
    max_memory: int,
    max_seconds: Optional[float] = None,
    max_nodes: Optional[int] = None,
    remoteness_budget: Optional[int] = None,
) -> Dict[str, Any]: ...
def graph_preset(name: str) -> Tuple[int, _Edges]: ...
def graph_parse(text: str) -> Tuple[int, _Edges]: ...
def graph_text(vertices: int, edges: _Edges) -> str: ...
def graph_layout(
    vertices: int, edges: _Edges, preset: Optional[str] = None
) -> List[Tuple[float, float]]: ...
def graph_presets() -> List[str]: ...
def graph_board_size() -> float: ...

@final
class GraphBase:
    """What a Node Kayles solver has learned (component nimbers, misère outcomes of sums), kept
    between solves; ``load`` and ``from_bytes`` confirm every entry from the rules and refuse a
    base with a wrong one."""

    def __new__(cls, max_memory: int = 2048) -> "GraphBase":
        """An empty base whose tables may take at most ``max_memory`` MB (as the CLI's
        ``--max-memory``)."""
    @staticmethod
    def load(path: _Path, max_memory: int = 2048) -> "GraphBase":
        """Read a graph base file (as ``sprague graph solve --save`` writes it) and confirm every
        entry from the rules: ValueError if any is wrong, a UserWarning for entries left out."""
    @staticmethod
    def from_bytes(data: bytes, max_memory: int = 2048) -> "GraphBase":
        """A base from bytes, confirmed as ``load`` confirms a file."""
    def save(self, path: _Path) -> None:
        """Write the base (the CLI's ``--base`` reads it)."""
    def to_bytes(self) -> bytes:
        """The base's bytes."""
    def __len__(self) -> int:
        """Positions learned."""

@final
class Base:
    """A Sprouts base: proven normal-play nimbers and misère outcomes of canonical positions.

    ``Base.load`` and ``Base.from_bytes`` verify every entry with the engine's complete check
    before the base is used; a solve adds only what it proved.
    """

    def __init__(self) -> None:
        """An empty base."""
    @staticmethod
    def load(
        path: _Path,
        budget: Optional[int] = None,
        max_seconds: Optional[float] = None,
        max_memory: Optional[int] = None,
        max_nodes: Optional[int] = None,
    ) -> "Base":
        """Read a base file (binary or GLOP text) and verify every entry; ValueError if any is
        wrong, a UserWarning for entries that could not be verified (they are left out)."""
    @staticmethod
    def from_bytes(
        data: bytes,
        budget: Optional[int] = None,
        max_seconds: Optional[float] = None,
        max_memory: Optional[int] = None,
        max_nodes: Optional[int] = None,
    ) -> "Base":
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
    def check(
        self,
        budget: Optional[int] = None,
        max_seconds: Optional[float] = None,
        max_memory: Optional[int] = None,
        max_nodes: Optional[int] = None,
    ) -> Dict[str, Any]:
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

@final
class DistributedMaster:
    """The engine's proof-number master of a distributed run (see :mod:`sprague.distributed`)."""

    def __new__(
        cls,
        position: str,
        misere: bool,
        nimber: bool,
        moves: bool,
        base: Optional[Base] = None,
        job_nodes: int = ...,
        checkpoint: Optional[bytes] = None,
    ) -> "DistributedMaster": ...
    def next_job(self, actor: int) -> Optional[Tuple[int, bytes]]:
        """The next job for actor ``actor`` as ``(id, bytes)``, or None when none can be handed
        out now."""
    def relay_for(self, actor: int) -> List[bytes]:
        """The batches of learned entries actor ``actor`` has not been sent yet."""
    def report(self, actor: int, report: bytes) -> None:
        """Take in an actor's report; ValueError when it is damaged."""
    def release(self, job: int) -> None:
        """The job of an actor that died goes out again."""
    def forget_actor(self, actor: int) -> None:
        """Actor ``actor`` was replaced: it is sent everything again."""
    def is_done(self) -> bool: ...
    def progress(self) -> Dict[str, int]:
        """Jobs, nodes, the tree and the goals' proof and disproof numbers."""
    def checkpoint(self) -> bytes:
        """The run as bytes, to resume from."""
    def answer(self, threads: int) -> Optional[Dict[str, Any]]:
        """The answer from checked entries only (None before the run is done)."""
    def verified_base(self) -> Base:
        """The master's base, every entry checked."""

@final
class DistributedWorker:
    """One actor's engine of a distributed run, kept from job to job."""

    def __new__(cls, misere: bool) -> "DistributedWorker": ...
    def run(
        self,
        shared: List[bytes],
        job: bytes,
        max_seconds: Optional[float] = None,
        max_memory: Optional[int] = None,
    ) -> bytes:
        """Take in ``shared``, run ``job``, return the report's bytes."""
    def totals(self) -> Tuple[int, int]:
        """Jobs run and nodes searched."""
