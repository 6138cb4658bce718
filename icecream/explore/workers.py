"""Run tasks in worker processes, results in task order, and stop them at once.

Why not :class:`concurrent.futures.ProcessPoolExecutor`? Stopping it early means
terminating its workers, and a worker terminated while it writes a result leaves half
a message on the shared result pipe: the executor's manager thread then waits for the
rest for ever, and so does ``shutdown()`` and the interpreter's exit (seen on Python
3.11 as a Ctrl-C that hung about one time in sixty on a busy machine). Here each worker
has its own pipe and there is no background thread, so stopping is: kill, join, close.

>>> list(ordered_map(abs, [-3, 2, -1], workers=2))
[3, 2, 1]
"""

from __future__ import annotations

import multiprocessing
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from multiprocessing.connection import Connection, wait
from typing import Any

from ..core.errors import IcecreamError

#: Tasks sent ahead to each worker, so it never waits for the next one.
AHEAD = 2
#: Seconds to wait for a killed worker to be gone.
EXIT_SECONDS = 5.0


class WorkerDied(IcecreamError, RuntimeError):
    """A worker process ended without sending its result (killed, out of memory...)."""


def ordered_map(func: Callable[[Any], Any], tasks: Iterable[Any], workers: int) -> Iterator[Any]:
    """``func(task)`` for every task, in order, computed by ``workers`` processes.

    Tasks are taken from ``tasks`` only as workers need them (an endless iterator is
    fine). An exception raised by ``func`` is raised here, as is :class:`WorkerDied`.
    Closing the generator early (or Ctrl-C in the caller) kills the workers at once;
    none is left behind. ``func`` must be picklable (a module-level function).
    """
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        # With no worker, no task would ever be sent and the map would end empty.
        raise ValueError(f"workers must be a whole number of at least 1, not {workers!r}")
    pool = _Pool(func, workers)
    try:
        yield from pool.results(iter(tasks))
    finally:
        pool.close()


class _Pool:
    def __init__(self, func: Callable[[Any], Any], workers: int) -> None:
        self.procs: list[Any] = []
        self.conns: list[Connection] = []
        ctx = multiprocessing.get_context()
        # Ctrl-C reaches the whole process group. Blocked here, it waits in each forked
        # worker until the worker ignores it (so no worker prints a traceback), and in
        # this process until every worker has started.
        blocked = _block_sigint()
        try:
            try:
                for _ in range(workers):
                    mine, theirs = ctx.Pipe(duplex=True)
                    proc = ctx.Process(target=_serve, args=(func, theirs), daemon=True)
                    self.procs.append(proc)
                    self.conns.append(mine)
                    proc.start()
                    theirs.close()  # only the worker holds its end: its death reads as EOF
            finally:
                _restore_mask(blocked)
        except BaseException:
            self.close()
            raise

    def results(self, tasks: Iterator[Any]) -> Iterator[Any]:
        pending: deque[int] = deque()  # the worker of each task sent, in task order
        done = object()

        def send(w: int) -> None:
            task = next(tasks, done)
            if task is not done:
                try:
                    self.conns[w].send(task)
                except OSError:
                    # A worker killed just before: its pipe is broken. Let through, the
                    # BrokenPipeError would read to the CLI as output piped into `head`.
                    raise self._died(w) from None
                pending.append(w)

        for _ in range(AHEAD):
            for w in range(len(self.procs)):
                send(w)
        while pending:
            w = pending.popleft()
            ok, value = self._receive(w)
            if not ok:
                raise value
            send(w)
            yield value

    def _receive(self, w: int) -> tuple[bool, Any]:
        conn, proc = self.conns[w], self.procs[w]
        if conn in wait([conn, proc.sentinel]):  # a result, or EOF from a dead worker
            try:
                return conn.recv()
            except (EOFError, OSError):
                pass
        raise self._died(w)

    def _died(self, w: int) -> WorkerDied:
        proc = self.procs[w]
        proc.join(EXIT_SECONDS)  # so its exit code is known
        return WorkerDied(f"worker process {proc.pid} ended without its result "
                          f"(exit code {proc.exitcode})")

    def close(self) -> None:
        # Killed, done or not: a worker holds nothing worth a clean exit, and one busy
        # with a task would finish it first.
        for proc in self.procs:
            if proc.is_alive():
                proc.kill()
        for proc in self.procs:
            proc.join(EXIT_SECONDS)
        for conn in self.conns:
            conn.close()
        self.procs, self.conns = [], []


def _block_sigint() -> Any:
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - not on POSIX
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})


def _restore_mask(mask: Any) -> None:
    if mask is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _serve(func: Callable[[Any], Any], conn: Connection) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):  # the parent is gone
            return
        try:
            reply = (True, func(task))
        except Exception as e:  # noqa: BLE001 - sent to the parent, which raises it
            reply = (False, e)
        try:
            conn.send(reply)
        except (EOFError, OSError):
            return
        except Exception as e:  # noqa: BLE001 - a result or error that cannot be pickled
            conn.send((False, RuntimeError(f"{type(e).__name__}: {e}")))
