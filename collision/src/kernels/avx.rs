//! Run-time dispatch to code compiled for AVX.
//!
//! The crate is compiled for the baseline x86-64 instruction set, whose packed `f64`
//! operations are two lanes wide. A kernel whose loop handles four lanes at a time can
//! be compiled a second time for 256-bit registers, one multiply per four products,
//! and chosen when the CPU has AVX. [`with_avx`] does this for any closure: the closure
//! is inlined into a function compiled with AVX enabled. Only plain multiplies and adds
//! are enabled (no fused multiply-add), so both builds round every product the same way
//! and give the same answers bit for bit; a kernel that uses this tests that it does.

/// Runs `f`, compiled for AVX when the CPU has it (detected at run time, once, by the
/// standard library), else as compiled for the baseline.
#[inline(always)]
pub(crate) fn with_avx<R>(f: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx") {
        // SAFETY: `run_avx` needs nothing but AVX, which the CPU was just found to have.
        #[allow(unsafe_code)]
        return unsafe { run_avx(f) };
    }
    f()
}

/// `f()`, with `f` inlined into this AVX build.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
fn run_avx<R>(f: impl FnOnce() -> R) -> R {
    f()
}
