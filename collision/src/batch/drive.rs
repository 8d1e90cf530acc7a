//! Running one closure per pair into the caller's output slice: on the calling thread,
//! or with the `parallel` feature on the current rayon pool in chunks that the calling
//! thread and the pool's other threads take in turn.
//!
//! Each output slot is written by the call for its own index and nothing else, so the
//! results are the same, bit for bit, whatever the thread count or the order in which
//! chunks run.

use crate::shape::FastPaths;

/// Most pairs per parallel chunk. Taking a chunk costs a lock (tens of nanoseconds); a
/// hull16 distance query takes about 0.25 µs, so 64 of them (about 16 µs) keep a
/// batch's threads busy between takes, while 10,000 pairs still make 157 chunks to
/// balance over the threads. Batches of at most this many pairs run on the calling
/// thread: waking another thread would cost about as much as their work.
#[cfg(feature = "parallel")]
pub(crate) const CHUNK: usize = 64;

/// Fewest pairs per parallel chunk: smaller batches are cut into about eight chunks a
/// thread, so that threads that start late or get costlier pairs (a deep contact costs
/// ten times a separated one) still finish together, but no smaller than this.
#[cfg(feature = "parallel")]
const MIN_CHUNK: usize = 16;

/// The chunk length for `len` pairs on `threads` threads: about eight chunks a thread,
/// between [`MIN_CHUNK`] and [`CHUNK`] pairs.
#[cfg(feature = "parallel")]
fn chunk_len(len: usize, threads: usize) -> usize {
    len.div_ceil(8 * threads.max(1)).clamp(MIN_CHUNK, CHUNK)
}

/// Runs `work` on every item of `chunks`: the calling thread starts on them at once,
/// and the current rayon pool's other threads (spawned into it) take the next one until
/// none is left.
///
/// The calling thread works rather than handing the batch to the pool and sleeping
/// (what rayon's parallel iterators do when called from outside the pool): a pool
/// thread that has gone to sleep takes tens of microseconds to start, and the caller as
/// long to wake again at the end. On 400 hull16 pairs (`benches/batch.rs`, AMD EPYC
/// Zen 5) this takes 0.85–0.95 of the time of handing over, back to back and after an
/// idle moment alike; after an idle moment either way is still slower than the calling
/// thread alone (see the `batch` module's doc).
///
/// Tried and dropped: helpers spawned outside a scope behind a gate, so that the caller
/// waits only for those that started (a pool thread still asleep when the last chunk is
/// taken cost nothing): after 500 µs or 2 ms idle the batch stayed 7–15 % slower than
/// the calling thread alone, as before (medians of 400 calls, Intel Xeon VM); the time
/// goes before the end, not in waiting for late helpers.
#[cfg(feature = "parallel")]
fn share<I>(chunks: I, work: impl Fn(I::Item) + Sync)
where
    I: Iterator + Send,
{
    use std::sync::{Mutex, PoisonError};
    let chunks = Mutex::new(chunks);
    // A lock poisoned by a panicking query (the queries do not panic) still hands out
    // the remaining chunks.
    let drain = || {
        loop {
            let next = chunks.lock().unwrap_or_else(PoisonError::into_inner).next();
            let Some(item) = next else { break };
            work(item);
        }
    };
    rayon::in_place_scope(|scope| {
        for _ in 1..rayon::current_num_threads() {
            scope.spawn(|_| drain());
        }
        drain();
    });
}

/// `out[k] = each(k)` for every `k`, in parallel when `parallel` is true and the feature
/// is on.
pub(crate) fn fill<T: Send>(out: &mut [T], parallel: bool, each: impl Fn(usize) -> T + Sync) {
    #[cfg(feature = "parallel")]
    if parallel && out.len() > CHUNK {
        let chunk = chunk_len(out.len(), rayon::current_num_threads());
        share(out.chunks_mut(chunk).enumerate(), |(c, out)| {
            run(c * chunk, out, &each);
        });
        return;
    }
    let _ = parallel;
    run(0, out, &each);
}

/// `out[k] = each(first + k)`: the one loop both paths run, so that they are the same
/// machine code.
#[inline(never)]
fn run<T>(first: usize, out: &mut [T], each: &impl Fn(usize) -> T) {
    for (k, slot) in out.iter_mut().enumerate() {
        *slot = each(first + k);
    }
}

/// As [`fill`], also handing call `k` the caller's `states[k]` (a warm-start cache);
/// `states` is as long as `out`.
pub(crate) fn fill_with<T: Send, C: Send>(
    out: &mut [T],
    states: &mut [C],
    parallel: bool,
    each: impl Fn(usize, &mut C) -> T + Sync,
) {
    debug_assert_eq!(out.len(), states.len());
    #[cfg(feature = "parallel")]
    if parallel && out.len() > CHUNK {
        let chunk = chunk_len(out.len(), rayon::current_num_threads());
        let chunks = out.chunks_mut(chunk).zip(states.chunks_mut(chunk));
        share(chunks.enumerate(), |(c, (out, states))| {
            run_with(c * chunk, out, states, &each);
        });
        return;
    }
    let _ = parallel;
    run_with(0, out, states, &each);
}

/// `out[k] = each(first + k, &mut states[k])`, as [`run`].
#[inline(never)]
fn run_with<T, C>(
    first: usize,
    out: &mut [T],
    states: &mut [C],
    each: &impl Fn(usize, &mut C) -> T,
) {
    for (k, (slot, state)) in out.iter_mut().zip(states).enumerate() {
        *slot = each(first + k, state);
    }
}

/// Asks for the memory the queries after `k` will read (see `kernels/prefetch.rs`): the
/// fields of query `k + 2`'s shapes, and the heap data of query `k + 1`'s shapes,
/// whose fields the call for `k − 1` asked for. `shapes(j)` is query `j`'s shapes (two
/// for a pair, one for a ray; `None` past the end or for a bad index). A hint: no answer
/// depends on it. Public for callers that run their own loop of single queries over
/// shapes scattered in memory (the Python package's batches).
#[inline(always)]
pub fn prefetch_ahead<'s, S: FastPaths + ?Sized + 's, const N: usize>(
    k: usize,
    shapes: impl Fn(usize) -> Option<[&'s S; N]>,
) {
    if let Some(far) = shapes(k + 2) {
        for s in far {
            s.prefetch_fields();
        }
    }
    if let Some(near) = shapes(k + 1) {
        for s in near {
            s.prefetch_data();
        }
    }
}

/// [`super::BatchError::LengthMismatch`] unless `got == expected`.
pub(crate) fn same_length(
    what: &'static str,
    expected: usize,
    got: usize,
) -> Result<(), super::BatchError> {
    if got == expected {
        Ok(())
    } else {
        Err(super::BatchError::LengthMismatch {
            what,
            expected,
            got,
        })
    }
}
