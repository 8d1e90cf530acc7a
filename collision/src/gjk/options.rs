//! [`QueryOptions`], defined here beside the [`GjkCache`] it borrows so that `gjk`
//! imports no module that imports it; its public path and documentation are
//! [`crate::options`].

use super::GjkCache;
use crate::observer::Observer;

/// The options of a query's full form: its configuration `C`, an optional warm-start
/// cache and an observer `O`.
///
/// `QueryOptions::default()` is the short call's: default configuration, no cache, the
/// no-op observer `()`. The builder methods set one field each:
///
/// ```
/// # use collision::{Ball, GjkCache, QueryOptions, Trace, distance_with};
/// # use nalgebra::Isometry3;
/// let (a, b) = (Ball::new(1.0).unwrap(), Ball::new(1.0).unwrap());
/// let (pa, pb) = (Isometry3::identity(), Isometry3::translation(3.0, 0.0, 0.0));
/// let mut cache = GjkCache::default();
/// let mut trace = Trace::default();
/// let options = QueryOptions::default().cache(&mut cache).observer(&mut trace);
/// assert_eq!(distance_with(&a, &pa, &b, &pb, options), Ok(1.0));
/// ```
///
/// The cache serves the queries built on GJK (intersection, distance, closest points,
/// contacts and time of impact; see [`GjkCache`] for when it is valid). Ray casts take
/// no configuration (`C = ()`) and have no warm start: they ignore `cache`.
#[derive(Debug)]
pub struct QueryOptions<'a, C, O = ()> {
    /// The query's tuning ([`GjkConfig`](crate::GjkConfig) for intersection, distance
    /// and closest points, [`ContactConfig`](crate::ContactConfig),
    /// [`ToiConfig`](crate::ToiConfig), `()` for ray casts).
    pub config: C,
    /// The warm-start cache of this ordered pair of shapes, read before the run and
    /// updated after it; `None` runs cold and stores nothing.
    pub cache: Option<&'a mut GjkCache>,
    /// Receives every step and shortcut (see [`crate::observer`]); `()` receives
    /// nothing and costs nothing. A `&mut` to an observer is an observer.
    pub observer: O,
}

impl<C: Default> Default for QueryOptions<'_, C> {
    fn default() -> Self {
        QueryOptions {
            config: C::default(),
            cache: None,
            observer: (),
        }
    }
}

impl<'a, C, O: Observer> QueryOptions<'a, C, O> {
    /// These options with `config`.
    #[must_use]
    pub fn config(self, config: C) -> Self {
        QueryOptions { config, ..self }
    }

    /// These options warm-started from and updating `cache`.
    #[must_use]
    pub fn cache(self, cache: &'a mut GjkCache) -> Self {
        QueryOptions {
            cache: Some(cache),
            ..self
        }
    }

    /// The configuration, the cache and the observer, for the query to use apart.
    #[inline]
    pub(crate) fn into_parts(self) -> (C, Option<&'a mut GjkCache>, O) {
        (self.config, self.cache, self.observer)
    }

    /// These options reporting to `observer` (typically `&mut trace`).
    #[must_use]
    pub fn observer<P: Observer>(self, observer: P) -> QueryOptions<'a, C, P> {
        QueryOptions {
            config: self.config,
            cache: self.cache,
            observer,
        }
    }
}
