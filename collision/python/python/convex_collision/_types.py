"""The exception hierarchy and the array result types of `convex_collision`.

They are plain Python so that they subclass the built-in exceptions and `NamedTuple`;
the native module (`convex_collision._native`) creates and raises them. The results of
the single queries (`ClosestPoints`, `Contact`, `Impact`, `RayHit`) are native classes
of `_native`, made cheaply and with their arrays built on first read.
"""

from typing import List, NamedTuple

import numpy as np


class CollisionError(Exception):
    """Base class of every error raised by `convex_collision`; the message is the Rust one."""


class InvalidInputError(CollisionError, ValueError):
    """Input the queries cannot take: NaN or infinite values, arrays of the wrong shape or
    dtype, empty point sets, zero or non-unit quaternions, non-rigid matrices, negative
    lengths or margins. The message names the argument and what is wrong with it."""


class NotConvergedError(CollisionError):
    """A query ran out of iterations before proving its answer (GJK, time of impact or the
    GJK ray cast). It is never turned into a distance, a contact or a miss."""


class OutOfRangeError(CollisionError, ArithmeticError):
    """The scene lies outside the range the queries are exact in (support points beyond
    about 1e±60 of each other, or an answer that overflows float64): rescale it."""


class OutOfMemoryError(CollisionError, MemoryError):
    """A batch's arrays (its copies of the inputs, its results), a hull's working
    storage, support tables or arrays, or a thread's workspace for penetration depths
    (about 1 MB), do not fit in the memory the process may take; nothing was computed.
    Split the batch into smaller ones, or build a smaller hull."""


class FixtureError(CollisionError, ValueError):
    """A fixture file could not be read or does not fit the format; the message names the
    file and the line and column or the field."""


class MassProperties(NamedTuple):
    """Mass, centre of mass and inertia tensor of a solid shape (local frame)."""

    mass: float
    """The mass."""
    center_of_mass: np.ndarray
    """The centre of mass in the shape's local frame, shape (3,)."""
    inertia: np.ndarray
    """The inertia tensor about the centre of mass in local axes, shape (3, 3), with the
    products of inertia as negative integrals (I_xy = -∫ x y dm)."""
    principal_moments: np.ndarray
    """The principal moments, ascending, shape (3,)."""
    principal_axes: np.ndarray
    """A rotation matrix whose column k is the axis of principal_moments[k], shape (3, 3)."""


class BatchIntersects(NamedTuple):
    """Results of `batch_intersects`, one row per pair."""

    intersects: np.ndarray
    """bool (K,): whether the pair touches or overlaps (False where status is not OK)."""
    status: np.ndarray
    """int8 (K,): a `STATUS_*` code per pair."""


class BatchDistance(NamedTuple):
    """Results of `batch_distance`, one row per pair."""

    distance: np.ndarray
    """float64 (K,): the distance, +inf where status is not OK (no answer)."""
    status: np.ndarray
    """int8 (K,): a `STATUS_*` code per pair."""


class BatchClosestPoints(NamedTuple):
    """Results of `batch_closest_points`, one row per pair."""

    overlapping: np.ndarray
    """bool (K,): the pair touches or overlaps (its points are zero)."""
    distance: np.ndarray
    """float64 (K,): the distance (0 when overlapping), +inf where status is not OK."""
    point_a: np.ndarray
    """float64 (K, 3): the points of A, zero when overlapping or status is not OK."""
    point_b: np.ndarray
    """float64 (K, 3): the points of B, zero when overlapping or status is not OK."""
    status: np.ndarray
    """int8 (K,): a `STATUS_*` code per pair."""


class BatchContact(NamedTuple):
    """Results of `batch_contact`, one row per pair."""

    has_contact: np.ndarray
    """bool (K,): the pair overlaps or lies within the margin (else its separation is +inf, its
    depth 0 and its vectors zero)."""
    separation: np.ndarray
    """float64 (K,): signed separation (negative: minus the depth); +inf without contact."""
    depth: np.ndarray
    """float64 (K,): penetration depth max(0, -separation); 0 without contact."""
    normal: np.ndarray
    """float64 (K, 3): unit normals from A towards B; zero without contact."""
    point_a: np.ndarray
    """float64 (K, 3): contact points on A; zero without contact."""
    point_b: np.ndarray
    """float64 (K, 3): contact points on B; zero without contact."""
    status: np.ndarray
    """int8 (K,): a `STATUS_*` code per pair (approximate contacts have codes 4 to 6)."""


class BatchRayCast(NamedTuple):
    """Results of `batch_cast_ray`, one row per (shape, ray) pair."""

    hit: np.ndarray
    """bool (K,): the ray meets the shape within `max_toi` (a start inside is a hit at 0)."""
    toi: np.ndarray
    """float64 (K,): the ray parameter of the hit, in units of the ray's direction; +inf
    without a hit."""
    point: np.ndarray
    """float64 (K, 3): the hit points; zero without a hit."""
    normal: np.ndarray
    """float64 (K, 3): unit outward normals at the hits (minus the unit direction for a
    start inside); zero without a hit."""
    status: np.ndarray
    """int8 (K,): a `STATUS_*` code per pair."""


__all__: List[str] = [
    "CollisionError",
    "InvalidInputError",
    "NotConvergedError",
    "OutOfRangeError",
    "OutOfMemoryError",
    "FixtureError",
    "MassProperties",
    "BatchIntersects",
    "BatchDistance",
    "BatchClosestPoints",
    "BatchContact",
    "BatchRayCast",
]
