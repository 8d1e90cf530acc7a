//! Hill climbing over vertex adjacency stored in padded blocks of four neighbours.
//!
//! A climb on a convex polytope moves from a vertex to a neighbour with a larger `d · p`
//! until no neighbour is larger; the last vertex is a global maximum, because the edges
//! at a vertex span the polytope's tangent cone there. The climb moves to the *first*
//! better neighbour, which reads the fewest neighbours.
//!
//! Each vertex's neighbours are stored as whole blocks of four (coordinates inline),
//! the last block padded with copies of the vertex itself: a copy's product equals the
//! current one (the same expression on the same numbers) and never wins the strict
//! comparison. The inner loop over a block has a fixed length, so it is unrolled and the
//! four products are computed side by side before the comparisons branch, instead of one
//! load–multiply–compare chain per neighbour ending in a loop exit whose trip count
//! (the vertex degree, 3 to 10) the branch predictor cannot know.
//!
//! A block is tested whole before any lane is: see [`Climber::climb`].
//!
//! A climb costs one block scan per edge walked, so a start far from the answer is
//! expensive: about `√n` edges across an `n`-vertex hull. Callers pass the previous
//! answer as the start, which is right in coherent motion and at the end of a GJK run
//! but far off in GJK's first iterations, whose directions turn by up to 180°. Each
//! vertex therefore keeps its *axis*, the unit direction from the vertices' mean to it,
//! and a start is only kept when the direction is within 60° of its axis
//! ([`Climber::faces`]); otherwise the hull's direction table gives the start. On a
//! convex hull around its mean the axis points into, or near, the vertex's normal cone
//! (exactly the directions it is the answer for), so the test keeps good starts and
//! drops the ones on the far side. It only picks the start, never the answer: a hull
//! on a sphere, whose stale starts are the farthest off, gains most. The test
//! is a dot product and a squared comparison (`(d·a)² > cos²60° |d|²` with `d·a > 0`),
//! no square root. A hull whose mean overflows gets NaN axes, and then always the
//! table's start.

//! Tried and dropped (same answers, slower or no faster on the GJK and contact benches):
//! - a plain neighbour list (one load–multiply–compare chain per neighbour): hull
//!   contacts about a fifth slower;
//! - blocks of two or of eight neighbours: smaller contact gains, or GJK slower;
//! - a branch-free steepest-neighbour choice: GJK a third slower, since a predicted
//!   "no better neighbour" is what lets the CPU run ahead on GJK's critical path;
//! - axis cones of 45° or 75°: the same as 60°; 90° gains half as much;
//! - picking the lane from the packed comparison's mask: the next vertex waits for the
//!   products;
//! - an AVX build of the climb (one 256-bit multiply per axis): no faster.
//! - the best lane of a block instead of the first better one: more work per step;
//! - blocks of neighbour ids only, coordinates loaded from the vertex array: the
//!   dependent loads cost more than the smaller footprint saves;
//! - the direction passed in registers to an out-of-line climb, or the climb returning
//!   the winning vertex's coordinates: slower, or no faster;
//! - starts from the direction table only (no hint kept even when it faces the
//!   direction): the table's division and loads sit on GJK's critical path, where a
//!   fresh hint's vertex is known before the direction is;
//! - facing cones of 30° or 15°, or keeping a hint only when it already is the answer:
//!   slower;
//! - table cells holding candidate vertices for a maximum with no climb: every call
//!   waits for the maximum, and the tables grow to a MiB.

use nalgebra::{Point3, Vector3};

/// `cos² 60°`: a start is kept when the direction is within 60° of its axis.
const FACING_COS_SQ: f64 = 0.25;

/// Neighbours per block.
const LANES: usize = 4;

/// Four neighbours of one vertex: their coordinates, one row per axis (so that two
/// lanes' products take one packed multiply), and their vertex indices.
#[derive(Clone, Copy, Debug)]
struct Block {
    xs: [f64; LANES],
    ys: [f64; LANES],
    zs: [f64; LANES],
    ids: [u32; LANES],
}

/// The adjacency of a hill-climbing hull's vertices in padded blocks (empty for scanned
/// hulls).
#[derive(Clone, Debug, Default)]
pub(crate) struct Climber {
    /// `blocks[first[i]..first[i + 1]]` hold vertex `i`'s neighbours.
    first: Vec<u32>,
    blocks: Vec<Block>,
    /// `axes[i]`: the unit direction from the vertices' mean to vertex `i`.
    axes: Vec<[f64; 3]>,
}

impl Climber {
    /// The blocks of `vertices` whose neighbours are
    /// `neighbors[offsets[i]..offsets[i + 1]]`, with axes from the vertices' `mean`.
    pub(crate) fn new(
        vertices: &[Point3<f64>],
        offsets: &[u32],
        neighbors: &[u32],
        mean: &Vector3<f64>,
    ) -> Climber {
        let mut first = Vec::with_capacity(vertices.len() + 1);
        let mut blocks = Vec::new();
        first.push(0);
        for (i, v) in vertices.iter().enumerate() {
            let list = &neighbors[offsets[i] as usize..offsets[i + 1] as usize];
            for chunk in list.chunks(LANES) {
                let mut block = Block {
                    xs: [v.x; LANES],
                    ys: [v.y; LANES],
                    zs: [v.z; LANES],
                    ids: [i as u32; LANES],
                };
                for (l, &n) in chunk.iter().enumerate() {
                    let p = &vertices[n as usize];
                    (block.xs[l], block.ys[l], block.zs[l]) = (p.x, p.y, p.z);
                    block.ids[l] = n;
                }
                blocks.push(block);
            }
            first.push(blocks.len() as u32);
        }
        let axes = vertices
            .iter()
            .map(|v| {
                let a = (v.coords - mean).normalize();
                [a.x, a.y, a.z]
            })
            .collect();
        Climber {
            first,
            blocks,
            axes,
        }
    }

    /// Whether `dir` is within 60° of vertex `i`'s axis (false for a zero or NaN
    /// direction, or a NaN axis).
    #[inline(always)]
    pub(crate) fn faces(&self, i: usize, dir: &Vector3<f64>) -> bool {
        let a = self.axes[i];
        // Summed x, z, then y: the compiler then reads the direction's coordinates one
        // at a time, never `(y, z)` as one 16-byte load spanning GJK's two stores of the
        // direction, which store forwarding cannot serve.
        let d = (dir.x * a[0] + dir.z * a[2]) + dir.y * a[1];
        d > 0.0 && d * d > FACING_COS_SQ * dir.norm_squared()
    }

    /// Whether there is no adjacency.
    pub(crate) fn is_empty(&self) -> bool {
        self.blocks.is_empty()
    }

    /// The vertex maximising `dir · p`, climbing from vertex `start` at `p`. A NaN
    /// direction makes no move.
    ///
    /// Each block is tested whole before any lane is: its four products, two lanes per
    /// packed instruction (the rows of [`Block`]), and one test of whether any beats the
    /// current vertex. Most blocks have none (all of the last vertex's, and most of those
    /// of the vertices walked through), and they cost that test alone: 23 instructions
    /// instead of 36 for four scalar products each followed by its own branch. Only a
    /// block with a better lane is then searched lane by lane, a branch per lane. Those
    /// branches matter: predicted, they give the next vertex before the products are
    /// known, so the CPU starts on its blocks at once. Picking the lane from the packed
    /// comparison's mask makes the next vertex wait for the products, and the compiler
    /// makes that choice itself, with conditional moves, for a search it can unroll; so
    /// the lane is found by a loop it cannot unroll ([`first_lane_above`]). The answers
    /// are bit for bit those of the plain climb (`climb_reference`; a test checks the
    /// two agree on every move, ties included).
    #[inline]
    pub(crate) fn climb(&self, dir: &Vector3<f64>, start: usize, p: &Point3<f64>) -> usize {
        let [x, y, z] = [dir.x, dir.y, dir.z];
        let mut current = start;
        let mut current_dot = x * p.x + y * p.y + z * p.z;
        'climb: loop {
            let (s, e) = (self.first[current], self.first[current + 1]);
            for block in &self.blocks[s as usize..e as usize] {
                let d: [f64; LANES] =
                    std::array::from_fn(|l| x * block.xs[l] + y * block.ys[l] + z * block.zs[l]);
                if !d.iter().fold(false, |any, &d| any | (d > current_dot)) {
                    continue;
                }
                let lane = first_lane_above(&d, current_dot);
                (current, current_dot) = (block.ids[lane] as usize, d[lane]);
                continue 'climb;
            }
            return current;
        }
    }
}

/// The first lane of `d` above `m`, for a block known to have one. A loop whose trip
/// count the compiler cannot bound, so it stays a branch per lane: predicted, the lane
/// (and so the next vertex) is known before the products are.
#[inline(always)]
fn first_lane_above(d: &[f64; LANES], m: f64) -> usize {
    let mut lane = 0;
    loop {
        if d[lane % LANES] > m {
            return lane % LANES;
        }
        lane += 1;
    }
}

/// The plain climb the block climb must match move for move: neighbours one at a time
/// in adjacency order, moving to the first whose product is strictly larger. Returns the
/// last vertex and the number of moves.
#[cfg(test)]
fn climb_reference(
    vertices: &[Point3<f64>],
    offsets: &[u32],
    neighbors: &[u32],
    dir: &Vector3<f64>,
    start: usize,
) -> (usize, usize) {
    let dot = |p: &Point3<f64>| dir.x * p.x + dir.y * p.y + dir.z * p.z;
    let (mut current, mut moves) = (start, 0);
    'climb: loop {
        let here = dot(&vertices[current]);
        for &j in &neighbors[offsets[current] as usize..offsets[current + 1] as usize] {
            if dot(&vertices[j as usize]) > here {
                (current, moves) = (j as usize, moves + 1);
                continue 'climb;
            }
        }
        return (current, moves);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The regular octahedron: vertex `2k` is `+e_k`, `2k + 1` is `−e_k`, and each is
    /// joined to the four vertices on the other axes.
    fn octahedron() -> Climber {
        let vertices: Vec<Point3<f64>> = (0..6)
            .map(|i| {
                let mut p = Point3::origin();
                p[i / 2] = if i % 2 == 0 { 1.0 } else { -1.0 };
                p
            })
            .collect();
        let neighbors: Vec<u32> = (0..6u32)
            .flat_map(|i| (0..6u32).filter(move |&j| j / 2 != i / 2))
            .collect();
        let offsets: Vec<u32> = (0..=6).map(|i| 4 * i).collect();
        Climber::new(&vertices, &offsets, &neighbors, &Vector3::zeros())
    }

    #[test]
    fn a_start_faces_directions_within_sixty_degrees_of_its_axis() {
        let c = octahedron();
        // Vertex 0 is +x, its axis (from the mean, the origin) +x: tan 60° = 1.732.
        let at = |y: f64| Vector3::new(2.0, 2.0 * y, 0.0);
        assert!(c.faces(0, &at(0.0)));
        assert!(c.faces(0, &at(1.73)));
        assert!(!c.faces(0, &at(1.74)));
        assert!(!c.faces(0, &-at(0.0)));
        assert!(c.faces(1, &-at(1.0)));
        assert!(!c.faces(0, &Vector3::zeros()));
        assert!(!c.faces(0, &Vector3::new(f64::NAN, 0.0, 0.0)));
    }

    /// The block climb takes the same path as the plain one it replaced (the first
    /// neighbour, in adjacency order, whose product is strictly larger) and so ends on the
    /// same vertex, ties included: 300 seeded hulls (points on a sphere, on a coarse
    /// grid, where many products tie exactly, and in a ball), 300 directions each (random,
    /// with small integer coordinates, and NaN), from random starts.
    #[test]
    fn block_climb_matches_the_plain_neighbour_climb() {
        use crate::hull::Hull;
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(18);
        let mut moves = 0;
        for h in 0..300 {
            let n = rng.random_range(60..400);
            let points: Vec<Point3<f64>> = (0..n)
                .map(|_| {
                    let p = Vector3::new(
                        rng.random_range(-1.0..1.0),
                        rng.random_range(-1.0..1.0),
                        rng.random_range(-1.0..1.0),
                    );
                    Point3::from(match h % 3 {
                        0 => p.normalize(),
                        1 => p.map(|c: f64| (c * 4.0).round()),
                        _ => p,
                    })
                })
                .collect();
            let hull = Hull::build(&points).expect("a solid hull");
            let vertices = hull.vertices();
            if vertices.len() <= 8 {
                continue;
            }
            let mut offsets = vec![0u32];
            let mut neighbors = Vec::new();
            for i in 0..vertices.len() {
                neighbors.extend_from_slice(hull.vertex_neighbors(i));
                offsets.push(neighbors.len() as u32);
            }
            let mean =
                vertices.iter().fold(Vector3::zeros(), |m, v| m + v.coords) / vertices.len() as f64;
            let climber = Climber::new(vertices, &offsets, &neighbors, &mean);
            for k in 0..300 {
                let dir = match k % 3 {
                    0 => Vector3::new(
                        rng.random_range(-1.0..1.0),
                        rng.random_range(-1.0..1.0),
                        rng.random_range(-1.0..1.0),
                    ),
                    1 => Vector3::new(
                        f64::from(rng.random_range(-2..=2)),
                        f64::from(rng.random_range(-2..=2)),
                        f64::from(rng.random_range(-2..=2)),
                    ),
                    _ if k % 30 == 2 => Vector3::new(f64::NAN, 1.0, 0.0),
                    _ => Vector3::new(rng.random_range(-1.0..1.0), 0.0, 1.0),
                };
                let start = rng.random_range(0..vertices.len());
                let (want, walked) = climb_reference(vertices, &offsets, &neighbors, &dir, start);
                moves += walked;
                assert_eq!(
                    climber.climb(&dir, start, &vertices[start]),
                    want,
                    "hull {h}, direction {dir:?}, start {start}"
                );
            }
        }
        // The comparison exercised real walks, not only starts that were already best.
        assert!(moves > 100_000, "{moves} moves");
    }

    #[test]
    fn every_start_climbs_to_the_extreme_vertex() {
        let c = octahedron();
        let dir = Vector3::new(0.3, -0.2, 0.9);
        for start in 0..6 {
            let mut p = Point3::origin();
            p[start / 2] = if start % 2 == 0 { 1.0 } else { -1.0 };
            assert_eq!(c.climb(&dir, start, &p), 4, "from {start}");
        }
    }
}
