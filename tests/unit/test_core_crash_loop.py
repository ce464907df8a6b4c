"""A serving process that dies soon after every start and is restarted by its supervisor
(outsider s58: a CUDA out-of-memory minutes after each start; s61: a start-up memory check
failing on a GPU that an orphaned worker still holds). Each start alone is a warm-up and used
to page nothing, or a monitoring gap once the server's metrics were gone long enough; their
number is the fault, paged as ``crash_loop``. A planned restart, or two, is not one."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.core import Engine
from correlator.wire.records import EventRecord, Record
from tests.timeline import T0, NodeSpec, S, at, merged, node_records, opened_incidents

RULES = load_rules()


def node(starts: list[float], source: str = "host", process: str = "vllm serve") -> list[Record]:
    """A healthy node whose serving process (or vLLM engine) starts at each of ``starts``."""
    records = list(node_records(NodeSpec(kv_pct=lambda t: 30.0), 3600))
    name = "process_start" if source == "host" else "engine_start"
    attrs = {"process": process} if source == "host" else {}
    records += [EventRecord(v=1, ts_ns=at(t), node="gpu-node-01", source=source, kind="event",
                            event=name, attrs=attrs) for t in starts]
    return merged(sorted(records, key=lambda r: r.ts_ns))


def causes(records: list[Record]) -> list[tuple[str, float]]:
    return [(i.cause, (i.opened_ns - T0) / S) for i in opened_incidents(records, RULES)]


def test_a_server_restarted_three_times_within_the_window_is_a_crash_loop() -> None:
    found = opened_incidents(node([1200.0, 1500.0, 1900.0]), RULES)
    assert [i.cause for i in found] == ["crash_loop"]
    # named once the third start is seen, its evidence going back to the first start
    assert 1900.0 <= (found[0].opened_ns - T0) / S <= 1900.0 + 2 * RULES.features.tick_s
    assert (found[0].first_evidence_ns - T0) / S == 1200.0
    assert found[0].evidence[0].signal == "server_starts" and found[0].evidence[0].value == 3


def test_engine_starts_count_where_the_agent_sees_no_processes() -> None:
    assert [c for c, _ in causes(node([1200.0, 1500.0, 1900.0], source="vllm"))] == ["crash_loop"]


def test_restarts_spread_beyond_the_window_or_too_few_are_warm_ups() -> None:
    window = RULES.hypotheses.crash_loop.window_s
    assert causes(node([600.0, 1800.0])) == []                            # a planned restart, and one more
    assert causes(node([300.0, 300.0 + window / 2 + 60, 300.0 + window + 120])) == []  # never 3 within


def test_restarts_after_a_gpu_failure_are_that_failure() -> None:
    records = node([1200.0, 1500.0, 1900.0])
    records.append(EventRecord(v=1, ts_ns=at(1150.0), node="gpu-node-01", source="nvml", kind="event",
                               gpu=1, event="xid", attrs={"xid": 79}))
    engine = Engine(RULES)
    published = [i for r in sorted(records, key=lambda r: r.ts_ns) for i in engine.process(r).incidents]
    published += engine.finish().incidents
    assert {i.cause for i in published} == {"gpu_failure"} and len({i.incident_id for i in published}) == 1
    assert len(published) > 1 and all(i.hypotheses.get("crash_loop", 0.0) == 0.0 for i in published)


def test_a_proxy_restarting_beside_the_server_is_no_crash_loop() -> None:
    """Outsider s154: an audit proxy in the server's pod, OOM-killed at its container limit
    three times in 16 minutes and restarted each time, while vLLM served on. Its starts are
    not the server's (``benign.sidecar_processes``)."""
    assert causes(node([1200.0, 1500.0, 1900.0], process="audit-proxy")) == []
    assert causes(node([1200.0, 1500.0, 1900.0], process="istio-proxy")) == []
    # the server's own restarts, and those of a process the patterns do not name, still count
    assert [c for c, _ in causes(node([1200.0, 1500.0, 1900.0], process="python3"))] == ["crash_loop"]


def per_gpu_starts(starts: dict[int, list[float]]) -> list[Record]:
    """A healthy node running one vLLM server per GPU; each GPU's server starts at its times."""
    records = list(node_records(NodeSpec(kv_pct=lambda t: 30.0), 3600))
    records += [EventRecord(v=1, ts_ns=at(t), node="gpu-node-01", source="vllm", kind="event", gpu=gpu,
                            event="engine_start", attrs={"engine": "0"})
                for gpu, times in starts.items() for t in times]
    return merged(sorted(records, key=lambda r: r.ts_ns))


def test_servers_per_gpu_starting_together_are_one_start_each() -> None:
    """Outsider s267: a node running a server per GPU restarted its pods; the four servers'
    ``engine_start`` events (each ``engine="0"``, told apart by their GPU) are four engines
    starting once, not one process starting four times."""
    assert causes(per_gpu_starts({g: [1200.0] for g in range(4)})) == []
    assert causes(per_gpu_starts({g: [1200.0 + 40 * g] for g in range(4)})) == []  # rolled one by one
    # one server of them restarting again and again is a crash loop
    looping = per_gpu_starts({0: [1200.0], 1: [1200.0], 2: [1200.0, 1500.0, 1900.0], 3: [1200.0]})
    assert [c for c, _ in causes(looping)] == ["crash_loop"]
