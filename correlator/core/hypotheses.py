"""Root-cause hypotheses scored from a node's features.

Each hypothesis returns a strength in [0, 1] from its mechanism's signature, with the
evidence that produced it; priors from ``rules/`` weigh the strengths into the published
``hypotheses`` and the winner. Strengths are soft (:func:`ramp`) so that a signal just over a
threshold is weak evidence, not a page.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from correlator.config.model import MINUTES_KEPT, CrashLoop, RuleSet
from correlator.config.model import SessionIsolation as SessionIsolationCfg
from correlator.core import benign
from correlator.core.benign import Explanation
from correlator.core.blocks import BLOCK_MINUTES
from correlator.core.features import GpuView, KvView, Level, NodeFeatures, growing_host, large_documents
from correlator.core.metrics import KV_USAGE
from correlator.core.series import NAN, ramp
from correlator.core.trends import Monotone
from correlator.wire.incidents import Evidence

SESSION_ISOLATION = "session_isolation"
SPEC_RESIDUE = "spec_residue"
MONITORING_GAP = "monitoring_gap"
MEMORY_LEAK = "memory_leak"
GPU_FAILURE = "gpu_failure"
GPU_THROTTLED = "gpu_throttled"
ENGINE_STALLED = "engine_stalled"
ENGINE_SLOWED = "engine_slowed"
CRASH_LOOP = "crash_loop"
SERVER_LOST = "server_lost"
RUNAWAY_GENERATION = "runaway_generation"
SPEC_ACCEPTANCE_COLLAPSE = "spec_acceptance_collapse"
KV_POOL_SHRUNK = "kv_pool_shrunk"
KV_TRANSFER_LEAK = "kv_transfer_leak"
NVLINK_DEGRADED = "nvlink_degraded"
CONCURRENCY_CAPPED = "concurrency_capped"
UPSTREAM_ERRORS = "upstream_errors"
OUTPUT_CAPPED = "output_capped"
CONTEXT_CAPPED = "context_capped"
API_SERVER_ERRORS = "api_server_errors"
NODE_UNREACHABLE = "node_unreachable"
GPUS_UNAVAILABLE = "gpus_unavailable"
NODE_NOT_READY = "node_not_ready"
UNEXPLAINED_ALERTS = "unexplained_alerts"

CLEAN_STEP_SHARE = 0.5
"""A KV rise that gains this share of itself within half a minute is steps, not a leak's climb."""
EXPLAINED_FACTOR = 0.2
"""What is left of a KV growth that a benign explanation accounts for."""
# Causes outside the three named hypotheses: their prior, relative to those three.
OTHER_PRIORS = {MEMORY_LEAK: 0.15, GPU_FAILURE: 1.0, GPU_THROTTLED: 1.0, ENGINE_STALLED: 1.0,
                ENGINE_SLOWED: 1.0, CRASH_LOOP: 1.0, SERVER_LOST: 1.0, RUNAWAY_GENERATION: 1.0,
                SPEC_ACCEPTANCE_COLLAPSE: 1.0,
                KV_POOL_SHRUNK: 1.0, KV_TRANSFER_LEAK: 1.0, NVLINK_DEGRADED: 1.0, CONCURRENCY_CAPPED: 1.0,
                UPSTREAM_ERRORS: 1.0, OUTPUT_CAPPED: 1.0,
                CONTEXT_CAPPED: 1.0, API_SERVER_ERRORS: 1.0, NODE_UNREACHABLE: 1.0,
                GPUS_UNAVAILABLE: 1.0, NODE_NOT_READY: 1.0, UNEXPLAINED_ALERTS: 0.1}


@dataclass(slots=True)
class Score:
    """One hypothesis's strength at one tick, with its onset estimate and evidence."""

    strength: float = 0.0
    onset_ns: int = 0
    evidence: list[Evidence] = field(default_factory=list)
    critical: bool = False


@dataclass(frozen=True, slots=True)
class AlertPicture:
    """What the node's alerts say, for hypotheses that take symptoms from alerts."""

    distinct: int
    critical: int
    first_ns: int


def score_all(
    f: NodeFeatures,
    rules: RuleSet,
    alerts: AlertPicture,
    expl: list[Explanation],
    anomaly: dict[str, float],
) -> dict[str, Score]:
    prefill = prefill_only(f, rules)
    kv_leak = session_isolation(f, rules, expl, anomaly, short_paths=not prefill)
    scores = {
        SESSION_ISOLATION: Score() if prefill else kv_leak,
        KV_TRANSFER_LEAK: transfer_leak(kv_leak, f) if prefill else Score(),
        SPEC_RESIDUE: spec_residue(f, rules, expl),
        MEMORY_LEAK: memory_leak(f, rules, expl),
        GPU_FAILURE: gpu_failure(f),
        GPU_THROTTLED: gpu_throttled(f),
        NVLINK_DEGRADED: nvlink_degraded(f),
        ENGINE_STALLED: engine_stalled(f, rules),
        ENGINE_SLOWED: engine_slowed(f, rules, expl),
        CONCURRENCY_CAPPED: concurrency_capped(f, rules),
        UPSTREAM_ERRORS: upstream_errors(f, rules),
        OUTPUT_CAPPED: output_capped(f),
        CONTEXT_CAPPED: context_capped(f),
        API_SERVER_ERRORS: api_server_errors(f, rules),
        CRASH_LOOP: crash_loop(f, rules),
        SERVER_LOST: server_lost(f),
        RUNAWAY_GENERATION: runaway_generation(f, rules, expl),
        SPEC_ACCEPTANCE_COLLAPSE: spec_acceptance_collapse(f, rules),
        KV_POOL_SHRUNK: kv_pool_shrunk(f),
        NODE_UNREACHABLE: node_unreachable(f, rules.benign.idle_node_fb_pct),
        GPUS_UNAVAILABLE: gpus_unavailable(f),
        NODE_NOT_READY: Score(),  # named by the cluster's alerts (alert_causes.not_ready)
    }
    if f.rates.spec_absent:
        # No draft model on the node, so no draft state: the residue is kept (weak) only as
        # the competing reading of the rise; a rise memory_leak finds steady and unslowing
        # takes its share of it (outsider s209: a server's own leak beside ordinary aborts).
        residue = scores[SPEC_RESIDUE]
        residue.strength *= 1.0 - scores[MEMORY_LEAK].strength
    scores[MONITORING_GAP] = monitoring_gap(f, rules, alerts, scores, expl)
    return scores


def prefill_only(f: NodeFeatures, rules: RuleSet) -> bool:
    """Whether the node's requests generate next to nothing, now and usually: the prefill
    servers of a disaggregated deployment (outsider s148)."""
    limit = rules.hypotheses.session_isolation.prefill_tokens_per_request
    r = f.rates  # (an unknown rate, NaN, compares false)
    return r.generated_per_request <= limit and r.usual_generated_per_request <= limit


def transfer_leak(kv_leak: Score, f: NodeFeatures) -> Score:
    """KV blocks a prefill server never frees: those it computed for decode servers that
    pulled them (or never will), held by its KV connector. Judged as a session isolation
    defect is (blocks nobody releases, the load not explaining them), on a server that holds
    no conversation between turns."""
    if kv_leak.strength <= 0:
        return kv_leak
    ev = Evidence(signal="prefill_only_server", value=round(f.rates.generated_per_request, 2),
                  detail="tokens generated per request: the prefill side of a disaggregated "
                         "deployment, whose blocks go to decode servers; blocks it never frees "
                         "are its KV connector's")
    return Score(kv_leak.strength, kv_leak.onset_ns, [kv_leak.evidence[0], ev, *kv_leak.evidence[1:]],
                 kv_leak.critical)


def priors(rules: RuleSet) -> dict[str, float]:
    h = rules.hypotheses
    base = {
        SESSION_ISOLATION: h.session_isolation.prior,
        SPEC_RESIDUE: h.spec_residue.prior,
        MONITORING_GAP: h.monitoring_gap.prior,
    }
    top = max(base.values())
    return base | {k: v * top for k, v in OTHER_PRIORS.items()}


def weighted(scores: dict[str, Score], prior: dict[str, float]) -> dict[str, float]:
    """Each cause's strength times its prior (0.1 for a cause without one)."""
    return {c: prior.get(c, 0.1) * s.strength for c, s in scores.items()}


def weigh(scores: dict[str, Score], prior: dict[str, float]) -> tuple[str, float, dict[str, float]]:
    """(winner, confidence, per-cause share of the prior-weighted evidence)."""
    w = weighted(scores, prior)
    total = sum(w.values())
    if total <= 0:
        return "", 0.0, {c: 0.0 for c in scores}
    winner = max(w, key=lambda c: w[c])
    shares = {c: round(v / total, 4) for c, v in w.items()}
    return winner, confidence(scores[winner], shares[winner]), shares


def confidence(score: Score, share: float) -> float:
    """How sure a cause is: its own strength, discounted by the share of the evidence that
    other causes could claim."""
    return round(min(1.0, score.strength * (0.5 + 0.5 * share)), 4)


# -- the named hypotheses -----------------------------------------------------------------
def session_isolation(
    f: NodeFeatures, rules: RuleSet, expl: list[Explanation], anomaly: dict[str, float],
    short_paths: bool = True,
) -> Score:
    """KV blocks that are never released: the pool fills minute after minute while the load
    does not explain it, or it stays full with almost nothing running.

    Without ``short_paths`` (a prefill server's pool, :func:`transfer_leak`), only the paths
    judged over many minutes count. A prefill server's pool, near empty, rises within a minute
    or two and levels off whenever a decode server stops pulling its blocks (one restarting):
    held for the connector's timeout, then freed (outsider s148); its leak climbs for good, in
    nearly every minute pair, where a step and its plateau rise in some three quarters."""
    kv = f.kv
    cfg = rules.hypotheses.session_isolation
    if kv is None or kv.level.now != kv.level.now:
        return Score()
    t = kv.level.trend
    g = cfg.min_growth_pct_per_min
    explained = 0.0
    run = kv.running
    if run.known and run.slope == run.slope and kv.running_median > 0:
        explained = max(0.0, kv.level.now * run.slope / max(kv.running_median, 1.0))
    unexplained = (t.slope if t.slope == t.slope else 0.0) - explained
    level_ok = ramp(kv.level.now, 0.5 * cfg.min_kv_pct, cfg.min_kv_pct)
    # The pool itself must be filling up, not only the ratio to a falling demand.
    growing = ramp(unexplained, 0.5 * g, 1.5 * g) * level_ok * ramp(t.tau, 0.3, 0.5)
    slow = growing * _demand_rise(kv.per_demand, cfg.trend_minutes, cfg.min_tau, cfg.min_relative_rise)
    fast = growing * _demand_rise(kv.per_demand_fast, cfg.fast_minutes, cfg.fast_tau, cfg.fast_relative_rise)
    fast *= ramp(kv.rebuild_ratio, 0.75 * cfg.rebuild_rise, cfg.rebuild_rise)
    if not short_paths:
        fast = 0.0
    # Long: a slow leak over more minutes than the tick history holds, judged on KV per unit of
    # demand (load normalised out), while the pool itself rises; capped by ``long_weight``.
    # The window must lie after the cache refilled from any engine start (a refill is a rise).
    settled = min(f.since_start_s, f.since_resume_s, kv.since_restart_s) >= (
        rules.benign.kv_refill_s + 60 * cfg.long_minutes)
    # A pool that filled up cannot go on rising in most minute pairs: there its rise over the
    # window stands in for the share of rising pairs.
    full_now = ramp(kv.level.now, 0.9 * cfg.saturated_kv_pct, cfg.saturated_kv_pct) * ramp(
        kv.level_long.rise, 0.5 * cfg.long_saturated_rise_pct, cfg.long_saturated_rise_pct)
    long = (_demand_rise(kv.per_demand_long, cfg.long_minutes, cfg.long_tau, cfg.long_relative_rise)
            * max(ramp(kv.level_long.tau, 0.5, 0.7), full_now)
            * ramp(kv.level_long.slope, 0.25 * g, 0.5 * g)
            * level_ok * cfg.long_weight) if kv.level_long.n and settled else 0.0
    # Large documents admitted within a path's window explain the growth it judged: their
    # blocks stay held (and their contexts cached) after the latest minutes' requests; so does
    # a conversation that opened with one and goes on (its context held, growing each turn).
    b = rules.benign
    docs = [large_documents(p, share, f.rates, b) or talk for p, share, talk in
            zip(f.rates.prompt_peaks, f.rates.large_prompt_peaks, f.rates.conversations, strict=True)]
    clean = _clean_rise(kv, cfg, g) * level_ok if short_paths else 0.0
    reuse = _reused_ids(kv, f.sessions.restarts, cfg, g) * level_ok if short_paths else 0.0
    settled_s = settled_for(f, kv, rules)
    minutes = max(_damped(clean, docs[0]), _damped(fast, docs[1]), _damped(slow, docs[2]),
                  _damped(long, docs[3]), reuse, _floor_rise(kv, cfg, g, settled_s) * level_ok,
                  _damped(_crowded(kv, f.rates.preemptions, cfg, settled_s), docs[3]),
                  _damped(_full_holding_fewer(kv, cfg, settled_s), docs[3]))
    hour = _damped(_hour_floor(kv, cfg, settled_s), docs[3])
    growth = max(minutes, hour)
    if anomaly.get("kv", 0.0) >= rules.detectors.threshold and growth > 0.3:
        growth = min(1.0, growth + 0.1)
    s = f.sessions
    full = _full_and_idle(kv, cfg.saturated_kv_pct)
    strength = max(growth, full)
    if not short_paths:
        strength *= ramp(t.tau, 0.85, 0.95)
    if (benign.explained(expl, benign.KV) or f.throttled) and full == 0:
        # (a GPU slowed by heat makes every request of its engine run longer: the pool fills)
        strength *= EXPLAINED_FACTOR
    ev = [
        Evidence(signal="kv_cache_growth_pct_per_min", value=round(t.slope, 3) if t.known else None,
                 detail=f"engine {kv.engine}: KV usage {kv.level.now:.1f} %, rising in "
                        f"{100 * max(t.tau, 0):.0f} % of minute pairs"),
        Evidence(signal="running_requests", value=round(kv.running_now, 1),
                 detail=f"waiting {kv.waiting_now:.0f}; load explains {explained:.2f} pp/min"),
    ]
    if kv.acceleration == kv.acceleration:
        ev.append(Evidence(signal="kv_cache_growth_acceleration_pct_per_min2",
                           value=round(kv.acceleration, 3),
                           detail="growth of the growth rate over the KV trend window's "
                                  "minute means"))
    if hour > 0:  # (first where it is what found the leak: the minute trends show no rise)
        h = kv.hour
        ev.insert(0 if hour > minutes else len(ev), Evidence(
            signal="kv_floor_rise_over_hour_pct", value=round(h.rise, 1),
            detail=f"floor of the pool up {h.rise:.1f} points over {cfg.hour_blocks} blocks of "
                   f"{BLOCK_MINUTES} min; demand x{h.demand:.2f}, running x{h.running:.2f}, "
                   f"prefix-cache hit share x{h.hits:.2f}"))
    if kv.rebuild_ratio == kv.rebuild_ratio:
        ev.append(Evidence(signal="block_rebuild_rate_change", value=round(kv.rebuild_ratio, 2),
                           detail="prefix-cache misses, last 5 min against the 15 before"))
    if s.hot:
        ev.append(Evidence(signal="reused_session_ids", value=s.hot,
                           detail=f"tenant {s.hot_tenant}: {s.hot} ids with more turns than any "
                                  "conversation takes"))
    if s.restarts:
        ev.append(Evidence(signal="conversations_restarted_under_old_session_ids", value=s.restarts,
                           detail=f"tenant {s.restart_tenant}: new conversations under session ids "
                                  f"already in use, last {cfg.restart_window_s:.0f} s"))
    if s.collisions:
        ev.append(Evidence(signal="session_id_shared_across_tenants", value=s.collisions, detail=""))
    if f.rates.rebuild_rate == f.rates.rebuild_rate:
        ev.append(Evidence(signal="block_rebuild_rate", value=round(f.rates.rebuild_rate, 3),
                           detail="evicted / stored KV blocks"))
    critical = kv.level.now >= cfg.saturated_kv_pct or unexplained > 8.0
    return Score(strength, kv.level.onset_ns, ev, critical=critical)


def _damped(strength: float, explained: bool) -> float:
    return strength * EXPLAINED_FACTOR if explained else strength


def _clean_rise(kv: KvView, cfg: SessionIsolationCfg, g: float) -> float:
    """A rise that stands far above the signal's noise needs no long window: where KV usage
    is smooth (it follows running requests on plain vLLM), minutes of steady growth suffice.
    Not a rise made of steps: half of it or more within half a minute is prompts admitted at
    once (a batch of long documents prefilled, outsider s178; a cron herd's reports, s185),
    not blocks left behind, which no leak adds tens of points at a time."""
    c = kv.clean
    if c.n < 5 or c.slope != c.slope or kv.clean_noise != kv.clean_noise:
        return 0.0
    if kv.clean_jump >= CLEAN_STEP_SHARE * c.rise > 0:
        return 0.0
    r = kv.running_clean
    explained = 0.0
    if r.known and r.slope == r.slope and r.mean == r.mean and r.mean > 0:
        explained = max(0.0, kv.level.now * r.slope / r.mean)
    snr = c.rise / max(kv.clean_noise, 1e-6)
    return (ramp(c.slope - explained, 0.5 * g, 1.5 * g) * ramp(c.tau, 0.9 * cfg.clean_tau, cfg.clean_tau)
            * ramp(snr, 0.75 * cfg.clean_signal_to_noise, cfg.clean_signal_to_noise))


def _reused_ids(kv: KvView, restarts: int, cfg: SessionIsolationCfg, g: float) -> float:
    """A tenant starting new conversations under session ids already in use while the pool
    fills: the write-up's mechanism seen directly, minutes before the trend can show it."""
    if restarts < cfg.restarts - 2 or kv.recent_excess != kv.recent_excess:
        return 0.0
    rise = g * cfg.restart_window_s / 60.0  # what the slowest leak worth paging adds over the window
    return ramp(restarts, cfg.restarts - 2, cfg.restarts) * ramp(kv.recent_excess, 0.5 * rise, 1.5 * rise)


def _demand_rise(d: Monotone, minutes: int, tau: float, rise: float) -> float:
    """KV per unit of demand rising steadily over (nearly) the whole window."""
    if d.n < minutes - 1 or d.slope != d.slope:
        return 0.0
    return ramp(d.tau, 0.85 * tau, tau) * ramp(d.relative_rise, 0.75 * rise, rise)


def settled_for(f: NodeFeatures, kv: KvView, rules: RuleSet) -> float:
    """Seconds since the pool last started filling from empty: an engine start, telemetry
    resuming, a restart of the KV pool."""
    return min(f.since_start_s, f.since_resume_s, kv.since_restart_s) - rules.benign.kv_refill_s


def _floor_rise(kv: KvView, cfg: SessionIsolationCfg, g: float, settled_s: float) -> float:
    """The saw-tooth's floor rises: what the pool falls back to between requests climbs
    bucket after bucket over ``floor_minutes``, and did so a few minutes ago as well, while
    neither the running requests nor the demand rise (by tau or by a tenth and more, now or
    in the windows of the hold). Large documents and bursts lift a saw-tooth's peaks;
    only blocks nobody releases lift its floor. The window must lie after any refill."""
    fl = kv.floor
    if not fl.known or settled_s < 60 * (cfg.floor_minutes + cfg.floor_hold_minutes):
        return 0.0
    busier = max(ramp(max(kv.running_long.tau, kv.demand_floor_tau), 0.3, 0.6),
                 ramp(kv.demand_floor_rise, 0.1, 0.2))
    per_demand = ramp(kv.per_demand_long.tau, 0.5 * cfg.long_tau, 0.8 * cfg.long_tau)
    return (ramp(fl.tau, cfg.floor_tau - 0.1, cfg.floor_tau) * ramp(fl.slope, 0.5 * g, g)
            * (1.0 - busier) * per_demand * cfg.floor_weight)


def _crowded(kv: KvView, preemptions: float, cfg: SessionIsolationCfg, settled_s: float) -> float:
    """A busy node's leak: the pool is full and preempting at the load it served half an hour
    ago at far lower usage. It fills before the trend paths have their windows, and a full pool
    cannot rise any more; the KV each unit of demand holds, now against then, still shows it."""
    if kv.crowding != kv.crowding or settled_s < 60 * MINUTES_KEPT:
        return 0.0
    sat = cfg.saturated_kv_pct
    p = cfg.crowded_preemptions_per_min
    busier = ramp(kv.running_now / max(kv.running_median, 1.0), 1.5, 2.0)
    return (ramp(kv.kv_late, 0.8 * sat, 0.9 * sat) * ramp(sat - kv.kv_early, 10.0, 20.0)
            * ramp(kv.crowding, 0.8 * cfg.crowded_ratio, cfg.crowded_ratio) * ramp(preemptions, 0.5 * p, p)
            * (1.0 - busier) * cfg.crowded_weight)


def _hour_floor(kv: KvView, cfg: SessionIsolationCfg, settled_s: float) -> float:
    """A leak slower than any window of minute means shows under a busy saw-tooth (half a point
    a minute: outsiders s38, s95): the floors of the last ``hour_blocks`` ten-minute blocks
    climb, in all pairs but one, by ``hour_rise_pct`` and more, the last the highest, while the
    load stays as it was (a morning's traffic lifts the floor with it) and the prefix cache
    finds fewer of its hits (blocks nobody reads crowd cached prefixes out; contexts that stay
    for their sessions, an agent's, are found in the cache again), or while the load ebbs
    (``hour_ebb_ratio``: live contexts come with the demand that reads them). After any
    refill only."""
    h = kv.hour
    if h.rise != h.rise or settled_s < 60 * (cfg.hour_blocks + 1) * BLOCK_MINUTES:
        return 0.0
    flat = h.demand <= cfg.hour_load_ratio and h.running <= cfg.hour_load_ratio
    ebb = h.demand <= cfg.hour_ebb_ratio and h.running <= cfg.hour_ebb_ratio
    if h.rising < cfg.hour_blocks - 2 or h.below_top > 0 or not (
            ebb or (flat and h.hits <= cfg.hour_hit_ratio)):  # (an unknown ratio, NaN, compares false)
        return 0.0
    return ramp(h.rise, 0.7 * cfg.hour_rise_pct, cfg.hour_rise_pct) * cfg.hour_weight


def _full_holding_fewer(kv: KvView, cfg: SessionIsolationCfg, settled_s: float) -> float:
    """A leak under a pool kept full (a low-priority batch tier backfilling it): the pool
    cannot rise, but the blocks nobody releases take the place of requests, so the same full
    pool holds ever fewer of them (outsider s117: ~86 running -> ~25 at a steady 0.97). Longer
    prompts or generations (each request holding more) are benign explanations of their own."""
    if kv.held_fewer != kv.held_fewer or settled_s < 60 * MINUTES_KEPT:
        return 0.0
    share = cfg.fewer_share
    return ramp(-kv.held_fewer, -0.5 * (1.0 + share), -share) * cfg.crowded_weight


def _full_and_idle(kv: KvView, saturated: float) -> float:
    """The pool stays full while little runs: blocks held by nobody (the write-up's tell).
    Full at every reading of the minute the running requests are judged over, not at one: a
    conversation's last turn prefilled (its context the whole pool for a few seconds while it
    runs, outsider s289's annual report on a one-GPU L40S) fills the pool as briefly."""
    if kv.level.now < saturated or kv.running_now != kv.running_now or not kv.low_short >= saturated:
        return 0.0
    usual = max(kv.running_median, 1.0)
    return 0.8 * (1.0 - ramp(kv.running_now / usual, 0.3, 0.8))


def spec_residue(f: NodeFeatures, rules: RuleSet, expl: list[Explanation]) -> Score:
    """Interrupted requests leave draft-model state: framebuffer grows with the abort count.

    The framebuffer of a vLLM GPU is flat once its pool is allocated, so a steady rise, even
    a slow one over many minutes, matters when interrupted requests account for it. Judged on
    the node's framebuffer (the mean over its GPUs), and on the framebuffer of each server
    that has a GPU or MIG instance of its own, with that server's interrupted requests."""
    since = min(f.since_start_s, f.since_resume_s)
    best = Score()
    if f.gpu is not None and f.gpu.level.trend.known:
        best = _residue(f.gpu, (f.rates.aborts, *f.rates.aborts_then, f.rates.aborts_recent), since,
                        f, rules, f"{f.gpu.gpus} GPUs")
    for _, s in _pool_residues(f, rules, since):
        if s.strength > best.strength:
            best = s
    if benign.explained(expl, benign.GPU):
        best.strength *= 0.1
    return best


def pool_residues(f: NodeFeatures, rules: RuleSet, expl: list[Explanation]) -> list[tuple[str, Score]]:
    """:func:`spec_residue` judged on each server's own framebuffer alone, by where it is
    ('GPU 1'): the node's second residue incident is about a server the first one's is not."""
    found = _pool_residues(f, rules, min(f.since_start_s, f.since_resume_s))
    if benign.explained(expl, benign.GPU):
        for _, s in found:
            s.strength *= 0.1
    return found


def _pool_residues(f: NodeFeatures, rules: RuleSet, since: float) -> list[tuple[str, Score]]:
    found = []
    for p in f.pools:
        own = p.aborts == p.aborts
        aborts = (p.aborts, *p.aborts_then, p.aborts_recent) if own else (
            f.rates.aborts, *f.rates.aborts_then, f.rates.aborts_recent)
        found.append((p.where, _residue(p.gpu, aborts, min(since, p.since_restart_s), f, rules, p.where)))
    return found


def _residue(gpu: GpuView, interrupts: tuple[float, float, float, float], since_start_s: float,
             f: NodeFeatures, rules: RuleSet, where: str) -> Score:
    """Residue on one framebuffer (a node's mean, or one server's) with the interrupted
    requests of the servers that use it: per minute now, where the short and the slow
    framebuffer trends begin (:attr:`Rates.aborts_then`), and over the reclaim time
    (:attr:`Rates.aborts_recent`)."""
    cfg = rules.hypotheses.spec_residue
    if not gpu.level.trend.known:
        return Score()
    aborts, short_then, slow_then, recent = interrupts
    per_interrupt = cfg.residue_mb_per_interrupt * 1e6 / (1 << 20)

    counted = rules.features.growth_window_s / 60.0  # minutes each interrupt rate is counted over

    def new_level(then: float) -> float:
        """MiB the framebuffers (summed) rise by to hold the draft state of interrupts stepped
        up since ``then`` for ``reclaim_minutes``: healthy, however steady the rise to it. Only
        a step the counts show beyond their noise (two standard deviations, as Poisson counts)
        counts: a few more interrupts in one window than in another is no new level."""
        if then != then:
            return 0.0
        # the level held now is that of the interrupts within the reclaim time; where that
        # rate is above the growth window's mean (a burst's first minutes), it counts
        now, span = (recent, cfg.reclaim_minutes) if recent == recent and recent > aborts else (
            aborts, counted)
        if now - then < 2.0 * math.sqrt(now / span + then / counted):
            return 0.0
        return (now - then) * per_interrupt * cfg.reclaim_minutes

    # The short trend's growth (MiB a minute per GPU) beyond what settling at a stepped-up
    # level of interrupts accounts for, as a share of it: the fast and matched paths judge that.
    settling = new_level(short_then) / max(gpu.gpus, 1) / cfg.trend_minutes
    growth = gpu.growth_mib_per_min
    beyond = max(0.0, 1.0 - settling / growth) if growth > 0 else 1.0
    t = gpu.level.trend
    judged = Monotone(t.n, t.tau, t.slope * beyond, t.rise * beyond, t.mean) if beyond < 1.0 else t
    g = cfg.min_growth_pct_per_min
    fast = _rising(judged, g, cfg.min_tau, cfg.min_rise_pct) * ramp(
        aborts, 0.5 * cfg.min_interrupts_per_min, cfg.min_interrupts_per_min)
    slow = 0.0
    # The slow paths judge the rise beyond the new level of interrupts stepped up since their
    # window began (in MiB; in points, the same share of the rise).
    rise = gpu.slow_mib.rise if gpu.slow_mib.known and gpu.slow_mib.rise > 0 else 0.0
    stepped = min(new_level(slow_then), rise)
    kept = 1.0 - stepped / rise if stepped > 0 else 1.0
    # The small-rise paths' minutes must all lie after any warm-up: an allocator settling over
    # the minutes after an engine start rises in every minute pair, ever more slowly, and its
    # tail looks like a residue of the size the interrupts leave.
    since = since_start_s - rules.benign.warmup_s
    if since >= 60 * cfg.slow_minutes and gpu.slow.n >= cfg.slow_minutes - 1 \
            and gpu.slow.slope == gpu.slow.slope and gpu.slow.slope > 0:
        slow = (ramp(gpu.slow.tau, 0.9 * cfg.slow_tau, cfg.slow_tau)
                * ramp(gpu.slow.rise * kept, 0.5 * cfg.slow_rise_pct, cfg.slow_rise_pct)
                * ramp(aborts, 0.5 * cfg.slow_interrupts_per_min, cfg.slow_interrupts_per_min))
    # The same steady rise judged in MB: a residue is a crisis at 200 MB per node (DESIGN.md),
    # which on large GPUs is a few hundredths of a point of each framebuffer.
    m = gpu.slow_mib
    in_mib = 0.0
    if since >= 60 * cfg.slow_minutes and m.n >= cfg.slow_minutes - 1 and m.slope == m.slope \
            and m.slope > 0:
        in_mib = (ramp(m.tau, 0.9 * cfg.slow_tau, cfg.slow_tau)
                  * ramp(m.rise - stepped, 0.5 * cfg.slow_rise_mib, cfg.slow_rise_mib)
                  * ramp(aborts, 0.5 * cfg.slow_interrupts_per_min, cfg.slow_interrupts_per_min))
        slow = max(slow, in_mib)
    expected = aborts * per_interrupt
    ratio = growth / expected if expected > 0 else 0.0
    # Each interrupt's draft state lands on every GPU of its server (a draft model sharded or
    # replicated with the target), or on one GPU alone (a draft model run without tensor
    # parallelism, on the first GPU of its group: outsiders s120, s122); the mean over the
    # framebuffer's GPUs then rises by 1/n of it.
    consistent = 1.0 if 0.25 / max(gpu.gpus, 1) <= ratio <= 4.0 else 0.5
    # Matched: a rise too small for the fast path, but steady and of the size the interrupts
    # leave -- the mechanism accounts for it, so less of it is needed.
    matched = 0.0
    if since >= 60 * cfg.trend_minutes and t.n >= 5 and t.slope == t.slope and t.slope > 0 and (
        1 / cfg.match_ratio <= ratio * beyond and ratio <= cfg.match_ratio
    ):
        matched = (ramp(t.tau, cfg.match_tau - 0.1, cfg.match_tau)
                   * ramp(judged.rise, 0.5 * cfg.match_rise_pct, cfg.match_rise_pct)
                   * ramp(aborts, 0.5 * cfg.min_interrupts_per_min, cfg.min_interrupts_per_min))
    # A rise that is one step within a minute, of a fifth of a checkpoint's spike or more, is
    # something loading (a weight refresh reaching this GPU first), not draft state that
    # interrupts leave a few MiB at a time (a residue's steps are tens of MiB, bursts of
    # interrupts 100-200): the short paths yield to it (outsider s309: a refresh's first GPU,
    # 670 MiB in its first minute on a server whose client cancels, opened a residue at once);
    # the slow paths judge on.
    b = rules.benign
    load = LOAD_STEP_SHARE * min(b.checkpoint_spike_mib, b.checkpoint_spike_pct / 100.0 * gpu.total_mib) \
        if gpu.total_mib == gpu.total_mib else LOAD_STEP_SHARE * b.checkpoint_spike_mib
    fast = 0.0 if gpu.gpu_step_mib >= load else max(fast, matched)
    spec = 1.0 if f.rates.spec_active else cfg.without_spec_decode if f.rates.spec_absent else 0.7
    strength = max(fast, slow) * consistent * spec
    by_mib = in_mib > 0 and in_mib >= fast and in_mib == slow
    shown = t if fast >= slow or not gpu.slow.known else gpu.slow
    ev = [
        Evidence(signal="gpu_memory_growth_pct_per_min", value=round(shown.slope, 4),
                 detail=f"framebuffer {gpu.level.now:.2f} % on {where}, rising in "
                        f"{100 * max(shown.tau, 0):.0f} % of minute pairs, never released"),
        Evidence(signal="interrupted_requests_per_min", value=round(aborts, 2),
                 detail=f"expected residue {expected:.1f} MiB/min per GPU, observed "
                        f"{gpu.growth_mib_per_min:.1f}"),
        Evidence(signal="spec_decode_active", value=int(f.rates.spec_active), detail=""),
    ]
    if in_mib > 0 and in_mib >= fast:
        ev.insert(1, Evidence(signal="gpu_memory_rise_mib", value=round(m.rise, 1),
                              detail=f"framebuffer use on {where} rose {m.rise:.0f} MiB over "
                                     f"{m.n} minutes, in {100 * max(m.tau, 0):.0f} % of minute "
                                     "pairs (a crisis at 200 MB per node)"
                                     + (f"; {stepped:.0f} MiB of it the new level of interrupts "
                                        "stepped up" if stepped >= 1 else "")))
    window = m if by_mib else gpu.slow
    onset = gpu.level.onset_ns if fast >= slow else f.ts_ns - (max(window.n, 1) - 1) * 60 * 1_000_000_000
    return Score(strength, onset, ev, critical=gpu.level.now > 97.0)


LOAD_STEP_SHARE = 0.2
"""The share of a checkpoint's spike (``benign.checkpoint_spike_mib``, or its points of the
framebuffer) from which a rise in one step within a minute is a load, not a residue's growth."""


def _rising(t: Monotone, growth: float, tau: float, rise: float, points: int = 5) -> float:
    """Strength of a steady rise over (nearly) a full window of ``points`` bucket means: fast
    enough, in most pairs, by a visible amount."""
    if t.n < points or t.slope != t.slope:
        return 0.0
    return (ramp(t.slope, 0.5 * growth, 1.5 * growth) * ramp(t.tau, 0.5 * tau, tau)
            * ramp(t.rise, 0.5 * rise, rise))


def memory_leak(f: NodeFeatures, rules: RuleSet, expl: list[Explanation]) -> Score:
    """Memory that grows steadily with no named mechanism behind it (GPU or host)."""
    best = Score()
    gpu = f.gpu
    sr = rules.hypotheses.spec_residue
    if gpu is not None and gpu.level.trend.known:
        t = gpu.level.trend
        s = _rising(t, 3 * sr.min_growth_pct_per_min, sr.min_tau, 4 * sr.min_rise_pct)
        left = _left_by_aborts(f, gpu, rules)
        if left >= 0.5 * gpu.growth_mib_per_min > 0:
            # draft state the interrupted requests leave accounts for the growth: whether it
            # is released is the residue path's to judge (outsider s289: a retry burst on a
            # one-GPU L40S with a draft model, 170 MiB a minute where its aborts leave 250,
            # paged as a leak "with no interrupted requests behind it")
            s = 0.0
        ev = [Evidence(signal="gpu_memory_growth_pct_per_min", value=round(t.slope, 3),
                       detail="framebuffer grows with no interrupted requests behind it")]
        onset = gpu.level.onset_ns
        since = min(f.since_start_s, f.since_resume_s)
        steady, rate = _gpu_steady(f, gpu, rules, since, left)
        where, judged = f"{gpu.gpus} GPUs", gpu
        # A server with a GPU of its own is judged on its own framebuffer too: one server's
        # leak is a quarter of a four-GPU node's mean (outsider s209).
        for p in f.pools:
            own = p.aborts == p.aborts
            left = _left_by_aborts(f, p.gpu, rules, p.aborts if own else None)
            ps, pr = _gpu_steady(f, p.gpu, rules, min(since, p.since_restart_s), left)
            if ps > steady:
                steady, rate, where, judged = ps, pr, p.where, p.gpu
        if steady > s:
            m = judged.slow_mib
            s, onset = steady, f.ts_ns - (max(m.n, 1) - 1) * 60 * 1_000_000_000
            ev = [Evidence(signal="gpu_memory_rise_mib", value=round(m.rise, 1),
                           detail=f"framebuffer use on {where} rose {m.rise:.0f} MiB over "
                                  f"{m.n} minutes, {rate:.0f} MiB a minute per GPU, not slowing "
                                  "down, with no interrupted requests to account for it")]
        if benign.explained(expl, benign.GPU):
            s *= 0.1
        if s > best.strength:
            best = Score(s, onset, ev, critical=gpu.level.now > 97.0)
    # Within an hour of an OOM kill, where the serving process's memory holds while the host's
    # rises, the host's is judged: memory growing beside the serving process (a sidecar, a
    # cache server). Not otherwise: the page cache rises as steadily and is reclaimed before
    # anything is killed. (The steady window is kept on the same series, node_engine.features.)
    host = growing_host(f.host, f.host_rss, beside=f.oom_hour > 0)
    if host is not None and host.trend.known and not benign.explained(expl, benign.HOST):
        t = host.trend
        # still rising over the short window; the steady window says how fast, how long
        s = ramp(t.tau, 0.4, 0.8) * _host_steady(f, rules) if t.n >= 5 else 0.0
        if f.oom_recent:  # the OOM killer just ended a process: growing again is the leak back
            s = max(s, _rising(t, 2 * rules.hypotheses.monitoring_gap.host_growth_pct_per_min, 0.8, 2.0))
        outside = host is f.host and f.host_rss is not None and f.host_rss.trend.known
        if outside and f.partial_rss is not None:
            s = 0.0  # not beside the server: the reading of the server misses most of it (a gap)
        if s > best.strength:
            ev = [Evidence(signal="host_memory_growth_pct_per_min", value=round(host.trend.slope, 3),
                           detail="host memory outside the serving process grows steadily (the "
                                  "serving process's own holds)" if outside else
                                  "serving process memory grows steadily")]
            best = Score(s, host.onset_ns, ev, critical=f.oom_recent > 0)
    return best


def _left_by_aborts(f: NodeFeatures, gpu: GpuView, rules: RuleSet,
                    aborts: float | None = None) -> float:
    """MiB a minute per GPU that draft state left by interrupted requests would add to these
    framebuffers: the node's interrupts (``aborts`` None), or one server's own on its GPU."""
    if f.rates.spec_absent:
        return 0.0
    per = rules.hypotheses.spec_residue.residue_mb_per_interrupt * 1e6 / (1 << 20)
    if aborts is not None:
        return aborts * per / max(gpu.gpus, 1)
    lands = max(1.0, gpu.gpus / f.rates.servers) if f.rates.servers else 1.0
    return f.rates.aborts * per * lands / max(gpu.gpus, 1)


def _gpu_steady(f: NodeFeatures, gpu: GpuView, rules: RuleSet, since_s: float,
                left: float) -> tuple[float, float]:
    """A framebuffer leak too slow for the points path (a cache on the GPU that never evicts):
    the framebuffers rising over each third of the slow window, not slowing down, well beyond
    what the interrupted requests leave (``left``, MiB a minute per GPU), in a window after
    any warm-up (an allocator settling after a start rises in most minute pairs, ever more
    slowly; ``since_s`` is since the start). Strength, and the slowest third's rate in MiB a
    minute per GPU."""
    h, sr, cfg = gpu.steady_mib, rules.hypotheses.spec_residue, rules.hypotheses.memory_leak
    since = since_s - rules.benign.warmup_s
    if h is None or gpu.gpus <= 0 or since < 60 * sr.slow_minutes:
        return 0.0, 0.0
    early, middle, late = h
    rate = min(t.slope for t in h) / gpu.gpus
    if not rate > 0:  # NaN too
        return 0.0, 0.0
    g = cfg.gpu_mib_per_min
    pace = late.slope / max(early.slope, middle.slope)
    # A climb in a few steps is something loading in pieces (an index's shards, a checkpoint
    # in parts), not a leak's allocations: from one step of a tenth of the rise, gone at a fifth.
    m = gpu.slow_mib
    pieces = ramp(gpu.steady_step_mib / m.rise, 0.1, 0.2) if m.rise > 0 else 1.0
    # As on the host: a slower rise counts where the framebuffer left runs out within
    # ``host_exhaust_minutes`` (from an eighth of ``gpu_mib_per_min``): a small GPU's headroom goes at a
    # rate a large one's shrugs off (outsider s306: an L4 server's leak, 30 MiB a minute into
    # the 2 GiB its pool leaves, CUDA out of memory 50 minutes on, never paged).
    net = rate - 2 * left
    headroom = (100.0 - gpu.level.now) / 100.0 * gpu.total_mib
    exhaust = cfg.host_exhaust_minutes
    soon = ramp(-headroom / net, -2 * exhaust, -exhaust) * ramp(net, 0.125 * g, 0.25 * g) \
        if net > 0 and headroom == headroom else 0.0
    strength = (ramp(min(t.tau for t in h), 0.8 * cfg.host_steady_tau, cfg.host_steady_tau)
                * ramp(pace, 0.75 * cfg.host_keeps_pace, cfg.host_keeps_pace)
                * max(ramp(net, 0.5 * g, g), soon) * (1.0 - pieces))
    return strength, rate


def _host_steady(f: NodeFeatures, rules: RuleSet) -> float:
    """Has the host's growth gone on, at its pace, over the steady window? A cache filling
    slows down; a leak does not. Each third of the window must rise steadily (a rise that
    began within the window has not lasted it), the latest at ``host_keeps_pace`` of the
    faster of the others' pace at least; the slowest third's is the rate. A rate under the
    threshold counts where the memory left will run out within ``host_exhaust_minutes``
    (from a quarter of the threshold)."""
    h = f.host_steady
    if h is None:
        return 0.0
    cfg = rules.hypotheses.memory_leak
    g = 2 * rules.hypotheses.monitoring_gap.host_growth_pct_per_min
    early, middle, late = h.thirds
    rate = min(t.slope for t in h.thirds)
    if not rate > 0:  # NaN too
        return 0.0
    exhaust = cfg.host_exhaust_minutes
    soon = ramp(-h.headroom_pct / rate, -2 * exhaust, -exhaust) * ramp(rate, 0.125 * g, 0.25 * g)
    pace = late.slope / max(early.slope, middle.slope)
    return (ramp(min(t.tau for t in h.thirds), 0.8 * cfg.host_steady_tau, cfg.host_steady_tau)
            * ramp(pace, 0.75 * cfg.host_keeps_pace, cfg.host_keeps_pace)
            * max(ramp(rate, 0.5 * g, 1.5 * g), soon))


def _host(f: NodeFeatures) -> Level | None:
    """The serving process's RSS when reported (and not read in part), else host memory used."""
    if f.host_rss is not None and f.host_rss.trend.known and f.partial_rss is None:
        return f.host_rss
    if f.host is not None and f.host.trend.known:
        return f.host
    return None


def gpu_failure(f: NodeFeatures) -> Score:
    """A critical XID (e.g. 79, fallen off the bus), or a GPU the driver reports lost."""
    gpu = f.gpu
    if gpu is None or not (gpu.xids or gpu.lost):
        return Score()
    ev = [Evidence(signal="xid", value=x, detail=f"GPU {i} reported XID {x}") for i, x in gpu.xids]
    ev += [Evidence(signal="gpu_lost", value=i, detail=f"GPU {i} stopped reporting") for i in gpu.lost]
    return Score(1.0, f.ts_ns, ev, critical=True)


def gpu_throttled(f: NodeFeatures) -> Score:
    """A GPU slowed down, by heat or by clocks held low while it works: its engine's requests
    run longer and fill the KV pool, its latency alerts fire; the GPU, not the memory, is at
    fault."""
    if not f.throttled:
        return Score()
    ev = [Evidence(signal="gpu_throttled", value=gpu if gpu >= 0 else None,
                   detail=(f"GPU {gpu}: " if gpu >= 0 else "") +
                   (f"{temp:.0f} C, " if temp == temp else "") +
                   (f"SM clock {clock:.0f} MHz, " if clock == clock else "") +
                   (f"at {util:.0f} % utilisation (clocks held low, not by heat), " if util == util else "") +
                   f"slowed for {(f.ts_ns - since) / 1e9:.0f} s")
          for gpu, since, temp, clock, util in f.throttled]
    return Score(0.9, min(t[1] for t in f.throttled), ev)


def nvlink_degraded(f: NodeFeatures) -> Score:
    """A failing NVLink: its errors counted minute after minute (every transfer of the
    tensor-parallel group through it replayed), not a burst that stops. The link, not the
    memory, is at fault; its engine slows and latency alerts follow (outsider s159)."""
    if not f.failing_links:
        return Score()
    ev = [Evidence(signal="nvlink_errors_per_min", value=round(rate, 1),
                   detail=(f"GPU {gpu}: " if gpu >= 0 else "") +
                   f"NVLink CRC / replay errors counted without a pause for "
                   f"{(f.ts_ns - since) / 60e9:.0f} min, {rate:.0f} a minute")
          for gpu, since, rate in f.failing_links]
    return Score(0.9, min(since for _, since, _ in f.failing_links), ev)


def engine_stalled(f: NodeFeatures, rules: RuleSet) -> Score:
    """A hung engine: requests running, no token processed, its metrics frozen. Its clients
    time out; its own latency histograms stand still."""
    if not f.stalled:
        return Score()
    after = rules.hypotheses.engine_stall.after_s
    ev = [Evidence(signal="engine_stalled", value=running,
                   detail=f"engine {key}: {running:.0f} requests running, no token processed for "
                          f"{after:.0f} s or more")
          for key, running in f.stalled]
    return Score(1.0, f.ts_ns - int(after * 1e9), ev, critical=True)


def engine_slowed(f: NodeFeatures, rules: RuleSet, expl: list[Explanation]) -> Score:
    """Requests piling up on an engine while each generates far slower than before, its GPUs
    not throttled and its engine not hung: the engine's steps come slower from the host side
    (its CPUs taken by another job, a starved scheduler or tokenizer). Latency doubles while
    throughput holds, so no error rate tells. Not where prompts grew: long prefills hold
    requests without generating; nor in a warm-up: an engine just started (CUDA graphs
    captured, caches cold) takes its first requests slowly (outsider s122). Also an engine
    whose requests wait far longer for their first token while its work holds
    (:mod:`correlator.core.latency`): the hold-up is before the engine, on its host."""
    if not (f.slowed or f.delayed) or f.throttled or f.stalled or any(e.name == "warmup" for e in expl):
        return Score()
    cfg = rules.hypotheses.engine_slow
    r = f.rates
    # (the largest prompts per request of any 3-minute window in the last 6: the documents
    # that filled the pool may have finished by the time the pile-up shows)
    prompts = max(r.prompt_tokens_per_request, r.prompt_peaks[1])
    if prompts >= cfg.longer_prompt_ratio * r.usual_prompt_per_request > 0:
        return Score()
    if not f.slowed:
        # (an OOM kill within the hour: the host's memory is short, and its cause is a memory
        # one; the swapping and reclaim that precede a kill hold requests up too, outsider s99)
        return _first_token_delayed(f, cfg.recent_minutes) if not f.oom_hour else Score()
    ev = [Evidence(signal="engine_slowed",
                   value=round(s.speed_now / s.speed_before, 2) if s.speed_before > 0 else None,
                   detail=f"engine {s.engine}: {s.running_now:.0f} requests running against "
                          f"{s.running_before:.0f} before{' its restart' if s.since_restart else ''}, each "
                          f"generating {s.speed_now:.1f} tokens/s against {s.speed_before:.1f}; "
                          "no GPU throttled")
          for s in f.slowed]
    return Score(0.8, f.ts_ns - int(cfg.recent_minutes * 60e9), ev, critical=True)


def _first_token_delayed(f: NodeFeatures, recent_minutes: int) -> Score:
    ev = [Evidence(signal="first_token_delayed", value=round(d.ttft_now / d.ttft_before, 2),
                   detail=f"engine {d.engine}: first tokens after {d.ttft_now:.2f} s on average against "
                          f"{d.ttft_before:.2f} s before, {d.running_now:.0f} requests running against "
                          f"{d.running_before:.0f}, prompts and prefix-cache hits as before: requests "
                          "wait before they reach the engine")
          for d in f.delayed]
    return Score(0.8, f.ts_ns - int(recent_minutes * 60e9), ev, critical=True)


def concurrency_capped(f: NodeFeatures, rules: RuleSet) -> Score:
    """Requests queueing at an engine held at a fixed number running while its KV pool has
    room: the scheduler's own limit (``max_num_seqs``) below the load. Memory would make them
    wait with the pool full; a hung engine holds its counts frozen; a slowed one runs more,
    not a fixed number (outsider s177: a values file meant for the latency tier capped a chat
    server at 16, its users giving up in the queue)."""
    if not f.capped:
        return Score()
    cfg = rules.hypotheses.concurrency_cap
    ev = [Evidence(signal="concurrency_capped", value=c.running,
                   detail=f"engine {c.engine}: held at {c.running:.0f} requests running for "
                          f"{cfg.minutes} min while {c.waiting:.1f} wait on average, its KV pool at "
                          f"most {c.kv_pct:.0f} % used: a concurrency limit (max_num_seqs) below the load")
          for c in f.capped]
    return Score(0.8, f.ts_ns - int(cfg.minutes * 60e9), ev, critical=True)


def _engines_unseen(f: NodeFeatures) -> bool:
    """Whether an engine's metrics are silent or frozen: its counters cannot tell what it
    served (a monitoring gap), so causes judged against them are not."""
    return bool(f.silent_sources or f.silent_servers or f.frozen_servers)


def upstream_errors(f: NodeFeatures, rules: RuleSet) -> Score:
    """Requests failing on their way to an engine that is up and reporting: the request log
    ends a share of them in errors the engine never counted (outsider s184: an uplink
    silently dropping packets above its MTU, so every request with a large prompt timed out at
    the gateway while vLLM saw fewer requests and no error). Not while the engine's metrics
    are silent or frozen: then its counters cannot tell (a monitoring gap)."""
    if f.upstream_errors is None or _engines_unseen(f):
        return Score()
    per_min, share, seen = f.upstream_errors
    cfg = rules.hypotheses.upstream_errors
    ev = [Evidence(signal="upstream_errors", value=round(per_min, 1),
                   detail=f"{100 * share:.0f} % of the logged requests ended in errors over "
                          f"{cfg.minutes} min ({per_min:.1f} a minute) while the engines counted "
                          f"{seen:.1f} a minute: the requests failed before they reached the engine")]
    return Score(0.8, f.ts_ns - int(cfg.minutes * 60e9), ev, critical=True)


def output_capped(f: NodeFeatures) -> Score:
    """Answers cut short by a limit the server took at its start (outsider s187: re-imaged
    nodes fetched a model repository whose generation_config.json carries max_new_tokens 128,
    which vLLM applies to every request; answers of hundreds of tokens before, none longer
    than 128 after, half of them ending there). No alert fires: latency falls, nothing fails."""
    if f.output_cap is None:
        return Score()
    cap, share, before = f.output_cap
    ev = [Evidence(signal="output_capped", value=cap,
                   detail=f"since the server started no answer is longer than {cap:.0f} tokens and "
                          f"{100 * share:.0f} % end by length at exactly {cap:.0f}, against answers of "
                          f"{before:.0f} tokens before: a server-wide output limit")]
    return Score(0.8, _started_ns(f), ev, critical=True)


def api_server_errors(f: NodeFeatures, rules: RuleSet) -> Score:
    """Requests vLLM's HTTP server fails with a 5xx while its engine counts them finished
    (outsider s196: a patch release's tool-call parser raising on nested arguments after the
    engine finished the request ``stop``; the engine's error and abort shares, KV, latency and
    memory as before). Not while the engine's metrics are silent or frozen."""
    if f.api_errors is None or _engines_unseen(f):
        return Score()
    per_min, share, seen = f.api_errors
    cfg = rules.hypotheses.api_errors
    ev = [Evidence(signal="api_server_errors", value=round(per_min, 1),
                   detail=f"vLLM's HTTP server answered {100 * share:.0f} % of its requests with a 5xx over "
                          f"{cfg.minutes} min ({per_min:.1f} a minute) while its engine counted {seen:.1f} "
                          "errors a minute: the API layer fails requests the engine served")]
    return Score(0.8, f.ts_ns - int(cfg.minutes * 60e9), ev, critical=True)


def context_capped(f: NodeFeatures) -> Score:
    """Prompts refused above a length the server took at its start (outsider s192: a chart's
    renamed values key dropped the rope scaling and ``--max-model-len`` of two canaries, which
    then answered every prompt over 30,720 tokens with a 400; no alert fired)."""
    if f.context_cap is None:
        return Score()
    ok, refused, before = f.context_cap
    ev = [Evidence(signal="context_capped", value=ok,
                   detail=f"since the server started {refused} requests with prompts longer than any it "
                          f"answered ({ok:.0f} tokens) ended in errors, against prompts of {before:.0f} "
                          "tokens answered before: a shorter context limit (max_model_len)")]
    return Score(0.8, _started_ns(f), ev, critical=True)


def _started_ns(f: NodeFeatures) -> int:
    """When the node's server last started, as far as its features tell (else now)."""
    return f.ts_ns - int(f.since_start_s * 1e9) if f.since_start_s < 1e9 else f.ts_ns


def crash_loop(f: NodeFeatures, rules: RuleSet) -> Score:
    """A serving process started again and again within the window: it dies soon after each
    start (each start alone is a warm-up), so the node serves little or nothing."""
    cfg = rules.hypotheses.crash_loop
    n, first = f.starts
    if n < cfg.min_starts:
        return _crashes(f, cfg)
    if _gpu_failed_since(f, first, cfg.window_s):
        return Score()  # (a server cannot stay up on a failed GPU: that failure is the cause)
    detail = f"{n} starts of the serving process within {cfg.window_s / 60:.0f} min"
    if f.oom_recent:
        detail += f", {f.oom_recent} OOM kills"
    ev = [Evidence(signal="server_starts", value=n, detail=detail)]
    if f.held_gpus:
        ev.append(Evidence(signal="gpu_memory_held", value=len(f.held_gpus),
                           detail="framebuffer in use between starts: " + ", ".join(
                               f"GPU {i} {pct:.0f} %" for i, pct in f.held_gpus)))
    return Score(1.0, first, ev, critical=True)


def _gpu_failed_since(f: NodeFeatures, first_ns: int, window_s: float) -> bool:
    """Whether a GPU of the node failed no earlier than ``window_s`` before ``first_ns``: the
    restarts since are that failure's, not a crash loop of their own."""
    return bool(f.gpu_failed_ns) and f.gpu_failed_ns >= first_ns - int(window_s * 1e9)


def _crashes(f: NodeFeatures, cfg: CrashLoop) -> Score:
    """A server that died under load (no drain first) ``min_crashes`` times within
    ``crash_window_s``: too slow a loop for ``min_starts`` within ``window_s``, and each crash
    failed the requests it held."""
    n, first = f.crashes
    if not cfg.min_crashes or n < cfg.min_crashes or _gpu_failed_since(f, first, cfg.crash_window_s):
        return Score()
    ev = [Evidence(signal="server_crashes", value=n,
                   detail=f"{n} starts of the serving process within {cfg.crash_window_s / 60:.0f} min, "
                          "each after it stopped while serving (no drain first)")]
    return Score(0.8, first, ev, critical=True)


def server_lost(f: NodeFeatures) -> Score:
    """A serving process gone while it served and not started again (:func:`lost_server`): the
    node serves nothing while it reports on. Its silence is the server's absence, not a gap in
    what is collected."""
    if f.lost is None:
        return Score()
    stop, running = f.lost
    ev = [Evidence(signal="server_lost", value=round((f.ts_ns - stop) / 60e9, 1),
                   detail=f"vLLM silent for {(f.ts_ns - stop) / 60e9:.0f} min since a reading with "
                          f"{running:.0f} requests running, its clients' requests failing as it went, the "
                          "node's GPUs freed and no server started since: the serving process is gone "
                          "(evicted, killed) and not back")]
    return Score(0.8, stop, ev, critical=True)


def runaway_generation(f: NodeFeatures, rules: RuleSet, expl: list[Explanation]) -> Score:
    """Requests that run to their length limit: far more of them end with finish reason
    ``length`` than usual, each generating several times the usual tokens, and the KV pool
    they hold fills (or preempts). A stop sequence lost in a gateway or template change; the
    pool is full of live requests, not of blocks nobody releases."""
    cfg = rules.hypotheses.runaway_generation
    r = f.rates
    if not r.usual_generated_per_request > 0:  # (unknown: NaN; the rest ramps NaN to 0)
        return Score()
    if benign.explained(expl, benign.LENGTH):  # a load test's fixed output lengths
        return Score()
    rise = r.length_share - r.usual_length_share
    ratio = r.generated_per_request / r.usual_generated_per_request
    kv = f.kv.level.now if f.kv is not None else NAN
    pressure = max(ramp(kv, 0.75 * cfg.kv_pct, cfg.kv_pct), ramp(r.preemptions, 0.0, 1.0))
    strength = (ramp(rise, 0.5 * cfg.length_share_rise, cfg.length_share_rise)
                * ramp(ratio, 0.75 * cfg.generation_ratio, cfg.generation_ratio) * pressure)
    if strength <= 0:
        return Score()
    ev = [Evidence(signal="length_limited_share", value=round(r.length_share, 3),
                   detail=f"{100 * r.length_share:.0f} % of finished requests ended at their length "
                          f"limit, against a usual {100 * r.usual_length_share:.0f} %"),
          Evidence(signal="generated_tokens_per_request", value=round(r.generated_per_request),
                   detail=f"{r.generated_per_request:.0f} tokens generated per request against a "
                          f"usual {r.usual_generated_per_request:.0f}; KV usage "
                          f"{kv:.0f} %, {r.preemptions:.1f} preemptions/min")]
    window = int(rules.features.growth_window_s * 1e9)
    return Score(strength, f.ts_ns - window, ev, critical=kv >= cfg.kv_pct)


def spec_acceptance_collapse(f: NodeFeatures, rules: RuleSet) -> Score:
    """Draft tokens the target model no longer accepts: the share accepted falls to a fraction
    of the node's usual while drafts go on being proposed. Speculation then costs every step
    and saves none; generation slows, requests pile up. A configuration mistake (a draft model
    left behind a target update), not a memory fault."""
    cfg = rules.hypotheses.spec_acceptance
    r = f.rates
    if not (r.acceptance == r.acceptance and r.usual_acceptance > 0
            and r.drafted_per_min >= cfg.min_draft_tokens_per_min):
        return Score()
    ratio = r.acceptance / r.usual_acceptance
    drop = r.usual_acceptance - r.acceptance
    strength = ((1.0 - ramp(ratio, 0.5 * cfg.acceptance_share, cfg.acceptance_share))
                * ramp(drop, 0.5 * cfg.min_drop, cfg.min_drop))
    if strength <= 0:
        return Score()
    ev = [Evidence(signal="spec_acceptance_rate", value=round(r.acceptance, 3),
                   detail=f"{100 * r.acceptance:.0f} % of draft tokens accepted over the last "
                          f"{rules.features.growth_window_s / 60:.0f} minutes, against a usual "
                          f"{100 * r.usual_acceptance:.0f} % ({r.drafted_per_min:.0f} proposed a minute)")]
    window = int(rules.features.growth_window_s * 1e9)
    return Score(strength, f.ts_ns - window, ev)


def kv_pool_shrunk(f: NodeFeatures) -> Score:
    """An engine back from a restart with a fraction of the KV pool it had: a configuration
    change, not a leak, fills it at the usual load."""
    if not f.shrunk_pools:
        return Score()
    ev = [Evidence(signal="kv_pool_blocks", value=now,
                   detail=f"engine {key}: {now:.0f} KV blocks where it had {peak:.0f} "
                          f"({100 * now / peak:.0f} %)" + (f", {settings}" if settings else ""))
          for key, now, peak, _, settings in f.shrunk_pools]
    return Score(0.9, min(since for _, _, _, since, _ in f.shrunk_pools), ev)


def node_unreachable(f: NodeFeatures, idle_fb_pct: float = 0.0) -> Score:
    """Every source of the node fell silent at once: the node, not one exporter, is gone.

    Unless its GPUs held no model when it was last heard (framebuffer in use below
    ``idle_fb_pct``), or its engines ran nothing in their last readings after serving before
    (outsider s136: an operator took the node out of rotation, let its requests finish, and
    rebooted it): a node drained before it went (an autoscaler's scale-in, a reboot for
    maintenance) served nothing, and losing it loses no request. A kernel panic, a cut link,
    a power loss take a node in the middle of its requests."""
    if len(f.sources) < 2 or len(f.silent_sources) < len(f.sources):
        return Score()
    if f.fb_last_pct < idle_fb_pct or f.drained:  # (NaN, never heard: not idle)
        return Score()
    ev = [Evidence(signal="silent_sources", value=len(f.silent_sources),
                   detail="no telemetry from " + ", ".join(sorted(f.silent_sources)))]
    return Score(1.0, f.ts_ns, ev, critical=True)


def gpus_unavailable(f: NodeFeatures) -> Score:
    """The node came back without its GPUs: its host reports again after a silence (a
    reboot), every GPU source it had and vLLM stay silent since before that, for
    ``gpus_unavailable.after_s`` (outsider s205: a new kernel whose headers the platform's
    mirror lacked; the GPU operator's driver container could not build its modules, so NVML
    found no library, dcgm-exporter never started and vLLM's pod could not be scheduled)."""
    if f.gpus_absent is None:
        return Score()
    back, sources = f.gpus_absent
    ev = [Evidence(signal="gpus_unavailable", value=len(sources),
                   detail=f"the node has reported again for {(f.ts_ns - back) / 60e9:.0f} min (host) but no "
                          f"{', '.join(sources)} or vllm reading has come since: its GPUs are not "
                          "available (the GPU driver not loaded?)")]
    return Score(0.9, back, ev)


def monitoring_gap(
    f: NodeFeatures, rules: RuleSet, alerts: AlertPicture, others: dict[str, Score],
    expl: list[Explanation],
) -> Score:
    """Symptoms on a node whose telemetry cannot show their cause; names what is missing."""
    cfg = rules.hypotheses.monitoring_gap
    missing = _missing(f)
    if not missing or others[NODE_UNREACHABLE].strength > 0 or others[GPUS_UNAVAILABLE].strength > 0:
        return Score()
    # host memory used stands in for a process reading that misses most of the server: as
    # the memory-leak path judges it, its growth must have gone on over the steady window (a
    # page cache fills and stops; its minutes wander on a host of a terabyte)
    steady = _host_steady(f, rules) if f.partial_rss is not None else 1.0
    symptoms, ev, onset = _symptoms(f, cfg.host_growth_pct_per_min, cfg.min_alerts, alerts,
                                    loading=benign.explained(expl, benign.HOST) is not None, steady=steady)
    if f.rates.preemptions >= cfg.blind_preemptions_per_min and any(n in KV_USAGE for n in f.missing_metrics):
        # (the pool that cannot be seen is full: requests are preempted for want of blocks)
        full = ramp(f.rates.preemptions, 0.5 * cfg.blind_preemptions_per_min,
                    2.0 * cfg.blind_preemptions_per_min)
        if full > symptoms:
            onset = f.ts_ns if not ev else onset
            symptoms = full
        ev.append(Evidence(signal="preemptions_per_min", value=round(f.rates.preemptions, 2),
                           detail="requests preempted for want of free KV blocks, in a pool not collected"))
    if f.mixed_servers or f.host_view_wrong is not None or f.serving_unseen is not None or f.unseen_ranks \
            or f.renamed_counters:
        # readings of other servers under this node's name are worse than none: they raise and
        # hide its alerts and its features (outsider s197: an agent scraping through a Service;
        # s204: an agent reading a container's memory view as the host's); a server serving
        # with no readings at all hides every alert its rules would send (s207)
        began = [t for _, _, t in f.mixed_servers] + ([f.host_view_wrong[2]] if f.host_view_wrong else []) \
            + ([f.serving_unseen[0]] if f.serving_unseen else []) + [t for _, t in f.unseen_ranks] \
            + [t for _, _, t in f.renamed_counters]
        symptoms, onset = 1.0, min(began + ([onset] if ev else []))
    visible = max(others[c].strength for c in (SESSION_ISOLATION, KV_TRANSFER_LEAK, SPEC_RESIDUE,
                                               GPU_FAILURE, CRASH_LOOP, SERVER_LOST))
    strength = symptoms * (1.0 - visible)
    ev = [Evidence(signal="missing", value=what, detail=why) for what, why in missing] + ev
    return Score(strength, onset, ev, critical=f.oom_recent > 0)


def _missing(f: NodeFeatures) -> list[tuple[str, str]]:
    # (a server that died and loads again is silent until it is ready: no gap, outsider s170)
    out = [(s, f"source '{s}' fell silent") for s in f.silent_sources
           if not (s == "vllm" and (f.vllm_loading or f.serving_unseen))]
    if f.serving_unseen is not None:
        out.append(("vllm", f"source 'vllm' fell silent while the node's GPUs have been busy for "
                    f"{f.serving_unseen[1]} min since: the server serves and nothing scrapes it"))
    if "vllm" not in f.silent_sources:
        ranks = {where for where, _ in f.unseen_ranks}
        out += [(f"vllm on {where}", f"vLLM's readings for {where} stopped while the node's other "
                 "vllm records go on" + (" and its GPUs stay busy: a rank of a serving server, its "
                                         "readings lost" if where in ranks else ""))
                for where in f.silent_servers]
    out += [(f"vllm on {where}", f"vLLM's metrics for {where} stand still while the request log "
             "shows it serving") for where in f.frozen_servers]
    out += [(f"vllm on {where}", f"vLLM's counters for {where} fell back {drops} times in 5 min with no "
             "restart: its readings mix several servers") for where, drops, _ in f.mixed_servers]
    out += [(f"vllm on {where}", f"vLLM's counters for {where} arrive without their _total suffix "
             f"('{name}'): a pipeline renames them (an OpenTelemetry receiver's name normalization?); "
             "whatever reads the usual names sees none of them") for where, name, _ in f.renamed_counters]
    if f.host_view_wrong is not None:
        total, rss, _ = f.host_view_wrong
        out.append(("mem_total_bytes", f"the host's memory reads {total:.1f} GiB in all while its serving "
                    f"process holds {rss:.1f} GiB: the agent reads another memory view (a container's), "
                    "not the host's"))
    out += [(mname, f"metric '{mname}' is not collected") for mname in f.missing_metrics]
    if f.partial_rss is not None:  # (outsider s182: an upgrade ran the workers as retitled processes)
        now, before = f.partial_rss
        out.append(("proc_rss_bytes", f"the serving process's memory reads {now:.1f} GiB since its last "
                    f"start against {before:.1f} GiB before while the host's memory stayed in use: the "
                    "metric no longer counts all of the server's processes"))
    return out


def _symptoms(
    f: NodeFeatures, host_growth: float, min_alerts: int, alerts: AlertPicture, loading: bool = False,
    steady: float = 1.0,
) -> tuple[float, list[Evidence], int]:
    """How strongly the node shows trouble: alerts firing, host memory growing (not while a
    server that just started loads into it; weighed by ``steady``), OOM kills."""
    parts: list[tuple[float, Evidence, int]] = []
    if alerts.distinct:
        # a critical rule (user-facing impact by the sender's own judgement) weighs as two
        weight = float(alerts.distinct + alerts.critical)
        s = ramp(weight, min_alerts - 1.0, min_alerts + 2.0)
        parts.append((s, Evidence(signal="alerts_firing", value=alerts.distinct,
                                  detail=f"{alerts.critical} critical"), alerts.first_ns))
    host = _host(f)
    if host is not None and not loading:
        s = _rising(host.trend, host_growth, 0.7, 1.0) * steady
        parts.append((s, Evidence(signal="host_memory_growth_pct_per_min",
                                  value=round(host.trend.slope, 3), detail=""), host.onset_ns))
    if f.oom_recent:
        parts.append((1.0, Evidence(signal="oom_kills", value=f.oom_recent, detail="recent"),
                      f.ts_ns))
    if not parts:
        return 0.0, [], f.ts_ns
    best = max(p[0] for p in parts)
    ev = [p[1] for p in parts if p[0] > 0]
    onset = min((p[2] for p in parts if p[0] > 0), default=f.ts_ns)
    return best, ev, onset
