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

/// The builder's conflict lists and per-step buffers.
#[derive(Default)]
pub(super) struct Scratch {
    /// Conflict ranges of all faces; capacity `2n`, compacted when full.
    pub(super) pool: Vec<Conflict>,
    /// Faces that may have a non-empty conflict range.
    pub(super) pending: Vec<u32>,
    /// Faces seen by the eye.
    pub(super) visible: Vec<u32>,
    /// Flood-fill stack.
    pub(super) stack: Vec<u32>,
    /// Horizon as `(from, to, twin half-edge outside)`.
    pub(super) horizon: Vec<(u32, u32, u32)>,
    /// New faces of the current step.
    pub(super) cone: Vec<u32>,
    /// Conflict ranges of the deleted faces.
    pub(super) sources: Vec<(u32, u32)>,
    /// Cone slot (or [`NONE`](crate::mesh::NONE)) of each source point.
    pub(super) targets: Vec<u32>,
    /// The cone's planes, contiguous, for the redistribution loop.
    pub(super) planes: Vec<ConePlane>,
    /// Per cone slot, count / write cursor and farthest point.
    pub(super) slots: Vec<ConeBucket>,
    /// Points dropped while exactly above a new face by at most `ε`, and not shown to be
    /// within `ε` of a triangle of the hull, to recheck.
    pub(super) near: Vec<u32>,
    /// Points still above some face by at most `ε` at the last recheck, which found
    /// others outside: the faces made since ([`Self::made`]) can rise above them.
    pub(super) kept_near: Vec<u32>,
    /// The faces made since the last recheck, collected while `kept_near` is not empty.
    pub(super) made: Vec<u32>,
    /// Live ranges during compaction, `start << 32 | face` (one
    /// integer key sorts faster than a pair).
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
