"""A node agent restarting again and again (outsider s244: its memory limit cut too low, it was
OOM-killed every few minutes, each time resuming its ``seq`` from a checkpoint) silences every
source of its node while the node and its server run on. Once it has come back renumbered with
the server's counters going on, a silence of every source is taken for its next restart until
it lasts ``alignment.agent_restart_grace_s``; the first silences, a node restarted with its
server (a reboot) and a silence that lasts are judged as before."""

from __future__ import annotations

from collections.abc import Iterator

from correlator.config import load_rules
from correlator.core import Engine
from correlator.wire.incidents import Incident
from correlator.wire.records import Record
from tests.timeline import NodeSpec, at, merged, node_records

RULES = load_rules()
RESTART = 1200.0  # the agent's first restart: 20 s of nothing, its numbering back by 8
SILENCE = 2400.0  # all sources silent from here...


def agent(silence_s: float, restart: bool = True, reboot: bool = False) -> Iterator[Record]:
    """The node's records with the agent restarting at ``RESTART`` (unless not ``restart``)
    and every source silent for ``silence_s`` from ``SILENCE``, the agent renumbering again
    when it comes back. ``reboot``: the server's counters start over at the first restart."""
    restarts = ([RESTART] if restart else []) + [SILENCE + silence_s]
    for r in node_records(NodeSpec(generated_per_s=lambda t: 500.0), 4800.0):
        t = (r.ts_ns - at(0)) / 1e9
        if (RESTART <= t < RESTART + 20 and restart) or SILENCE <= t < SILENCE + silence_s:
            continue
        back = 8 * sum(1 for x in restarts if t >= x)
        update: dict[str, object] = {"seq": (r.seq or 0) - back + 100}
        if reboot and t >= RESTART and r.source == "vllm" and r.kind == "sample":
            update["metrics"] = {k: (v - 600_000 if k.endswith("_total") or "_total{" in k else v)
                                 for k, v in r.metrics.items()}  # type: ignore[union-attr]
        yield r.model_copy(update=update)


def causes(records: Iterator[Record]) -> list[str]:
    """What pages, with a healthy neighbour keeping fleet time going through the silence."""
    eng = Engine(RULES)
    out: list[Incident] = []
    for r in merged(records, node_records(NodeSpec(node="gpu-node-02"), 4800.0)):
        out += eng.process(r).incidents
    out += eng.finish().incidents
    return [i.cause for i in out if i.status == "open"]


def test_a_silence_after_the_agent_restarted_is_its_next_restart() -> None:
    assert causes(agent(180.0)) == []


def test_the_same_silence_without_an_agent_restart_before_is_the_node_cut_off() -> None:
    assert causes(agent(180.0, restart=False)) == ["node_unreachable"]


def test_a_silence_that_lasts_past_the_grace_is_the_node_cut_off() -> None:
    assert causes(agent(RULES.alignment.agent_restart_grace_s + 300.0)) == ["node_unreachable"]


def test_a_node_rebooted_with_its_server_is_no_agent_restart() -> None:
    """The server's counters started over with the agent's numbering: the node rebooted, and
    its next silence is judged as any."""
    assert causes(agent(180.0, reboot=True)) == ["node_unreachable"]
