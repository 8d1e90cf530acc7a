//! An allocator that runs out on demand: the system's, except that a thread given an
//! allowance ([`with_allowance`]) has every allocation past it refused, as when memory
//! runs out. A test binary installs it as its global allocator,
//!
//! ```ignore
//! #[global_allocator]
//! static ALLOCATOR: test_support::exhaustible::Exhaustible = test_support::exhaustible::Exhaustible;
//! ```
//!
//! and then runs a build or query with every allowance up to the number of allocations
//! it makes: one allocation that cannot fail (a `Vec::push` that has to grow, say)
//! aborts the binary at its allowance, instead of the call returning its out-of-memory
//! error.

// An allocator is unsafe to implement; this one forwards every call to the system's.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::ptr::null_mut;

/// The system allocator, refusing a thread's allocations once its allowance is spent.
pub struct Exhaustible;

thread_local! {
    /// Allocations this thread may still make, or `None` for no limit.
    static LEFT: Cell<Option<usize>> = const { Cell::new(None) };
    /// Allocations this thread has made under an allowance.
    static MADE: Cell<usize> = const { Cell::new(0) };
}

/// Whether this thread may allocate once more (taking one from its allowance).
fn granted() -> bool {
    LEFT.try_with(|left| match left.get() {
        None => true,
        Some(0) => false,
        Some(n) => {
            left.set(Some(n - 1));
            let _ = MADE.try_with(|made| made.set(made.get() + 1));
            true
        }
    })
    .unwrap_or(true)
}

// SAFETY: every call is forwarded to the system allocator unchanged, or refused with a
// null pointer, which `GlobalAlloc` allows for allocations.
unsafe impl GlobalAlloc for Exhaustible {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if !granted() {
            return null_mut();
        }
        // SAFETY: the caller's layout, forwarded.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if !granted() {
            return null_mut();
        }
        // SAFETY: the caller's layout, forwarded.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if !granted() {
            return null_mut();
        }
        // SAFETY: `ptr` came from `System` with this layout.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

/// Sets this thread's allowance (`None`: no limit, and no more counting), as when memory
/// is freed elsewhere.
pub fn set_allowance(allowance: Option<usize>) {
    LEFT.with(|left| left.set(allowance));
}

/// `f()` on a thread of its own with `allowance` allocations (`None`: no limit), and how
/// many it made under it (with [`Exhaustible`] as the global allocator; otherwise nothing
/// is counted or refused). A new thread starts without the buffers that threads keep from
/// one call to the next (the hull builder's, the EPA polytope), so `f` grows every one
/// of them from empty.
pub fn with_allowance<T: Send>(
    allowance: Option<usize>,
    f: impl FnOnce() -> T + Send,
) -> (T, usize) {
    std::thread::scope(|scope| {
        let worker = scope.spawn(|| {
            LEFT.with(|left| left.set(Some(allowance.unwrap_or(usize::MAX))));
            let out = f();
            LEFT.with(|left| left.set(None));
            (out, MADE.with(Cell::get))
        });
        match worker.join() {
            Ok(out) => out,
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}
