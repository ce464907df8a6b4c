"""Read a ground-truth labels file (contract section 2)."""

from __future__ import annotations

import gzip
import zlib
from pathlib import Path

from pydantic import ValidationError

from correlator.wire.decode import explain
from correlator.wire.labels import FaultLabel


class LabelsError(ValueError):
    """A labels file that cannot be used for scoring; names the file and line."""


def read_labels(path: Path) -> list[FaultLabel]:
    """Every label of a JSON Lines file, gzip-compressed or not (told by its magic bytes)."""
    try:
        text = path.read_bytes()
    except OSError as err:
        raise LabelsError(f"{path}: cannot read labels: {err.strerror}") from None
    if text[:2] == b"\x1f\x8b":
        try:
            text = gzip.decompress(text)
        except (OSError, EOFError, zlib.error) as err:
            raise LabelsError(f"{path}: cannot read labels: not a readable gzip file ({err})") from None
    labels: list[FaultLabel] = []
    seen: set[str] = set()
    for lineno, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            label = FaultLabel.model_validate_json(line)
        except ValidationError as err:
            raise LabelsError(f"{path}:{lineno}: invalid label: {explain(err)}") from None
        if label.fault_id in seen:
            raise LabelsError(f"{path}:{lineno}: fault_id {label.fault_id!r} is not unique")
        seen.add(label.fault_id)
        labels.append(label)
    return labels
