"""Distributed Sprouts solving on Ray: a master splits a position at its root, Ray actors solve the
children, and what they learn is shared through merged bases.

>>> from sprague import distributed
>>> distributed.solve("0*5", workers=2)["outcome"]  # doctest: +SKIP
'N'

Needs Ray (``pip install ray``), which the package does not depend on. The command line::

    python -m sprague.distributed POSITION --workers N [--address ADDR] [--save BASE]
                                  [--misere] [--checkpoint FILE]

prints the answer as JSON.

How it works:

- The jobs are the root's distinct children (:func:`sprague.sprouts.children`); every child is
  solved, so the winning moves are complete: a child lost for its player to move (``"P"``) is a
  winning move, and the root is ``"N"`` iff some child is ``"P"``.
- ``workers`` actors each hold a :class:`sprague.Base`. With each job the master sends what the
  merged base learned that the actor has not seen yet; the actor merges it, solves the child on one
  thread and returns the outcome and the entries it learned (GLOP text). The master reads them
  (:meth:`sprague.Base.from_bytes` verifies every entry) and merges them into its base; a conflict
  (two values for one position) raises :class:`DistributedError`. At the end each actor's whole
  base is compared with the master's: entries the master lacks are verified and merged, a position
  with another value is a conflict. Only increments travel because verifying a whole base on every
  read costs several times the solve.
- An actor that dies (``ray.exceptions.RayActorError``) is replaced and its job resubmitted
  (counted in ``retried``).
- With ``checkpoint``, a JSON file (the answered children and the merged base, base64) is written
  after every finished job; a run that finds it resumes: answered children are not solved again.
  A checkpoint is verified before it is believed: its base entry by entry, and each answered child
  solved again from that base (at once when the base holds its proof); a forged or damaged one is
  refused with its reason.
"""

from __future__ import annotations

import argparse
import base64
import json
import os
import sys
import time
from collections import deque
from typing import Any, Dict, List, Optional, Set, Tuple

from . import sprouts
from ._sprague import Base

__all__ = ["solve", "SolverActor", "DistributedError", "main"]

#: How often one job may be resubmitted after its actor died before the run gives up.
MAX_RETRIES_PER_JOB = 3
CHECKPOINT_VERSION = 1


class DistributedError(RuntimeError):
    """A distributed run cannot go on: conflicting bases, a checkpoint of another run, or a job
    whose actors kept dying."""


def _sections(text: str) -> Dict[str, List[str]]:
    """GLOP base text as its sections (``[Positions+Nimber]``, …), in order, each its entry lines."""
    sections: Dict[str, List[str]] = {}
    current: Optional[List[str]] = None
    for line in text.splitlines():
        if line.startswith("["):
            current = sections.setdefault(line, [])
        elif line.strip() and current is not None:
            current.append(line)
    return sections


def _delta(text: str, known: Set[str]) -> Optional[bytes]:
    """The entries of the GLOP ``text`` that are not in ``known`` (a set of entry lines), as GLOP
    text with every section header; None when there are none."""
    out: List[str] = []
    new = False
    for header, lines in _sections(text).items():
        out.append(header)
        for line in lines:
            if line not in known:
                out.append(line)
                new = True
    return ("\n".join(out) + "\n").encode() if new else None


def _entries(text: str) -> Set[str]:
    return {line for lines in _sections(text).values() for line in lines}


def _combine(deltas: List[bytes]) -> Optional[bytes]:
    """Several GLOP deltas as one (section by section)."""
    if not deltas:
        return None
    merged: Dict[str, List[str]] = {}
    for d in deltas:
        for header, lines in _sections(d.decode()).items():
            merged.setdefault(header, []).extend(lines)
    out: List[str] = []
    for header, lines in merged.items():
        out.append(header)
        out.extend(lines)
    return ("\n".join(out) + "\n").encode()


class SolverActor:
    """Solves children of the root with a base of its own (wrapped by ``ray.remote`` in
    :func:`solve`).

    What goes between the master and the actors is only what the other side does not have yet, as
    GLOP text: :meth:`sprague.Base.from_bytes` verifies every entry it reads with the engine's
    complete check, which costs several times the solve when the whole base is sent each time.
    """

    def __init__(self) -> None:
        self.base = Base()
        self.known: Set[str] = set()  # entry lines the master has (sent to it or received from it)
        self.jobs = 0

    def solve_child(
        self, child: str, misere: bool, shared: Optional[bytes]
    ) -> Tuple[str, Optional[bytes]]:
        """Merge ``shared`` (what the master learned that this actor has not seen, or None) and
        solve ``child``; return ``(outcome, GLOP text of the entries the master lacks, or None)``."""
        if shared is not None:
            # Only what this actor lacks is read (and so verified): the master's increments also
            # hold what this actor sent it.
            text = shared.decode()
            fresh = _delta(text, self.known)
            if fresh is not None:
                conflicts = self.base.merge(Base.from_bytes(fresh))
                if conflicts:
                    raise DistributedError(
                        f"actor base conflicts with the shared base: {conflicts[:3]}"
                    )
            self.known |= _entries(text)
        result = sprouts.solve(child, misere=misere, base=self.base, threads=1, moves=False)
        self.jobs += 1
        text = self.base.to_glop_text()
        learned = _delta(text, self.known)
        self.known = _entries(text)
        return result["outcome"], learned

    def glop_text(self) -> str:
        """The whole base, as GLOP text."""
        return self.base.to_glop_text()

    def base_bytes(self) -> bytes:
        return self.base.to_bytes()

    def ping(self) -> int:
        return os.getpid()


def _merge_into(master: Base, data: bytes, source: str) -> None:
    """Merge bytes of a base (verified when read) into ``master``; raise on any conflict."""
    conflicts = master.merge(Base.from_bytes(data))
    if conflicts:
        raise DistributedError(
            f"{len(conflicts)} conflicting entries between the master base and {source}, "
            f"e.g. {conflicts[:3]}"
        )


def _read_checkpoint(path: str, position: str, misere: bool) -> Optional[Dict[str, Any]]:
    """The checkpoint at ``path`` if there is one and it is of this run (its claims are checked
    by :func:`_verified_answers`)."""
    if not os.path.exists(path):
        return None
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except ValueError as error:
        raise DistributedError(f"{path}: not a checkpoint (not JSON: {error})") from None
    if not isinstance(data, dict) or data.get("version") != CHECKPOINT_VERSION:
        raise DistributedError(f"{path}: not a checkpoint of this version")
    if data.get("position") != position or bool(data.get("misere")) != misere:
        raise DistributedError(
            f"{path}: checkpoint of {data.get('position')!r} "
            f"({'misere' if data.get('misere') else 'normal'}), not of {position!r} "
            f"({'misere' if misere else 'normal'})"
        )
    return data


def _verified_answers(
    path: str, data: Dict[str, Any], children: List[str], misere: bool, master: Base
) -> Dict[str, str]:
    """The answered children a checkpoint claims, each confirmed before the run believes it.

    A checkpoint is input from outside, like a base file. Its base is verified entry by entry as
    it is merged (:meth:`sprague.Base.from_bytes`); each claimed outcome is then solved again on
    this machine from that verified base (at once when the base holds its proof, as a real run's
    checkpoint does). A claim that is not a child, not ``"N"``/``"P"``, or not the outcome found
    refuses the whole checkpoint with :class:`DistributedError`, and nothing of it is kept.
    """
    claims = data.get("answered")
    if not isinstance(claims, dict):
        raise DistributedError(f"{path}: no table of answered children")
    try:
        base_bytes = base64.b64decode(str(data.get("base", "")), validate=True)
    except ValueError as error:
        raise DistributedError(f"{path}: the base is not base64 ({error})") from None
    try:
        checked = Base.from_bytes(base_bytes)
    except ValueError as error:
        raise DistributedError(f"{path}: its base is refused: {error}") from None
    for child, outcome in claims.items():
        if child not in children:
            raise DistributedError(f"{path}: answers {child!r}, which is not a child of the root")
        if outcome not in ("N", "P"):
            raise DistributedError(f"{path}: {child!r} is answered {outcome!r}, not N or P")
        found = sprouts.solve(child, misere=misere, base=checked, moves=False)["outcome"]
        if found != outcome:
            raise DistributedError(
                f"{path}: claims {child!r} is {outcome}, but it is {found}; the checkpoint is refused"
            )
    conflicts = master.merge(checked)
    if conflicts:
        raise DistributedError(
            f"{len(conflicts)} conflicting entries between the master base and checkpoint {path}, "
            f"e.g. {conflicts[:3]}"
        )
    return dict(claims)


def _write_checkpoint(
    path: str, position: str, misere: bool, answered: Dict[str, str], master: Base
) -> None:
    data = {
        "version": CHECKPOINT_VERSION,
        "position": position,
        "misere": misere,
        "answered": answered,
        "base": base64.b64encode(master.to_bytes()).decode("ascii"),
    }
    tmp = f"{path}.tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f)
    os.replace(tmp, path)


def solve(
    position: str,
    workers: int = 2,
    address: Optional[str] = None,
    misere: bool = False,
    base: Optional[Base] = None,
    checkpoint: Optional[str] = None,
    _kill_after: Optional[int] = None,
) -> Dict[str, Any]:
    """Solve ``position`` on Ray with ``workers`` actors, split at the root.

    Ray is joined at ``address`` when given, else started locally with ``num_cpus=workers`` (unless
    this process already joined one); only a Ray that this call started is shut down at its end.
    ``base`` (a :class:`sprague.Base`) is what the run starts from, and receives everything the run
    proved. ``checkpoint`` names a JSON file written after each job and resumed from when present.

    Returns a dict: ``outcome`` (``"N"``/``"P"``), ``winning_moves`` (every child lost for its
    player to move, in the order of :func:`sprague.sprouts.children`), ``jobs`` (jobs finished by
    this call, not counting those answered by the checkpoint), ``workers``, ``retried`` (jobs
    resubmitted after their actor died), ``position`` (canonical), ``play`` and ``base`` (the
    merged base).

    Ray is not started when the checkpoint already answers every child.

    ``_kill_after`` is a test hook: the master kills the actor of the ``_kill_after``-th job
    submitted, right after submitting it.
    """
    import ray
    from ray.exceptions import RayActorError

    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    misere = bool(misere)
    position = sprouts.canon(position)
    master = base if base is not None else Base()

    answered: Dict[str, str] = {}
    children = sprouts.children(position)
    if checkpoint is not None:
        data = _read_checkpoint(checkpoint, position, misere)
        if data is not None:
            answered = _verified_answers(checkpoint, data, children, misere, master)
    pending = deque(c for c in children if c not in answered)

    started = False
    if pending and not ray.is_initialized():
        if address is not None:
            ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
        else:
            ray.init(
                num_cpus=workers,
                ignore_reinit_error=True,
                include_dashboard=False,
                log_to_driver=False,
            )
        started = True

    remote_actor = ray.remote(num_cpus=1, max_restarts=0)(SolverActor)
    actors: List[Any] = []
    jobs = 0
    retried = 0
    submitted = 0
    killed = False
    try:
        if pending:
            actors = [remote_actor.remote() for _ in range(min(workers, len(pending)))]
        # What the master base gained, increment by increment (GLOP text, verified when read):
        # each actor is sent the increments it has not seen yet.
        master_known = _entries(master.to_glop_text())
        deltas: List[bytes] = []
        first = _delta(master.to_glop_text(), set()) if master_known else None
        if first is not None:
            deltas.append(first)
        seen = [0] * len(actors)  # increments each actor has
        in_flight: Dict[Any, Tuple[int, str]] = {}  # ref -> (slot, child)
        tries: Dict[str, int] = {}
        idle = deque(range(len(actors)))

        while pending or in_flight:
            while pending and idle:
                slot = idle.popleft()
                child = pending.popleft()
                shared = _combine(deltas[seen[slot]:])
                seen[slot] = len(deltas)
                ref = actors[slot].solve_child.remote(child, misere, shared)
                in_flight[ref] = (slot, child)
                submitted += 1
                if _kill_after is not None and not killed and submitted >= _kill_after:
                    ray.kill(actors[slot], no_restart=True)
                    killed = True
            ready, _ = ray.wait(list(in_flight), num_returns=1)
            for ref in ready:
                slot, child = in_flight.pop(ref)
                try:
                    outcome, learned = ray.get(ref)
                except RayActorError:
                    tries[child] = tries.get(child, 0) + 1
                    if tries[child] > MAX_RETRIES_PER_JOB:
                        raise DistributedError(
                            f"job {child!r}: its actor died {tries[child]} times"
                        ) from None
                    retried += 1
                    actors[slot] = remote_actor.remote()
                    seen[slot] = 0
                    pending.appendleft(child)
                    idle.append(slot)
                    continue
                # Entries the master holds already (the same line) need no second verification.
                learned = _delta(learned.decode(), master_known) if learned is not None else None
                if learned is not None:
                    _merge_into(master, learned, f"the actor of job {child!r}")
                    text = master.to_glop_text()
                    gained = _delta(text, master_known)
                    master_known = _entries(text)
                    if gained is not None:
                        deltas.append(gained)
                answered[child] = outcome
                jobs += 1
                idle.append(slot)
                if checkpoint is not None:
                    _write_checkpoint(checkpoint, position, misere, answered, master)

        # Coherence: every actor's whole base is in the master's. An entry the master lacks (none,
        # when every job's answer arrived) is read, verified and merged; a position the master
        # holds with another value is a conflict.
        for slot, actor in enumerate(actors):
            try:
                final = ray.get(actor.glop_text.remote())
            except RayActorError:
                continue  # a dead actor's work reached the master with its jobs
            extra = _delta(final, master_known)
            if extra is not None:
                _merge_into(master, extra, f"the final base of actor {slot}")
                master_known = _entries(master.to_glop_text())
        if checkpoint is not None:
            _write_checkpoint(checkpoint, position, misere, answered, master)
    finally:
        for actor in actors:
            try:
                ray.kill(actor)
            except Exception:
                pass
        if started:
            ray.shutdown()

    winning = [c for c in children if answered[c] == "P"]
    return {
        "outcome": "N" if winning else "P",
        "winning_moves": winning,
        "jobs": jobs,
        "workers": workers,
        "retried": retried,
        "position": position,
        "play": "misere" if misere else "normal",
        "base": master,
    }


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m sprague.distributed",
        description="Solve a Sprouts position on Ray, split at the root.",
    )
    parser.add_argument("position", help='a Sprouts position, e.g. "0*9"')
    parser.add_argument("--workers", type=int, default=2, help="Ray actors (default 2)")
    parser.add_argument("--address", help="a Ray cluster to join (default: start one locally)")
    parser.add_argument("--save", metavar="BASE", help="write the merged base to this file")
    parser.add_argument("--misere", action="store_true", help="misère play")
    parser.add_argument("--checkpoint", metavar="FILE", help="JSON checkpoint to write and resume")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    try:
        result = solve(
            args.position,
            workers=args.workers,
            address=args.address,
            misere=args.misere,
            checkpoint=args.checkpoint,
        )
    except (ValueError, DistributedError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    merged = result.pop("base")
    if args.save:
        merged.save(args.save)
    result["base_entries"] = len(merged)
    result["seconds"] = round(time.perf_counter() - t0, 3)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
