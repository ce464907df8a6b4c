"""``correlator pager`` restarted mid-stream neither misses a transition nor sends one twice.

The PagerDuty-like receiver fails one event with 500 until told otherwise, so the pager is
stuck retrying it, mid-stream, with earlier transitions delivered: it is killed there with
SIGKILL (no chance to tidy up), more incidents are published, and a new pager process takes
over; then it is stopped with SIGTERM and started once more for the last records.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections import Counter
from pathlib import Path

import pytest
from test_pager_delivery import as_message, interleave, life, publish, transition, transition_of

from correlator.kafka import TopicNames
from correlator.pager.recorder import Received, RecordingReceiver
from correlator.wire.incidents import Incident

pytestmark = pytest.mark.kafka
CLI = str(Path(sys.executable).with_name("correlator"))


async def start_pager(cfg: Path, bootstrap: str, prefix: str, state: Path) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        CLI, "pager", "--config", str(cfg), "--kafka", bootstrap, "--prefix", prefix,
        "--state-dir", str(state), "--log-level", "info",
        env=dict(os.environ, PD_KEY="K" * 32), stderr=asyncio.subprocess.PIPE)


async def until(check: object, what: str, timeout_s: float = 90.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    while not check():  # type: ignore[operator]
        if loop.time() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        await asyncio.sleep(0.05)


async def test_restarts_mid_stream_neither_miss_nor_repeat(
        tmp_path: Path, kafka_bootstrap: str, kafka_topics: TopicNames) -> None:
    lives = [life(f"inc-{k}", 10 * k, ("critical",) * 4, f"gpu-node-{k:02d}") for k in range(6)]
    first = interleave(*(lf[:2] for lf in lives))   # open + first update of each
    second = interleave(*(lf[2:3] for lf in lives))  # second updates
    third = interleave(*(lf[3:] for lf in lives))    # resolves
    stuck = transition_of(lives[3][1])  # inc-3's first update fails until allowed (after its open)
    allowed = [False]

    def decide(r: Received) -> int | None:
        return 500 if transition(r) == stuck and not allowed[0] else None

    pd = await RecordingReceiver("pagerduty", decide=decide).start()
    cfg = tmp_path / "pagers.yaml"
    cfg.write_text(f"""
defaults:
  retry: {{initial_s: 0.05, max_s: 0.2}}
  rate_limit: {{per_minute: 60000, burst: 100}}
receivers:
  - {{name: oncall, type: pagerduty, url: "{pd.url}", routing_key_env: PD_KEY}}
routes:
  - receivers: [oncall]
""")
    state = tmp_path / "state"
    await publish(kafka_bootstrap, kafka_topics.incidents, [as_message(i) for i in first])

    pager = await start_pager(cfg, kafka_bootstrap, kafka_topics.prefix, state)
    await until(lambda: sum(transition(r) == stuck for r in pd.received) >= 3, "retries of the stuck event")
    delivered_before_kill = len(pd.accepted)
    pager.kill()  # SIGKILL mid-stream, in the middle of retrying
    await pager.wait()
    allowed[0] = True
    await publish(kafka_bootstrap, kafka_topics.incidents, [as_message(i) for i in second])

    pager = await start_pager(cfg, kafka_bootstrap, kafka_topics.prefix, state)
    await until(lambda: len(pd.accepted) >= len(first) + len(second), "the first two batches")
    pager.send_signal(signal.SIGTERM)
    assert await asyncio.wait_for(pager.wait(), 60) == 0
    await publish(kafka_bootstrap, kafka_topics.incidents, [as_message(i) for i in third])

    pager = await start_pager(cfg, kafka_bootstrap, kafka_topics.prefix, state)
    everything: list[Incident] = first + second + third
    await until(lambda: len(pd.accepted) >= len(everything), "every transition")
    pager.send_signal(signal.SIGTERM)
    assert await asyncio.wait_for(pager.wait(), 60) == 0
    assert pager.stderr is not None
    log = (await pager.stderr.read()).decode()
    assert "oncall: delivered 6" in log  # the last run sent only the resolves
    await pd.stop()

    assert 0 < delivered_before_kill < len(first)
    got = [transition(r) for r in pd.accepted]
    assert Counter(got) == Counter(transition_of(i) for i in everything)  # once each
    for lf in lives:
        iid = lf[0].incident_id
        assert [t for t in got if t[0] == iid] == [transition_of(i) for i in lf]  # in order
