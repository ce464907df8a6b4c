"""Rounds: every source on its interval, sequenced per (node, source, gpu), failures as gaps."""

from __future__ import annotations

import asyncio
import logging

import aiohttp
import orjson
import pytest
from agent_helpers import Served, fixture_text, validate

from agents.records import JsonRecord, sample
from agents.rounds import Rounds, Scheduled
from agents.sources import DcgmSource


class Counting:
    """A source that yields one sample per GPU per round and fails on the rounds it is told to."""

    def __init__(self, source: str, gpus: list[int | None], fail_on: set[int]) -> None:
        self.source, self.gpus, self.fail_on = source, gpus, fail_on
        self.rounds = 0
        self.started = self.closed = False

    async def start(self) -> None:
        self.started = True

    async def collect(self, ts_ns: int) -> list[JsonRecord]:
        self.rounds += 1
        if self.rounds in self.fail_on:
            raise RuntimeError(f"round {self.rounds} broke")
        return [sample(node="n1", source=self.source, ts_ns=ts_ns, gpu=g,
                       metrics={"round": self.rounds}) for g in self.gpus]

    async def close(self) -> None:
        self.closed = True


async def test_rounds_sequence_and_turn_failures_into_gaps() -> None:
    nvml = Counting("nvml", [0, 1], fail_on={2})
    host = Counting("host", [None], fail_on=set())
    got: list[tuple[str, list[JsonRecord]]] = []
    stop = asyncio.Event()

    async def sink(source: str, records: list[JsonRecord]) -> None:
        got.append((source, records))
        if sum(1 for s, _ in got if s == "nvml") >= 4 and any(s == "host" for s, _ in got):
            stop.set()

    ticks = iter(range(1_000, 1_000_000))
    rounds = Rounds("n1", [Scheduled(nvml, 0.001), Scheduled(host, 0.001)], sink,
                    clock=lambda: next(ticks))
    await asyncio.wait_for(rounds.run(stop), 60)
    assert nvml.started and nvml.closed and host.closed
    nvml_rounds = [validate(r) for s, r in got if s == "nvml"]
    assert [len(r) for r in nvml_rounds[:4]] == [2, 1, 2, 2]
    gap = nvml_rounds[1][0]
    assert (gap.event, gap.gpu, gap.attrs["reason"]) == (
        "source_gap", None, "collector error: RuntimeError: round 2 broke")
    gpu0 = [r.seq for rnd in nvml_rounds for r in rnd if r.gpu == 0]
    gap_seqs = [r.seq for rnd in nvml_rounds for r in rnd if r.gpu is None]
    assert gpu0[:3] == [0, 1, 2] and gap_seqs == [0]
    all_ts = [r.ts_ns for _, recs in got for r in validate(recs)]
    assert len(set(all_ts)) == len(got)  # one clock reading per round, shared by its records


async def test_once_runs_each_source_once_and_closes() -> None:
    a, b = Counting("dcgm", [0], set()), Counting("vllm", [None], {1})
    got: dict[str, list[JsonRecord]] = {}

    async def keep(source: str, records: list[JsonRecord]) -> None:
        got[source] = records

    await Rounds("n1", [Scheduled(a, 5), Scheduled(b, 5)], keep, clock=lambda: 7).once()
    assert (a.rounds, b.rounds, a.closed, b.closed) == (1, 1, True, True)
    assert validate(got["dcgm"])[0].metrics == {"round": 1}
    assert validate(got["vllm"])[0].event == "source_gap"


async def test_a_failing_exporter_goes_silent_after_one_gap(served: Served) -> None:
    """HTTP 500 for 10 rounds: one ``source_gap`` (the streak's first) is published, then
    nothing until the exporter answers; every round is still reported to ``on_round``."""
    served.pages["/metrics"] = (200, fixture_text("dcgm_exporter_metrics_l4_kops.prom"))
    published: list[JsonRecord] = []
    outcomes: list[bool] = []

    async def sink(source: str, records: list[JsonRecord]) -> None:
        published.extend(records)

    ticks = iter(range(0, 10**12, 5 * 10**9))
    async with aiohttp.ClientSession() as session:
        source = DcgmSource("n1", served.url("/metrics"), session)
        rounds = Rounds("n1", [Scheduled(source, 5)], sink, clock=lambda: next(ticks),
                        on_round=lambda _, failed: outcomes.append(failed))
        for i in range(14):
            served.pages["/metrics"] = (
                (500, "hostengine down") if 2 <= i < 12 else
                (200, fixture_text("dcgm_exporter_metrics_l4_kops.prom")))
            await rounds.once()
    kinds = [(r["kind"], r["seq"]) for r in validate_dicts(published)]
    assert kinds == [("sample", 0), ("sample", 1), ("event", 0), ("sample", 2), ("sample", 3)]
    assert outcomes == [False] * 2 + [True] * 10 + [False] * 2


def validate_dicts(records: list[JsonRecord]) -> list[JsonRecord]:
    validate(records)
    return records


async def test_the_correlator_sees_the_failed_exporter_fall_silent(served: Served) -> None:
    """What the rounds publish, through the correlator's engine: after 3 minutes the exporter
    answers HTTP 500 for 7 minutes, and the engine must mark ``dcgm`` silent."""
    from correlator.config.loader import load_rules
    from correlator.core.engine import Engine
    from correlator.wire.decode import decode_record

    published: list[JsonRecord] = []

    async def sink(source: str, records: list[JsonRecord]) -> None:
        published.extend(records)

    t0, step = 1_800_000_000_000_000_000, 5 * 10**9
    ticks = iter(range(t0, t0 + 10**15, step))
    async with aiohttp.ClientSession() as session:
        source = DcgmSource("gpu-node-7", served.url("/metrics"), session)
        rounds = Rounds("gpu-node-7", [Scheduled(source, 5)], sink, clock=lambda: next(ticks))
        for i in range(120):
            served.pages["/metrics"] = (
                (500, "hostengine down") if i >= 36 else
                (200, fixture_text("dcgm_exporter_metrics_l40s_upcloud.prom")))
            await rounds.once()
    engine = Engine(load_rules())
    for record in published:
        engine.process(decode_record(orjson.dumps(record)))
    engine.advance(t0 + 120 * step)
    assert engine.fleet.nodes["gpu-node-7"].aligner.sources["dcgm"].silent


async def test_a_collector_that_keeps_raising_is_one_gap_and_one_traceback(
        caplog: pytest.LogCaptureFixture) -> None:
    broken = Counting("host", [None], fail_on=set(range(2, 6)))
    got: list[JsonRecord] = []

    async def sink(source: str, records: list[JsonRecord]) -> None:
        got.extend(records)

    rounds = Rounds("n1", [Scheduled(broken, 5)], sink, clock=iter(range(100, 10**6)).__next__)
    with caplog.at_level(logging.ERROR):
        for _ in range(7):
            await rounds.once()
    assert [(r["kind"], r.get("event")) for r in validate_dicts(got)] == [
        ("sample", None), ("event", "source_gap"), ("sample", None), ("sample", None)]
    assert got[1]["attrs"]["since_ns"] == 101
    assert sum(1 for r in caplog.records if r.exc_info) == 1


async def test_a_source_that_cannot_start_does_not_stop_the_others() -> None:
    class Unstartable(Counting):
        async def start(self) -> None:
            raise RuntimeError("no such device")

    got: dict[str, list[JsonRecord]] = {}

    async def keep(source: str, records: list[JsonRecord]) -> None:
        got[source] = records

    await Rounds("n1", [Scheduled(Unstartable("nvml", [0], set()), 5),
                        Scheduled(Counting("host", [None], set()), 5)], keep).once()
    assert sorted(got) == ["host", "nvml"]
