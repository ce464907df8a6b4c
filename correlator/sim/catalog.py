"""Hardware and model facts the physical model is built from.

Numbers are public specifications (memory sizes, bandwidth, TDP) and model architectures
(layers, KV heads, head size), from which the KV pool size and the step times follow.
"""

from __future__ import annotations

from dataclasses import dataclass

GIB = 1 << 30
MIB = 1 << 20


@dataclass(frozen=True, slots=True)
class GpuSpec:
    """One accelerator type as NVML and DCGM report it."""

    name: str
    mem_total_bytes: int
    reserved_bytes: int
    hbm_bytes_per_s: float
    bf16_flops: float
    tdp_w: float
    idle_w: float


@dataclass(frozen=True, slots=True)
class ModelSpec:
    """A served model: weights and the KV bytes one token costs."""

    name: str
    params: float
    weight_bytes: float
    layers: int
    kv_heads: int
    head_dim: int
    kv_dtype_bytes: int
    active_params: float = 0.0
    mla_latent: int = 0

    @property
    def flops_params(self) -> float:
        """Parameters touched per token (the active experts of a MoE)."""
        return self.active_params or self.params

    def kv_bytes_per_token(self, tp: int) -> int:
        """Per GPU: MLA latents are replicated on every rank, GQA heads are sharded."""
        if self.mla_latent:
            return self.layers * self.mla_latent * self.kv_dtype_bytes
        heads = max(1, self.kv_heads // tp)
        return 2 * self.layers * heads * self.head_dim * self.kv_dtype_bytes

    def kv_bytes_per_token_all_ranks(self, tp: int) -> int:
        """What one token of context costs when copied off the GPUs (all ranks)."""
        if self.mla_latent:
            return self.kv_bytes_per_token(tp)
        return self.kv_bytes_per_token(tp) * min(tp, self.kv_heads)


GPUS: dict[str, GpuSpec] = {
    "h100": GpuSpec("NVIDIA H100 80GB HBM3", 85_899_345_920, 536 * MIB, 3.35e12, 989e12, 700, 72),
    "h200": GpuSpec("NVIDIA H200", 150_754_820_096, 560 * MIB, 4.8e12, 989e12, 700, 78),
}

MODELS: tuple[ModelSpec, ...] = (
    ModelSpec(
        "deepseek-ai/DeepSeek-V3", 671e9, 689e9, 61, 128, 128, 1, active_params=37e9, mla_latent=656
    ),
    ModelSpec("deepseek-ai/DeepSeek-R1-Distill-Llama-70B", 70.6e9, 141.1e9, 80, 8, 128, 2),
    ModelSpec("deepseek-ai/DeepSeek-R1-Distill-Qwen-32B", 32.8e9, 65.5e9, 64, 8, 128, 2),
    ModelSpec("Qwen/Qwen2.5-7B-Instruct", 7.6e9, 15.2e9, 28, 4, 128, 2),
)
"""Largest first."""

GPU_MEMORY_UTILIZATION = 0.90
BLOCK_SIZE = 16


def pick_model(name: str, gpu: GpuSpec, tp: int) -> ModelSpec:
    """The named model; for ``auto`` DeepSeek-V3 where it fits (8 x H200), otherwise the
    largest dense model whose weights leave most of the memory to the KV pool."""
    if name != "auto":
        for model in MODELS:
            if model.name == name:
                return model
        known = ", ".join(m.name for m in MODELS)
        raise ValueError(f"unknown model {name!r}; known: auto, {known}")
    budget = gpu.mem_total_bytes * GPU_MEMORY_UTILIZATION * tp
    if MODELS[0].weight_bytes <= 0.75 * budget:
        return MODELS[0]
    for model in MODELS[1:]:
        if model.weight_bytes <= 0.35 * budget:
            return model
    return MODELS[-1]
