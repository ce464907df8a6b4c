"""Embedded replay throughput and memory per tracked node.

    .venv/bin/python bench/embedded_replay.py [--nodes 12] [--minutes 60] [--out out/bench] [--streamed]

1. Simulates a recording (or reuses one in --out), then times on one core:
   - plain JSON decoding of every line (orjson), and pydantic validation of every line (the
     replay's decode path), for comparison;
   - the whole embedded replay (read, decode, order, engine, scoring), records/s;
   - the engine alone on already-decoded records.
2. Whole against streamed reading (``--streamed``): the same replay in a fresh process with
   the file held whole and forced through the streamed path (files over
   ``IN_MEMORY_BYTES`` on disk), records/s and peak resident memory of each.
3. Memory per tracked node at 1,000 and 10,000 nodes: a 30-minute simulated fleet is replayed
   so that every node holds realistic state (full series rings, sessions, alerts, detectors);
   then N node states, copied from those, are held by one fleet, and the growth of the
   process's traced memory is divided by N.
"""

from __future__ import annotations

import argparse
import gc
import gzip
import io
import pickle
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import orjson

from correlator.config import load_rules
from correlator.core.engine import Engine
from correlator.core.fleet import Fleet
from correlator.gctune import bulk_phase
from correlator.replay.reader import ReadStats, read_file, records_in_time_order
from correlator.replay.run import run_replay
from correlator.wire.decode import RECORD_ADAPTER

CLI = str(Path(sys.executable).with_name("correlator"))


def recording(out: Path, nodes: int, minutes: int, extra: list[str]) -> Path:
    d = out / f"rec-{nodes}x{minutes}"
    if not (d / "events.jsonl.gz").exists():
        subprocess.run([CLI, "simulate", "--out", str(d), "--nodes", str(nodes), "--minutes", str(minutes),
                        "--seed", "3", "--faults", "session_isolation,spec_residue,monitoring_gap",
                        "--benign", "long_document,retry_burst", *extra], check=True, capture_output=True)
    return d


def rate(n: int, seconds: float) -> str:
    return f"{n / seconds:>10,.0f} records/s ({seconds:.2f} s)"


def throughput(d: Path) -> None:
    with gzip.open(d / "events.jsonl.gz") as fh:
        lines = fh.read().splitlines()
    n = len(lines)
    t = time.perf_counter()
    for line in lines:
        orjson.loads(line)
    plain = time.perf_counter() - t
    t = time.perf_counter()
    for line in lines:
        RECORD_ADAPTER.validate_json(line)
    validated = time.perf_counter() - t
    rules = load_rules()
    # River (and SciPy under it) is imported when the first node is tracked: a second or so
    # once per process, which is start-up, not throughput; timed apart.
    t = time.perf_counter()
    import river.anomaly  # noqa: F401
    startup = time.perf_counter() - t
    t = time.perf_counter()
    result = run_replay([d / "events.jsonl.gz"], [], rules)
    whole = time.perf_counter() - t
    records = list(records_in_time_order([read_file(d / "events.jsonl.gz", lambda r: None, ReadStats())]))
    engine = Engine(rules)
    with bulk_phase():  # as the replay runs it
        t = time.perf_counter()
        for rec in records:
            engine.process(rec)
        engine.finish()
        core = time.perf_counter() - t
    print(f"recording: {d} ({n:,} records, {len(result.incidents)} incident records)")
    print(f"  plain JSON decode (orjson.loads)          {rate(n, plain)}")
    print(f"  contract decode (pydantic validate_json)  {rate(n, validated)}")
    print(f"  embedded replay, end to end               {rate(n, whole)}")
    print(f"  (start-up before it: importing River and SciPy, {startup:.2f} s)")
    print(f"  engine alone (decoded, ordered records)   {rate(n, core)}")


_ONE_REPLAY = """
import resource, sys, time
from pathlib import Path
from correlator.config import load_rules
from correlator.replay.run import run_replay
t = time.perf_counter()
r = run_replay([Path(sys.argv[1])], [], load_rules(), in_memory_bytes=int(sys.argv[2]))
took = time.perf_counter() - t
print(r.read.records, took, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, len(r.incidents))
"""


def streamed(d: Path) -> None:
    """The same replay read whole and streamed, each in a process of its own (peak RSS)."""
    path = d / "events.jsonl.gz"
    print(f"whole against streamed reading of {path}, a process each:")
    for label, limit in (("held whole", 1 << 40), ("streamed", 0)):
        out = subprocess.run([sys.executable, "-c", _ONE_REPLAY, str(path), str(limit)],
                             check=True, capture_output=True, text=True).stdout.split()
        n, took, rss_kib, incidents = int(out[0]), float(out[1]), int(out[2]), int(out[3])
        print(f"  {label:<10} {rate(n, took)}, peak RSS {rss_kib / 1024:,.0f} MiB, "
              f"{incidents} incident records")


class _Shared(pickle.Pickler):
    """Pickles a node without the objects every node of a fleet shares (the rules, the
    windows derived from them, the fleet's source set): a copy must share them as well."""

    def __init__(self, file: io.BytesIO, shared: dict[int, str]) -> None:
        super().__init__(file)
        self.shared = shared

    def persistent_id(self, obj: object) -> str | None:
        return self.shared.get(id(obj))


class _Sharing(pickle.Unpickler):
    def __init__(self, data: bytes, objects: dict[str, object]) -> None:
        super().__init__(io.BytesIO(data))
        self.objects = objects

    def persistent_load(self, pid: str) -> object:
        return self.objects[pid]


def memory(d: Path, counts: list[int]) -> None:
    """Node states copied into fleets of ``counts`` nodes. Every copy shares the fleet's rules,
    windows and source set, as the nodes of an engine do (until 2026-12-03 each copy had its own
    rules, some 28-31 KiB per node that no engine spends)."""
    rules = load_rules()
    source = Fleet(rules)
    for rec in records_in_time_order([read_file(d / "events.jsonl.gz", lambda r: None, ReadStats())]):
        source.process(rec)
    first = next(iter(source.nodes.values()))
    shared = {id(first.rules): "rules", id(first.w): "windows", id(source.fleet_sources): "sources"}
    states = []
    for n in source.nodes.values():
        buf = io.BytesIO()
        _Shared(buf, shared).dump(n)
        states.append(buf.getvalue())
    print(f"node states copied from {d} ({len(states)} nodes after {d.name.split('x')[-1]} min)")
    for count in counts:
        gc.collect()
        tracemalloc.start()
        base = tracemalloc.get_traced_memory()[0]
        fleet = Fleet(rules)
        objects = {"rules": rules, "windows": first.w, "sources": fleet.fleet_sources}
        for i in range(count):
            node = _Sharing(states[i % len(states)], objects).load()
            node.node = f"node-{i:06d}"
            fleet.nodes[node.node] = node
        gc.collect()
        used = tracemalloc.get_traced_memory()[0] - base
        tracemalloc.stop()
        print(f"  {count:>6,} nodes: {used / 2**20:8.1f} MiB traced, {used / count / 1024:6.1f} KiB per node")
        del fleet


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--nodes", type=int, default=12)
    ap.add_argument("--minutes", type=int, default=60)
    ap.add_argument("--out", type=Path, default=Path("out/bench"))
    ap.add_argument("--skip-throughput", action="store_true")
    ap.add_argument("--streamed", action="store_true", help="only whole against streamed reading")
    args = ap.parse_args()
    if args.streamed:
        streamed(recording(args.out, args.nodes, args.minutes, []))
        return 0
    if not args.skip_throughput:
        throughput(recording(args.out, args.nodes, args.minutes, []))
    memory(recording(args.out, 6, 30, []), [1000, 10000])
    return 0


if __name__ == "__main__":
    sys.exit(main())
