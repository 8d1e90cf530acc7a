//! Branch-free support scan over vertices stored in blocks of four (structure of arrays).
//!
//! [`Blocks::argmax`] says why it has no data-dependent branch and what was tried.

use super::avx::{AvxKernel, with_avx};
use super::hull_climb::{NoRoom, room};
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

/// Blocks whose products the first pass keeps on the stack for the second: 32 vertices,
/// every hull of the hull16 and hull64 benchmarks. Blocks past these (scanned hulls have
/// up to `HILL_CLIMB_CROSSOVER` = 64 vertices) are recomputed. Each kept block costs its
/// initialisation on every call: callgrind, with the AVX scan certain to be inlined,
/// 6 → 8 kept blocks took GJK distance hull64 from 3,504 to 3,311 instructions and
/// contact hull64 from 29,479 to 28,579, hull16 0.3–0.5 % the other way; keeping them
/// all (twelve, at the crossover of 48 vertices then) took every case 4–10 % up.
const KEPT_BLOCKS: usize = 8;

/// Blocks a scan handles: one bit per vertex in a `u64` mask.
const MAX_BLOCKS: usize = 64 / LANES;

/// Vertices as blocks of `[x; 4], [y; 4], [z; 4]`, the last block padded by repeating the
/// last vertex (a repeat never wins a strict comparison, so it is never reported).
#[derive(Clone, Debug, Default)]
pub(crate) struct Blocks {
    blocks: Vec<[[f64; LANES]; 3]>,
}

impl Blocks {
    /// The blocks of `points` (none for an empty set, or for more than
    /// `MAX_BLOCKS * LANES` points, which the plain [`argmax`] scans).
    ///
    /// # Errors
    /// [`NoRoom`] when the blocks do not fit in memory.
    pub(crate) fn new(points: &[Point3<f64>]) -> Result<Blocks, NoRoom> {
        let Some(last) = points.last() else {
            return Ok(Blocks::default());
        };
        if points.len() > MAX_BLOCKS * LANES {
            return Ok(Blocks::default());
        }
        let mut blocks = room(points.len().div_ceil(LANES))?;
        blocks.extend(points.chunks(LANES).map(|chunk| {
            let mut b = [[0.0; LANES]; 3];
            for l in 0..LANES {
                let p = chunk.get(l).unwrap_or(last);
                for (axis, row) in b.iter_mut().enumerate() {
                    row[l] = p[axis];
                }
            }
            b
        }));
        Ok(Blocks { blocks })
    }

    /// Asks for the blocks' memory ahead of a scan (see `kernels/prefetch.rs`).
    #[inline]
    pub(crate) fn prefetch(&self) {
        super::prefetch::slice(&self.blocks);
    }

    /// Point `i` (a vertex, not padding) read from its block: the vertex array's
    /// coordinates, from the cache lines the scan has just read. A hull whose blocks are
    /// not in cache then waits for them alone, not for its vertex array too: on the AMD
    /// EPYC Zen 5, over 10,000 pairs of a 20,000-hull16 scene, GJK distance single calls
    /// took 1.5–1.8× less time than with the point read from the vertex array, and
    /// contacts 1.45× less; queries on hulls in cache took the same time.
    #[inline]
    pub(crate) fn point(&self, i: usize) -> Point3<f64> {
        let [x, y, z] = &self.blocks[i / LANES];
        let lane = i % LANES;
        Point3::new(x[lane], y[lane], z[lane])
    }

    /// Whether there are no blocks (an empty point set, or blocks not built).
    pub(crate) fn is_empty(&self) -> bool {
        self.blocks.is_empty()
    }

    /// Index of the vertex with the largest `dir · p`, the first one on ties and 0 when
    /// every product is NaN — the same answer as the plain sequential scan,
    /// [`argmax`], which is this kernel's reference.
    ///
    /// Two passes, neither with a data-dependent branch:
    /// 1. the largest product `m`, by a per-lane maximum over the blocks and a two-level
    ///    tree across the four lanes. The products of the first [`KEPT_BLOCKS`] blocks
    ///    stay on the stack for the second pass; blocks past those, which most scanned
    ///    hulls do not have, are recomputed there by the same expression, bit-identical;
    /// 2. one bit per vertex whose product reaches `m` (`≥ m`, the same as `== m` since
    ///    none exceeds it), four at a time from a packed comparison ([`lanes_reaching`]),
    ///    into one `u64`; the answer is its lowest set bit. NaN products never win `>`
    ///    nor reach `m`; when no product exceeds −∞ (all NaN or −∞, as an infinite
    ///    direction can make them) the answer is 0, as the reference's. The padding
    ///    repeats the last vertex, whose own bit comes first.
    ///
    /// Why no branch: which block holds the maximum is as random as the direction. On a
    /// benchmark that cycles through a few dozen pairs the predictor learns it, and an
    /// early-exit search let the CPU run ahead with the index before `m` was known; over
    /// thousands of distinct pairs (a scene, a batch) the same search mispredicted about
    /// once per support call. Measured on the Intel Xeon over 10,000 random pairs of a
    /// 200-hull scene, GJK distance is 20 to 30 % faster branch-free (contacts too),
    /// while the 32 cycled pairs of `benches/gjk.rs` run 30 to 60 % slower, since every
    /// support call now waits for the reduction. Instructions per query rose 2 % (hull16
    /// distance) to 12 % (hull64), and a support query alone on 48 vertices
    /// (`benches/support.rs`) takes about 1.7× as long: the blocks past
    /// [`KEPT_BLOCKS`], which the early exit rarely reached, are now always recomputed.
    ///
    /// On x86-64 CPUs with AVX the same code runs compiled for 256-bit registers
    /// ([`with_avx`]): a block's four products in one multiply per axis instead of two.
    /// Without fused multiply-adds, each product is the same IEEE expression rounded the
    /// same way, so both paths give the same index bit for bit (a test checks it).
    ///
    /// Tried and dropped:
    /// - an early-exit second pass on predicted branches (fast only where the predictor
    ///   has learnt the pairs, see above);
    /// - one pass keeping per-lane indices as `f64` (poor code: 20 % more instructions);
    /// - two running maxima for even and odd blocks, or a tree of maxima over the kept
    ///   blocks (shorter chains, but more instructions: slower);
    /// - blocks padded to groups of four, for fewer loop trip counts to predict (a
    ///   quarter fewer mispredicts per contact, but a third more instructions: slower);
    /// - keeping every block's products (4–10 % more instructions, see [`KEPT_BLOCKS`]);
    /// - a crossover to climbing that depends on the CPU (answers must not depend on it).
    #[inline]
    pub(crate) fn argmax(&self, dir: &Vector3<f64>) -> usize {
        with_avx(Argmax { blocks: self, dir })
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
        let larger = |a: f64, b: f64| if b > a { b } else { a };
        let m = larger(larger(best[0], best[1]), larger(best[2], best[3]));
        let mut reaching = 0u64;
        for (k, d) in kept.iter().take(self.blocks.len()).enumerate() {
            reaching |= lanes_reaching(*d, m) << (k * LANES);
        }
        for (k, block) in self.blocks.iter().enumerate().skip(KEPT_BLOCKS) {
            reaching |= lanes_reaching(dots(block), m) << (k * LANES);
        }
        // No product above -∞ (all NaN or -∞): the reference keeps vertex 0.
        let first = reaching.trailing_zeros() as usize;
        if m > f64::NEG_INFINITY { first } else { 0 }
    }
}

/// [`Blocks::argmax`] as a kernel with an AVX build.
struct Argmax<'a> {
    blocks: &'a Blocks,
    dir: &'a Vector3<f64>,
}

impl AvxKernel for Argmax<'_> {
    type Output = usize;

    #[inline(always)]
    fn run(self) -> usize {
        self.blocks.argmax_portable(self.dir)
    }
}

/// The lanes of a block's products `d` at or above `m`, as the low four bits of a mask:
/// the plain form, the reference of the x86-64 one and the code on other CPUs.
#[inline(always)]
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn lanes_reaching_plain(d: [f64; LANES], m: f64) -> u64 {
    (0..LANES).fold(0, |mask, l| mask | (u64::from(d[l] >= m) << l))
}

/// [`lanes_reaching_plain`], off x86-64.
#[inline(always)]
#[cfg(not(target_arch = "x86_64"))]
fn lanes_reaching(d: [f64; LANES], m: f64) -> u64 {
    lanes_reaching_plain(d, m)
}

/// The lanes of a block's products `d` at or above `m`, as the low four bits of a mask:
/// two packed comparisons and their sign masks (`movmskpd`), where the plain form
/// compiles to one scalar comparison per lane. NaN compares false in both.
#[inline(always)]
#[cfg(target_arch = "x86_64")]
fn lanes_reaching(d: [f64; LANES], m: f64) -> u64 {
    use std::arch::x86_64::{_mm_cmpge_pd, _mm_movemask_pd, _mm_set_pd, _mm_set1_pd};
    // SAFETY: these intrinsics need SSE2, which every x86-64 CPU has.
    #[allow(unsafe_code)]
    let (low, high) = unsafe {
        let m = _mm_set1_pd(m);
        (
            _mm_movemask_pd(_mm_cmpge_pd(_mm_set_pd(d[1], d[0]), m)),
            _mm_movemask_pd(_mm_cmpge_pd(_mm_set_pd(d[3], d[2]), m)),
        )
    };
    u64::from((low | high << 2) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The dispatched scan (AVX on CPUs that have it), the portable one and a plain
    /// sequential scan (the first maximiser) give the same index for every block count
    /// the scan handles (1 to 16, past `KEPT_BLOCKS`), on seeded random points and
    /// directions, with ties (repeated points), zero, NaN and infinite directions among
    /// them (products of ±∞ mixed with NaN); past 64 points there are no blocks.
    #[test]
    fn every_path_gives_the_same_index() {
        let mut rng = ChaCha8Rng::seed_from_u64(41);
        for case in 0..4_000 {
            let n = rng.random_range(1..=70);
            let mut points: Vec<Point3<f64>> = (0..n)
                .map(|_| Point3::new(rng.random(), rng.random(), rng.random()) * 2.0)
                .collect();
            if case % 3 == 0 {
                let (i, j) = (rng.random_range(0..n), rng.random_range(0..n));
                points[i] = points[j];
            }
            if case % 4 == 1 {
                // Zero coordinates: an infinite direction component makes them NaN.
                for p in points.iter_mut().filter(|_| rng.random_bool(0.3)) {
                    p.x = 0.0;
                }
            }
            let blocks = Blocks::new(&points).expect("a few blocks fit in memory");
            assert_eq!(blocks.is_empty(), n > MAX_BLOCKS * LANES, "n {n}");
            if blocks.is_empty() {
                continue;
            }
            for k in 0..16 {
                let dir = match k {
                    0 => Vector3::zeros(),
                    1 => Vector3::new(f64::NAN, 1.0, 0.0),
                    // Infinite components: products of ±∞ and NaN (∞ · 0) mixed.
                    2 => Vector3::new(f64::NEG_INFINITY, 0.0, 0.0),
                    3 => Vector3::new(f64::INFINITY, f64::NEG_INFINITY, 0.0),
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
            // The support point read back from the blocks is the vertex, bit for bit.
            for (i, p) in points.iter().enumerate() {
                let q = blocks.point(i);
                assert_eq!(
                    q.map(f64::to_bits),
                    p.map(f64::to_bits),
                    "case {case}, point {i}"
                );
            }
        }
    }

    /// The packed comparison's mask is the plain one's, bit for bit, on every pattern of
    /// lanes below, at and above `m`, and with NaN lanes or a NaN `m`.
    #[test]
    fn packed_lane_mask_matches_the_plain_one() {
        let values = [-1.0, 0.0, 1.0, f64::NAN, f64::INFINITY, f64::NEG_INFINITY];
        for code in 0..values.len().pow(4) {
            let d: [f64; LANES] =
                std::array::from_fn(|l| values[code / values.len().pow(l as u32) % values.len()]);
            for m in values {
                assert_eq!(
                    lanes_reaching(d, m),
                    lanes_reaching_plain(d, m),
                    "{d:?} {m}"
                );
            }
        }
    }
}
