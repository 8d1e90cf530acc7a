//! What a shape may offer beyond its support function: the fast paths.

use super::{ConvexHull, Cuboid, Frustum, InscribedBall};
use nalgebra::Point3;

/// The optional knowledge a shape has beyond its support function, which lets the
/// queries take a shortcut or a faster path: closed forms for point and box cores and
/// solids of revolution, inscribed balls, polytope-only GJK, warm-start identity.
///
/// Every method has a default that is always correct, only slower: a shape from outside
/// the crate implements [`SupportMap`](super::SupportMap) and opts in with an empty
/// `impl FastPaths for MyShape {}`, then overrides what it can answer cheaply.
pub trait FastPaths {
    /// The core's single point when the core is one point (a ball's centre), else
    /// `None` (the default). With [`Self::core_closest_point`] of the other shape, the
    /// GJK free functions answer such pairs in closed form.
    #[must_use]
    #[inline]
    fn core_point(&self) -> Option<Point3<f64>> {
        None
    }

    /// The point of the core nearest to `p` (local coordinates) when the shape has a
    /// closed form for it (ball, capsule, cuboid, and rounded versions), else `None`
    /// (the default).
    #[must_use]
    #[inline]
    fn core_closest_point(&self, p: &Point3<f64>) -> Option<Point3<f64>> {
        let _ = p;
        None
    }

    /// Whether the shape is a polytope: every support point is one of finitely many
    /// vertices (hulls, boxes, triangles, segments, points). GJK then never rebuilds a
    /// stalled simplex near contact (`gjk/reseed.rs`): the rebuild serves curved surfaces
    /// with flat directions, and on polytopes a stall is already exact to rounding
    /// (measured on 1,586 hull pairs at gaps of 1e-8 to 1e-10 of their size: the same
    /// errors without it, and 6.6 support queries per query instead of 15). `false` by
    /// default, which is always safe, only slower near contact.
    #[must_use]
    #[inline]
    fn is_polytope(&self) -> bool {
        false
    }

    /// [`Self::is_polytope`] for the core of [`SupportMap::core_radius`](super::SupportMap::core_radius) (a ball's point, a
    /// capsule's segment). By default the shape's own answer, for shapes that are their
    /// own core.
    #[must_use]
    #[inline]
    fn core_is_polytope(&self) -> bool {
        self.is_polytope()
    }

    /// A ball inside the shape, in local coordinates, when the shape has one at hand:
    /// every shape of this crate has one (a ball is its own), and their rounded and
    /// moved versions. Shapes without volume give a point of theirs, a ball of radius
    /// zero (segments their midpoint, triangles their centroid, flat hulls the mean of
    /// their vertices). `None` by default.
    ///
    /// Two shapes whose inscribed balls overlap overlap too, so [`crate::intersects`],
    /// [`crate::distance`] and [`crate::closest_points`] answer such pairs (deep
    /// overlaps) before or right after GJK's first support query (a pair of two points
    /// proves nothing and is left to GJK). A shape may return any ball inside it; a
    /// larger one answers more pairs this way.
    #[must_use]
    #[inline]
    fn inscribed_ball(&self) -> Option<InscribedBall> {
        None
    }

    /// The core as a box, when it is one (a [`Cuboid`], or a [`Rounded`](super::Rounded) one): two boxes
    /// get their penetration from the separating axis theorem instead of EPA. `None` by
    /// default.
    #[must_use]
    #[inline]
    fn core_cuboid(&self) -> Option<&Cuboid> {
        None
    }

    /// The core as a solid of revolution about local Y with straight sides, when it is
    /// one (a cylinder, a cone, a capsule's segment, and their [`Rounded`](super::Rounded) versions):
    /// contacts of such a core with a point core, or with another one on nearly the same
    /// axis, have a closed form (`contact/revolution.rs`) where EPA would need to resolve
    /// a whole circle of deepest directions. `None` by default.
    #[must_use]
    #[inline]
    fn core_frustum(&self) -> Option<Frustum> {
        None
    }

    /// The shape's identity for warm-start caches ([`crate::gjk::GjkCache`]): a value
    /// that only shapes with the same support function share, or `None` (the default)
    /// for a shape without one, which is then never warm-started (runs on it are cold
    /// and store nothing in a cache).
    ///
    /// Every shape of this crate derives it from its dimensions or vertices, so equal
    /// shapes share it whatever their address. A shape from outside the crate opts in by
    /// deriving it from whatever defines its support function; it must then change
    /// whenever the support function does (or its caches be
    /// [cleared](crate::gjk::GjkCache::clear)).
    #[must_use]
    #[inline]
    fn fingerprint(&self) -> Option<u64> {
        None
    }

    /// Asks the CPU to start loading the shape's own fields, so that a batch can overlap
    /// a coming pair's cache misses with the current pair's work (`kernels/prefetch.rs`).
    /// By default the leading bytes of the value itself; references and boxes forward to
    /// the shape they point to. A hint: no answer depends on it.
    #[inline]
    fn prefetch_fields(&self) {
        crate::kernels::prefetch::object(self);
    }

    /// The shape as a [`ConvexHull`] when it is one: a hull, or a [`Shape`](super::Shape)
    /// holding one. A query on two shapes that both answer runs the code made for a pair
    /// of hulls instead of matching on the enum at every support query (13 % more
    /// instructions for a distance between 16-vertex hulls). `None` by default.
    #[must_use]
    #[inline]
    fn as_hull(&self) -> Option<&ConvexHull> {
        None
    }

    /// As [`Self::prefetch_fields`], for the memory a query reads beyond the shape's own
    /// fields (a hull's vertex blocks and vertices), once those fields have arrived.
    /// Nothing by default.
    #[inline]
    fn prefetch_data(&self) {}
}

/// `a` and `b` as hulls, when both are ([`FastPaths::as_hull`]).
#[must_use]
#[inline(always)]
pub(crate) fn hull_pair<'a, 'b, A, B>(
    a: &'a A,
    b: &'b B,
) -> Option<(&'a ConvexHull, &'b ConvexHull)>
where
    A: FastPaths + ?Sized,
    B: FastPaths + ?Sized,
{
    Some((a.as_hull()?, b.as_hull()?))
}

/// Evaluates `$query` with the shapes `$a` and `$b` rebound to the hulls they are when
/// both are ([`hull_pair`]), else as given: a pair of [`Shape`](super::Shape)s holding
/// hulls (from the C ABI, Python or a scene file) then runs the code made for two hulls,
/// with the same answers bit for bit, instead of matching on the enum at every support
/// query.
macro_rules! as_hulls_if_both {
    ($a:ident, $b:ident, $query:expr) => {
        match $crate::shape::hull_pair($a, $b) {
            Some(($a, $b)) => $query,
            None => $query,
        }
    };
}
pub(crate) use as_hulls_if_both;
