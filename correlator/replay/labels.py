"""Read a ground-truth labels file (contract section 2)."""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from correlator.wire.decode import explain
from correlator.wire.labels import FaultLabel


class LabelsError(ValueError):
    """A labels file that cannot be used for scoring; names the file and line."""


def read_labels(path: Path) -> list[FaultLabel]:
    try:
        text = path.read_bytes()
    except OSError as err:
        raise LabelsError(f"{path}: cannot read labels: {err.strerror}") from None
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
