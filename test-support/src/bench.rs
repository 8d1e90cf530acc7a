//! The draws of the `collision` benches and examples: hulls of points uniform in the unit
//! ball with parry's copies, the GJK bench's seeded hull pairs, primitive pairs and
//! coherent sequence.

use collision::{Ball, Capsule, ConvexHull, Cuboid, Triangle};
use nalgebra::{Isometry3, Point3, Vector3};
use parry3d_f64::math::{Pose, Vector};
use parry3d_f64::shape as ps;
use rand_chacha::ChaCha8Rng;

pub use crate::parry::pv;
pub use crate::parry::{parry_hull, to_parry};
pub use crate::placement::moved_to_gap;
pub use crate::sample::{pose, rng, v3};

/// `n` points uniform in the unit ball.
pub fn cloud(rng: &mut ChaCha8Rng, n: usize) -> Vec<Point3<f64>> {
    crate::sample::ball_points(rng, n)
}

/// A hull of `n` points of a [`cloud`], and parry's copy.
pub fn hull(rng: &mut ChaCha8Rng, n: usize) -> (ConvexHull, ps::ConvexPolyhedron) {
    let h = ConvexHull::new(&cloud(rng, n)).unwrap();
    let q = parry_hull(&h);
    (h, q)
}
/// Two hulls and their poses.
pub struct HullPair {
    /// Hull A.
    pub a: ConvexHull,
    /// Hull B.
    pub b: ConvexHull,
    /// A's pose.
    pub pa: Isometry3<f64>,
    /// B's pose.
    pub pb: Isometry3<f64>,
}

/// parry's copy of a [`HullPair`].
pub struct ParryPair {
    /// Hull A.
    pub qa: ps::ConvexPolyhedron,
    /// Hull B.
    pub qb: ps::ConvexPolyhedron,
    /// A's pose.
    pub ppa: Pose,
    /// B's pose.
    pub ppb: Pose,
}

impl HullPair {
    /// parry's copy of the pair.
    pub fn parry(&self) -> ParryPair {
        ParryPair {
            qa: parry_hull(&self.a),
            qb: parry_hull(&self.b),
            ppa: to_parry(&self.pa),
            ppb: to_parry(&self.pb),
        }
    }
}

/// 32 random pairs of hulls of `n` points (seed `n`), centres up to 2.4 apart per axis
/// (about a third overlap).
pub fn hull_pairs(n: usize) -> Vec<HullPair> {
    let mut rng = rng(n as u64);
    (0..32)
        .map(|_| {
            let a = ConvexHull::new(&cloud(&mut rng, n)).unwrap();
            let b = ConvexHull::new(&cloud(&mut rng, n)).unwrap();
            let (pa, pb) = (pose(&mut rng, 1.2), pose(&mut rng, 1.2));
            HullPair { a, b, pa, pb }
        })
        .collect()
}

/// 32 random pairs of hulls of `n` points on the unit sphere (seed `n + 1`), posed as in
/// [`hull_pairs`]: every point is a vertex, so `n` = 1000 shows supports on hulls of a
/// thousand vertices (a ball's 1000 points keep only about 140).
pub fn sphere_pairs(n: usize) -> Vec<HullPair> {
    let mut rng = rng(n as u64 + 1);
    let sphere = |rng: &mut ChaCha8Rng| -> Vec<_> {
        cloud(rng, n)
            .into_iter()
            .map(|p| Point3::from(p.coords.normalize()))
            .collect()
    };
    (0..32)
        .map(|_| {
            let a = ConvexHull::new(&sphere(&mut rng)).unwrap();
            let b = ConvexHull::new(&sphere(&mut rng)).unwrap();
            let (pa, pb) = (pose(&mut rng, 1.2), pose(&mut rng, 1.2));
            HullPair { a, b, pa, pb }
        })
        .collect()
}

/// parry's copies of pairs of poses.
pub fn parry_poses(poses: &[(Isometry3<f64>, Isometry3<f64>)]) -> Vec<(Pose, Pose)> {
    poses
        .iter()
        .map(|(a, b)| (to_parry(a), to_parry(b)))
        .collect()
}

/// The primitive cases (seed 7): 32 pairs of poses, then a ball, a box, a capsule, a
/// triangle and a hull of 64 points, with parry's copies.
pub struct Primitives {
    /// The poses of A and B.
    pub poses: Vec<(Isometry3<f64>, Isometry3<f64>)>,
    /// parry's copies of `poses`.
    pub pposes: Vec<(Pose, Pose)>,
    /// Radius 0.5.
    pub ball: Ball,
    /// Half extents 0.5, 0.7, 0.9.
    pub cube: Cuboid,
    /// Half height 0.6, radius 0.3.
    pub capsule: Capsule,
    /// Corners (−0.6, 0, 0), (0.6, 0.4, 0) and (0, −0.4, 0.3) (a flat shape: its inscribed
    /// ball is its centroid).
    pub triangle: Triangle,
    /// 64 points in the unit ball.
    pub hull: ConvexHull,
    /// parry's ball.
    pub qball: ps::Ball,
    /// parry's box.
    pub qcube: ps::Cuboid,
    /// parry's capsule.
    pub qcapsule: ps::Capsule,
    /// parry's triangle.
    pub qtriangle: ps::Triangle,
    /// parry's hull.
    pub qhull: ps::ConvexPolyhedron,
}

impl Primitives {
    /// Draws the cases.
    pub fn new() -> Self {
        let mut rng = rng(7);
        let poses: Vec<(Isometry3<f64>, Isometry3<f64>)> = (0..32)
            .map(|_| (pose(&mut rng, 2.0), pose(&mut rng, 2.0)))
            .collect();
        let hull = ConvexHull::new(&cloud(&mut rng, 64)).unwrap();
        let corners = [[-0.6, 0.0, 0.0], [0.6, 0.4, 0.0], [0.0, -0.4, 0.3]];
        let [ta, tb, tc] = corners.map(|[x, y, z]| Point3::new(x, y, z));
        let [qa, qb, qc] = corners.map(|[x, y, z]| Vector::new(x, y, z));
        Primitives {
            triangle: Triangle::new(ta, tb, tc).unwrap(),
            qtriangle: ps::Triangle::new(qa, qb, qc),
            pposes: parry_poses(&poses),
            poses,
            ball: Ball::new(0.5).unwrap(),
            cube: Cuboid::new(Vector3::new(0.5, 0.7, 0.9)).unwrap(),
            capsule: Capsule::new(0.6, 0.3).unwrap(),
            qhull: parry_hull(&hull),
            hull,
            qball: ps::Ball::new(0.5),
            qcube: ps::Cuboid::new(Vector::new(0.5, 0.7, 0.9)),
            qcapsule: ps::Capsule::new_y(0.6, 0.3),
        }
    }
}

impl Default for Primitives {
    fn default() -> Self {
        Self::new()
    }
}

/// The coherent sequence: B moves along an arc of about 115° round A, both turning
/// slowly, so consecutive queries are coherent. Two hulls of `n` points (seed `99 + n`)
/// and 200 frames of their poses.
pub struct Coherent {
    /// Hull A.
    pub a: ConvexHull,
    /// Hull B.
    pub b: ConvexHull,
    /// The poses of A and B, frame by frame.
    pub frames: Vec<(Isometry3<f64>, Isometry3<f64>)>,
}

impl Coherent {
    /// Draws the hulls and builds the frames.
    pub fn new(n: usize) -> Self {
        let mut rng = rng(99 + n as u64);
        let a = ConvexHull::new(&cloud(&mut rng, n)).unwrap();
        let b = ConvexHull::new(&cloud(&mut rng, n)).unwrap();
        let frames = (0..200)
            .map(|s| {
                let t = f64::from(s) * 0.01;
                (
                    Isometry3::new(Vector3::zeros(), Vector3::new(0.0, 0.3 * t, 0.0)),
                    Isometry3::new(
                        Vector3::new(2.5 * t.cos(), 0.3 * (2.0 * t).sin(), 2.5 * t.sin()),
                        Vector3::new(t, 0.5 * t, 0.0),
                    ),
                )
            })
            .collect();
        Coherent { a, b, frames }
    }
}
