"""Batches whose pairs use few of many poses copy only those rows (a quarter of the
array's rows at most); the rows are the single calls' answers bit for bit either way,
and bad indices and bad pose rows keep their own places."""

import numpy as np
import pytest

import convex_collision as cc
from test_batch_pickle import check_rows, random_poses, random_shapes, same

# 2,000 poses: 14,000 values, past the arrays copied whole for their size. Batches of at
# most 250 pairs (500 rows) copy their rows only; 400 pairs copy the array whole.
SCENE = 2000


@pytest.fixture(scope="module")
def big_scene():
    rng = np.random.default_rng(83)
    distinct = random_shapes(rng, 100)
    shapes = [distinct[i % 100] for i in range(SCENE)]
    poses = random_poses(rng, SCENE, spread=3.0)
    # Near neighbours in index order, so that a fair share of the pairs overlap.
    near = np.argsort(poses[:, 0])
    left = rng.integers(0, SCENE - 4, size=400)
    pairs = np.stack([near[left], near[left + rng.integers(1, 4, size=400)]], axis=1)
    return shapes, poses, pairs


@pytest.mark.parametrize("count", [1, 16, 17, 100, 250, 400])
@pytest.mark.parametrize("as_set", [False, True])
def test_few_pairs_of_many_poses_equal_single_calls(big_scene, count, as_set):
    shapes, poses, pairs = big_scene
    pairs = pairs[:count]
    given = cc.ShapeSet(shapes) if as_set else shapes
    con = check_rows(shapes, poses, pairs, np.zeros(count, bool), given)
    if count >= 100:
        assert 0.05 < con.has_contact.mean() < 0.95, "the sample must hold both answers"


@pytest.mark.parametrize("count", [17, 250, 400])
def test_bad_indices_and_rows_among_few_pairs_keep_their_places(big_scene, count):
    shapes, poses, pairs = big_scene
    poses = poses.copy()
    poses[3] = [np.nan, 0, 0, 1, 0, 0, 0]
    poses[5] = [0, 0, 0, 0, 0, 0, 0]
    poses[SCENE - 1] = [0, np.inf, 0, 1, 0, 0, 0]
    pairs = pairs[:count].copy()
    pairs[::7, 0] = SCENE + 2
    pairs[3::11, 1] = 3
    pairs[5::13, 0] = 5
    pairs[6::17, 1] = -1
    pairs[2::5, 1] = SCENE - 1
    pairs[4::19, 0] = np.iinfo(np.int64).min
    bad = (pairs < 0).any(axis=1) | (pairs >= SCENE).any(axis=1)
    bad |= np.isin(pairs, [3, 5, SCENE - 1]).any(axis=1)
    assert 0.1 < bad.mean() < 0.7
    check_rows(shapes, poses, pairs, bad)


def test_few_pairs_of_many_matrix_poses_equal_single_calls(big_scene):
    shapes, poses, pairs = big_scene
    matrices = np.stack([cc.pose_to_matrix(p) for p in poses])
    pairs = pairs[:120]
    dist = cc.batch_distance(shapes, matrices, pairs)
    for k, (i, j) in enumerate(pairs):
        want = cc.distance(shapes[i], matrices[i], shapes[j], matrices[j])
        same(dist.distance[k], np.float64(want))


@pytest.mark.parametrize("count", [30, 600, 1000])
def test_few_rays_of_many_poses_equal_single_calls(big_scene, count):
    """A ray pair names one shape: up to 500 rays of the 2,000 poses copy their rows
    only, 600 and more the whole array."""
    shapes, poses, _ = big_scene
    rng = np.random.default_rng(84)
    which = rng.integers(0, SCENE, size=count)
    which[::9] = SCENE + 5
    starts = poses[which % SCENE, :3] + rng.normal(size=(count, 3)) * 3
    rays = np.hstack([starts, poses[which % SCENE, :3] - starts])
    pairs = np.stack([which, np.arange(count)], axis=1)
    b = cc.batch_cast_ray(shapes, poses, rays, pairs)
    assert 0.2 < b.hit.mean() < 0.95, "the sample must hold hits and misses"
    for k, (i, r) in enumerate(pairs):
        if i >= SCENE:
            assert b.status[k] == cc.STATUS_INVALID_INPUT and not b.hit[k]
            continue
        h = cc.cast_ray(shapes[i], poses[i], rays[r, :3], rays[r, 3:])
        assert b.hit[k] == (h is not None)
        if h is not None:
            same(b.toi[k], np.float64(h.toi))
            same(b.normal[k], np.asarray(h.normal, dtype=np.float64))


def test_poses_of_another_layout_or_dtype_give_the_same_rows(big_scene):
    """A strided view and a float32 array are converted whole; their rows are the same
    numbers (float32 poses: the single calls on the same float32 values)."""
    shapes, poses, pairs = big_scene
    pairs = pairs[:40]
    wide = np.zeros((SCENE, 9))
    wide[:, :7] = poses
    view = wide[:, :7]
    assert not view.flags.c_contiguous
    same(cc.batch_distance(shapes, view, pairs).distance,
         cc.batch_distance(shapes, poses, pairs).distance)
    low = poses.astype(np.float32)
    low[:, 3:] /= np.linalg.norm(low[:, 3:], axis=1, keepdims=True)
    dist = cc.batch_distance(shapes, low, pairs)
    for k, (i, j) in enumerate(pairs):
        want = cc.distance(shapes[i], low[i].astype(np.float64), shapes[j],
                           low[j].astype(np.float64))
        same(dist.distance[k], np.float64(want))
