//! Sharing a batch's chunks with rayon threads that may start late, without waiting for
//! the late ones; the reference is [`share_in_scope`], a rayon scope.
//!
//! A rayon scope waits for every job spawned in it, started or not. A pool thread that
//! has gone to sleep (a few hundred microseconds idle, as between two frames) takes tens
//! of microseconds to wake: when the calling thread has taken every chunk by then, the
//! scope still waits for the helper to wake, find nothing and finish, and a small batch
//! called once a frame ran slower in parallel than on the calling thread alone.
//!
//! Here the helpers are spawned outside any scope (`rayon::spawn`, so they must not hold
//! borrows the type system can see) and pass a [`Gate`] before touching the batch: each
//! enters by counting itself in, unless the gate is closed. The calling thread takes
//! chunks itself, then closes the gate and waits only for the helpers inside, each of
//! which finishes the chunk it holds and finds none left. A helper that starts after the
//! close touches nothing and leaves, so the caller's borrows (the chunks, the output, the
//! scene) end with the call, as in a scope. Where a helper is awake, it takes chunks as in
//! a scope; where none is, the batch takes the calling thread's time alone.
//!
//! Panics (the queries do not panic; a panic is a bug) are caught in the helpers and
//! resumed on the calling thread after the close, so that they reach the caller (the C
//! ABI's and Python's boundaries catch them) as from a scope; the calling thread's own
//! panic closes the gate and waits before unwinding.
//!
//! The one `unsafe` is the erased lifetime of the work the helpers call (the helpers are
//! `'static` jobs); the gate is what makes it sound.

use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

/// The flag of a closed [`Gate`], in the top bit of its state; the other bits count the
/// helpers inside.
const CLOSED: usize = 1 << (usize::BITS - 1);

/// Who may still touch a batch (see the module documentation).
#[derive(Default)]
struct Gate {
    /// [`CLOSED`], or the number of helpers inside.
    state: AtomicUsize,
    /// The first panic a helper caught.
    panic: Mutex<Option<Box<dyn Any + Send>>>,
}

impl Gate {
    /// Counts a helper in, unless the gate is closed (then nothing is counted).
    fn enter(&self) -> bool {
        // Acquire: a helper inside sees the batch as the caller left it.
        let before = self.state.fetch_add(1, Ordering::Acquire);
        if before & CLOSED == 0 {
            return true;
        }
        self.state.fetch_sub(1, Ordering::Relaxed);
        false
    }

    /// Counts a helper out (Release: its writes to the batch happen before the caller's
    /// wait ends).
    fn leave(&self) {
        self.state.fetch_sub(1, Ordering::Release);
    }

    /// Closes the gate and waits until no helper is inside. Helpers inside are each
    /// finishing one chunk, so the wait is short; it yields its core meanwhile.
    fn close_and_wait(&self) {
        self.state.fetch_or(CLOSED, Ordering::Relaxed);
        while self.state.load(Ordering::Acquire) != CLOSED {
            std::thread::yield_now();
        }
    }
}

/// Closes its gate when dropped, so that a panic of the calling thread's work waits for
/// the helpers too before the borrows go.
struct Closer<'g>(&'g Gate);

impl Drop for Closer<'_> {
    fn drop(&mut self) {
        self.0.close_and_wait();
    }
}

/// A pointer to the caller's work, handed to helpers that outlive no borrow it holds:
/// they call it only between entering and leaving an open [`Gate`].
struct Work(*const (dyn Fn() + Sync));

// SAFETY: the pointee is `Sync` (shared calls from several threads are what it is for),
// and it is only dereferenced inside the gate, while the caller still holds it.
#[allow(unsafe_code)]
unsafe impl Send for Work {}

/// Runs `work` on the calling thread and on up to `helpers` threads of the current rayon
/// pool, returning once the calling thread's call has returned and every helper that
/// entered has returned too. `work` must itself share out what is left (each call takes
/// items until none remains), so that a helper starting late finds nothing to do.
#[allow(unsafe_code)]
pub(crate) fn share_with_late_helpers(helpers: usize, work: &(dyn Fn() + Sync)) {
    let gate = Arc::new(Gate::default());
    {
        let _closer = Closer(&gate);
        for _ in 0..helpers {
            let gate = Arc::clone(&gate);
            // SAFETY: only the lifetime is erased. The helper calls `work` only after
            // entering the gate, which `_closer` closes and empties before this function
            // returns or unwinds, so every call ends while `work` is still borrowed.
            let work = Work(unsafe {
                std::mem::transmute::<*const (dyn Fn() + Sync + '_), *const (dyn Fn() + Sync)>(work)
            });
            rayon::spawn(move || {
                let work = work;
                if !gate.enter() {
                    return;
                }
                // SAFETY: inside the open gate (see above).
                let result = catch_unwind(AssertUnwindSafe(|| unsafe { (*work.0)() }));
                if let Err(payload) = result {
                    let mut first = gate.panic.lock().unwrap_or_else(PoisonError::into_inner);
                    first.get_or_insert(payload);
                }
                gate.leave();
            });
        }
        work();
    }
    let payload = gate
        .panic
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .take();
    if let Some(payload) = payload {
        resume_unwind(payload);
    }
}

/// The reference: `work` on the calling thread and on `helpers` jobs spawned in a rayon
/// scope, which waits for every one of them to start and return.
#[cfg(test)]
pub(crate) fn share_in_scope(helpers: usize, work: &(dyn Fn() + Sync)) {
    rayon::in_place_scope(|scope| {
        for _ in 0..helpers {
            scope.spawn(|_| work());
        }
        work();
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;

    /// Every item is taken once, by the caller or a helper, whatever the helpers' start:
    /// 2,000 batches of 1 to 300 items, on pools of 2 and 4 threads, called from outside
    /// the pool (some after the pool had time to sleep) and from inside it; each item's
    /// slot holds its own index, and no slot is written after the call returned.
    #[test]
    fn every_item_runs_once_and_late_helpers_touch_nothing() {
        for threads in [2, 4] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .expect("a pool");
            for round in 0..3000 {
                let len = 1 + round * 37 % 300;
                let mut out = vec![usize::MAX; len];
                let share = if round % 3 == 0 {
                    share_in_scope
                } else {
                    share_with_late_helpers
                };
                let batch = |out: &mut [usize]| {
                    let items = Mutex::new(out.iter_mut().enumerate());
                    let work = || {
                        loop {
                            let next = items.lock().unwrap().next();
                            let Some((k, slot)) = next else { break };
                            assert_eq!(*slot, usize::MAX, "item {k} taken twice");
                            *slot = k;
                        }
                    };
                    share(threads - 1, &work);
                };
                if round % 2 == 0 {
                    if round % 50 == 0 {
                        std::thread::sleep(Duration::from_millis(2));
                    }
                    pool.install(|| batch(&mut out));
                } else {
                    pool.in_place_scope(|_| batch(&mut out));
                }
                assert!(
                    out.iter().enumerate().all(|(k, &v)| v == k),
                    "round {round}"
                );
            }
        }
    }

    /// A panic in a helper reaches the caller after the call's work is done, and one in
    /// the caller's own work waits for the helpers inside before it unwinds.
    #[test]
    fn panics_reach_the_caller() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .expect("a pool");
        let on_caller = std::thread::current().id();
        let helper_ran = AtomicBool::new(false);
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            pool.install(|| {
                let caller = std::thread::current().id();
                let work = || {
                    if std::thread::current().id() != caller {
                        helper_ran.store(true, Ordering::SeqCst);
                        panic!("a helper's panic");
                    }
                    // The caller waits for a helper to come in, so that one does.
                    for _ in 0..2000 {
                        if helper_ran.load(Ordering::SeqCst) {
                            break;
                        }
                        std::thread::sleep(Duration::from_micros(500));
                    }
                };
                share_with_late_helpers(2, &work);
            })
        }));
        assert!(helper_ran.load(Ordering::SeqCst));
        let payload = outcome.expect_err("the helper's panic");
        assert_eq!(payload.downcast_ref::<&str>(), Some(&"a helper's panic"));
        assert_eq!(std::thread::current().id(), on_caller);
        let own = catch_unwind(|| share_with_late_helpers(2, &|| panic!("the caller's")));
        assert!(own.is_err());
    }
}
