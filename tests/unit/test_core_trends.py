"""The trend statistics against their textbook definitions.

``mann_kendall`` counts rising and falling pairs by bisecting the sorted pairwise slopes and
reuses index pairs per window length; ``bucket_means`` sums whole chunks unless a gap is in
them. Both must give exactly what the plain definitions give, gaps and infinities included.
"""

from __future__ import annotations

import math
import random

import pytest

from correlator.core.trends import Monotone, bucket_means, mann_kendall

NAN = float("nan")
INF = float("inf")


def reference_mk(points: list[float]) -> Monotone:
    xs = [(i, v) for i, v in enumerate(points) if not math.isnan(v)]
    n = len(xs)
    if n < 3:
        return Monotone(n, 0.0, NAN, NAN, NAN)
    sign = 0
    slopes = []
    for a in range(n):
        for b in range(a + 1, n):
            d = xs[b][1] - xs[a][1]
            sign += 1 if d > 0 else -1 if d < 0 else 0
            slopes.append(d / (xs[b][0] - xs[a][0]))
    slopes.sort()
    m = len(slopes)
    median = slopes[m // 2] if m % 2 else (slopes[m // 2 - 1] + slopes[m // 2]) / 2
    return Monotone(n, sign / m, median, xs[-1][1] - xs[0][1], sum(v for _, v in xs) / n)


def reference_means(values: list[float], per: int) -> list[float]:
    out = []
    for end in range(len(values), per - 1, -per):
        present = [v for v in values[end - per : end] if not math.isnan(v)]
        out.append(sum(present) / len(present) if present else NAN)
    return out[::-1]


def same(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or a == b


def series(rng: random.Random, n: int, style: str) -> list[float]:
    out = []
    for i in range(n):
        r = rng.random()
        if style == "gaps" and r < 0.25:
            out.append(NAN)
        elif style == "infinite" and r < 0.15:
            out.append(rng.choice([INF, -INF]))
        elif style == "ties":
            out.append(float(rng.randint(0, 3)))
        else:
            out.append(40.0 + 0.5 * i + rng.gauss(0.0, 3.0))
    return out


@pytest.mark.parametrize("style", ["plain", "gaps", "infinite", "ties"])
def test_mann_kendall_and_means_match_the_definitions(style: str) -> None:
    rng = random.Random(style)
    for _ in range(400):
        values = series(rng, rng.choice([0, 1, 2, 3, 5, 6, 12, 20, 32, 72]), style)
        got, want = mann_kendall(values), reference_mk(values)
        assert got.n == want.n
        for field in ("tau", "slope", "rise", "mean"):
            assert same(getattr(got, field), getattr(want, field)), (field, values, got, want)
        for per in (1, 3, 6):
            means = bucket_means(values, per)
            expected = reference_means(values, per)
            assert len(means) == len(expected)
            assert all(same(a, b) for a, b in zip(means, expected, strict=True)), (per, values)


def test_a_steady_rise_and_a_fall() -> None:
    up = mann_kendall([1.0, 2.0, 3.0, 4.0])
    assert (up.tau, up.slope, up.rise, up.mean) == (1.0, 1.0, 3.0, 2.5)
    down = mann_kendall([9.0, NAN, 5.0, 3.0])  # the gap keeps its place in time
    assert down.n == 3 and down.tau == -1.0 and down.slope == -2.0
    flat = mann_kendall([2.0, 2.0, 2.0])
    assert flat.tau == 0.0 and flat.slope == 0.0
    means = bucket_means([7.0, 1.0, 3.0, NAN, 5.0, NAN, NAN], 2)  # aligned to the newest
    assert means[:2] == [2.0, 5.0] and math.isnan(means[2]) and len(means) == 3
