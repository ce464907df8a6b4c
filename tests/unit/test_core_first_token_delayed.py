"""First tokens delayed while the engine's work holds (outsider s236: a request log written to
a saturated disk blocking the API server's event loop). vLLM's time-to-first-token mean rises
several-fold while its requests running, tokens a minute, queue, prompts and prefix-cache hits
hold: paged as ``engine_slowed`` with ``first_token_delayed`` evidence. A burst of load, a
prefix-cache collapse, longer prompts, a queue building, a short spike or a small rise are not."""

from __future__ import annotations

import re
from collections.abc import Callable

from correlator.config import load_rules
from correlator.core import Engine
from correlator.core.latency import DelayRule, delayed_engine
from correlator.core.nodestate import EngineTrack
from correlator.wire.incidents import Incident
from tests.timeline import NodeSpec, at, incident_records, node_records, sawtooth

RULES = load_rules()
START, END = 2400.0, 3600.0  # the hold-up: minutes 40 to 60 of 80


def during(before: float, inside: float) -> Callable[[float], float]:
    return lambda t: inside if START <= t < END else before


def run(spec: NodeSpec, seconds: float = 4800.0) -> list[Incident]:
    return incident_records(node_records(spec, seconds), RULES)


def node(**kw: object) -> NodeSpec:
    args: dict[str, object] = {"kv_pct": sawtooth(30, 12, 200), "running": lambda t: 18.0,
                               "generated_per_s": lambda t: 540.0, "prompt_per_s": lambda t: 9000.0,
                               "prefix_hit_share": lambda t: 0.4, "ttft_s": during(0.15, 0.45)}
    args.update(kw)
    return NodeSpec(**args)  # type: ignore[arg-type]


def causes(spec: NodeSpec) -> set[str]:
    return {i.cause for i in run(spec)}


def test_first_tokens_three_times_slower_with_the_work_held_page_an_engine_slowed() -> None:
    incidents = run(node())
    opened = [i for i in incidents if i.status == "open"]
    assert [i.cause for i in opened] == ["engine_slowed"]
    inc = opened[0]
    assert START < (inc.opened_ns - at(0)) / 1e9 <= START + 8 * 60
    assert inc.severity == "critical"
    ev = inc.evidence[0]
    assert ev.signal == "first_token_delayed" and ev.value is not None and ev.value >= 2.0
    assert re.search(r"engine 0: first tokens after 0\.\d\d s on average against 0\.1\d s before, "
                     r"18 requests running against 18", ev.detail), ev.detail
    resolved = [i for i in incidents if i.status == "resolved"]
    assert resolved and END < (resolved[-1].resolved_ns - at(0)) / 1e9 < END + 30 * 60  # type: ignore[operator]


def test_a_burst_of_load_running_more_is_no_hold_up() -> None:
    assert "engine_slowed" not in causes(node(running=during(18.0, 30.0),
                                              generated_per_s=during(540.0, 900.0)))


def test_a_prefix_cache_collapse_prefilling_again_is_no_hold_up() -> None:
    """Outsider s54: a prompt template with a timestamp on top; every prompt prefilled again."""
    assert "engine_slowed" not in causes(node(prefix_hit_share=during(0.4, 0.01)))


def test_prompts_grown_is_no_hold_up() -> None:
    assert "engine_slowed" not in causes(node(prompt_per_s=during(9000.0, 16000.0)))


def test_requests_queueing_is_no_hold_up() -> None:
    """Outsider s188: a weight reload queues requests while their first tokens wait."""
    assert "engine_slowed" not in causes(node(waiting=during(0.5, 4.0)))


def test_a_one_minute_spike_or_a_small_rise_is_no_hold_up() -> None:
    spike = lambda t: 2.0 if START <= t < START + 60 else 0.15  # noqa: E731
    assert "engine_slowed" not in causes(node(ttft_s=spike))
    assert "engine_slowed" not in causes(node(ttft_s=during(0.15, 0.28)))  # 0.13 s more


def test_first_tokens_late_in_some_minutes_and_not_others_are_no_step() -> None:
    """Outsider s6: long documents arriving now and then make first tokens late in one minute
    and on time in the next; the mean over five minutes doubles, but no step was taken."""
    bursty = lambda t: (0.9 if int(t // 120) % 2 else 0.15) if START <= t < END else 0.15  # noqa: E731
    assert "engine_slowed" not in causes(node(ttft_s=bursty))
    # first tokens as late as now in two spells of the minutes before: no step above them
    early = lambda t: 1.0 if 1800 <= t < 1920 or 2040 <= t < 2160 else during(0.15, 0.8)(t)  # noqa: E731
    assert "engine_slowed" not in causes(node(ttft_s=early))


def test_not_after_an_oom_kill_within_the_hour() -> None:
    """Outsider s99: the host's memory short, swapping and reclaim before each kill hold
    requests up too; the memory's cause names it."""
    oom = [(START - 600, "host", "oom_kill", {"process": "python"})]
    assert "engine_slowed" not in causes(node(extra_events=oom))


def test_an_engine_without_the_histogram_is_not_judged() -> None:
    assert causes(node(ttft_s=None)) == set()


def _track(ttft: list[float], count: int = 5) -> EngineTrack:
    """An engine track over 120 ten-second ticks (6 a minute): ``count`` first tokens a tick
    at the given means, 18 running, nothing else exported."""
    e = EngineTrack(120)
    total = n = 0.0
    for i, mean_s in enumerate(ttft):
        total, n = total + mean_s * count, n + count
        e.counter("vllm:time_to_first_token_seconds_sum").observe(total)
        e.counter("vllm:time_to_first_token_seconds_count").observe(n)
        e.running.observe(i, 18.0)
        for c in e.counters.values():
            c.close_tick(i)
        e.running.close_tick(i, 10)
        e.waiting.push(0.0)
        e.kv_pct.push(30.0)
    return e


RULE = DelayRule(recent_minutes=5, ratio=2.0, added_s=0.15, min_requests=50, held_share=0.7,
                 waiting_added=1.0, longer_prompt_ratio=1.5, hit_share_kept=0.6, full_kv_pct=90.0)


def test_the_judgement_on_an_engine_s_tick_history() -> None:
    held = _track([0.15] * 90 + [0.45] * 30)
    found = delayed_engine("0", held, 120, 6, RULE)
    assert found is not None and round(found.ttft_now, 2) == 0.45 and round(found.ttft_before, 2) == 0.15
    # one recent minute back to normal: not every minute halfway there
    assert delayed_engine("0", _track([0.15] * 90 + [0.45] * 24 + [0.15] * 6), 120, 6, RULE) is None
    # too few first tokens before to judge
    assert delayed_engine("0", _track([0.15] * 90 + [0.45] * 30, count=0), 120, 6, RULE) is None


def test_a_fall_back_of_the_histogram_alone_is_no_restart() -> None:
    """A restart is judged on the engine's own counters: the histogram's sum falling back
    beside them (an exporter resetting it apart) does not mark one."""
    spec = node(ttft_s=lambda t: 0.15)
    eng = Engine(RULES)
    for r in node_records(spec, 600):
        if r.source == "vllm" and r.kind == "sample" and (r.ts_ns - at(0)) / 1e9 >= 300:
            metrics = dict(r.metrics)  # type: ignore[union-attr]
            metrics["vllm:time_to_first_token_seconds_sum"] = 1.0
            r = r.model_copy(update={"metrics": metrics})
        eng.process(r)
    e = eng.fleet.nodes["gpu-node-01"].state.engines["0"]
    assert e.restart_ns == 0 and e.restarts == ()
