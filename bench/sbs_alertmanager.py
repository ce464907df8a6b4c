"""Prometheus Alertmanager for the side-by-side: install, configure, run, push alerts to it.

The configuration is Debian's shipped ``/etc/prometheus/alertmanager.yml`` as far as grouping
goes: its root route's ``group_by``, ``group_wait``, ``group_interval`` and ``repeat_interval``
and its inhibit rules, read from the file when it is there. Its receivers (e-mail and
PagerDuty with placeholder keys) are replaced by one receiver that sends to the bench's
PagerDuty-like receiver (``pagerduty_configs`` with ``url``) and to a recording webhook. The
child routes only match a ``service`` label the alert storm does not carry, so every alert
takes the root route. Durations are divided by the speed factor, so that in event time the
grouping is exactly the shipped one.
"""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import yaml

BINARY = "prometheus-alertmanager"
SHIPPED = Path("/etc/prometheus/alertmanager.yml")
# Upstream's defaults, used when the Debian file is missing (the route's group_by defaults to
# no label at all upstream: one group for everything).
UPSTREAM = {"group_by": [], "group_wait": "30s", "group_interval": "5m", "repeat_interval": "4h"}
_UNITS = {"ms": 0.001, "s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0, "w": 604800.0}


def ensure_installed(log: Any) -> str:
    """The binary's path; installs Debian's package first when it is missing."""
    found = shutil.which(BINARY)
    if found:
        return found
    log(f"{BINARY} is not installed: apt-get update && apt-get install -y prometheus-alertmanager")
    subprocess.run(["apt-get", "update"], check=True, stdout=subprocess.DEVNULL)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "install", "-y", "prometheus-alertmanager"], check=True,
                   stdout=subprocess.DEVNULL, env=env)
    found = shutil.which(BINARY)
    if not found:
        raise RuntimeError(f"{BINARY} still not found after installing the package")
    return found


def version(binary: str) -> str:
    out = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout + \
        subprocess.run([binary, "--version"], capture_output=True, text=True).stderr
    m = re.search(r"version (\S+)", out)
    return m.group(1) if m else "unknown"


def seconds(d: str) -> float:
    total = 0.0
    for value, unit in re.findall(r"(\d+(?:\.\d+)?)(ms|s|m|h|d|w)", d):
        total += float(value) * _UNITS[unit]
    return total


def duration(s: float) -> str:
    return f"{max(1, round(s * 1000))}ms"


@dataclass(frozen=True)
class Grouping:
    source: str
    group_by: list[str]
    group_wait: str
    group_interval: str
    repeat_interval: str
    inhibit_rules: list[dict[str, Any]]

    def describe(self) -> str:
        return (f"group_by {self.group_by}, group_wait {self.group_wait}, group_interval "
                f"{self.group_interval}, repeat_interval {self.repeat_interval}, "
                f"{len(self.inhibit_rules)} inhibit rule(s) ({self.source})")


def shipped_grouping(path: Path = SHIPPED) -> Grouping:
    if not path.exists():
        return Grouping("upstream defaults", **UPSTREAM, inhibit_rules=[])  # type: ignore[arg-type]
    doc = yaml.safe_load(path.read_text())
    route = doc.get("route", {})
    return Grouping(str(path), list(route.get("group_by", [])), route.get("group_wait", "30s"),
                    route.get("group_interval", "5m"), route.get("repeat_interval", "4h"),
                    list(doc.get("inhibit_rules") or []))


def config(g: Grouping, speed: float, pagerduty_url: str, webhook_url: str) -> dict[str, Any]:
    return {
        "route": {
            "receiver": "bench",
            "group_by": g.group_by,
            "group_wait": duration(seconds(g.group_wait) / speed),
            "group_interval": duration(seconds(g.group_interval) / speed),
            "repeat_interval": duration(seconds(g.repeat_interval) / speed),
        },
        "inhibit_rules": g.inhibit_rules,
        "receivers": [{
            "name": "bench",
            "pagerduty_configs": [{"routing_key": "a" * 32, "url": pagerduty_url,
                                   "send_resolved": True}],
            "webhook_configs": [{"url": webhook_url, "send_resolved": True}],
        }],
    }


class Alertmanager:
    def __init__(self, binary: str, cfg: dict[str, Any], port: int) -> None:
        self.binary = binary
        self.cfg = cfg
        self.port = port
        self.dir = Path(tempfile.mkdtemp(prefix="sbs-alertmanager-"))
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    async def start(self, timeout_s: float = 60.0) -> None:
        cfg_file = self.dir / "alertmanager.yml"
        cfg_file.write_text(yaml.safe_dump(self.cfg, sort_keys=False))
        log = (self.dir / "alertmanager.log").open("wb")
        self.proc = subprocess.Popen(
            [self.binary, f"--config.file={cfg_file}", f"--storage.path={self.dir / 'data'}",
             f"--web.listen-address=127.0.0.1:{self.port}", "--cluster.listen-address=",
             "--log.level=info"], stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + timeout_s
        async with aiohttp.ClientSession() as s:
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"alertmanager exited: {self.log_tail()}")
                try:
                    async with s.get(self.url + "/-/ready") as r:
                        if r.status == 200:
                            return
                except aiohttp.ClientError:
                    pass
                await asyncio.sleep(0.1)
        raise RuntimeError(f"alertmanager not ready in {timeout_s:g} s: {self.log_tail()}")

    def log_tail(self, lines: int = 10) -> str:
        path = self.dir / "alertmanager.log"
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:]) if path.exists() else ""

    async def push(self, session: aiohttp.ClientSession, alerts: list[dict[str, Any]]) -> None:
        async with session.post(self.url + "/api/v2/alerts", json=alerts) as r:
            if r.status != 200:
                raise RuntimeError(f"alertmanager answered {r.status}: {await r.text()}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        shutil.rmtree(self.dir, ignore_errors=True)
