//! The header from C and C++, bad and random input from C: the header compiles as
//! pedantic C99 and C++; the C++ program compiles with
//! `c++ -std=c++17 -Wall -Wextra -Werror -pedantic` and shares shape handles between
//! threads; the bad-input program passes every kind of bad argument in turn, and the
//! random-input program thousands of random shapes, poses and queries, each answered
//! with a status and no NaN, both clean under AddressSanitizer and
//! UndefinedBehaviorSanitizer; and calls beyond the memory the process may take return
//! `COLL_STATUS_OUT_OF_MEMORY`.

mod common;

use common::{Link, SANITIZE, SANITIZER_ENV, build, crate_dir, run, scratch};

/// The "N passed, N failed" line of a C test program, as `(passed, failed)`.
fn tally(stdout: &[u8]) -> (usize, usize) {
    let text = String::from_utf8_lossy(stdout);
    let line = text
        .lines()
        .find(|l| l.ends_with(" failed"))
        .unwrap_or_else(|| panic!("no tally in:\n{text}"));
    let numbers: Vec<usize> = line
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    (numbers[0], numbers[1])
}

#[test]
fn cpp17_program_shares_handles_between_threads() {
    let dir = scratch("cpp17");
    let source = crate_dir().join("tests/c/threads.cpp");
    let flags = [
        "-std=c++17",
        "-Wall",
        "-Wextra",
        "-Werror",
        "-pedantic",
        "-O1",
        "-pthread",
    ];
    let exe = build("c++", &[source], &flags, Link::Static, &dir.join("threads"));
    let (passed, failed) = tally(&run(&exe, &[], &[]).stdout);
    assert_eq!((passed, failed), (4, 0));
}

#[test]
fn header_compiles_as_pedantic_c99_and_cpp() {
    let dir = scratch("header");
    let c = dir.join("include.c");
    std::fs::write(
        &c,
        "#include \"collision.h\"\nint main(void) { return COLL_STATUS_OK; }\n",
    )
    .unwrap();
    let cpp = dir.join("include.cpp");
    std::fs::copy(&c, &cpp).unwrap();
    let c_flags = ["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic"];
    let cpp_flags = ["-std=c++17", "-Wall", "-Wextra", "-Werror", "-pedantic"];
    build("cc", &[c], &c_flags, Link::Shared, &dir.join("c"));
    build("c++", &[cpp], &cpp_flags, Link::Shared, &dir.join("cpp"));
}

/// Builds the C99 program `tests/c/{name}.c` with the sanitizers, runs it, and returns
/// how many of its checks passed (asserting none failed).
fn passed_under_sanitizers(name: &str) -> usize {
    let dir = scratch(name);
    let source = crate_dir().join(format!("tests/c/{name}.c"));
    let mut flags = vec!["-std=c99", "-Wall", "-Wextra", "-Werror"];
    flags.extend(SANITIZE);
    let exe = build("cc", &[source], &flags, Link::Shared, &dir.join(name));
    let (passed, failed) = tally(&run(&exe, &[], SANITIZER_ENV).stdout);
    assert_eq!(failed, 0, "{name}");
    passed
}

/// `tests/c/out_of_memory.c`: under an address-space cap, a hull of ten million points
/// and a batch of forty million pairs return `COLL_STATUS_OUT_OF_MEMORY` with a message,
/// and the library answers small calls afterwards. Without sanitizers, whose shadow
/// memory does not fit under the cap.
#[cfg(target_os = "linux")]
#[test]
fn calls_beyond_memory_return_out_of_memory() {
    let dir = scratch("out_of_memory");
    let source = crate_dir().join("tests/c/out_of_memory.c");
    let flags = ["-std=gnu99", "-Wall", "-Wextra", "-Werror", "-O1"];
    let exe = build(
        "cc",
        &[source],
        &flags,
        Link::Shared,
        &dir.join("out_of_memory"),
    );
    let (passed, failed) = tally(&run(&exe, &[], &[]).stdout);
    assert_eq!((passed, failed), (7, 0));
}

#[test]
fn bad_input_gives_status_codes_under_sanitizers() {
    let passed = passed_under_sanitizers("bad_input");
    assert!(passed > 350, "only {passed} checks ran");
}

#[test]
fn random_input_gives_statuses_and_no_nan_under_sanitizers() {
    let passed = passed_under_sanitizers("random_input");
    assert!(passed > 5_000, "only {passed} checks ran");
}
