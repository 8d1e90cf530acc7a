//! Branch-free support scan over vertices stored in blocks of four (structure of arrays).

use super::avx::with_avx;
use nalgebra::{Point3, Vector3};

/// Index of the point with the largest `dir · p` (the first one on ties; 0 for NaN): the
/// plain sequential scan, which triangles, segments and small hulls call directly and
/// which is the reference of [`Blocks::argmax`].
pub(crate) fn argmax(points: &[Point3<f64>], dir: &Vector3<f64>) -> usize {
    let mut best = 0;
    let mut best_dot = f64::NEG_INFINITY;
    for (i, p) in points.iter().enumerate() {
        let d = dir.dot(&p.coords);
        if d > best_dot {
            best_dot = d;
            best = i;
        }
    }
    best
}

/// Lanes per block.
const LANES: usize = 4;

/// Blocks whose products the first pass keeps on the stack for the second: 24 vertices,
/// the largest hulls of the hull16 benchmark and most of hull64's. Blocks past these
/// (scanned hulls have up to `HILL_CLIMB_CROSSOVER` = 48 vertices) are recomputed; keeping
/// all twelve measured no faster, and larger arrays cost their initialisation on every
/// call.
const KEPT_BLOCKS: usize = 6;

/// Vertices as blocks of `[x; 4], [y; 4], [z; 4]`, the last block padded by repeating the
/// last vertex (a repeat never wins a strict comparison, so it is never reported).
#[derive(Clone, Debug, Default)]
pub(crate) struct Blocks {
    blocks: Vec<[[f64; LANES]; 3]>,
}

impl Blocks {
    /// The blocks of `points` (empty for an empty set).
    pub(crate) fn new(points: &[Point3<f64>]) -> Blocks {
        let Some(last) = points.last() else {
            return Blocks::default();
        };
        let blocks = points
            .chunks(LANES)
            .map(|chunk| {
                let mut b = [[0.0; LANES]; 3];
                for l in 0..LANES {
                    let p = chunk.get(l).unwrap_or(last);
                    for (axis, row) in b.iter_mut().enumerate() {
                        row[l] = p[axis];
                    }
                }
                b
            })
            .collect();
        Blocks { blocks }
    }

    /// Whether there are no blocks (an empty point set, or blocks not built).
    pub(crate) fn is_empty(&self) -> bool {
        self.blocks.is_empty()
    }

    /// Index of the vertex with the largest `dir · p`, the first one on ties and 0 when
    /// every product is NaN — the same answer as the plain sequential scan,
    /// [`argmax`], which is this kernel's reference.
    ///
    /// Two passes: the largest product `m` by a per-lane maximum (no data-dependent
    /// branch, so it runs on SIMD registers), then the first vertex whose product equals
    /// `m`, tested as `≥ m` (the same, since no product exceeds `m`, but one comparison
    /// and branch per lane: `==` on floats branches again for NaN). The first pass keeps
    /// the products of the first [`KEPT_BLOCKS`] blocks on the stack, so the second pass
    /// only compares them (blocks past those, which scanned hulls do not have, are
    /// recomputed by the same expression, bit-identical). NaN products never win `>`
    /// nor reach `m`; when all are NaN nothing matches and the answer is 0.
    ///
    /// The second pass exits early on a data-dependent branch. A support call is on GJK's
    /// critical path, and a predicted exit lets the CPU run ahead with the index before
    /// `m` is known, where a single branch-free pass keeping per-lane indices makes every
    /// caller wait for the reduction.
    ///
    /// The second pass tests each block whole first (does any lane reach `m`?, one packed
    /// comparison and one branch) and searches only the block that does lane by lane, in
    /// a loop the compiler cannot unroll, so that the lanes stay predicted branches
    /// instead of a lane computed from the comparison's mask (the same reasons as the
    /// hull climb's, see `hull_climb.rs`). Same answers.
    ///
    /// On x86-64 CPUs with AVX the same code runs compiled for 256-bit registers
    /// ([`with_avx`]): a block's four products in one multiply per axis instead of two. Without fused multiply-adds, each product is
    /// the same IEEE expression rounded the same way, so both paths give the same index
    /// bit for bit (a test checks it).
    ///
    /// Tried and dropped: one branch-free pass keeping per-lane indices (a support call
    /// waits for the reduction); keeping all twelve blocks' products (no faster); a
    /// crossover to climbing that depends on the CPU (answers must not depend on it).
    #[inline]
    pub(crate) fn argmax(&self, dir: &Vector3<f64>) -> usize {
        with_avx(|| self.argmax_portable(dir))
    }

    /// [`Blocks::argmax`] as written, for any CPU (inlined into the AVX build too).
    #[inline(always)]
    fn argmax_portable(&self, dir: &Vector3<f64>) -> usize {
        let dots = |[x, y, z]: &[[f64; LANES]; 3]| {
            std::array::from_fn::<f64, LANES, _>(|l| dir.x * x[l] + dir.y * y[l] + dir.z * z[l])
        };
        let mut best = [f64::NEG_INFINITY; LANES];
        let mut kept = [[f64::NAN; LANES]; KEPT_BLOCKS];
        for (block, slot) in self.blocks.iter().zip(kept.iter_mut()) {
            let d = dots(block);
            *slot = d;
            for l in 0..LANES {
                best[l] = if d[l] > best[l] { d[l] } else { best[l] };
            }
        }
        for block in self.blocks.iter().skip(KEPT_BLOCKS) {
            let d = dots(block);
            for l in 0..LANES {
                best[l] = if d[l] > best[l] { d[l] } else { best[l] };
            }
        }
        let m = best
            .iter()
            .fold(f64::NEG_INFINITY, |m, &b| if b > m { b } else { m });
        for (k, d) in kept.iter().take(self.blocks.len()).enumerate() {
            if let Some(l) = first_reaching(*d, m) {
                return k * LANES + l;
            }
        }
        for (k, block) in self.blocks.iter().enumerate().skip(KEPT_BLOCKS) {
            if let Some(l) = first_reaching(dots(block), m) {
                return k * LANES + l;
            }
        }
        0
    }
}

/// The first lane of a block's products `d` at or above `m`: the whole block tested at
/// once, then its lanes one branch each (see [`Blocks::argmax`]).
#[inline(always)]
fn first_reaching(d: [f64; LANES], m: f64) -> Option<usize> {
    if !d.iter().fold(false, |any, &d| any | (d >= m)) {
        return None;
    }
    let mut lane = 0;
    loop {
        if d[lane % LANES] >= m {
            return Some(lane % LANES);
        }
        lane += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The dispatched scan (AVX on CPUs that have it), the portable one and a plain
    /// sequential scan (the first maximiser) give the same index for every block count
    /// the scan handles (1 to 12, past `KEPT_BLOCKS`), on seeded random points and
    /// directions, with ties (repeated points), zero and NaN directions among them.
    #[test]
    fn every_path_gives_the_same_index() {
        let mut rng = ChaCha8Rng::seed_from_u64(41);
        for case in 0..4_000 {
            let n = rng.random_range(1..=48);
            let mut points: Vec<Point3<f64>> = (0..n)
                .map(|_| Point3::new(rng.random(), rng.random(), rng.random()) * 2.0)
                .collect();
            if case % 3 == 0 {
                let (i, j) = (rng.random_range(0..n), rng.random_range(0..n));
                points[i] = points[j];
            }
            let blocks = Blocks::new(&points);
            for k in 0..16 {
                let dir = match k {
                    0 => Vector3::zeros(),
                    1 => Vector3::new(f64::NAN, 1.0, 0.0),
                    _ => {
                        Vector3::new(rng.random(), rng.random(), rng.random()) * 2.0
                            - Vector3::repeat(1.0)
                    }
                };
                let want = blocks.argmax_portable(&dir);
                assert_eq!(blocks.argmax(&dir), want, "case {case}, n {n}, dir {dir:?}");
                let sequential = argmax(&points, &dir);
                assert_eq!(want, sequential, "case {case}, n {n}, dir {dir:?}");
            }
        }
    }
}
