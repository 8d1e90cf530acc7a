"""`batch_cast_ray` equals `cast_ray` row by row, bit for bit, on every kind of shape
(hulls of few faces, clipped by their planes, and of many, cast by GJK); rows that are no
query get `STATUS_INVALID_INPUT` in their own places; malformed arrays raise."""

import numpy as np
import pytest

import convex_collision as cc
from test_batch_pickle import random_poses, random_shapes, same


def sphere_hull(rng, n):
    p = rng.normal(size=(n, 3))
    return cc.ConvexHull(p / np.linalg.norm(p, axis=1, keepdims=True))


@pytest.fixture(scope="module")
def rays_scene():
    rng = np.random.default_rng(57)
    shapes = random_shapes(rng, 60) + [sphere_hull(rng, n) for n in (16, 64, 200, 400)]
    poses = random_poses(rng, len(shapes))
    # Rays from about 5 away aimed near the shapes' centres, most of them hitting.
    targets = poses[:, :3] + rng.normal(size=(len(shapes), 3)) * 0.3
    starts = rng.normal(size=(3000, 3))
    starts *= 5.0 / np.linalg.norm(starts, axis=1, keepdims=True)
    which = rng.integers(0, len(shapes), size=3000)
    starts += poses[which, :3]
    rays = np.hstack([starts, (targets[which] - starts) * rng.uniform(0.2, 2.0, (3000, 1))])
    pairs = np.stack([which, np.arange(3000)], axis=1)
    return shapes, poses, rays, pairs


def single(shapes, poses, rays, pairs, max_toi):
    rows = []
    for i, r in pairs:
        h = cc.cast_ray(shapes[i], poses[i], rays[r, :3], rays[r, 3:], max_toi)
        rows.append(h)
    return rows


@pytest.mark.parametrize("max_toi", [float("inf"), 1.0, 0.3])
def test_batch_rays_equal_single_calls(rays_scene, max_toi):
    shapes, poses, rays, pairs = rays_scene
    b = cc.batch_cast_ray(shapes, poses, rays, pairs, max_toi)
    assert (b.status == cc.STATUS_OK).all()
    rows = single(shapes, poses, rays, pairs, max_toi)
    assert b.hit.tolist() == [h is not None for h in rows]
    if max_toi == float("inf"):
        assert 0.3 < b.hit.mean() < 0.95, "the sample must hold hits and misses"
    for k, h in enumerate(rows):
        if h is None:
            assert b.toi[k] == np.inf and not b.point[k].any() and not b.normal[k].any()
            continue
        same(b.toi[k], np.float64(h.toi))
        same(b.point[k], np.asarray(h.point, dtype=np.float64))
        same(b.normal[k], np.asarray(h.normal, dtype=np.float64))
        assert b.toi[k] <= max_toi


def test_hull_rays_hit_the_hull_surface(rays_scene):
    """On the sphere hulls (16 and 64 points clipped, 200 and 400 by GJK), each hit
    point lies on a face plane of the hull, within rounding, and no face plane has it
    outside."""
    shapes, poses, rays, pairs = rays_scene
    b = cc.batch_cast_ray(shapes, poses, rays, pairs)
    first_sphere = len(shapes) - 4
    checked = 0
    for k, (i, _) in enumerate(pairs):
        if i < first_sphere or not b.hit[k] or b.toi[k] == 0.0:
            continue
        pose = cc.pose_to_matrix(poses[i])
        local = np.linalg.solve(pose[:3, :3], b.point[k] - pose[:3, 3])
        planes = shapes[i].planes
        heights = planes[:, :3] @ local - planes[:, 3]
        assert heights.max() == pytest.approx(0.0, abs=1e-9), (k, heights.max())
        checked += 1
    assert checked > 50


def test_bad_ray_rows_keep_their_places(rays_scene):
    shapes, poses, rays, pairs = rays_scene
    rays = rays.copy()
    pairs = pairs[:200].copy()
    poses = poses.copy()
    bad = {3: "shape index", 10: "ray index", 17: "NaN ray", 25: "zero direction"}
    pairs[3, 0] = len(shapes)
    pairs[10, 1] = -1
    rays[pairs[17, 1], 1] = np.nan
    rays[pairs[25, 1], 3:] = 0.0
    # A pose row that is no pose spoils every pair of its shape.
    poses[pairs[40, 0], 3:] = 0.0
    spoiled = {k for k in range(200) if pairs[k, 0] == pairs[40, 0]}
    b = cc.batch_cast_ray(shapes, poses, rays, pairs)
    good = [k for k in range(200) if k not in bad and k not in spoiled]
    assert (b.status[list(bad) + sorted(spoiled)] == cc.STATUS_INVALID_INPUT).all()
    for k in list(bad) + sorted(spoiled):
        assert not b.hit[k] and b.toi[k] == np.inf
        assert not b.point[k].any() and not b.normal[k].any()
    assert (b.status[good] == cc.STATUS_OK).all()
    rows = single(shapes, poses, rays, pairs[good], float("inf"))
    for k, h in zip(good, rows):
        assert b.hit[k] == (h is not None)
        if h is not None:
            same(b.toi[k], np.float64(h.toi))
    assert not np.isnan(b.toi).any() and not np.isnan(b.point).any()


def test_malformed_ray_arrays_raise(rays_scene):
    shapes, poses, rays, pairs = rays_scene
    with pytest.raises(cc.InvalidInputError, match="rays"):
        cc.batch_cast_ray(shapes, poses, rays[:, :5], pairs)
    with pytest.raises(cc.InvalidInputError, match="rays"):
        cc.batch_cast_ray(shapes, poses, rays[0], pairs)
    with pytest.raises(cc.InvalidInputError, match="pairs"):
        cc.batch_cast_ray(shapes, poses, rays, pairs[:, :1])
    for max_toi in (-1.0, float("nan")):
        with pytest.raises(cc.InvalidInputError, match="max_toi"):
            cc.batch_cast_ray(shapes, poses, rays, pairs, max_toi)
    with pytest.raises(TypeError, match="shapes"):
        cc.batch_cast_ray([1, 2], poses[:2], rays, pairs[:1] * 0)
    # Integer rays are converted; an empty batch gives empty arrays.
    b = cc.batch_cast_ray(shapes, poses, np.round(rays).astype(np.int64), pairs[:10])
    assert b.hit.shape == (10,) and b.point.shape == (10, 3)
    e = cc.batch_cast_ray(shapes, poses, rays, np.zeros((0, 2), dtype=np.int64))
    assert e.hit.shape == (0,) and e.normal.shape == (0, 3)
