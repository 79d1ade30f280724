"""Sprague: impartial combinatorial games on Sprague's Rust engine.

Every answer comes from the same engine as the ``sprague`` command line and the browser app; this
package only passes questions to it.

- :mod:`sprague.heap` — heap games given by a code (octal ``0.137``, ``0.07``, Grundy's game
  ``4!.0``, aliases such as ``"grundy"``): nim sequences, proven periods, positions in normal and
  misère play.
- :mod:`sprague.sprouts` — Sprouts: canonical forms, children, outcomes, nimbers and winning moves;
  :class:`sprague.sprouts.Position` draws itself in a notebook.
- :mod:`sprague.graph` — Node Kayles on any graph (a ``networkx.Graph``, an edge list, a preset):
  nimbers, outcomes, winning moves, each component's value, and a picture of the answer.
- :class:`sprague.Base` — a Sprouts base of proven values, verified when read from outside.

Errors from the engine (a malformed code or position, a size it refuses) raise :class:`ValueError`
with the engine's message. Long computations release the GIL and stop on Ctrl-C
(:class:`KeyboardInterrupt`), and take the CLI's bounds as keywords (``max_seconds``,
``max_memory``, and ``max_nodes`` for searches), past which they raise :class:`BoundExceeded`.

>>> import sprague
>>> sprague.graph.solve("5:0-1,1-2,2-3,3-4").nimber == int(sprague.heap.sequence("0.137", 6)[5])
True
"""

from ._sprague import Base, BoundExceeded, __version__
from . import graph, heap, sprouts

__all__ = ["Base", "BoundExceeded", "graph", "heap", "sprouts", "__version__"]
