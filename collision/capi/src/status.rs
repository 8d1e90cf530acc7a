//! Status codes, the thread-local error message, and the guard every entry point runs in.
//!
//! Every call returns a [`CollStatus`]. A call that does not return `COLL_STATUS_OK`
//! leaves a human-readable message, naming the call and what was wrong, for
//! [`coll_last_error_message`] on the same thread. No panic crosses the boundary: each
//! entry point runs its body under [`std::panic::catch_unwind`] ([`guard`]), and a panic
//! becomes `COLL_STATUS_INTERNAL_ERROR` with the panic's message.

use std::cell::RefCell;
use std::ffi::{CString, c_char};
use std::panic::{AssertUnwindSafe, catch_unwind};

/// What a call did. Every function of the library but `coll_last_error_message` returns
/// one; only `COLL_STATUS_OK`
/// and `COLL_STATUS_NOT_CONVERGED` come with an answer in the output arguments.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CollStatus {
    /// Success: the outputs hold the answer.
    Ok = 0,
    /// A query did not converge (GJK or advancement ran out of iterations, or EPA out of
    /// room or precision): the outputs hold the best answer found and its bounds, as each
    /// output type documents. Never NaN.
    NotConverged = 1,
    /// A required pointer argument was null.
    NullPointer = 2,
    /// A numeric argument was NaN or infinite.
    NonFinite = 3,
    /// A numeric argument was out of its range (a negative radius, margin, `t_max` or
    /// `max_toi`; a density at or below zero; a mass that is not finite and positive; a
    /// batch pair's index beyond the shapes).
    InvalidArgument = 4,
    /// A quaternion's norm is not within 1e-3 of 1 (a zero quaternion included).
    InvalidQuaternion = 5,
    /// A handle is not a live handle of the expected kind (already destroyed, or not
    /// made by this library).
    InvalidHandle = 6,
    /// A caller array is too small, two counts that must agree do not, a count is zero
    /// where items are required, or a count is more than any array can hold.
    WrongCount = 7,
    /// The query met a non-finite or out-of-range value on the way (support points
    /// beyond about 1e±60, or an answer that overflowed `double`).
    Degenerate = 8,
    /// A user shape's support callback wrote a NaN or infinite coordinate during this
    /// query; the query has no answer.
    CallbackNonFinite = 9,
    /// The convex hull could not be built (see the message).
    HullFailed = 10,
    /// The call does not apply to this shape (hull read-back of a non-hull; mass
    /// properties of a shape with no volume or no closed form, such as a user shape).
    Unsupported = 11,
    /// A bug in the library (a panic was caught); the message says where.
    InternalError = 12,
    /// The call needed more memory than the allocator would give (a hull's copy of its
    /// points or its working storage, a batch's rows of results); nothing was computed.
    /// The message says how much. Split the batch, or free memory.
    OutOfMemory = 13,
}

/// An empty vector with room for `n` items of `what`, or `COLL_STATUS_OUT_OF_MEMORY`
/// when the allocator refuses it (a vector that cannot grow would abort the host).
///
/// # Errors
/// `OutOfMemory`, naming `what` and the bytes asked for.
pub(crate) fn room<T>(n: usize, what: &str) -> Result<Vec<T>, Error> {
    let mut v = Vec::new();
    v.try_reserve_exact(n).map_err(|_| {
        let bytes = n.saturating_mul(std::mem::size_of::<T>());
        Error::new(
            CollStatus::OutOfMemory,
            format!("no memory for {bytes} bytes of {what} ({n} items)"),
        )
    })?;
    Ok(v)
}

/// An error on its way out of an entry point: the status and the message.
#[derive(Clone, Debug, PartialEq)]
pub struct Error {
    /// The status returned.
    pub status: CollStatus,
    /// What went wrong, without the function's name (the guard adds it).
    pub message: String,
}

impl Error {
    /// An error with `status` and `message`.
    #[must_use]
    pub fn new(status: CollStatus, message: impl Into<String>) -> Error {
        Error {
            status,
            message: message.into(),
        }
    }
}

/// The result of an entry point's body.
pub type Outcome = Result<CollStatus, Error>;

thread_local! {
    /// The message of the last call on this thread that did not return `COLL_STATUS_OK`.
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

/// Records `message` as this thread's last error.
fn set_last_error(message: &str) {
    // A NUL inside a message would end the C string early; none of ours has one, and a
    // caller's text never reaches a message.
    let text = CString::new(message.replace('\0', " ")).unwrap_or_default();
    LAST_ERROR.with(|last| *last.borrow_mut() = text);
}

/// Runs `body`, the work of entry point `function`, catching any panic: the status it
/// returns, with the message recorded for anything but `COLL_STATUS_OK`.
///
/// Inlined into each entry point, so that the answer's path is the body alone (a
/// `catch_unwind` costs nothing until something panics); the failures are recorded by
/// [`failed`] and [`panicked`], out of line.
#[inline]
pub(crate) fn guard(function: &str, body: impl FnOnce() -> Outcome) -> CollStatus {
    match catch_unwind(AssertUnwindSafe(body)) {
        // `Ok` and `NotConverged` (whose message the body set) are returned as they are.
        Ok(Ok(status)) => status,
        Ok(Err(e)) => failed(function, e),
        Err(payload) => panicked(function, payload),
    }
}

/// Records the error `e` of entry point `function` as this thread's last error and
/// returns its status.
#[cold]
#[inline(never)]
fn failed(function: &str, e: Error) -> CollStatus {
    set_last_error(&format!("{function}: {}", e.message));
    e.status
}

/// Records a panic caught in entry point `function` and returns
/// `COLL_STATUS_INTERNAL_ERROR`.
#[cold]
#[inline(never)]
fn panicked(function: &str, payload: Box<dyn std::any::Any + Send>) -> CollStatus {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_owned());
    set_last_error(&format!("{function}: internal error (a bug): {what}"));
    CollStatus::InternalError
}

/// `NotConverged`, with `message` (prefixed with `function`) as the last error.
#[cold]
pub(crate) fn not_converged(function: &str, message: &str) -> Outcome {
    set_last_error(&format!("{function}: {message}"));
    Ok(CollStatus::NotConverged)
}

/// The message of the most recent call on this thread that did not return
/// `COLL_STATUS_OK`, as a NUL-terminated UTF-8 string; an empty string when there was
/// none. Calls that succeed leave it unchanged.
///
/// Ownership: the string belongs to the library. It stays valid until the next call
/// into the library on the same thread; copy it to keep it. Never null.
#[unsafe(no_mangle)]
pub extern "C" fn coll_last_error_message() -> *const c_char {
    // The pointer stays valid while the thread-local `CString` is not replaced, which
    // only another call into the library on this thread does.
    catch_unwind(|| LAST_ERROR.with(|last| last.borrow().as_ptr()))
        .unwrap_or(c"internal error reading the last error".as_ptr())
}
