"""Replay every labelled recording at hand and compare the scores with an earlier run.

A detection change is judged on all the recordings there are, not only the one it was made
for: the suite's (``bench/scenario_suite.py``), the benchmarks' and the outsiders'
(``bench/outsider/make_recordings.py``). Each recording is replayed with ``correlator replay
--json --incidents`` as a user would; its summary and incidents go to ``--out``. With
``--compare DIR`` (an earlier ``--out``), every recording whose scores differ is printed,
and how many recordings' incident files differ.

    .venv/bin/python bench/replay_all.py --out out/replays/after --compare out/replays/before

Recordings are found as ``<root>/<name>/events.jsonl.gz`` with ``labels.jsonl`` beside it
(roots: ``--roots``, by default out/bench, out/suite and out/outsider).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

CLI = str(Path(sys.executable).with_name("correlator"))
SCORES = ("incidents_out", "precision", "recall", "cause_accuracy", "false_alarms_per_day",
          "detection_latency_s")


def recordings(roots: list[Path], only: str) -> list[Path]:
    found = [d for root in roots for d in sorted(root.glob("*")) if (d / "events.jsonl.gz").is_file()]
    return [d for d in found if only in d.name]


def replay(d: Path, out: Path) -> tuple[str, dict[str, object] | str]:
    name = f"{d.parent.name}.{d.name}"
    labels = d / "labels.jsonl"
    cmd = [CLI, "replay", str(d / "events.jsonl.gz"), "--json", "--incidents", str(out / f"{name}.inc"),
           "--deadletter", str(out / f"{name}.dead")]
    if labels.is_file():
        cmd[3:3] = ["--labels", str(labels)]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        return name, f"exit {done.returncode}: {done.stderr.strip()[-300:]}"
    summary: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    (out / f"{name}.json").write_text(json.dumps(summary) + "\n")
    return name, summary


def compare(out: Path, before: Path) -> int:
    """Print the recordings whose scores moved; the number of them."""
    moved = files = 0
    for now in sorted(out.glob("*.json")):
        then = before / now.name
        if not then.is_file():
            print(f"{now.stem}: new")
            continue
        a, b = json.loads(then.read_text()), json.loads(now.read_text())
        diff = {k: (a.get(k), b.get(k)) for k in SCORES if a.get(k) != b.get(k)}
        if diff:
            moved += 1
            print(f"{now.stem}: " + ", ".join(f"{k} {x} -> {y}" for k, (x, y) in diff.items()))
        inc_a, inc_b = before / f"{now.stem}.inc", out / f"{now.stem}.inc"
        if inc_a.is_file() and inc_b.is_file() and inc_a.read_bytes() != inc_b.read_bytes():
            files += 1
    print(f"{moved} recordings scored differently; {files} incident files differ")
    return moved


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--compare", type=Path)
    ap.add_argument("--roots", type=Path, nargs="+",
                    default=[Path("out/bench"), Path("out/suite"), Path("out/outsider")])
    ap.add_argument("--only", default="", help="recordings whose name contains this")
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    todo = recordings(args.roots, args.only)
    if not todo:
        print("no recordings found under " + ", ".join(map(str, args.roots)), file=sys.stderr)
        return 2
    failed = 0
    with ThreadPoolExecutor(args.jobs) as pool:
        for name, got in pool.map(lambda d: replay(d, args.out), todo):
            if isinstance(got, str):
                failed += 1
                print(f"{name}: {got}", file=sys.stderr)
    print(f"{len(todo) - failed} of {len(todo)} recordings replayed into {args.out}")
    if args.compare:
        compare(args.out, args.compare)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
