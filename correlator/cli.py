"""The ``correlator`` command: one sub-command per module in :mod:`correlator.commands`.

Each command module exposes ``register(subparsers)``, which adds its parser and sets
``func`` (taking the parsed namespace, returning an exit status).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
from collections.abc import Sequence

COMMANDS = (
    "demo",
    "simulate",
    "replay",
    "rules",
    "kafka",
    "worker",
    "tail",
    "ingest",
    "pager",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="correlator",
        description="Alert correlation for LLM-inference GPU clusters.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMANDS:
        module_name = f"correlator.commands.{name}"
        if importlib.util.find_spec(module_name) is None:
            continue  # a command whose module is not installed in this build
        importlib.import_module(module_name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.func(args)
    except KeyboardInterrupt:
        return 130
    return status


if __name__ == "__main__":
    sys.exit(main())
