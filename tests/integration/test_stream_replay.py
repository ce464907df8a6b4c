"""``correlator replay --kafka`` against the real broker: the embedded replay's incidents, ids
and scores, through the topics and a worker of its own; every incident counted exactly once."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

import orjson
import pytest
from stream_support import PARTITIONS, cli, delete_internal_topics, read_topic

from correlator.config import load_rules
from correlator.kafka import TopicNames
from correlator.replay.labels import read_labels
from correlator.replay.run import run_replay
from correlator.wire.incidents import Incident
from tests import stream_recording

RULES = load_rules()


async def broker_replay(bootstrap: str, prefix: str, events: Path, labels: Path,
                        out: Path) -> dict[str, object]:
    proc = await asyncio.create_subprocess_exec(
        *cli("replay", events, "--labels", labels, "--json", "--incidents", out, "--kafka", bootstrap,
             "--prefix", prefix, "--partitions", str(PARTITIONS), "--deadletter", out.parent / "dl.jsonl"),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    stdout, stderr = await proc.communicate()
    err = stderr.decode()
    first = err.find("Traceback")  # the worker's first error, before the shutdown's cancellations
    assert proc.returncode == 0, (err[first:first + 3000] + "\n...\n" if first >= 0 else "") + err[-2000:]
    return dict(orjson.loads(stdout.splitlines()[-1]))


def simulated(folder: Path) -> tuple[Path, Path]:
    sim = pytest.importorskip("correlator.sim")
    config = sim.SimConfig(nodes=6, minutes=20, faults="session_isolation:1,spec_residue:1",
                           preroll_s=300)
    sim.simulate_to(config, folder)
    return folder / "events.jsonl.gz", folder / "labels.jsonl"


@pytest.mark.kafka
@pytest.mark.parametrize("recording", ["timeline", "simulated"])
async def test_broker_replay_gives_the_embedded_ids_and_scores(
        kafka_bootstrap: str, kafka_topics: TopicNames, tmp_path: Path, recording: str) -> None:
    if recording == "timeline":
        events, labels = stream_recording.write(tmp_path / "rec")
    else:
        events, labels = simulated(tmp_path / "rec")
    embedded = run_replay([events], read_labels(labels), RULES, tmp_path / "embedded.jsonl")
    try:
        summary = await broker_replay(kafka_bootstrap, kafka_topics.prefix, events, labels,
                                      tmp_path / "broker.jsonl")
        published = await read_topic(kafka_bootstrap, kafka_topics.incidents)
    finally:
        await delete_internal_topics(kafka_bootstrap, kafka_topics.prefix)

    assert (tmp_path / "broker.jsonl").read_bytes() == (tmp_path / "embedded.jsonl").read_bytes()
    expected = embedded.summary.model_dump(mode="json")
    assert {k: v for k, v in summary.items() if k != "wall_s"} == {
        k: v for k, v in expected.items() if k != "wall_s"}
    # every record the desk published is on the topic exactly once
    keys = Counter((i.incident_id, i.status, i.updated_ns)
                   for i in (Incident.model_validate_json(m.value) for m in published))
    assert sum(keys.values()) == len(embedded.incidents)
    assert set(keys.values()) == {1}
    if recording == "timeline":
        opened = [r for r in embedded.incidents if r.status == "open"]
        assert sorted((r.nodes[0], r.cause) for r in opened) == sorted(
            stream_recording.EXPECTED.items())
        assert len({r.incident_id for r in embedded.incidents}) == len(opened) == 3
        assert (summary["precision"], summary["recall"]) == (1.0, 1.0)

