"""An incident about a node's memory holds while the OOM killer's next kill is due.

Outsider s188: a Helm values refactor set the vLLM container's memory limit below what a
checkpoint reload stages in pinned host memory, and the cgroup's OOM killer ended the server at
every reload, every 15 minutes. The node's incident resolved 11 minutes after a kill, in the
quiet before the next, and the next kills paged a new incident for the same fault."""

from __future__ import annotations

from correlator.config import load_rules
from correlator.core import Engine, hypotheses
from correlator.core.node_engine import NodeEngine
from tests.timeline import T0, S, merged, node_records
from tests.unit.test_engine_timelines import healthy

RULES = load_rules()


def node(cause: str, kills: list[float]) -> NodeEngine:
    """A healthy node's engine whose incident names ``cause``, killed at ``kills`` (seconds)."""
    eng = Engine(RULES)
    for r in merged(node_records(healthy(), 600)):
        eng.process(r)
    n = next(iter(eng.fleet.nodes.values()))
    n.machine.cause = cause
    n.state.host.oom_ns.extend(T0 + int(t * S) for t in kills)
    return n


def test_the_next_kill_is_due_for_half_as_long_again_as_the_last_interval() -> None:
    n = node(hypotheses.MEMORY_LEAK, [0.0, 900.0])
    assert n._kill_due(T0 + int(1500 * S))  # 10 minutes after the last kill, 15 between the two
    assert n._kill_due(T0 + int(2250 * S))  # 22.5 minutes after
    assert not n._kill_due(T0 + int(2260 * S))


def test_one_kill_or_kills_an_hour_apart_hold_nothing() -> None:
    assert not node(hypotheses.CRASH_LOOP, [900.0])._kill_due(T0 + int(1000 * S))
    n = node(hypotheses.CRASH_LOOP, [0.0, 3700.0])
    assert not n._kill_due(T0 + int(3800 * S))  # the first kill is more than an hour before
    assert node(hypotheses.CRASH_LOOP, [3000.0, 3700.0])._kill_due(T0 + int(3800 * S))


def test_causes_the_kills_are_no_symptom_of_are_not_held() -> None:
    n = node(hypotheses.GPU_THROTTLED, [0.0, 900.0])
    assert not n._kill_due(T0 + int(1000 * S))
