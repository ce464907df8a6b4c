"""Helpers shared by the simulator tests: cached scenarios and per-node series."""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Any

from correlator.sim import Scenario, SimConfig, simulate

Record = dict[str, Any]


@lru_cache(maxsize=16)
def run(config: SimConfig) -> Scenario:
    """Each distinct config is simulated once per test session."""
    return simulate(config)


def quiet(**kwargs: Any) -> SimConfig:
    """A small, noise-free scenario (true-time order, no drops) for physics checks."""
    base: dict[str, Any] = {"nodes": 1, "minutes": 30, "noise": False, "preroll_s": 600}
    base.update(kwargs)
    return SimConfig(**base)


def seconds(scenario: Scenario, record: Record) -> float:
    return float(record["ts_ns"] - scenario.config.start_ns) / 1e9


def samples(scenario: Scenario, node: str, source: str, gpu: int | None = None) -> list[Record]:
    out = [
        r for r in scenario.records
        if r["node"] == node and r["source"] == source and r["kind"] == "sample"
        and r["gpu"] == gpu
    ]  # fmt: skip
    return sorted(out, key=lambda r: r["ts_ns"])


def series(
    scenario: Scenario, node: str, source: str, metric: str, gpu: int | None = None
) -> list[tuple[float, float]]:
    """(seconds from start, value) of one metric, in time order."""
    return [
        (seconds(scenario, r), float(r["metrics"][metric]))
        for r in samples(scenario, node, source, gpu)
        if metric in r["metrics"]
    ]


def events(scenario: Scenario, node: str, name: str) -> list[Record]:
    out = [r for r in scenario.records
           if r["node"] == node and r["kind"] == "event" and r["event"] == name]  # fmt: skip
    return sorted(out, key=lambda r: r["ts_ns"])


def alerts(scenario: Scenario, node: str, status: str = "firing") -> list[Record]:
    return [r for r in scenario.records
            if r["kind"] == "alert" and r["node"] == node and r["alert"]["status"] == status]  # fmt: skip


def drops(points: list[tuple[float, float]], size: float) -> list[float]:
    """Times at which the value fell by more than ``size`` from one sample to the next."""
    return [t for (_, a), (t, b) in itertools.pairwise(points) if a - b > size]


def window(points: list[tuple[float, float]], lo: float, hi: float) -> list[tuple[float, float]]:
    return [(t, v) for t, v in points if lo <= t < hi]
