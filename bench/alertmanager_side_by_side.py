"""Side by side with Prometheus Alertmanager: the same alert storm into both, pages counted.

    .venv/bin/python bench/alertmanager_side_by_side.py [--speed 20] [--scenario NAME] [--json FILE]

1. Installs Debian's ``prometheus-alertmanager`` when it is missing (``apt-get update && apt-get
   install -y prometheus-alertmanager``) and runs it on 127.0.0.1 with the grouping of the
   configuration Debian ships (see ``sbs_alertmanager.py``), sending to a local PagerDuty-like
   receiver (``pagerduty_configs`` with ``url``) and to a recording webhook.
2. Simulates a scenario (``correlator simulate``: several nodes, real faults and look-alikes,
   the 47-rule Prometheus rule set firing, re-sending every minute, resolving): ``five-faults``
   (five causes on five nodes) or ``writeup-storm`` (one root cause on three nodes at once, as
   in the incident write-up), look-alikes on other nodes in both.
3. Replays it at event-time pace compressed by ``--speed``: every alert notification of the
   recording is pushed, as Prometheus pushes, to Alertmanager's and to the correlator's
   ``POST /api/v2/alerts`` (the correlator's ingest, embedded engine) at its event time. The
   correlator's engine also gets the node telemetry of the same recording, in process, as its
   node agents would deliver it (``--alerts-only`` leaves it out). Alertmanager's timers are
   divided by the speed, so that in event time they are the shipped ones; startsAt/endsAt are
   mapped to its (wall) clock.
4. The correlator's incidents go through ``correlator pager``'s delivery (PagerDuty Events v2)
   to a second PagerDuty-like receiver. Both receivers' events are then measured the same way
   (``sbs_measure.py``) and printed as one table.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import hashlib
import json
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import orjson
from sbs_alertmanager import Alertmanager, config, ensure_installed, shipped_grouping, version
from sbs_measure import NAMED_CAUSES, Event, nodes_of_webhook, row, table

from correlator.config import load_rules
from correlator.core import Engine
from correlator.ingest.engine_sink import EngineSink, IncidentWriter
from correlator.ingest.rfc3339 import format_ns, parse_ns
from correlator.ingest.server import IngestServer
from correlator.kafka import free_port
from correlator.pager.config import load_pagers
from correlator.pager.deadletters import FileDeadLetters
from correlator.pager.recorder import Received, RecordingReceiver
from correlator.pager.service import PagerService, ServiceOptions
from correlator.pager.sources import Commit, Item
from correlator.replay.labels import read_labels
from correlator.sim import SimConfig, simulate_to
from correlator.wire.decode import decode_record
from correlator.wire.incidents import Incident
from correlator.wire.records import AlertRecord, Record

SCENARIOS = {
    # Five faults of five causes on five nodes, four look-alikes on others.
    "five-faults": (
        "session_isolation@gpu-node-01:12,spec_residue@gpu-node-02:10,"
        "monitoring_gap.silent_host_leak@gpu-node-03:8,xid_79@gpu-node-05:20,"
        "network_partition@gpu-node-06:24-30",
        "long_document@gpu-node-04:6-20,retry_burst@gpu-node-05:9,warmup@gpu-node-04:28,"
        "checkpoint_load@gpu-node-07:15"),
    # The write-up's storm: one root cause (a tenant reusing session ids on every node the
    # gateway sends it to) on three nodes at once, look-alikes on four others.
    "writeup-storm": (
        "session_isolation@gpu-node-01+gpu-node-03+gpu-node-06:12",
        "long_document@gpu-node-04:6-20,retry_burst@gpu-node-05:9,warmup@gpu-node-02:28,"
        "checkpoint_load@gpu-node-07:15"),
}
S = 1_000_000_000


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


class Pace:
    """Event time runs ``speed`` times faster than the wall clock, from ``ev0_ns``.

    The correlator's clock (:meth:`delivered_ev`) is the event time up to which the recording
    has been delivered: on a loaded machine the driver can stall, and a clock running on without
    the records would make the ones still to come late (the node agents deliver in real time in
    production; here one process plays them and the correlator). ``max_lag_s`` says how far the
    driver fell behind.
    """

    def __init__(self, ev0_ns: int, speed: float) -> None:
        self.ev0 = ev0_ns
        self.speed = speed
        self.mono0 = time.monotonic()
        self.epoch0 = time.time_ns()
        self.delivered = ev0_ns
        self.max_lag_s = 0.0

    def now_ev(self) -> int:
        return self.ev0 + int((time.monotonic() - self.mono0) * self.speed * S)

    def deliver(self, ev_ns: int) -> None:
        if ev_ns > self.delivered:
            self.delivered = ev_ns
            self.max_lag_s = max(self.max_lag_s, (self.now_ev() - ev_ns) / S)

    def delivered_ev(self) -> int:
        return min(self.now_ev(), self.delivered)

    def epoch_of(self, ev_ns: int) -> int:
        return self.epoch0 + int((ev_ns - self.ev0) / self.speed)

    def ev_of_epoch(self, epoch_ns: int) -> int:
        return self.ev0 + int((epoch_ns - self.epoch0) * self.speed)

    async def until(self, ev_ns: int) -> None:
        wait = (ev_ns - self.now_ev()) / self.speed / S
        if wait > 0:
            await asyncio.sleep(wait)


class QueueSource:
    """Incident records for the pager, as the engine publishes them."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[bytes | None] = asyncio.Queue()

    def put(self, inc: Incident) -> None:
        self.queue.put_nowait(orjson.dumps(inc.model_dump(mode="json")))

    def end(self) -> None:
        self.queue.put_nowait(None)

    async def items(self, stop: asyncio.Event) -> AsyncIterator[tuple[Item, Commit]]:
        n = 0
        while (value := await self.queue.get()) is not None:
            n += 1
            yield Item(value, f"engine#{n}"), _nothing


async def _nothing() -> None:
    return None


def scenario(args: argparse.Namespace, out: Path) -> tuple[list[Record], Path]:
    faults, benign = SCENARIOS[args.scenario]
    cfg = SimConfig(nodes=args.nodes, minutes=args.minutes, seed=args.seed,
                    faults=faults if args.faults is None else args.faults,
                    benign=benign if args.benign is None else args.benign, leak_rate_pct_min=4.0)
    started = time.perf_counter()
    simulate_to(cfg, out)
    with gzip.open(out / "events.jsonl.gz", "rb") as fh:
        records = [decode_record(line) for line in fh]
    log(f"simulated {len(records):,} records in {time.perf_counter() - started:.1f} s -> {out}")
    return records, out / "labels.jsonl"


def am_alert(rec: AlertRecord, pace: Pace) -> dict[str, Any]:
    a = rec.alert
    out: dict[str, Any] = {"labels": a.labels, "annotations": a.annotations,
                           "generatorURL": a.generatorURL or ""}
    for name in ("startsAt", "endsAt"):
        value = getattr(a, name)
        if value:
            out[name] = format_ns(pace.epoch_of(parse_ns(value)))
    return out


def prom_alert(rec: AlertRecord) -> dict[str, Any]:
    a = rec.alert
    return {"labels": a.labels, "annotations": a.annotations, "startsAt": a.startsAt,
            "endsAt": a.endsAt, "generatorURL": a.generatorURL or ""}


async def drive(records: list[Record], pace: Pace, am: Alertmanager, ingest_url: str,
                sink: EngineSink, alerts_only: bool) -> list[tuple[int, str]]:
    """Push every alert to both at its event time; feed telemetry to the engine."""
    pushed: list[tuple[int, str]] = []
    batch: list[AlertRecord] = []
    async with aiohttp.ClientSession() as http:

        async def flush() -> None:
            if not batch:
                return
            await pace.until(batch[0].ts_ns)
            pace.deliver(batch[0].ts_ns)
            ev = pace.now_ev()
            async with http.post(ingest_url + "/api/v2/alerts",
                                 json=[prom_alert(r) for r in batch]) as resp:
                if resp.status != 200:
                    raise RuntimeError(f"ingest answered {resp.status}: {await resp.text()}")
            await am.push(http, [am_alert(r, pace) for r in batch])
            pushed.extend((ev, r.node) for r in batch if r.alert.status == "firing")
            batch.clear()

        for rec in records:
            if isinstance(rec, AlertRecord):
                if batch and batch[0].ts_ns != rec.ts_ns:
                    await flush()
                batch.append(rec)
                continue
            await flush()
            await pace.until(rec.ts_ns)
            pace.deliver(rec.ts_ns)
            if not alerts_only:
                sink.feed([rec])
        await flush()
    return pushed


Named = list[tuple[int, frozenset[str]]]


def am_events(pd: list[Received], hooks: list[Received], pace: Pace) -> tuple[list[Event], Named]:
    by_key: dict[str, list[Received]] = {}
    for h in hooks:
        by_key.setdefault(hashlib.sha256(h.doc["groupKey"].encode()).hexdigest(), []).append(h)
    events = []
    for r in pd:
        same = by_key.get(r.doc.get("dedup_key", ""), [])
        nearest = min(same, key=lambda h: abs(h.at_ns - r.at_ns), default=None)
        nodes = nodes_of_webhook(nearest.doc) if nearest is not None else frozenset()
        text = json.dumps(r.doc)
        cause = next((c for c in NAMED_CAUSES if c in text), None)
        events.append(Event(pace.ev_of_epoch(r.at_ns), r.doc["dedup_key"], r.doc["event_action"],
                            nodes, cause))
    named = [(pace.ev_of_epoch(h.at_ns), nodes_of_webhook(h.doc)) for h in hooks]
    return events, named


def cx_events(pd: list[Received], pace: Pace) -> tuple[list[Event], Named]:
    events = []
    for r in pd:
        payload = r.doc.get("payload") or {}
        nodes = frozenset(payload.get("custom_details", {}).get("nodes", []))
        events.append(Event(pace.ev_of_epoch(r.at_ns), r.doc["dedup_key"], r.doc["event_action"],
                            nodes, payload.get("class")))
    return events, [(e.ev_ns, e.nodes) for e in events if e.action == "trigger"]


async def run(args: argparse.Namespace) -> dict[str, Any]:
    binary = ensure_installed(log)
    grouping = shipped_grouping()
    out = Path(args.out or tempfile.mkdtemp(prefix="sbs-"))
    records, labels_path = scenario(args, out)
    faults = read_labels(labels_path)
    alerts = [r for r in records if isinstance(r, AlertRecord)]
    log(f"alert storm: {len(alerts)} notifications ({sum(a.alert.status == 'firing' for a in alerts)} "
        f"firing), {len({a.alert.labels['alertname'] for a in alerts})} rules, "
        f"{len({a.node for a in alerts})} nodes; {sum(f.cause != 'benign' for f in faults)} real "
        f"faults, {sum(f.cause == 'benign' for f in faults)} look-alikes")

    am_pd = await RecordingReceiver("pagerduty").start()
    am_hook = await RecordingReceiver("webhook").start()
    cx_pd = await RecordingReceiver("pagerduty").start()
    am = Alertmanager(binary, config(grouping, args.speed, am_pd.url, am_hook.url), free_port())
    await am.start()
    log(f"Alertmanager {version(binary)} on {am.url}: {grouping.describe()}; timers / {args.speed:g}")

    ev0 = min(r.ts_ns for r in records)
    pace = Pace(ev0, args.speed)
    source = QueueSource()
    sink = EngineSink(Engine(load_rules()), IncidentWriter(out / "incidents.jsonl"),
                      on_incident=source.put)
    ingest = IngestServer(sink, clock=pace.delivered_ev, tick_s=0.25)
    await ingest.start()
    pagers = out / "pagers.yaml"
    pagers.write_text(f"defaults: {{rate_limit: {{per_minute: 60000, burst: 1000}}}}\nreceivers:\n"
                      f"  - {{name: oncall, type: pagerduty, url: '{cx_pd.url}', routing_key: {'b' * 32}}}\n"
                      "routes:\n  - receivers: [oncall]\n")
    dead = FileDeadLetters(out / "pager-deadletter.jsonl")
    stop = asyncio.Event()
    async with aiohttp.ClientSession() as session:
        service = PagerService(load_pagers(pagers, {}), ServiceOptions(out / "pager-state"), dead,
                               session, stop)
        pager = asyncio.create_task(service.run_source(source))
        started = time.monotonic()
        try:
            pushed = await drive(records, pace, am, ingest.url, sink, args.alerts_only)
            # The recording ends: the correlator finishes as a replay does (its clock running on
            # past the end would take the silence of every node for a network partition), and
            # Alertmanager gets the tail to send what its timers still hold.
            await pace.until(max(r.ts_ns for r in records))
            await ingest.stop()
            await pace.until(max(r.ts_ns for r in records) + int(args.tail_s * S))
        finally:
            await ingest.stop()
            source.end()
            await pager
            service.close()
            am.stop()
    wall = time.monotonic() - started
    for r in (am_pd, am_hook, cx_pd):
        await r.stop()

    ev_am, named_am = am_events(am_pd.received, am_hook.received, pace)
    ev_cx, named_cx = cx_events(cx_pd.received, pace)
    label = "correlator (alerts only)" if args.alerts_only else "correlator"
    rows = [row("Alertmanager", ev_am, named_am, pushed, faults),
            row(label, ev_cx, named_cx, pushed, faults)]
    print(f"\nSame storm, event time compressed {args.speed:g}x ({wall:.0f} s wall for "
          f"{(max(r.ts_ns for r in records) - ev0) / 60e9 + args.tail_s / 60:.0f} min of event time):\n")
    print(table(rows))
    for r, evs in zip(rows, (ev_am, ev_cx), strict=True):
        keys = {e.key for e in evs if e.action == "trigger"}
        print(f"{r.system}: {len(keys)} distinct dedup keys paged, {r.pages - len(keys)} pages "
              "again on a key after its resolve")
    ratio = rows[0].pages / rows[1].pages if rows[1].pages else None
    said = f"{ratio:.1f}x" if ratio is not None else "n/a (the correlator paged nothing)"
    print(f"\nAlertmanager pages / correlator pages: {said}; Alertmanager webhook "
          f"notifications: {len(am_hook.received)}; correlator incident records: {sink.incidents}; "
          f"driver's largest lag {pace.max_lag_s:.1f} s of event time; records the engine refused "
          f"as late: {sink.live.engine.stats.late}")
    result = {"speed": args.speed, "wall_s": round(wall, 1), "alertmanager": version(binary),
              "max_lag_s": pace.max_lag_s, "late": sink.live.engine.stats.late,
              "grouping": grouping.describe(), "scenario": vars(args) | {"out": str(out)},
              "rows": [r.__dict__ | {"pages_per_fault": r.pages_per_fault} for r in rows],
              "ratio": ratio}
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=2, default=str))
    return result


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--speed", type=float, default=20.0, help="event time / wall time (default: 20)")
    p.add_argument("--nodes", type=int, default=8)
    p.add_argument("--minutes", type=float, default=40.0)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--scenario", choices=sorted(SCENARIOS), default="five-faults",
                   help="which faults and look-alikes to simulate (default: five-faults)")
    p.add_argument("--faults", help="--faults for correlator simulate (overrides --scenario's)")
    p.add_argument("--benign", help="--benign for correlator simulate (overrides --scenario's)")
    p.add_argument("--tail-s", type=float, default=600.0,
                   help="event time to keep running after the last record (default: 600)")
    p.add_argument("--alerts-only", action="store_true",
                   help="give the correlator the alerts only, no node telemetry")
    p.add_argument("--out", help="keep the recording, incidents and pager state here")
    p.add_argument("--json", help="write the results here")
    args = p.parse_args()
    asyncio.run(run(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
