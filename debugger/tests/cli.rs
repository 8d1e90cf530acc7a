//! The `debugger` binary: text replay, snapshots, and errors without panics.

use std::process::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_debugger"))
        .args(args)
        .current_dir(std::env::temp_dir())
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn default_fixture_prints_every_frame_from_any_directory() {
    let (code, out, err) = run(&["--text"]);
    assert_eq!(code, 0, "{err}");
    let rec = debugger::record_file(debugger::default_fixture()).unwrap();
    let n = rec.frames.len();
    assert!(
        out.starts_with("book_diamond_sunk_into_ground (contact)"),
        "{out}"
    );
    for k in 1..=n {
        assert!(out.contains(&format!("\n[{k}/{n}] ")), "frame {k} missing");
    }
    assert!(out.contains("EPA step 1:") && out.contains("GJK result: Overlapping"));
    assert!(out.contains("contact: separation -0.25"), "{out}");
    // Not a terminal: text is the default too.
    let (_, plain, _) = run(&[]);
    assert_eq!(plain, out);
    let (_, one, _) = run(&["--frame", "2"]);
    assert!(one.contains(&format!("\n[2/{n}] ")) && !one.contains(&format!("\n[1/{n}] ")));
}

#[test]
fn snapshot_is_written_and_its_path_printed() {
    let path = std::env::temp_dir().join(format!("debugger-cli-{}.svg", std::process::id()));
    let p = path.to_str().unwrap();
    let (code, out, err) = run(&[p, "--snapshot", p]);
    // The first argument is not a fixture: a load error, nothing written.
    assert_eq!(code, 2, "{out}{err}");
    assert!(!path.exists());
    let (code, out, err) = run(&["--snapshot", p]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), p);
    let svg = std::fs::read_to_string(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    let rec = debugger::record_file(debugger::default_fixture()).unwrap();
    assert_eq!(svg.matches("<g class=\"panel\"").count(), rec.frames.len());
    assert!(svg.trim_end().ends_with("</svg>") && !svg.contains("NaN"));
}

#[test]
fn missing_and_malformed_files_exit_non_zero_with_the_load_message() {
    let (code, out, err) = run(&["/no/such/fixture.json"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(
        err.starts_with("error: /no/such/fixture.json: cannot read fixture"),
        "{err}"
    );
    assert!(!err.contains("panicked"));
    let bad = std::env::temp_dir().join(format!("debugger-cli-bad-{}.json", std::process::id()));
    std::fs::write(&bad, "{\"name\": \"x\", \"description\": \"y\", \"shape_a\": {\"type\": \"ball\", \"radius\": -1}").unwrap();
    let (code, _, err) = run(&[bad.to_str().unwrap()]);
    let _ = std::fs::remove_file(&bad);
    assert_eq!(code, 2);
    assert!(
        err.contains("JSON syntax error") || err.contains("field"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

#[cfg(feature = "window")]
fn run_env(args: &[&str], remove: &[&str]) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_debugger"));
    cmd.args(args).current_dir(std::env::temp_dir());
    for v in remove {
        cmd.env_remove(v);
    }
    let out = cmd.output().expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[cfg(feature = "window")]
#[test]
fn window_without_a_display_and_png_without_frames_are_typed_errors() {
    let (code, out, err) = run_env(&["--window"], &["DISPLAY", "WAYLAND_DISPLAY"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.starts_with("error: no display"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    // A recording without frames: nothing to render, said before any GPU is asked.
    let ray = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../fixtures/data/ray_cuboid_face.json"
    );
    let mut empty = debugger::record_file(ray).unwrap();
    empty.frames.clear();
    let options = debugger::window::RenderOptions::default();
    let err = debugger::window::render_frame(&empty, 0, &options).unwrap_err();
    assert_eq!(err.to_string(), "no frames recorded: nothing to draw");
    let (code, _, err) = run(&["--png", "x.png", "--size", "10x10"]);
    assert_eq!(code, 2, "clap rejects a size below 16");
    assert!(err.contains("WIDTHxHEIGHT"), "{err}");
}

/// Whether rendering can be tested here (see tests/render3d.rs): panics under CI
/// when it cannot.
#[cfg(feature = "window")]
fn adapter_or_skip(test: &str) -> bool {
    match debugger::window::probe_adapter() {
        Ok(_) => true,
        Err(e) if std::env::var_os("CI").is_none() => {
            eprintln!("{test}: SKIPPED, {e}");
            false
        }
        Err(e) => panic!("{test}: {e}"),
    }
}

#[cfg(feature = "window")]
#[test]
fn png_is_rendered_headless_and_write_errors_exit_non_zero() {
    if !adapter_or_skip("png_is_rendered_headless_and_write_errors_exit_non_zero") {
        return;
    }
    let path = std::env::temp_dir().join(format!("debugger-cli-{}.png", std::process::id()));
    let p = path.to_str().unwrap();
    // No display needed: the render is offscreen.
    let (code, out, err) = run_env(
        &["--png", p, "--frame", "3", "--size", "320x240"],
        &["DISPLAY", "WAYLAND_DISPLAY"],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), p);
    let bytes = std::fs::read(&path).unwrap();
    let _ = std::fs::remove_file(&path);
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    // IHDR: width and height, big-endian, at bytes 16..24.
    assert_eq!(&bytes[16..24], &[0, 0, 1, 64, 0, 0, 0, 240]);
    let (code, out, err) = run(&["--png", "/no/such/dir/out.png", "--size", "64x64"]);
    assert_eq!(code, 1, "{out}{err}");
    // Mesa's Vulkan device-select layer may print its own lines first (it looks for a
    // Wayland display); ours is the last.
    let last = err.lines().last().unwrap_or("");
    assert!(
        last.starts_with("error: /no/such/dir/out.png: cannot write PNG"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}

#[cfg(feature = "window")]
#[test]
fn png_without_a_graphics_adapter_is_a_typed_error() {
    // Point the Vulkan loader and glvnd's EGL at no driver: wgpu finds no adapter, and
    // the debugger says so instead of letting kiss3d panic.
    let png = std::env::temp_dir().join(format!("debugger-cli-none-{}.png", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_debugger"))
        .args(["--png", png.to_str().unwrap()])
        .env("VK_ICD_FILENAMES", "/dev/null")
        .env("VK_DRIVER_FILES", "/dev/null")
        .env("__EGL_VENDOR_LIBRARY_FILENAMES", "/dev/null")
        .output()
        .expect("runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let last = err.lines().last().unwrap_or("");
    assert!(last.starts_with("error: no graphics adapter: "), "{err}");
    assert!(last.contains("mesa-vulkan-drivers"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(!png.exists());
}
