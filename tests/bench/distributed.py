"""Benchmark (not a test): the distributed master on Ray against the native solver on one thread.

    .venv-python/bin/python tests/bench/distributed.py [POSITION ...] [--misere] [--job-nodes N]

For each position (default 0*12 0*13): the native solve on one thread (outcome and every winning
move, from an empty base), then the Ray run on 1 and 2 actors and on 8 actors declared on this
machine's cores (they time-share them). Prints the wall time of each run (from every actor up to the
checked answer: starting Ray and the actors' processes is not counted, the check of the answer's
proof is), the nodes the actors searched, and the
ratios the issue asks for: Ray 1 actor / native, Ray 2 / Ray 1, and nodes of 8 actors / nodes of 1.
Needs the package and Ray installed (scripts/python-test sets up .venv-python).
"""

import argparse
import time

import ray

from sprague import distributed, sprouts


def native(position, misere):
    t = time.perf_counter()
    answer = sprouts.solve(position, misere=misere, threads=1)
    return time.perf_counter() - t, answer


def on_ray(position, misere, actors, job_nodes):
    ray.init(num_cpus=max(actors, 2), include_dashboard=False, log_to_driver=False)
    try:
        # The run's own time: from every actor up (Ray starts their processes lazily) to the
        # checked answer.
        result = distributed.solve(position, workers=actors, misere=misere, job_nodes=job_nodes)
        return result["seconds"], result
    finally:
        ray.shutdown()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("positions", nargs="*", default=["0*12", "0*13"])
    parser.add_argument("--misere", action="store_true")
    parser.add_argument("--job-nodes", type=int, default=distributed.DEFAULT_JOB_NODES)
    args = parser.parse_args()
    play = "misère" if args.misere else "normal"
    for position in args.positions:
        seconds, answer = native(position, args.misere)
        print(f"{position} {play}: native 1 thread {seconds:.2f} s, {answer['nodes']} nodes, "
              f"outcome {answer['outcome']}", flush=True)
        runs = {}
        for actors in (1, 2, 8):
            t, result = on_ray(position, args.misere, actors, args.job_nodes)
            assert result["outcome"] == answer["outcome"], (position, actors)
            assert result["winning_moves"] == answer["winning_moves"], (position, actors)
            runs[actors] = (t, result)
            print(f"  Ray {actors} actor(s): {t:.2f} s, {result['nodes']} nodes, "
                  f"{result['jobs']} jobs, tree {result['tree_nodes']}, "
                  f"proof checked {result['checked_entries']} entries", flush=True)
        (t1, r1), (t2, _), (_, r8) = runs[1], runs[2], runs[8]
        print(f"  ratios: Ray 1 / native {t1 / seconds:.2f} (goal <= 1.3), "
              f"Ray 2 / Ray 1 {t2 / t1:.2f} (goal <= 0.6), "
              f"nodes 8 / 1 {r8['nodes'] / max(r1['nodes'], 1):.2f} (goal <= 1.5)", flush=True)


if __name__ == "__main__":
    main()
