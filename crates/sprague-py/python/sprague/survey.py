"""Surveys: many octal or hexadecimal codes, one engine run and one JSON
record each, on this machine's cores or on a Dask cluster.

This is ``sprague survey`` for Python, with Dask as the way to use more
than one machine. What a record is, which codes a family holds and what
makes a survey file valid are decided by the Rust library (the same code
as the CLI's), so the lines written here are the CLI's lines, and a file
written here can be resumed by ``sprague survey`` and read by ``sprague
survey --report`` (and the other way round).

The file rules, as the CLI keeps them: one whole line and a flush per
code, written by one process only (the driver: Dask workers compute and
return lines, they never touch the file); on resume, a torn last line is
cut off and every code with a record is skipped; the file is locked while
a survey appends to it, so that two surveys never write to one file; a
code is never written twice, even when Dask runs a task twice (a retry
after a worker died, or a duplicate).
"""

from __future__ import annotations

import json
import os
import sys
import uuid
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import as_completed as local_as_completed
from typing import IO, Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from . import _sprague
from ._sprague import BadInput

try:  # The lock the CLI takes (flock); absent on Windows.
    import fcntl
except ImportError:  # pragma: no cover
    fcntl = None  # type: ignore[assignment]

__all__ = ["survey", "family", "parse_codes"]

#: The largest bound a survey takes (the sequence engine's last heap).
MAX_UPTO: int = _sprague.SURVEY_MAX_UPTO


def family(digits: int, hex: bool = False) -> List[str]:
    """Every code with at most ``digits`` digits after the point, in numeric
    order, as ``sprague survey --digits D [--hex]``: octal (digits 0–7), or
    with ``hex`` hexadecimal (digits 0–f, the octal codes among them).

    >>> sprague.family(1)
    ['0.1', '0.2', '0.3', '0.4', '0.5', '0.6', '0.7']

    Raises :class:`BadInput` for 0 digits or a family of more than 2**20
    codes (seven octal digits, six hexadecimal)."""
    if isinstance(digits, bool) or not isinstance(digits, int) or digits < 0:
        raise BadInput(f"bad number of digits {digits!r}: give an int ≥ 1")
    return _sprague.survey_family(min(digits, 2**32 - 1), hex)


def parse_codes(text: str) -> List[str]:
    """The codes of a list as ``sprague survey --file`` reads it: separated
    by commas, spaces or lines, ``#`` starting a comment; each game once,
    in its canonical spelling (``octal:0.770`` → ``0.77``).

    >>> sprague.parse_codes("0.77, 0.07  # Kayles, Dawson\\nhex:0.F")
    ['0.77', '0.07', '0.f']"""
    return _sprague.survey_parse_codes(text)


def _canonical(codes: Union[str, Iterable[str]]) -> List[str]:
    """The codes to survey, canonical, each game once where it first
    appears; a ``str`` is a list in the text form of :func:`parse_codes`."""
    if isinstance(codes, str):
        return parse_codes(codes)
    out: List[str] = []
    seen = set()
    for i, text in enumerate(codes):
        if not isinstance(text, str):
            raise BadInput(f"bad code {text!r} (item {i + 1}): a code is a str such as '0.77' or 'hex:0.f'")
        try:
            code = _sprague.survey_parse_code(text)
        except BadInput as e:
            raise BadInput(f"{e} (item {i + 1})") from None
        if code not in seen:
            seen.add(code)
            out.append(code)
    return out


def _check_int(name: str, value: Any, low: int, high: Optional[int] = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        bound = f"from {low} to {high}" if high is not None else f"≥ {low}"
        raise BadInput(f"bad {name} {value!r}: give an int {bound}")
    return value


#: The largest heap a misère survey builds a quotient to.
MISERE_MAX_UPTO: int = 4096


def _run_one(code: str, upto: int, misere: bool = False, max_order: int = 1000, stop: Any = None) -> str:
    """One code's record line: the engine's run, or with ``misere`` its
    misère quotient; ``stop`` (a ``_sprague.StopToken``) ends it early."""
    if misere:
        return _sprague.survey_misere_code(code, upto, max_order, stop)
    return _sprague.survey_code(code, upto, stop)


def _run_batch(codes: Sequence[str], upto: int, misere: bool = False, max_order: int = 1000) -> List[str]:
    """The records of ``codes`` run to ``upto``, one JSON line each: the
    task a Dask worker runs (module-level, so that it pickles by name)."""
    return [_run_one(code, upto, misere, max_order) for code in codes]


class _Out:
    """The survey file, opened and locked for appending, with the records
    already in it (read and checked by the library)."""

    def __init__(
        self,
        path: Union[str, "os.PathLike[str]"],
        upto: int,
        misere: bool = False,
        max_order: Optional[int] = None,
    ) -> None:
        self.name = os.fspath(path)
        try:
            fd = os.open(self.name, os.O_RDWR | os.O_CREAT, 0o666)
        except OSError as e:
            raise BadInput(f"out `{self.name}`: cannot open it ({e.strerror})") from None
        self.file: IO[bytes] = os.fdopen(fd, "r+b")
        try:
            self._lock()
            data = self.file.read()
            if misere:
                records, valid_len, torn = _sprague.survey_read_misere(data, self.name, upto, max_order)
            else:
                records, valid_len, torn = _sprague.survey_read(data, self.name, upto)
            if torn:
                # The line a killed survey was writing: dropped, run again.
                self.file.truncate(valid_len)
            self.file.seek(valid_len)
        except BaseException:
            self.file.close()
            raise
        #: canonical code -> its JSON line, for every record in the file.
        self.done: Dict[str, str] = dict(records)

    def _lock(self) -> None:
        if fcntl is None:  # pragma: no cover
            return
        try:
            fcntl.flock(self.file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise BadInput(
                f"out `{self.name}` is in use by another sprague survey; wait for it to end or give another file"
            ) from None

    def append(self, line: str) -> None:
        """One whole line and a flush."""
        self.file.write((line + "\n").encode())
        self.file.flush()

    def close(self) -> None:
        try:
            os.fsync(self.file.fileno())
        except OSError:  # pragma: no cover
            pass
        self.file.close()  # also releases the lock


class _Progress:
    """``done/total codes · P proven, O observed, U open`` on stderr."""

    def __init__(self, total: int, shown: bool) -> None:
        self.total, self.shown = total, shown
        self.done = 0
        self.counts = {"trivial": 0, "proven": 0, "observed": 0, "open": 0}

    def add(self, record: Dict[str, Any]) -> None:
        self.done += 1
        # A misère record has a kind (tame, solved, open) for a status.
        status = record.get("status") or {"tame": "trivial", "solved": "proven"}.get(record.get("kind", ""), "open")
        self.counts[status] = self.counts.get(status, 0) + 1
        if self.shown:
            c = self.counts
            sys.stderr.write(
                f"\r{self.done}/{self.total} codes · {c['trivial'] + c['proven']} proven, "
                f"{c['observed']} observed, {c['open']} open"
            )
            sys.stderr.flush()

    def finish(self) -> None:
        if self.shown:
            sys.stderr.write("\n")


def _local(
    todo: List[str], upto: int, misere: bool = False, max_order: int = 1000
) -> Iterator[Tuple[List[str], Optional[BaseException]]]:
    """Runs every code on a pool of threads, one per core (the native run
    releases the GIL), yielding ``([line], None)`` or ``([code], error)``
    as each ends. Ended early (Ctrl-C, an error), the runs still going
    are stopped through their token, so that none goes on alone."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    workers = max(1, min(cores, len(todo)))
    stop = _sprague.StopToken()
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="sprague-survey") as pool:
        futures = {pool.submit(_run_one, code, upto, misere, max_order, stop): code for code in todo}
        try:
            for f in local_as_completed(futures):
                error = f.exception()
                yield ([futures[f]], error) if error else ([f.result()], None)
        finally:
            for f in futures:
                f.cancel()
            stop.stop()


def _dask(
    todo: List[str], upto: int, client: Any, batch: int, retries: int, misere: bool = False, max_order: int = 1000
) -> Iterator[Tuple[List[str], Optional[BaseException]]]:
    """Submits one task per ``batch`` codes to the Dask ``client`` and
    yields ``(lines, None)`` or ``(codes, error)`` per task as each ends."""
    from distributed import as_completed

    batches = [todo[i : i + batch] for i in range(0, len(todo), batch)]
    run = uuid.uuid4().hex[:12]
    # Keys name the first code of each task (dashboards, client.processing()).
    futures = {
        client.submit(
            _run_batch, b, upto, misere, max_order, key=f"sprague-survey-{b[0]}-{run}-{i}", retries=retries, pure=False
        ): b
        for i, b in enumerate(batches)
    }
    try:
        for f in as_completed(list(futures)):
            if f.status == "finished":
                yield f.result(), None
            elif f.status == "error":
                yield futures[f], f.exception()
            else:  # cancelled: the scheduler lost it
                yield futures[f], _sprague.Error(f"the Dask task {f.key} was {f.status}")
    finally:
        for f in futures:
            f.release()


def survey(
    codes: Union[str, Iterable[str]],
    upto: int,
    client: Any = None,
    out: Union[None, str, "os.PathLike[str]"] = None,
    *,
    batch: int = 1,
    retries: int = 2,
    progress: bool = False,
    misere: bool = False,
    max_order: int = 1000,
) -> List[Dict[str, Any]]:
    """Runs every code to heap ``upto`` through the sequence engine, each
    stopped as soon as its period is proven, as ``sprague survey``.

    Args:
        codes: the codes (``["0.77", "octal:0.6"]``, or :func:`family`), or
            one ``str`` listing them as :func:`parse_codes` reads it; each
            game is run once.
        upto: the bound N, 1 ≤ N ≤ 2**32 − 2.
        client: a ``dask.distributed.Client``: one task per ``batch`` codes
            is submitted to its cluster, with ``retries``. Without one, the
            codes run here, on a thread per core.
        out: a survey file (JSON lines, the CLI's ``--out``). Each record
            is appended as it arrives, one line and a flush; codes already
            in the file are not run again (resume), and a code is never
            written twice. The file must be from a survey to the same
            ``upto``; it is locked while the survey runs.
        batch: codes per Dask task (a few for families of many fast codes).
        retries: how often Dask runs a task again after it failed; a task
            whose worker died is run again by Dask anyway.
        progress: write ``done/total codes · … proven, … open`` to stderr.
        misere: misère play, as ``sprague survey --misere``: each code's
            misère quotient built heap by heap to ``upto`` (1 ≤ N ≤ 4096),
            stopped at a period proven for every heap size or at candidates
            of more than ``max_order`` elements. Records then have the keys
            ``code``, ``kind`` (``tame``, ``solved``, ``open``), ``order``,
            ``p_portion``, ``all_heaps``, ``preperiod``, ``period``,
            ``computed_to``, ``stopped``, ``seconds``, ``upto``, ``max_order``.
        max_order: with ``misere``, the bound on a candidate's elements.

    Returns:
        The records of ``codes``, in the order given, as dicts with the
        keys of a survey line: ``code``, ``status`` (``trivial``,
        ``proven``, ``observed``, ``open``), ``preperiod``, ``period``,
        ``computed_to``, ``max_value``, ``mask``, ``rare``, ``seconds``,
        ``upto``; those already in ``out`` as they are there.

    Raises:
        BadInput: a malformed code, a bad ``upto``/``batch``/``retries``,
            an ``out`` that is no survey file or is from another survey or
            is in use (one-line messages, as the CLI's).
        Error: a code whose run failed (its record is not written; the
            others are, so running the survey again retries it).

    >>> [r["period"] for r in sprague.survey(["0.77", "0.07"], 1000)]
    [12, 34]
    """
    upto = _check_int("upto", upto, 1, MISERE_MAX_UPTO if misere else MAX_UPTO)
    max_order = _check_int("max_order", max_order, 1)
    batch = _check_int("batch", batch, 1)
    retries = _check_int("retries", retries, 0)
    wanted = _canonical(codes)
    if not wanted:
        raise BadInput("no codes to survey: give codes ('0.77', 'hex:0.f', …) or sprague.family(D)")
    file = _Out(out, upto, misere, max_order) if out is not None else None
    lines: Dict[str, str] = {}
    try:
        if file is not None:
            lines.update((c, file.done[c]) for c in wanted if c in file.done)
        todo = [c for c in wanted if c not in lines]
        bar = _Progress(len(wanted), progress)
        for line in lines.values():
            bar.add(json.loads(line))
        failed: List[Tuple[str, BaseException]] = []
        results = (
            _dask(todo, upto, client, batch, retries, misere, max_order)
            if client is not None
            else _local(todo, upto, misere, max_order)
        )
        for got, error in results:
            if error is not None:
                failed.extend((code, error) for code in got if code not in lines)
                continue
            for line in got:
                record = json.loads(line)
                code = record["code"]
                if code in lines:
                    continue  # a task run twice: its second result is dropped
                if file is not None:
                    file.append(line)
                lines[code] = line
                bar.add(record)
        bar.finish()
    finally:
        if file is not None:
            file.close()
    if failed:
        code, error = failed[0]
        what = f"{code} was" if len(failed) == 1 else f"{len(failed)} codes were"
        kind = type(error) if isinstance(error, _sprague.Error) else _sprague.Error
        raise kind(f"{what} not written (run the survey again to retry); {code}: {error}") from error
    return [json.loads(lines[c]) for c in wanted]
