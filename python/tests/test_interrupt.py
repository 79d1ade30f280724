"""Long computations release the GIL, and Ctrl-C (SIGINT) stops them with KeyboardInterrupt.

No test times the stop: each long call also carries a generous bound (GUARD), so a Ctrl-C that
did not stop it would end in BoundExceeded, a failure, rather than a hang."""

import os
import signal
import sys
import threading
import time

import pytest

from sprague import Base, _sprague, graph, heap, sprouts

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGINT by os.kill")

#: Seconds a call may run here before its own bound ends it (only when Ctrl-C failed to).
GUARD = 120


@pytest.fixture(autouse=True)
def ctrl_c_raises():
    """Python's own Ctrl-C handler for each test: a process started in the background (`cmd &`
    in a script, as CI may run) inherits SIGINT ignored, and then Python installs no handler and
    a SIGINT would do nothing."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, previous)


def interrupt_after(seconds):
    timer = threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    return timer


def test_ctrl_c_stops_a_sprouts_solve():
    base = Base()
    timer = interrupt_after(0.5)
    with pytest.raises(KeyboardInterrupt):
        sprouts.solve("0*30", base=base, max_seconds=GUARD)  # hours of work
    timer.join()
    # What was proven before the interrupt is kept in the base.
    assert len(base) > 0
    # The module works on afterwards, with that base.
    assert sprouts.solve("0*5", base=base)["outcome"] == "N"


def test_ctrl_c_stops_a_solve_on_two_threads():
    timer = interrupt_after(0.5)
    with pytest.raises(KeyboardInterrupt):
        sprouts.solve("0*30", threads=2, max_seconds=GUARD)
    timer.join()


def test_ctrl_c_stops_a_long_sequence():
    timer = interrupt_after(0.5)
    with pytest.raises(KeyboardInterrupt):
        heap.sequence("grundy", 1 << 26, max_seconds=GUARD)
    timer.join()


def test_ctrl_c_stops_a_graph_solve_and_keeps_its_base():
    base = graph.GraphBase()
    timer = interrupt_after(0.5)
    with pytest.raises(KeyboardInterrupt):
        # 64 vertices of a sparse random graph: far more than half a second of work.
        graph.solve(graph.preset("random:64:0.08:5"), misere=True, base=base, max_seconds=GUARD)
    timer.join()
    # The base stays usable, and what the interrupted solve learned is in it.
    learned = len(base)
    assert learned > 0
    assert graph.solve("3:0-1,1-2", base=base).winning_moves == (1,)


def test_the_gil_is_released_while_solving():
    """A Python thread runs while a solve runs on the main thread: once the call has begun, the
    thread makes a step and then ends the call with Ctrl-C. Were the GIL held during the call, the
    thread could not run until the call's own bound ended it (BoundExceeded, a failure)."""
    main = threading.main_thread().ident
    events = []
    called = threading.Event()
    caller = {}

    def watch(frame, event, arg):
        # The profiler sees the main thread enter and leave the native call.
        if arg is _sprague.sprouts_solve:
            if event == "c_call":
                caller["frame"] = frame
                events.append("call")
                called.set()
            elif event in ("c_return", "c_exception"):
                events.append("end")

    def step():
        called.wait()
        # Until the main thread has left the profiler and is in the call itself (where it runs no
        # Python code), let it go on.
        while "end" not in events and sys._current_frames()[main] is not caller["frame"]:
            time.sleep(0)
        if "end" in events:
            return  # the call ended on its own: no Ctrl-C for the code after it
        events.append("step")
        os.kill(os.getpid(), signal.SIGINT)

    thread = threading.Thread(target=step)
    thread.start()
    sys.setprofile(watch)
    try:
        with pytest.raises(KeyboardInterrupt):
            sprouts.solve("0*30", moves=False, max_seconds=GUARD)  # hours of work
    finally:
        sys.setprofile(None)
        thread.join()
    assert events == ["call", "step", "end"]
