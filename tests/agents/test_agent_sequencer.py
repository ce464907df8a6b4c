"""``seq`` and ``ts_ns`` agree within a series even when two sources share it.

The vLLM scraper and the request log both publish ``vllm`` records with ``gpu`` null; each
stamps its records when its round begins and hands them over when it ends, so the log's round
can be numbered after a scrape that began later. The correlator reads a lower ``seq`` with a
later time as a producer that restarted its numbering (and then takes a resent copy of a
record for a new one), so the sequencer moves such a record up to the time of the one numbered
before it.
"""

from __future__ import annotations

from agents.records import Sequencer, event, sample

NODE = "gpu-node-1"
T = 1_714_564_800_000_000_000


def test_a_record_stamped_before_the_one_numbered_before_it_takes_its_time() -> None:
    seq = Sequencer()
    scrape = sample(node=NODE, source="vllm", ts_ns=T + 300_000_000, gpu=None, metrics={"x": 1.0})
    logged = [event(node=NODE, source="vllm", ts_ns=T, gpu=None, name="request_finished",
                    attrs={"request_id": f"r{i}", "finish_reason": "stop"}) for i in range(2)]
    out = seq.stamp([scrape]) + seq.stamp(logged)
    assert [(r["seq"], r["ts_ns"]) for r in out] == [(0, T + 300_000_000), (1, T + 300_000_000),
                                                     (2, T + 300_000_000)]
    later = sample(node=NODE, source="vllm", ts_ns=T + 5_000_000_000, gpu=None, metrics={"x": 2.0})
    assert [(r["seq"], r["ts_ns"]) for r in seq.stamp([later])] == [(3, T + 5_000_000_000)]


def test_each_series_keeps_its_own_time() -> None:
    seq = Sequencer()
    a = sample(node=NODE, source="vllm", ts_ns=T + 10, gpu=0, metrics={"x": 1.0})
    b = sample(node=NODE, source="vllm", ts_ns=T, gpu=1, metrics={"x": 1.0})
    c = sample(node=NODE, source="nvml", ts_ns=T, gpu=0, metrics={"x": 1.0})
    assert [r["ts_ns"] for r in seq.stamp([a, b, c])] == [T + 10, T, T]
