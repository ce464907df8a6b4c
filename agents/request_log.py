"""``request_finished`` events from a gateway's request log (``gpu-agent --request-log``).

A gateway in front of vLLM (LiteLLM's proxy, an OpenAI-compatible router, nginx or Envoy with
JSON access logs) writes one JSON object per finished request; vLLM itself streams no such
events. This source follows that file (:mod:`agents.tailer`), maps each line
(:mod:`agents.request_fields`) and publishes the events as source ``vllm``.

- **Where it stands** is kept in ``request-log.json`` in the agent's state folder (the spool's,
  ``--spool-dir``) once a round is handed to the spool, so that a restart goes on from there;
  a crash between reading and spooling reads that round's lines again. Without a saved
  position (the first start) reading begins at the file's end, or its start with
  ``from_start``. ``save=False`` (``--once``) reads a saved position but never moves it.
- **Bad lines** (not JSON, not an object, no request id or finish reason, a reason that is
  none of the known ones, longer than a round may read) are counted by kind in
  :attr:`RequestLogSource.lines` and logged - the file, line number, byte offset and reason -
  at most once per ``warn_every_s``, with how many were not logged meanwhile. Fields left out
  of an event (a value that cannot be used) are counted in :attr:`RequestLogSource.dropped`.
- **A file that cannot be read** (missing, not a file, no permission) is a ``source_gap`` with
  the reason, as for the other sources; never a permanent one (that would have the correlator
  stop waiting for the ``vllm`` source).
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

from agents.health import GAP_EVENT, GapTracker
from agents.records import JsonRecord, event
from agents.request_fields import BadLine, FieldMap
from agents.tailer import Line, Tailer

log = logging.getLogger(__name__)

STATE_FILE = "request-log.json"
EVENT = "request_finished"
PUBLISHED = "published"


class RequestLogSource:
    """One gateway request log, read once per round."""

    source = "vllm"

    def __init__(self, node: str, path: Path, fields: FieldMap, *, state_file: Path | None = None,
                 save: bool = True, from_start: bool = False, max_round_bytes: int = 8 << 20,
                 warn_every_s: float = 60.0, rotated_grace_s: float = 30.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.node, self.fields = node, fields
        self.state_file, self.save = state_file, save
        self.warn_every_s, self.clock = warn_every_s, clock
        self.tail = Tailer(Path(os.path.abspath(path)), from_start=from_start,
                           max_round_bytes=max_round_bytes, rotated_grace_s=rotated_grace_s,
                           clock=clock)
        self.gap = GapTracker(node, self.source, str(self.tail.path))
        self.lines: Counter[str] = Counter()
        """Lines read, by outcome: ``published`` or the kind of bad line."""
        self.dropped: Counter[str] = Counter()
        """Fields left out of published events, by field."""
        self._lock = threading.Lock()  # a round in its thread, or closing
        self._saved: dict[str, Any] | None = None
        self._unsaved: dict[str, Any] | None = None
        self._delivered: dict[str, Any] | None = None
        """Where the lines handed over (or yielding nothing) end: a round whose records were
        not taken (the sink failed) is read again from here."""
        self._last_warning: float | None = None
        self._not_logged = 0
        self._behind_warned = False
        self._save_failed = False

    @property
    def bad_lines(self) -> int:
        return sum(n for outcome, n in self.lines.items() if outcome != PUBLISHED)

    # ---- the Source protocol -------------------------------------------------------------
    async def start(self) -> None:
        await asyncio.to_thread(self._start)

    async def collect(self, ts_ns: int) -> list[JsonRecord]:
        return await asyncio.to_thread(self._round, ts_ns)

    def handed_over(self) -> None:
        """The last round's records are in the spool: keep the position after them."""
        if self._unsaved is not None:
            self._delivered = self._unsaved
            self._write(self._unsaved)
            self._unsaved = None

    async def close(self) -> None:
        await asyncio.to_thread(self._close)

    # ---- in a worker thread --------------------------------------------------------------
    def _start(self) -> None:
        with self._lock:
            saved = self._load()
            self.tail.start(saved)
            cur = self.tail.current
            if cur is None:
                log.info("request log %s: %s; it is read from its start once it appears",
                         self.tail.path, self.tail.problem or "not there yet")
            else:
                how = "resuming" if saved else ("from its start" if cur.at.pos == 0
                                                 else "from its end")
                log.info("request log %s: reading %s, at byte %d%s", self.tail.path, how,
                         cur.at.pos, "" if cur.at.line is None else f" (line {cur.at.line + 1})")
            self._delivered = self.tail.snapshot()
            self._write(self._delivered)

    def _round(self, ts_ns: int) -> list[JsonRecord]:
        with self._lock:
            if self._unsaved is not None and self._delivered is not None:
                # the last round's records never reached the spool: read its lines again
                log.warning("request log %s: the last round was not handed over; reading its "
                            "lines again", self.tail.path)
                self.tail.close()
                self.tail.start(self._delivered)
                self._unsaved = None
            records = [r for line in self.tail.read() if (r := self._record(line, ts_ns))]
            self._check_behind()
            if self.tail.problem:
                if self.gap.failures == 0:
                    log.warning("request log: %s (reported as a source_gap)", self.tail.problem)
                records.append(self.gap.failed(self.tail.problem, ts_ns))
            elif self.gap.failures:
                log.info("request log %s: readable again", self.tail.path)
                self.gap.answered()
            snapshot = self.tail.snapshot()
            if any(r.get("event") != GAP_EVENT for r in records):  # kept once spooled (handed_over)
                self._unsaved = snapshot
            else:
                self._delivered = snapshot
                self._write(snapshot)
            return records

    def _close(self) -> None:
        with self._lock:
            self.tail.close()
        if self.bad_lines or self.dropped:
            kinds = ", ".join(f"{n} {k}" for k, n in sorted(self.lines.items()) if k != PUBLISHED)
            fields = ", ".join(f"{k} {n}x" for k, n in sorted(self.dropped.items()))
            log.warning("request log %s: %d lines published, %d bad (%s)%s%s", self.tail.path,
                        self.lines[PUBLISHED], self.bad_lines, kinds or "none",
                        f"; fields left out: {fields}" if fields else "",
                        f"; {self._not_logged} problems were not logged one by one"
                        if self._not_logged else "")

    # ---- lines ---------------------------------------------------------------------------
    def _record(self, line: Line, ts_ns: int) -> JsonRecord | None:
        try:
            if line.too_long:
                raise BadLine("too_long", f"longer than the {self.tail.max_round_bytes} bytes "
                                          "a round reads (--request-log-max-mb)")
            if not line.data.strip():
                return None
            try:
                obj = orjson.loads(line.data)
            except orjson.JSONDecodeError as err:
                raise BadLine("not_json", f"not JSON: {err}") from None
            mapped = self.fields.map(obj)
        except BadLine as bad:
            self.lines[bad.outcome] += 1
            self._warn(line, f"{bad.reason}; skipped")
            return None
        for name, why in mapped.dropped:
            self.dropped[name] += 1
            self._warn(line, f"{name} {why}; left out of the event")
        self.lines[PUBLISHED] += 1
        return event(node=self.node, source=self.source,
                     ts_ns=ts_ns if mapped.ts_ns is None else mapped.ts_ns, gpu=mapped.gpu,
                     name=EVENT, attrs=mapped.attrs)

    def _warn(self, line: Line, text: str) -> None:
        now = self.clock()
        if self._last_warning is not None and now - self._last_warning < self.warn_every_s:
            self._not_logged += 1
            return
        where = f"{self.tail.path}{' (rotated)' if line.rotated else ''}"
        number = "?" if line.number is None else str(line.number)
        more = (f"; {self._not_logged} more problems not logged since the last warning"
                if self._not_logged else "")
        log.warning("request log %s line %s (byte %d): %s; %d bad lines so far%s", where, number,
                    line.offset, text, self.bad_lines, more)
        self._last_warning, self._not_logged = now, 0

    def _check_behind(self) -> None:
        behind, budget = self.tail.behind, self.tail.max_round_bytes
        if behind >= budget and not self._behind_warned:
            log.warning("request log %s: %s written and not read yet; a round reads at most "
                        "%s (--request-log-max-mb)", self.tail.path, _size(behind), _size(budget))
            self._behind_warned = True
        elif behind < budget and self._behind_warned:
            log.info("request log %s: caught up", self.tail.path)
            self._behind_warned = False

    # ---- the saved position --------------------------------------------------------------
    def _load(self) -> dict[str, Any] | None:
        if self.state_file is None:
            return None
        try:
            saved = orjson.loads(self.state_file.read_bytes())
        except FileNotFoundError:
            return None
        except (OSError, orjson.JSONDecodeError) as err:
            log.warning("request log: cannot read the saved position %s (%s); starting as on a "
                        "first start", self.state_file, err)
            return None
        if not _valid(saved):
            log.warning("request log: the saved position %s is not one this agent wrote; "
                        "starting as on a first start", self.state_file)
            return None
        if saved["path"] != str(self.tail.path):
            log.info("request log: the saved position is for %s, not %s; starting as on a first "
                     "start", saved["path"], self.tail.path)
            return None
        return dict(saved)

    def _write(self, snapshot: dict[str, Any]) -> None:
        if not self.save or self.state_file is None or snapshot == self._saved:
            return
        tmp = self.state_file.with_name(self.state_file.name + ".tmp")
        try:
            tmp.write_bytes(orjson.dumps(snapshot))
            tmp.replace(self.state_file)
        except OSError as err:
            if not self._save_failed:
                log.warning("request log: cannot save the position in %s (%s); a restart will "
                            "start as on a first start", self.state_file, err.strerror or err)
            self._save_failed = True
            return
        self._save_failed = False
        self._saved = snapshot


def _size(n: int) -> str:
    return f"{n / 2**20:.1f} MiB" if n >= 2**20 else f"{n / 2**10:.1f} KiB"


_POSITION_KEYS: dict[str, type | tuple[type, ...]] = {
    "dev": int, "ino": int, "pos": int, "line": (int, type(None)), "head_len": int,
    "head_crc": int, "skipping": bool, "current": bool}


def _valid(saved: Any) -> bool:
    """A snapshot of :class:`Tailer` as this version writes it."""
    if not isinstance(saved, dict) or saved.get("v") != 1 or not isinstance(saved.get("path"), str):
        return False
    files = saved.get("files")
    return isinstance(files, list) and all(
        isinstance(f, dict) and f.keys() == _POSITION_KEYS.keys()
        and all(isinstance(f[k], t) for k, t in _POSITION_KEYS.items()) for f in files)
