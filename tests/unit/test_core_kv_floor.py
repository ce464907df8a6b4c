"""A leak behind a wide saw-tooth of long documents (outsider s36), as timelines: the
saw-tooth's floor path and the usual prompt size taken from vLLM's counters."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from correlator.config import load_rules
from correlator.config.model import RuleSet
from correlator.core.features import KvView
from correlator.core.trends import bucket_floors
from correlator.wire.records import Record, SampleRecord
from tests.timeline import T0, NodeSpec, S, merged, node_records, opened_incidents, sawtooth

RULES = load_rules()
STOP = 'vllm:request_success_total{finished_reason="stop"}'


def causes(records: list[Record], rules: RuleSet = RULES) -> list[tuple[str, float]]:
    return [(i.cause, (i.opened_ns - T0) / S) for i in opened_incidents(records, rules)]


def with_floor_weight(weight: float) -> RuleSet:
    si = RULES.hypotheses.session_isolation.model_copy(update={"floor_weight": weight})
    return RULES.model_copy(update={"hypotheses": RULES.hypotheses.model_copy(
        update={"session_isolation": si})})


def long_documents(records: list[Record], tokens: float) -> list[Record]:
    """Every request a long document: vLLM's prompt-token counter grows by ``tokens`` per
    finished request (no request events: only the counters tell the prompt size)."""
    for r in records:
        if isinstance(r, SampleRecord) and r.source == "vllm":
            r.metrics["vllm:prompt_tokens_total"] = r.metrics[STOP] * tokens
    return records


def leaking_floor(rise_per_min: float) -> Callable[[float], float]:
    """A 40-point saw-tooth swept every 4 minutes (long contexts, a couple running) with a
    little noise per minute, whose floor rises by ``rise_per_min`` from minute 30."""
    rng = random.Random(5)
    noise = [rng.uniform(-2, 2) for _ in range(200)]
    tooth = sawtooth(15, 40, 240)
    return lambda t: min(99.5, tooth(t) + noise[int(t // 60)] + max(0.0, t - 1800) / 60 * rise_per_min)


def test_bucket_floors_are_the_lowest_value_of_each_bucket_aligned_to_the_newest() -> None:
    nan = float("nan")
    assert bucket_floors([9.0, 1.0, 5.0, 2.0, nan, 7.0, 3.0], 2) == [1.0, 2.0, 3.0]
    gap, last = bucket_floors([nan, nan, 4.0, 1.0], 2)
    assert gap != gap and last == 1.0


def test_a_leak_lifting_the_floor_of_long_documents_is_paged_as_session_isolation() -> None:
    """s36: 128k-context requests, one or two at a time, make KV usage a 40-point saw-tooth;
    a 1.3 pp/min leak under it lifts its floor. Every request being a long document, the
    long-document explanation (prompts per request beyond the floor) held all the time, and
    the minute means rose in too few pairs for the trend paths: the leak was never paged."""
    records = long_documents(merged(node_records(NodeSpec(kv_pct=leaking_floor(1.3),
                                                          running=lambda t: 2.0), 5400)), 50_000)
    found = causes(records)
    assert [c for c, _ in found] == ["session_isolation"]
    assert 1800 + 60 * 15 < found[0][1] < 1800 + 60 * 40
    assert causes(records, with_floor_weight(0.0)) == []


def test_a_floor_lifted_by_more_requests_running_is_no_leak() -> None:
    """The same saw-tooth lifted as the running requests climb from 2 to 8: load, not a leak."""
    records = long_documents(merged(node_records(
        NodeSpec(kv_pct=leaking_floor(1.3), running=lambda t: 2.0 + max(0.0, t - 1800) / 600),
        5400)), 50_000)
    assert "session_isolation" not in [c for c, _ in causes(records)]


def test_long_prompts_are_no_episode_of_documents_where_they_are_the_usual() -> None:
    """Without request events the usual prompt size comes from the counters: a fleet whose
    every request is 50,000 tokens does not have large documents explaining its KV."""
    records = long_documents(merged(node_records(NodeSpec(kv_pct=leaking_floor(1.3),
                                                          running=lambda t: 2.0), 5400)), 50_000)
    from correlator.core.engine import Engine
    from correlator.core.features import Windows, rates

    engine = Engine(RULES)
    for rec in records:
        engine.process(rec)
    state = next(iter(engine.fleet.nodes.values())).state
    got = rates(state, Windows.from_rules(RULES))
    assert abs(got.prompt_tokens_per_request - 50_000) < 1_000
    assert abs(got.usual_prompt_per_request - 50_000) < 1_000


# Demand per minute (prompt and generated tokens) of a simulated node over the 32 minutes
# before a floor-path false alarm of a 12-hour run (bench/long_run.py, half-day-late-faults,
# gpu-node-05 at 313 min): it climbed by a fifth and then fell back part of the way.
SOAK_DEMAND = [262744, 284612, 328167, 334173, 298083, 381222, 281631, 370210, 354597, 331990,
               335427, 488230, 437049, 408001, 418866, 443410, 391228, 399899, 402204, 379752,
               396506, 438021, 436829, 497104, 454274, 384141, 316591, 406660, 417418, 365392,
               408723, 313434]


def test_floor_demand_sees_demand_that_climbed_and_levelled_off() -> None:
    """Seven bucket means that rose and fell back part of the way give the latest window a
    tau far below what reads as "busier"; the relative rise, and the windows of the hold,
    still show it."""
    from correlator.core.features import Windows, floor_demand
    from correlator.core.nodestate import EngineTrack
    from correlator.core.trends import bucket_means, mann_kendall

    w = Windows.from_rules(RULES)
    e = EngineTrack(cap=w.history)
    for v in SOAK_DEMAND:
        e.demand_by_minute.push(float(v))
    latest = mann_kendall(bucket_means([float(v) for v in SOAK_DEMAND[-w.floor_minutes:]], w.floor_bucket))
    assert latest.tau < 0.3  # the latest window alone reads as flat demand
    tau, rise = floor_demand(e, w)
    assert tau >= latest.tau
    assert rise >= 0.15


def floor_view(demand_tau: float, demand_rise: float) -> KvView:
    """The 12-hour run's KV view at its false alarm: the floor rising in 90 % of the bucket
    pairs, 0.53 pp/min, KV per unit of demand rising in 48 % of the pairs over 32 minutes,
    the running requests flat; the demand over the floor's window as given."""
    from correlator.core.features import Level
    from correlator.core.trends import NONE, Monotone

    return KvView(engine="0", level=Level(now=42.2), per_demand=NONE, per_demand_fast=NONE,
                  per_demand_long=Monotone(32, 0.48, 0.01, 0.3, 1.0), level_long=NONE, demand="tokens",
                  rebuild_ratio=1.0, clean=NONE, clean_noise=1.0, running_clean=NONE, running=NONE,
                  running_now=2.0, running_median=2.0, waiting_now=0.0, since_restart_s=math.inf,
                  floor=Monotone(7, 0.905, 0.529, 14.2, 45.0), demand_floor_tau=demand_tau,
                  demand_floor_rise=demand_rise, running_long=Monotone(10, 0.0, 0.0, 0.0, 2.0))


def test_a_floor_lifted_while_demand_climbed_and_levelled_off_is_no_leak() -> None:
    """The floor path on the 12-hour run's false alarm: demand had climbed by a fifth in the
    floor's window and fallen back part of the way (the latest window's tau 0.14, the hold's
    0.33, a relative rise of 0.16). Judged by the latest tau alone it was flat demand, and the
    path opened at 0.61; with the hold's windows and the rise it stays below the 0.55 that
    opens. With demand really flat it still fires."""
    from correlator.core.hypotheses import _floor_rise

    cfg = RULES.hypotheses.session_isolation
    g, settled = cfg.min_growth_pct_per_min, 3600.0
    assert _floor_rise(floor_view(0.33, 0.16), cfg, g, settled) < 0.3
    assert _floor_rise(floor_view(0.14, 0.0), cfg, g, settled) > 0.55
    assert _floor_rise(floor_view(0.05, 0.03), cfg, g, settled) > 0.55
