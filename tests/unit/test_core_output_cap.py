"""``output_capped``: answers cut short by a limit the server took at its start (outsider
s187: re-imaged nodes fetched a model repository whose generation_config.json carries
``max_new_tokens`` 128, which vLLM applies to every request; no alert fires)."""

from __future__ import annotations

import random
import re

from correlator.config import load_rules
from correlator.core.nodestate import RUN_SERVED, RequestEvents
from correlator.wire.records import EventRecord, Record
from tests.timeline import NodeSpec, at, merged, node_records, opened_incidents

RULES = load_rules()
START, END = 1800.0, 3600.0


def log(cap_from: float | None, cap: int = 128, short_share: float = 0.0) -> list[Record]:
    """A request log: 6 requests every 5 s, answers of 20-700 tokens (a tenth cut by the
    client's own limit); from ``cap_from`` none longer than ``cap``, those cut ending by
    length; ``short_share`` of the requests are classifications asking for 8 tokens."""
    rng = random.Random(7)
    out: list[Record] = []
    seq, t = 0, 0.0
    while t <= END:
        for i in range(6):
            seq += 1
            answer, reason = rng.randint(20, 700), "stop" if rng.random() > 0.1 else "length"
            if rng.random() < short_share:
                answer, reason = 8, "length"
            if cap_from is not None and t >= cap_from and answer >= cap:
                answer, reason = cap, "length"
            out.append(EventRecord(v=1, ts_ns=at(t + i * 0.7), node="gpu-node-01", source="vllm",
                                   kind="event", event="request_finished", seq=10_000_000 + seq,
                                   attrs={"finish_reason": reason, "prompt_tokens": 900,
                                          "generation_tokens": answer}))
        t += 5.0
    return out


def causes(log_records: list[Record], restart: bool = True) -> list[str]:
    events = [(START, "vllm", "engine_start", {"engine": "0"})] if restart else []
    records = list(node_records(NodeSpec(extra_events=events), END)) + log_records
    return [i.cause for i in opened_incidents(merged(iter(records)), RULES)]


def test_answers_capped_since_a_restart_page_as_output_capped() -> None:
    records = list(node_records(NodeSpec(extra_events=[(START, "vllm", "engine_start", {"engine": "0"})]),
                                END)) + log(START)
    opened = opened_incidents(merged(iter(records)), RULES)
    assert [i.cause for i in opened] == ["output_capped"]
    assert re.match(r"since the server started no answer is longer than 128 tokens and \d+ % end by "
                    r"length at exactly 128, against answers of 700 tokens before",
                    opened[0].evidence[0].detail)
    assert START < (opened[0].opened_ns - at(0)) / 1e9 < START + 600


def test_a_restart_without_a_cap_pages_nothing() -> None:
    assert causes(log(None)) == []


def test_clients_asking_for_short_answers_are_no_cap() -> None:
    """A classification tier's requests end by length at their 8 tokens beside long answers."""
    assert causes(log(None, short_share=0.4)) == []


def test_a_cap_with_no_run_before_to_compare_is_not_judged() -> None:
    """Capped from the first request: nothing tells it from a deployment's own choice."""
    assert causes(log(0.0)) == []


def test_a_cap_that_came_without_a_restart_is_not_judged() -> None:
    assert causes(log(START), restart=False) == []


def test_a_run_too_short_to_have_served_does_not_replace_the_one_before() -> None:
    r = RequestEvents(60)
    for _ in range(RUN_SERVED):
        r.answered("stop", 600.0)
    r.new_run()
    r.answered("length", 90.0)  # a crash soon after the next start
    r.new_run()
    assert r.before_longest == 600.0 and r.run_finished == 0
    r.answered("length", 128.0)
    r.answered("length", 128.0)
    r.answered("stop", 40.0)
    r.answered("abort", 900.0)  # neither stop nor length: no answer to measure
    assert (r.run_longest, r.run_at_longest, r.run_finished) == (128.0, 2, 3)
