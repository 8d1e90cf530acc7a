//! From the builder's mesh and merged faces to the compact [`crate::Hull`].
//!
//! Arrays are built in an order that lets the big mesh arrays be dropped as
//! early as possible, keeping the peak memory under 300 bytes per input point
//! (see `BENCHMARKS.md`).

use crate::HullError;
use crate::error::{filled, room};
use crate::merge::Faces;
use crate::mesh::{Mesh, NONE};
use crate::properties::mass_properties;
use crate::{Hull, Plane};
use nalgebra::Point3;

/// Builds the output. The mesh's vertex `v` is input point `input_index[v]` of
/// `original`, which the builder saw multiplied by `factor`.
///
/// # Errors
/// [`HullError::OutOfMemory`] when an output array (in proportion to the hull's
/// vertices) does not fit in memory.
pub(crate) fn assemble(
    mesh: Mesh,
    faces: Faces,
    input_index: &[u32],
    original: &[Point3<f64>],
    factor: f64,
    tolerance: f64,
) -> Result<Hull, HullError> {
    let count = original.len();
    let Faces {
        loops: mut face_indices,
        offsets: face_offsets,
        seeds,
        ..
    } = faces;
    let nf = seeds.len();
    // Only the face planes are needed from here on.
    let Mesh {
        faces: mesh_faces,
        topo,
        free,
    } = mesh;
    drop((topo, free));
    let range = |i: usize| face_offsets[i] as usize..face_offsets[i + 1] as usize;
    // Planes first, so the mesh can go: the seed's normal, offset raised to
    // the highest face vertex.
    let mut planes = room(nf, count)?;
    for (i, &seed) in seeds.iter().enumerate() {
        let face = &mesh_faces[seed as usize];
        let normal = face.normal;
        let r = range(i);
        // A lone triangle's offset is already the maximum over its vertices
        // (in working units: divide by the rescale factor).
        let offset = if r.len() == 3 {
            face.offset / factor
        } else {
            face_indices[r]
                .iter()
                .map(|&v| normal.dot(&original[input_index[v as usize] as usize].coords))
                .fold(f64::NEG_INFINITY, f64::max)
        };
        planes.push(Plane { normal, offset });
    }
    drop((mesh_faces, seeds));
    let mut remap = filled(input_index.len(), NONE, count)?;
    let mut vertices = room(input_index.len(), count)?;
    for v in &mut face_indices {
        let slot = &mut remap[*v as usize];
        if *slot == NONE {
            *slot = vertices.len() as u32;
            vertices.push(original[input_index[*v as usize] as usize]);
        }
        *v = *slot;
    }
    drop(remap);
    finish(
        vertices,
        Polygons {
            offsets: face_offsets,
            indices: face_indices,
            planes,
        },
        factor,
        tolerance,
        count,
    )
}

/// A hull's faces: face `i` is the vertex loop `indices[offsets[i]..offsets[i + 1]]`
/// (counter-clockwise seen from outside), its plane `planes[i]`.
pub(crate) struct Polygons {
    /// Where each face's loop starts in `indices`, and the end of the last.
    pub offsets: Vec<u32>,
    /// The loops, one after another.
    pub indices: Vec<u32>,
    /// One plane per face (original units).
    pub planes: Vec<Plane>,
}

/// The [`Hull`] of `vertices` (original units) and its faces: the triangles, the
/// vertex adjacency and the mass properties are made here. `factor` is the scale the
/// builder worked at (the mass properties are integrated there, then scaled back);
/// `count` the input's size, for out-of-memory errors.
///
/// # Errors
/// [`HullError::OutOfMemory`] when an output array does not fit in memory.
pub(crate) fn finish(
    vertices: Vec<Point3<f64>>,
    faces: Polygons,
    factor: f64,
    tolerance: f64,
    count: usize,
) -> Result<Hull, HullError> {
    let Polygons {
        offsets: face_offsets,
        indices: face_indices,
        planes,
    } = faces;
    let nf = planes.len();
    let range = |i: usize| face_offsets[i] as usize..face_offsets[i + 1] as usize;
    let face = |i: usize| &face_indices[range(i)];
    // Fan triangulation of each convex face.
    let mut triangles = room(face_indices.len() - 2 * nf, count)?;
    for i in 0..nf {
        let f = face(i);
        for k in 1..f.len() - 1 {
            triangles.push([f[0], f[k], f[k + 1]]);
        }
    }
    // Vertex adjacency (compressed rows): `u → v` for each face edge.
    let mut neighbor_offsets = filled(vertices.len() + 1, 0u32, count)?;
    for i in 0..nf {
        for &v in face(i) {
            neighbor_offsets[v as usize + 1] += 1;
        }
    }
    for i in 0..vertices.len() {
        neighbor_offsets[i + 1] += neighbor_offsets[i];
    }
    // Each row is filled through its start offset, which then ends at the next
    // row's start: shifted back by one, the offsets are whole again.
    let mut neighbors = filled(face_indices.len(), 0u32, count)?;
    for i in 0..nf {
        let f = face(i);
        for (k, &u) in f.iter().enumerate() {
            let next = if k + 1 == f.len() { f[0] } else { f[k + 1] };
            let at = &mut neighbor_offsets[u as usize];
            neighbors[*at as usize] = next;
            *at += 1;
        }
    }
    neighbor_offsets.copy_within(..vertices.len(), 1);
    neighbor_offsets[0] = 0;
    // In working units, so nothing overflows; then back (the volume of a
    // hull with coordinates near 1e300 is honestly infinite).
    let props = if factor == 1.0 {
        mass_properties(&vertices, &triangles)
    } else {
        let mut scaled = room(vertices.len(), count)?;
        scaled.extend(vertices.iter().map(|p| p * factor));
        let mut props = mass_properties(&scaled, &triangles);
        props.volume = props.volume / factor / factor / factor;
        props.area = props.area / factor / factor;
        props.centroid /= factor;
        props
    };
    Ok(Hull {
        vertices,
        triangles,
        face_offsets,
        face_indices,
        planes,
        neighbor_offsets,
        neighbors,
        volume: props.volume,
        area: props.area,
        centroid: props.centroid,
        tolerance,
    })
}
