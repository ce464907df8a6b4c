"""A small recorded scenario for the streaming tests, built with the timeline helpers.

Five nodes on three partitions (Kafka's default partitioner): ``gpu-a`` leaks KV cache under an
alert storm and shares partition 1 with the healthy ``gpu-c``; ``gpu-b`` is alone on partition 0
and goes silent half-way (so only the fleet clock can tell that it is unreachable); ``gpu-d``
accumulates speculative-decoding residue beside the healthy ``gpu-e`` on partition 2.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import orjson

from correlator.wire.records import Record
from tests.timeline import T0, NodeSpec, S, alert, merged, node_records, sawtooth

FAULT_AT = 1500.0
END = 2700.0
EXPECTED = {"gpu-a": "session_isolation", "gpu-b": "node_unreachable", "gpu-d": "spec_residue"}


def _jitter(amp: float, seed: int) -> Callable[[float], float]:
    return lambda t: amp * math.sin(t * 0.37 + seed) * math.cos(t * 0.11)


def _gpu(seed: int, growth: float = 0.0) -> Callable[[float], float]:
    j = _jitter(0.2, seed)
    return lambda t: 90.0 + j(t) + max(0.0, t - FAULT_AT) / 60 * growth


def records(seconds: float = END) -> list[Record]:
    leak = sawtooth(30, 12, 200)
    specs = [
        NodeSpec(node="gpu-a", gpu_pct=_gpu(0), kv_pct=lambda t: leak(t) + max(0.0, t - FAULT_AT) / 60 * 3),
        NodeSpec(node="gpu-b", gpu_pct=_gpu(1), kv_pct=sawtooth(30, 12, 200, 40)),
        NodeSpec(node="gpu-c", gpu_pct=_gpu(2), kv_pct=sawtooth(30, 12, 200, 80)),
        NodeSpec(node="gpu-d", gpu_pct=_gpu(3, growth=0.8), kv_pct=sawtooth(30, 12, 200, 120),
                 aborts_per_s=lambda t: 1.5 if t > FAULT_AT - 100 else 0.05, spec_decode=True),
        NodeSpec(node="gpu-e", gpu_pct=_gpu(4), kv_pct=sawtooth(30, 12, 200, 160)),
    ]
    streams = [node_records(s, FAULT_AT if s.node == "gpu-b" else seconds) for s in specs]
    storm = [alert("gpu-a", FAULT_AT + 100 + 30 * k, name, "critical")
             for k in range(10) for name in ("KVCacheHigh", "P99LatencyHigh")]
    return merged(*streams, iter(storm))


def labels() -> list[dict[str, object]]:
    start, end = T0 + int(FAULT_AT * S), T0 + int(END * S)
    causes = {"gpu-a": "session_isolation", "gpu-b": "other", "gpu-d": "spec_residue"}
    return [{"fault_id": f"f-{node}", "node": node, "gpu": None, "cause": cause,
             "detail": "network_partition" if cause == "other" else None,
             "start_ns": start, "end_ns": end} for node, cause in causes.items()]


def write(folder: Path, recs: list[Record] | None = None) -> tuple[Path, Path]:
    """``events.jsonl`` (in event-time order) and ``labels.jsonl`` in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    events, lab = folder / "events.jsonl", folder / "labels.jsonl"
    rows = recs if recs is not None else records()
    events.write_bytes(b"".join(orjson.dumps(r.model_dump(mode="json")) + b"\n" for r in rows))
    lab.write_bytes(b"".join(orjson.dumps({k: v for k, v in d.items() if v is not None}) + b"\n"
                             for d in labels()))
    return events, lab
