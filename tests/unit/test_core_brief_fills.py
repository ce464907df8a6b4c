"""A KV pool full for a moment is no leak (outsider s289: sixteen one-GPU L40S nodes, no
fault). An annual report's last turn prefilled its whole conversation, and the pool read full
at two readings with few requests running: paged as blocks nobody holds. The pool must read
full for the whole minute the running requests are judged over. (s289's other false alarm, a
retry burst's draft state paged as a memory leak, is tested on the recording itself:
tests/e2e/test_outsider_recordings.py.)"""

from __future__ import annotations

from correlator.config import load_rules
from correlator.wire.records import Record
from tests.timeline import T0, NodeSpec, S, merged, node_records, opened_incidents, sawtooth

RULES = load_rules()
FULL_AT = 2400.0


def causes(records: list[Record]) -> list[tuple[str, float]]:
    return [(i.cause, (i.opened_ns - T0) / S) for i in opened_incidents(records, RULES)]


def full_for(seconds: float) -> NodeSpec:
    """A node running 12 requests with its pool about 40 % used, full (99.5 %) for ``seconds``
    from minute 40 while 3 requests run."""
    base = sawtooth(35, 10, 200)

    def kv(t: float) -> float:
        return 99.5 if FULL_AT <= t < FULL_AT + seconds else base(t)

    def running(t: float) -> float:
        return 3.0 if FULL_AT <= t < FULL_AT + seconds else 12.0

    return NodeSpec(kv_pct=kv, running=running)


def test_a_pool_full_for_a_minute_s_readings_is_no_leak() -> None:
    assert causes(merged(node_records(full_for(60.0), 3600))) == []


def test_a_pool_that_stays_full_with_few_running_pages() -> None:
    found = causes(merged(node_records(full_for(1200.0), 3600)))
    assert [c for c, _ in found] == ["session_isolation"]
    assert FULL_AT < found[0][1] <= FULL_AT + 3 * 60
