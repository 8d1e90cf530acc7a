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
//! Everything a climb reads about a vertex is one record ([`Record`], 320 bytes,
//! aligned to cache lines, indexed by the vertex): its coordinates, its axis (below)
//! and its first two blocks, eight neighbours, which most vertices do not exceed; the
//! rest go to overflow blocks the record points to. A query on a hull that is not in
//! cache (a batch over thousands of distinct hulls) then waits once for each vertex it
//! visits, for adjacent lines fetched side by side, where separate arrays of
//! coordinates, axes, row offsets and blocks made it wait for a row offset and then
//! for the blocks it pointed to. Measured on 400 pairs of distinct 1,000-vertex sphere
//! hulls (Intel Xeon, min of six alternated runs): GJK distance 2.79 → 2.38 µs a pair;
//! contacts, whose EPA visits a new vertex on each hull per iteration, 18.9 → 17.3 µs
//! (against 3.5 µs for the same queries on ten pairs that stay in cache). The support
//! point is read from the record too, in cache after the climb, rather than from the
//! vertex array.
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
//! - an AVX build of the climb (one 256-bit multiply per axis): 2–7 % fewer instructions
//!   on the hull1000 GJK and contact benches, no faster (re-measured once the AVX build
//!   was certain to be one, see `kernels/avx.rs`);
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
//!   waits for the maximum, and the tables grow to a MiB;
//! - an explicit prefetch of a record's five lines on arriving at its vertex: no faster
//!   on the 400 distinct sphere-hull pairs above;
//! - records in breadth-first order over the edges, so that nearby vertices share
//!   pages: no change above the noise on those pairs.

use nalgebra::{Point3, Vector3};

/// `cos² 60°`: a start is kept when the direction is within 60° of its axis.
const FACING_COS_SQ: f64 = 0.25;

/// Neighbours per block.
const LANES: usize = 4;

/// Blocks held in a vertex's own [`Record`]: eight neighbours, more than most vertices
/// of a hull have (six on average, by Euler's formula for a triangulated surface).
const INLINE: usize = 2;

/// Four neighbours of one vertex: their coordinates, one row per axis (so that two
/// lanes' products take one packed multiply), and their vertex indices.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
struct Block {
    xs: [f64; LANES],
    ys: [f64; LANES],
    zs: [f64; LANES],
    ids: [u32; LANES],
}

impl Block {
    /// A block of copies of vertex `i` at `p`, whose lanes never win.
    fn padding(i: u32, p: &Point3<f64>) -> Block {
        Block {
            xs: [p.x; LANES],
            ys: [p.y; LANES],
            zs: [p.z; LANES],
            ids: [i; LANES],
        }
    }

    /// Lane `l` set to vertex `n` at `q`.
    fn set(&mut self, l: usize, n: u32, q: &Point3<f64>) {
        (self.xs[l], self.ys[l], self.zs[l]) = (q.x, q.y, q.z);
        self.ids[l] = n;
    }

    /// The first lane whose product with `dir` is above `m`, with the product; `None`
    /// when no lane is (see [`Climber::climb`] for the shape of the test).
    #[inline(always)]
    fn first_above(&self, [x, y, z]: [f64; 3], m: f64) -> Option<(u32, f64)> {
        let d: [f64; LANES] =
            std::array::from_fn(|l| x * self.xs[l] + y * self.ys[l] + z * self.zs[l]);
        if !d.iter().fold(false, |any, &d| any | (d > m)) {
            return None;
        }
        let lane = first_lane_above(&d, m);
        Some((self.ids[lane], d[lane]))
    }
}

/// Everything a climb reads about one vertex, in one 64-byte-aligned run of five cache
/// lines: its coordinates and axis (for the start), and its first eight neighbours (see
/// the module documentation for why).
#[derive(Clone, Copy, Debug)]
#[repr(C, align(64))]
struct Record {
    point: [f64; 3],
    /// The unit direction from the vertices' mean to the vertex.
    axis: [f64; 3],
    /// Blocks of `blocks` in use (1 or 2).
    inline: u32,
    /// The neighbours beyond the eighth: `Climber::overflow[more[0]..more[1]]`.
    more: [u32; 2],
    blocks: [Block; INLINE],
}

/// The adjacency of a hill-climbing hull's vertices (empty for scanned hulls): a
/// [`Record`] per vertex, indexed by the vertex, and the blocks of the rare vertices with
/// more than eight neighbours.
#[derive(Clone, Debug, Default)]
pub(crate) struct Climber {
    records: Vec<Record>,
    overflow: Vec<Block>,
}

/// An allocation the allocator refused: the bytes asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct NoRoom {
    /// The bytes asked for.
    pub(crate) bytes: usize,
}

/// An empty vector with room for `n` items, or [`NoRoom`] when the allocator refuses it.
pub(crate) fn room<T>(n: usize) -> Result<Vec<T>, NoRoom> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| NoRoom {
        bytes: n.saturating_mul(size_of::<T>()),
    })?;
    Ok(v)
}

impl Climber {
    /// The records of `vertices` whose neighbours are
    /// `neighbors[offsets[i]..offsets[i + 1]]`, with axes from the vertices' `mean`.
    ///
    /// # Errors
    /// [`NoRoom`] when the records (320 bytes a vertex) or the overflow blocks do not fit
    /// in memory: both are reserved before they are filled.
    pub(crate) fn new(
        vertices: &[Point3<f64>],
        offsets: &[u32],
        neighbors: &[u32],
        mean: &Vector3<f64>,
    ) -> Result<Climber, NoRoom> {
        let spill = |i: usize| {
            let degree = (offsets[i + 1] - offsets[i]) as usize;
            degree.div_ceil(LANES).saturating_sub(INLINE)
        };
        let mut overflow = room((0..vertices.len()).map(spill).sum())?;
        let mut records = room(vertices.len())?;
        records.extend(vertices.iter().enumerate().map(|(i, v)| {
            let list = &neighbors[offsets[i] as usize..offsets[i + 1] as usize];
            let mut blocks = [Block::padding(i as u32, v); INLINE];
            let start = overflow.len() as u32;
            for (k, chunk) in list.chunks(LANES).enumerate() {
                let mut block = Block::padding(i as u32, v);
                for (l, &n) in chunk.iter().enumerate() {
                    block.set(l, n, &vertices[n as usize]);
                }
                match blocks.get_mut(k) {
                    Some(slot) => *slot = block,
                    None => overflow.push(block),
                }
            }
            let a = (v.coords - mean).normalize();
            Record {
                point: [v.x, v.y, v.z],
                axis: [a.x, a.y, a.z],
                inline: list.len().div_ceil(LANES).clamp(1, INLINE) as u32,
                more: [start, overflow.len() as u32],
                blocks,
            }
        }));
        Ok(Climber { records, overflow })
    }

    /// Whether `dir` is within 60° of vertex `i`'s axis (false for a zero or NaN
    /// direction, or a NaN axis).
    #[inline(always)]
    pub(crate) fn faces(&self, i: usize, dir: &Vector3<f64>) -> bool {
        let a = self.records[i].axis;
        // Summed x, z, then y: the compiler then reads the direction's coordinates one
        // at a time, never `(y, z)` as one 16-byte load spanning GJK's two stores of the
        // direction, which store forwarding cannot serve.
        let d = (dir.x * a[0] + dir.z * a[2]) + dir.y * a[1];
        d > 0.0 && d * d > FACING_COS_SQ * dir.norm_squared()
    }

    /// Vertex `i`'s coordinates, from its record: in cache after a climb that ended on it.
    #[inline(always)]
    pub(crate) fn point(&self, i: usize) -> Point3<f64> {
        let [x, y, z] = self.records[i].point;
        Point3::new(x, y, z)
    }

    /// Whether there is no adjacency.
    pub(crate) fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// The vertex maximising `dir · p`, climbing from vertex `start`. A NaN direction
    /// makes no move.
    ///
    /// Each block is tested whole before any lane is: its four products, two lanes per
    /// packed instruction (the rows of [`Block`]), and one test of whether any beats the
    /// current vertex. Most blocks have none (all of the last vertex's, and most of those
    /// of the vertices walked through), and they cost that test alone: 23 instructions
    /// instead of 36 for four scalar products each followed by its own branch. Only a
    /// block with a better lane is then searched lane by lane, a branch per lane. Those
    /// branches matter: predicted, they give the next vertex before the products are
    /// known, so the CPU starts on its record at once. Picking the lane from the packed
    /// comparison's mask makes the next vertex wait for the products, and the compiler
    /// makes that choice itself, with conditional moves, for a search it can unroll; so
    /// the lane is found by a loop it cannot unroll ([`first_lane_above`]). The answers
    /// are bit for bit those of the plain climb (`climb_reference`; a test checks the
    /// two agree on every move, ties included).
    #[inline]
    pub(crate) fn climb(&self, dir: &Vector3<f64>, start: usize) -> usize {
        let xyz = [dir.x, dir.y, dir.z];
        let p = self.records[start].point;
        let mut current = start;
        let mut current_dot = xyz[0] * p[0] + xyz[1] * p[1] + xyz[2] * p[2];
        'climb: loop {
            let record = &self.records[current];
            let [s, e] = record.more;
            let inline = &record.blocks[..record.inline as usize];
            for blocks in [inline, &self.overflow[s as usize..e as usize]] {
                for block in blocks {
                    if let Some((next, d)) = block.first_above(xyz, current_dot) {
                        (current, current_dot) = (next as usize, d);
                        continue 'climb;
                    }
                }
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
        Climber::new(&vertices, &offsets, &neighbors, &Vector3::zeros()).expect("room")
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
            let climber = Climber::new(vertices, &offsets, &neighbors, &mean).expect("room");
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
                    climber.climb(&dir, start),
                    want,
                    "hull {h}, direction {dir:?}, start {start}"
                );
            }
        }
        // The comparison exercised real walks, not only starts that were already best.
        assert!(moves > 100_000, "{moves} moves");
    }

    /// Vertices with more than the eight neighbours a record holds climb through their
    /// overflow blocks in adjacency order: the two apexes of a bipyramid over a 37-gon
    /// (37 neighbours each: two blocks in the record, eight beyond) and the ring's
    /// vertices (four neighbours, one block) take the plain climb's path from every
    /// start, for 2,000 seeded directions, and each record's point is its vertex.
    #[test]
    fn high_degree_vertices_climb_through_their_overflow_blocks() {
        use rand::{RngExt, SeedableRng};
        const RING: usize = 37;
        let mut vertices: Vec<Point3<f64>> = (0..RING)
            .map(|k| {
                let a = std::f64::consts::TAU * k as f64 / RING as f64;
                Point3::new(a.cos(), a.sin(), 0.0)
            })
            .collect();
        vertices.push(Point3::new(0.0, 0.0, 1.5));
        vertices.push(Point3::new(0.1, -0.2, -0.8));
        let (top, bottom) = (RING as u32, RING as u32 + 1);
        let mut offsets = vec![0u32];
        let mut neighbors = Vec::new();
        for k in 0..RING as u32 {
            let r = RING as u32;
            neighbors.extend([(k + 1) % r, top, (k + r - 1) % r, bottom]);
            offsets.push(neighbors.len() as u32);
        }
        for _apex in [top, bottom] {
            neighbors.extend(0..RING as u32);
            offsets.push(neighbors.len() as u32);
        }
        let climber =
            Climber::new(&vertices, &offsets, &neighbors, &Vector3::zeros()).expect("room");
        assert_eq!(climber.overflow.len(), 2 * 8);
        for (i, v) in vertices.iter().enumerate() {
            assert_eq!(climber.point(i), *v);
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(40);
        for _ in 0..2_000 {
            let dir = Vector3::new(
                rng.random_range(-1.0..1.0),
                rng.random_range(-1.0..1.0),
                rng.random_range(-0.05..0.05),
            );
            for start in 0..vertices.len() {
                let (want, _) = climb_reference(&vertices, &offsets, &neighbors, &dir, start);
                assert_eq!(climber.climb(&dir, start), want, "{dir:?} from {start}");
            }
        }
    }

    #[test]
    fn every_start_climbs_to_the_extreme_vertex() {
        let c = octahedron();
        let dir = Vector3::new(0.3, -0.2, 0.9);
        for start in 0..6 {
            assert_eq!(c.climb(&dir, start), 4, "from {start}");
        }
    }
}
