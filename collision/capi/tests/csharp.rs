//! The C ABI from C#: `csharp/Collision.cs` declares every function of the header (checked
//! here by name), and `tests/csharp/CollisionTest.cs`, compiled with it by Mono's `mcs`
//! and run by `mono` against the shared library, checks each struct's size against the
//! library's own and calls every function, against closed forms.
//!
//! Mono comes from Debian (`mono-mcs`, `mono-runtime`), which `.ci/run` installs. Where it
//! is missing the test says so and passes, except under CI (`CI` set), where it fails.

mod common;

use collision_capi::*;
use common::{crate_dir, library_dir, scratch};
use std::process::Command;

/// Whether `tool --version` runs.
fn available(tool: &str) -> bool {
    Command::new(tool)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// The names of the functions `text` declares or defines, `coll_name(` after a space or
/// a `*`, in order of appearance.
fn functions(text: &str, after: &str) -> Vec<String> {
    text.match_indices(after)
        .map(|(at, _)| {
            let rest = &text[at + after.len()..];
            let end = rest.find('(').unwrap_or(0);
            format!("coll_{}", &rest[..end])
        })
        .filter(|name| name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .collect()
}

#[test]
fn csharp_declarations_name_every_function_of_the_header() {
    let header = std::fs::read_to_string(crate_dir().join("include/collision.h")).unwrap();
    let csharp = std::fs::read_to_string(crate_dir().join("csharp/Collision.cs")).unwrap();
    let mut in_header: Vec<String> = functions(&header, " coll_");
    in_header.extend(functions(&header, "*coll_"));
    in_header.sort();
    in_header.dedup();
    let mut in_csharp = functions(&csharp, " extern CollStatus coll_");
    in_csharp.extend(functions(&csharp, " extern IntPtr coll_"));
    in_csharp.sort();
    assert_eq!(in_header.len(), 32, "{in_header:?}");
    assert_eq!(in_csharp, in_header);
}

#[test]
fn csharp_program_calls_every_function() {
    if !(available("mcs") && available("mono")) {
        assert!(
            std::env::var_os("CI").is_none(),
            "Mono's mcs and mono are needed (Debian: mono-mcs, mono-runtime)"
        );
        eprintln!("skipped: Mono's mcs and mono are not installed");
        return;
    }
    let dir = scratch("csharp");
    let exe = dir.join("CollisionTest.exe");
    let compiled = Command::new("mcs")
        .arg(format!("-out:{}", exe.display()))
        .arg("-warnaserror+")
        .arg(crate_dir().join("csharp/Collision.cs"))
        .arg(crate_dir().join("tests/csharp/CollisionTest.cs"))
        .output()
        .expect("running mcs");
    assert!(
        compiled.status.success(),
        "mcs failed:\n{}{}",
        String::from_utf8_lossy(&compiled.stdout),
        String::from_utf8_lossy(&compiled.stderr)
    );
    let sizes = [
        ("CollPose", size_of::<CollPose>()),
        ("CollDistance", size_of::<CollDistance>()),
        ("CollContact", size_of::<CollContact>()),
        ("CollHullSizes", size_of::<CollHullSizes>()),
        ("CollMassProperties", size_of::<CollMassProperties>()),
        ("CollMotion", size_of::<CollMotion>()),
        ("CollImpact", size_of::<CollImpact>()),
        ("CollRayHit", size_of::<CollRayHit>()),
        ("CollClosestPoints", size_of::<CollClosestPoints>()),
        ("CollVersion", size_of::<CollVersion>()),
    ];
    // Mono finds `collision_capi` as `libcollision_capi.so` on the library path: the one
    // cargo built for this test, not an older one on cargo's own path.
    let output = Command::new("mono")
        .arg(&exe)
        .args(sizes.iter().map(|(name, size)| format!("{name}={size}")))
        .env("LD_LIBRARY_PATH", library_dir())
        .output()
        .expect("running mono");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "the C# program failed ({}):\n{stdout}{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    let tally = stdout.lines().last().unwrap_or_default();
    let passed: usize = tally
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0);
    assert!(
        tally.ends_with(" passed, 0 failed") && passed >= 150,
        "{stdout}"
    );
}
