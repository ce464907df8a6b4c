"""Rounds: every source on its interval, sequenced per (node, source, gpu), failures as gaps."""

from __future__ import annotations

import asyncio

from agent_helpers import validate

from agents.records import JsonRecord, sample
from agents.rounds import Rounds, Scheduled


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
