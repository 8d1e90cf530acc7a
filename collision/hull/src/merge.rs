//! Coplanar triangles merged into convex polygonal faces.
//!
//! Quickhull leaves a triangulated, exactly weakly convex surface. Here the
//! triangles that are flat within `ε` are grouped into faces:
//!
//! 1. An edge is *flat* when each triangle's far vertex is within `ε` of the
//!    other triangle's plane (found here, once, on the finished mesh rather
//!    than kept current for every face the builder makes and deletes).
//!    Triangles with a flat edge are candidates.
//! 2. Candidates are seeds in order of decreasing area (the largest triangle
//!    has the best-conditioned normal). A region grows across edges while the
//!    new far vertex is within `ε` of the *seed's* plane, so regions cannot
//!    drift around a curved surface.
//! 3. A region's boundary is walked like a horizon. If it is not one simple
//!    cycle, the region falls back to single triangles.
//! 4. Vertices left on fewer than three faces are dropped ([`drop_non_corners`]).
//!    If a face's fan triangulation would then reuse an edge (`fan.rs`), its
//!    region falls back to single triangles and the faces are grouped again.
//! 5. A sliver about `ε` thick can merge into fewer than four faces (two triangles
//!    back to back, no volume): then every region falls back to single triangles.
//!
//! The face plane is the seed's normal with the offset raised to the highest
//! region vertex: the seed is a hull triangle, so every input point that was
//! within `ε` of the seed's plane stays within `ε` of the face plane.

mod fan;

use crate::HullError;
use crate::error::{filled, push, reserve, room};
use crate::mesh::{ALIVE, Mesh, NONE, next};
use crate::tolerance::Scale;
use nalgebra::Point3;

/// Faces as boundary loops of working-vertex indices, plus the mesh face
/// whose normal each one uses.
pub(crate) struct Faces {
    /// Concatenated loops, counter-clockwise seen from outside.
    pub loops: Vec<u32>,
    /// `loops[offsets[i]..offsets[i + 1]]` is face `i`.
    pub offsets: Vec<u32>,
    /// The mesh face slot giving face `i`'s normal.
    pub seeds: Vec<u32>,
    /// Whether any face has more than three vertices.
    pub merged: bool,
}

/// Vertex of face `g` opposite half-edge `t`.
#[inline]
fn far_vertex(m: &Mesh, t: u32) -> u32 {
    m.origin(next(next(t)))
}

/// Float height of point `v` above mesh face `f`.
#[inline]
fn height(m: &Mesh, pts: &[Point3<f64>], f: u32, v: u32) -> f64 {
    let face = &m.faces[f as usize];
    face.normal.dot(&pts[v as usize].coords) - face.offset
}

/// Whether some edge of alive face `f` is flat: each face's far vertex within
/// `eps` of the other face's plane.
fn has_flat_edge(m: &Mesh, pts: &[Point3<f64>], f: u32, eps: f64) -> bool {
    let (topo, face) = (&m.topo[f as usize], &m.faces[f as usize]);
    (0..3).any(|i| {
        // Edge `i` runs `vᵢ → vᵢ₊₁`: the far vertex is `vᵢ₊₂`, and likewise in the
        // neighbour `g` across it, whose half-edge `j` is the twin.
        let t = topo.twins[i];
        let (g, j) = ((t / 3) as usize, (t % 3) as usize);
        let far_f = &pts[topo.verts[(i + 2) % 3] as usize];
        let far_g = &pts[m.topo[g].verts[(j + 2) % 3] as usize];
        let other = &m.faces[g];
        (other.normal.dot(&far_f.coords) - other.offset).abs() <= eps
            && (face.normal.dot(&far_g.coords) - face.offset).abs() <= eps
    })
}

/// The faces of the finished mesh `m` (vertices `pts`): its triangles grouped into
/// faces with every vertex a corner, and no two faces' fan triangulations sharing
/// an edge.
///
/// # Errors
/// [`HullError::OutOfMemory`] (for a build of `count` points) when a list in proportion
/// to the faces does not fit in memory.
pub(crate) fn faces(
    m: &Mesh,
    pts: &[Point3<f64>],
    s: &Scale,
    count: usize,
) -> Result<Faces, HullError> {
    // Regions that must stay triangles, by seed slot (sorted).
    let mut split: Vec<u32> = Vec::new();
    loop {
        let mut faces = merge(m, pts, s, &split, count)?;
        drop_non_corners(&mut faces, pts.len(), count)?;
        if faces.seeds.len() < 4 {
            // A sliver about `ε` thick, every triangle within `ε` of its neighbours'
            // planes, merged into fewer faces than a solid has (two, back to back, with
            // zero volume): keep quickhull's triangles, which enclose it exactly.
            let mut every_slot = room(m.faces.len(), count)?;
            every_slot.extend(0..m.faces.len() as u32);
            let mut triangles = merge(m, pts, s, &every_slot, count)?;
            drop_non_corners(&mut triangles, pts.len(), count)?;
            return Ok(triangles);
        }
        let clashing = fan::clashing_faces(&faces, count)?;
        // A split region gives triangles, which have no diagonals, so every clash
        // names a region not split yet and the loop ends (at the latest with every
        // region split: the quickhull triangles themselves).
        if clashing.is_empty() {
            return Ok(faces);
        }
        reserve(&mut split, clashing.len(), count)?;
        split.extend(clashing);
        split.sort_unstable();
    }
}

/// Groups the alive triangles of `m` into faces; the regions seeded at the slots in
/// `split` (sorted) stay single triangles.
///
/// # Errors
/// As [`faces`].
fn merge(
    m: &Mesh,
    pts: &[Point3<f64>],
    s: &Scale,
    split: &[u32],
    count: usize,
) -> Result<Faces, HullError> {
    let eps = s.eps;
    let slots = m.faces.len() as u32;
    let alive = |f: u32| m.topo[f as usize].state == ALIVE;
    let mut seeds: Vec<(f64, u32)> = Vec::new();
    for f in (0..slots).filter(|&f| alive(f) && has_flat_edge(m, pts, f, eps)) {
        let [a, b, c] = m.topo[f as usize].verts.map(|v| &pts[v as usize]);
        push(&mut seeds, ((b - a).cross(&(c - a)).norm(), f), count)?;
    }
    seeds.sort_unstable_by(|x, y| y.0.total_cmp(&x.0).then(x.1.cmp(&y.1)));

    // Sized for the worst case, every alive triangle its own face, so that the pushes
    // below never regrow the buffers (nor do `members` and `stack`, each holding a
    // region's faces at most once).
    let alive_count = (0..slots).filter(|&f| alive(f)).count();
    let mut out = Faces {
        loops: room(3 * alive_count, count)?,
        offsets: room(alive_count + 1, count)?,
        seeds: room(alive_count, count)?,
        merged: false,
    };
    out.offsets.push(0);
    let mut region = filled(
        if seeds.is_empty() { 0 } else { slots as usize },
        NONE,
        count,
    )?;
    let mut members = room(if seeds.is_empty() { 0 } else { alive_count }, count)?;
    let mut stack = room(if seeds.is_empty() { 0 } else { alive_count }, count)?;
    let mut seen = Vec::new();
    for &(_, seed) in &seeds {
        if region[seed as usize] != NONE {
            continue;
        }
        region[seed as usize] = seed;
        members.clear();
        stack.push(seed);
        while let Some(g) = stack.pop() {
            members.push(g);
            for i in 0..3 {
                let t = m.twin(3 * g + i);
                let nb = t / 3;
                if region[nb as usize] == NONE
                    && height(m, pts, seed, far_vertex(m, t)).abs() <= eps
                {
                    region[nb as usize] = seed;
                    stack.push(nb);
                }
            }
        }
        if members.len() > 1
            && split.binary_search(&seed).is_err()
            && push_loop(m, &region, &members, seed, &mut out, &mut seen, count)?
        {
            out.merged = true;
        } else {
            for &g in &members {
                push_triangle(m, g, &mut out);
            }
        }
    }
    for f in 0..slots {
        if alive(f) && region.get(f as usize).is_none_or(|&r| r == NONE) {
            push_triangle(m, f, &mut out);
        }
    }
    Ok(out)
}

fn push_triangle(m: &Mesh, f: u32, out: &mut Faces) {
    out.loops.extend_from_slice(&m.topo[f as usize].verts);
    out.offsets.push(out.loops.len() as u32);
    out.seeds.push(f);
}

/// Walks the boundary of region `r` (its members listed) into `out`; returns
/// `false` (writing nothing) if the boundary is not a single simple cycle. `seen` is
/// room for sorting the loop's vertices.
///
/// # Errors
/// As [`faces`].
fn push_loop(
    m: &Mesh,
    region: &[u32],
    members: &[u32],
    r: u32,
    out: &mut Faces,
    seen: &mut Vec<u32>,
    count: usize,
) -> Result<bool, HullError> {
    let outside = |h: u32| region[(m.twin(h) / 3) as usize] != r;
    let mut boundary = 0usize;
    let mut start = NONE;
    for &g in members {
        for i in 0..3 {
            if outside(3 * g + i) {
                boundary += 1;
                start = 3 * g + i;
            }
        }
    }
    let begin = out.loops.len();
    let mut h = start;
    let mut steps = 0usize;
    loop {
        if steps == boundary || h == NONE {
            out.loops.truncate(begin);
            return Ok(false);
        }
        out.loops.push(m.origin(h));
        steps += 1;
        let mut e = next(h);
        let mut turns = 0;
        while !outside(e) {
            e = next(m.twin(e));
            turns += 1;
            if turns > 3 * members.len() {
                out.loops.truncate(begin);
                return Ok(false);
            }
        }
        h = e;
        if h == start {
            break;
        }
    }
    // A pinched region visits a vertex twice.
    seen.clear();
    reserve(seen, out.loops.len() - begin, count)?;
    seen.extend_from_slice(&out.loops[begin..]);
    seen.sort_unstable();
    if steps != boundary || seen.windows(2).any(|w| w[0] == w[1]) {
        out.loops.truncate(begin);
        return Ok(false);
    }
    out.offsets.push(out.loops.len() as u32);
    out.seeds.push(r);
    Ok(true)
}

/// Drops the vertices that are not corners: those on fewer than three faces
/// (inside a merged face they are on none; on an edge between two faces,
/// on two), as long as every face keeps at least three vertices.
///
/// A vertex `v` on only two faces lies on both planes, so on the line where they meet:
/// the faces share the two edges `x–v` and `v–y`, and `v` is (within `ε`) on the segment
/// `x–y`. When one of the two faces is a triangle, that triangle is `v x y` itself, a
/// sliver left over when merging claimed its neighbours but not it: dropping `v` would
/// leave it a two-sided face, so the sliver goes too, and the polygon's new edge `x–y`
/// meets the face beyond the sliver's third edge. (Seen as a degree-2 vertex between a
/// triangle and a pentagon on a 1e-6-sized slab cloud, whose triangulation then used the
/// edge `x–y` three times.)
///
/// # Errors
/// As [`faces`].
fn drop_non_corners(faces: &mut Faces, point_count: usize, count: usize) -> Result<(), HullError> {
    if !faces.merged {
        return Ok(());
    }
    let nf = faces.seeds.len();
    // How many faces each vertex is on, counted up to 3 ("a corner"): only 0, 1, 2 and
    // "three or more" matter, and capping at 3 keeps the count clear of `REMOVED`. (A
    // count saturating at `u8::MAX` used to read as `REMOVED` and drop the apex of a
    // cone with 255 or more sides.)
    let mut degree = filled(point_count, 0u8, count)?;
    for &v in &faces.loops {
        degree[v as usize] = (degree[v as usize] + 1).min(3);
    }
    // (vertex, face) for the two-face vertices.
    let mut pairs = Vec::new();
    for f in 0..nf {
        let (lo, hi) = (faces.offsets[f] as usize, faces.offsets[f + 1] as usize);
        for &v in &faces.loops[lo..hi] {
            if degree[v as usize] == 2 {
                push(&mut pairs, (v, f as u32), count)?;
            }
        }
    }
    if pairs.is_empty() {
        // Every vertex is a corner: nothing to drop.
        return Ok(());
    }
    pairs.sort_unstable();
    let mut len: Vec<u32> = room(nf, count)?;
    len.extend(faces.offsets.windows(2).map(|w| w[1] - w[0]));
    // Faces dropped whole (slivers, see above) have length 0.
    const REMOVED: u8 = u8::MAX;
    for w in pairs.chunks_exact(2) {
        let (v, a, b) = (w[0].0, w[0].1 as usize, w[1].1 as usize);
        if w[1].0 != v || len[a] == 0 || len[b] == 0 {
            continue;
        }
        if len[a] > 3 && len[b] > 3 {
            degree[v as usize] = REMOVED;
            len[a] -= 1;
            len[b] -= 1;
        } else if len[a].min(len[b]) == 3 && len[a].max(len[b]) > 3 {
            let (sliver, polygon) = if len[a] == 3 { (a, b) } else { (b, a) };
            degree[v as usize] = REMOVED;
            len[sliver] = 0;
            len[polygon] -= 1;
        }
    }
    if len
        .iter()
        .zip(faces.offsets.windows(2))
        .all(|(&l, w)| l == w[1] - w[0])
    {
        // No vertex could go without leaving a face with fewer than three.
        return Ok(());
    }
    let mut loops = room(faces.loops.len(), count)?;
    let mut offsets = room(nf + 1, count)?;
    let mut seeds = room(nf, count)?;
    offsets.push(0);
    for f in (0..nf).filter(|&f| len[f] > 0) {
        let (lo, hi) = (faces.offsets[f] as usize, faces.offsets[f + 1] as usize);
        loops.extend(
            faces.loops[lo..hi]
                .iter()
                .filter(|&&v| degree[v as usize] != REMOVED),
        );
        offsets.push(loops.len() as u32);
        seeds.push(faces.seeds[f]);
    }
    faces.loops = loops;
    faces.offsets = offsets;
    faces.seeds = seeds;
    Ok(())
}
