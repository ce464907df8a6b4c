"""Running a worker: create the topics, build the Faust app, run it until SIGTERM/SIGINT."""

from __future__ import annotations

import asyncio
import gc
import logging
import sys

import faust

from correlator.config.model import RuleSet
from correlator.gctune import bulk_phase
from correlator.stream.app import build_app
from correlator.stream.settings import WorkerConfig
from correlator.stream.topics import StreamTopics, await_group_coordinator, ensure_stream_topics

LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "warn": logging.WARNING,
          "error": logging.ERROR, "crit": logging.CRITICAL}


def run_worker(cfg: WorkerConfig, rules: RuleSet) -> int:
    """Blocks until the worker is stopped; returns its exit status."""
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    loop.run_until_complete(ensure_stream_topics(cfg.bootstrap, cfg.prefix, cfg.partitions))
    loop.run_until_complete(await_group_coordinator(cfg.bootstrap, StreamTopics(cfg.prefix).app_id))
    app = build_app(cfg, rules)
    worker = faust.Worker(app, loop=loop, loglevel=LEVELS.get(cfg.log_level, logging.WARNING),
                          quiet=True, redirect_stdouts=False)
    if not sys.stdout.isatty():  # Faust's start-up spinner writes cursor codes into log files
        worker.spinner = None
    with bulk_phase():  # node state lives for the whole run: walk it for cycles less often
        gc.freeze()  # modules, schemas, the app: alive until exit, never walked again
        try:
            worker.execute_from_commandline()
        except SystemExit as done:
            return int(done.code or 0)
    return 0

