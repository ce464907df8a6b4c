"""Real request traces: reading them, and replaying them as load.

Arrival times and token counts are the trace's own, shifted so the trace starts at the
scenario start (and wrapped around when the scenario is longer than the trace). Requests are
spread over nodes by conversation (Mooncake: by the first non-shared prefix block; Azure has
no conversation ids, so requests are stitched into sessions when a later request's context
can extend an open one of the same node). Mooncake ``hash_ids`` are 512-token prefix blocks:
identical ids are identical KV, so they become shared pool segments and give real prefix hits.
"""

from __future__ import annotations

import csv
import math
import random
import zlib
from bisect import bisect_left
from collections.abc import Hashable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import orjson

from correlator.sim.catalog import BLOCK_SIZE
from correlator.sim.fleet import MEAN_SWEEP_S, NodeSpec
from correlator.sim.kvcache import Segment
from correlator.sim.load import LoadContext, new_request, sys_segment
from correlator.sim.request import Request, Session
from correlator.sim.tenants import Tenant

TRACE_FILES = {
    "azure-conv": "azure_llm_2023/AzureLLMInferenceTrace_conv.csv",
    "azure-code": "azure_llm_2023/AzureLLMInferenceTrace_code.csv",
    "mooncake": "mooncake_fast25/conversation_trace.jsonl",
    "mooncake-synthetic": "mooncake_fast25/synthetic_trace.jsonl",
}
CONTINUE_SHARE = {"azure-conv": 0.55, "azure-code": 0.25}
MOONCAKE_BLOCK = 512
OPEN_SESSION_IDLE_S = 900.0
TRACE_LOAD = 0.4


class TraceError(RuntimeError):
    """A trace file is missing or unreadable."""


@dataclass(frozen=True, slots=True)
class TraceEntry:
    offset_s: float
    input_tokens: int
    output_tokens: int
    hash_ids: tuple[int, ...]
    line: int


def trace_path(traces_dir: Path, kind: str) -> Path:
    path = traces_dir / TRACE_FILES[kind]
    if not path.is_file():
        raise TraceError(
            f"trace file for --load {kind} not found: {path} "
            f"(set --traces-dir to the folder holding {TRACE_FILES[kind]})"
        )
    return path


def read_trace(traces_dir: Path, kind: str) -> list[TraceEntry]:
    path = trace_path(traces_dir, kind)
    entries = _read_azure(path) if kind.startswith("azure") else _read_mooncake(path)
    if not entries:
        raise TraceError(f"trace file {path} holds no requests")
    return sorted(entries, key=lambda e: (e.offset_s, e.line))


def _read_azure(path: Path) -> list[TraceEntry]:
    out = []
    with path.open(newline="") as fh:
        rows = list(csv.DictReader(fh))
    first = _azure_time(rows[0]["TIMESTAMP"]) if rows else 0.0
    for i, row in enumerate(rows):
        offset = _azure_time(row["TIMESTAMP"]) - first
        out.append(TraceEntry(offset, int(row["ContextTokens"]), int(row["GeneratedTokens"]), (),
                              i + 2))  # fmt: skip
    return out


def _azure_time(text: str) -> float:
    """``2023-11-16 18:17:03.9799600`` (7-digit fraction) to epoch seconds."""
    date, _, frac = text.partition(".")
    stamp = datetime.fromisoformat(date).timestamp()
    return stamp + (float("0." + frac) if frac else 0.0)


def _read_mooncake(path: Path) -> list[TraceEntry]:
    out = []
    with path.open("rb") as fh:
        for i, line in enumerate(fh):
            row = orjson.loads(line)
            out.append(TraceEntry(row["timestamp"] / 1000.0, int(row["input_length"]),
                                  int(row["output_length"]), tuple(row["hash_ids"]), i + 1))  # fmt: skip
    return out


class TraceLoad:
    """Open-loop replay of a trace over the fleet, ``copies`` time-shifted copies."""

    def __init__(
        self,
        kind: str,
        entries: list[TraceEntry],
        fleet: list[NodeSpec],
        ctx: LoadContext,
        seed: int,
        copies: int,
        ttl_s: float,
        virtual_nodes: int | None = None,
    ) -> None:
        self.kind = kind
        self.entries = entries
        self.fleet = fleet
        self.ctx = ctx
        self.copies = copies
        self.rng = random.Random(f"trace/{seed}/{kind}")
        gaps = (entries[-1].offset_s - entries[0].offset_s) / max(1, len(entries) - 1)
        self.span = entries[-1].offset_s + gaps
        self.virtual_nodes = max(len(fleet), virtual_nodes or self._fleet_size(ttl_s))
        self.orders = [self._order(c) for c in range(copies)]
        self.cursor: list[tuple[int, int]] = []
        self.sessions: dict[Hashable, Session] = {}
        self.open: list[list[Session]] = [[] for _ in fleet]

    def _fleet_size(self, ttl_s: float) -> int:
        """How many nodes the trace's service must have had: enough that the contexts its
        sessions pin fill each KV pool to about ``TRACE_LOAD`` on average. Only the first
        ``len(fleet)`` of them are simulated; the rest of the traffic goes elsewhere."""
        entries = self.entries
        rate = len(entries) * self.copies / self.span
        tokens = sum(e.input_tokens + e.output_tokens for e in entries) / len(entries)
        sessions = len({e.hash_ids[1] if len(e.hash_ids) > 1 else -e.line for e in entries})
        turns = len(entries) / sessions if entries[0].hash_ids else 1.0 / (
            1.0 - CONTINUE_SHARE.get(self.kind, 0.0))
        pinned = rate * tokens * (ttl_s + MEAN_SWEEP_S / 2) / turns
        pool = min(n.perf.pool_blocks for n in self.fleet) * BLOCK_SIZE
        return max(1, math.ceil(pinned / (pool * TRACE_LOAD)))

    def _order(self, copy: int) -> list[tuple[float, TraceEntry]]:
        """Copy ``copy``'s arrival offsets, shifted by a fraction of the span and wrapped."""
        shift = copy * self.span / self.copies
        items = [((e.offset_s + shift) % self.span, e) for e in self.entries]
        return sorted(items, key=lambda item: (item[0], item[1].line))

    def start(self, t0: float) -> None:
        """Position every copy at scenario-relative time ``t0`` (negative during pre-roll)."""
        cycle = math.floor(t0 / self.span)
        for order in self.orders:
            idx = bisect_left(order, t0 - cycle * self.span, key=lambda item: item[0])
            self.cursor.append((cycle, idx))

    def arrivals(self, t: int) -> list[Request]:
        out = []
        for c, order in enumerate(self.orders):
            cycle, idx = self.cursor[c]
            while True:
                if idx >= len(order):
                    cycle, idx = cycle + 1, 0
                when = cycle * self.span + order[idx][0]
                if when >= t + 1:
                    break
                req = self._request(order[idx][1], when, c)
                if req is not None:
                    out.append(req)
                idx += 1
            self.cursor[c] = (cycle, idx)
        return out

    def _request(self, entry: TraceEntry, when: float, copy: int) -> Request | None:
        """The entry as a request for its node, or None when it belongs to a node of the
        virtual fleet that is not simulated."""
        if entry.hash_ids:
            req = self._mooncake_request(entry, when, copy)
        else:
            req = self._azure_request(entry, when, copy)
        if req is None:
            return None
        req.rid = f"{self.kind}-{copy}-{entry.line}"
        req.want_out = max(1, entry.output_tokens)
        req.max_out = max(req.max_out, req.want_out)
        return req

    def _node_for(self, key: Hashable) -> int | None:
        slot = zlib.crc32(repr(key).encode()) % self.virtual_nodes
        return slot if slot < len(self.fleet) else None

    def _tenant_for(self, node: int, key: Hashable) -> Tenant:
        tenants = self.fleet[node].tenants
        return tenants[zlib.crc32(repr(("tenant", key)).encode()) % len(tenants)]

    def _mooncake_request(self, entry: TraceEntry, when: float, copy: int) -> Request | None:
        ids = entry.hash_ids
        key: Hashable = (copy, ids[1]) if len(ids) > 1 else (copy, "solo", entry.line)
        home = self._node_for(key)
        if home is None:
            return None
        session = self._session(key, home)
        node = session.node if session.node is not None else 0
        segments: list[Segment] = []
        left = entry.input_tokens
        for h in ids:
            tokens = min(MOONCAKE_BLOCK, left)
            if tokens <= 0:
                break
            segments.append((("mc", copy, h), tokens))
            left -= tokens
        segments.append((("gen", copy, entry.line), 0))
        tenant = session.tenant
        return new_request(self.ctx, self.rng, tenant, when, segments, node, session)

    def _session(self, key: Hashable, node: int) -> Session:
        session = self.sessions.get(key)
        if session is None:
            tenant = self._tenant_for(node, key)
            session = Session(f"trace-{zlib.crc32(repr(key).encode()):08x}", tenant, 1 << 30)
            session.node = node
            self.sessions[key] = session
        return session

    def _azure_request(self, entry: TraceEntry, when: float, copy: int) -> Request | None:
        node = self._node_for((copy, entry.line))
        if node is None:
            return None
        session = self._stitch(node, entry.input_tokens, when)
        if session is None:
            tenant = self._tenant_for(node, (copy, entry.line))
            session = Session(f"trace-{copy}-{entry.line}", tenant, 1 << 30)
            session.node = node
            self.open[node].append(session)
            base = [sys_segment(tenant)] if entry.input_tokens > tenant.sys_tokens + 16 else []
        else:
            base = list(session.segments)
        used = sum(tokens for _, tokens in base)
        new = (("turn", session.sid, session.turn_no), max(1, entry.input_tokens - used))
        session.turn_no += 1
        session.last_active = when
        req = new_request(self.ctx, self.rng, session.tenant, when, [*base, new], node, session)
        req.history = session.history_key
        return req

    def _stitch(self, node: int, context: int, when: float) -> Session | None:
        """An open, idle session of the node this request can extend, if the draw says so."""
        candidates = self.open[node]
        candidates[:] = [s for s in candidates if when - s.last_active < OPEN_SESSION_IDLE_S]
        if self.rng.random() >= CONTINUE_SHARE.get(self.kind, 0.0):
            return None
        fits = [s for s in candidates[-64:] if not s.busy and 0 < s.tokens < context - 16]
        return self.rng.choice(fits) if fits else None

    def on_finish(self, req: Request) -> None:
        if req.session is not None:
            req.session.last_active = req.finished_at
