"""Writing a scenario: ``events.jsonl.gz`` in delivery order, ``labels.jsonl``, ``scenario.json``.

Output is byte-identical for the same options: the gzip header carries no name or time, JSON
is written by orjson with a fixed key order, and nothing depends on the wall clock.
"""

from __future__ import annotations

import gzip
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, BinaryIO

import orjson

from correlator.sim.noise import Delivery
from correlator.sim.simulator import Record, Simulation
from correlator.wire.labels import FaultLabel

EVENTS = "events.jsonl.gz"
LABELS = "labels.jsonl"
SCENARIO = "scenario.json"


@dataclass(frozen=True, slots=True)
class WriteSummary:
    out_dir: Path
    records: int
    labels: int


def delivered(sim: Simulation) -> Iterator[Record]:
    """The scenario's records in the order a consumer receives them."""
    delivery = Delivery(sim.config.seed, sim.config.noise)
    for batch in sim.run():
        t = (batch.t_ns - sim.config.start_ns) / 1e9
        for record in batch.records:
            delivery.send(_true_time(record, sim.config.start_ns, t), record)
        yield from delivery.receive(t)
    yield from delivery.receive(float("inf"))


def _true_time(record: Record, start_ns: int, second: float) -> float:
    """Delivery is scheduled from when the record was made, not from its skewed stamp."""
    stamped: float = (record["ts_ns"] - start_ns) / 1e9
    return min(max(stamped, second), second + 1.0)


def write_events(records: Iterable[Record], path: Path) -> int:
    n = 0
    with path.open("wb") as raw, _gzip(raw) as gz:
        buf: list[bytes] = []
        for record in records:
            buf.append(orjson.dumps(record))
            n += 1
            if len(buf) >= 4096:
                gz.write(b"\n".join(buf) + b"\n")
                buf.clear()
        if buf:
            gz.write(b"\n".join(buf) + b"\n")
    return n


def _gzip(raw: BinaryIO) -> gzip.GzipFile:
    return gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=6, mtime=0)


def write_labels(labels: list[FaultLabel], path: Path) -> None:
    lines = [orjson.dumps(label.model_dump()) + b"\n" for label in labels]
    path.write_bytes(b"".join(lines))


def scenario_document(sim: Simulation, records: int) -> dict[str, Any]:
    config = sim.config
    return {
        "generator": "correlator simulate",
        "config": _config(sim),
        "start_ns": config.start_ns,
        "end_ns": config.start_ns + config.duration_s * 1_000_000_000,
        "records": records,
        "schedule": [_injection(i, config.start_ns) for i in sim.injections],
        "fleet": [_node(n) for n in sim.fleet],
    }


def _config(sim: Simulation) -> dict[str, Any]:
    config = sim.config
    doc = config.model_dump(mode="json", exclude={"faults", "benign", "traces_dir"})
    doc["faults"] = [s.render() for s in config.faults]
    doc["benign"] = [s.render() for s in config.benign]
    return doc


def _injection(inj: Any, start_ns: int) -> dict[str, Any]:
    doc = asdict(inj)
    doc["label"] = inj.label(start_ns).model_dump()
    return doc


def _node(spec: Any) -> dict[str, Any]:
    return {
        "name": spec.name,
        "gpu": spec.gpu.name,
        "gpus": spec.gpus,
        "model": spec.model.name,
        "kv_pool_blocks": spec.perf.pool_blocks,
        "speculative": asdict(spec.spec) if spec.spec is not None else None,
        "tenants": [t.name for t in spec.tenants],
        "nominal_rate_rps": round(spec.rate, 3),
        "sweep_s": round(spec.sweep_s, 1),
        "host_mem_total_bytes": spec.host_total,
        "exposes_kv_cache_usage_perc": spec.exposes_kv_usage,
    }


def write_scenario(sim: Simulation, out_dir: Path) -> WriteSummary:
    """Run ``sim`` and write its three files into ``out_dir`` (created if needed)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    n = write_events(delivered(sim), out_dir / EVENTS)
    labels = [inj.label(sim.config.start_ns) for inj in sim.injections]
    write_labels(labels, out_dir / LABELS)
    doc = scenario_document(sim, n)
    (out_dir / SCENARIO).write_bytes(orjson.dumps(doc, option=orjson.OPT_INDENT_2) + b"\n")
    return WriteSummary(out_dir, n, len(labels))
