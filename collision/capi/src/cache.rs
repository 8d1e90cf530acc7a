//! Warm-start caches: what one query leaves for the next on the same pair of shapes.

use crate::convert::{output, write};
use crate::handle::{self, Kind};
use crate::status::{CollStatus, Error, guard};
use collision::GjkCache;

/// An opaque warm-start cache for one ordered pair of shapes (GJK's final simplex, as
/// points of each shape, and support hints). Pass it to `coll_closest_points` or
/// `coll_contact` frame after frame for the same pair: coherent queries start from the
/// last answer. A cache remembers which shapes filled it, so using it with another pair
/// just starts cold (a user shape whose support changes in place needs
/// `coll_cache_clear`).
///
/// Not thread-safe: one thread at a time may use a cache.
pub struct CollCache {
    _opaque: [u8; 0],
}

impl Kind for CollCache {
    type Body = GjkCache;
    const MAGIC: u64 = 0x636f_6c6c_6361_6368;
    const NAME: &'static str = "cache";
}

/// The cache of an optional `cache` argument: `None` for null.
///
/// # Errors
/// `InvalidHandle` for a pointer that is not a live cache.
///
/// # Safety
/// `cache` must be null or a handle of this library used by no other thread.
pub(crate) unsafe fn cache_body<'a>(
    cache: *mut CollCache,
) -> Result<Option<&'a mut GjkCache>, Error> {
    if cache.is_null() {
        return Ok(None);
    }
    // SAFETY: the caller's promise, passed on.
    unsafe { handle::body_mut(cache, "cache") }.map(Some)
}

/// Creates a cold warm-start cache.
///
/// Ownership: on success `*out` is a new handle the caller owns (free it with
/// `coll_cache_destroy`). Errors: `NULL_POINTER` (`out`).
#[unsafe(no_mangle)]
pub extern "C" fn coll_cache_create(out: *mut *mut CollCache) -> CollStatus {
    guard("coll_cache_create", || {
        let out = output(out, "out")?;
        let handle = handle::into_handle::<CollCache>(GjkCache::default());
        // SAFETY: checked not null; the caller gives a writable `CollCache *`.
        unsafe { write(out, handle) };
        Ok(CollStatus::Ok)
    })
}

/// Makes `cache` cold again. Errors: `NULL_POINTER`, `INVALID_HANDLE`.
#[unsafe(no_mangle)]
pub extern "C" fn coll_cache_clear(cache: *mut CollCache) -> CollStatus {
    guard("coll_cache_clear", || {
        // SAFETY: the caller passes a cache handle or null, used by this thread only.
        let body = unsafe { handle::body_mut(cache, "cache") }?;
        body.clear();
        Ok(CollStatus::Ok)
    })
}

/// Destroys a cache handle. NULL is a no-op. Reuse after destroy is detected as for
/// `coll_shape_destroy`.
#[unsafe(no_mangle)]
pub extern "C" fn coll_cache_destroy(cache: *mut CollCache) -> CollStatus {
    guard("coll_cache_destroy", || {
        // SAFETY: the caller passes a cache handle or null, used by this thread only.
        unsafe { handle::destroy(cache, "cache") }?;
        Ok(CollStatus::Ok)
    })
}
