"""The seeded hull pairs of `examples/expected_pairs.rs`, drawn the same way.

splitmix64 and the same floating-point operations in the same order as the Rust
example's `Draw`, so both sides query bit-identical inputs.
"""

import math
from typing import List, Tuple

import numpy as np

MASK = (1 << 64) - 1
SEED = 20261127
PAIRS = 1000


class Draw:
    """splitmix64 (Steele, Lea and Flood 2014) and the draws built on it."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next_u64(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def unit(self) -> float:
        """Uniform in [0, 1), 53 bits."""
        return float(self.next_u64() >> 11) * (1.0 / 9007199254740992.0)

    def signed(self) -> float:
        """Uniform in [-1, 1)."""
        return 2.0 * self.unit() - 1.0

    def hull(self) -> np.ndarray:
        """4 to 32 points uniform in a cube of half-size 0.5 to 2."""
        n = 4 + int(self.unit() * 29.0)
        scale = 0.5 + 1.5 * self.unit()
        points = []
        for _ in range(n):
            x = self.signed() * scale
            y = self.signed() * scale
            z = self.signed() * scale
            points.append((x, y, z))
        return np.array(points, dtype=np.float64)

    def pose(self) -> np.ndarray:
        """[x, y, z, qw, qx, qy, qz] with a normalized quaternion."""
        t = [3.0 * self.signed(), 3.0 * self.signed(), 3.0 * self.signed()]
        q = [self.signed(), self.signed(), self.signed(), self.signed()]
        n = math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3])
        if n < 0.1:
            return np.array(t + [1.0, 0.0, 0.0, 0.0])
        return np.array(t + [q[0] / n, q[1] / n, q[2] / n, q[3] / n])


def hull_pairs(count: int = PAIRS) -> List[Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]]:
    """(points_a, pose_a, points_b, pose_b) for the first `count` pairs."""
    draw = Draw(SEED)
    out = []
    for _ in range(count):
        points_a, pose_a = draw.hull(), draw.pose()
        points_b, pose_b = draw.hull(), draw.pose()
        out.append((points_a, pose_a, points_b, pose_b))
    return out
