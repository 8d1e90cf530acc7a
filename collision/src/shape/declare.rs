//! Macros for what several shapes share word for word: deserialization through the
//! constructor, the data of the solids of revolution, and the support of a short list
//! of vertices. Each shape's own geometry (its support function, its fast paths) stays
//! written out in its file.
//!
//! A shape read from a file must pass the checks its constructor makes (finite lengths
//! and points, lengths `≥ 0`): derived field by field it could hold a negative radius or
//! a NaN point, which every query would then have to guard against. So each shape reads
//! its constructor's arguments, under their field names, into a private record and
//! calls the constructor, whose [`ShapeError`](super::ShapeError) becomes the reader's
//! error. Serialization stays derived.

/// Implements `serde::Deserialize` for `$shape` by reading the fields `$field: $ty`
/// (the shape's serialized fields) and evaluating `$build`, a call of the constructor
/// on them (as `Self::new(…)`) that returns `Result<Self, ShapeError>`. A shape generic over its inner
/// shape names that parameter (`Rounded<S> { … }`).
macro_rules! deserialize_through_constructor {
    ($shape:ident $(<$inner:ident>)? { $($field:ident: $ty:ty),+ $(,)? } => $build:expr) => {
        #[cfg(feature = "serde")]
        impl<'de $(, $inner: serde::Deserialize<'de>)?> serde::Deserialize<'de>
            for $shape $(<$inner>)?
        {
            fn deserialize<D: serde::Deserializer<'de>>(
                deserializer: D,
            ) -> Result<Self, D::Error> {
                /// The constructor's arguments, under the shape's field names. Named as
                /// the shape (shadowing it here) so that a reader's errors name the
                /// shape: "expected struct Capsule".
                #[derive(serde::Deserialize)]
                struct $shape $(<$inner>)? {
                    $($field: $ty),+
                }
                let $shape { $($field),+ } = $shape::deserialize(deserializer)?;
                $build.map_err(serde::de::Error::custom)
            }
        }
    };
}

/// Declares a solid of revolution about local Y given by a half-height and a radius
/// (capsule, cylinder, cone): the struct with `$docs`, its checked constructor `new`,
/// the two accessors, and deserialization through `new`. The shapes differ only in
/// what the two numbers bound, which each passes as the docs of `new`,
/// `half_height` and `radius`; their support functions are written by hand.
macro_rules! half_height_and_radius {
    (
        $(#[$docs:meta])*
        $shape:ident,
        new: $new_doc:literal,
        half_height: $half_height_doc:literal,
        radius: $radius_doc:literal $(,)?
    ) => {
        $(#[$docs])*
        #[derive(Clone, Copy, Debug, PartialEq)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize))]
        pub struct $shape {
            half_height: f64,
            radius: f64,
        }

        impl $shape {
            #[doc = $new_doc]
            ///
            /// # Errors
            /// [`ShapeError::InvalidLength`] when either length is negative, NaN or infinite.
            pub fn new(half_height: f64, radius: f64) -> Result<$shape, ShapeError> {
                Ok($shape {
                    half_height: check_length("half_height", half_height)?,
                    radius: check_length("radius", radius)?,
                })
            }

            #[doc = $half_height_doc]
            #[must_use]
            pub fn half_height(&self) -> f64 {
                self.half_height
            }

            #[doc = $radius_doc]
            #[must_use]
            pub fn radius(&self) -> f64 {
                self.radius
            }

            /// The warm-start fingerprint: both lengths' bits folded under the shape's
            /// `kind` (see [`FastPaths::fingerprint`](crate::shape::FastPaths::fingerprint)).
            #[inline]
            fn fingerprint_of_kind(&self, kind: u64) -> u64 {
                crate::shape::fold_fingerprint(kind, &[self.half_height, self.radius])
            }
        }

        deserialize_through_constructor!(
            $shape { half_height: f64, radius: f64 } => Self::new(half_height, radius)
        );
    };
}

/// Implements [`SupportMap`](super::SupportMap) and [`FastPaths`](super::FastPaths) for a
/// shape that is the convex hull of its `vertices` field, a short array (segment,
/// triangle): the support is the best vertex, with its index as the feature id; the
/// fingerprint folds the vertices under `kind`; the inscribed ball is the centroid, of
/// radius zero, since such a shape has no volume.
macro_rules! support_of_vertex_list {
    ($shape:ident, fingerprint kind $kind:literal) => {
        impl SupportMap for $shape {
            #[inline]
            fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
                vertex_support(&self.vertices, dir).point
            }
            #[inline]
            fn support_hinted(&self, dir: &Vector3<f64>, _hint: u32) -> SupportPoint {
                vertex_support(&self.vertices, dir)
            }
        }

        impl FastPaths for $shape {
            #[inline]
            fn is_polytope(&self) -> bool {
                true
            }
            #[inline]
            fn fingerprint(&self) -> Option<u64> {
                Some(super::fold_points($kind, &self.vertices))
            }

            /// The centroid, as a ball of radius zero (the shape has no volume).
            fn inscribed_ball(&self) -> Option<InscribedBall> {
                let sum = self
                    .vertices
                    .iter()
                    .fold(Vector3::zeros(), |s, p| s + p.coords);
                InscribedBall::point(Point3::from(sum / self.vertices.len() as f64))
            }
        }
    };
}
