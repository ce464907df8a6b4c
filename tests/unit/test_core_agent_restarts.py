"""A node agent restarting again and again (outsider s244: its memory limit cut too low, it was
OOM-killed every few minutes, each time resuming its ``seq`` from a checkpoint) silences every
source of its node while the node and its server run on. Once it has come back renumbered twice
within the hour, the server's counters going on, a silence of every source is taken for its next restart until
it lasts ``alignment.agent_restart_grace_s``; the first silences, one restart alone, a node restarted with its
server (a reboot) and a silence that lasts are judged as before."""

from __future__ import annotations

from collections.abc import Iterator

from correlator.config import load_rules
from correlator.core import Engine
from correlator.wire.records import Record
from tests.timeline import NodeSpec, S, at, incident_records, merged, node_records

RULES = load_rules()
RESTARTS = (1200.0, 1800.0)  # the agent's restarts: 20 s of nothing each, its numbering back by 8
SILENCE = 2400.0  # all sources silent from here...


def agent(silence_s: float, restarts: int = 2, reboot: bool = False) -> Iterator[Record]:
    """The node's records with the agent restarting ``restarts`` times before ``SILENCE`` and
    every source silent for ``silence_s`` from it, the agent renumbering again when it comes
    back. ``reboot``: the server's counters start over at the last restart before."""
    before = RESTARTS[len(RESTARTS) - restarts:]
    renumbered = [*before, SILENCE + silence_s]
    for r in node_records(NodeSpec(generated_per_s=lambda t: 500.0), 4800.0):
        t = (r.ts_ns - at(0)) / 1e9
        if any(x <= t < x + 20 for x in before) or SILENCE <= t < SILENCE + silence_s:
            continue
        back = 8 * sum(1 for x in renumbered if t >= x)
        update: dict[str, object] = {"seq": (r.seq or 0) - back + 100}
        if reboot and t >= RESTARTS[-1] and r.source == "vllm" and r.kind == "sample":
            update["metrics"] = {k: (v * 0.1 if k.endswith("_total") or "_total{" in k else v)
                                 for k, v in r.metrics.items()}  # type: ignore[union-attr]
        yield r.model_copy(update=update)


def causes(records: Iterator[Record]) -> list[str]:
    """What pages, with a healthy neighbour keeping fleet time going through the silence."""
    out = incident_records(merged(records, node_records(NodeSpec(node="gpu-node-02"), 4800.0)), RULES)
    return [i.cause for i in out if i.status == "open"]


def test_a_silence_after_the_agent_restarted_is_its_next_restart() -> None:
    assert causes(agent(180.0)) == []


def test_the_same_silence_without_agent_restarts_before_is_the_node_cut_off() -> None:
    assert causes(agent(180.0, restarts=0)) == ["node_unreachable"]


def test_one_agent_restart_before_is_no_loop() -> None:
    """An agent rolled out once (the scenario suite's noise restarts agents) tells nothing
    about the next silence: a partition an hour later is paged at once."""
    assert causes(agent(180.0, restarts=1)) == ["node_unreachable"]


def test_a_silence_that_lasts_past_the_grace_is_the_node_cut_off() -> None:
    assert causes(agent(RULES.alignment.agent_restart_grace_s + 300.0)) == ["node_unreachable"]


def test_a_node_rebooted_with_its_server_is_no_agent_restart() -> None:
    """The server's counters started over with the agent's latest numbering: the node
    rebooted, and its next silence is judged as any."""
    assert causes(agent(180.0, reboot=True)) == ["node_unreachable"]


def test_records_out_of_their_numbering_by_milliseconds_are_no_restart() -> None:
    """vLLM's events and samples share a stream: one numbered before another may be timed a
    few milliseconds after it. Only a lower ``seq`` seconds after the highest's is a restart,
    and one restart renumbering every stream within a minute counts once."""
    eng = Engine(RULES)
    aligner = eng.fleet.node("gpu-node-01").aligner
    records = [r for r in node_records(NodeSpec(), 600.0) if r.source in ("vllm", "host")]
    for r in records[:40]:
        aligner.push(r)
    r = records[39]
    aligner.push(r.model_copy(update={"seq": (r.seq or 0) - 1, "ts_ns": r.ts_ns + 2_000_000}))
    assert aligner.renumbered == ()
    for r in records[40:60]:  # the agent back 30 s later, numbering every stream from 1
        aligner.push(r.model_copy(update={"seq": 1 + (r.seq or 0) % 7, "ts_ns": r.ts_ns + 30 * S}))
    assert len(aligner.renumbered) == 1
