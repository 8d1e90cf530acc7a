//! Run-time dispatch to code compiled for AVX.
//!
//! The crate is compiled for the baseline x86-64 instruction set, whose packed `f64`
//! operations are two lanes wide. A kernel whose loop handles four lanes at a time can
//! be compiled a second time for 256-bit registers, one multiply per four products,
//! and chosen when the CPU has AVX. [`with_avx`] does this for any [`AvxKernel`]: its
//! [`AvxKernel::run`], which the kernel marks `#[inline(always)]`, is inlined into a
//! function compiled with AVX enabled. Only plain multiplies and adds are enabled (no
//! fused multiply-add), so both builds round every product the same way and give the
//! same answers bit for bit; a kernel that uses this tests that it does.
//!
//! A trait method rather than a closure: a closure's body is only inlined where the
//! compiler chooses to, and where it did not, the AVX build was a 13-instruction
//! trampoline calling the baseline code (seen in the hull scan: 157 instructions a
//! scan of 16 vertices instead of 94, depending on unrelated changes elsewhere in the
//! crate). `#[inline(always)]` on the method is honoured, since the AVX build enables
//! every feature the baseline has.

/// A kernel with an AVX build: [`Self::run`] must be `#[inline(always)]`, or the AVX
/// build is only a call to the baseline one.
pub(crate) trait AvxKernel {
    /// What the kernel computes.
    type Output;
    /// The kernel, as written for any CPU.
    fn run(self) -> Self::Output;
}

/// Runs `kernel`, compiled for AVX when the CPU has it (detected at run time, once, by
/// the standard library), else as compiled for the baseline.
#[inline(always)]
pub(crate) fn with_avx<K: AvxKernel>(kernel: K) -> K::Output {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx") {
        // SAFETY: `run_avx` needs nothing but AVX, which the CPU was just found to have.
        #[allow(unsafe_code)]
        return unsafe { run_avx(kernel) };
    }
    kernel.run()
}

/// `kernel.run()`, inlined into this AVX build.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx")]
fn run_avx<K: AvxKernel>(kernel: K) -> K::Output {
    kernel.run()
}
