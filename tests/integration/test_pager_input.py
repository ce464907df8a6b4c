"""``correlator pager --input``: incident JSON Lines from a file, a pipe or a redirected file;
reading the same records again sends nothing twice (the ledger, not an offset, remembers)."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import orjson
import pytest
from test_pager_delivery import interleave, life, transition, transition_of

from correlator.pager.recorder import RecordingReceiver

CLI = str(Path(sys.executable).with_name("correlator"))


async def pager(cfg: Path, state: Path, source: str, stdin: bytes | Path | None) -> str:
    args = [CLI, "pager", "--config", str(cfg), "--input", source, "--state-dir", str(state)]
    if isinstance(stdin, Path):
        with stdin.open("rb") as fh:
            proc = await asyncio.create_subprocess_exec(*args, stdin=fh, stderr=asyncio.subprocess.PIPE)
            _, err = await asyncio.wait_for(proc.communicate(), 120)
    else:
        proc = await asyncio.create_subprocess_exec(*args, stdin=asyncio.subprocess.PIPE,
                                                    stderr=asyncio.subprocess.PIPE)
        _, err = await asyncio.wait_for(proc.communicate(stdin), 120)
    assert proc.returncode == 0, err.decode()
    return err.decode()


@pytest.mark.parametrize("how", ["file", "pipe", "redirect"])
async def test_input_once_and_only_once(tmp_path: Path, how: str) -> None:
    pd = await RecordingReceiver("pagerduty").start()
    cfg = tmp_path / "pagers.yaml"
    cfg.write_text(f"receivers:\n  - {{name: pd, type: pagerduty, url: '{pd.url}', "
                   f"routing_key: {'k' * 32}}}\n"
                   "defaults: {rate_limit: {per_minute: 60000, burst: 100}}\nroutes:\n  - receivers: [pd]\n")
    stream = interleave(life("inc-1", 0, ("critical",) * 4, "n1"), life("inc-2", 30, ("warning",) * 4, "n2"))
    data = b"".join(orjson.dumps(i.model_dump(mode="json")) + b"\n" for i in stream)
    f = tmp_path / "incidents.jsonl"
    f.write_bytes(data)
    source, stdin = {"file": (str(f), None), "pipe": ("-", data), "redirect": ("-", f)}[how]
    first = await pager(cfg, tmp_path / "state", source, stdin)
    again = await pager(cfg, tmp_path / "state", source, stdin)
    await pd.stop()
    assert [transition(r) for r in pd.accepted] == [transition_of(i) for i in stream]
    assert "pd: delivered 8" in first
    assert "pd: skip_duplicate 2, skip_stale 6" in again
