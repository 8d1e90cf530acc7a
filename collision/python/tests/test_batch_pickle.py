"""Batch calls equal the single calls bit for bit; shapes pickle and travel to worker
processes with the same answers."""

import concurrent.futures
import multiprocessing
import pickle

import numpy as np
import pytest

import convex_collision as cc


def random_shapes(rng, count):
    makers = [
        lambda: cc.Ball(rng.uniform(0.1, 1)),
        lambda: cc.Cuboid(rng.uniform(0.1, 1, size=3)),
        lambda: cc.Capsule(rng.uniform(0, 1), rng.uniform(0.1, 0.5)),
        lambda: cc.Cylinder(rng.uniform(0.1, 1), rng.uniform(0.1, 0.5)),
        lambda: cc.Cone(rng.uniform(0.1, 1), rng.uniform(0.1, 0.5)),
        lambda: cc.Segment(rng.normal(size=3), rng.normal(size=3)),
        lambda: cc.Triangle(rng.normal(size=3), rng.normal(size=3), rng.normal(size=3)),
        lambda: cc.Point(rng.normal(size=3) * 0.1),
        lambda: cc.Rounded(cc.ConvexHull(rng.normal(size=(8, 3))), rng.uniform(0, 0.2)),
        lambda: cc.ConvexHull(rng.normal(size=(int(rng.integers(4, 64)), 3))),
    ]
    return [makers[i % len(makers)]() for i in range(count)]


def random_poses(rng, count, spread=2.0):
    q = rng.normal(size=(count, 4))
    q /= np.linalg.norm(q, axis=1, keepdims=True)
    return np.hstack([rng.uniform(-spread, spread, size=(count, 3)), q])


def same(x, y):
    """Equal bit for bit (NaN equal to NaN)."""
    x, y = np.asarray(x), np.asarray(y)
    assert x.shape == y.shape and x.dtype == y.dtype
    assert x.tobytes() == y.tobytes()


def random_scene(seed, count, pair_count):
    """`count` random shapes and poses and `pair_count` index pairs into them, with the
    generator (seeded `seed`) for further draws."""
    rng = np.random.default_rng(seed)
    shapes = random_shapes(rng, count)
    poses = random_poses(rng, count)
    pairs = rng.integers(0, count, size=(pair_count, 2))
    return rng, shapes, poses, pairs


@pytest.fixture(scope="module")
def scene():
    return random_scene(31, 200, 2000)[1:]


def test_batch_equals_single_calls(scene):
    shapes, poses, pairs = scene
    dist = cc.batch_distance(shapes, poses, pairs)
    hit = cc.batch_intersects(shapes, poses, pairs)
    cps = cc.batch_closest_points(shapes, poses, pairs)
    con = cc.batch_contact(shapes, poses, pairs, margin=0.3)
    assert (dist.status == cc.STATUS_OK).all() and (hit.status == cc.STATUS_OK).all()
    assert 0.1 < hit.intersects.mean() < 0.9, "the sample must hold both answers"
    assert 0.1 < con.has_contact.mean() < 0.95
    for k, (i, j) in enumerate(pairs):
        a, pa, b, pb = shapes[i], poses[i], shapes[j], poses[j]
        same(dist.distance[k], np.float64(cc.distance(a, pa, b, pb)))
        assert hit.intersects[k] == cc.intersects(a, pa, b, pb)
        cp = cc.closest_points(a, pa, b, pb)
        assert cps.overlapping[k] == cp.overlapping
        same(cps.distance[k], np.float64(cp.distance))
        if not cp.overlapping:
            same(cps.point_a[k], cp.point_a)
            same(cps.point_b[k], cp.point_b)
        c = cc.contact(a, pa, b, pb, margin=0.3)
        assert con.has_contact[k] == (c is not None)
        if c is not None:
            same(con.separation[k], np.float64(c.separation))
            same(con.depth[k], np.float64(c.depth))
            same(con.normal[k], c.normal)
            same(con.point_a[k], c.point_a)
            same(con.point_b[k], c.point_b)
            want = {"converged": 0, "gjk_max_iterations": 4, "epa_out_of_capacity": 5,
                    "epa_stalled": 6}[c.status]
            assert con.status[k] == want
        else:
            assert (con.normal[k] == 0).all() and con.separation[k] == np.inf
            assert con.depth[k] == 0


@pytest.mark.parametrize("count", [1, 16, 17, 100, 400, 1000])
def test_batch_sizes_equal_single_calls(scene, count):
    """Small batches run on the calling thread, larger ones in slices over the pool: the
    rows are the single calls' answers, bit for bit, whatever the slicing."""
    shapes, poses, pairs = scene
    pairs = pairs[:count]
    dist = cc.batch_distance(shapes, poses, pairs)
    con = cc.batch_contact(shapes, poses, pairs, margin=0.3)
    for k, (i, j) in enumerate(pairs):
        a, pa, b, pb = shapes[i], poses[i], shapes[j], poses[j]
        same(dist.distance[k], np.float64(cc.distance(a, pa, b, pb)))
        c = cc.contact(a, pa, b, pb, margin=0.3)
        same(con.separation[k], np.float64(np.inf if c is None else c.separation))


def test_batch_shapes_from_any_sequence(scene):
    shapes, poses, pairs = scene
    want = cc.batch_distance(shapes, poses, pairs[:50]).distance
    same(cc.batch_distance(tuple(shapes), poses, pairs[:50]).distance, want)
    same(cc.batch_distance((s for s in shapes), poses, pairs[:50]).distance, want)
    with pytest.raises(TypeError, match=r"shapes\[1\]: int is not a convex_collision.Shape"):
        cc.batch_distance([shapes[0], 7], poses[:2], [[0, 1]])
    with pytest.raises(TypeError, match=r"shapes\[2\]: str is not a convex_collision.Shape"):
        cc.batch_distance((shapes[0], shapes[1], "x"), poses[:3], [[0, 1]])
    with pytest.raises(TypeError, match=r"shapes\[0\]: NoneType is not a convex_collision.Shape"):
        cc.batch_distance((s for s in [None, shapes[0]]), poses[:2], [[0, 1]])


def test_batch_matrix_poses_equal_seven(scene):
    shapes, poses, pairs = scene
    matrices = np.stack([cc.pose_to_matrix(p) for p in poses])
    back = np.stack([cc.pose_from_matrix(m) for m in matrices])
    # The matrix round trip may move the quaternion by an ulp, not more.
    sign = np.sign(np.sum(back[:, 3:] * poses[:, 3:], axis=1))[:, None]  # q and -q agree
    np.testing.assert_allclose(back[:, :3], poses[:, :3], rtol=0, atol=1e-15)
    np.testing.assert_allclose(back[:, 3:] * sign, poses[:, 3:], rtol=0, atol=1e-15)
    a = cc.batch_distance(shapes, poses, pairs)
    b = cc.batch_distance(shapes, matrices, pairs)
    # GJK stops within its relative tolerance on curved shapes: ulp-apart poses agree to it.
    np.testing.assert_allclose(a.distance, b.distance, rtol=1e-9)
    # A batch of matrices equals the single calls on the same matrices.
    for k in range(0, len(pairs), 97):
        i, j = pairs[k]
        same(b.distance[k], np.float64(cc.distance(shapes[i], matrices[i], shapes[j], matrices[j])))


def test_batch_is_deterministic(scene):
    shapes, poses, pairs = scene
    first = cc.batch_contact(shapes, poses, pairs, margin=0.1)
    for _ in range(3):
        again = cc.batch_contact(shapes, poses, pairs, margin=0.1)
        for x, y in zip(first, again):
            same(x, y)


def test_pickled_shapes_answer_the_same(scene):
    shapes, poses, pairs = scene
    restored = pickle.loads(pickle.dumps(shapes))
    for s, r in zip(shapes, restored):
        assert type(r) is type(s) and r == s and hash(r) == hash(s)
    same(
        cc.batch_contact(shapes, poses, pairs).separation,
        cc.batch_contact(restored, poses, pairs).separation,
    )
    hull = next(s for s in shapes if s.kind == "hull")
    back = pickle.loads(pickle.dumps(hull))
    same(back.vertices, hull.vertices)
    same(back.triangles, hull.triangles)


def distances(shapes, poses, pairs):
    """Runs in a worker process: the shapes arrive pickled."""
    return [cc.distance(shapes[i], poses[i], shapes[j], poses[j]) for i, j in pairs]


def test_process_pool_gives_the_same_answers(scene):
    """Spawned workers (fresh interpreters): everything they get travels pickled."""
    shapes, poses, pairs = scene
    chunks = [pairs[k : k + 250] for k in range(0, 1000, 250)]
    spawn = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(max_workers=2, mp_context=spawn) as pool:
        results = list(pool.map(distances, [shapes] * len(chunks), [poses] * len(chunks), chunks))
    got = np.array([d for chunk in results for d in chunk])
    same(got, cc.batch_distance(shapes, poses, pairs[:1000]).distance)


def test_batch_releases_the_gil():
    """While a long batch runs in one thread, Python code runs in another."""
    import threading

    rng = np.random.default_rng(4)
    shapes = [cc.ConvexHull(rng.normal(size=(64, 3))) for _ in range(64)]
    poses = random_poses(rng, 64, spread=4.0)
    pairs = rng.integers(0, 64, size=(100_000, 2))
    started, done = threading.Event(), threading.Event()
    count = {"during": 0}

    def work():
        started.set()
        cc.batch_contact(shapes, poses, pairs)
        done.set()

    worker = threading.Thread(target=work)
    worker.start()
    started.wait()
    while not done.is_set():
        count["during"] += 1
    worker.join()
    assert count["during"] > 1000, count


def batch_distances(shapes, poses, pairs):
    """Runs in a forked worker: a batch call on the worker's own thread pool."""
    return cc.batch_distance(shapes, poses, pairs).distance


def test_batch_in_forked_workers_after_a_batch_in_the_parent(scene):
    """rayon's threads do not survive fork(): the module makes a new pool in the child."""
    shapes, poses, pairs = scene
    want = cc.batch_distance(shapes, poses, pairs[:500]).distance
    fork = multiprocessing.get_context("fork")
    with concurrent.futures.ProcessPoolExecutor(max_workers=2, mp_context=fork) as pool:
        future = pool.submit(batch_distances, shapes, poses, pairs[:500])
        same(future.result(timeout=120), want)


@pytest.mark.parametrize("count", [17, 100, 400, 1000])
def test_bad_rows_among_good_ones_keep_their_places(scene, count):
    """Bad pairs scattered through a batch that runs in slices over the pool: an index
    out of range, a NaN pose or a zero quaternion gives its own row the invalid-input
    status, and every other row keeps the single call's answer, in its place."""
    shapes, poses, pairs = scene
    poses = poses.copy()
    poses[3] = [np.nan, 0, 0, 1, 0, 0, 0]
    poses[5] = [0, 0, 0, 0, 0, 0, 0]
    pairs = pairs[:count].copy()
    pairs[::7, 0] = len(shapes) + 2
    pairs[3::11, 1] = 3
    pairs[5::13, 0] = 5
    pairs[6::17, 1] = -1
    bad = (pairs < 0).any(axis=1) | (pairs >= len(shapes)).any(axis=1)
    bad |= np.isin(pairs, [3, 5]).any(axis=1)
    assert 0.1 < bad.mean() < 0.5
    check_rows(shapes, poses, pairs, bad)


def check_rows(shapes, poses, pairs, bad, given=None):
    """Batch distance and contact (margin 0.3) on `given` (`shapes` by default): rows
    flagged in `bad` have the invalid-input status, the others the single calls' answers
    bit for bit."""
    given = shapes if given is None else given
    dist = cc.batch_distance(given, poses, pairs)
    con = cc.batch_contact(given, poses, pairs, margin=0.3)
    for k, (i, j) in enumerate(pairs):
        if bad[k]:
            assert dist.status[k] == cc.STATUS_INVALID_INPUT and dist.distance[k] == np.inf
            assert con.status[k] == cc.STATUS_INVALID_INPUT and not con.has_contact[k]
            continue
        a, pa, b, pb = shapes[i], poses[i], shapes[j], poses[j]
        assert dist.status[k] == cc.STATUS_OK
        same(dist.distance[k], np.float64(cc.distance(a, pa, b, pb)))
        c = cc.contact(a, pa, b, pb, margin=0.3)
        assert con.has_contact[k] == (c is not None)
        same(con.separation[k], np.float64(np.inf if c is None else c.separation))
        if c is not None:
            same(con.depth[k], np.float64(c.depth))
            same(con.normal[k], c.normal)
            same(con.point_a[k], c.point_a)
    return con
