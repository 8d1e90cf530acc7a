//! The builder's per-step buffers, kept per thread from one build to the next.
//!
//! A small hull's build is mostly fixed costs, and a dozen of them were these
//! buffers' allocations and frees. Each thread keeps the buffers of its last build,
//! emptied, and its next build starts from them, so building a hull of a few dozen
//! points allocates only its mesh and its output. A buffer grown past [`KEEP`]
//! entries is freed instead: a thread that once built a hull of a million points
//! does not hold on to that memory.
//!
//! Tried and dropped: keeping the mesh and vertex lists too, handed back as the
//! output's assembly is done with them (the thread-local hand-overs cost what the
//! allocations did).

use super::Conflict;
use super::distribute::{ConeBucket, ConePlane};
use std::cell::Cell;

/// Largest capacity, in entries, of a buffer kept for the next build (the pool
/// of a 2,048-point build: 128 KiB).
const KEEP: usize = 4096;

/// The buffers (see [`super::Builder`]'s fields of the same names).
#[derive(Default)]
pub(super) struct Scratch {
    pub(super) pool: Vec<Conflict>,
    pub(super) pending: Vec<u32>,
    pub(super) visible: Vec<u32>,
    pub(super) stack: Vec<u32>,
    pub(super) horizon: Vec<(u32, u32, u32)>,
    pub(super) cone: Vec<u32>,
    pub(super) sources: Vec<(u32, u32)>,
    pub(super) targets: Vec<u32>,
    pub(super) planes: Vec<ConePlane>,
    pub(super) slots: Vec<ConeBucket>,
    pub(super) near: Vec<u32>,
    pub(super) kept_near: Vec<u32>,
    pub(super) made: Vec<u32>,
    pub(super) live: Vec<u64>,
}

thread_local! {
    /// The buffers of the thread's last build.
    static KEPT: Cell<Option<Scratch>> = const { Cell::new(None) };
}

/// Empties `v`, or frees it when it has grown past [`KEEP`] entries.
fn empty<T>(v: &mut Vec<T>) {
    if v.capacity() > KEEP {
        *v = Vec::new();
    } else {
        v.clear();
    }
}

impl Scratch {
    /// The buffers the thread kept (empty), or new ones.
    pub(super) fn take() -> Self {
        KEPT.try_with(Cell::take).ok().flatten().unwrap_or_default()
    }

    /// Empties the buffers and keeps them for the thread's next build.
    pub(super) fn keep(mut self) {
        empty(&mut self.pool);
        empty(&mut self.pending);
        empty(&mut self.visible);
        empty(&mut self.stack);
        empty(&mut self.horizon);
        empty(&mut self.cone);
        empty(&mut self.sources);
        empty(&mut self.targets);
        empty(&mut self.planes);
        empty(&mut self.slots);
        empty(&mut self.near);
        empty(&mut self.kept_near);
        empty(&mut self.made);
        empty(&mut self.live);
        // (During the thread's exit the slot may be gone; the buffers are then freed.)
        let _ = KEPT.try_with(|kept| kept.set(Some(self)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_buffers_come_back_empty_and_large_ones_are_freed() {
        let mut scratch = Scratch::take();
        scratch.pending.extend([1, 2, 3]);
        scratch.live.reserve(KEEP + 1);
        scratch.keep();
        let scratch = Scratch::take();
        assert!(scratch.pending.is_empty() && scratch.pending.capacity() >= 3);
        assert_eq!(scratch.live.capacity(), 0);
        // Taken, the thread holds nothing until they are kept again.
        assert!(Scratch::take().pending.capacity() == 0);
    }
}
