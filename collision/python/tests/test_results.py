"""The single queries' result objects and the pose forms they take.

Results are frozen native objects: they unpack like the tuples they replace, build each
array once (the same object on every read), compare by value, pickle, and refuse bad
fields in their constructors. Poses given as (7,) arrays, strided views, tuples and lists
of floats or ints all answer the same, bit for bit; wrong lengths, NaN, zero
quaternions, strings and boolean arrays are refused.
"""

import pickle

import numpy as np
import pytest

import convex_collision as cc

BOX = cc.Cuboid([1.0, 1.0, 1.0])
BALL = cc.Ball(0.5)
OVERLAP = np.array([1.25, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0])  # the ball 0.25 deep in the box
APART = np.array([2.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0])  # 0.5 apart


def test_contact_fields_unpack_and_arrays_are_built_once():
    c = cc.contact(BOX, None, BALL, OVERLAP)
    assert c.separation == pytest.approx(-0.25, abs=1e-12)
    assert c.depth == pytest.approx(0.25, abs=1e-12)
    assert c.normal is c.normal
    assert c.normal.shape == (3,) and c.normal.dtype == np.float64
    np.testing.assert_allclose(c.normal, [1, 0, 0], atol=1e-12)
    np.testing.assert_allclose(c.point_a, [1, 0, 0], atol=1e-12)
    np.testing.assert_allclose(c.point_b, [0.75, 0, 0], atol=1e-12)
    separation, normal, point_a, point_b, status, method = c
    assert (separation, status, method) == (c.separation, "converged", c.method)
    assert normal is c.normal and point_a is c.point_a and point_b is c.point_b
    assert len(c) == 6 and c[0] == c.separation and c[-1] == c.method
    with pytest.raises(IndexError):
        c[6]
    assert "Contact(separation=" in repr(c)


def test_closest_points_fields():
    cp = cc.closest_points(BOX, None, BALL, APART)
    overlapping, distance, point_a, point_b = cp
    assert not overlapping and distance == pytest.approx(0.5, abs=1e-12)
    np.testing.assert_allclose(point_a, [1, 0, 0], atol=1e-12)
    np.testing.assert_allclose(point_b, [1.5, 0, 0], atol=1e-12)
    inside = cc.closest_points(BOX, None, BALL, OVERLAP)
    assert tuple(inside) == (True, 0.0, None, None)
    assert inside.point_a is None and inside.point_b is None


def test_impact_and_ray_hit_fields():
    hit = cc.cast_ray(BOX, None, [-5.0, 0.0, 0.0], [1.0, 0.0, 0.0])
    toi, point, normal = hit
    assert toi == pytest.approx(4.0, abs=1e-12)
    np.testing.assert_allclose(point, [-1, 0, 0], atol=1e-12)
    np.testing.assert_allclose(normal, [-1, 0, 0], atol=1e-12)
    impact = cc.time_of_impact(BOX, None, BALL, [3.0, 0, 0, 1, 0, 0, 0], 10.0, linear_b=[-1, 0, 0])
    assert impact.time == pytest.approx(1.5, abs=1e-6)
    assert len(tuple(impact)) == 6 and impact.normal is impact.normal


@pytest.mark.parametrize(
    "result",
    [
        lambda: cc.contact(BOX, None, BALL, OVERLAP),
        lambda: cc.closest_points(BOX, None, BALL, APART),
        lambda: cc.closest_points(BOX, None, BALL, OVERLAP),
        lambda: cc.cast_ray(BOX, None, [-5.0, 0.0, 0.0], [1.0, 0.0, 0.0]),
        lambda: cc.time_of_impact(BOX, None, BALL, APART, 10.0, linear_b=[-1, 0, 0]),
    ],
)
def test_results_pickle_and_compare_by_value(result):
    r = result()
    back = pickle.loads(pickle.dumps(r))
    assert type(back) is type(r)
    assert back == r and result() == r
    for x, y in zip(back, r):
        if isinstance(y, np.ndarray):
            assert np.array_equal(x, y)
        else:
            assert x == y
    assert r != tuple(r)


def test_result_constructors_refuse_bad_fields():
    z = [0.0, 0.0, 1.0]
    ok = cc.Contact(-0.1, z, z, z, "converged", "penetration")
    assert ok.depth == pytest.approx(0.1)
    with pytest.raises(cc.InvalidInputError, match="status"):
        cc.Contact(-0.1, z, z, z, "fine", "penetration")
    with pytest.raises(cc.InvalidInputError, match="normal"):
        cc.Contact(-0.1, [0.0, np.nan, 1.0], z, z, "converged", "penetration")
    with pytest.raises(cc.InvalidInputError, match="separation"):
        cc.Contact(np.nan, z, z, z, "converged", "penetration")
    with pytest.raises(cc.InvalidInputError):
        cc.ClosestPoints(True, 1.0)
    with pytest.raises(cc.InvalidInputError):
        cc.ClosestPoints(False, 1.0, z)
    with pytest.raises(cc.InvalidInputError, match="toi"):
        cc.RayHit(np.inf, z, z)


def test_pose_forms_answer_the_same():
    rng = np.random.default_rng(5)
    hull = cc.ConvexHull(rng.normal(size=(24, 3)))
    q = rng.normal(size=4)
    pose = np.concatenate([[1.5, -0.25, 0.5], q / np.linalg.norm(q)])
    rows = np.zeros((3, 14))
    rows[1, ::2] = pose  # a strided (7,) view
    forms = [
        pose,
        rows[1, ::2],
        tuple(pose.tolist()),
        pose.tolist(),
    ]
    want = cc.distance(BOX, None, hull, pose)
    for form in forms:
        assert cc.distance(BOX, None, hull, form) == want
        assert cc.contact(BOX, None, hull, form, margin=5.0) == cc.contact(BOX, None, hull, pose, margin=5.0)
    # Ints (not booleans) are numbers; the identity as a list of ints.
    assert cc.distance(BOX, [0, 0, 0, 1, 0, 0, 0], BALL, APART) == cc.distance(BOX, None, BALL, APART)
    assert cc.distance(BOX, (0, 0, 0, 1, 0, 0, 0.0), BALL, tuple(APART)) == pytest.approx(0.5)


@pytest.mark.parametrize(
    "pose",
    [
        [0.0, 0.0, 0.0, 1.0, 0.0, 0.0],
        (0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0),
        [0.0, 0.0, float("nan"), 1.0, 0.0, 0.0, 0.0],
        (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0),
        ("0", 0.0, 0.0, 1.0, 0.0, 0.0, 0.0),
        np.zeros(7, dtype=bool),
    ],
)
def test_bad_pose_forms_are_refused(pose):
    with pytest.raises(cc.InvalidInputError, match="pose_b"):
        cc.distance(BOX, None, BALL, pose)
