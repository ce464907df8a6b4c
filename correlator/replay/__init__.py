"""Replay recorded telemetry through the engine and score it against labels (section 4)."""
