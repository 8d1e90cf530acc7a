//! Recovery from a stalled GJK simplex near contact (see [`reseed`]).

use super::run::{MAX_COORDINATE, StopReason};
use super::working_simplex::WorkingSimplex;
use crate::shape::{MinkowskiDifference, SupportHints, SupportMap};
use nalgebra::{Point3, Vector3};

/// Most times one run rebuilds its simplex with [`reseed`].
///
/// Each rebuild lets a stalled run converge a little further before `f64` stops it
/// again. Two rebuilds left a near-contact case (a triangle's vertex against a
/// cylinder's side, touching to 4e-15) whose third stall, at 2.3e-7 of the scale, ended
/// the run with the shapes called apart while the swapped order found them touching; a
/// third rebuild takes it to 1.6e-14 (`fixtures/tests/fuzz.rs`,
/// `near_contact_regressions_replay_clean`, replays the case). On
/// that file's curved pairs, each pair of extra rebuilds lowers the mean relative error
/// at a gap of 1e-9 of the size, for about a tenth more support queries; beyond four the
/// gain is small. Only runs that stall pay: polytope pairs never rebuild, and separated
/// or overlapping curved pairs rarely stall. A rebuild that runs out of iterations ends
/// the run as the first stall would have (`Converged`, see `Reseeds::finish`).
const MAX_RESEEDS: u32 = 4;

/// A stalled run is reseeded only when `|v|` is below this fraction of the simplex's
/// scale: near contact, where rounding stalls it. Stalls reach up to about 1e-6 of the
/// scale: a hull 3e-8 deep in a cylinder of size 2,000 stalled at 7e-7 of the scale on a
/// sliver tetrahedron (a far end of the cylinder's generator against two points near the
/// origin) and, with a bound of 1e-7, was reported apart.
const RESEED_BELOW: f64 = 1e-4;

/// Tilt of the directions [`reseed`] queries, off `−v̂` along the simplex's edges: well
/// above the direction's rounding noise (`ε S / |v|`, 2e-7 at `|v|` = 1e-9 `S`), so
/// that it picks each end of a flat direction for certain, and small enough that the
/// points it finds across a curved direction stay close to the answer. On the seeded
/// near-contact pairs of `tests/gjk/near_contact.rs`, 1e-5 with the heaviest vertex kept
/// gives lower mean errors than 1e-3 (which restarts the loop from a coarse simplex) and
/// than 1e-4, 3e-6, 1e-6 or 1e-7.
const RESEED_TILT: f64 = 1e-5;

/// Rebuilds a stalled simplex around the closest point; returns the support queries made.
///
/// A stall with the duality gap still open, `|v|` far below the simplex's size `S`, comes
/// from shapes with flat directions on a curved surface (a cylinder's or cone's
/// generators, a box face against a rim). `v` is a combination of support points up to
/// `S` away, so its direction is only known to about `ε S / |v|`, and its component
/// along a flat direction is rounding noise. The support along `−v` then lands on
/// whichever end of the flat direction the noise picks, usually one already in the
/// simplex, while the simplex's other vertices sit at older, worse positions across the
/// curved direction, and `|v|` stays above the gap (at gaps of 1e-9 `S`: 25 % too high on
/// average).
///
/// Tilting `−v̂` by [`RESEED_TILT`] along each edge `t` of the simplex (from its heaviest
/// vertex), both ways, picks both ends of each flat direction on purpose, at the position
/// across the curved direction that `−v̂` gives (the tilt runs along the flat direction,
/// so it barely moves that position). The simplex restarts from the heaviest vertex and
/// those points (duplicates dropped) and the loop goes on; the caller keeps the best
/// simplex seen and answers from it. Every point is a support point, so `|v|` stays an
/// upper bound and the lower bound stays proven. On the cone, cylinder and box pairs of
/// `tests/gjk/near_contact.rs` placed 1e-9 of their size apart, it brings the mean
/// relative error of the distance from about a quarter to under one percent.
#[cold]
#[inline(never)]
fn reseed<A: SupportMap, B: SupportMap>(
    md: &MinkowskiDifference<A, B>,
    work: &mut WorkingSimplex,
    v: &Vector3<f64>,
    hints: &mut SupportHints,
) -> u32 {
    let Some(down) = crate::shape::unit(&-v) else {
        return 0;
    };
    let heaviest = (0..work.len())
        .max_by(|&i, &j| work.weight(i).total_cmp(&work.weight(j)))
        .unwrap_or(0);
    let base = *work.w(heaviest);
    let mut fresh = WorkingSimplex::default();
    let kept = work.vertex(heaviest);
    fresh.push(kept.a, kept.b, kept.w, [kept.id_a, kept.id_b]);
    let mut queries = 0;
    for k in (0..work.len()).filter(|&k| k != heaviest) {
        let Some(t) = crate::shape::unit(&(work.w(k) - base)) else {
            continue;
        };
        for tilt in [RESEED_TILT, -RESEED_TILT] {
            let (a, b, ids) = md.support_pair(&(down + t * tilt), hints);
            queries += 1;
            let w = Point3::from(a - b);
            if fresh.len() < 4 && !fresh.contains(&w, ids) {
                fresh.push(a, b, w, ids);
            }
        }
    }
    *work = fresh;
    queries
}

/// The largest `|w|²` over the simplex and `bound`, or `None` when a vertex is not
/// finite or lies beyond the input range ([`MAX_COORDINATE`]).
fn checked_scale(work: &WorkingSimplex, bound: f64) -> Option<f64> {
    let mut scale = bound;
    for k in 0..work.len() {
        let ww = work.w(k).coords.norm_squared();
        if !ww.is_finite() || ww > MAX_COORDINATE * MAX_COORDINATE {
            return None;
        }
        scale = scale.max(ww);
    }
    Some(scale)
}

/// The reseeding state of one run: how many times it rebuilt its simplex, how many times
/// it may, and the best simplex (with its `v`) it had before doing so.
pub(super) struct Reseeds {
    count: u32,
    limit: u32,
    saved: Option<(WorkingSimplex, Vector3<f64>)>,
}

impl Reseeds {
    /// No reseed yet; up to [`MAX_RESEEDS`], or none at all for a pair of polytopes (see
    /// [`FastPaths::is_polytope`](crate::FastPaths::is_polytope)), whose stalls are already exact to rounding.
    #[inline(always)]
    pub(super) fn for_pair(polytopes: bool) -> Reseeds {
        Reseeds {
            count: 0,
            limit: if polytopes { 0 } else { MAX_RESEEDS },
            saved: None,
        }
    }

    /// Whether a run stalled at `|v|² = vv` may rebuild its simplex: fewer times so far
    /// than its limit, and `|v|` below [`RESEED_BELOW`] of the scale
    /// (`scale_bound_sq` bounds the simplex's squared scale). The caller checks that the
    /// duality gap is still open.
    #[inline(always)]
    pub(super) fn allowed(&self, vv: f64, scale_bound_sq: f64) -> bool {
        self.count < self.limit && vv < RESEED_BELOW * RESEED_BELOW * scale_bound_sq
    }

    /// Keeps the simplex (with its `v`) when it beats the one saved, rebuilds it with
    /// [`reseed`], and returns the support queries made and the new bound on `|w|²`
    /// ([`checked_scale`]); `None` when a new vertex is not finite or lies beyond the
    /// input range.
    #[cold]
    #[inline(never)]
    pub(super) fn restart<A: SupportMap, B: SupportMap>(
        &mut self,
        md: &MinkowskiDifference<A, B>,
        work: &mut WorkingSimplex,
        v: &Vector3<f64>,
        hints: &mut SupportHints,
        scale_bound_sq: f64,
    ) -> Option<(u32, f64)> {
        self.count += 1;
        if self
            .saved
            .as_ref()
            .is_none_or(|s| v.norm_squared() < s.1.norm_squared())
        {
            self.saved = Some((*work, *v));
        }
        let queries = reseed(md, work, v, hints);
        Some((queries, checked_scale(work, scale_bound_sq)?))
    }

    /// How the run ends: unchanged when it never reseeded; otherwise as the stall before
    /// its first reseed did (`Converged`, f64 made no progress), with the better of the
    /// final simplex and the best one saved: running out of iterations while refining is
    /// no reason to answer worse. Other stops (an overlap the new points prove,
    /// non-finite input) stand.
    #[inline(always)]
    pub(super) fn finish(
        self,
        stop: StopReason,
        work: &mut WorkingSimplex,
        v: &mut Vector3<f64>,
        v_norm: &mut f64,
    ) -> StopReason {
        match self.saved {
            Some(best) => finish_reseeded(stop, work, v, v_norm, best),
            None => stop,
        }
    }
}

#[cold]
#[inline(never)]
fn finish_reseeded(
    stop: StopReason,
    work: &mut WorkingSimplex,
    v: &mut Vector3<f64>,
    v_norm: &mut f64,
    (best, best_v): (WorkingSimplex, Vector3<f64>),
) -> StopReason {
    let stop = match stop {
        StopReason::MaxIterations => StopReason::Converged,
        other => other,
    };
    if stop == StopReason::Converged && best_v.norm_squared() < v.norm_squared() {
        *work = best;
        *v = best_v;
        *v_norm = best_v.norm();
    }
    stop
}
