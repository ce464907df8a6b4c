"""A serving process gone while it served and not started again (outsider s238: the kubelet
evicted vLLM's pod under disk pressure, its replacement Pending for 25 minutes). The node
reports on with its GPUs freed; vLLM is silent, its clients' requests failed as it went.
Paged as ``server_lost``; a drained server, a server back within minutes, a hung one holding
its memory and a node cut off are not."""

from __future__ import annotations

from collections.abc import Callable

from correlator.config import load_rules
from correlator.core import Engine
from correlator.wire.incidents import Incident
from correlator.wire.records import Record
from tests.timeline import NodeSpec, alert, at, incident_records, merged, node_records

RULES = load_rules()
GONE = 2400.0  # vLLM's last reading: minute 40 of 80
FAILING = "GatewayUpstream5xxRateHigh"


def run(spec: NodeSpec, alerts: list[Record] | None = None, seconds: float = 4800.0) -> list[Incident]:
    records = node_records(spec, seconds)
    return incident_records(merged(records, iter(alerts if alerts is not None else failing())), RULES)


def failing(t: float = GONE + 40) -> list[Record]:
    return [alert("gpu-node-01", t, FAILING, "critical"), alert("gpu-node-01", t + 270, FAILING, "critical",
                                                                "resolved")]


def node(gpu_after: float = 0.5, running: Callable[[float], float] = lambda t: 18.0,
         **kw: object) -> NodeSpec:
    args: dict[str, object] = {"running": running, "vllm_until": GONE + 1,
                               "gpu_pct": lambda t: 90.0 if t <= GONE else gpu_after}
    args.update(kw)
    return NodeSpec(**args)  # type: ignore[arg-type]


def test_a_server_gone_under_load_and_not_back_is_lost() -> None:
    incidents = run(node())
    opened = [i for i in incidents if i.status == "open"]
    assert [i.cause for i in opened] == ["server_lost"]
    inc = opened[0]
    assert GONE + 300 <= (inc.opened_ns - at(0)) / 1e9 <= GONE + 400
    assert inc.first_evidence_ns == at(GONE) and inc.severity == "critical"
    ev = inc.evidence[0]
    assert ev.signal == "server_lost" and "18 requests running" in ev.detail


def test_a_drained_server_or_one_whose_clients_saw_nothing_is_not_lost() -> None:
    drained = node(running=lambda t: 18.0 if t < GONE - 120 else 0.0)
    assert "server_lost" not in {i.cause for i in run(drained)}
    assert "server_lost" not in {i.cause for i in run(node(), alerts=[])}
    late = failing(GONE + 900)  # their requests failing 15 minutes after: something else
    assert "server_lost" not in {i.cause for i in run(node(), alerts=late)}


def test_a_server_that_holds_its_gpus_is_not_gone() -> None:
    """A hung or unscraped process keeps its memory: not a process that exited."""
    assert "server_lost" not in {i.cause for i in run(node(gpu_after=88.0))}


def test_a_server_started_again_is_not_lost() -> None:
    start = [(GONE + 60, "host", "process_start", {"pid": 7, "process": "vllm"})]
    assert "server_lost" not in {i.cause for i in run(node(extra_events=start))}


def test_a_node_cut_off_is_unreachable_not_a_lost_server() -> None:
    """Every source silent: the node is gone, not its server (and its GPUs' last readings are
    those from before the cut)."""
    spec = node(gpu_after=90.0)
    records = [r for r in node_records(spec, 4800.0) if r.ts_ns <= at(GONE + 1)]
    eng = Engine(RULES)
    out: list[Incident] = []
    for r in merged(iter(records), iter(failing())):
        out += eng.process(r).incidents
    eng.advance(at(4800))
    out += eng.finish().incidents
    assert "server_lost" not in {i.cause for i in out}
