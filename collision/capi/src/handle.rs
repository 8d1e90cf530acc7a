//! Opaque handles: a heap object with a tag that says what it is and whether it is live.
//!
//! A handle is a pointer to a [`Tagged`] value: a `magic` word (one per kind while live,
//! [`DEAD`] once destroyed) and the body. Every call checks the tag before it touches the
//! body, so a handle of the wrong kind, or one already destroyed, gives
//! `COLL_STATUS_INVALID_HANDLE` instead of reading freed memory.
//!
//! That check must read the tag of a destroyed handle, so destroying does not free it at
//! once: the body is dropped (the hull's arrays, everything large) and the tagged shell,
//! a few words, is parked in a quarantine of the last [`COLL_HANDLE_QUARANTINE`] destroyed handles,
//! and freed when it falls out. Reuse is therefore detected while the handle is among the
//! last [`COLL_HANDLE_QUARANTINE`] destroyed; after that the pointer is freed memory, and using it is
//! undefined behaviour as for any dangling pointer. The quarantine is reachable from a
//! static, so leak checkers do not report its shells.

use crate::status::{CollStatus, Error};
use std::collections::VecDeque;
use std::sync::Mutex;

/// How many destroyed handles keep their tag readable.
pub const COLL_HANDLE_QUARANTINE: usize = 1024;

/// The tag of a destroyed handle.
const DEAD: u64 = 0xdead_dead_dead_dead;

/// A handle's memory: its tag and, while live, its body. `repr(C)` puts the tag first,
/// so that it can be read through a pointer of any handle kind before the body is
/// trusted (every handle is at least a tag long).
#[repr(C)]
struct Tagged<B> {
    magic: u64,
    body: Option<B>,
}

/// The kinds of handle: the opaque C types, which are never made in Rust (a handle
/// pointer points to a `Tagged` body). Each has its own tag and name for messages.
pub trait Kind: 'static {
    /// What the handle holds.
    type Body: Send + 'static;
    /// The tag of a live handle of this kind.
    const MAGIC: u64;
    /// The kind's name in messages (`"shape"`, `"cache"`).
    const NAME: &'static str;
}

/// A destroyed handle's shell waiting to be freed.
struct Parked {
    pointer: *mut u8,
    free: unsafe fn(*mut u8),
}

// SAFETY: a parked shell is owned by the quarantine alone (its body was dropped and the
// caller promised not to use it concurrently with destroy), so moving it between threads
// moves nothing shared.
unsafe impl Send for Parked {}

static PARKED: Mutex<VecDeque<Parked>> = Mutex::new(VecDeque::new());

/// Frees a shell of a `Tagged<B>` made by [`into_handle`].
///
/// # Safety
/// `pointer` must come from [`into_handle`] with body type `B` and be freed only once.
unsafe fn free_shell<B>(pointer: *mut u8) {
    // SAFETY: the caller passes a pointer made by `Box::into_raw` of a `Tagged<B>`, once.
    drop(unsafe { Box::from_raw(pointer.cast::<Tagged<B>>()) });
}

/// A new live handle holding `body`. Ownership passes to the caller, who frees it with
/// [`destroy`].
pub fn into_handle<T: Kind>(body: T::Body) -> *mut T {
    Box::into_raw(Box::new(Tagged {
        magic: T::MAGIC,
        body: Some(body),
    }))
    .cast()
}

/// The body of the live handle `handle`, named `name` in messages.
///
/// # Errors
/// `NullPointer` for a null `handle`, `InvalidHandle` for one that is not live or not of
/// kind `T`.
///
/// # Safety
/// `handle` must be null or point to readable memory of at least a tag's size that
/// stays valid for `'a`: a handle made by this library and not yet freed from the
/// quarantine, and not being destroyed by another thread.
#[inline]
pub unsafe fn body<'a, T: Kind>(handle: *const T, name: &str) -> Result<&'a T::Body, Error> {
    if !handle.is_null() {
        // SAFETY: not null, and by the caller's promise a live or quarantined handle of
        // some kind, which starts with its tag (`Tagged` is `repr(C)`).
        if unsafe { handle.cast::<u64>().read() } == T::MAGIC {
            // SAFETY: the tag says this is a live `Tagged<T::Body>`.
            let tagged = unsafe { &*handle.cast::<Tagged<T::Body>>() };
            if let Some(body) = &tagged.body {
                return Ok(body);
            }
        }
    }
    // SAFETY: the caller's promise, passed on.
    Err(unsafe { body_error::<T>(handle, name) })
}

/// Why `handle` is not a live handle of kind `T` (null, destroyed, or not a handle of
/// that kind).
///
/// # Safety
/// As [`body`].
#[cold]
#[inline(never)]
unsafe fn body_error<T: Kind>(handle: *const T, name: &str) -> Error {
    if handle.is_null() {
        return Error::new(
            CollStatus::NullPointer,
            format!("argument `{name}` is null"),
        );
    }
    // SAFETY: as in `body`.
    match unsafe { handle.cast::<u64>().read() } {
        DEAD => Error::new(
            CollStatus::InvalidHandle,
            format!("`{name}` is a {} that was already destroyed", T::NAME),
        ),
        magic if magic == T::MAGIC => {
            Error::new(CollStatus::InvalidHandle, format!("`{name}` is destroyed"))
        }
        _ => Error::new(
            CollStatus::InvalidHandle,
            format!("`{name}` is not a live {} handle", T::NAME),
        ),
    }
}

/// As [`body`], for a handle the call may change (a warm-start cache).
///
/// # Errors
/// As [`body`].
///
/// # Safety
/// As [`body`], and no other thread may use the handle during `'a`.
#[inline]
pub unsafe fn body_mut<'a, T: Kind>(handle: *mut T, name: &str) -> Result<&'a mut T::Body, Error> {
    // SAFETY: the caller's promise, as for `body`; the check reads the same tag.
    unsafe { body::<T>(handle, name) }?;
    // SAFETY: checked live just above, and the caller gives this call sole use of it.
    let tagged = unsafe { &mut *handle.cast::<Tagged<T::Body>>() };
    tagged
        .body
        .as_mut()
        .ok_or_else(|| Error::new(CollStatus::InvalidHandle, format!("`{name}` is destroyed")))
}

/// Destroys the handle: drops its body now and parks its shell in the quarantine.
/// A null `handle` is a no-op.
///
/// # Errors
/// `InvalidHandle` for a handle already destroyed or not of kind `T`.
///
/// # Safety
/// As [`body_mut`].
pub unsafe fn destroy<T: Kind>(handle: *mut T, name: &str) -> Result<(), Error> {
    if handle.is_null() {
        return Ok(());
    }
    // SAFETY: the caller's promise, as for `body`.
    unsafe { body::<T>(handle, name) }?;
    {
        // SAFETY: live (checked above) and, by the caller's promise, used by no other
        // thread: this call may change it.
        let tagged = unsafe { &mut *handle.cast::<Tagged<T::Body>>() };
        tagged.magic = DEAD;
        tagged.body = None;
    }
    let evicted = {
        let mut parked = PARKED.lock().unwrap_or_else(|e| e.into_inner());
        parked.push_back(Parked {
            pointer: handle.cast(),
            free: free_shell::<T::Body>,
        });
        (parked.len() > COLL_HANDLE_QUARANTINE)
            .then(|| parked.pop_front())
            .flatten()
    };
    if let Some(old) = evicted {
        // SAFETY: each shell is parked once, by the destroy that killed it, and freed
        // once, here, with the free function of its own type.
        unsafe { (old.free)(old.pointer) };
    }
    Ok(())
}
