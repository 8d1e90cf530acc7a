//! Contacts: closest points of nearby shapes and penetration of overlapping ones.
//!
//! [`contact`] runs GJK on the shapes' cores ([`SupportMap::core_radius`]). When the cores are
//! apart, the contact comes from GJK's closest points offset by the radii — this covers
//! separated shapes within the margin and shallow overlaps of balls, capsules and
//! [`Rounded`](crate::Rounded) shapes, with no EPA at all. Only when the cores overlap
//! does the penetration depth of the cores get computed, and the radii are added to it
//! along its normal (exact, since `h_{A⊕rB}(n) = h_A(n) + r` for every direction):
//!
//! - two boxes: the separating axis theorem (`boxes.rs`);
//! - a cylinder, cone or capsule core against a point core, or against another one on
//!   nearly parallel axes: a closed form, the 2D depth of their sections' difference
//!   (`revolution.rs`). These are the pairs whose deepest direction ties round a circle
//!   (a ball on a cylinder's axis, coincident cylinders or cones) or nearly does, where
//!   EPA's polytope would need some 1e5 vertices to prove the depth;
//! - anything else: EPA. A run that runs out of capacity or stalls is bounded from below
//!   by the depth of one witness point inside a cylinder, cone, capsule or box core, a
//!   closed form (`witness.rs`), and failing that run once more, with room for
//!   `MAX_REFINED_VERTICES` vertices and its first vertices gathered round the best direction
//!   found (`refine.rs`); the proven bounds are joined, and are converged within the
//!   relative tolerance of the depth plus the rounding floor of a polytope's proof,
//!   about `2.9e-11` of the size (derived in `refine.rs`);
//! - a penetration still unproven after that is asked once more in B's frame: B − A is
//!   A − B turned and reflected, with the same depth, but its support points round
//!   differently and its polytope grows from another simplex, so a crease that one
//!   order's faces could not fit the other often can. On the query fuzzer's 100,000
//!   near-contact cases, 18 stopped short in one order (a cylinder or cone against an
//!   edge, where the two sheets of `A − B` meet at a curved crease) and every one
//!   converged in the other. The answer is the converged one, else the one with the
//!   better upper bound, with both orders' proven bounds. What is left unproven keeps its
//!   EPA status, and its depth is the exact overlap along its normal.

mod boxes;
mod refine;
mod revolution;
mod witness;

use crate::epa::{EpaConfig, EpaInput, EpaStatus, MAX_REFINED_VERTICES, MAX_VERTICES, Polytope};
use crate::gjk::{
    GjkCache, GjkConfig, GjkStatus, Posed, SimplexVertex, WorkingSimplex, degenerate, gjk_core,
    relative_pose,
};
use crate::observer::{Observer, RevolutionDepth, Shortcut};
use crate::options::QueryOptions;
use crate::shape::{CoreOf, SupportMap, all_finite, as_hulls_if_both};
use nalgebra::{Isometry3, Point3, Vector3};
use std::cell::RefCell;

/// A contact between two shapes. All fields are in world coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Contact {
    /// The point of A nearest to B (when penetrating: deepest inside B).
    pub point_a: Point3<f64>,
    /// The point of B nearest to A (when penetrating: deepest inside A).
    pub point_b: Point3<f64>,
    /// Unit normal from A towards B: moving B by `−separation · normal` makes the shapes
    /// just touch.
    pub normal: Vector3<f64>,
    /// Signed distance along `normal`, `normal · (point_b − point_a)`: positive when apart,
    /// negative when penetrating (minus the penetration depth).
    pub separation: f64,
    /// Proven bounds `[lower, upper]` on the true signed separation, around
    /// `separation`: equal for closed forms, within the tolerance of each other when
    /// `Converged` (for a penetration, the relative tolerance times the depth plus about
    /// `2.9e-11` of the shapes' size, the rounding floor of EPA's proof; see
    /// `contact/refine.rs`). When a run stopped short (`EpaOutOfCapacity`, `EpaStalled`,
    /// `GjkMaxIterations`), how far apart they are is how far the answer may be off.
    pub separation_bounds: [f64; 2],
    /// How exact the answer is.
    pub status: ContactStatus,
    /// Which algorithm produced it.
    pub method: ContactMethod,
}

impl Contact {
    /// The same contact seen from B: the points exchanged and the normal reversed.
    #[must_use]
    pub fn swapped(&self) -> Contact {
        Contact {
            point_a: self.point_b,
            point_b: self.point_a,
            normal: -self.normal,
            ..*self
        }
    }

    /// Whether this is a penetration whose EPA runs stopped short of the tolerance.
    #[inline]
    fn stopped_short_in_epa(&self) -> bool {
        self.method == ContactMethod::Penetration
            && matches!(
                self.status,
                ContactStatus::EpaStalled | ContactStatus::EpaOutOfCapacity
            )
    }

    /// Two answers for the same pair, both penetrations: the converged one, else the one
    /// with the smaller depth (the better proven upper bound), with the proven bounds of
    /// both.
    #[cold]
    fn joined(&self, other: &Contact) -> Contact {
        let converged = |c: &Contact| c.status == ContactStatus::Converged;
        let better = if converged(other) || (!converged(self) && other.separation > self.separation)
        {
            other
        } else {
            self
        };
        let [lower, upper] = [
            self.separation_bounds[0].max(other.separation_bounds[0]),
            self.separation_bounds[1].min(other.separation_bounds[1]),
        ];
        Contact {
            separation_bounds: [lower.min(better.separation), upper.max(better.separation)],
            ..*better
        }
    }

    /// Whether every coordinate and the separation are finite. [`contact`] never returns
    /// a contact that is not: a scene whose answer overflows `f64` (shapes with
    /// dimensions near `f64::MAX`) is [`ContactError::NonFinite`] instead.
    #[must_use]
    pub fn is_finite(&self) -> bool {
        all_finite(
            [&self.point_a.coords, &self.point_b.coords, &self.normal],
            [self.separation],
        )
    }
}

/// How exact a [`Contact`] is. Every status comes with the best answer found; only
/// `Converged` is exact to the configured tolerances.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ContactStatus {
    /// Exact to the tolerances.
    Converged,
    /// GJK ran out of iterations: `separation` is an upper bound (the true separation is
    /// at least `separation − (upper − lower)` of GJK's bounds), the shapes may even be
    /// just beyond the margin.
    GjkMaxIterations,
    /// EPA ran out of polytope capacity (curved shapes, in both runs: see the module
    /// docs), its bounds further apart than the tolerance and the rounding floor: the
    /// best answer found, whose depth is the overlap along its normal, the upper bound
    /// (the true separation lies within [`Contact::separation_bounds`], the lower one
    /// EPA's nearest face); moving B by it along the normal separates the shapes.
    EpaOutOfCapacity,
    /// EPA stopped because rounding made the next expansion impossible: the best answer
    /// found, as for `EpaOutOfCapacity`.
    EpaStalled,
}

/// The algorithm behind a [`Contact`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ContactMethod {
    /// GJK closest points of the cores, offset by the radii.
    ClosestPoints,
    /// Penetration depth of the overlapping cores (EPA; the separating axis theorem for
    /// two boxes), plus the radii.
    Penetration,
    /// The cores overlap in a plane, line or point only (A − B has no volume): depth of
    /// the cores zero, plus the radii.
    Flat,
}

/// Why a contact query has no answer.
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
pub enum ContactError {
    /// A pose or support point was NaN or infinite, or beyond the input range (support
    /// points outside about 1e±60, see the crate docs), or the answer overflowed `f64`
    /// (shapes with dimensions near `f64::MAX`, which the closed forms for boxes and
    /// rounded shapes reach without a support point out of range).
    #[error(
        "contact query met a non-finite pose or support point, coordinates outside 1e±60, or an answer that overflowed"
    )]
    NonFinite,
    /// The margin was negative, NaN or infinite.
    #[error("contact margin must be finite and non-negative, got {0}")]
    InvalidMargin(f64),
    /// The shapes overlap, and the thread's workspace for their penetration depth (about
    /// 1 MB, made on the thread's first such query and kept) could not be allocated.
    #[error("no memory for the penetration query's workspace (about 1 MB per thread)")]
    OutOfMemory,
}

/// Tuning of a contact query.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ContactConfig {
    /// For the GJK run on the cores.
    pub gjk: GjkConfig,
    /// For the EPA run when the cores overlap.
    pub epa: EpaConfig,
}

/// The contact of `a` at `pose_a` and `b` at `pose_b` when they overlap or lie within
/// `margin` of each other; `Ok(None)` when they are further apart.
///
/// Overlapping shapes always give a contact (check [`Contact::status`] for how exact it
/// is), and no field is ever NaN.
///
/// # Errors
/// [`ContactError`] for a non-finite pose or an invalid margin, or when the shapes
/// overlap and the thread has no memory for its EPA workspace.
pub fn contact<A, B>(
    a: &A,
    pose_a: &Isometry3<f64>,
    b: &B,
    pose_b: &Isometry3<f64>,
    margin: f64,
) -> Result<Option<Contact>, ContactError>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
{
    contact_with(a, pose_a, b, pose_b, margin, QueryOptions::default())
}

/// [`contact`] with its options: tolerances, a GJK warm-start cache (one per ordered pair
/// of shapes, see [`GjkCache`]) and an observer that sees every GJK and EPA step and the
/// closed forms taken (box–box SAT, solids of revolution) as [`Shortcut`]s; the answer
/// is the unobserved one, bit for bit.
///
/// # Errors
/// As [`contact`].
#[inline]
pub fn contact_with<A, B, O>(
    a: &A,
    pose_a: &Isometry3<f64>,
    b: &B,
    pose_b: &Isometry3<f64>,
    margin: f64,
    options: QueryOptions<'_, ContactConfig, O>,
) -> Result<Option<Contact>, ContactError>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    O: Observer,
{
    let (config, cache, mut observer) = options.into_parts();
    finite(as_hulls_if_both!(
        a,
        b,
        query(
            (a, pose_a),
            (b, pose_b),
            margin,
            &config,
            cache,
            &mut observer,
            true,
        )
    ))
}

/// The contact query behind [`contact_with`], with or without a warm-start cache, every
/// computation in A's frame: GJK on the cores, then the closed forms, or EPA with its
/// refinements. Its answer may still overflow: the callers pass it through [`finite`].
///
/// A penetration whose EPA runs stopped short is asked once more in B's frame, B − A
/// instead of A − B (see the module docs), when `ask_b_too`, and the two answers joined
/// ([`asked_in_frame_of_b`]).
fn query<A, B, O>(
    (a, pose_a): Posed<'_, A>,
    (b, pose_b): Posed<'_, B>,
    margin: f64,
    config: &ContactConfig,
    cache: Option<&mut GjkCache>,
    observer: &mut O,
    ask_b_too: bool,
) -> Result<Option<Contact>, ContactError>
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    O: Observer + ?Sized,
{
    if !(margin.is_finite() && margin >= 0.0) {
        return Err(ContactError::InvalidMargin(margin));
    }
    let (core_a, radius_a) = (CoreOf(a), a.core_radius());
    let (core_b, radius_b) = (CoreOf(b), b.core_radius());
    let radius = radius_a + radius_b;
    // GJK on the cores alone: EPA needs a simplex around the origin whenever the cores
    // overlap, however thick the radii.
    let mut work = WorkingSimplex::default();
    // The run stops as soon as it proves the shapes farther apart than the margin.
    let Some(run) = gjk_core(
        (&core_a, pose_a),
        (&core_b, pose_b),
        &config.gjk,
        radius + margin,
        cache,
        observer,
        &mut work,
    ) else {
        observer.gjk_done(&degenerate());
        return Err(ContactError::NonFinite);
    };
    // An observer sees the full output; the query itself needs the world-frame answer
    // only when the cores are apart (an overlap goes on from the final simplex).
    if observer.is_active() {
        observer.gjk_done(&run.output(pose_a));
    }
    if run.proved_beyond() {
        return Ok(None);
    }
    let status = match run.status() {
        GjkStatus::Degenerate => return Err(ContactError::NonFinite),
        GjkStatus::Converged => ContactStatus::Converged,
        GjkStatus::MaxIterations => ContactStatus::GjkMaxIterations,
        GjkStatus::Overlapping => {
            // Two boxes: the separating axis theorem (it agrees with EPA to EPA's
            // tolerance; `tests/contact/basics.rs`).
            if let (Some(ca), Some(cb)) = (a.core_cuboid(), b.core_cuboid())
                && let Some(p) = boxes::box_box(ca, cb, &relative_pose(pose_a, pose_b))
            {
                if observer.is_active() {
                    let radii = [radius_a, radius_b];
                    let sat = boxes::observed(ca, pose_a, cb, pose_b, &p, radii);
                    observer.shortcut(&Shortcut::BoxBox(sat));
                }
                let normal = pose_a.rotation * p.normal;
                return Ok(Some(Contact {
                    point_a: pose_a * p.point_a + normal * radius_a,
                    point_b: pose_a * p.point_b - normal * radius_b,
                    normal,
                    separation: -(p.depth + radius),
                    separation_bounds: [-(p.depth + radius); 2],
                    status: ContactStatus::Converged,
                    method: ContactMethod::Penetration,
                }));
            }
            // Solids of revolution against a point core or on nearly one axis: a closed
            // form (`revolution.rs`), where EPA would have to resolve a circle of ties.
            let closed = revolution::bracket(a, b, run.minkowski());
            let proven = closed.filter(|k| k.converged(&config.epa));
            if observer.is_active()
                && let Some(k) = &closed
            {
                let converged = proven.is_some();
                let form = revolution_depth(pose_a, [radius_a, radius_b], k, converged);
                observer.shortcut(&Shortcut::Revolution(form));
            }
            if let Some(k) = proven {
                return Ok(Some(penetration(
                    pose_a,
                    [radius_a, radius_b],
                    &k.normal,
                    &k.vertex,
                    [k.upper, k.lower, k.upper],
                    ContactStatus::Converged,
                )));
            }
            let input = EpaInput {
                md: run.minkowski(),
                start: run.simplex(),
                directions: &[],
                config: &config.epa,
                pose_a,
            };
            let Some(first) = with_polytope(|polytope| input.run(polytope, observer)) else {
                return Err(ContactError::OutOfMemory);
            };
            let e = refine::refine(first, &input, observer, |n| {
                witness::bracket(&witness::Bodies::of(a, b)?, run.minkowski(), n, &config.epa)
            });
            let (mut status, method) = match e.status {
                EpaStatus::Degenerate => return Err(ContactError::NonFinite),
                EpaStatus::Converged => (ContactStatus::Converged, ContactMethod::Penetration),
                EpaStatus::Flat => (ContactStatus::Converged, ContactMethod::Flat),
                EpaStatus::Stalled => (ContactStatus::EpaStalled, ContactMethod::Penetration),
                EpaStatus::OutOfCapacity => {
                    (ContactStatus::EpaOutOfCapacity, ContactMethod::Penetration)
                }
            };
            // EPA stopped short: the closed form's bounds may still close the bracket
            // (each side is a proven bound, whichever found it).
            let mut lower = e.lower_bound;
            // The closed form's answer, when its upper bound beats EPA's.
            let mut closed_form = None;
            if status != ContactStatus::Converged
                && let Some(k) = closed
            {
                let joined = revolution::Bracket {
                    lower: k.lower.max(e.lower_bound),
                    ..k
                };
                lower = joined.lower;
                let settled = if k.upper <= e.upper_bound {
                    closed_form = Some(k);
                    joined.settled(&config.epa)
                } else {
                    let epa_side = revolution::Bracket {
                        upper: e.upper_bound,
                        ..joined
                    };
                    epa_side.settled(&config.epa)
                };
                if settled {
                    status = ContactStatus::Converged;
                }
            }
            let c = match closed_form {
                Some(k) => penetration(
                    pose_a,
                    [radius_a, radius_b],
                    &k.normal,
                    &k.vertex,
                    [k.upper, lower, k.upper],
                    status,
                ),
                None => {
                    let vertex = SimplexVertex::new(e.point_a, e.point_b, 0, 0);
                    let upper = e.upper_bound.max(e.depth);
                    let mut c = penetration(
                        pose_a,
                        [radius_a, radius_b],
                        &e.normal,
                        &vertex,
                        [e.depth, lower, upper],
                        status,
                    );
                    c.method = method;
                    c
                }
            };
            if ask_b_too && c.stopped_short_in_epa() {
                let (a, b) = ((a, pose_a), (b, pose_b));
                return Ok(Some(asked_in_frame_of_b(c, a, b, margin, config, observer)));
            }
            return Ok(Some(c));
        }
    };
    // Cores apart: GJK's bounds give the separation of the full shapes.
    let out = run.answer(pose_a);
    if out.lower_bound - radius > margin {
        return Ok(None);
    }
    let separation = out.distance - radius;
    if status == ContactStatus::Converged && separation > margin {
        return Ok(None);
    }
    // Along the direction the lower bound certifies, moving B by the depth makes the
    // shapes touch (see `gjk::world_frame::certified_normal`).
    let normal = out.certified_normal.unwrap_or(out.normal);
    Ok(Some(Contact {
        point_a: out.point_a + normal * radius_a,
        point_b: out.point_b - normal * radius_b,
        normal,
        separation,
        separation_bounds: [(out.lower_bound - radius).min(separation), separation],
        status,
        method: ContactMethod::ClosestPoints,
    }))
}

/// `first`, a penetration that stopped short in A's frame, joined with the same pair's
/// contact asked in B's frame ([`Contact::joined`]), or `first` alone when B's frame gives
/// no penetration. Out of line: it runs on a few contacts in 10,000.
#[cold]
#[inline(never)]
fn asked_in_frame_of_b<A, B, O>(
    first: Contact,
    (a, pose_a): Posed<'_, A>,
    (b, pose_b): Posed<'_, B>,
    margin: f64,
    config: &ContactConfig,
    observer: &mut O,
) -> Contact
where
    A: SupportMap + ?Sized,
    B: SupportMap + ?Sized,
    O: Observer + ?Sized,
{
    match query(
        (b, pose_b),
        (a, pose_a),
        margin,
        config,
        None,
        observer,
        false,
    ) {
        Ok(Some(s)) => first.joined(&s.swapped()),
        _ => first,
    }
}

/// The contact of a penetration answer found in A's frame: unit `normal` from A towards
/// B, `vertex` the witness points `a` and `b` along it, and the cores' `[depth, lower,
/// upper]`: the depth answered and proven bounds on the true one; the radii `[r_A, r_B]`
/// are added.
fn penetration(
    pose_a: &Isometry3<f64>,
    [radius_a, radius_b]: [f64; 2],
    normal: &Vector3<f64>,
    vertex: &SimplexVertex,
    [depth, lower, upper]: [f64; 3],
    status: ContactStatus,
) -> Contact {
    let normal = pose_a.rotation * normal;
    let radius = radius_a + radius_b;
    let depth = depth.max(0.0);
    Contact {
        point_a: pose_a * vertex.a + normal * radius_a,
        point_b: pose_a * vertex.b - normal * radius_b,
        normal,
        separation: -(depth + radius),
        separation_bounds: [
            -(upper.max(depth) + radius),
            -(lower.max(0.0).min(depth) + radius),
        ],
        status,
        method: ContactMethod::Penetration,
    }
}

/// The observer's record of a closed-form bracket `k` (A's frame) of the cores' depth.
fn revolution_depth(
    pose_a: &Isometry3<f64>,
    radii: [f64; 2],
    k: &revolution::Bracket,
    converged: bool,
) -> RevolutionDepth {
    RevolutionDepth {
        normal: pose_a.rotation * k.normal,
        point_a: pose_a * k.vertex.a,
        point_b: pose_a * k.vertex.b,
        upper: k.upper,
        lower: k.lower,
        converged,
        radii,
    }
}

/// [`ContactError::NonFinite`] in place of a contact that overflowed (see
/// [`Contact::is_finite`]).
#[inline]
fn finite(answer: Result<Option<Contact>, ContactError>) -> Result<Option<Contact>, ContactError> {
    match answer {
        Ok(Some(c)) if !c.is_finite() => Err(ContactError::NonFinite),
        answer => answer,
    }
}

thread_local! {
    /// One EPA workspace per thread, made on first use: queries then allocate nothing and
    /// skip re-initialising its storage (about 1 MB, see [`Polytope`]).
    static POLYTOPE: RefCell<Option<Polytope>> = const { RefCell::new(None) };
}

/// Runs `f` on this thread's EPA workspace, or on a fresh one if it is already in use (an
/// observer that itself runs a contact query); `None` when there is no memory for the
/// workspace (about 1 MB, made on a thread's first penetration query).
fn with_polytope<R>(f: impl FnOnce(&mut Polytope) -> R) -> Option<R> {
    POLYTOPE.with(|cell| match cell.try_borrow_mut() {
        Ok(mut slot) => {
            if slot.is_none() {
                *slot = Some(Polytope::try_with_capacity(MAX_VERTICES)?);
            }
            slot.as_mut().map(f)
        }
        Err(_) => Polytope::try_with_capacity(MAX_VERTICES).map(|mut p| f(&mut p)),
    })
}

/// [`with_polytope`] for the second runs (`refine.rs`), whose capacity is
/// [`MAX_REFINED_VERTICES`]: restored to [`MAX_VERTICES`] after.
fn with_refined_polytope<R>(f: impl FnOnce(&mut Polytope) -> R) -> Option<R> {
    with_polytope(|polytope| {
        polytope.set_capacity(MAX_REFINED_VERTICES);
        let answer = f(polytope);
        polytope.set_capacity(MAX_VERTICES);
        answer
    })
}
