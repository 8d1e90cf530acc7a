"""Type stubs of `convex_collision` (the native module `_native` and `_types`)."""

import os
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

from ._types import (
    BatchClosestPoints as BatchClosestPoints,
    BatchContact as BatchContact,
    BatchDistance as BatchDistance,
    BatchIntersects as BatchIntersects,
    BatchRayCast as BatchRayCast,
    CollisionError as CollisionError,
    FixtureError as FixtureError,
    InvalidInputError as InvalidInputError,
    MassProperties as MassProperties,
    NotConvergedError as NotConvergedError,
    OutOfMemoryError as OutOfMemoryError,
    OutOfRangeError as OutOfRangeError,
)

#: A (3,) vector: a numpy array or any sequence of three real numbers.
Vec3 = npt.ArrayLike
#: A pose: a (7,) array [x, y, z, qw, qx, qy, qz], a (4, 4) rigid homogeneous matrix,
#: or None for the identity.
Pose = Optional[npt.ArrayLike]

STATUS_OK: int
"""Batch status 0: an exact answer."""
STATUS_NOT_CONVERGED: int
"""Batch status 1: the query ran out of iterations; no answer (an infinite distance, zero vectors)."""
STATUS_INVALID_INPUT: int
"""Batch status 2: an index out of range or a bad pose row (or, in batch_cast_ray, a bad
ray row: a non-finite number, a zero direction); no answer."""
STATUS_OUT_OF_RANGE: int
"""Batch status 3: the scene is outside the exact range (about 1e±60) or the answer
overflowed; no answer."""
STATUS_APPROXIMATE_GJK_MAX_ITERATIONS: int
"""Batch contact status 4: GJK ran out of iterations; the separation is an upper bound."""
STATUS_APPROXIMATE_EPA_OUT_OF_CAPACITY: int
"""Batch contact status 5: EPA ran out of capacity; the best depth found."""
STATUS_APPROXIMATE_EPA_STALLED: int
"""Batch contact status 6: EPA stalled on rounding; the best depth found."""
STATUS_OUT_OF_MEMORY: int
"""Batch contact status 7: the pair overlaps and its thread had no memory for the
penetration query's workspace (about 1 MB per thread); no answer."""

class Shape:
    """A convex shape, the base class of every shape kind. Immutable; pickles."""

    @property
    def kind(self) -> str:
        """'ball', 'cuboid', 'capsule', 'cylinder', 'cone', 'segment', 'triangle',
        'point', 'hull' or 'rounded'."""
    def support(self, direction: Vec3, pose: Pose = None) -> np.ndarray:
        """The point of the shape at `pose` farthest along `direction`, shape (3,).
        Raises OutOfRangeError when that point lies beyond float64 (a shape near
        1e308 in size, turned or moved)."""
    def aabb(self, pose: Pose = None) -> Tuple[np.ndarray, np.ndarray]:
        """The axis-aligned bounding box at `pose` as (mins, maxs); a bound beyond
        float64 (a shape near 1e308 in size) is -inf or inf, never NaN."""
    def to_json(self) -> str:
        """The shape as a fixture-format JSON object (text)."""
    @staticmethod
    def from_json(text: str) -> "Shape":
        """A shape from a fixture-format JSON object (text)."""
    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Ball(Shape):
    """A ball of `radius` ≥ 0 centred at the local origin."""

    def __init__(self, radius: float) -> None: ...
    @property
    def radius(self) -> float:
        """The radius."""

class Cuboid(Shape):
    """A box centred at the local origin with `half_extents` (3,), each ≥ 0."""

    def __init__(self, half_extents: Vec3) -> None: ...
    @property
    def half_extents(self) -> np.ndarray:
        """The half-extents, shape (3,)."""

class Capsule(Shape):
    """A capsule along local y: the segment (0, ±half_height, 0) grown by `radius`."""

    def __init__(self, half_height: float, radius: float) -> None: ...
    @property
    def half_height(self) -> float:
        """Half the height along the local y axis."""
    @property
    def radius(self) -> float:
        """The radius."""

class Cylinder(Shape):
    """A cylinder along local y, from y = -half_height to y = half_height."""

    def __init__(self, half_height: float, radius: float) -> None: ...
    @property
    def half_height(self) -> float:
        """Half the height along the local y axis."""
    @property
    def radius(self) -> float:
        """The radius."""

class Cone(Shape):
    """A cone along local y: base disc at y = -half_height, apex at y = half_height."""

    def __init__(self, half_height: float, radius: float) -> None: ...
    @property
    def half_height(self) -> float:
        """Half the height along the local y axis."""
    @property
    def radius(self) -> float:
        """The base radius."""

class Segment(Shape):
    """The segment from `a` to `b`."""

    def __init__(self, a: Vec3, b: Vec3) -> None: ...
    @property
    def vertices(self) -> np.ndarray:
        """The end points, shape (2, 3)."""

class Triangle(Shape):
    """The triangle with corners `a`, `b`, `c`."""

    def __init__(self, a: Vec3, b: Vec3, c: Vec3) -> None: ...
    @property
    def vertices(self) -> np.ndarray:
        """The corners, shape (3, 3)."""

class Point(Shape):
    """A single point at `position` (default the local origin)."""

    def __init__(self, position: Optional[Vec3] = None) -> None: ...
    @property
    def position(self) -> np.ndarray:
        """The position, shape (3,)."""

class Rounded(Shape):
    """`shape` grown by `margin` ≥ 0 (its Minkowski sum with a ball). Rounding a
    rounded shape adds the margins: Rounded(Rounded(s, a), b) is Rounded(s, a + b)."""

    def __init__(self, shape: Shape, margin: float) -> None: ...
    @property
    def margin(self) -> float:
        """The margin."""
    @property
    def shape(self) -> Shape:
        """The inner shape."""

class ConvexHull(Shape):
    """The convex hull of an (N, 3) array of points (N ≥ 1). Flat point sets give a
    polygon, segment or point (`hull_kind`) with no polyhedron: empty triangles, faces
    and planes, zero volume and area, and the vertices' mean as centroid."""

    def __init__(self, points: npt.ArrayLike) -> None: ...
    @property
    def points(self) -> np.ndarray:
        """The input points, shape (N, 3)."""
    @property
    def vertices(self) -> np.ndarray:
        """The extreme points, each once, shape (V, 3)."""
    @property
    def hull_kind(self) -> str:
        """'solid', 'polygon', 'segment' or 'point'."""
    @property
    def triangles(self) -> np.ndarray:
        """int64 (T, 3) indices into `vertices`, counter-clockwise seen from outside."""
    @property
    def faces(self) -> List[np.ndarray]:
        """The polygonal faces as int64 arrays of vertex indices."""
    @property
    def planes(self) -> np.ndarray:
        """(F, 4) rows [nx, ny, nz, offset], outward unit normals, n · p = offset."""
    @property
    def volume(self) -> float:
        """The enclosed volume."""
    @property
    def area(self) -> float:
        """The surface area."""
    @property
    def centroid(self) -> np.ndarray:
        """The centroid of the volume, shape (3,)."""

class ShapeSet(Sequence[Shape]):
    """A fixed sequence of shapes for the `batch_*` queries, which accept it wherever they
    take a list of shapes. Each shape is checked once, when the set is made, instead of on
    every batch call: for batches over the same shapes again and again. A batch on a set
    whose pairs use few of its poses (float64, C order) costs in proportion to the pairs,
    not to the set's size. Immutable; takes
    integer indices (negative from the end) and iterates like a tuple; pickles."""

    def __init__(self, shapes: Iterable[Shape]) -> None:
        """Raises TypeError naming the first item that is not a Shape."""
    def __len__(self) -> int: ...
    def __getitem__(self, index: int) -> Shape:  # type: ignore[override]
        """The shape at `index` (negative counts from the end); IndexError out of range."""

class ClosestPoints:
    """The closest points of two shapes (world frame), or the fact that they overlap.
    Frozen; unpacks as `(overlapping, distance, point_a, point_b)`; compares by value;
    pickles. Each array is built on first read, then the same object is returned."""

    def __init__(
        self,
        overlapping: bool,
        distance: float,
        point_a: Optional[Vec3] = None,
        point_b: Optional[Vec3] = None,
    ) -> None: ...
    @property
    def overlapping(self) -> bool:
        """True when the shapes touch or overlap (then the points are None)."""
    @property
    def distance(self) -> float:
        """The distance between the shapes, 0.0 when they touch or overlap."""
    @property
    def point_a(self) -> Optional[np.ndarray]:
        """The point of A nearest B, shape (3,), or None when overlapping."""
    @property
    def point_b(self) -> Optional[np.ndarray]:
        """The point of B nearest A, shape (3,), or None when overlapping."""
    def __len__(self) -> int: ...
    def __getitem__(self, index: int) -> Any: ...
    def __iter__(self) -> Iterator[Any]: ...
    def __eq__(self, other: object) -> bool: ...
    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]: ...

class Contact:
    """A contact of two shapes that overlap or lie within the margin (world frame).
    Frozen; unpacks as `(separation, normal, point_a, point_b, status, method)`; compares
    by value; pickles. Each array is built on first read, then the same object is
    returned."""

    def __init__(
        self,
        separation: float,
        normal: Vec3,
        point_a: Vec3,
        point_b: Vec3,
        status: str,
        method: str,
    ) -> None: ...
    @property
    def separation(self) -> float:
        """Signed distance along `normal`: positive apart, minus the depth when penetrating."""
    @property
    def depth(self) -> float:
        """The penetration depth, `max(0, -separation)`."""
    @property
    def normal(self) -> np.ndarray:
        """Unit normal from A towards B, shape (3,)."""
    @property
    def point_a(self) -> np.ndarray:
        """The point of A nearest B (when penetrating: deepest inside B), shape (3,)."""
    @property
    def point_b(self) -> np.ndarray:
        """The point of B nearest A (when penetrating: deepest inside A), shape (3,)."""
    @property
    def status(self) -> str:
        """How exact the answer is: 'converged', 'gjk_max_iterations' (separation is an
        upper bound), 'epa_out_of_capacity' or 'epa_stalled' (the best depth found)."""
    @property
    def method(self) -> str:
        """Which algorithm answered: 'closest_points', 'penetration' or 'flat'."""
    def __len__(self) -> int: ...
    def __getitem__(self, index: int) -> Any: ...
    def __iter__(self) -> Iterator[Any]: ...
    def __eq__(self, other: object) -> bool: ...
    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]: ...

class Impact:
    """The first contact of two moving shapes, at `time` (world frame). Frozen; unpacks
    as `(time, point_a, point_b, normal, separation, iterations)`; compares by value;
    pickles."""

    def __init__(
        self,
        time: float,
        point_a: Vec3,
        point_b: Vec3,
        normal: Vec3,
        separation: float,
        iterations: int,
    ) -> None: ...
    @property
    def time(self) -> float:
        """Time of impact, 0.0 when the shapes touch or overlap at the start."""
    @property
    def point_a(self) -> np.ndarray:
        """Point of A nearest B at `time`, shape (3,)."""
    @property
    def point_b(self) -> np.ndarray:
        """Point of B nearest A at `time`, shape (3,)."""
    @property
    def normal(self) -> np.ndarray:
        """Unit normal from A towards B at `time`, shape (3,)."""
    @property
    def separation(self) -> float:
        """Signed separation at `time` (about 0 at an impact, negative if overlapping at 0)."""
    @property
    def iterations(self) -> int:
        """Conservative-advancement iterations made (0 for the exact ball–ball path)."""
    def __len__(self) -> int: ...
    def __getitem__(self, index: int) -> Any: ...
    def __iter__(self) -> Iterator[Any]: ...
    def __eq__(self, other: object) -> bool: ...
    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]: ...

class RayHit:
    """Where a ray enters a shape (world frame). Frozen; unpacks as `(toi, point,
    normal)`; compares by value; pickles."""

    def __init__(self, toi: float, point: Vec3, normal: Vec3) -> None: ...
    @property
    def toi(self) -> float:
        """Ray parameter of the hit, in units of the direction (0 when starting inside)."""
    @property
    def point(self) -> np.ndarray:
        """The hit point, shape (3,)."""
    @property
    def normal(self) -> np.ndarray:
        """Unit outward normal at the hit, shape (3,) (minus the unit direction when the ray
        starts inside)."""
    def __len__(self) -> int: ...
    def __getitem__(self, index: int) -> Any: ...
    def __iter__(self) -> Iterator[Any]: ...
    def __eq__(self, other: object) -> bool: ...
    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]: ...

def identity_pose() -> np.ndarray:
    """The identity pose [0, 0, 0, 1, 0, 0, 0]."""

def pose_from_matrix(pose: npt.ArrayLike) -> np.ndarray:
    """A pose ((7,) or (4, 4) rigid) as [x, y, z, qw, qx, qy, qz]."""

def pose_to_matrix(pose: npt.ArrayLike) -> np.ndarray:
    """A pose ((7,) or (4, 4) rigid) as a (4, 4) homogeneous matrix."""

def intersects(a: Shape, pose_a: Pose, b: Shape, pose_b: Pose) -> bool:
    """Whether the shapes touch or overlap.

    Raises NotConvergedError when GJK proved neither, OutOfRangeError for a scene outside
    the exact range (about 1e±60), InvalidInputError for bad input."""

def distance(a: Shape, pose_a: Pose, b: Shape, pose_b: Pose) -> float:
    """The distance between the shapes, 0.0 when they touch or overlap.

    Raises NotConvergedError (never a guessed distance), OutOfRangeError (a scene outside
    the exact range, or a distance that overflows) or InvalidInputError."""

def closest_points(a: Shape, pose_a: Pose, b: Shape, pose_b: Pose) -> ClosestPoints:
    """The closest points of the shapes (world frame). Raises as `distance`."""

def contact(
    a: Shape, pose_a: Pose, b: Shape, pose_b: Pose, margin: float = 0.0
) -> Optional[Contact]:
    """The contact when the shapes overlap or lie within `margin`, else None; raises
    OutOfMemoryError when they overlap and the thread has no memory for the penetration
    query's workspace (about 1 MB, made on a thread's first one)."""

def time_of_impact(
    a: Shape,
    pose_a: Pose,
    b: Shape,
    pose_b: Pose,
    t_max: float,
    *,
    linear_a: Optional[Vec3] = None,
    angular_a: Optional[Vec3] = None,
    linear_b: Optional[Vec3] = None,
    angular_b: Optional[Vec3] = None,
    max_iterations: Optional[int] = None,
) -> Optional[Impact]:
    """The first contact in [0, t_max] under constant velocities, or None; raises
    NotConvergedError after `max_iterations` (default 4096) advancement steps."""

def cast_ray(
    shape: Shape,
    pose: Pose,
    origin: Vec3,
    direction: Vec3,
    max_toi: float = ...,
) -> Optional[RayHit]:
    """Where the ray origin + t * direction (0 ≤ t ≤ max_toi) enters the shape, or None."""

def mass_properties(
    shape: Shape, *, density: Optional[float] = None, mass: Optional[float] = None
) -> MassProperties:
    """Mass properties of a solid shape (a ball, cuboid, capsule, cylinder, cone or solid
    hull, or a rounded ball, point, capsule or segment) from `density` (default 1) or
    `mass`."""

def batch_intersects(
    shapes: Union[Sequence[Shape], ShapeSet], poses: npt.ArrayLike, pairs: npt.ArrayLike
) -> BatchIntersects:
    """`intersects` for every (i, j) row of `pairs`, on every core for more than
    16 pairs (GIL released)."""

def batch_distance(
    shapes: Union[Sequence[Shape], ShapeSet], poses: npt.ArrayLike, pairs: npt.ArrayLike
) -> BatchDistance:
    """`distance` for every (i, j) row of `pairs`, on every core for more than
    16 pairs (GIL released)."""

def batch_closest_points(
    shapes: Union[Sequence[Shape], ShapeSet], poses: npt.ArrayLike, pairs: npt.ArrayLike
) -> BatchClosestPoints:
    """`closest_points` for every (i, j) row of `pairs`, on every core for more than
    16 pairs (GIL released)."""

def batch_contact(
    shapes: Union[Sequence[Shape], ShapeSet], poses: npt.ArrayLike, pairs: npt.ArrayLike, margin: float = 0.0
) -> BatchContact:
    """`contact` for every (i, j) row of `pairs`, on every core for more than
    16 pairs (GIL released)."""

def batch_cast_ray(
    shapes: Union[Sequence[Shape], ShapeSet],
    poses: npt.ArrayLike,
    rays: npt.ArrayLike,
    pairs: npt.ArrayLike,
    max_toi: float = ...,
) -> BatchRayCast:
    """`cast_ray` for every (shape, ray) row of `pairs`, on every core for
    more than 16 pairs (GIL released); `rays` is (R, 6),
    rows `[ox, oy, oz, dx, dy, dz]`."""

class Fixture:
    """A fixture: two shapes, poses, a query and optionally the expected answer."""

    def __init__(
        self,
        shape_a: Shape,
        pose_a: Pose,
        shape_b: Shape,
        pose_b: Pose,
        query: Union[str, Dict[str, Any]],
        *,
        name: str = "python",
        description: str = "Written from Python.",
        expected: Optional[Dict[str, Any]] = None,
    ) -> None: ...
    @staticmethod
    def load(path: Union[str, "os.PathLike[str]"]) -> "Fixture":
        """Loads and validates a fixture file."""
    @staticmethod
    def from_json(text: str, file: str = "<string>") -> "Fixture":
        """Parses fixture JSON text."""
    def to_json(self) -> str:
        """The fixture as pretty JSON text."""
    def save(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Writes the fixture to `path`."""
    @property
    def name(self) -> str:
        """The fixture's name."""
    @property
    def description(self) -> str:
        """The fixture's description."""
    @property
    def shape_a(self) -> Shape:
        """Shape A."""
    @property
    def shape_b(self) -> Shape:
        """Shape B."""
    @property
    def pose_a(self) -> np.ndarray:
        """Pose of A, [x, y, z, qw, qx, qy, qz]."""
    @property
    def pose_b(self) -> np.ndarray:
        """Pose of B, [x, y, z, qw, qx, qy, qz]."""
    @property
    def query(self) -> Dict[str, Any]:
        """The query in the file format."""
    @property
    def expected(self) -> Optional[Dict[str, Any]]:
        """The expected answer in the file format, or None."""
    def evaluate(self) -> Any:
        """Runs the query; returns what the single call returns."""
    def evaluate_json(self) -> str:
        """The fixtures crate's outcome as JSON text ({"error": ...} on failure)."""
    def check(self) -> Optional[str]:
        """None when the answer matches the expected one, else what differs.

        Raises FixtureError when the fixture has no expected answer."""
