"""Closed forms: ball–ball, box–box, ball–box, rays, time of impact, mass, hull measures.

Every case also runs scaled by 1e-6 and 1e6 and offset by 1e6 (the pose matrix, flat hull
and every-kind checks excepted): tolerances are relative.
"""

import math

import numpy as np
import pytest

import convex_collision as cc

SCALES = [(1.0, 0.0), (1e-6, 0.0), (1e6, 0.0), (1.0, 1e6)]


def at(x, y, z, offset=0.0, q=(1.0, 0.0, 0.0, 0.0)):
    return np.array([x + offset, y + offset, z + offset, *q])


def about_z(angle):
    return (math.cos(angle / 2), 0.0, 0.0, math.sin(angle / 2))


def close(got, want, size):
    assert abs(got - want) <= 1e-9 * size, f"got {got}, want {want} (|diff| {abs(got - want):e})"


@pytest.mark.parametrize("s,off", SCALES)
def test_ball_ball(s, off):
    a, b = cc.Ball(1.0 * s), cc.Ball(0.5 * s)
    pa, pb = at(0, 0, 0, off), at(3 * s, 0, 0, off, about_z(0.7))
    close(cc.distance(a, pa, b, pb), 1.5 * s, s)
    assert not cc.intersects(a, pa, b, pb)
    cp = cc.closest_points(a, pa, b, pb)
    assert not cp.overlapping
    np.testing.assert_allclose(cp.point_a, [s + off, off, off], rtol=0, atol=1e-9 * max(s, off))
    np.testing.assert_allclose(cp.point_b, [2.5 * s + off, off, off], rtol=0, atol=1e-9 * max(s, off))
    # Overlapping by 0.5 * s: centres 1.0 * s apart.
    pb = at(1.0 * s, 0, 0, off)
    assert cc.intersects(a, pa, b, pb)
    assert cc.distance(a, pa, b, pb) == 0.0
    assert cc.closest_points(a, pa, b, pb).overlapping
    c = cc.contact(a, pa, b, pb)
    close(c.separation, -0.5 * s, s)
    close(c.depth, 0.5 * s, s)
    np.testing.assert_allclose(c.normal, [1, 0, 0], atol=1e-9)
    assert c.status == "converged"


@pytest.mark.parametrize("s,off", SCALES)
def test_box_box(s, off):
    a, b = cc.Cuboid([s, s, s]), cc.Cuboid([0.5 * s] * 3)
    pa = at(0, 0, 0, off)
    # Face to face, 1.5 apart.
    close(cc.distance(a, pa, b, at(3 * s, 0, 0, off)), 1.5 * s, s)
    # B turned 45° about z: its edge points at A, 3 - 0.5 √2 from A's centre.
    d = cc.distance(a, pa, b, at(3 * s, 0, 0, off, about_z(math.pi / 4)))
    close(d, (2 - 0.5 * math.sqrt(2)) * s, s)
    # Penetrating by 0.25 along x.
    c = cc.contact(a, pa, b, at(1.25 * s, 0, 0, off))
    close(c.separation, -0.25 * s, s)
    np.testing.assert_allclose(c.normal, [1, 0, 0], atol=1e-9)
    assert cc.intersects(a, pa, b, at(1.25 * s, 0, 0, off))
    # Within the margin but apart.
    c = cc.contact(a, pa, b, at(1.75 * s, 0, 0, off), margin=0.5 * s)
    close(c.separation, 0.25 * s, s)
    assert cc.contact(a, pa, b, at(1.75 * s, 0, 0, off), margin=0.1 * s) is None


@pytest.mark.parametrize("s,off", SCALES)
def test_ball_box(s, off):
    box, ball = cc.Cuboid([s, 2 * s, 3 * s]), cc.Ball(0.5 * s)
    pa = at(0, 0, 0, off)
    close(cc.distance(box, pa, ball, at(0, 0, 5 * s, off)), 1.5 * s, s)
    # Nearest the corner (1, 2, 3): the ball at (2, 3, 4).
    d = cc.distance(box, pa, ball, at(2 * s, 3 * s, 4 * s, off))
    close(d, (math.sqrt(3) - 0.5) * s, s)
    # The ball's centre 0.2 inside the +x face: depth 0.7.
    c = cc.contact(box, pa, ball, at(0.8 * s, 0, 0, off))
    close(c.separation, -0.7 * s, s)
    np.testing.assert_allclose(c.normal, [1, 0, 0], atol=1e-9)


def test_pose_as_matrix_equals_seven():
    a, b = cc.Cuboid([1, 1, 1]), cc.Cuboid([0.5, 0.5, 0.5])
    pose = at(3, 0.2, -0.1, 0.0, about_z(0.3))
    m = cc.pose_to_matrix(pose)
    assert m.shape == (4, 4)
    np.testing.assert_allclose(cc.pose_from_matrix(m), pose, atol=1e-15)
    assert cc.distance(a, None, b, m) == pytest.approx(cc.distance(a, None, b, pose), rel=1e-14)


@pytest.mark.parametrize("s,off", SCALES)
def test_ray_cast_cuboid(s, off):
    box = cc.Cuboid([s, s, s])
    centre = 10 * s + off
    hit = cc.cast_ray(box, at(0, 0, 0, centre), [5 * s + off, centre, centre], [1, 0, 0])
    close(hit.toi, 4 * s, s)
    np.testing.assert_allclose(hit.point, [9 * s + off, centre, centre], rtol=0, atol=1e-9 * s)
    np.testing.assert_allclose(hit.normal, [-1, 0, 0], atol=1e-12)
    pose = at(0, 0, 0, off)
    assert cc.cast_ray(box, pose, [off - 5 * s, off, off], [1, 0, 0], max_toi=3.0 * s) is None
    assert cc.cast_ray(box, pose, [off - 5 * s, off + 3 * s, off], [1, 0, 0]) is None


# Velocities scale with the scene, so the times of impact do not.
@pytest.mark.parametrize("s,off", SCALES)
def test_time_of_impact_balls_head_on(s, off):
    a, b = cc.Ball(1.0 * s), cc.Ball(1.0 * s)
    pa, pb = at(0, 0, 0, off), at(10 * s, 0, 0, off)
    impact = cc.time_of_impact(a, pa, b, pb, 20.0, linear_b=[-s, 0, 0])
    assert impact.time == pytest.approx(8.0, rel=1e-9)
    np.testing.assert_allclose(impact.normal, [1, 0, 0], atol=1e-9)
    assert cc.time_of_impact(a, pa, b, pb, 5.0, linear_b=[-s, 0, 0]) is None


@pytest.mark.parametrize("s,off", SCALES)
def test_time_of_impact_boxes(s, off):
    a, b = cc.Cuboid([s, s, s]), cc.Cuboid([s, s, s])
    pa, pb = at(0, 0, 0, off), at(5 * s, 0, 0, off)
    impact = cc.time_of_impact(a, pa, b, pb, 10.0, linear_a=[s, 0, 0])
    assert impact.time == pytest.approx(3.0, rel=1e-6)


# Mass scales with the cube of the size, inertia with its fifth power; a hull moved by the
# offset keeps its tensor about its centre of mass.
@pytest.mark.parametrize("s,off", SCALES)
def test_mass_properties_closed_forms(s, off):
    m = cc.mass_properties(cc.Cuboid([s, 2 * s, 3 * s]))
    assert m.mass == pytest.approx(48.0 * s**3, rel=1e-14)
    np.testing.assert_allclose(np.diag(m.inertia), np.array([208, 160, 80]) * s**5, rtol=1e-14)
    np.testing.assert_allclose(m.principal_moments, np.array([80, 160, 208]) * s**5, rtol=1e-12)
    ball = cc.mass_properties(cc.Ball(2.0 * s), mass=3.0)
    assert ball.mass == 3.0
    np.testing.assert_allclose(ball.inertia, np.eye(3) * 0.4 * 3.0 * 4.0 * s**2, rtol=1e-14)
    # A hull of the box's corners has the box's mass properties.
    corners = np.array([[x, y, z] for x in (-1, 1) for y in (-2, 2) for z in (-3, 3)], float)
    hull = cc.mass_properties(cc.ConvexHull(corners * s + off), density=2.0)
    assert hull.mass == pytest.approx(96.0 * s**3, rel=1e-12)
    np.testing.assert_allclose(np.diag(hull.inertia), np.array([416, 320, 160]) * s**5, rtol=1e-12)
    np.testing.assert_allclose(hull.center_of_mass, [off] * 3, rtol=0, atol=1e-14 * s)
    cyl = cc.mass_properties(cc.Cylinder(1.0 * s, 0.5 * s))
    assert cyl.mass == pytest.approx(math.pi * 0.25 * 2.0 * s**3, rel=1e-14)


@pytest.mark.parametrize("s,off", SCALES)
def test_hull_measures_of_a_cube(s, off):
    rng = np.random.default_rng(5)
    corners = np.array([[x, y, z] for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)], float)
    corners = corners * s + off
    inside = rng.uniform(-0.9, 0.9, size=(50, 3)) * s + off
    hull = cc.ConvexHull(np.vstack([inside, corners]))
    assert hull.hull_kind == "solid"
    assert hull.vertices.shape == (8, 3)
    assert sorted(map(tuple, hull.vertices)) == sorted(map(tuple, corners))
    assert hull.triangles.shape == (12, 3)
    assert len(hull.faces) == 6 and all(len(f) == 4 for f in hull.faces)
    assert hull.planes.shape == (6, 4)
    normals = hull.planes[:, :3]
    np.testing.assert_allclose(np.abs(normals).sum(axis=1), 1.0, atol=1e-12)
    # Each face plane n · x = d passes through the face at distance s from the centre.
    distances = hull.planes[:, 3] - normals.sum(axis=1) * off
    np.testing.assert_allclose(distances, s, rtol=0, atol=1e-12 * max(s, off))
    assert hull.volume == pytest.approx(8.0 * s**3, rel=1e-14)
    assert hull.area == pytest.approx(24.0 * s**2, rel=1e-14)
    np.testing.assert_allclose(hull.centroid, off, rtol=0, atol=1e-14 * max(s, off))
    assert hull.points.shape == (58, 3)


def test_flat_hull():
    square = np.array([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0], [0.5, 0.5, 0]], float)
    hull = cc.ConvexHull(square)
    assert hull.hull_kind == "polygon"
    assert hull.triangles.shape == (0, 3) and hull.faces == [] and hull.volume == 0.0
    assert cc.distance(hull, None, cc.Ball(0.5), at(0.5, 0.5, 2)) == pytest.approx(1.5, rel=1e-12)


def test_every_shape_kind_answers():
    shapes = [
        cc.Ball(0.5),
        cc.Cuboid([0.5, 0.4, 0.3]),
        cc.Capsule(0.5, 0.2),
        cc.Cylinder(0.5, 0.3),
        cc.Cone(0.5, 0.3),
        cc.Segment([0, 0, 0], [1, 0, 0]),
        cc.Triangle([0, 0, 0], [1, 0, 0], [0, 1, 0]),
        cc.Point([0.1, 0.2, 0.3]),
        cc.Rounded(cc.Cuboid([0.3, 0.3, 0.3]), 0.1),
        cc.ConvexHull(np.random.default_rng(1).normal(size=(20, 3))),
    ]
    kinds = [s.kind for s in shapes]
    assert kinds == ["ball", "cuboid", "capsule", "cylinder", "cone", "segment", "triangle",
                     "point", "rounded", "hull"]
    far = at(10, 0, 0)
    for a in shapes:
        for b in shapes:
            d = cc.distance(a, None, b, far)
            assert math.isfinite(d) and 5 < d <= 10
            cp = cc.closest_points(a, None, b, far)
            assert cp.distance == pytest.approx(d, rel=1e-9)
            assert np.linalg.norm(cp.point_b - cp.point_a) == pytest.approx(d, rel=1e-9)
    # Support points and bounding boxes.
    np.testing.assert_allclose(cc.Ball(2.0).support([0, 3, 0]), [0, 2, 0])
    lo, hi = cc.Cuboid([1, 2, 3]).aabb(at(10, 0, 0))
    np.testing.assert_allclose(lo, [9, -2, -3])
    np.testing.assert_allclose(hi, [11, 2, 3])
    assert cc.Rounded(cc.Ball(1.0), 0.5).shape == cc.Ball(1.0)


def test_mass_properties_of_rounded_cores_are_the_primitives_they_grow_into():
    # A ball of radius 1 grown by 0.5 is a ball of radius 1.5: m = 4/3 pi r^3, I = 2/5 m r^2.
    m = cc.mass_properties(cc.Rounded(cc.Ball(1.0), 0.5), density=2.0)
    mass = 2.0 * 4.0 / 3.0 * np.pi * 1.5**3
    assert m.mass == pytest.approx(mass, rel=1e-12)
    assert np.allclose(m.inertia, np.eye(3) * 0.4 * mass * 1.5**2, rtol=1e-12, atol=0)
    # A segment grown by r is a capsule of radius r along it.
    seg = cc.mass_properties(cc.Rounded(cc.Segment([0, -2, 0], [0, 2, 0]), 1.0))
    cap = cc.mass_properties(cc.Capsule(2.0, 1.0))
    assert seg.mass == pytest.approx(cap.mass, rel=1e-12)
    assert np.allclose(seg.inertia, cap.inertia, rtol=1e-12, atol=1e-12)
    with pytest.raises(cc.InvalidInputError, match="rounded box"):
        cc.mass_properties(cc.Rounded(cc.Cuboid([1, 1, 1]), 0.1))
