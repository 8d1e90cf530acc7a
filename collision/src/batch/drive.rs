//! Running one closure per pair into the caller's output slice: on the calling thread,
//! or with the `parallel` feature on the current rayon pool in fixed chunks.
//!
//! Each output slot is written by the call for its own index and nothing else, so the
//! results are the same, bit for bit, whatever the thread count or the order in which
//! chunks run.

use crate::shape::FastPaths;

/// Pairs per parallel task. A rayon task costs about a microsecond to split, send and
/// join; a hull16 distance query takes about 0.25 µs, so 64 of them (about 16 µs) keep
/// the scheduling cost near 5 % at worst and usually far below, while 10,000 pairs still
/// make 157 tasks to balance over the threads.
#[cfg(feature = "parallel")]
pub(crate) const CHUNK: usize = 64;

/// `out[k] = each(k)` for every `k`, in parallel when `parallel` is true and the feature
/// is on.
pub(crate) fn fill<T: Send>(out: &mut [T], parallel: bool, each: impl Fn(usize) -> T + Sync) {
    #[cfg(feature = "parallel")]
    if parallel && out.len() > CHUNK {
        use rayon::prelude::*;
        out.par_chunks_mut(CHUNK)
            .enumerate()
            .for_each(|(c, chunk)| run(c * CHUNK, chunk, &each));
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
        use rayon::prelude::*;
        out.par_chunks_mut(CHUNK)
            .zip(states.par_chunks_mut(CHUNK))
            .enumerate()
            .for_each(|(c, (chunk, states))| run_with(c * CHUNK, chunk, states, &each));
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
/// depends on it.
#[inline(always)]
pub(crate) fn prefetch_ahead<'s, S: FastPaths + ?Sized + 's, const N: usize>(
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
