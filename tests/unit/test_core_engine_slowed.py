"""An engine slowed from the host side (outsider s113: a security scan saturating the host's
CPUs): requests pile up while each generates far slower, its GPUs not throttled. Paged as
``engine_slowed``; a routing hotspot (more requests, each at its usual pace) and a full KV
pool (preemption: a memory cause) are not."""

from __future__ import annotations

import re
from collections.abc import Callable

from correlator.config import load_rules
from correlator.core import Engine
from correlator.wire.incidents import Incident
from tests.timeline import NodeSpec, at, node_records, sawtooth

RULES = load_rules()
START, END = 2400.0, 3600.0  # the slowdown: minutes 40 to 60 of 80


def during(before: float, inside: float) -> Callable[[float], float]:
    return lambda t: inside if START <= t < END else before


def run(spec: NodeSpec, seconds: float = 4800.0) -> list[Incident]:
    eng = Engine(RULES)
    out: list[Incident] = []
    for r in node_records(spec, seconds):
        out += eng.process(r).incidents
    return out + eng.finish().incidents


def node(**kw: object) -> NodeSpec:
    args: dict[str, object] = {"kv_pct": sawtooth(30, 12, 200), "running": during(18.0, 40.0),
                               "generated_per_s": during(540.0, 560.0)}
    args.update(kw)
    return NodeSpec(**args)  # type: ignore[arg-type]


def test_requests_piling_up_each_slower_page_an_engine_slowed_down() -> None:
    incidents = run(node())
    opened = [i for i in incidents if i.status == "open"]
    assert [i.cause for i in opened] == ["engine_slowed"]
    inc = opened[0]
    assert START < (inc.opened_ns - at(0)) / 1e9 <= START + 8 * 60  # within minutes of it
    assert inc.severity == "critical"
    detail = inc.evidence[0].detail
    assert re.search(r"engine 0: 3\d requests running against 18 before, each generating 1\d\.\d tokens/s "
                     r"against 30\.0; no GPU throttled", detail), detail
    resolved = [i for i in incidents if i.status == "resolved"]
    assert resolved and END < (resolved[-1].resolved_ns - at(0)) / 1e9 < END + 20 * 60  # type: ignore[operator]


def test_a_routing_hotspot_piles_requests_up_at_their_usual_pace_and_pages_nothing() -> None:
    # twice the requests, twice the tokens: each request advances as fast as before
    assert run(node(generated_per_s=during(540.0, 1150.0))) == []


def test_a_full_kv_pool_slowing_requests_is_no_engine_slowdown() -> None:
    incidents = run(node(kv_pct=lambda t: 95.0 if START <= t < END else 30.0 + (t % 200) / 20))
    assert "engine_slowed" not in {i.cause for i in incidents}


def test_a_pool_filled_by_the_piled_up_requests_themselves_still_pages_the_slowdown() -> None:
    """Outsider s124: a starved host under long prompts. Each request is held longer, so the
    pile-up fills the pool, but with no more KV per running request than before (a leak
    fills it with blocks no request holds)."""
    kv = lambda t: 96.0 if START + 120 <= t < END else 40.0 + (t % 200) / 50  # noqa: E731
    incidents = run(node(kv_pct=kv, running=during(18.0, 48.0)))
    assert [i.cause for i in incidents if i.status == "open"] == ["engine_slowed"]
    # the pool filling (8 points a minute, as a leak climbs, not in one step) while the
    # requests grow by less than the fill: blocks held by nobody
    def climbing(t: float) -> float:
        return min(96.0, 40.0 + (t - START - 120) / 60 * 8.0) if START + 120 <= t < END else kv(t)

    leak = node(kv_pct=climbing, running=during(18.0, 34.0), generated_per_s=during(540.0, 420.0))
    assert "engine_slowed" not in {i.cause for i in run(leak)}


def test_requests_piling_up_behind_documents_just_finished_are_no_engine_slowdown() -> None:
    """The scenario suite's long documents: prompts three times the usual for two minutes
    hold requests in prefill, and the pile-up outlasts them, so that the prompts per request
    over the rates' window are back under the guard's ratio while the requests still pile up.
    The largest prompts of any 3-minute window in the last 6 count."""
    docs = lambda t: 30000.0 if START <= t < START + 120 else 10000.0  # noqa: E731
    piled = lambda t: 40.0 if START <= t < START + 360 else 18.0  # noqa: E731
    assert run(node(running=piled, prompt_per_s=docs)) == []
    # the same pile-up with prompts as usual is a slowdown
    usual = [i.cause for i in run(node(running=piled, prompt_per_s=lambda t: 10000.0))]
    assert "engine_slowed" in usual


def test_an_engine_without_a_generation_counter_is_not_judged() -> None:
    assert run(node(generated_per_s=None)) == []


def test_a_rank_slowed_by_its_peer_s_full_pool_is_no_engine_slowdown() -> None:
    """Outsider s59: data- and expert-parallel ranks step together, so one rank whose pool a
    leak filled slows its peers' requests as a starved host would; the leak is the cause."""
    def slowed(first: NodeSpec) -> list[tuple[str, float, float, float, float]]:
        peer = node(generated_per_s=during(540.0, 500.0))  # its requests piling up, each slower
        records = [r for r in node_records(first, START + 330)]
        records += [r.model_copy(update={"labels": {"engine": "1", "model_name": "m"},
                                         "seq": 10**6 + (r.seq or 0)})  # (its own sequence)
                    for r in node_records(peer, START + 330) if r.source == "vllm"]
        eng = Engine(RULES)
        for r in sorted(records, key=lambda r: r.ts_ns):
            eng.process(r)
        return eng.fleet.nodes["gpu-node-01"]._slowed(eng.fleet.now_ns)

    calm = node(running=lambda t: 18.0, generated_per_s=lambda t: 540.0)
    assert [s[0] for s in slowed(calm)] == ["1"]  # beside a calm rank, the peer is slowed
    full = node(running=lambda t: 18.0, generated_per_s=lambda t: 540.0,
                kv_pct=lambda t: 97.0 if t >= START else 30.0 + (t % 200) / 20)
    assert slowed(full) == []  # beside a rank whose pool is full, it is not


def test_an_engine_just_started_taking_its_first_requests_slowly_is_a_warm_up() -> None:
    """Outsider s122: a server restarted takes its first requests slowly (CUDA graphs being
    captured, caches cold) while they pile up: a warm-up, not a starved host."""
    start = [(START - 30, "vllm", "engine_start", {"engine": "0"})]
    incidents = run(node(extra_events=start))
    assert "engine_slowed" not in {i.cause for i in incidents}


RESTART = 1800.0


def restarted(running_after: float, generated_after: float) -> list[Incident]:
    """A server replaced at ``RESTART`` (a rollout: vLLM silent for a minute, its counters
    from zero, a process and an engine start), running 18 requests at 540 tokens/s before
    and ``running_after`` at ``generated_after`` from its return to the end."""
    from correlator.wire.records import SampleRecord

    spec = node(running=lambda t: 18.0 if t < RESTART else running_after,
                generated_per_s=lambda t: 540.0 if t < RESTART else generated_after,
                extra_events=[(RESTART, "host", "process_start", {"pid": 7, "process": "vllm"}),
                              (RESTART + 60, "vllm", "engine_start", {"engine": "0"})])
    base: dict[str, float] = {}
    eng = Engine(RULES)
    out: list[Incident] = []
    for r in node_records(spec, 4800.0):
        t = (r.ts_ns - at(0)) / 1e9
        if isinstance(r, SampleRecord) and r.source == "vllm":
            if RESTART <= t < RESTART + 60:
                continue
            if t < RESTART:
                base = {k: v for k, v in r.metrics.items() if "_total" in k}
            else:
                r = r.model_copy(update={"metrics": {k: v - base.get(k, 0.0) for k, v in r.metrics.items()}})
        out += eng.process(r).incidents
    return out + eng.finish().incidents


def test_a_server_back_from_a_rollout_at_half_its_speed_is_slowed() -> None:
    """Outsider s226: a namespace's default CPU limit reached the pods a rollout recreated;
    each came back generating half as fast, its requests doubling. Its tick history after the
    warm-up is all slow: only the minutes before its restart show it."""
    opened = [i for i in restarted(36.0, 540.0) if i.status == "open"]
    assert [i.cause for i in opened] == ["engine_slowed"]
    assert RESTART + 600 < (opened[0].opened_ns - at(0)) / 1e9 < RESTART + 1500
    assert "against 18 before its restart" in opened[0].evidence[0].detail


def test_a_server_back_from_a_rollout_at_its_usual_pace_pages_nothing() -> None:
    """Twice the requests at twice the tokens (the load moved to it), or the load it had."""
    assert restarted(36.0, 1100.0) == []
    assert restarted(18.0, 540.0) == []


def test_bursts_of_arrivals_read_a_minute_apart_are_no_engine_slowdown() -> None:
    """Outsider s288: an engine scraped once a minute at low load reads 0, 0, 19, 16 and 7
    requests running in five minutes, against 4 before; the mean is twice the one before and
    the tokens per request running half, but nothing piled up: the running requests must stay
    above the ones before in every recent minute. (Here at four times those counts: fewer than
    ``min_running`` before are not judged at all, outsider s291.)"""
    def bursty(t: float) -> float:
        if not START <= t < END:
            return 8.0
        return (0.0, 0.0, 19.0, 16.0, 7.0)[int((t - START) // 60) % 5] * 4.0

    assert run(node(running=bursty, generated_per_s=during(240.0, 250.0))) == []
    # the same mean held minute after minute is a pile-up
    opened = [i.cause for i in run(node(running=during(8.0, 33.6), generated_per_s=during(240.0, 250.0)))
              if i.status == "open"]
    assert opened == ["engine_slowed"]


def test_an_engine_running_a_few_requests_is_not_judged() -> None:
    """Outsider s291: an engine reading 0-28 requests running at its scrapes, 5 on average,
    then 11 for five minutes at the same tokens per minute, paged as slowed: at so few, the
    running requests read are the bursts of arrivals a scrape happens upon."""
    assert run(node(running=during(5.0, 11.0), generated_per_s=during(165.0, 180.0))) == []
    assert [i.cause for i in run(node(running=during(8.0, 17.6), generated_per_s=during(240.0, 260.0)))
            if i.status == "open"] == ["engine_slowed"]
