"""Every class of bad input raises its typed exception, with a message that says what is
wrong; nothing crashes and no NaN comes out as an answer."""

import math

import numpy as np
import pytest

import convex_collision as cc

BOX = cc.Cuboid([1, 1, 1])
BALL = cc.Ball(0.5)
FAR = np.array([3.0, 0, 0, 1, 0, 0, 0])
NAN = float("nan")
INF = float("inf")


def test_hierarchy():
    assert issubclass(cc.InvalidInputError, cc.CollisionError)
    assert issubclass(cc.InvalidInputError, ValueError)
    assert issubclass(cc.NotConvergedError, cc.CollisionError)
    assert issubclass(cc.OutOfRangeError, cc.CollisionError)
    assert issubclass(cc.OutOfMemoryError, cc.CollisionError)
    assert issubclass(cc.OutOfMemoryError, MemoryError)
    assert issubclass(cc.FixtureError, cc.CollisionError)
    assert issubclass(cc.FixtureError, ValueError)


@pytest.mark.parametrize(
    "pose,message",
    [
        ([NAN, 0, 0, 1, 0, 0, 0], "NaN"),
        ([INF, 0, 0, 1, 0, 0, 0], "NaN or infinite"),
        ([0, 0, 0, NAN, 0, 0, 0], "NaN"),
        ([0, 0, 0, 0, 0, 0, 0], "zero"),
        ([0, 0, 0, 2, 0, 0, 0], "norm"),
        ([0, 0, 0, 1, 0, 0], "shape (6,)"),
        (np.zeros((3, 3)), "shape (3, 3)"),
        (np.zeros((0,)), "shape (0,)"),
        (np.diag([2.0, 2.0, 2.0, 1.0]), "not a rigid transform"),
        (np.array([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 1, 1]], float), "bottom row"),
        (np.full((4, 4), NAN), "NaN"),
        ([[1, 0, 0, 0]] * 4, "not a rigid transform"),
        (np.array([1, 0, 0, 1, 0, 0, 0], dtype=complex), "complex"),
        (np.array(["a"] * 7), "not a real number type"),
        ([0, 0, 0, 1, 0, 0, None], "not a real number type"),
        (np.ones(7, dtype=bool), "bool"),
        ("pose", "not a real number type"),
    ],
)
def test_bad_poses(pose, message):
    for call in (
        lambda: cc.distance(BOX, None, BALL, pose),
        lambda: cc.intersects(BOX, pose, BALL, None),
        lambda: cc.contact(BOX, None, BALL, pose),
        lambda: cc.closest_points(BOX, pose, BALL, FAR),
        lambda: cc.cast_ray(BOX, pose, [0, 0, 5], [0, 0, -1]),
        lambda: cc.time_of_impact(BOX, None, BALL, pose, 1.0),
    ):
        with pytest.raises(cc.InvalidInputError, match=None) as info:
            call()
        assert message in str(info.value), str(info.value)


def test_near_unit_quaternion_is_normalized():
    q = np.array([3.0, 0, 0, 0.7071, 0, 0, 0.7071])
    exact = np.array([3.0, 0, 0, math.sqrt(0.5), 0, 0, math.sqrt(0.5)])
    assert cc.distance(BOX, None, BALL, q) == pytest.approx(cc.distance(BOX, None, BALL, exact))


def test_other_real_dtypes_are_converted():
    pts = np.random.default_rng(2).normal(size=(20, 3))
    h64 = cc.ConvexHull(pts)
    h32 = cc.ConvexHull(pts.astype(np.float32))
    assert h32.points.dtype == np.float64
    np.testing.assert_array_equal(h32.points, pts.astype(np.float32).astype(np.float64))
    hint = cc.ConvexHull(np.array([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]], dtype=np.int32))
    assert hint.volume == pytest.approx(1 / 6)
    # Fortran order and strided views are read as they are.
    assert cc.ConvexHull(np.asfortranarray(pts)).points.tolist() == h64.points.tolist()
    wide = np.zeros((20, 6))
    wide[:, ::2] = pts
    assert cc.ConvexHull(wide[:, ::2]).points.tolist() == h64.points.tolist()
    assert cc.distance(BOX, None, BALL, [3, 0, 0, 1, 0, 0, 0]) == 1.5
    assert cc.distance(BOX, None, BALL, np.array([3, 0, 0, 1, 0, 0, 0], np.float32)) == 1.5


@pytest.mark.parametrize(
    "points,message",
    [
        (np.empty((0, 3)), "empty"),
        (np.zeros((5, 2)), "(N, 3)"),
        (np.zeros(3), "(N, 3)"),
        (np.zeros((2, 3, 3)), "(N, 3)"),
        ([[0, 0, 0], [1, 0, 0], [0, NAN, 0], [0, 0, 1]], "point 2"),
        ([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, -INF]], "point 3"),
        (np.zeros((4, 3), dtype=complex), "complex"),
        ([[0, 0, 0], [1, 0]], "not an array of numbers"),
        ([["a", "b", "c"]], "not a real number type"),
    ],
)
def test_bad_hull_points(points, message):
    with pytest.raises(cc.InvalidInputError) as info:
        cc.ConvexHull(points)
    assert message in str(info.value), str(info.value)


@pytest.mark.parametrize(
    "make",
    [
        lambda: cc.Ball(-1.0),
        lambda: cc.Ball(NAN),
        lambda: cc.Ball(INF),
        lambda: cc.Cuboid([1, -1, 1]),
        lambda: cc.Cuboid([1, NAN, 1]),
        lambda: cc.Cuboid([1, 1]),
        lambda: cc.Capsule(NAN, 1.0),
        lambda: cc.Cylinder(1.0, -0.5),
        lambda: cc.Cone(INF, 1.0),
        lambda: cc.Segment([0, 0, NAN], [1, 0, 0]),
        lambda: cc.Triangle([0, 0, 0], [1, 0, 0], [0, 1]),
        lambda: cc.Point([NAN, 0, 0]),
        lambda: cc.Rounded(cc.Ball(1.0), -0.1),
        lambda: cc.Rounded(cc.Ball(1.0), NAN),
    ],
)
def test_bad_shape_parameters(make):
    with pytest.raises(cc.InvalidInputError):
        make()


def test_bad_query_arguments():
    with pytest.raises(cc.InvalidInputError, match="margin"):
        cc.contact(BOX, None, BALL, FAR, margin=-1.0)
    with pytest.raises(cc.InvalidInputError, match="margin"):
        cc.contact(BOX, None, BALL, FAR, margin=NAN)
    with pytest.raises(cc.InvalidInputError, match="t_max"):
        cc.time_of_impact(BOX, None, BALL, FAR, NAN)
    with pytest.raises(cc.InvalidInputError, match="t_max"):
        cc.time_of_impact(BOX, None, BALL, FAR, 0.0)
    with pytest.raises(cc.InvalidInputError, match="linear_b"):
        cc.time_of_impact(BOX, None, BALL, FAR, 1.0, linear_b=[NAN, 0, 0])
    with pytest.raises(cc.InvalidInputError, match="direction"):
        cc.cast_ray(BOX, None, [0, 0, 5], [0, 0, 0])
    with pytest.raises(cc.InvalidInputError, match="origin"):
        cc.cast_ray(BOX, None, [0, NAN, 5], [0, 0, 1])
    with pytest.raises(cc.InvalidInputError, match="max_toi"):
        cc.cast_ray(BOX, None, [0, 0, 5], [0, 0, 1], max_toi=NAN)
    with pytest.raises(cc.InvalidInputError, match="not both"):
        cc.mass_properties(BOX, density=1.0, mass=1.0)
    with pytest.raises(cc.InvalidInputError, match="density"):
        cc.mass_properties(BOX, density=NAN)
    with pytest.raises(cc.InvalidInputError, match="no volume"):
        cc.mass_properties(cc.Segment([0, 0, 0], [1, 0, 0]))
    with pytest.raises(TypeError):
        cc.distance(BOX, None, "not a shape", None)


def test_not_converged_raises_its_error():
    """Advancement capped at one step cannot reach the impact of boxes 8 apart."""
    a, b = cc.Cuboid([1, 1, 1]), cc.Cuboid([1, 1, 1])
    with pytest.raises(cc.NotConvergedError, match="did not converge"):
        cc.time_of_impact(a, None, b, [10, 0, 0, 1, 0, 0, 0], 20.0,
                          linear_b=[-1, 0, 0], angular_b=[0, 3, 1], max_iterations=1)
    impact = cc.time_of_impact(a, None, b, [10, 0, 0, 1, 0, 0, 0], 20.0,
                               linear_b=[-1, 0, 0], angular_b=[0, 3, 1])
    assert 0 < impact.time < 8.0


def test_out_of_range_scene_raises_its_error():
    """Hulls 1e70 apart are outside GJK's exact range: a typed error, never a number."""
    pts = np.random.default_rng(3).normal(size=(10, 3))
    a, b = cc.ConvexHull(pts), cc.ConvexHull(pts * 1e70)
    with pytest.raises(cc.OutOfRangeError):
        cc.distance(a, None, b, [1e70, 0, 0, 1, 0, 0, 0])


def test_rounding_again_adds_the_margins_one_level_deep():
    """Rounded 100,000 times, a ball stays one level deep (nested, every copy walked the
    whole chain and overflowed the stack: a crash), and answers as the ball of the summed
    radius: the distance to a unit ball 10 away is 10 - 1 - (1 + 100,000 * 1e-5) = 7."""
    s = cc.Ball(1.0)
    for _ in range(100_000):
        s = cc.Rounded(s, 1e-5)
    assert s.shape == cc.Ball(1.0)
    assert s.margin == pytest.approx(1.0, rel=1e-9)
    assert cc.distance(s, None, cc.Ball(1.0), [10, 0, 0, 1, 0, 0, 0]) == pytest.approx(7.0, rel=1e-9)
    twice = cc.Rounded(cc.Rounded(cc.Cuboid([1, 2, 3]), 0.5), 0.25)
    assert twice.shape == cc.Cuboid([1, 2, 3]) and twice.margin == 0.75
    with pytest.raises(cc.InvalidInputError, match="margin"):
        cc.Rounded(twice, -0.1)
    with pytest.raises(cc.InvalidInputError, match="margin"):
        cc.Rounded(cc.Rounded(cc.Ball(1.0), 1e308), 1e308)


def test_contact_of_shapes_beyond_the_exact_range_raises_out_of_range():
    """A cylinder of size 1.2e21 against a triangle with a vertex at 1.6e300 sent EPA's
    seed growth round a loop until the stack overflowed (a crash, found by
    test_random_input's generator): a typed error now."""
    cylinder = cc.Cylinder(1.1805916207174113e21, 1.1805916207174113e21)
    triangle = cc.Triangle([1.6133557362866777e300, -7.935348396117745e298, -4.073171054961009e299],
                           [-2147483648.0] * 3, [0.0, 0.0, 0.0])
    with pytest.raises(cc.OutOfRangeError):
        cc.contact(cylinder, None, triangle, None, margin=1.4490589306777606)


def test_mass_properties_whose_tensor_overflows_raise():
    """A finite mass on a tetrahedron of edge 1e-100 is a density beyond float64: the
    tensor came out NaN (found by test_random_input's generator); a typed error now. The
    same hull at density 6e300 keeps m = density * e^3 / 6 = 1e0."""
    tiny = cc.ConvexHull(np.array([[0, 0, 0], [1e-100, 0, 0], [0, 1e-100, 0], [0, 0, 1e-100]]))
    with pytest.raises(cc.InvalidInputError, match="overflows"):
        cc.mass_properties(tiny, mass=1e100)
    assert cc.mass_properties(tiny, density=6e300).mass == pytest.approx(1.0, rel=1e-12)


def test_support_beyond_float64_raises_out_of_range():
    """A cylinder of radius 1.8e308 turned by a pose has support points whose rotated
    coordinates overflow (found by a fuzzer: [nan, -inf, -inf] came out): a typed error.
    The same shape unturned, and a turned ball of radius 1e300, give finite points."""
    huge = cc.Cylinder(5e-324, 1.7976931348623157e308)
    q = np.array([0.369, 0.503, 0.727, -0.286])
    pose = np.concatenate([[0.0, 1e-8, 1.1], q / np.linalg.norm(q)])
    with pytest.raises(cc.OutOfRangeError, match="beyond f64"):
        huge.support([-1, -1, -1], pose)
    with pytest.raises(cc.OutOfRangeError):
        cc.Ball(1.7976931348623157e308).support([1, 1, 1], pose)
    p = huge.support([1, 0, 0])
    assert p[0] == 1.7976931348623157e308 and p[1] == 5e-324 and p[2] == 0.0
    p = cc.Ball(1e300).support([0, 0, 2], pose)
    assert np.all(np.isfinite(p))
    np.testing.assert_allclose(p, [0, 0, 1e300], rtol=1e-12, atol=1e288)


@pytest.mark.parametrize(
    "poses,pairs,message",
    [
        (np.zeros((2, 6)), [[0, 1]], "(M, 7)"),
        (np.zeros((3, 7)), [[0, 1]], "3 poses for 2 shapes"),
        (None, [[0, 1, 1]], "(K, 2)"),
        (None, [0, 1], "(K, 2)"),
        (None, np.array([[0.0, 1.0]]), "not an integer type"),
        (None, [["a", "b"]], "not an integer type"),
        (np.zeros((2, 7), dtype=complex), [[0, 1]], "complex"),
    ],
)
def test_bad_batch_arrays(poses, pairs, message):
    if poses is None:
        poses = np.array([[0, 0, 0, 1, 0, 0, 0], [3, 0, 0, 1, 0, 0, 0]], float)
    for call in (cc.batch_distance, cc.batch_intersects, cc.batch_closest_points, cc.batch_contact):
        with pytest.raises(cc.InvalidInputError) as info:
            call([BOX, BALL], poses, pairs)
        assert message in str(info.value), str(info.value)


def test_bad_batch_rows_get_a_status_not_a_number():
    poses = np.array(
        [[0, 0, 0, 1, 0, 0, 0], [3, 0, 0, 1, 0, 0, 0], [NAN, 0, 0, 1, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0]],
        float,
    )
    shapes = [BOX, BALL, BALL, BALL]
    pairs = np.array([[0, 1], [0, 2], [0, 3], [0, 4], [-1, 0], [1, 0]])
    d = cc.batch_distance(shapes, poses, pairs)
    assert d.status.tolist() == [cc.STATUS_OK, 2, 2, 2, 2, cc.STATUS_OK]
    assert d.distance[0] == 1.5 and d.distance[5] == 1.5
    assert np.isinf(d.distance[1:5]).all()
    for r in (d.distance, cc.batch_contact(shapes, poses, pairs).separation):
        assert not np.isnan(r).any()
    c = cc.batch_contact(shapes, poses, pairs, margin=2.0)
    assert c.status.tolist() == [0, 2, 2, 2, 2, 0]
    assert c.has_contact.tolist() == [True, False, False, False, False, True]
    assert c.separation[0] == pytest.approx(1.5)
    assert np.isfinite(c.normal[[0, 5]]).all()
    i = cc.batch_intersects(shapes, poses, pairs)
    assert i.status.tolist() == [0, 2, 2, 2, 2, 0]
    with pytest.raises(cc.InvalidInputError, match="margin"):
        cc.batch_contact(shapes, poses, pairs, margin=NAN)


def test_empty_batch_is_empty():
    r = cc.batch_distance([BOX], np.zeros((1, 7)) + [0, 0, 0, 1, 0, 0, 0], np.zeros((0, 2), int))
    assert r.distance.shape == (0,) and r.status.shape == (0,)
    c = cc.batch_contact([], np.zeros((0, 7)), np.zeros((0, 2), int))
    assert c.normal.shape == (0, 3)


def test_bad_fixtures(tmp_path):
    with pytest.raises(cc.FixtureError, match="cannot read"):
        cc.Fixture.load(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text('{"name": "x",\n  "description": ')
    with pytest.raises(cc.FixtureError, match="bad.json:2"):
        cc.Fixture.load(bad)
    with pytest.raises(cc.FixtureError, match="query"):
        cc.Fixture(BOX, None, BALL, FAR, {"type": "nonsense"})
    with pytest.raises(cc.FixtureError):
        cc.Fixture(BOX, None, BALL, FAR, "distance").check()
