"""The report's figures, rendered off-screen (matplotlib's Agg) to PNG bytes.

Time is event time, in minutes from the replay's first record. Label windows are shaded in
their cause's colour (look-alikes grey and hatched); an incident's opening is a solid line in
its cause's colour, its resolution a dashed one.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from correlator.report.collect import BIN_NS, MINUTE_NS, NS, NodeTrace
from correlator.wire.labels import FaultLabel

CAUSE_COLORS = {
    "session_isolation": "#1f77b4",
    "spec_residue": "#ff7f0e",
    "monitoring_gap": "#2ca02c",
    "gpu_failure": "#d62728",
    "gpu_throttled": "#bcbd22",
    "engine_stalled": "#17becf",
    "engine_slowed": "#9edae5",
    "crash_loop": "#aec7e8",
    "server_lost": "#ff9896",
    "runaway_generation": "#ffbb78",
    "spec_acceptance_collapse": "#c5b0d5",
    "kv_pool_shrunk": "#7f7f7f",
    "kv_transfer_leak": "#dbdb8d",
    "nvlink_degraded": "#393b79",
    "concurrency_capped": "#637939",
    "upstream_errors": "#8c6d31",
    "output_capped": "#bd9e39",
    "context_capped": "#e7ba52",
    "api_server_errors": "#843c39",
    "node_unreachable": "#9467bd",
    "gpus_unavailable": "#c5b0d5",
    "node_not_ready": "#6b6ecf",
    "memory_leak": "#8c564b",
    "unexplained_alerts": "#e377c2",
    "other": "#7f7f7f",
    "benign": "#9e9e9e",
}
DPI = 80


def color(cause: str) -> str:
    return CAUSE_COLORS.get(cause, "#17becf")


@dataclass(frozen=True)
class Mark:
    """An incident on a node: when it opened and (if it did) resolved."""

    incident_id: str
    cause: str
    opened_ns: int
    resolved_ns: int | None


def png(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=DPI)
    plt.close(fig)
    return buf.getvalue()


def _minutes(ts_ns: int, t0_ns: int) -> float:
    return (ts_ns - t0_ns) / MINUTE_NS


def _xs(trace: NodeTrace, name: str, t0_ns: int) -> tuple[list[float], list[float]]:
    b = trace.series[name]
    start = b.t0_bin * BIN_NS
    return ([_minutes(start + i * BIN_NS, t0_ns) for i in range(len(b.values))], list(b.values))


def _windows(ax: Axes, labels: Sequence[FaultLabel], t0_ns: int, text: bool) -> None:
    for lab in labels:
        benign = lab.cause == "benign"
        ax.axvspan(_minutes(lab.start_ns, t0_ns), _minutes(lab.end_ns, t0_ns), color=color(lab.cause),
                   alpha=0.12 if not benign else 0.18, hatch="//" if benign else None, lw=0)
        if text:
            what = lab.detail if benign and lab.detail else lab.cause
            ax.text(_minutes(lab.start_ns, t0_ns), 1.01, f" label: {what}",
                    transform=ax.get_xaxis_transform(), fontsize=8, color=color(lab.cause),
                    va="bottom", ha="left", clip_on=False)


def _marks(ax: Axes, marks: Sequence[Mark], t0_ns: int, text: bool) -> None:
    for mk in marks:
        c = color(mk.cause)
        ax.axvline(_minutes(mk.opened_ns, t0_ns), color=c, lw=1.6)
        if mk.resolved_ns is not None:
            ax.axvline(_minutes(mk.resolved_ns, t0_ns), color=c, lw=1.4, ls="--")
        if text:
            ax.text(_minutes(mk.opened_ns, t0_ns), 0.97, f" open {mk.cause}",
                    transform=ax.get_xaxis_transform(), fontsize=8, color=c, va="top", ha="left", rotation=0,
                    bbox={"facecolor": "white", "alpha": 0.7, "lw": 0, "pad": 1})
            if mk.resolved_ns is not None:
                ax.text(_minutes(mk.resolved_ns, t0_ns), 0.85, " resolved",
                        transform=ax.get_xaxis_transform(), fontsize=8, color=c, va="top", ha="left")


def node_figure(name: str, trace: NodeTrace, t0_ns: int, t1_ns: int, labels: Sequence[FaultLabel],
                marks: Sequence[Mark], actions: Sequence[tuple[int, str]], open_score: float) -> bytes:
    """Memory, load and hypothesis strengths of one node, with its labels and incidents."""
    fig, (mem, load, hyp) = plt.subplots(3, 1, figsize=(11, 6.6), sharex=True,
                                         gridspec_kw={"height_ratios": [2.2, 1.2, 1.6]})
    fig.subplots_adjust(left=0.07, right=0.82, top=0.91, bottom=0.08, hspace=0.12)
    fig.suptitle(name, x=0.07, ha="left", fontsize=12, fontweight="bold")
    for key, lab, c, style in (("kv_pct", "KV cache", "#1f77b4", "-"),
                               ("gpu_pct", "GPU framebuffer", "#ff7f0e", "-"),
                               ("host_pct", "host memory", "#2ca02c", "-"),
                               ("rss_pct", "serving RSS", "#8c564b", ":")):
        x, y = _xs(trace, key, t0_ns)
        if any(v == v for v in y):
            mem.plot(x, y, color=c, lw=1.1, ls=style, label=lab)
    if actions:
        mem.plot([_minutes(ts, t0_ns) for ts, _ in actions], [101.0] * len(actions), "v", color="#d62728",
                 ms=5, label="Level-1 action", clip_on=False)
    mem.set_ylim(0, 103)
    mem.set_ylabel("memory %")
    mem.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8, frameon=False)
    _load(load, trace, t0_ns)
    _hypotheses(hyp, trace, t0_ns, open_score)
    for ax in (mem, load, hyp):
        _windows(ax, labels, t0_ns, text=ax is mem)
        _marks(ax, marks, t0_ns, text=ax is mem)
        ax.grid(alpha=0.25)
        ax.set_xlim(0, max(_minutes(t1_ns, t0_ns), 1.0))
    hyp.set_xlabel("event time, minutes from the start of the replay")
    return png(fig)


def _load(ax: Axes, trace: NodeTrace, t0_ns: int) -> None:
    for key, c in (("running", "#17becf"), ("waiting", "#bcbd22")):
        x, y = _xs(trace, key, t0_ns)
        if any(v == v for v in y):
            ax.plot(x, y, color=c, lw=1.0, label=key)
    ax.set_ylabel("requests")
    x, y = _xs(trace, "aborts", t0_ns)
    per_min = [v * 6.0 if v == v else 0.0 for v in y]
    twin = ax.twinx()
    twin.plot(x, per_min, color="#d62728", lw=0.7, alpha=0.7, label="interrupted/min")
    twin.set_ylabel("interrupted /min", color="#d62728", fontsize=8)
    twin.tick_params(axis="y", labelsize=7, colors="#d62728")
    lines = ax.get_legend_handles_labels()
    tl = twin.get_legend_handles_labels()
    ax.legend(lines[0] + tl[0], lines[1] + tl[1], loc="upper left", bbox_to_anchor=(1.08, 1.0), fontsize=8,
              frameon=False)


def _hypotheses(ax: Axes, trace: NodeTrace, t0_ns: int, open_score: float) -> None:
    causes = sorted({c for _, sc in trace.scores for c, v in sc.items() if v > 0.02})
    for cause in causes:
        xs = [_minutes(ts, t0_ns) for ts, _ in trace.scores]
        ys = [sc.get(cause, 0.0) for _, sc in trace.scores]
        ax.plot(xs, ys, color=color(cause), lw=1.2, label=cause, drawstyle="steps-post")
    ax.axhline(open_score, color="black", lw=0.8, ls=":", label=f"open at {open_score:g}")
    ax.set_ylim(0, 1.05)
    ax.set_ylabel("hypothesis\nstrength")
    ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8, frameon=False)
    if not trace.scores:
        ax.text(0.5, 0.5, "never evaluated in full (nothing passed the screen)", transform=ax.transAxes,
                ha="center", va="center", fontsize=9, color="#666")


def flow_figure(alerts_per_min: dict[int, int], opened_ns: Sequence[tuple[int, str]], t0_ns: int,
                t1_ns: int) -> bytes:
    """Firing alerts per minute against incidents opened (cumulative), over the replay."""
    fig, ax = plt.subplots(figsize=(11, 3.4))
    fig.subplots_adjust(left=0.07, right=0.86, top=0.9, bottom=0.16)
    xs = [_minutes(mi * MINUTE_NS, t0_ns) for mi in sorted(alerts_per_min)]
    ys = [alerts_per_min[mi] for mi in sorted(alerts_per_min)]
    ax.bar(xs, ys, width=1.0, align="edge", color="#9e9e9e", label="alerts in (firing, per minute)")
    ax.set_ylabel("alerts / minute")
    twin = ax.twinx()
    opened = sorted(ts for ts, _ in opened_ns)
    steps_x = [0.0] + [_minutes(ts, t0_ns) for ts in opened] + [_minutes(t1_ns, t0_ns)]
    steps_y = [0, *range(1, len(opened) + 1), len(opened)]
    twin.step(steps_x, steps_y, where="post", color="#d62728", lw=1.8, label="incidents out (cumulative)")
    for ts, cause in opened_ns:
        twin.plot([_minutes(ts, t0_ns)], [0], "^", color=color(cause), ms=7, clip_on=False)
    twin.set_ylim(0, max(len(opened), 1) * 1.15)
    twin.set_ylabel("incidents opened", color="#d62728")
    ax.set_xlim(0, max(_minutes(t1_ns, t0_ns), 1.0))
    ax.set_xlabel("event time, minutes from the start of the replay")
    h1, l1 = ax.get_legend_handles_labels()
    h2, l2 = twin.get_legend_handles_labels()
    ax.legend(h1 + h2, l1 + l2, loc="upper left", fontsize=8, frameon=False)
    ax.set_title(f"{sum(ys)} firing alerts in, {len(opened)} incidents out", fontsize=10, loc="left")
    return png(fig)


def latency_figure(latencies: Sequence[tuple[str, float]]) -> bytes:
    """Detection latency of each matched fault (opened - label start), by cause."""
    causes = sorted({c for c, _ in latencies})
    fig, ax = plt.subplots(figsize=(11, 0.6 + 0.55 * max(len(causes), 1) + 0.9))
    fig.subplots_adjust(left=0.17, right=0.97, top=0.84, bottom=0.3 if len(causes) < 3 else 0.2)
    for i, cause in enumerate(causes):
        vals = sorted(v for c, v in latencies if c == cause)
        jitter = [i + 0.18 * math.sin(k * 2.4) for k in range(len(vals))]
        ax.plot(vals, jitter, "o", color=color(cause), ms=6, alpha=0.85)
        med = vals[len(vals) // 2]
        ax.plot([med, med], [i - 0.3, i + 0.3], color="black", lw=1.5)
    ax.set_yticks(range(len(causes)), causes)
    ax.set_ylim(-0.6, max(len(causes), 1) - 0.4)
    ax.set_xlabel("detection latency, s (incident opened - fault start; bar: median)")
    if latencies and min(v for _, v in latencies) > 0 and max(v for _, v in latencies) / max(
            min(v for _, v in latencies), 1e-9) > 30:
        ax.set_xscale("log")
    ax.grid(alpha=0.25, axis="x")
    n = len(latencies)
    ax.set_title(f"{n} fault{'s' if n != 1 else ''} detected", fontsize=10, loc="left")
    return png(fig)


def strength_figure(nodes: Sequence[str], causes: Sequence[str], peak: dict[tuple[str, str], float],
                    labelled: dict[str, set[str]]) -> bytes:
    """Peak hypothesis strength per node and cause; a box marks a labelled fault's cause."""
    fig, ax = plt.subplots(figsize=(11, 0.9 + 0.32 * len(nodes)))
    fig.subplots_adjust(left=0.17, right=0.97, top=1 - 0.5 / (0.9 + 0.32 * len(nodes)), bottom=0.1)
    grid = [[peak.get((n, c), 0.0) for c in causes] for n in nodes]
    ax.imshow(grid, aspect="auto", cmap="Reds", vmin=0.0, vmax=1.0)
    for i, n in enumerate(nodes):
        for j, c in enumerate(causes):
            v = grid[i][j]
            ax.text(j, i, f"{v:.2f}" if v else "", ha="center", va="center", fontsize=7,
                    color="white" if v > 0.6 else "black")
            if c in labelled.get(n, set()):
                ax.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, ec="black", lw=1.6))
    ax.set_xticks(range(len(causes)), causes, fontsize=8)
    ax.xaxis.tick_top()
    ax.set_yticks(range(len(nodes)), nodes, fontsize=8)
    return png(fig)


def seconds(ns: int) -> float:
    return ns / NS
