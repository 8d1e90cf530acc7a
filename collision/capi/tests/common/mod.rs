//! Compiling and running C and C++ programs against the library this test links.
//!
//! `cargo test -p collision-capi` builds the library with every crate type it declares
//! before the tests, so the shared and static libraries sit next to the test executable
//! (in `deps/`, for the profile and target directory the tests run from). Programs are
//! built into a fresh directory under the target directory.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod lcg;
#[allow(unused_imports)]
pub use lcg::Lcg;

/// The crate's directory.
pub fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The directory holding `libcollision_capi.so` and `libcollision_capi.a`.
pub fn library_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    let deps = exe
        .parent()
        .expect("test executable directory")
        .to_path_buf();
    for dir in [
        deps.clone(),
        deps.parent().map(Path::to_path_buf).unwrap_or_default(),
    ] {
        if dir.join("libcollision_capi.so").exists() && dir.join("libcollision_capi.a").exists() {
            return dir;
        }
    }
    panic!(
        "libcollision_capi.so and .a not found next to {} (cargo builds them with the tests)",
        exe.display()
    );
}

/// A fresh scratch directory for the programs of test `name`.
pub fn scratch(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    let dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("target directory")
        .join("capi-tests")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch directory");
    dir
}

/// How to link a program against the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    /// `libcollision_capi.so`, found at run time through an rpath.
    Shared,
    /// `libcollision_capi.a` and the system libraries Rust's standard library needs.
    Static,
}

/// Compiles `sources` with `compiler` (`cc` or `c++`) and `flags` against the header,
/// links the library as `link` says, and returns the executable's path. Panics with the
/// compiler's output on failure.
pub fn build(
    compiler: &str,
    sources: &[PathBuf],
    flags: &[&str],
    link: Link,
    out: &Path,
) -> PathBuf {
    let lib = library_dir();
    let mut cmd = Command::new(compiler);
    cmd.args(flags)
        .arg("-I")
        .arg(crate_dir().join("include"))
        .args(sources)
        .arg("-o")
        .arg(out);
    match link {
        Link::Shared => {
            cmd.arg(format!("-L{}", lib.display()))
                .arg("-lcollision_capi")
                .arg(format!("-Wl,-rpath,{}", lib.display()));
        }
        Link::Static => {
            cmd.arg(lib.join("libcollision_capi.a"));
        }
    }
    cmd.args(["-lpthread", "-ldl", "-lm"]);
    let output = cmd
        .output()
        .unwrap_or_else(|e| panic!("running {compiler}: {e}"));
    assert!(
        output.status.success(),
        "{compiler} failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    out.to_path_buf()
}

/// Runs `exe` with `args` and returns its output, panicking with it unless it exits 0.
pub fn run(exe: &Path, args: &[&Path], env: &[(&str, &str)]) -> Output {
    // Cargo runs tests with `LD_LIBRARY_PATH` naming its target directories, which
    // may hold an older `libcollision_capi.so` from a plain `cargo build`; that path
    // takes precedence over the program's run path, so it is removed: the program loads
    // the library it was linked against.
    let output = Command::new(exe)
        .args(args)
        .env_remove("LD_LIBRARY_PATH")
        .envs(env.iter().copied())
        .output()
        .unwrap_or_else(|e| panic!("running {}: {e}", exe.display()));
    assert!(
        output.status.success(),
        "{} exited with {}:\nstdout:\n{}\nstderr:\n{}",
        exe.display(),
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// The sanitizer flags of the C tests.
pub const SANITIZE: &[&str] = &[
    "-fsanitize=address,undefined",
    "-fno-omit-frame-pointer",
    "-g",
];

/// Environment for sanitized runs: any report fails the run.
pub const SANITIZER_ENV: &[(&str, &str)] = &[
    ("ASAN_OPTIONS", "abort_on_error=0:exitcode=86"),
    (
        "UBSAN_OPTIONS",
        "halt_on_error=1:print_stacktrace=1:exitcode=87",
    ),
];

/// The lines of a program's output as `name → numbers`.
pub fn parse(stdout: &[u8]) -> std::collections::HashMap<String, Vec<f64>> {
    String::from_utf8_lossy(stdout)
        .lines()
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            let name = words.next()?.to_owned();
            let values = words
                .map(|w| {
                    w.parse::<f64>()
                        .unwrap_or_else(|_| panic!("bad number {w} in {line}"))
                })
                .collect();
            Some((name, values))
        })
        .collect()
}
