//! Writes the expected answers of the Python package's seeded hull pairs, computed with
//! the Rust API alone (no Python binding), for `tests/test_rust_reference.py`:
//!
//! ```sh
//! cargo run --release -p collision-python --example expected_pairs > collision/python/tests/data/hull_pairs.json
//! ```
//!
//! Both sides draw the pairs from the same splitmix64 stream (`tests/pairs.py` is the
//! Python twin of `Draw` below) with the same floating-point operations, so the inputs are
//! identical bit for bit and only the answers are stored.

use collision::{ConvexHull, Shape};
use nalgebra::{Isometry3, Point3, Quaternion, Translation3, UnitQuaternion, Vector3};

/// Number of pairs.
const PAIRS: usize = 1000;
/// The stream's seed.
const SEED: u64 = 20_261_127;
/// Contact margin of the stored contacts.
const MARGIN: f64 = 1.0;

/// splitmix64 (Steele, Lea and Flood 2014) and the draws built on it.
struct Draw(u64);

impl Draw {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1), 53 bits.
    fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / 9_007_199_254_740_992.0)
    }

    /// Uniform in [-1, 1).
    fn signed(&mut self) -> f64 {
        2.0 * self.unit() - 1.0
    }

    /// A hull of 4 to 32 points uniform in a cube of half-size 0.5 to 2.
    fn hull(&mut self) -> Vec<Point3<f64>> {
        let n = 4 + (self.unit() * 29.0) as usize;
        let scale = 0.5 + 1.5 * self.unit();
        (0..n)
            .map(|_| {
                let x = self.signed() * scale;
                let y = self.signed() * scale;
                let z = self.signed() * scale;
                Point3::new(x, y, z)
            })
            .collect()
    }

    /// `[x, y, z, qw, qx, qy, qz]`: a translation in [-3, 3)³ and a normalized quaternion
    /// (the identity when the draw is nearly zero).
    fn pose(&mut self) -> [f64; 7] {
        let t = [
            3.0 * self.signed(),
            3.0 * self.signed(),
            3.0 * self.signed(),
        ];
        let q = [self.signed(), self.signed(), self.signed(), self.signed()];
        let n = (q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]).sqrt();
        if n < 0.1 {
            return [t[0], t[1], t[2], 1.0, 0.0, 0.0, 0.0];
        }
        [t[0], t[1], t[2], q[0] / n, q[1] / n, q[2] / n, q[3] / n]
    }
}

/// The pose as the Python package builds it from its 7 numbers.
fn isometry(p: &[f64; 7]) -> Isometry3<f64> {
    let q = UnitQuaternion::from_quaternion(Quaternion::new(p[3], p[4], p[5], p[6]));
    Isometry3::from_parts(Translation3::from(Vector3::new(p[0], p[1], p[2])), q)
}

fn number(x: f64) -> String {
    format!("{x:e}")
}

fn main() {
    let mut draw = Draw(SEED);
    let mut rows = Vec::with_capacity(PAIRS);
    for _ in 0..PAIRS {
        let (points_a, pose_a) = (draw.hull(), draw.pose());
        let (points_b, pose_b) = (draw.hull(), draw.pose());
        let a = Shape::from(ConvexHull::new(&points_a).expect("random points span a hull"));
        let b = Shape::from(ConvexHull::new(&points_b).expect("random points span a hull"));
        let (pa, pb) = (isometry(&pose_a), isometry(&pose_b));
        let distance = collision::distance(&a, &pa, &b, &pb).map_or("null".into(), number);
        let intersects =
            collision::intersects(&a, &pa, &b, &pb).map_or("null".into(), |hit| hit.to_string());
        let contact = match collision::contact(&a, &pa, &b, &pb, MARGIN) {
            Ok(Some(c)) => format!(
                "[{}, {}, {}, {}]",
                number(c.separation),
                number(c.normal.x),
                number(c.normal.y),
                number(c.normal.z)
            ),
            Ok(None) | Err(_) => "null".into(),
        };
        rows.push(format!("[{distance}, {intersects}, {contact}]"));
    }
    println!("{{");
    println!("  \"generator\": \"splitmix64, seed {SEED}, {PAIRS} pairs: see tests/pairs.py\",");
    println!("  \"seed\": {SEED},");
    println!("  \"margin\": {MARGIN},");
    println!(
        "  \"columns\": [\"distance\", \"intersects\", \"contact [separation, nx, ny, nz] or null\"],"
    );
    println!("  \"pairs\": [");
    println!("    {}", rows.join(",\n    "));
    println!("  ]");
    println!("}}");
}
