#!/usr/bin/env bash
# GPU check for the node agent (issue 4), for a machine with an NVIDIA GPU.
#
# A child process grows GPU memory in small steps (PyTorch if installed, else the CUDA driver
# API), holds it, then frees it; meanwhile the agent's NVML collector samples the real GPU, every
# record goes through the embedded correlation engine, and the samples, Level-1 actions and
# incidents are printed as they come. Takes about 4.5 minutes with the defaults.
#
#   scripts/gpu-check.sh [--gpu N] [--out DIR] [--rate PCT_PER_MIN] [--ramp S] [--interval S]
#
# Exit status: 0 OK; 1 the NVML samples did not track the allocations; 2 no usable GPU or a
# missing Python package; 3 the samples were right but the engine raised no incident.
# With --out DIR, records.jsonl, incidents.jsonl and summary.json are written there.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ -x .venv/bin/python ]]; then
  PY=.venv/bin/python
else
  PY=${PYTHON:-python3}
fi

missing=$("$PY" - <<'PYEOF'
import importlib.util
need = ["pynvml", "pydantic", "orjson", "numpy", "river", "yaml", "msgpack"]
print(" ".join(n for n in need if importlib.util.find_spec(n) is None))
PYEOF
)
if [[ -n "$missing" ]]; then
  echo "gpu-check: $PY lacks these packages: $missing (run 'make test' once, or pip install -e .)" >&2
  exit 2
fi

if command -v nvidia-smi >/dev/null 2>&1; then
  nvidia-smi --query-gpu=index,name,driver_version,memory.total,memory.used --format=csv || true
fi
exec "$PY" -m agents.gpu_check "$@"
