"""The ground-truth labels file: plain or gzip-compressed JSON Lines, errors naming file and line."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from correlator.replay.labels import LabelsError, read_labels

LINES = (b'{"fault_id":"f1","node":"gpu-node-01","gpu":null,"cause":"session_isolation",'
         b'"detail":null,"start_ns":1,"end_ns":2}\n'
         b'{"fault_id":"b1","node":"gpu-node-02","gpu":null,"cause":"benign",'
         b'"detail":"retry_burst","start_ns":1,"end_ns":2}\n')


def test_a_compressed_labels_file_reads_as_the_plain_one(tmp_path: Path) -> None:
    plain, packed = tmp_path / "labels.jsonl", tmp_path / "labels.jsonl.gz"
    plain.write_bytes(LINES)
    packed.write_bytes(gzip.compress(LINES))
    assert read_labels(packed) == read_labels(plain)
    assert [label.fault_id for label in read_labels(packed)] == ["f1", "b1"]


def test_a_broken_compressed_labels_file_is_named(tmp_path: Path) -> None:
    cut = tmp_path / "labels.jsonl.gz"
    cut.write_bytes(gzip.compress(LINES)[:30])
    with pytest.raises(LabelsError, match=r"labels.jsonl.gz: cannot read labels: not a readable gzip"):
        read_labels(cut)


def test_an_invalid_line_of_a_compressed_file_is_named_by_its_line(tmp_path: Path) -> None:
    bad = tmp_path / "labels.jsonl.gz"
    bad.write_bytes(gzip.compress(LINES + b'{"fault_id":"f2"}\n'))
    with pytest.raises(LabelsError, match=r"labels.jsonl.gz:3: invalid label"):
        read_labels(bad)
