"""Trace-driven load: the traces' own arrival times and lengths, on a sized fleet."""

from __future__ import annotations

from pathlib import Path

import pytest

from correlator.sim import SimConfig, Simulation
from correlator.sim.config import default_traces_dir
from correlator.sim.traces import TraceError, read_trace
from tests.unit.test_sim_support import events, quiet, run, seconds

pytestmark = pytest.mark.skipif(not default_traces_dir().is_dir(), reason="no traces here")


def _finished(scenario: object, prefix: str) -> list[dict[str, object]]:
    out = []
    for node in ("gpu-node-01", "gpu-node-02"):
        out += [e for e in events(scenario, node, "request_finished")  # type: ignore[arg-type]
                if str(e["attrs"]["request_id"]).startswith(prefix)]  # fmt: skip
    return out


@pytest.mark.parametrize("kind", ["azure-conv", "mooncake"])
def test_requests_arrive_at_the_traces_times(kind: str) -> None:
    scenario = run(quiet(nodes=2, minutes=15, load=kind, preroll_s=120))
    entries = read_trace(default_traces_dir(), kind)
    by_line = {e.line: e for e in entries}
    span = entries[-1].offset_s * len(entries) / (len(entries) - 1)
    done = _finished(scenario, f"{kind}-0-")
    assert len(done) > 40
    for event in done:
        attrs = event["attrs"]
        assert isinstance(attrs, dict)
        entry = by_line[int(str(attrs["request_id"]).rsplit("-", 1)[1])]
        latency = seconds(scenario, event) - entry.offset_s  # type: ignore[arg-type]
        if latency < -span / 2:  # the pre-roll replays the trace's tail
            latency += span
        assert 0 < latency < 120, (attrs["request_id"], latency)
        if attrs["finish_reason"] in ("stop", "length"):
            assert attrs["generation_tokens"] == max(1, entry.output_tokens)
        assert attrs["prompt_tokens"] >= entry.input_tokens


def test_mooncake_shared_prefix_blocks_are_cache_hits() -> None:
    scenario = run(quiet(nodes=2, minutes=15, load="mooncake", preroll_s=120))
    done = _finished(scenario, "mooncake-")
    hits = [e for e in done if e["attrs"]["cached_tokens"] >= 512]  # type: ignore[index]
    assert len(hits) > len(done) / 3


def test_the_fleet_is_a_slice_of_a_larger_one() -> None:
    sim = Simulation(SimConfig(nodes=2, load="azure-conv"))
    assert sim.loads[0].virtual_nodes > 2  # type: ignore[attr-defined]
    small = Simulation(SimConfig(nodes=2, load="azure-conv", trace_fleet=2))
    assert small.loads[0].virtual_nodes == 2  # type: ignore[attr-defined]


def test_missing_traces_fail_clearly(tmp_path: Path) -> None:
    with pytest.raises(TraceError, match="trace file for --load azure-code not found: "):
        Simulation(SimConfig(load="azure-code", traces_dir=tmp_path))
