"""The prefill servers of a disaggregated deployment (outsider s148): their requests generate
one token each (``max_tokens`` 1) and their KV goes to a decode server, so their pool sits
near empty. Blocks such a server never frees are its KV connector's leak, not a session
isolation defect; and its pool stepping up while a decode server stops pulling (one
restarting), held for the connector's timeout and then freed, is no leak at all."""

from __future__ import annotations

from collections.abc import Callable

from correlator.config import load_rules
from correlator.wire.incidents import Incident
from tests.timeline import T0, NodeSpec, S, merged, node_records, opened_incidents

RULES = load_rules()
LEAK_FROM = 1800.0


def opened(spec: NodeSpec, seconds: float) -> list[Incident]:
    return opened_incidents(merged(node_records(spec, seconds)), RULES)


def climbing(t: float) -> float:
    """Near empty, then 1.2 points a minute for good from minute 30."""
    return 0.5 + 0.02 * (t % 7) + 1.2 * max(0.0, t - LEAK_FROM) / 60


def server(kv: Callable[[float], float], tokens_per_request: float) -> NodeSpec:
    # node_records finishes 5 requests a second
    return NodeSpec(kv_pct=kv, running=lambda t: 4.0,
                    generated_per_s=lambda t: 5.0 * tokens_per_request)


def test_a_prefill_servers_blocks_never_freed_are_a_kv_transfer_leak() -> None:
    incidents = opened(server(climbing, 1.0), 4200)
    assert [i.cause for i in incidents] == ["kv_transfer_leak"]
    inc = incidents[0]
    assert LEAK_FROM < (inc.opened_ns - T0) / S < LEAK_FROM + 1200
    assert "prefill_only_server" in [e.signal for e in inc.evidence]
    assert inc.hypotheses["session_isolation"] == 0.0


def test_the_same_climb_on_a_server_that_generates_is_session_isolation() -> None:
    incidents = opened(server(climbing, 200.0), 4200)
    assert [i.cause for i in incidents] == ["session_isolation"]


def test_a_prefill_pool_held_for_a_restarting_decode_server_then_freed_is_no_leak() -> None:
    """A decode server restarts at minute 45: the prefill server holds the blocks it had
    computed for it, 24 points within a minute, for the connector's 8 minutes, then frees
    them. On a server that generates, the same step is judged as before."""
    def held(t: float) -> float:
        return 0.5 + 0.02 * (t % 7) + (24.0 * min(1.0, (t - 2700) / 60) if 2700 <= t < 3180 else 0.0)

    assert opened(server(held, 1.0), 4200) == []
