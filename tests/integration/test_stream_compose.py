"""docker-compose.yml and the image (no Docker engine here): the stack's structure, and every
service's command parsed by the real command-line parsers."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest
import yaml

from agents.cli import parser as agent_parser
from correlator.cli import COMMANDS, build_parser
from correlator.pager.config import load_pagers

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
SERVICES: dict[str, dict[str, Any]] = COMPOSE["services"]


def command(name: str) -> list[str]:
    cmd = SERVICES[name]["command"]
    return shlex.split(cmd) if isinstance(cmd, str) else [str(c) for c in cmd]


def interpolate(value: str) -> str:
    """Compose's ``${VAR:-default}`` with nothing set: the default."""
    return re.sub(r"\$\{\w+:-([^}]*)\}", r"\1", value)


def test_the_stack_has_every_part_the_issue_names() -> None:
    assert {"kafka", "topics", "worker", "ingest", "pager", "agent"} <= set(SERVICES)
    assert re.fullmatch(r"apache/kafka:4\.\d+\.\d+", interpolate(SERVICES["kafka"]["image"]))
    env = SERVICES["kafka"]["environment"]
    assert env["KAFKA_PROCESS_ROLES"] == "broker,controller"
    assert env["KAFKA_AUTO_CREATE_TOPICS_ENABLE"] == "false"
    assert int(env["KAFKA_MESSAGE_MAX_BYTES"]) >= 16 * 1024 * 1024
    assert SERVICES["worker"]["deploy"]["replicas"] == 2


@pytest.mark.parametrize("name", sorted(n for n in SERVICES if "command" in SERVICES[n]))
def test_each_command_parses_with_the_real_cli(name: str) -> None:
    argv = command(name)
    if argv[0] == "gpu-agent":
        agent_parser().parse_args(argv[1:])
        return
    assert argv[0] == "correlator"
    assert argv[1] in COMMANDS
    args = build_parser().parse_args(argv[1:])
    assert callable(args.func)


def test_workers_and_the_topics_agree_on_the_partitions() -> None:
    def partitions(name: str) -> str:
        argv = command(name)
        return argv[argv.index("--partitions") + 1]

    assert partitions("topics") == partitions("worker")


def test_services_wait_for_what_they_need() -> None:
    for name, svc in SERVICES.items():
        for dep in svc.get("depends_on", {}):
            assert dep in SERVICES, (name, dep)
    assert SERVICES["topics"]["depends_on"]["kafka"]["condition"] == "service_healthy"
    assert SERVICES["worker"]["depends_on"]["topics"]["condition"] == "service_completed_successfully"


def test_the_image_copies_what_exists_and_the_pager_config_is_valid() -> None:
    build = SERVICES["worker"]["build"]
    dockerfile = ROOT / build["context"] / build["dockerfile"]
    for line in dockerfile.read_text().splitlines():
        m = re.match(r"COPY\s+(.+)\s+(\S+)$", line)
        if m:
            for src in m.group(1).split():
                assert (ROOT / src).exists(), src
    assert "COPY docker/pagers.yaml /etc/correlator/pagers.yaml" in dockerfile.read_text()
    argv = command("pager")
    assert argv[argv.index("--config") + 1] == "/etc/correlator/pagers.yaml"
    env = {"PAGER_WEBHOOK_URL": interpolate(SERVICES["pager"]["environment"]["PAGER_WEBHOOK_URL"])}
    cfg = load_pagers(ROOT / "docker" / "pagers.yaml", env)
    assert [r.name for r in cfg.receivers] == ["webhook"]


def test_the_simulated_agents_fault_comes_within_minutes() -> None:
    """At real time a fault drawn between 15 % and 50 % of the agent's simulated day would
    come hours after `docker compose up`: the stack names its start."""
    from agents.simulate import live_config
    from correlator.sim import Simulation

    args = agent_parser().parse_args(command("agent")[1:])
    config = live_config(nodes=args.sim_nodes, gpus=args.sim_gpus, minutes=args.sim_minutes,
                         seed=args.sim_seed, faults=args.sim_faults, benign=args.sim_benign,
                         preroll_s=args.sim_preroll)
    faults = [i for i in Simulation(config).injections if not i.benign]
    assert [f.cause for f in faults] == ["spec_residue"]
    assert faults[0].start_s <= 5 * 60
