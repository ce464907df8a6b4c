"""vLLM KV-event batches in both layouts: decoded, summarised, and received over real ZMQ."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import msgpack
import pytest
import zmq
import zmq.asyncio
from agent_helpers import FIXTURES, Served, fixture_text, until, validate

from agents.kv_events import KvDecodeError, decode_batch, summarise
from agents.kv_subscriber import KvEventBuffer, KvEventSubscriber
from agents.sources import VllmSource

REAL = bytes.fromhex((FIXTURES / "vllm_kv_events_kthena1535_v0.26.0.msgpack.hex").read_text())
DERIVED = json.loads((FIXTURES / "vllm_kv_events_schema_derived_0.33.0.json").read_text())
MAP = bytes.fromhex(DERIVED["map_current"]["hex"])
LEGACY = bytes.fromhex(DERIVED["legacy_array"]["hex"])
HASH = 15760518052499183552  # > 2**63: must survive as an unsigned 64-bit integer


def test_real_batch_from_vllm_0_26() -> None:
    raw = msgpack.unpackb(REAL, raw=False)
    assert raw[1][0]["block_hashes"] == [HASH]  # the capture as posted
    batch = decode_batch(REAL)
    assert batch.ts == 1789095808.8378847 and batch.dp_rank == 0
    [rec] = validate(summarise(batch, node="gpu-node-7"))
    assert (rec.kind, rec.source, rec.event, rec.gpu) == ("event", "vllm", "kv_block_stored", None)
    assert rec.attrs == {"count": 1, "medium": "GPU", "engine": "0"}
    assert rec.ts_ns == 1789095808837884672  # the batch's own time, in ns


@pytest.mark.parametrize("payload", [MAP, LEGACY], ids=["map", "legacy_array"])
def test_both_layouts_summarise_alike(payload: bytes) -> None:
    records = validate(summarise(decode_batch(payload), node="n1"))
    assert [(r.event, r.attrs) for r in records] == [
        ("kv_block_stored", {"count": 1, "medium": "GPU", "engine": "0"}),
        ("kv_block_removed", {"count": 1, "medium": "GPU", "engine": "0"}),
        ("kv_all_cleared", {"engine": "0"}),
    ]
    assert {r.ts_ns for r in records} == {1_789_095_809_000_000_000}


def test_consecutive_events_collapse_and_order_is_kept() -> None:
    def stored(n: int) -> dict[str, object]:
        return {"type": "BlockStored", "block_hashes": [HASH - i for i in range(n)],
                "parent_block_hash": None, "token_ids": [], "block_size": 16, "medium": "GPU"}
    removed = {"type": "BlockRemoved", "block_hashes": [HASH, b"\x01" * 32], "medium": "GPU"}
    events = [stored(3), stored(2), removed, {"type": "AllBlocksCleared"}, stored(1),
              {**stored(4), "medium": "CPU"}]
    payload = msgpack.packb([1.5, events])  # no data-parallel rank: older publishers
    records = validate(summarise(decode_batch(payload), node="n1"))
    assert [(r.event, r.attrs.get("count"), r.attrs.get("medium")) for r in records] == [
        ("kv_block_stored", 5, "GPU"), ("kv_block_removed", 2, "GPU"),
        ("kv_all_cleared", None, None), ("kv_block_stored", 1, "GPU"),
        ("kv_block_stored", 4, "CPU")]
    assert "engine" not in records[0].attrs


@pytest.mark.parametrize("payload", [b"\xc1", msgpack.packb({"x": 1}), msgpack.packb([1.0, 5]),
                                     msgpack.packb([1.0, [{"type": "Nope"}]]),
                                     msgpack.packb([1.0, [7]])])
def test_undecodable_payloads_raise(payload: bytes) -> None:
    with pytest.raises(KvDecodeError):
        decode_batch(payload)


def test_buffer_reports_missed_batches_restarts_and_garbage() -> None:
    buf = KvEventBuffer("n1", max_records=3)
    for seq in (7, 8, 11):
        buf.handle([b"kv-events", seq.to_bytes(8, "big"), REAL], received_ns=5)
    buf.handle([b"kv-events", (0).to_bytes(8, "big"), MAP], received_ns=6)
    buf.handle([b"kv-events", (1).to_bytes(8, "big"), b"\xc1"], received_ns=7)
    drained = buf.drain()
    events = [r["event"] for r in drained.records]
    assert events == ["kv_block_stored", "kv_block_stored", "kv_block_stored"]  # bound: 3
    assert drained.problems == ["KV event batches 9..10 missed (2 batches)",
                                "4 KV event records dropped: buffer full",
                                "1 KV event messages could not be decoded"]
    assert buf.drain().records == [] and buf.drain().problems == []


async def test_subscriber_receives_over_zmq_into_vllm_rounds(served: Served) -> None:
    """A real ZMQ publisher on 127.0.0.1 sends vLLM's three frames; the vLLM round carries the
    summarised events, and a skipped sequence number becomes a gap."""
    served.pages["/metrics"] = (200, fixture_text("vllm_metrics_qwen25_0.5b_kops.prom"))
    ctx = zmq.asyncio.Context()
    pub = ctx.socket(zmq.XPUB)  # an XPUB sees the subscription arrive: no sleep needed
    port = pub.bind_to_random_port("tcp://127.0.0.1")
    async with aiohttp.ClientSession() as session:
        source = VllmSource("n1", served.url("/metrics"), session,
                            kv_endpoint=f"tcp://127.0.0.1:{port}")
        await source.start()
        try:
            assert (await asyncio.wait_for(pub.recv(), 30))[:1] == b"\x01"  # subscribed
            for seq, payload in ((0, REAL), (1, MAP), (3, LEGACY)):
                await pub.send_multipart([b"kv-events", seq.to_bytes(8, "big"), payload])
            assert source.kv is not None
            await until(lambda: len(source.kv.buffer) == 7)
            records = validate(await source.collect(100))
        finally:
            await source.close()
            pub.close(linger=0)
            ctx.term()
    kinds = [(r.kind, getattr(r, "event", None)) for r in records]
    assert kinds[0] == ("sample", None)
    assert [e for _, e in kinds[1:]] == ["kv_block_stored", "kv_block_stored", "kv_block_removed",
                                         "kv_all_cleared", "kv_block_stored", "kv_block_removed",
                                         "kv_all_cleared", "source_gap"]
    gap = records[-1]
    assert gap.attrs["reason"] == "KV event batches 2..2 missed (1 batches)"
    assert gap.attrs["target"] == f"tcp://127.0.0.1:{port}"


@pytest.mark.parametrize("payload", [
    msgpack.packb([float("nan"), [{"type": "AllBlocksCleared"}]]),
    msgpack.packb([1e30, [{"type": "AllBlocksCleared"}]]),  # ns beyond int64
    msgpack.packb([1.5, [{"type": {"BlockStored": 1}}]]),  # a map where the tag should be
    msgpack.packb([1.5, [[["BlockStored"], [1]]]]),  # an array where the tag should be
], ids=["nan_ts", "huge_ts", "map_tag", "array_tag"])
def test_malformed_batches_are_counted_not_raised(payload: bytes) -> None:
    with pytest.raises(KvDecodeError):
        decode_batch(payload)
    buffer = KvEventBuffer("n1")
    buffer.handle([b"kv", (1).to_bytes(8, "big"), payload], 5)
    drained = buffer.drain()
    assert drained.records == [] and drained.problems == ["1 KV event messages could not be decoded"]


async def test_subscriber_outlives_a_message_it_cannot_handle() -> None:
    """Whatever one message does to the buffer, the subscription goes on and the loss is
    reported at the next drain."""
    class Brittle(KvEventBuffer):
        def handle(self, frames: list[bytes], received_ns: int) -> None:
            if frames[-1] == b"boom":
                raise RuntimeError("a bug")
            super().handle(frames, received_ns)

    ctx = zmq.asyncio.Context()
    pub = ctx.socket(zmq.XPUB)
    port = pub.bind_to_random_port("tcp://127.0.0.1")
    sub = KvEventSubscriber(f"tcp://127.0.0.1:{port}", Brittle("n1"))
    sub.start()
    try:
        assert (await asyncio.wait_for(pub.recv(), 30))[:1] == b"\x01"
        for seq, payload in ((0, b"boom"), (1, REAL)):
            await pub.send_multipart([b"kv-events", seq.to_bytes(8, "big"), payload])
        await until(lambda: len(sub.buffer) == 1)
    finally:
        await sub.close()
        pub.close(linger=0)
        ctx.term()
    drained = sub.buffer.drain()
    assert [r["event"] for r in drained.records] == ["kv_block_stored"]
    assert drained.problems == ["1 KV event messages could not be decoded"]
