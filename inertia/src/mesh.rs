//! Exact mass properties of closed triangle meshes and convex hulls, by summing signed
//! tetrahedra about a reference point. O(triangles), no allocation in the kernel.

use collision_hull::Hull;
use nalgebra::{Matrix3, Point3, Vector3};

use crate::{Amount, MassError, MassProperties};

/// A body thinner than this fraction of its largest extent counts as flat.
pub const FLAT_RELATIVE_THICKNESS: f64 = 1e-10;

/// Volume integrals of a region Ω about a reference point `r`:
/// `volume = ∫ dV`, `first = ∫ (x − r) dV`, `second = ∫ (x − r)(x − r)ᵀ dV`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Moments {
    pub volume: f64,
    pub first: Vector3<f64>,
    pub second: Matrix3<f64>,
}

/// Where to integrate about and how large the body is, from the vertices it uses.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    /// The vertex average: inside a convex body, close to its centre of mass.
    pub reference: Point3<f64>,
    /// Largest extent of the bounding box.
    pub extent: f64,
    /// Largest coordinate magnitude: the scale of the input's rounding.
    pub magnitude: f64,
}

impl Frame {
    /// Average, extent and magnitude of `points`, which must be finite and non-empty.
    pub fn of<'a>(points: impl Iterator<Item = &'a Point3<f64>>) -> Result<Frame, MassError> {
        let mut sum = Vector3::zeros();
        let mut lo = Vector3::repeat(f64::INFINITY);
        let mut hi = Vector3::repeat(f64::NEG_INFINITY);
        let mut count = 0.0;
        for p in points {
            sum += p.coords;
            lo = lo.inf(&p.coords);
            hi = hi.sup(&p.coords);
            count += 1.0;
        }
        let reference = Point3::from(sum / count);
        let extent = (hi - lo).max();
        let magnitude = lo.abs().max().max(hi.abs().max());
        if !(reference.coords.iter().all(|x| x.is_finite()) && extent.is_finite()) {
            return Err(MassError::NonFinite {
                what: "vertex average or extent (coordinates too large)",
            });
        }
        Ok(Frame {
            reference,
            extent,
            magnitude,
        })
    }
}

// Derivation of the kernel.
//
// Fan the closed surface from the reference point r: each triangle (a, b, c), with
// coordinates taken relative to r, spans the tetrahedron T = (0, a, b, c) of signed volume
//
//     v = a · (b × c) / 6,
//
// positive when (a, b, c) is counter-clockwise seen from outside and r lies behind it.
// For a closed, consistently wound surface the signed tetrahedra cover every interior
// point once net (those outside a non-convex body cancel), so any integral over the body
// is the sum of the same integral over the signed tetrahedra (divergence theorem; Mirtich
// 1996, "Fast and accurate computation of polyhedral mass properties").
//
// Over one tetrahedron with vertices p_0..p_3 and barycentric coordinates λ_0..λ_3
// (x = Σ λ_k p_k), the Dirichlet integral ∫ λ^k dV = 6v · k_0! k_1! k_2! k_3! / (3 + Σk)!
// gives ∫ λ_i dV = v/4 and ∫ λ_i λ_j dV = v (1 + δ_ij) / 20. Hence
//
//     ∫ x dV    = v/4 · Σ p_k,
//     ∫ x xᵀ dV = v/20 · (Σ p_k p_kᵀ + (Σ p_k)(Σ p_k)ᵀ).
//
// With p_0 = 0 (the reference) and s = a + b + c:
//
//     first  += v/4  · s                          = (6v) · s / 24,
//     second += v/20 · (a aᵀ + b bᵀ + c cᵀ + s sᵀ) = (6v) · (…) / 120.
//
// The centre of mass is then d = first / V relative to r, the central second moment
// C = second − V d dᵀ, and the inertia tensor per unit density J = tr(C) E − C, i.e.
// J_xx = ∫ (y² + z²) dV and J_xy = −∫ x y dV.
//
// Taking coordinates relative to r (the vertex average, inside a convex body and near its
// centre) keeps every product at the size of the body, not of its distance from the
// origin, so a unit cube at 1e5 loses no digits; and since d is small, the shift
// second − V d dᵀ does not cancel either.
//
// This is the covariance form of Tonon (2004, "Explicit exact formulas for the 3-D
// tetrahedron inertia tensor in terms of its vertex coordinates", J. Math. Stat. 1(1)),
// derived independently so that the known b′/c′ swap of the printed matrix (the book's
// chapter 15 copies it) cannot creep in: here every product of inertia comes from the one
// symmetric matrix C.

/// Sums the signed tetrahedra of `triangles` about `reference`. Trusts its input: indices
/// must be in range (out-of-range indices panic, so callers validate first or pass a
/// [`Hull`]).
pub(crate) fn integrate(
    vertices: &[Point3<f64>],
    triangles: &[[u32; 3]],
    reference: &Point3<f64>,
) -> Moments {
    let mut six_volume = 0.0;
    let mut first = Vector3::zeros();
    // The six distinct entries of the symmetric sum, as xx, yy, zz, xy, xz, yz.
    let mut second = [0.0; 6];
    for t in triangles {
        let a = vertices[t[0] as usize] - reference;
        let b = vertices[t[1] as usize] - reference;
        let c = vertices[t[2] as usize] - reference;
        let v6 = a.dot(&b.cross(&c));
        let s = a + b + c;
        six_volume += v6;
        first += s * v6;
        let product = |i: usize, j: usize| a[i] * a[j] + b[i] * b[j] + c[i] * c[j] + s[i] * s[j];
        second[0] += v6 * product(0, 0);
        second[1] += v6 * product(1, 1);
        second[2] += v6 * product(2, 2);
        second[3] += v6 * product(0, 1);
        second[4] += v6 * product(0, 2);
        second[5] += v6 * product(1, 2);
    }
    let [xx, yy, zz, xy, xz, yz] = second.map(|x| x / 120.0);
    Moments {
        volume: six_volume / 6.0,
        first: first / 24.0,
        second: Matrix3::new(xx, xy, xz, xy, yy, yz, xz, yz, zz),
    }
}

/// Thickness `V / L²` below which a body of extent `L` at coordinate magnitude `M` is
/// flat: a relative floor plus the rounding of the input coordinates.
pub(crate) fn flat_tolerance(frame: &Frame) -> f64 {
    FLAT_RELATIVE_THICKNESS * frame.extent + 16.0 * f64::EPSILON * frame.magnitude
}

/// Turns raw moments about `frame.reference` into mass properties, rejecting flat and
/// inward bodies.
pub(crate) fn finish(
    moments: &Moments,
    frame: &Frame,
    amount: Amount,
) -> Result<MassProperties, MassError> {
    let Moments {
        volume,
        first,
        second,
    } = *moments;
    if !(volume.is_finite()
        && first.iter().all(|x| x.is_finite())
        && second.iter().all(|x| x.is_finite()))
    {
        return Err(MassError::NonFinite {
            what: "volume integrals (coordinates too large)",
        });
    }
    let thickness = volume.abs() / (frame.extent * frame.extent);
    let tolerance = flat_tolerance(frame);
    if !(thickness > tolerance) {
        return Err(MassError::Flat {
            thickness,
            tolerance,
        });
    }
    if volume < 0.0 {
        return Err(MassError::InwardWound { volume });
    }
    let mass = amount.mass_for_volume(volume)?;
    let density = mass / volume;
    let d = first / volume;
    let central = second - d * d.transpose() * volume;
    let inertia = (Matrix3::from_diagonal_element(central.trace()) - central) * density;
    Ok(MassProperties::from_parts(
        mass,
        frame.reference + d,
        inertia,
    ))
}

impl MassProperties {
    /// Exact mass properties of the solid bounded by a closed triangle mesh.
    ///
    /// Triangles index `vertices` and must be counter-clockwise seen from outside, every
    /// directed edge matched by its opposite. The result is exact (up to rounding) for
    /// any such mesh; convex meshes, where the reference point (the vertex average) lies
    /// inside, are the most accurate.
    ///
    /// Validation costs O(T log T) and allocates the edge list; the integration itself
    /// is O(T). For a [`Hull`], whose topology is guaranteed, use [`Self::from_hull`].
    ///
    /// # Errors
    /// [`MassError::NonFiniteVertex`], [`MassError::EmptyMesh`],
    /// [`MassError::IndexOutOfRange`], [`MassError::DegenerateTriangle`],
    /// [`MassError::OpenMesh`], [`MassError::InconsistentWinding`],
    /// [`MassError::Flat`], [`MassError::InwardWound`], [`MassError::InvalidAmount`].
    pub fn from_convex_mesh(
        vertices: &[Point3<f64>],
        triangles: &[[u32; 3]],
        amount: Amount,
    ) -> Result<MassProperties, MassError> {
        validate_mesh(vertices, triangles)?;
        amount.validated()?;
        let frame = Frame::of(triangles.iter().flatten().map(|&i| &vertices[i as usize]))?;
        finish(&integrate(vertices, triangles, &frame.reference), &frame, amount)
    }

    /// Exact mass properties of a convex hull, trusting its topology (closed,
    /// outward-wound). O(triangles), allocation-free.
    ///
    /// # Errors
    /// [`MassError::Flat`] for a hull thinner than the flatness tolerance, and
    /// [`MassError::InvalidAmount`] for a bad density or mass.
    pub fn from_hull(hull: &Hull, amount: Amount) -> Result<MassProperties, MassError> {
        let frame = Frame::of(hull.vertices().iter())?;
        finish(
            &integrate(hull.vertices(), hull.triangles(), &frame.reference),
            &frame,
            amount,
        )
    }
}

/// Checks everything [`integrate`] trusts: finite vertices, indices in range, no repeated
/// vertex in a triangle, and every directed edge matched exactly once by its opposite.
///
/// The directed edges are bucketed by their start vertex (a counting sort, O(V + T)),
/// each bucket is sorted (O(T log degree)), and each edge `i → j` is looked up as `j → i`
/// in bucket `j` by binary search.
fn validate_mesh(vertices: &[Point3<f64>], triangles: &[[u32; 3]]) -> Result<(), MassError> {
    if let Some(index) = vertices
        .iter()
        .position(|p| !p.coords.iter().all(|x| x.is_finite()))
    {
        return Err(MassError::NonFiniteVertex { index });
    }
    if triangles.is_empty() {
        return Err(MassError::EmptyMesh);
    }
    let vertex_count = vertices.len();
    // start[i]..start[i + 1] will index the out-edges of vertex i.
    let mut start = vec![0usize; vertex_count + 1];
    for (triangle, t) in triangles.iter().enumerate() {
        for k in 0..3 {
            let (from, to) = (t[k], t[(k + 1) % 3]);
            if from as usize >= vertex_count {
                return Err(MassError::IndexOutOfRange {
                    triangle,
                    index: from,
                    vertex_count,
                });
            }
            if from == to {
                return Err(MassError::DegenerateTriangle {
                    triangle,
                    index: from,
                });
            }
            start[from as usize + 1] += 1;
        }
    }
    for i in 0..vertex_count {
        start[i + 1] += start[i];
    }
    let mut cursor = start.clone();
    let mut targets = vec![0u32; 3 * triangles.len()];
    for t in triangles {
        for k in 0..3 {
            let from = t[k] as usize;
            targets[cursor[from]] = t[(k + 1) % 3];
            cursor[from] += 1;
        }
    }
    // Repeated directed edges first: a flipped triangle also leaves edges unmatched, but
    // the repeat is the better diagnosis.
    for i in 0..vertex_count {
        let out = &mut targets[start[i]..start[i + 1]];
        out.sort_unstable();
        if let Some(w) = out.windows(2).find(|w| w[0] == w[1]) {
            return Err(MassError::InconsistentWinding {
                from: i as u32,
                to: w[0],
            });
        }
    }
    for i in 0..vertex_count {
        let from = i as u32;
        for &to in &targets[start[i]..start[i + 1]] {
            let back = &targets[start[to as usize]..start[to as usize + 1]];
            if back.binary_search(&from).is_err() {
                return Err(MassError::OpenMesh { from, to });
            }
        }
    }
    Ok(())
}
