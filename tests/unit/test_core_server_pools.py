"""A node that runs one vLLM server per GPU (or per MIG instance): each server's framebuffer is
judged on its own, with its own interrupted requests.

The node's framebuffer is the mean over its GPUs, in which a residue on one server of four is
diluted fourfold (one of eight MIG instances: eightfold), and the node's interrupt count mixes
that server's interrupts with the others'. An outsider's recording (bench/outsider s8: a
residue in one MIG instance of a node's eight) went unpaged for the whole hour.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator

from correlator.config import load_rules
from correlator.core import Engine
from correlator.wire.incidents import Incident
from correlator.wire.records import Record, SampleRecord
from tests.timeline import GIB, T0, alert, at, merged

RULES = load_rules()
GPUS = 4
RESIDUE_FROM = 1800.0


def flat(t: float, gpu: int) -> float:
    """A healthy server's framebuffer: its pool allocated, a few MB of allocator noise."""
    return 90.0 + 0.15 * math.sin(t * 0.37 + gpu) * math.cos(t * 0.11 + gpu)


def server_node(fb_pct: Callable[[float, int], float], aborts_per_min: Callable[[float, int], float],
                seconds: float, step: float = 5.0) -> Iterator[Record]:
    """NVML per GPU, and one vLLM server per GPU (``engine="0"`` on each, told apart by ``gpu``),
    with speculative decoding; host memory every 10 s."""
    total = 80 * GIB
    seqs: dict[str, int] = {}

    def seq(key: str) -> int:
        seqs[key] = seqs.get(key, 0) + 1
        return seqs[key]

    aborts = [0.0] * GPUS
    t = 0.0
    while t <= seconds:
        for g in range(GPUS):
            used = total * fb_pct(t, g) / 100.0
            yield SampleRecord(v=1, ts_ns=at(t), node="gpu-node-01", source="nvml", kind="sample",
                               gpu=g, seq=seq(f"nvml{g}"),
                               metrics={"mem_used_bytes": used, "mem_total_bytes": float(total)})
        for g in range(GPUS):
            aborts[g] += aborts_per_min(t, g) * step / 60.0
            yield SampleRecord(
                v=1, ts_ns=at(t), node="gpu-node-01", source="vllm", kind="sample", gpu=g,
                seq=seq("vllm"), labels={"engine": "0", "model_name": "m"},
                metrics={"vllm:kv_cache_usage_perc": 0.3 + 0.1 * ((t + 50 * g) % 200) / 200,
                         "vllm:num_requests_running": 10.0, "vllm:num_requests_waiting": 0.0,
                         'vllm:request_success_total{finished_reason="abort"}': float(int(aborts[g])),
                         'vllm:request_success_total{finished_reason="stop"}': 300.0 * t / 60.0,
                         "vllm:spec_decode_num_drafts_total": 40.0 * t})
        if int(t) % 10 == 0:
            yield SampleRecord(v=1, ts_ns=at(t), node="gpu-node-01", source="host", kind="sample",
                               seq=seq("host"), metrics={"mem_used_bytes": 400.0 * GIB,
                                                         "mem_total_bytes": 1024.0 * GIB})
        t += step


def residue_on_gpu_2(t: float, g: int) -> float:
    """GPU 2's server keeps 4.7 MB per interrupted request from minute 30 (40 a minute: about
    0.22 % of its 80 GiB a minute); the mean over the four GPUs rises a quarter as fast."""
    return flat(t, g) + (0.22 * max(0.0, t - RESIDUE_FROM) / 60.0 if g == 2 else 0.0)


def interrupts_on_gpu_2(t: float, g: int) -> float:
    return 40.0 if g == 2 and t >= RESIDUE_FROM else 5.0


def replay(records: Iterator[Record]) -> tuple[Engine, list[Incident]]:
    eng = Engine(RULES)
    incidents: list[Incident] = []
    for r in records:
        incidents += eng.process(r).incidents
    incidents += eng.finish().incidents
    return eng, incidents


def test_a_residue_on_one_server_of_four_is_paged_naming_its_gpu() -> None:
    eng, incidents = replay(server_node(residue_on_gpu_2, interrupts_on_gpu_2, 2700))
    first = {i.incident_id: i for i in reversed(incidents)}
    assert [i.cause for i in first.values()] == ["spec_residue"]
    inc = next(iter(first.values()))
    # The node's mean rises 0.05 %/min, too little for any residue path before its 12-minute
    # slow path; the server's own framebuffer, with its own interrupts, within minutes.
    assert RESIDUE_FROM < (inc.opened_ns - T0) / 1e9 <= RESIDUE_FROM + 300
    details = " ".join(e.detail for e in inc.evidence)
    assert "GPU 2" in details
    f = eng.fleet.nodes["gpu-node-01"].last_features
    assert f is not None and "GPU 2" in [p.where for p in f.pools]  # (noise screens the others in)
    own = {p.where: p.aborts for p in f.pools}
    assert 35 <= own["GPU 2"] <= 45  # its own server's 40 a minute, not the node's 55
    assert 50 <= f.rates.aborts <= 60
    st = eng.fleet.nodes["gpu-node-01"].state
    assert {e.pool for e in st.engines.values()} == {(g, "") for g in range(GPUS)}


def test_four_healthy_servers_page_nothing_for_two_hours() -> None:
    """Allocator noise on each server's framebuffer, and a few interrupts each: no residue."""
    _, incidents = replay(server_node(flat, lambda t, g: 1.0 + 2.0 * (g == 1), 7200))
    assert incidents == []


def test_a_residue_where_interrupts_are_not_told_apart_uses_the_nodes() -> None:
    """Servers exporting no interrupt counter of their own: the node's count (from whatever
    reports it) stands in, and the rise on GPU 2 alone is still judged."""
    from correlator.core.features import PoolView, server_pools

    eng, _ = replay(server_node(residue_on_gpu_2, interrupts_on_gpu_2, 2100))
    node = eng.fleet.nodes["gpu-node-01"]
    st = node.state
    for e in st.engines.values():  # servers that export no finished-request counter at all
        for key in [k for k in e.counters if k.startswith("finished_")]:
            del e.counters[key]
    pools: list[PoolView] = server_pools(st, node.w, node.next_tick_ns - node.w.tick_ns, 0.05)
    gpu2 = next(p for p in pools if p.where == "GPU 2")
    assert math.isnan(gpu2.aborts)
    assert gpu2.gpu.level.trend.slope > 0.15  # the server's own rise, not the mean's


def with_alerts(records: Iterator[Record], names: tuple[str, ...], from_s: float,
                until_s: float) -> list[Record]:
    """The node's records plus ``names`` firing on it, re-sent every minute as Prometheus does."""
    alerts = [alert("gpu-node-01", t, name, severity="critical" if i == 0 else "warning")
              for t in range(int(from_s), int(until_s), 60) for i, name in enumerate(names)]
    return merged(records, iter(alerts))


SYMPTOMS = ("VLLMRequestErrors", "GatewayTimeouts", "KubePodCrashLooping", "TTFTHigh")


def test_one_server_of_four_falling_silent_under_symptoms_is_a_monitoring_gap_naming_its_gpu() -> None:
    """The server on GPU 3 stops answering at minute 20 while the other three go on: the
    node's ``vllm`` source stays busy, but that GPU's server is what cannot be seen."""
    def fb(t: float, g: int) -> float:
        return flat(t, g)

    recs = [r for r in server_node(fb, lambda t, g: 2.0, 2700)
            if not (r.source == "vllm" and r.gpu == 3 and r.ts_ns >= at(1200))]
    _, incidents = replay(iter(with_alerts(iter(recs), SYMPTOMS, 1500, 2700)))
    gaps = [i for i in incidents if i.cause == "monitoring_gap"]
    assert gaps, [(i.cause, i.status) for i in incidents]
    missing = [e for e in gaps[0].evidence if e.signal == "missing"]
    assert [e.value for e in missing] == ["vllm on GPU 3"]


def test_the_same_symptoms_with_every_server_reporting_are_no_monitoring_gap() -> None:
    recs = list(server_node(flat, lambda t, g: 2.0, 2700))
    _, incidents = replay(iter(with_alerts(iter(recs), SYMPTOMS, 1500, 2700)))
    assert "monitoring_gap" not in {i.cause for i in incidents}


def test_metrics_that_stop_while_a_gateways_request_log_goes_on_are_missing_telemetry() -> None:
    """One server across the node's GPUs whose /metrics stops at minute 20 while the node
    agent's request log (a gateway's) still brings request_finished events on the same
    ``vllm`` source: the source never falls silent, its engine's readings do."""
    from tests.timeline import node_records
    from tests.unit.test_engine_timelines import healthy

    finished = [(float(t), "vllm", "request_finished",
                 {"request_id": f"r{t}", "finish_reason": "stop", "prompt_tokens": 300})
                for t in range(0, 4800, 5)]
    spec = healthy(vllm_until=1200.0, extra_events=finished)
    eng, incidents = replay(iter(with_alerts(node_records(spec, 4800), SYMPTOMS, 1500, 4800)))
    gaps = [i for i in incidents if i.cause == "monitoring_gap"]
    assert gaps, [(i.cause, i.status) for i in incidents]
    missing = [e.value for e in gaps[0].evidence if e.signal == "missing"]
    assert missing == ["vllm on engine 0"]
    # Still missing an hour on (no engine of the node reports: it is not gone, only unseen):
    # the incident keeps its cause to the end (it became a memory leak after 30 minutes).
    records = [i for i in incidents if i.incident_id == gaps[0].incident_id]
    assert {i.cause for i in records} == {"monitoring_gap"}
    assert "resolved" not in {i.status for i in records}
    f = eng.fleet.nodes["gpu-node-01"].last_features
    assert f is not None and (f.ts_ns - at(1200)) / 1e9 > 3000 and f.silent_servers == ["engine 0"]


def test_engines_restored_from_a_snapshot_without_their_gpu_learn_it_from_their_next_record() -> None:
    """Snapshots from before engines knew their GPU hold engines keyed by it (``0 on GPU 2``)
    but without it: the next record of each puts it back, and per-server judging resumes."""
    import pickle

    recs = list(server_node(residue_on_gpu_2, interrupts_on_gpu_2, 2700))
    cut = len(recs) // 2
    eng, _ = replay(iter(recs[:cut]))
    for e in eng.fleet.nodes["gpu-node-01"].state.engines.values():
        e.__dict__.pop("pool", None)  # as an older snapshot holds them
    eng = pickle.loads(pickle.dumps(eng))
    assert {e.pool for e in eng.fleet.nodes["gpu-node-01"].state.engines.values()} == {None}
    incidents = []
    for r in recs[cut:]:
        incidents += eng.process(r).incidents
    incidents += eng.finish().incidents
    assert {e.pool for e in eng.fleet.nodes["gpu-node-01"].state.engines.values()} == {
        (g, "") for g in range(GPUS)}
    assert "spec_residue" in {i.cause for i in incidents}


def test_a_server_counting_finished_requests_but_no_interrupt_yet_has_none_of_its_own() -> None:
    """vLLM creates a ``finished_reason`` series when the reason first occurs: a server that
    has finished requests but none interrupted has 0 interrupts of its own, not the node's."""
    from correlator.core.features import server_pools

    eng, _ = replay(server_node(residue_on_gpu_2, interrupts_on_gpu_2, 2100))
    node = eng.fleet.nodes["gpu-node-01"]
    st = node.state
    for e in st.engines.values():
        if e.pool == (2, ""):
            del e.counters["finished_abort"]
    pools = server_pools(st, node.w, node.next_tick_ns - node.w.tick_ns, 0.05)
    assert next(p for p in pools if p.where == "GPU 2").aborts == 0.0


def residues_from(starts: dict[int, float]) -> tuple[Callable[[float, int], float],
                                                    Callable[[float, int], float]]:
    """Framebuffer and interrupts of servers whose residue begins at ``starts[gpu]`` seconds."""
    def fb(t: float, g: int) -> float:
        begun = starts.get(g)
        return flat(t, g) + (0.22 * max(0.0, t - begun) / 60.0 if begun is not None else 0.0)

    def interrupts(t: float, g: int) -> float:
        begun = starts.get(g)
        return 40.0 if begun is not None and t >= begun else 5.0

    return fb, interrupts


def opened(incidents: list[Incident]) -> list[Incident]:
    return [i for i in incidents if i.status == "open"]


def test_a_second_servers_residue_half_an_hour_later_is_a_second_incident() -> None:
    """Outsider s144: GPU 1's server leaves a residue, and half an hour later GPU 3's does too
    (a second fault: the first one's incident is long paged). The second server's residue is
    paged as an incident of its own, naming its GPU; the first stays open beside it."""
    fb, interrupts = residues_from({2: RESIDUE_FROM, 0: RESIDUE_FROM + 1800})
    _, incidents = replay(server_node(fb, interrupts, 4500))
    first, second = opened(incidents)
    assert first.cause == second.cause == "spec_residue"
    assert RESIDUE_FROM < (first.opened_ns - T0) / 1e9 <= RESIDUE_FROM + 300
    assert RESIDUE_FROM + 1800 < (second.opened_ns - T0) / 1e9 <= RESIDUE_FROM + 2100
    assert "GPU 2" in first.evidence[0].detail and "GPU 0" in second.evidence[0].detail
    assert not [i for i in incidents if i.status == "resolved"]


def test_servers_whose_residues_begin_minutes_apart_are_one_fault() -> None:
    """One draft model's fault reaching two servers of a node a few minutes apart (their
    interrupts climb at slightly different times): one incident, as before."""
    fb, interrupts = residues_from({2: RESIDUE_FROM, 0: RESIDUE_FROM + 180})
    _, incidents = replay(server_node(fb, interrupts, 4500))
    assert [i.cause for i in opened(incidents)] == ["spec_residue"]


def test_without_the_split_the_second_servers_residue_folds_into_the_first() -> None:
    """The setting that makes the split: with it longer than the recording, the second
    server's residue is part of the first incident (the behaviour before outsider s144)."""
    h = RULES.hypotheses
    residue = h.spec_residue.model_copy(update={"other_server_after_s": 10_000.0})
    rules = RULES.model_copy(update={"hypotheses": h.model_copy(update={"spec_residue": residue})})
    fb, interrupts = residues_from({2: RESIDUE_FROM, 0: RESIDUE_FROM + 1800})
    eng = Engine(rules)
    incidents: list[Incident] = []
    for r in server_node(fb, interrupts, 4500):
        incidents += eng.process(r).incidents
    incidents += eng.finish().incidents
    assert [i.cause for i in opened(incidents)] == ["spec_residue"]
