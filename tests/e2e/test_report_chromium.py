"""``correlator replay --report`` rendered in headless Chromium (Debian's ``chromium``): the
screenshot of the page must show the report, not a blank or broken page.

.ci/run installs Chromium (``apt-get install -y chromium``); without it the test is skipped.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

PIL = pytest.importorskip("PIL.Image")
CLI = str(Path(sys.executable).with_name("correlator"))
WIDTH, HEIGHT = 1280, 3200
KEEP = os.environ.get("REPORT_SCREENSHOT")
"""Where to keep a copy of the screenshot (to look at it), if set."""


def chromium() -> str:
    for name in ("chromium", "chromium-browser"):
        path = shutil.which(name)
        if path:
            return path
    pytest.skip("Debian's chromium is not installed (.ci/run installs it)")


def screenshot(browser: str, page: Path, out: Path, profile: Path) -> None:
    done = subprocess.run(
        [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={profile}", "--hide-scrollbars", f"--window-size={WIDTH},{HEIGHT}",
         f"--screenshot={out}", page.as_uri()],
        capture_output=True, text=True, timeout=180)
    assert done.returncode == 0 and out.exists(), done.stderr[-2000:]


def test_the_report_renders_in_headless_chromium(tmp_path: Path) -> None:
    browser = chromium()
    rec = tmp_path / "rec"
    sim = subprocess.run([CLI, "simulate", "--out", str(rec), "--nodes", "3", "--minutes", "20",
                          "--seed", "7", "--faults", "spec_residue@gpu-node-02:6",
                          "--benign", "retry_burst@gpu-node-03:8", "--preroll", "300"],
                         capture_output=True, text=True, timeout=600)
    assert sim.returncode == 0, sim.stderr
    page = tmp_path / "report.html"
    replay = subprocess.run([CLI, "replay", str(rec), "--labels", str(rec / "labels.jsonl"),
                             "--report", str(page), "--json"], capture_output=True, text=True, timeout=600)
    assert replay.returncode == 0, replay.stderr
    assert "report written to" in replay.stderr
    html = page.read_text()
    assert html.count('class="node-plot"') == 2 and 'id="node-gpu-node-02"' in html

    shot = tmp_path / "report.png"
    screenshot(browser, page, shot, tmp_path / "profile")
    img = PIL.open(shot).convert("RGB")
    assert img.size == (WIDTH, HEIGHT)
    px = np.asarray(img, dtype=np.int16)
    ink = float((px.min(axis=2) < 200).mean())
    colours = len(np.unique(px[::4, ::4].reshape(-1, 3), axis=0))
    assert ink > 0.01, f"the screenshot is nearly blank ({ink:.1%} of it drawn)"
    assert colours > 200, f"only {colours} colours: no plots rendered"
    # the title's dark text in the top-left corner, where the page starts
    assert (px[:60, :400].max(axis=2) < 80).any()
    # the plots are coloured (cause colours, curves), not grey placeholders for broken images
    saturated = (px.max(axis=2) - px.min(axis=2)) > 60
    assert int(saturated.sum()) > 5_000
    if KEEP:
        shutil.copy(shot, KEEP)
