"""A batch, or a hull, whose arrays do not fit in the memory the process may take raises
`OutOfMemoryError` instead of aborting the interpreter, and the process goes on.

Each case runs in a child interpreter whose address space is capped (`RLIMIT_AS`) a
little above what it holds once its input is made: there the allocator refuses the
copies of the input, the result rows or the hull builder's working storage, as it would
refuse a batch or a point set larger than the machine's memory. A refused allocation
used to abort the process."""

import subprocess
import sys
import textwrap

import pytest

CHILD = textwrap.dedent(
    """
    import resource, sys
    import numpy as np
    import convex_collision as cc

    query, k, headroom = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    shapes = [cc.Ball(1.0), cc.Cuboid([1, 1, 1])]
    poses = np.array([[0, 0, 0, 1, 0, 0, 0], [1.5, 0, 0, 1, 0, 0, 0]], dtype=float)
    pairs = np.zeros((k, 2), dtype=np.int64)
    pairs[:, 1] = 1
    rays = np.array([[-5.0, 0, 0, 1, 0, 0]])
    if query == "cast_ray":
        pairs = np.ascontiguousarray(pairs[:, ::-1])  # [shape 1, ray 0]

    def run(p):
        if query == "cast_ray":
            return cc.batch_cast_ray(shapes, poses, rays, p)
        return getattr(cc, "batch_" + query)(shapes, poses, p)

    run(pairs[:20])  # the thread pool is up before the cap
    held = int(open("/proc/self/statm").read().split()[0]) * resource.getpagesize()
    resource.setrlimit(resource.RLIMIT_AS, (held + headroom, resource.RLIM_INFINITY))
    try:
        run(pairs)
        print("ran")
    except cc.OutOfMemoryError as e:
        print("OutOfMemoryError:", e)
    print("after:", run(pairs[:3]).status.tolist())
    """
)


def run_child(query, pairs, headroom):
    child = subprocess.run(
        [sys.executable, "-c", CHILD, query, str(pairs), str(headroom)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert child.returncode == 0, child.stderr[-2000:]
    return child.stdout.splitlines()


LINUX = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="RLIMIT_AS and /proc are Linux's"
)


@LINUX
@pytest.mark.parametrize("query", ["intersects", "distance", "closest_points", "contact", "cast_ray"])
def test_a_batch_whose_input_copy_does_not_fit_raises(query):
    # 40 million pairs: 640 MB of input, made before the cap; its copy does not fit in
    # the 512 MB above it.
    lines = run_child(query, 40_000_000, 512 << 20)
    assert lines[0] == (
        "OutOfMemoryError: pairs: no memory for 640000000 bytes (80000000 items); "
        "split the batch into smaller ones"
    ), lines
    assert lines[1] == "after: [0, 0, 0]", lines


@LINUX
@pytest.mark.parametrize("query", ["closest_points", "contact"])
def test_a_batch_whose_results_do_not_fit_raises(query):
    # 1 GB above the input holds its copy (640 MB), not the rows of 40 million closest
    # points or contacts (several GB).
    lines = run_child(query, 40_000_000, 1 << 30)
    assert lines[0].startswith("OutOfMemoryError: results: no memory for "), lines
    assert lines[0].endswith(" bytes (40000000 items); split the batch into smaller ones")
    assert lines[1] == "after: [0, 0, 0]", lines


@LINUX
def test_a_batch_within_memory_runs_under_the_same_cap():
    # The cap itself is not what fails: 200,000 contacts fit in it and run.
    assert run_child("contact", 200_000, 512 << 20) == ["ran", "after: [0, 0, 0]"]


HULL_CHILD = textwrap.dedent(
    """
    import resource, sys
    import numpy as np
    import convex_collision as cc

    n, headroom = int(sys.argv[1]), int(sys.argv[2])
    points = np.random.default_rng(1).normal(size=(n, 3))
    cc.ConvexHull(points[:100])  # warm
    held = int(open("/proc/self/statm").read().split()[0]) * resource.getpagesize()
    resource.setrlimit(resource.RLIMIT_AS, (held + headroom, resource.RLIM_INFINITY))
    try:
        cc.ConvexHull(points)
        print("built")
    except cc.OutOfMemoryError as e:
        print("OutOfMemoryError:", e)
    print("after:", len(cc.ConvexHull(points[:100]).vertices) > 4)
    """
)


@LINUX
def test_a_hull_whose_working_storage_does_not_fit_raises():
    # Ten million points: 240 MB, made before the cap; their copies (720 MB) fit in the
    # 1 GB above it, the builder's working storage (about 200 bytes a point) does not.
    child = subprocess.run(
        [sys.executable, "-c", HULL_CHILD, str(10_000_000), str(1 << 30)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert child.returncode == 0, child.stderr[-2000:]
    lines = child.stdout.splitlines()
    assert lines[0].startswith(
        "OutOfMemoryError: ConvexHull.points: convex hull construction failed: "
        "no memory for the hull of 10000000 points ("
    ), lines
    assert lines[1] == "after: True", lines


SWEEP_CHILD = textwrap.dedent(
    """
    import pickle, resource, sys
    import numpy as np
    import convex_collision as cc

    kind, n, headroom = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rng = np.random.default_rng(2)
    points = rng.normal(size=(n, 3))
    if kind == "sphere":  # every point a vertex
        points /= np.linalg.norm(points, axis=1)[:, None]
    elif kind == "disc":  # coplanar: the polygon path, every point on the rim a vertex
        points[:, 2] = 0.0
        points[:, :2] /= np.linalg.norm(points[:, :2], axis=1)[:, None]
    cc.ConvexHull(points[:100])
    held = int(open("/proc/self/statm").read().split()[0]) * resource.getpagesize()
    resource.setrlimit(resource.RLIMIT_AS, (held + headroom, resource.RLIM_INFINITY))
    try:
        hull = cc.ConvexHull(points)
        arrays = [hull.vertices, hull.triangles, hull.planes, hull.points]
        copy = pickle.loads(pickle.dumps(hull))
        print("built", len(hull.vertices), len(copy.vertices))
    except cc.OutOfMemoryError as e:
        print("OutOfMemoryError:", e)
    except MemoryError:
        print("MemoryError")  # numpy's or the interpreter's own allocation
    """
)


@LINUX
@pytest.mark.parametrize("kind", ["sphere", "disc", "ball"])
def test_no_hull_aborts_whatever_memory_is_left(kind):
    # 100,000 points with 4 to 196 MB above the input: from too little for the builder's
    # working storage to room for everything, through the caps where the build fits and
    # its vertex lists, merged faces, support tables, output arrays or pickle do not.
    # Each either builds or raises OutOfMemoryError (or numpy's or the interpreter's own
    # MemoryError); none may abort, as the sphere did over a third of these caps when
    # only the builder's bulk storage was reserved fallibly.
    outcomes = set()
    for mb in range(4, 200, 8):
        child = subprocess.run(
            [sys.executable, "-c", SWEEP_CHILD, kind, "100000", str(mb << 20)],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert child.returncode == 0, (mb, child.stderr[-2000:])
        line = child.stdout.splitlines()[-1]
        assert line.startswith(("built", "OutOfMemoryError:", "MemoryError")), (mb, line)
        outcomes.add(line.split()[0])
    assert {"built", "OutOfMemoryError:"} <= outcomes, outcomes


CONTACT_CHILD = textwrap.dedent(
    """
    import resource, sys
    import numpy as np
    import convex_collision as cc

    headroom = int(sys.argv[1])
    rng = np.random.default_rng(3)
    a, b = cc.ConvexHull(rng.normal(size=(32, 3))), cc.ConvexHull(rng.normal(size=(32, 3)))
    here, near, far = [0, 0, 0, 1, 0, 0, 0], [0.3, 0, 0, 1, 0, 0, 0], [9, 0, 0, 1, 0, 0, 0]
    shapes = cc.ShapeSet([a, b])
    poses = np.array([here, near])
    pairs = np.tile([0, 1], (64, 1))
    # The pool's threads are up, and every query but a penetration has run: nothing has
    # made a thread's penetration workspace yet.
    cc.batch_distance(shapes, poses, pairs)
    assert cc.contact(a, here, b, far, 0.1) is None
    held = int(open("/proc/self/statm").read().split()[0]) * resource.getpagesize()
    resource.setrlimit(resource.RLIMIT_AS, (held + headroom, resource.RLIM_INFINITY))
    try:
        print("contact", cc.contact(a, here, b, near).depth > 0)
    except cc.OutOfMemoryError as e:
        print("OutOfMemoryError:", e)
    print("batch", sorted(set(cc.batch_contact(shapes, poses, pairs).status.tolist())))
    resource.setrlimit(resource.RLIMIT_AS, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
    print("after", cc.contact(a, here, b, near).depth > 0,
          sorted(set(cc.batch_contact(shapes, poses, pairs).status.tolist())))
    """
)


@LINUX
def test_a_penetration_without_room_for_its_workspace_says_so():
    # A thread's first penetration query makes its workspace (about 1 MB). With 256 KB
    # left it cannot: the single call raises, the batch's rows get STATUS_OUT_OF_MEMORY;
    # once memory is back, the same calls answer. With 64 MB left they answer at once.
    def run(headroom):
        child = subprocess.run(
            [sys.executable, "-c", CONTACT_CHILD, str(headroom)],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert child.returncode == 0, child.stderr[-2000:]
        return child.stdout.splitlines()

    import convex_collision as cc

    assert run(256 << 10) == [
        "OutOfMemoryError: no memory for the penetration query's workspace (about 1 MB per thread)",
        f"batch [{cc.STATUS_OUT_OF_MEMORY}]",
        f"after True [{cc.STATUS_OK}]",
    ]
    assert run(64 << 20) == ["contact True", f"batch [{cc.STATUS_OK}]", f"after True [{cc.STATUS_OK}]"]
