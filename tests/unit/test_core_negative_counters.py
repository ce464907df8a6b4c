"""A counter reading below zero is no counter's (they count from zero up): a producer's bug or
a corrupted value. It is left out, and the engine goes on (before, a negative reading entered
the per-tick increases and a square root in the residue judgement raised ValueError)."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.core import Engine
from correlator.core.counters import Counter
from tests.timeline import NodeSpec, at, node_records


def test_a_negative_reading_is_left_out() -> None:
    c = Counter(8)
    assert c.observe(100.0) is False
    assert c.observe(-5.0) is False  # not a restart, nothing counted
    assert c.observe(130.0) is False
    c.close_tick(at(10))
    assert c.per_tick.ago(0) == 30.0 and c.resets == 0


def test_negative_counters_in_vllm_samples_do_not_stop_the_engine() -> None:
    eng = Engine(load_rules())
    spec = NodeSpec(generated_per_s=lambda t: 500.0, spec_decode=True)
    for r in node_records(spec, 2400.0):
        if r.source == "vllm" and r.kind == "sample" and 1200 <= (r.ts_ns - at(0)) / 1e9 < 1500:
            metrics = {k: (-abs(v) - 1.0 if "_total" in k else v) for k, v in r.metrics.items()}  # type: ignore[union-attr]
            r = r.model_copy(update={"metrics": metrics})
        eng.process(r)
    eng.finish()
    e = eng.fleet.nodes["gpu-node-01"].state.engines["0"]
    assert all(v >= 0 for c in e.counters.values() for v in c.per_tick.tail(240) if v == v)
