//! Prefetching the shapes of a batch's next pairs.
//!
//! A batch over a scene of many distinct shapes is bound by memory latency, not by
//! arithmetic: each pair's two shapes are usually in no cache, and a query on a hull
//! reads separate places in turn (its fields, then the vertex blocks they point to, from
//! which a scanned hull's support points are read too; a climbing hull's records), each
//! a miss that waits on the one before. Measured on the
//! Intel Xeon, GJK distance over 400 pairs of distinct 16-point hulls (800 shapes, about
//! a kilobyte each that a query reads) took 0.70 µs per pair, and over 4,000 or 40,000
//! such pairs 1.6 to 1.8 µs, the same instructions.
//!
//! A query takes far longer than a miss, so the batch drivers (`batch/`) ask for the
//! next pairs' memory before running a pair: the fields of both shapes of the pair two
//! ahead ([`object`], through
//! [`FastPaths::prefetch_fields`](crate::shape::FastPaths::prefetch_fields), which
//! references forward to their shape: the C ABI's scenes hold `&Shape`), and the heap
//! data of the pair one ahead
//! ([`FastPaths::prefetch_data`](crate::shape::FastPaths::prefetch_data)), whose fields
//! were asked for one pair earlier and have arrived, so reading their pointers does not
//! stall. The misses of the next pairs then overlap this pair's work: the same 4,000 and
//! 40,000 pairs took 0.75 to 0.93 µs each, and on the 20,000-hull scene of
//! `benches/batch.rs` a sequential batch went from 17.8 to 9.2–11.1 ms (distance) and
//! from 30.2–30.8 to 15.3–19.1 ms (contact). Cache-resident batches run the hints'
//! 270 instructions a pair more (6 % of a hull16 distance) in the same time.
//!
//! A scanned hull's vertex array is not asked for: its support points come from the
//! blocks (`Blocks::point`); with both asked for, the distance batch on the 20,000-hull
//! scene took 1.10–1.15× as long (AMD EPYC Zen 5). Tried and dropped: a hull's vertices
//! alone, while the support points came from them (less than half of the gain); a
//! hill-climbing hull's vertices, start table, axes and block
//! offsets (64-vertex hulls: contacts 1.3–1.8× slower on 40 and on 1,000 pairs, the
//! hints crowding out what the climbs read).
//!
//! A prefetch is a hint: it loads nothing into the program and cannot fault, so every
//! answer is the same with it or without it (the reference, [`bytes_plain`], asks for
//! nothing; `batch` tests compare batches with single queries bit for bit). Off x86-64
//! the plain version is the one compiled.

/// Bytes per cache line on every CPU this crate is tuned for.
const LINE: usize = 64;

/// Asks for the cache lines of `len` bytes from `start` (into every cache level).
#[inline(always)]
pub(crate) fn bytes(start: *const u8, len: usize) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        // From the line holding `start` to the one holding its last byte.
        let skew = start as usize % LINE;
        let mut at = 0;
        while at < skew + len {
            let line = start.wrapping_sub(skew).wrapping_add(at);
            // SAFETY: `prefetch` only hints the cache; it never dereferences in the
            // program's sense and never faults, whatever the address (Intel SDM,
            // PREFETCHh: "does not affect program behavior").
            #[allow(unsafe_code)]
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(line.cast());
            }
            at += LINE;
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    bytes_plain(start, len);
}

/// The reference of [`bytes`]: nothing, the same answers without the hint.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[inline(always)]
pub(crate) fn bytes_plain(start: *const u8, len: usize) {
    let _ = (start, len);
}

/// The most bytes [`object`] asks for: the fields every query reads lead each shape of
/// this crate (a hull's first 128 bytes, see `shape/convex_hull.rs`), which may start a
/// word into an enum ([`crate::Shape`]); the rest of a large shape waits for its use.
const OBJECT_BYTES: usize = 192;

/// Asks for the leading [`OBJECT_BYTES`] of `x` itself (not what it points to).
#[inline(always)]
pub(crate) fn object<T: ?Sized>(x: &T) {
    bytes((x as *const T).cast(), size_of_val(x).min(OBJECT_BYTES));
}

/// Asks for the memory of `slice`'s elements.
#[inline(always)]
pub(crate) fn slice<T>(slice: &[T]) {
    bytes(slice.as_ptr().cast(), size_of_val(slice));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_address_and_length_is_harmless() {
        // Prefetches of empty, unaligned, dangling and wild addresses must not fault.
        let data = [1.0f64; 40];
        bytes(data.as_ptr().cast(), 0);
        slice(&data[3..]);
        slice::<f64>(&[]);
        object(&data);
        bytes(std::ptr::null(), 256);
        bytes(usize::MAX as *const u8, 128);
        bytes_plain(data.as_ptr().cast(), 320);
        assert_eq!(data.iter().sum::<f64>(), 40.0);
    }
}
