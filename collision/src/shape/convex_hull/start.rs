//! Start vertices for hill climbing, indexed by direction: an octahedral map.
//!
//! A climb costs one neighbour scan per edge walked, so a cold climb from a fixed vertex
//! pays for its distance to the answer (about √n edges on an n-vertex hull). The table
//! stores, for each cell of a grid over the directions, the vertex extreme along the
//! cell's centre direction; a climb starting there is usually already at the answer, or
//! an edge or two from it. The table only picks the start: the climb still runs to a
//! vertex that no neighbour beats, so the result does not depend on it.
//!
//! The grid is the octahedral parameterisation of the sphere (Engelhardt & Dachsbacher,
//! "Octahedron environment maps", VMV 2008; Meyer et al., "On floating-point normal
//! vectors", EGSR 2010): a direction `d` maps to the point of the octahedron
//! `|u| + |v| + |w| = 1` on its ray,
//!
//! ```text
//! (u, v) = (d_x, d_y) / (|d_x| + |d_y| + |d_z|),   hemisphere = sign bit of d_z,
//! ```
//!
//! and `(u, v)` lies in the diamond `|u| + |v| ≤ 1` inside the square `[-1, 1]²`. Each
//! hemisphere gets a `k × k` grid over that square (unfolded: the cells outside the
//! diamond are never looked up, which wastes half the cells but saves the fold's
//! branches). A lookup is one division, two multiply-adds, two float-to-integer
//! conversions and one load, with no branch. Cells are within a factor ≈ 5 of each other
//! in solid angle (largest at the axes, smallest along the cube diagonals).
//!
//! Any direction gives an index in range: a zero, NaN or infinite direction makes `u`,
//! `v` NaN or clamps them, and the saturating conversion sends NaN to cell 0.

use crate::kernels::hull_climb::{NoRoom, room};
use nalgebra::Vector3;

/// Direction-indexed climb starts for one hull.
#[derive(Clone, Debug, Default)]
pub(super) struct StartTable {
    /// Cells per side of each hemisphere's grid.
    k: usize,
    /// `k / 2`: maps `u ∈ [-1, 1]` to `(u + 1) k / 2 ∈ [0, k]`.
    half_k: f64,
    /// `cells[(h k + i) k + j]`: the start vertex for hemisphere `h` (0 for `d_z ≥ +0`,
    /// 1 for negative `d_z` including `-0`), column `i` (from `u`), row `j` (from `v`).
    cells: Vec<u32>,
}

impl StartTable {
    /// Cells per grid side for a hull of `n` vertices: `⌈2√n⌉` between 4 and 64, so about
    /// four cells are in use (`k²` over both hemispheres) per vertex, and a climb from a
    /// cell's start more often finds it is already at the answer. The table holds `2k²`
    /// entries of 4 bytes: 4.5 KiB at 140 vertices, 32 KiB (the cap) from about 1,000 —
    /// small next to the climb's records (320 B per vertex, `kernels/hull_climb.rs`). More cells mean starts nearer the answer and fewer mispredicted moves in
    /// the climb, paid once, when the hull is built (the table is filled by climbs).
    ///
    /// Tried and dropped: `⌈√n⌉` cells per side (more moves per climb); `⌈4√n⌉` and
    /// `⌈8√n⌉` with a cap of 128 (no further gain, a larger table to fill).
    pub(super) fn side_for(n: usize) -> usize {
        let k = (2.0 * (n as f64).sqrt()).ceil() as usize;
        k.clamp(4, 64)
    }

    /// The table with `k` cells per side, filling each cell that a lookup can reach with
    /// `extreme(d, start)`: the vertex extreme along the cell's centre direction `d`,
    /// searched from `start`, the previous cell's answer. The cells are visited row by
    /// row in alternating directions, so that each climb starts from a neighbouring
    /// cell's answer and filling is a sequence of short warm climbs.
    ///
    /// Cells wholly outside the diamond `|u| + |v| ≤ 1` (half of them) are never looked
    /// up and keep the last answer without a climb. A cell is outside when even its
    /// point nearest the origin is: `min |u| + min |v| > 1` over the cell. The cells'
    /// corners lie on multiples of `2/k`, so such a cell is at least `1/k` beyond the
    /// diamond in `|u| + |v|`, far more than the lookup's rounding (and a start from any
    /// cell still climbs to the right answer). Skipping them halves the fill, which with
    /// `⌈2√n⌉` cells per side is a large part of building a hull with many vertices.
    ///
    /// # Errors
    /// [`NoRoom`] when the table does not fit in memory.
    pub(super) fn new(
        k: usize,
        mut extreme: impl FnMut(&Vector3<f64>, u32) -> u32,
    ) -> Result<StartTable, NoRoom> {
        let mut cells = room(2 * k * k)?;
        cells.resize(2 * k * k, u32::MAX);
        let mut last = u32::MAX;
        let edge = |c: usize| c as f64 * 2.0 / k as f64 - 1.0;
        let centre = |c: usize| (c as f64 + 0.5) * 2.0 / k as f64 - 1.0;
        // The smallest `|u|` over cell column `c`: 0 if the cell spans 0.
        let nearest = |c: usize| {
            let (lo, hi) = (edge(c), edge(c + 1));
            if lo <= 0.0 && hi >= 0.0 {
                0.0
            } else {
                lo.abs().min(hi.abs())
            }
        };
        for h in 0..2 {
            for i in 0..k {
                for step in 0..k {
                    let j = if i % 2 == 0 { step } else { k - 1 - step };
                    let cell = (h * k + i) * k + j;
                    if nearest(i) + nearest(j) > 1.0 && last != u32::MAX {
                        cells[cell] = last;
                        continue;
                    }
                    let (u, v) = (centre(i), centre(j));
                    // The centre's octahedron point; a cell straddling the diamond's
                    // edge with its centre outside takes the nearest equator direction.
                    let w = (1.0 - u.abs() - v.abs()).max(0.0);
                    let d = Vector3::new(u, v, if h == 0 { w } else { -w });
                    last = extreme(&d, last);
                    cells[cell] = last;
                }
            }
        }
        Ok(StartTable {
            k,
            half_k: k as f64 / 2.0,
            cells,
        })
    }

    /// The start vertex for a climb along `dir` (`u32::MAX` for an empty table).
    #[inline]
    pub(super) fn lookup(&self, dir: &Vector3<f64>) -> u32 {
        let s = self.half_k / (dir.x.abs() + dir.y.abs() + dir.z.abs());
        // (u + 1) k / 2 = u · (k / 2) + k / 2; `as` saturates (NaN → 0).
        let i = ((dir.x * s + self.half_k) as usize).min(self.k.wrapping_sub(1));
        let j = ((dir.y * s + self.half_k) as usize).min(self.k.wrapping_sub(1));
        let h = (dir.z.to_bits() >> 63) as usize;
        let cell = (h * self.k + i) * self.k + j;
        self.cells.get(cell).copied().unwrap_or(u32::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Every cell a lookup reaches was filled by its own climb, not skipped as outside
    /// the diamond: each fill call returns its own number and records its direction, and
    /// for 20,000 seeded directions per side (uniform on the sphere, on the equator with
    /// `z = ±0`, along the axes, scaled by 1e±300) the looked-up number's direction has
    /// the lookup's hemisphere and an octahedral `(u, v)` within half a cell of the
    /// direction's, computed independently of `lookup`.
    #[test]
    fn every_reachable_cell_is_filled_by_its_own_climb() {
        let mut rng = ChaCha8Rng::seed_from_u64(31);
        for k in [4, 5, 7, 12, 24, 63, 64] {
            let mut centres = Vec::new();
            let table = StartTable::new(k, |d, _| {
                centres.push(*d);
                centres.len() as u32 - 1
            })
            .expect("a table of at most 8,192 cells fits in memory");
            // About half the cells are skipped: the diamond covers half of each
            // hemisphere's square, plus the cells along its edges (k = 64: 4,473 of 8,192).
            assert!(
                centres.len() <= k * k + 6 * k + 8,
                "k {k}: {} climbs",
                centres.len()
            );
            let octahedral = |d: &Vector3<f64>| {
                let l1 = d.x.abs() + d.y.abs() + d.z.abs();
                (d.x / l1, d.y / l1)
            };
            for n in 0..20_000 {
                let mut d = Vector3::new(
                    rng.random_range(-1.0..1.0),
                    rng.random_range(-1.0..1.0),
                    rng.random_range(-1.0..1.0),
                );
                match n % 5 {
                    1 => d.z = 0.0,
                    2 => d.z = -0.0,
                    3 => d = Vector3::ith(n / 5 % 3, if n % 2 == 0 { 1.0 } else { -1.0 }),
                    4 => d *= if n % 2 == 0 { 1e300 } else { 1e-300 },
                    _ => {}
                }
                let c = table.lookup(&d) as usize;
                let centre = centres[c];
                assert_eq!(
                    centre.z.is_sign_negative(),
                    d.z.is_sign_negative(),
                    "k {k}: {d:?}"
                );
                let ((u, v), (cu, cv)) = (octahedral(&d), (centre.x, centre.y));
                let half_cell = 1.0 / k as f64 + 1e-12;
                assert!(
                    (u - cu).abs() <= half_cell && (v - cv).abs() <= half_cell,
                    "k {k}: {d:?} at ({u}, {v}) looked up the climb along {centre:?}"
                );
            }
        }
    }
}
