"""Stage one's view of whether a live topic still has messages waiting in Kafka.

A worker running behind its input handles messages from fetches made seconds ago; the
highwater those fetches reported is that old, so a topic must not count as caught up on it
alone. Real Stage1 object; Kafka's answers are given as the functions the app wires in."""

from __future__ import annotations

import time

from faust.types import TP

from correlator.config import load_rules
from correlator.stream.outputs import Outputs
from correlator.stream.partition import PartitionRun
from correlator.stream.settings import WorkerConfig
from correlator.stream.stage1 import Stage1
from correlator.stream.topics import StreamTopics

RULES = load_rules()
NAMES = StreamTopics("t.")
TOPIC = NAMES.inputs[0]
TPS = {TP(t, 0) for t in NAMES.inputs}


def stage(highwaters: dict[TP, int]) -> Stage1:
    async def ends(tps: list[TP]) -> dict[TP, int]:
        return {tp: highwaters[tp] for tp in tps if tp in highwaters}

    async def position(tp: TP) -> int | None:
        return highwaters.get(tp)

    return Stage1(WorkerConfig("127.0.0.1:1", lag_hold_s=1.0), RULES, NAMES, None,
                  Outputs(None, None, None, None), lambda: TPS, highwaters.get, ends, position)


def test_a_topic_is_behind_while_kafka_holds_more_or_its_message_is_old() -> None:
    tp = TP(TOPIC, 0)
    s1 = stage({tp: 10})
    now = time.time()
    assert s1._behind(tp, 5, now)  # offsets 6..9 are waiting
    assert not s1._behind(tp, 9, now)  # the last one, handled as it came
    assert s1._behind(tp, 9, now - 3.0)  # the last one the fetch knew of, 3 s ago
    assert not s1._behind(TP(TOPIC, 1), 9, now)  # never fetched: nothing known to wait


def test_the_timer_settles_a_behind_topic_only_on_a_fresh_answer_from_kafka() -> None:
    tp = TP(TOPIC, 0)
    ends = {tp: 10}
    s1 = stage(ends)
    run = PartitionRun(RULES, 0, "", NAMES.inputs, 6)
    s1.runs[(0, "")] = run
    assert run.live is not None
    s1.handled[tp] = 9
    run.progress(TOPIC, behind=True)
    behind = s1._behind_topics()
    assert behind[tp] == (0, "")
    # Kafka now holds offset 10 too: still behind
    assert s1._settle(behind, {tp: 9}, {tp: 11}, {}) == [] and TOPIC in run.live.behind
    # a message came while Kafka was asked: its own age decides, not this answer
    s1.handled[tp] = 10
    assert s1._settle(behind, {tp: 9}, {tp: 11}, {}) == [] and TOPIC in run.live.behind
    # nothing beyond what was handled
    assert s1._settle(behind, {tp: 10}, {tp: 11}, {}) == [(0, "")]
    assert TOPIC not in run.live.behind
    # a topic that delivered nothing yet: caught up once its fetch position is at the end
    other = TP(NAMES.inputs[1], 0)
    assert other in behind and other not in s1.handled
    assert s1._settle({other: (0, "")}, {other: None}, {other: 4}, {other: 3}) == []
    assert s1._settle({other: (0, "")}, {other: None}, {other: 4}, {other: 4}) == [(0, "")]
    assert NAMES.inputs[1] not in run.live.behind
