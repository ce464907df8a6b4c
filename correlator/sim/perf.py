"""How fast one engine runs: decode step time, prefill throughput, memory layout.

A decode step reads every weight once and the KV of every running sequence (memory bound);
a prefill is compute bound. CPU work between steps (scheduling, sampling, detokenising) is
not overlapped, which is why a busy vLLM engine shows ~65-80 % GPU utilisation, not 100 %.
"""

from __future__ import annotations

from dataclasses import dataclass

from correlator.sim.catalog import BLOCK_SIZE, GIB, GPU_MEMORY_UTILIZATION, GpuSpec, ModelSpec

BW_EFFICIENCY = 0.75
PREFILL_MFU = 0.40
STEP_FIXED_S = 0.004
STEP_PER_SEQ_S = 0.00006
CPU_GAP_S = 0.006
LONG_CONTEXT_TOKENS = 60_000.0


@dataclass(frozen=True, slots=True)
class EnginePerf:
    """Derived once per node from its GPUs, model and tensor-parallel size."""

    tp: int
    weights_per_gpu: int
    activation_bytes: int
    cuda_ctx_bytes: int
    graph_bytes: int
    kv_bytes_per_token: int
    kv_bytes_all_ranks: int
    pool_blocks: int
    weight_read_s: float
    kv_read_s_per_token: float
    prefill_tokens_per_s: float
    hbm_bytes_per_s: float

    def step_gpu_s(self, running: int, kv_tokens: float) -> float:
        """GPU time of one decode step over ``running`` sequences holding ``kv_tokens``."""
        return (
            STEP_FIXED_S
            + self.weight_read_s
            + running * STEP_PER_SEQ_S
            + kv_tokens * self.kv_read_s_per_token
        )

    def prefill_s(self, tokens: float, context: float) -> float:
        """Seconds to prefill ``tokens`` new tokens of a ``context``-token prompt."""
        return tokens / self.prefill_tokens_per_s * (1.0 + context / LONG_CONTEXT_TOKENS)

    @property
    def pool_bytes(self) -> int:
        return self.pool_blocks * BLOCK_SIZE * self.kv_bytes_per_token

    @property
    def serving_bytes(self) -> int:
        """NVML-visible use per GPU of a loaded engine with its pool allocated."""
        return (
            self.cuda_ctx_bytes
            + self.weights_per_gpu
            + self.activation_bytes
            + self.graph_bytes
            + self.pool_bytes
        )


def engine_perf(gpu: GpuSpec, model: ModelSpec, tp: int) -> EnginePerf:
    """The KV pool is what ``gpu_memory_utilization`` leaves after weights and activations."""
    weights = int(model.weight_bytes / tp)
    activation = int(1.5 * GIB + 0.012 * weights)
    ctx = int(0.55 * GIB)
    budget = int(gpu.mem_total_bytes * GPU_MEMORY_UTILIZATION)
    per_token = model.kv_bytes_per_token(tp)
    pool_bytes = max(budget - weights - activation - ctx, 64 * BLOCK_SIZE * per_token)
    bw = gpu.hbm_bytes_per_s * BW_EFFICIENCY
    return EnginePerf(
        tp=tp,
        weights_per_gpu=weights,
        activation_bytes=activation,
        cuda_ctx_bytes=ctx,
        graph_bytes=int(0.6 * GIB),
        kv_bytes_per_token=per_token,
        kv_bytes_all_ranks=model.kv_bytes_per_token_all_ranks(tp),
        pool_blocks=pool_bytes // (BLOCK_SIZE * per_token),
        weight_read_s=weights / bw,
        kv_read_s_per_token=per_token / bw,
        prefill_tokens_per_s=tp * gpu.bf16_flops * PREFILL_MFU / (2.0 * model.flops_params),
        hbm_bytes_per_s=gpu.hbm_bytes_per_s,
    )
