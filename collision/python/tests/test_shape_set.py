"""A ShapeSet stands wherever a batch takes a list of shapes, with the same answers bit for
bit; it checks its items once, indexes like a tuple and pickles."""

import pickle

import numpy as np
import pytest

import convex_collision as cc
from test_batch_pickle import random_scene, same


@pytest.fixture(scope="module")
def scene():
    rng, shapes, poses, pairs = random_scene(57, 120, 1500)
    rays = np.hstack([rng.uniform(-4, 4, size=(300, 3)), rng.normal(size=(300, 3))])
    ray_pairs = np.stack([rng.integers(0, 120, 1500), rng.integers(0, 300, 1500)], axis=1)
    return shapes, poses, pairs, rays, ray_pairs


def test_every_batch_answers_a_set_as_its_list(scene):
    shapes, poses, pairs, rays, ray_pairs = scene
    shape_set = cc.ShapeSet(shapes)
    for query, args in [
        (cc.batch_intersects, ()),
        (cc.batch_distance, ()),
        (cc.batch_closest_points, ()),
        (cc.batch_contact, (0.25,)),
    ]:
        want, got = query(shapes, poses, pairs, *args), query(shape_set, poses, pairs, *args)
        assert type(want) is type(got)
        for w, g in zip(want, got):
            same(g, w)
    want = cc.batch_cast_ray(shapes, poses, rays, ray_pairs, 10.0)
    got = cc.batch_cast_ray(shape_set, poses, rays, ray_pairs, 10.0)
    for w, g in zip(want, got):
        same(g, w)
    # The answers are real ones: most rows answered, the distances those of the single calls.
    dist = cc.batch_distance(shape_set, poses, pairs)
    assert (dist.status == cc.STATUS_OK).mean() > 0.99
    for k in range(0, len(pairs), 151):
        i, j = pairs[k]
        assert dist.distance[k] == cc.distance(shapes[i], poses[i], shapes[j], poses[j])


def test_a_set_holds_its_shapes_in_order(scene):
    shapes = scene[0]
    for source in (shapes, tuple(shapes), (s for s in shapes)):
        shape_set = cc.ShapeSet(source)
        assert len(shape_set) == len(shapes)
        assert all(shape_set[i] is shapes[i] for i in range(len(shapes)))
        assert shape_set[-1] is shapes[-1] and shape_set[-len(shapes)] is shapes[0]
        assert list(shape_set) == shapes
    with pytest.raises(IndexError, match="index 120 out of range for 120 shapes"):
        cc.ShapeSet(shapes)[120]
    with pytest.raises(IndexError, match="index -121 out of range"):
        cc.ShapeSet(shapes)[-121]
    assert repr(cc.ShapeSet(shapes[:3])) == "ShapeSet(<3 shapes>)"
    assert len(cc.ShapeSet([])) == 0


def test_a_set_refuses_what_is_not_a_shape(scene):
    shapes = scene[0]
    with pytest.raises(TypeError, match=r"shapes\[2\]: float is not a convex_collision.Shape"):
        cc.ShapeSet([shapes[0], shapes[1], 1.5])
    with pytest.raises(TypeError, match=r"shapes\[0\]: ShapeSet is not a convex_collision.Shape"):
        cc.ShapeSet([cc.ShapeSet(shapes)])
    with pytest.raises(TypeError):
        cc.ShapeSet(3)


def test_a_set_checks_its_poses_and_indices_as_a_list_does(scene):
    shapes, poses = scene[0], scene[1]
    shape_set = cc.ShapeSet(shapes[:2])
    with pytest.raises(cc.InvalidInputError, match="poses: 3 poses for 2 shapes"):
        cc.batch_distance(shape_set, poses[:3], [[0, 1]])
    out = cc.batch_distance(shape_set, poses[:2], [[0, 1], [0, 2], [-1, 0]])
    assert list(out.status[1:]) == [cc.STATUS_INVALID_INPUT] * 2
    assert np.isinf(out.distance[1:]).all()


def test_a_set_pickles_with_its_shapes(scene):
    shapes, poses, pairs = scene[0], scene[1], scene[2]
    shape_set = cc.ShapeSet(shapes)
    back = pickle.loads(pickle.dumps(shape_set))
    assert isinstance(back, cc.ShapeSet) and len(back) == len(shapes)
    same(
        cc.batch_distance(back, poses, pairs).distance,
        cc.batch_distance(shape_set, poses, pairs).distance,
    )
