"""Distributed Sprouts solving on Ray: the engine's proof-number master hands out jobs to Ray
actors, each an engine of its own, and relays what each learns to the others.

>>> from sprague import distributed
>>> distributed.solve("0*5", workers=2)["outcome"]  # doctest: +SKIP
'N'

Needs Ray (``pip install ray``), which the package does not depend on. The command line::

    python -m sprague.distributed POSITION --workers N [--address ADDR] [--save BASE]
        [--misere] [--nimber] [--checkpoint FILE] [--job-nodes N]
        [--max-seconds S] [--max-memory MB] [--progress]

prints the answer as JSON.

How it works (the engine's ``ProofNumberMaster``, after SPOTS' master):

- The master keeps a proof-number tree over outcome questions (a position plus a nim heap). Its
  goals are what the answer needs, in the engine's policy order: the position itself, then, once it
  is known won, each of its children (a child lost for the opponent is a winning move; a lost
  position has none), then with ``nimber`` the couples that give the nimber.
- A job is a most-proving leaf of the tree, locked while out, with a budget of ``job_nodes`` nodes.
  An actor runs the engine's own outcome search on it and reports lost, won or unfinished. An
  unfinished job goes back to its actor, which kept its search paused; an idle actor
  with every leaf out gets part of the most-proving leaf that is out, so the tree grows as deep as
  the work needs.
- What an actor learns travels back with its report (the engine's binary entries with a digest)
  and is relayed to every other actor with its next job.
- Trust: the actors run this package, so their entries are believed during the run. The answer is
  not: the entries its proof needs are checked from the rules and the engine answers from the
  checked entries alone (``checked_entries`` in the result). A base handed back or saved is checked
  in full first.
- An actor that dies (``ray.exceptions.RayActorError``) is replaced, its job released and handed
  out again (counted in ``retried``); the new actor is sent everything learned so far.
- With ``checkpoint``, the master's tree and base are written to that file (binary, atomically)
  every ``checkpoint_every`` seconds and at the end; a run that finds the file resumes from it,
  once it is found to be of this very question (its base's keys canonical, its tree well formed).
- ``max_seconds`` bounds the run, ``max_memory`` (MB, resident) each actor: past either the run
  stops with :class:`sprague.BoundExceeded`, its checkpoint written.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any, Dict, List, Optional

from . import sprouts
from ._sprague import Base, BoundExceeded, DistributedMaster, DistributedWorker

__all__ = ["solve", "SolverActor", "DistributedError", "main", "DEFAULT_JOB_NODES"]

#: Actors that may die one after another, with no report in between, per actor of the run, before
#: the run gives up (an actor that cannot start at all would otherwise be replaced forever).
MAX_DEATHS_IN_A_ROW_PER_ACTOR = 3
#: Nodes an actor searches on one job before it reports (the engine's default).
DEFAULT_JOB_NODES = 5_000


class DistributedError(RuntimeError):
    """A distributed run cannot go on: a checkpoint of another run or a damaged one, a damaged
    report, or actors that kept dying."""


class SolverActor:
    """An engine of its own, kept from job to job (wrapped by ``ray.remote`` in :func:`solve`)."""

    def __init__(self, misere: bool) -> None:
        self.worker = DistributedWorker(misere)

    def run(
        self,
        shared: List[bytes],
        job: bytes,
        max_seconds: Optional[float],
        max_memory: Optional[int],
    ) -> bytes:
        """Take in ``shared`` (what the others learned), run ``job``, return the report."""
        return self.worker.run(shared, job, max_seconds, max_memory)

    def ping(self) -> int:
        return os.getpid()


def _join_ray(ray: Any, workers: int, address: Optional[str]) -> bool:
    """Joins the cluster at ``address``, or starts a local one of ``workers`` CPUs; returns whether
    this call started Ray (and so shuts it down at the end).

    A cluster that asks for token authentication needs ``RAY_AUTH_MODE=token`` in every process
    that joins it: the package sets it when a token is at hand (``RAY_AUTH_TOKEN``, or the file
    ``ray get-auth-token --generate`` writes), so the user need not."""
    if ray.is_initialized():
        return False
    if address is not None:
        token_file = os.path.join(os.path.expanduser("~"), ".ray", "auth_token")
        if "RAY_AUTH_MODE" not in os.environ and (
            os.environ.get("RAY_AUTH_TOKEN") or os.path.exists(token_file)
        ):
            os.environ["RAY_AUTH_MODE"] = "token"
        ray.init(address=address, ignore_reinit_error=True, log_to_driver=False)
    else:
        ray.init(
            num_cpus=workers,
            ignore_reinit_error=True,
            include_dashboard=False,
            log_to_driver=False,
        )
    return True


def _write_checkpoint(path: str, master: DistributedMaster) -> None:
    tmp = f"{path}.tmp"
    with open(tmp, "wb") as f:
        f.write(master.checkpoint())
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def _progress_line(master: DistributedMaster, started: float) -> str:
    p = master.progress()
    seconds = max(time.perf_counter() - started, 1e-9)
    return (
        f"jobs {p['jobs_done']} ({p['jobs_out']} out) · {p['nodes'] / seconds:,.0f} nodes/s · "
        f"tree {p['tree_nodes']:,} · goals {p['goals_solved']}/{p['goals']} · "
        f"proof {p['proof']} disproof {p['disproof']} · {seconds:.0f} s"
    )


def solve(
    position: str,
    workers: int = 2,
    address: Optional[str] = None,
    misere: bool = False,
    nimber: bool = False,
    base: Optional[Base] = None,
    checkpoint: Optional[str] = None,
    job_nodes: int = DEFAULT_JOB_NODES,
    max_seconds: Optional[float] = None,
    max_memory: Optional[int] = None,
    progress: bool = False,
    checkpoint_every: float = 60.0,
    _kill_after: Optional[int] = None,
    _stop_after: Optional[int] = None,
) -> Dict[str, Any]:
    """Solve ``position`` on Ray with ``workers`` actors: its outcome, every winning move and, with
    ``nimber`` (normal play), its nimber.

    Ray is joined at ``address`` when given, else started locally with ``num_cpus=workers`` (unless
    this process already joined one); only a Ray that this call started is shut down at its end.
    ``base`` (a :class:`sprague.Base`) is what the run starts from; it receives what the run
    learned, checked in full. ``checkpoint`` names a file written during the run and resumed from
    when present. ``progress`` prints a live line on standard error.

    Returns a dict: ``outcome`` (``"N"``/``"P"``), ``winning_moves`` (every child lost for its
    player to move, in the order of :func:`sprague.sprouts.children`), ``nimber`` (or None),
    ``position`` (canonical), ``play``, ``workers``, ``jobs`` (reports taken in by this call),
    ``retried`` (jobs handed out again after their actor died), ``nodes`` (searched by the actors
    for this call), ``tree_nodes``, ``checked_entries`` (entries the answer's proof rests on, each
    checked), ``seconds`` (the run, from the moment every actor is up to the checked answer), ``startup_seconds`` (joining Ray and starting the actors) and ``base`` (the given
    base, or None).

    ``_kill_after`` and ``_stop_after`` are test hooks: the master kills the actor of the
    ``_kill_after``-th job handed out, right after handing it out; the run stops as a crash would
    after ``_stop_after`` reports (raising :class:`DistributedError`), its checkpoint written.
    """
    import ray
    from ray.exceptions import RayActorError, RayTaskError

    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    if job_nodes < 1:
        raise ValueError(f"job_nodes must be at least 1, not {job_nodes}")
    misere = bool(misere)
    position = sprouts.canon(position)
    saved: Optional[bytes] = None
    if checkpoint is not None and os.path.exists(checkpoint):
        with open(checkpoint, "rb") as f:
            saved = f.read()
    try:
        master = DistributedMaster(
            position, misere, nimber, True, base, job_nodes=job_nodes, checkpoint=saved
        )
    except ValueError as error:
        if saved is not None:
            raise DistributedError(f"{checkpoint}: {error}") from None
        raise

    started_ray = False
    actors: List[Any] = []
    jobs = retried = handed = 0
    killed = False
    nodes_before = master.progress()["nodes"]
    t0 = time.perf_counter()
    try:
        if not master.is_done():
            started_ray = _join_ray(ray, workers, address)
            remote_actor = ray.remote(num_cpus=1, max_restarts=0)(SolverActor)
            actors = [remote_actor.remote(misere) for _ in range(workers)]
            # Each actor is a process of its own, started lazily by Ray: wait until all are up, so
            # that the run's time is the run's.
            ray.get([actor.ping.remote() for actor in actors])
        startup = time.perf_counter() - t0
        t0 = time.perf_counter()
        last_checkpoint = last_progress = t0
        in_flight: Dict[Any, Any] = {}  # ref -> (slot, job id)
        deaths_in_a_row = 0
        idle = list(range(len(actors)))
        while not master.is_done():
            now = time.perf_counter()
            if max_seconds is not None and now - t0 > max_seconds:
                if checkpoint is not None:
                    _write_checkpoint(checkpoint, master)
                raise BoundExceeded(f"stopped: passed max_seconds={max_seconds}")
            while idle:
                slot = idle.pop()
                job = master.next_job(slot)
                if job is None:
                    idle.append(slot)
                    break
                job_id, job_bytes = job
                left = None if max_seconds is None else max(max_seconds - (now - t0), 0.001)
                ref = actors[slot].run.remote(master.relay_for(slot), job_bytes, left, max_memory)
                in_flight[ref] = (slot, job_id)
                handed += 1
                if _kill_after is not None and not killed and handed >= _kill_after:
                    ray.kill(actors[slot], no_restart=True)
                    killed = True
            if not in_flight:
                raise DistributedError("the master has no job to hand out and is not done")
            ready, _ = ray.wait(list(in_flight), num_returns=1, timeout=1.0)
            for ref in ready:
                slot, job_id = in_flight.pop(ref)
                try:
                    report = ray.get(ref)
                except RayActorError as error:
                    deaths_in_a_row += 1
                    if deaths_in_a_row > MAX_DEATHS_IN_A_ROW_PER_ACTOR * workers:
                        raise DistributedError(
                            f"{deaths_in_a_row} actors died one after another: {error}"
                        ) from None
                    retried += 1
                    master.release(job_id)
                    master.forget_actor(slot)
                    actors[slot] = remote_actor.remote(misere)
                    idle.append(slot)
                    continue
                except RayTaskError as error:
                    cause = error.cause if hasattr(error, "cause") else error
                    if isinstance(cause, BoundExceeded):
                        if checkpoint is not None:
                            _write_checkpoint(checkpoint, master)
                        raise BoundExceeded(f"an actor {cause}") from None
                    raise DistributedError(f"job {job_id} failed: {cause}") from None
                try:
                    master.report(slot, report)
                except ValueError as error:
                    raise DistributedError(f"a report of actor {slot}: {error}") from None
                jobs += 1
                deaths_in_a_row = 0
                idle.append(slot)
                if _stop_after is not None and jobs >= _stop_after:
                    if checkpoint is not None:
                        _write_checkpoint(checkpoint, master)
                    raise DistributedError(f"stopped after {jobs} reports (test hook)")
            now = time.perf_counter()
            if checkpoint is not None and now - last_checkpoint > checkpoint_every:
                _write_checkpoint(checkpoint, master)
                last_checkpoint = now
            if progress and now - last_progress > 1.0:
                print("\r" + _progress_line(master, t0), end="", file=sys.stderr, flush=True)
                last_progress = now
        if progress:
            print("\r" + _progress_line(master, t0), file=sys.stderr, flush=True)
        if checkpoint is not None:
            _write_checkpoint(checkpoint, master)
    finally:
        for actor in actors:
            try:
                ray.kill(actor)
            except Exception:
                pass
        if started_ray:
            ray.shutdown()

    threads = os.cpu_count() or 1
    answer = master.answer(threads)
    assert answer is not None, "the run is done"
    seconds = time.perf_counter() - t0
    if base is not None:
        base.merge(master.verified_base())
    p = master.progress()
    return {
        "outcome": answer["outcome"],
        "winning_moves": answer["winning_moves"],
        "nimber": answer["nimber"],
        "position": position,
        "play": "misere" if misere else "normal",
        "workers": workers,
        "jobs": jobs,
        "retried": retried,
        "nodes": p["nodes"] - nodes_before,
        "tree_nodes": p["tree_nodes"],
        "checked_entries": answer["checked_entries"],
        "seconds": round(seconds, 3),
        "startup_seconds": round(startup, 3),
        "base": base,
    }


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m sprague.distributed",
        description="Solve a Sprouts position on Ray: a proof-number master and Ray actors.",
    )
    parser.add_argument("position", help='a Sprouts position, e.g. "0*9"')
    parser.add_argument("--workers", type=int, default=2, help="Ray actors (default 2)")
    parser.add_argument("--address", help="a Ray cluster to join (default: start one locally)")
    parser.add_argument("--save", metavar="BASE", help="write the base learned (checked) to this file")
    parser.add_argument("--misere", action="store_true", help="misère play")
    parser.add_argument("--nimber", action="store_true", help="also the nimber (normal play)")
    parser.add_argument("--checkpoint", metavar="FILE", help="checkpoint to write and resume")
    parser.add_argument(
        "--job-nodes", type=int, default=DEFAULT_JOB_NODES, help="nodes per job (default 5000)"
    )
    parser.add_argument("--max-seconds", type=float, help="stop the run after this many seconds")
    parser.add_argument("--max-memory", type=int, help="stop when an actor passes this many MB")
    parser.add_argument("--progress", action="store_true", help="a live progress line on stderr")
    args = parser.parse_args(argv)
    base = Base() if args.save else None
    try:
        result = solve(
            args.position,
            workers=args.workers,
            address=args.address,
            misere=args.misere,
            nimber=args.nimber,
            base=base,
            checkpoint=args.checkpoint,
            job_nodes=args.job_nodes,
            max_seconds=args.max_seconds,
            max_memory=args.max_memory,
            progress=args.progress,
        )
    except (ValueError, DistributedError, BoundExceeded) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    merged = result.pop("base")
    if args.save and merged is not None:
        merged.save(args.save)
        result["base_entries"] = len(merged)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    # Run as `python -m sprague.distributed`, this file is `__main__`, which Ray's workers cannot
    # import: the actors must be the package module's class.
    from sprague import distributed as _package_module

    sys.exit(_package_module.main())
