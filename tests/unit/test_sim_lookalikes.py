"""Benign look-alikes: legitimate activity that resembles a fault in some signals."""

from __future__ import annotations

from tests.unit.test_sim_support import (
    alerts,
    events,
    quiet,
    run,
    samples,
    seconds,
    series,
    window,
)

NODE = "gpu-node-01"
GIB = 2**30


def test_warmup_restarts_the_engine_and_ramps_memory() -> None:
    start = 300.0
    scenario = run(quiet(minutes=20, benign=f"warmup@{NODE}:5"))
    [proc] = events(scenario, NODE, "process_start")
    [engine] = events(scenario, NODE, "engine_start")
    assert start < seconds(scenario, proc) < seconds(scenario, engine) < start + 30
    assert engine["attrs"]["model_name"] == scenario.fleet[0].model.name
    mem = series(scenario, NODE, "nvml", "mem_used_bytes", 0)
    loading = [v for t, v in window(mem, seconds(scenario, proc) + 20, start + 200)]
    assert any(5 * GIB < v < 60 * GIB for v in loading), "weights stream in"
    assert window(mem, start + 400, start + 600)[0][1] > 70 * GIB, "then the pool is allocated"
    prompts = series(scenario, NODE, "vllm", "vllm:prompt_tokens_total")
    after = [v for t, v in prompts if t > start]
    assert after[0] < prompts[0][1], "counters restart from zero"
    gap = [t for t, _ in prompts if start < t]
    assert gap[0] - start > 60, "no /metrics while the weights load"
    [label] = scenario.labels
    assert (label.cause, label.detail) == ("benign", "warmup")


def test_checkpoint_load_spikes_gpu_memory_then_returns() -> None:
    scenario = run(quiet(minutes=12, benign=f"checkpoint_load@{NODE}:5-6"))
    inj = scenario.injections[0]
    spike = float(inj.params["spike_gib"]) * GIB
    mem = series(scenario, NODE, "nvml", "mem_used_bytes", 1)
    base = window(mem, 200, 300)[0][1]
    peak = max(v for _, v in window(mem, 300, 360))
    assert peak - base > 0.9 * spike
    assert abs(window(mem, 420, 480)[0][1] - base) < 100e6
    assert len(events(scenario, NODE, "kv_all_cleared")) == 1


def test_long_documents_hold_kv_while_they_run_and_release_it() -> None:
    scenario = run(quiet(minutes=40, benign=f"long_document@{NODE}:5-20"))
    docs = [e for e in events(scenario, NODE, "request_finished")
            if e["attrs"]["prompt_tokens"] >= 30_000]  # fmt: skip
    assert len(docs) >= 8
    assert all(300 <= seconds(scenario, e) < 1320 for e in docs)
    kv = series(scenario, NODE, "vllm", "vllm:kv_cache_usage_perc")
    before = max(v for _, v in window(kv, 0, 300))
    during = max(v for _, v in window(kv, 300, 1200))
    assert during > before + 0.1
    settled = _mean(window(kv, 1800, 2400))
    assert settled < during - 0.1, "released when they finish"


def test_retry_burst_aborts_and_fails_without_memory_growth() -> None:
    scenario = run(quiet(minutes=20, benign=f"retry_burst@{NODE}:5-8"))
    finished = events(scenario, NODE, "request_finished")

    def aborts(lo: float, hi: float) -> int:
        return sum(1 for e in finished
                   if lo <= seconds(scenario, e) < hi and e["attrs"]["finish_reason"] == "abort")  # fmt: skip

    assert aborts(300, 480) > 10 * max(1, aborts(60, 240))
    mem = series(scenario, NODE, "nvml", "mem_used_bytes", 0)
    assert abs(mem[-1][1] - mem[0][1]) < 100e6
    names = {a["alert"]["labels"]["alertname"] for a in alerts(scenario, NODE)}
    assert "InferenceGatewayHigh5xxRate" in names


def test_annual_report_sessions_run_for_about_45_minutes() -> None:
    scenario = run(quiet(minutes=60, benign=f"annual_report@{NODE}:5"))
    turns = [e for e in events(scenario, NODE, "request_finished")
             if e["attrs"].get("session", "").startswith("annual-")]  # fmt: skip
    spans: dict[str, list[float]] = {}
    for e in turns:
        spans.setdefault(e["attrs"]["session"], []).append(seconds(scenario, e))
    assert 2 <= len(spans) <= 4
    for times in spans.values():
        assert max(times) - min(times) > 35 * 60
        assert len(times) > 25
    contexts = [e["attrs"]["prompt_tokens"] for e in turns]
    assert max(contexts) > 25_000


def test_look_alikes_are_labelled_benign() -> None:
    scenario = run(quiet(minutes=12, benign=f"checkpoint_load@{NODE}:5-6"))
    assert [(lb.cause, lb.detail, lb.node) for lb in scenario.labels] == [
        ("benign", "checkpoint_load", NODE)
    ]
    assert samples(scenario, NODE, "host")


def _mean(points: list[tuple[float, float]]) -> float:
    return sum(v for _, v in points) / len(points)
