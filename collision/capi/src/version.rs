//! The library and ABI versions.

use crate::convert::{output, write};
use crate::status::{CollStatus, guard};
use crate::types::CollVersion;

/// The version of the C ABI this header describes: bumped whenever a function, type or
/// enum value changes incompatibly. `coll_version` reports the library's own.
/// Version 2: `CollPose` holds its orientation before its position.
pub const COLL_ABI_VERSION: u32 = 2;

/// Parses a version component from Cargo's package version (0 if missing).
const fn component(text: &str) -> u32 {
    let bytes = text.as_bytes();
    let mut value = 0u32;
    let mut i = 0;
    while i < bytes.len() && bytes[i].is_ascii_digit() {
        value = value * 10 + (bytes[i] - b'0') as u32;
        i += 1;
    }
    value
}

/// Writes the library's version and its ABI version to `*out`.
///
/// A program should check `out->abi == COLL_ABI_VERSION` (the header's) before other
/// calls when it loads the library dynamically. Errors: `NULL_POINTER`.
#[unsafe(no_mangle)]
pub extern "C" fn coll_version(out: *mut CollVersion) -> CollStatus {
    guard("coll_version", || {
        let out = output(out, "out")?;
        let version = CollVersion {
            major: component(env!("CARGO_PKG_VERSION_MAJOR")),
            minor: component(env!("CARGO_PKG_VERSION_MINOR")),
            patch: component(env!("CARGO_PKG_VERSION_PATCH")),
            abi: COLL_ABI_VERSION,
        };
        // SAFETY: checked not null; a writable `CollVersion`.
        unsafe { write(out, version) };
        Ok(CollStatus::Ok)
    })
}
