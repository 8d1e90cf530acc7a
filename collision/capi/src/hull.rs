//! Reading a hull back: vertices, triangles, merged faces and planes, into the caller's
//! arrays. `coll_hull_sizes` first tells how large each array must be.

use crate::convert::{output, write};
use crate::shape::{Body, CollShape, shape_body};
use crate::status::{CollStatus, Error, guard};
use crate::types::{CollHullKind, CollHullSizes};
use collision::hull::Hull;
use collision::{ConvexHull, HullKind, Shape};

/// The hull of handle `shape`.
///
/// # Safety
/// As [`shape_body`].
unsafe fn hull_of<'a>(shape: *const CollShape) -> Result<&'a ConvexHull, Error> {
    // SAFETY: the caller's promise, passed on.
    match unsafe { shape_body(shape, "hull") }? {
        Body::Builtin(Shape::ConvexHull(h)) => Ok(h),
        _ => Err(Error::new(
            CollStatus::Unsupported,
            "`hull` is not a hull made by coll_hull_create",
        )),
    }
}

/// The sizes of `hull`'s arrays.
fn sizes(hull: &ConvexHull) -> CollHullSizes {
    let solid = hull.hull();
    CollHullSizes {
        kind: match hull.kind() {
            HullKind::Solid => CollHullKind::Solid,
            HullKind::Polygon => CollHullKind::Polygon,
            HullKind::Segment => CollHullKind::Segment,
            HullKind::Point => CollHullKind::Point,
        },
        vertex_count: hull.vertices().len(),
        triangle_count: solid.map_or(0, |h| h.triangles().len()),
        face_count: solid.map_or(0, Hull::face_count),
        face_index_count: solid.map_or(0, |h| h.faces().map(<[u32]>::len).sum()),
    }
}

/// `WrongCount` unless `capacity` holds `needed` items of `what`.
fn room(capacity: usize, needed: usize, what: &str) -> Result<(), Error> {
    if capacity >= needed {
        Ok(())
    } else {
        Err(Error::new(
            CollStatus::WrongCount,
            format!("`{what}` is {capacity}, but {needed} are needed (see coll_hull_sizes)"),
        ))
    }
}

/// The caller's array `pointer` of `len` items, checked not null when `len > 0`.
///
/// # Safety
/// `pointer` must be null or valid for writing `len` items.
unsafe fn array<'a, T>(pointer: *mut T, len: usize, name: &str) -> Result<&'a mut [T], Error> {
    if len == 0 {
        return Ok(&mut []);
    }
    let pointer = output(pointer, name)?;
    // SAFETY: not null, and the caller's promise that it holds at least `len` items
    // (its capacity argument, checked against `len`). The items are plain numbers, so
    // any bit pattern there before is fine to overwrite.
    Ok(unsafe { std::slice::from_raw_parts_mut(pointer, len) })
}

/// Writes the sizes of `hull`'s arrays to `*out`, for sizing the buffers of
/// `coll_hull_vertices`, `coll_hull_triangles`, `coll_hull_faces` and
/// `coll_hull_planes`. Flat hulls (polygon, segment, point) have vertices only.
///
/// Errors: `NULL_POINTER`, `INVALID_HANDLE`, `UNSUPPORTED` (not a hull).
#[unsafe(no_mangle)]
pub extern "C" fn coll_hull_sizes(hull: *const CollShape, out: *mut CollHullSizes) -> CollStatus {
    guard("coll_hull_sizes", || {
        let out = output(out, "out")?;
        // SAFETY: the caller passes a handle of this library or null.
        let h = unsafe { hull_of(hull) }?;
        // SAFETY: checked not null; a writable `CollHullSizes`.
        unsafe { write(out, sizes(h)) };
        Ok(CollStatus::Ok)
    })
}

/// Copies the hull's vertices (its extreme points, each once) to `xyz`,
/// `{x0, y0, z0, x1, ...}`, which holds `capacity` vertices (`3 * capacity` doubles).
///
/// Errors: `NULL_POINTER`, `INVALID_HANDLE`, `UNSUPPORTED`, `WRONG_COUNT` (`capacity`
/// below `vertex_count`).
#[unsafe(no_mangle)]
pub extern "C" fn coll_hull_vertices(
    hull: *const CollShape,
    xyz: *mut f64,
    capacity: usize,
) -> CollStatus {
    guard("coll_hull_vertices", || {
        // SAFETY: the caller passes a handle of this library or null.
        let h = unsafe { hull_of(hull) }?;
        let vertices = h.vertices();
        room(capacity, vertices.len(), "capacity")?;
        // SAFETY: the caller's `xyz` holds `3 * capacity >= 3 * len` doubles.
        let dst = unsafe { array(xyz, 3 * vertices.len(), "xyz") }?;
        for (d, v) in dst.chunks_exact_mut(3).zip(vertices) {
            d.copy_from_slice(v.coords.as_slice());
        }
        Ok(CollStatus::Ok)
    })
}

/// Copies the hull's triangles to `indices`, three vertex indices each (into the
/// vertices of `coll_hull_vertices`), counter-clockwise seen from outside; `indices`
/// holds `capacity` triangles (`3 * capacity` values).
///
/// Errors as `coll_hull_vertices`.
#[unsafe(no_mangle)]
pub extern "C" fn coll_hull_triangles(
    hull: *const CollShape,
    indices: *mut u32,
    capacity: usize,
) -> CollStatus {
    guard("coll_hull_triangles", || {
        // SAFETY: the caller passes a handle of this library or null.
        let h = unsafe { hull_of(hull) }?;
        let triangles = h.hull().map_or(&[][..], Hull::triangles);
        room(capacity, triangles.len(), "capacity")?;
        // SAFETY: the caller's `indices` holds `3 * capacity >= 3 * len` values.
        let dst = unsafe { array(indices, 3 * triangles.len(), "indices") }?;
        for (d, t) in dst.chunks_exact_mut(3).zip(triangles) {
            d.copy_from_slice(t);
        }
        Ok(CollStatus::Ok)
    })
}

/// Copies the hull's merged polygonal faces: face `f` is the vertices
/// `indices[offsets[f]] .. indices[offsets[f + 1] - 1]`, counter-clockwise seen from
/// outside. `offsets` holds `offsets_capacity` values (at least `face_count + 1`),
/// `indices` holds `indices_capacity` values (at least `face_index_count`).
///
/// Errors as `coll_hull_vertices`.
#[unsafe(no_mangle)]
pub extern "C" fn coll_hull_faces(
    hull: *const CollShape,
    offsets: *mut u32,
    offsets_capacity: usize,
    indices: *mut u32,
    indices_capacity: usize,
) -> CollStatus {
    guard("coll_hull_faces", || {
        // SAFETY: the caller passes a handle of this library or null.
        let h = unsafe { hull_of(hull) }?;
        let s = sizes(h);
        room(offsets_capacity, s.face_count + 1, "offsets_capacity")?;
        room(indices_capacity, s.face_index_count, "indices_capacity")?;
        // SAFETY: the caller's arrays hold at least the capacities checked above.
        let (offsets, indices) = unsafe {
            (
                array(offsets, s.face_count + 1, "offsets")?,
                array(indices, s.face_index_count, "indices")?,
            )
        };
        offsets[0] = 0;
        let mut next = 0;
        for (f, face) in h.hull().into_iter().flat_map(Hull::faces).enumerate() {
            indices[next..next + face.len()].copy_from_slice(face);
            next += face.len();
            offsets[f + 1] = u32::try_from(next).map_err(|_| {
                Error::new(
                    CollStatus::WrongCount,
                    "more face indices than a uint32_t holds",
                )
            })?;
        }
        Ok(CollStatus::Ok)
    })
}

/// Copies the hull's face planes, one per merged face in face order, to `planes` as
/// `{nx, ny, nz, d}` (outward unit normal `n`; points `p` of the plane have
/// `n . p = d`); `planes` holds `capacity` planes (`4 * capacity` doubles).
///
/// Errors as `coll_hull_vertices`.
#[unsafe(no_mangle)]
pub extern "C" fn coll_hull_planes(
    hull: *const CollShape,
    planes: *mut f64,
    capacity: usize,
) -> CollStatus {
    guard("coll_hull_planes", || {
        // SAFETY: the caller passes a handle of this library or null.
        let h = unsafe { hull_of(hull) }?;
        let source = h.hull().map_or(&[][..], Hull::planes);
        room(capacity, source.len(), "capacity")?;
        // SAFETY: the caller's `planes` holds `4 * capacity >= 4 * len` doubles.
        let dst = unsafe { array(planes, 4 * source.len(), "planes") }?;
        for (d, p) in dst.chunks_exact_mut(4).zip(source) {
            d.copy_from_slice(&[p.normal.x, p.normal.y, p.normal.z, p.offset]);
        }
        Ok(CollStatus::Ok)
    })
}
