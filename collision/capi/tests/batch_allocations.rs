//! A batch call of at most 64 pairs allocates nothing once its thread has run a query
//! (which makes the thread's EPA workspace), whatever the size of the scene; a larger
//! one allocates its slots. Counted by this test binary's allocator, on the calling
//! thread only.

// The counting allocator forwards to the system's.
#![allow(unsafe_code)]

mod common;

use collision_capi::*;
use common::Lcg;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::ptr::null_mut;

/// The system allocator, counting the allocations of threads that ask it to.
struct Counting;

thread_local! {
    /// Allocations made by this thread while counting, or `None` when not counting.
    static COUNT: Cell<Option<usize>> = const { Cell::new(None) };
}

// SAFETY: every call is forwarded to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: the caller's layout, forwarded.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count();
        // SAFETY: the caller's layout, forwarded.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        // SAFETY: `ptr` came from `System` with this layout.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Counts one allocation if this thread is counting (and the thread-local still exists).
fn count() {
    let _ = COUNT.try_with(|c| c.set(c.get().map(|n| n + 1)));
}

/// The allocations `f` makes on this thread.
fn allocations(f: impl FnOnce()) -> usize {
    COUNT.with(|c| c.set(Some(0)));
    f();
    COUNT.with(|c| c.replace(None)).unwrap_or(0)
}

#[test]
fn small_batches_allocate_nothing() {
    let mut rng = Lcg(21);
    // Hulls that overlap often enough for contacts to run EPA.
    let hulls: Vec<*const CollShape> = (0..8)
        .map(|_| {
            let cloud: Vec<f64> = (0..3 * 16).map(|_| rng.range(-0.8, 0.8)).collect();
            let mut s = null_mut();
            assert_eq!(coll_hull_create(cloud.as_ptr(), 16, &mut s), CollStatus::Ok);
            s.cast_const()
        })
        .collect();
    let entries = 5000;
    let handles: Vec<*const CollShape> = (0..entries).map(|e| hulls[e % 8]).collect();
    let poses: Vec<CollPose> = (0..entries)
        .map(|_| CollPose {
            position: [rng.range(-1.0, 1.0), rng.range(-1.0, 1.0), 0.0],
            orientation: [0.0, 0.0, 0.0, 1.0],
        })
        .collect();
    let pairs: Vec<u32> = (0..2 * 65)
        .map(|_| (rng.next() * entries as f64) as u32)
        .collect();
    let zero = CollContact {
        in_range: false,
        separation: 0.0,
        depth: 0.0,
        normal: [0.0; 3],
        point_a: [0.0; 3],
        point_b: [0.0; 3],
        exactness: CollContactExactness::Converged,
        method: CollContactMethod::Flat,
    };
    let mut contacts = vec![zero; 65];
    let mut statuses = vec![CollStatus::InternalError; 65];
    let mut batch = |n: usize| {
        assert_eq!(
            coll_batch_contact(
                handles.as_ptr(),
                entries,
                poses.as_ptr(),
                entries,
                pairs.as_ptr(),
                n,
                0.1,
                contacts.as_mut_ptr(),
                statuses.as_mut_ptr(),
                n,
            ),
            CollStatus::Ok
        );
    };
    // The first query of a thread makes its EPA workspace.
    batch(64);
    assert_eq!(allocations(|| batch(64)), 0);
    assert_eq!(allocations(|| batch(1)), 0);
    // The count sees allocations: a batch of 65 pairs checks its entries into slots.
    assert!(allocations(|| batch(65)) > 0);
    let penetrating = contacts[..64].iter().filter(|c| c.depth > 0.0).count();
    assert!(penetrating > 5, "{penetrating} of 64 pairs penetrate");
    assert!(statuses[..64].iter().all(|&s| s == CollStatus::Ok));
    for h in hulls {
        assert_eq!(coll_shape_destroy(h.cast_mut()), CollStatus::Ok);
    }
}
