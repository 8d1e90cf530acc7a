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
