//! The C ABI from C#: `csharp/Collision.cs` declares every function of the header (checked
//! here by name), and `tests/csharp/CollisionTest.cs`, compiled with it by Mono's `mcs`
//! and run by `mono` against the shared library, checks each struct's size against the
//! library's own and calls every function, against closed forms. The idiomatic layer,
//! `csharp/ConvexCollision.cs`, is compiled with the declarations and
//! `tests/csharp/ConvexCollisionTest.cs`, and checked the same way.
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

/// Whether Mono's `mcs` and `mono` are here; where they are not, the C# tests pass
/// saying so, except under CI (`CI` set), where they fail.
fn mono_available() -> bool {
    if available("mcs") && available("mono") {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "Mono's mcs and mono are needed (Debian: mono-mcs, mono-runtime)"
    );
    eprintln!("skipped: Mono's mcs and mono are not installed");
    false
}

/// Compiles `sources` (paths under the crate) with `mcs`, warnings as errors, into
/// `name` in a scratch directory, runs it by `mono` with `args` against the library
/// cargo built for this test, and returns how many checks it passed: it must exit 0 and
/// end with "N passed, 0 failed".
fn compile_and_run(name: &str, sources: &[&str], args: &[String]) -> usize {
    let exe = scratch(&format!("csharp-{name}")).join(name);
    let compiled = Command::new("mcs")
        .arg(format!("-out:{}", exe.display()))
        .arg("-warnaserror+")
        .args(sources.iter().map(|s| crate_dir().join(s)))
        .output()
        .expect("running mcs");
    assert!(
        compiled.status.success(),
        "mcs failed:\n{}{}",
        String::from_utf8_lossy(&compiled.stdout),
        String::from_utf8_lossy(&compiled.stderr)
    );
    // Mono finds `collision_capi` as `libcollision_capi.so` on the library path: the one
    // cargo built for this test, not an older one on cargo's own path.
    let output = Command::new("mono")
        .arg(&exe)
        .args(args)
        .env("LD_LIBRARY_PATH", library_dir())
        .output()
        .expect("running mono");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{name} failed ({}):\n{stdout}{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    let tally = stdout.lines().last().unwrap_or_default();
    assert!(tally.ends_with(" passed, 0 failed"), "{stdout}");
    tally
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

#[test]
fn csharp_program_calls_every_function() {
    if !mono_available() {
        return;
    }
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
    let args: Vec<String> = (sizes.iter())
        .map(|(name, size)| format!("{name}={size}"))
        .collect();
    let sources = [
        "csharp/Collision.cs",
        "tests/csharp/Checks.cs",
        "tests/csharp/CollisionTest.cs",
    ];
    let passed = compile_and_run("CollisionTest.exe", &sources, &args);
    assert!(passed >= 150, "{passed} checks passed");
}

/// The idiomatic layer, `csharp/ConvexCollision.cs`, from C#: `SafeHandle` shapes and
/// caches, exceptions for refusals, values for answers (`tests/csharp/ConvexCollisionTest.cs`
/// checks them against closed forms and the raw calls).
#[test]
fn csharp_idiomatic_layer_answers_and_refuses() {
    if !mono_available() {
        return;
    }
    let sources = [
        "csharp/Collision.cs",
        "csharp/ConvexCollision.cs",
        "tests/csharp/Checks.cs",
        "tests/csharp/ConvexCollisionTest.cs",
    ];
    let passed = compile_and_run("ConvexCollisionTest.exe", &sources, &[]);
    assert!(passed >= 100, "{passed} checks passed");
}
