"""The on-disk spool: order, persistence across restarts, torn writes, and its bound."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from agents.spool import Spool, SpoolError


def fill(spool: Spool, start: int, count: int, size: int = 200) -> None:
    for i in range(start, start + count):
        spool.append("telemetry.host", b"node-a", f"{i:06d}".encode() + b"x" * size, records=3)


def values(spool: Spool, limit: int = 10_000) -> list[int]:
    return [int(e.value[:6]) for e in spool.peek(limit)]


def test_fifo_peek_does_not_remove_and_ack_does(tmp_path: Path) -> None:
    spool = Spool(tmp_path, max_bytes=1 << 20, segment_bytes=4096)
    fill(spool, 0, 100)  # about 6 segments
    assert spool.pending() == (100, 300)
    first = spool.peek(10)
    assert [int(e.value[:6]) for e in first] == list(range(10))
    assert (first[0].topic, first[0].key, first[0].records) == ("telemetry.host", b"node-a", 3)
    assert values(spool, 10) == list(range(10))  # peeking again gives the same
    spool.ack(first)
    assert values(spool, 5) == list(range(10, 15)) and spool.pending() == (90, 270)
    while not spool.empty():
        spool.ack(spool.peek(7))
    assert spool.pending() == (0, 0)
    assert len(list(tmp_path.glob("*.seg"))) == 1  # finished segments are removed


def test_ack_must_follow_the_head(tmp_path: Path) -> None:
    spool = Spool(tmp_path, max_bytes=1 << 20, segment_bytes=4096)
    fill(spool, 0, 3)
    with pytest.raises(ValueError, match="out of order"):
        spool.ack(spool.peek(3)[1:])


def test_survives_a_restart_at_its_head(tmp_path: Path) -> None:
    spool = Spool(tmp_path, max_bytes=1 << 20, segment_bytes=4096)
    fill(spool, 0, 50)
    spool.ack(spool.peek(20))
    spool.close()
    again = Spool(tmp_path, max_bytes=1 << 20, segment_bytes=4096)
    assert values(again) == list(range(20, 50))
    fill(again, 50, 5)
    assert values(again)[-6:] == [49, 50, 51, 52, 53, 54]


def test_a_torn_last_frame_is_cut_off(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    spool = Spool(tmp_path, max_bytes=1 << 20, segment_bytes=64 << 10)
    fill(spool, 0, 10)
    spool.close()
    [segment] = tmp_path.glob("*.seg")
    with segment.open("ab") as fh:
        fh.write(b"\xa5\x00\x00\x01\x00\x12\x34")  # a crash in the middle of a frame
    with caplog.at_level(logging.WARNING):
        again = Spool(tmp_path, max_bytes=1 << 20, segment_bytes=64 << 10)
    assert values(again) == list(range(10))
    assert "torn frame" in caplog.text
    fill(again, 10, 1)
    assert values(again)[-1] == 10


def test_overflow_drops_oldest_segments_and_counts_them(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    spool = Spool(tmp_path, max_bytes=16384, segment_bytes=4096)
    per_segment = 4096 // (len(b"x" * 200) + 6 + 9 + 8 + 14 + 6)  # frames per segment
    with caplog.at_level(logging.WARNING):
        fill(spool, 0, 200)
    kept = values(spool)
    assert spool.bytes_on_disk <= 16384
    assert kept == list(range(kept[0], 200))  # newest kept, contiguous, in order
    assert spool.dropped_messages == kept[0] and spool.dropped_records == 3 * kept[0]
    assert spool.dropped_messages >= 200 - 4 * per_segment
    assert "spool full" in caplog.text and "dropped" in caplog.text


def test_overflow_while_the_head_is_half_acknowledged(tmp_path: Path) -> None:
    spool = Spool(tmp_path, max_bytes=16384, segment_bytes=4096)
    fill(spool, 0, 10)
    spool.ack(spool.peek(4))  # head in the middle of the first segment
    fill(spool, 10, 100)
    kept = values(spool)
    assert kept == list(range(kept[0], 110))
    # only unacknowledged messages count as dropped: 0-3 had been delivered
    assert spool.dropped_messages == kept[0] - 4


def test_refuses_what_can_never_fit(tmp_path: Path) -> None:
    spool = Spool(tmp_path, max_bytes=16384, segment_bytes=4096)
    with pytest.raises(SpoolError, match="exceeds"):
        spool.append("t", b"k", b"x" * 5000, 1)
    with pytest.raises(ValueError, match="two segments"):
        Spool(tmp_path / "other", max_bytes=4096, segment_bytes=4096)
