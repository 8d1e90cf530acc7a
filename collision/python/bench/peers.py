"""Times convex_collision against python-fcl and coal on the same seeded hull pairs.

Not a test. One command, from the repository root (builds the wheel, installs it with
the peers from PyPI in a throwaway venv, prints a Markdown table):

    python3 -m venv /tmp/cc-bench && /tmp/cc-bench/bin/pip install -q maturin numpy python-fcl coal \
      && /tmp/cc-bench/bin/maturin build --release -m collision/python/Cargo.toml -o target/wheels \
      && /tmp/cc-bench/bin/pip install -q --force-reinstall --no-deps target/wheels/convex_collision-*.whl \
      && /tmp/cc-bench/bin/python collision/python/bench/peers.py

On a shared machine, run the last step as `chrt -f 10 taskset -c 1 .../python ...` (one
core, real-time priority; the batch then runs on that one core too) and once as
`chrt -f 10 .../python ...` (the batch on every core).

Options: --pairs N (default 400 per size), --repeat R (default 10 rounds, the libraries
taking turns in each; the best time of each is kept),
--sizes 16,64,1000. Hulls are points on a unit sphere (every point a vertex), pairs
placed with centre distances uniform in [1, 3] and random rotations: a quarter of the
hull16 pairs overlap, nearly half of the hull64 and hull1000 pairs (the last column
counts them). Every library gets the same hulls: FCL and coal are given our hull's
vertices and faces (coal's own hull builder gives the same polytope), so only the
queries are timed, each in a Python loop as a user calls it, over the same pairs as
Python ints, each shape's pose made once (our (7,) arrays, the peers' transforms in
their collision objects); ours also as one batch call on the (M, 7) and (K, 2) arrays,
its shapes a `ShapeSet` made once (as the peers' collision objects are), timed twice in
each round: the first call comes after the single calls, when the batch pool's threads
have gone to sleep and take tens of microseconds to wake on a virtual machine, the next
one right after it, as in a loop of batch calls.

Penetration: every library answers the same question, contact or not at margin 0 and
the depth of the overlapping pairs (a separated pair costs each one a GJK run). Ours is
EPA (SAT for boxes) to its tolerance, with the normal and both points; coal's is EPA;
python-fcl's default solver (libccd) computes penetration with MPR, which is
approximate. The last column counts, among the pairs that overlap, the depths that
differ from ours by more than 1e-6 (the hulls have radius 1).
"""

import argparse
import time

import numpy as np

import convex_collision as cc

try:
    import fcl
except ImportError:  # pragma: no cover - the bench reports what it could run
    fcl = None
try:
    import coal
except ImportError:  # pragma: no cover
    coal = None


def sphere_points(rng, n):
    p = rng.normal(size=(n, 3))
    return p / np.linalg.norm(p, axis=1, keepdims=True)


def random_quaternion(rng):
    q = rng.normal(size=4)
    return q / np.linalg.norm(q)


def rotation_matrix(q):
    w, x, y, z = q
    return np.array(
        [
            [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
            [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
            [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
        ]
    )


class Scene:
    """Seeded pairs of hulls of `n` points, built for every library."""

    def __init__(self, n, pairs, seed):
        rng = np.random.default_rng(seed)
        self.shapes, self.poses = [], []
        for _ in range(2 * pairs):
            self.shapes.append(cc.ConvexHull(sphere_points(rng, n)))
        for k in range(pairs):
            d = rng.normal(size=3)
            d *= rng.uniform(1.0, 3.0) / np.linalg.norm(d)
            self.poses.append(np.concatenate([np.zeros(3), random_quaternion(rng)]))
            self.poses.append(np.concatenate([d, random_quaternion(rng)]))
        self.poses = np.array(self.poses)
        self.pairs = np.arange(2 * pairs).reshape(-1, 2)
        # The batch calls take the shapes as a ShapeSet, made once, as the peers' collision
        # objects are.
        self.shape_set = cc.ShapeSet(self.shapes)
        # What the Python loops use: index pairs as Python ints and each shape's pose as
        # its own (7,) array, made once, as the peers' transforms are made once into
        # their collision objects (indexing `poses[i]` in the loop would time numpy's
        # view creation, 0.2 µs a pose, not the query).
        self.pair_list = [tuple(p) for p in self.pairs.tolist()]
        self.pose_list = [p.copy() for p in self.poses]
        self.fcl = self._fcl() if fcl else None
        self.coal = self._coal() if coal else None

    def _fcl(self):
        objects = []
        for shape, pose in zip(self.shapes, self.poses):
            faces = []
            for f in shape.faces:
                faces += [len(f), *f.tolist()]
            geom = fcl.Convex(shape.vertices, len(shape.faces), np.array(faces, dtype=np.int64))
            tf = fcl.Transform(rotation_matrix(pose[3:]), pose[:3])
            objects.append(fcl.CollisionObject(geom, tf))
        return objects

    def _coal(self):
        out = []
        for shape, pose in zip(self.shapes, self.poses):
            points = coal.StdVec_Vec3s()
            for p in shape.vertices:
                points.append(p)
            geom = coal.ConvexBase.convexHull(points, False, "")
            out.append((geom, coal.Transform3s(rotation_matrix(pose[3:]), pose[:3])))
        return out


def best(repeat, runs, count):
    """Best wall time per pair of each run, in microseconds (NaN for a missing peer).

    The runs take turns, `repeat` rounds of one each, so a busy moment on a shared
    machine slows every library alike instead of one row's one library."""
    times = [float("inf")] * len(runs)
    for _ in range(repeat):
        for k, run in enumerate(runs):
            if run is None:
                continue
            t = time.perf_counter()
            run()
            times[k] = min(times[k], time.perf_counter() - t)
    return [1e6 * t / count if run else float("nan") for t, run in zip(times, runs)]


def ours_distance(s):
    sh, po = s.shapes, s.pose_list
    return [cc.distance(sh[i], po[i], sh[j], po[j]) for i, j in s.pair_list]


def ours_contact(s):
    sh, po = s.shapes, s.pose_list
    out = []
    for i, j in s.pair_list:
        c = cc.contact(sh[i], po[i], sh[j], po[j])
        out.append(np.nan if c is None else c.depth)
    return out


def fcl_distance(s):
    o = s.fcl
    request = fcl.DistanceRequest()
    return [fcl.distance(o[i], o[j], request, fcl.DistanceResult()) for i, j in s.pair_list]


def fcl_collide(s):
    o = s.fcl
    request = fcl.CollisionRequest(enable_contact=True)
    out = []
    for i, j in s.pair_list:
        result = fcl.CollisionResult()
        if fcl.collide(o[i], o[j], request, result):
            out.append(max(c.penetration_depth for c in result.contacts))
        else:
            out.append(np.nan)
    return out


def coal_distance(s):
    g = s.coal
    request = coal.DistanceRequest()
    out = []
    for i, j in s.pair_list:
        result = coal.DistanceResult()
        out.append(coal.distance(g[i][0], g[i][1], g[j][0], g[j][1], request, result))
    return out


def coal_collide(s):
    g = s.coal
    request = coal.CollisionRequest(coal.CollisionRequestFlag.CONTACT, 1)
    out = []
    for i, j in s.pair_list:
        result = coal.CollisionResult()
        if coal.collide(g[i][0], g[i][1], g[j][0], g[j][1], request, result):
            out.append(abs(result.getContact(0).penetration_depth))
        else:
            out.append(np.nan)
    return out


def wrong_depths(ours, theirs):
    """Overlapping pairs (by our answer) whose depth differs by more than 1e-6."""
    ours, theirs = np.asarray(ours), np.asarray(theirs)
    overlap = ~np.isnan(ours)
    bad = overlap & ~(np.abs(np.nan_to_num(theirs, nan=-1.0) - ours) <= 1e-6)
    return int(bad.sum()), int(overlap.sum())


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=int, default=400)
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--sizes", default="16,64,1000")
    args = parser.parse_args()
    print(f"fcl: {'python-fcl' if fcl else 'not installed'}, coal: {coal.__version__ if coal else 'not installed'}")
    print()
    print("| query | points | ours single µs | ours batch µs/pair, first / next call "
          "| python-fcl µs | coal µs | fcl / ours | coal / ours | fcl / batch, first / next "
          "| coal / batch, first / next | depths off (fcl, coal) |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for n in (int(x) for x in args.sizes.split(",")):
        s = Scene(n, args.pairs, seed=n)
        k = len(s.pairs)
        rows = {
            "distance": (
                lambda: ours_distance(s),
                lambda: cc.batch_distance(s.shape_set, s.poses, s.pairs),
                (lambda: fcl_distance(s)) if fcl else None,
                (lambda: coal_distance(s)) if coal else None,
            ),
            "penetration": (
                lambda: ours_contact(s),
                lambda: cc.batch_contact(s.shape_set, s.poses, s.pairs),
                (lambda: fcl_collide(s)) if fcl else None,
                (lambda: coal_collide(s)) if coal else None,
            ),
        }
        for query, (single, batch, f, c) in rows.items():
            # The batch runs twice in a row: first after the single calls (its pool's
            # threads asleep), then again at once (awake), as a loop of batches runs.
            runs = [single, batch, batch, f, c]
            t_single, t_batch, t_next, t_fcl, t_coal = best(args.repeat, runs, k)
            off = ""
            if query == "penetration":
                ours = ours_contact(s)
                off_f = wrong_depths(ours, fcl_collide(s)) if fcl else ("-", "-")
                off_c = wrong_depths(ours, coal_collide(s)) if coal else ("-", "-")
                off = f"{off_f[0]}/{off_f[1]}, {off_c[0]}/{off_c[1]}"
            print(
                f"| {query} | {n} | {t_single:.2f} | {t_batch:.3f} / {t_next:.3f} "
                f"| {t_fcl:.2f} | {t_coal:.2f} "
                f"| {t_fcl / t_single:.1f}x | {t_coal / t_single:.1f}x "
                f"| {t_fcl / t_batch:.1f}x / {t_fcl / t_next:.1f}x "
                f"| {t_coal / t_batch:.1f}x / {t_coal / t_next:.1f}x | {off} |"
            )


if __name__ == "__main__":
    main()
