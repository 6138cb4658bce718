"""The worker processes behind parallel simulations (icecream.explore.workers)."""

from __future__ import annotations

import itertools
import os
import signal
import time
from pathlib import Path

import pytest

from icecream.explore.workers import WorkerDied, ordered_map


def _square_or_fail(n: int) -> int:
    if n == 7:
        raise ValueError("seven is refused")
    return n * n


def _slow_pid(n: int) -> tuple[int, int]:
    time.sleep(0.05)
    return n, os.getpid()


def test_results_come_in_task_order_from_several_workers():
    out = list(ordered_map(_slow_pid, range(12), workers=3))
    assert [n for n, _ in out] == list(range(12))
    assert len({pid for _, pid in out}) == 3  # the work was shared


def test_an_error_in_a_task_is_raised_in_the_caller_and_no_worker_is_left():
    gen = ordered_map(_square_or_fail, range(20), workers=2)
    got = []
    with pytest.raises(ValueError, match="seven is refused"):
        for value in gen:
            got.append(value)
    assert got == [n * n for n in range(7)]


def test_an_endless_task_list_is_read_lazily_and_closing_kills_the_workers():
    gen = ordered_map(_slow_pid, itertools.count(), workers=2)
    first = [next(gen) for _ in range(4)]
    pids = {pid for _, pid in first}
    gen.close()
    time.sleep(0.2)
    assert [p for p in pids if Path(f"/proc/{p}").exists()] == []


def test_a_killed_worker_is_reported_not_waited_for():
    gen = ordered_map(_slow_pid, itertools.count(), workers=2)
    _, pid = next(gen)
    os.kill(pid, signal.SIGKILL)
    with pytest.raises(WorkerDied, match="ended without its result"):
        for _ in range(10):
            next(gen)


@pytest.mark.parametrize("workers", [0, -1, 1.5, True])
def test_a_bad_number_of_workers_is_refused_not_an_empty_map(workers):
    with pytest.raises(ValueError, match="workers must be a whole number of at least 1"):
        next(ordered_map(abs, [1, 2], workers=workers))


def _tasks_that_kill_the_workers_first():
    """Kills every worker before the first task is sent, so the send meets a broken pipe."""
    import multiprocessing

    for child in multiprocessing.active_children():
        os.kill(child.pid, signal.SIGKILL)
        child.join(5)
    yield from range(10)


def test_a_worker_dead_before_its_task_is_sent_is_reported_as_died_not_a_broken_pipe():
    # A BrokenPipeError would reach the CLI, which reads it as output piped into `head`
    # and ends with exit code 0: a killed run would look like a finished one.
    with pytest.raises(WorkerDied, match="ended without its result"):
        list(ordered_map(abs, _tasks_that_kill_the_workers_first(), workers=2))
