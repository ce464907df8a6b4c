"""``context_capped``: prompts refused above a length the server took at its start (outsider
s192: a chart's renamed values key dropped the rope scaling and ``--max-model-len`` of two
canaries, which then answered every prompt over 30,720 tokens with a 400; no alert fired)."""

from __future__ import annotations

import bisect
import random
import re

from correlator.config import load_rules
from correlator.core.nodestate import RUN_SERVED, RequestEvents
from correlator.wire.incidents import Incident
from correlator.wire.records import EventRecord, Record, SampleRecord
from tests.timeline import NodeSpec, at, merged, node_records, opened_incidents

RULES = load_rules()
START, END = 1800.0, 3600.0
LIMIT = 30_720
HTTP_4XX = 'http_requests_total{handler="/v1/chat/completions",method="POST",status="4xx"}'


def log(limit_from: float | None, bad_params: float = 0.0) -> list[Record]:
    """A request log: 6 requests every 5 s, prompts of 500-120,000 tokens (one in eight over
    LIMIT); from ``limit_from`` those over LIMIT end in errors; ``bad_params`` of the requests
    are refused for invalid parameters whatever their prompt."""
    rng = random.Random(11)
    out: list[Record] = []
    seq, t = 0, 0.0
    while t <= END:
        for i in range(6):
            seq += 1
            prompt = rng.randint(LIMIT, 120_000) if rng.random() < 0.125 else rng.randint(500, LIMIT - 1)
            reason = "stop"
            if (limit_from is not None and t >= limit_from and prompt > LIMIT) or rng.random() < bad_params:
                reason = "error"
            out.append(EventRecord(v=1, ts_ns=at(t + i * 0.7), node="gpu-node-01", source="vllm",
                                   kind="event", event="request_finished", seq=10_000_000 + seq,
                                   attrs={"finish_reason": reason, "prompt_tokens": prompt,
                                          "generation_tokens": 0 if reason == "error" else 300}))
        t += 5.0
    return out


def counted(records: list[Record], log_records: list[Record]) -> list[Record]:
    """vLLM's HTTP server counting the refusals it answered (``http_requests_total``, 4xx)."""
    refused = sorted(r.ts_ns for r in log_records
                     if isinstance(r, EventRecord) and r.attrs["finish_reason"] == "error")
    out: list[Record] = []
    for r in records:
        if isinstance(r, SampleRecord) and r.source == "vllm":
            n = float(bisect.bisect_right(refused, r.ts_ns))
            r = r.model_copy(update={"metrics": {**r.metrics, HTTP_4XX: n}})
        out.append(r)
    return out + log_records


def incidents(log_records: list[Record], restart: bool = True) -> list[Incident]:
    events = [(START, "vllm", "engine_start", {"engine": "0"})] if restart else []
    records = counted(list(node_records(NodeSpec(extra_events=events), END)), log_records)
    return opened_incidents(merged(iter(records)), RULES)


def opened(log_records: list[Record], restart: bool = True) -> list[str]:
    return [i.cause for i in incidents(log_records, restart)]


def test_long_prompts_refused_since_a_restart_page_as_context_capped() -> None:
    found = incidents(log(START))
    assert [i.cause for i in found] == ["context_capped"]
    assert re.match(r"since the server started \d+ requests with prompts longer than any it answered "
                    r"\(30[67]\d\d tokens\) ended in errors, against prompts of \d{6} tokens answered before",
                    found[0].evidence[0].detail)
    assert START < (found[0].opened_ns - at(0)) / 1e9 < START + 600


def test_a_restart_that_keeps_the_limit_pages_nothing() -> None:
    assert opened(log(None)) == []


def test_invalid_requests_refused_whatever_their_length_are_no_limit() -> None:
    """A harness's invalid parameters: short prompts refused beside long ones answered."""
    assert "context_capped" not in opened(log(None, bad_params=0.1))


def test_a_limit_from_the_first_request_is_not_judged() -> None:
    assert opened(log(0.0)) == []


def test_refusals_count_once_the_run_has_answered() -> None:
    r = RequestEvents(60)
    r.answered("error", 0.0, 50_000.0)  # the run has answered nothing yet: not counted
    for _ in range(RUN_SERVED):
        r.answered("stop", 300.0, 20_000.0)
    r.answered("error", 0.0, 50_000.0)
    r.answered("error", 0.0, 10_000.0)  # shorter than answered prompts: not the limit's
    assert (r.run_prompt_ok, r.run_refused_long) == (20_000.0, 1)
    r.new_run()
    assert (r.before_prompt_ok, r.run_prompt_ok, r.run_refused_long) == (20_000.0, 0.0, 0)
