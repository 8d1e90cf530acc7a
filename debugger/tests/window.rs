//! The interactive window under a virtual X server (Xvfb): the debugger binary opens
//! a folder of corpus fixtures, a script presses keys through the window's own key
//! handling (synthetic key events) and saves the frames it draws, and the test checks
//! what each frame shows. A second test edits the fixture while the window is open.
//!
//! Needs `Xvfb` (Debian: `xvfb`) and a wgpu adapter (Mesa's lavapipe). Without them
//! the tests are skipped with a message, and fail when `CI` is set.
#![cfg(feature = "window")]

use debugger::window::probe_adapter;
use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The width the window is opened with, and the panel's width on the right.
const WIDTH: u32 = 1280;
const HEIGHT: u32 = 800;
const PANEL: u32 = 470;

/// A virtual X server, stopped when dropped. The window tests run one at a time: each
/// holds [`ONE_SERVER`] while its server lives, since two tests of this process would
/// pick the same free display number and share (then lose) one server.
struct Xvfb {
    child: Child,
    display: String,
    _one_server: MutexGuard<'static, ()>,
}

/// Held by the running window test's [`Xvfb`].
static ONE_SERVER: Mutex<()> = Mutex::new(());

impl Drop for Xvfb {
    /// Stops the server with SIGTERM, so that it removes its lock file and socket (a
    /// killed server leaves them, and stale locks once filled every display a test
    /// tried), then with SIGKILL if it has not exited within two seconds.
    fn drop(&mut self) {
        let terminated = Command::new("kill")
            .arg(self.child.id().to_string())
            .status()
            .is_ok_and(|s| s.success());
        let deadline = Instant::now() + Duration::from_secs(2);
        while terminated && Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts Xvfb on a free display; `Err` says why it cannot.
fn start_xvfb() -> Result<Xvfb, String> {
    // A test that failed while holding the lock leaves it poisoned; its server is gone.
    let one_server = ONE_SERVER.lock().unwrap_or_else(|e| e.into_inner());
    // Displays 40 to 439, from a point that differs between processes; every one is
    // tried before giving up, so that lock files left by killed servers elsewhere
    // cannot exhaust the search.
    let base = std::process::id() % 400;
    for n in (0..400).map(|k| 40 + (base + k) % 400) {
        if Path::new(&format!("/tmp/.X11-unix/X{n}")).exists()
            || Path::new(&format!("/tmp/.X{n}-lock")).exists()
        {
            continue;
        }
        let mut child = Command::new("Xvfb")
            .args([
                &format!(":{n}"),
                "-screen",
                "0",
                "1600x1000x24",
                "-nolisten",
                "tcp",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start Xvfb ({e}); Debian: apt-get install xvfb"))?;
        let socket = PathBuf::from(format!("/tmp/.X11-unix/X{n}"));
        let deadline = Instant::now() + Duration::from_secs(15);
        while Instant::now() < deadline {
            if socket.exists() {
                return Ok(Xvfb {
                    child,
                    display: format!(":{n}"),
                    _one_server: one_server,
                });
            }
            if let Ok(Some(_)) = child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = child.kill();
        let _ = child.wait();
    }
    Err("Xvfb did not start on any display".to_string())
}

/// Xvfb and an adapter, or `None` (skipped) outside CI; panics under CI.
fn display_or_skip(test: &str) -> Option<Xvfb> {
    let ready = probe_adapter()
        .map_err(|e| e.to_string())
        .and_then(|_| start_xvfb());
    match ready {
        Ok(x) => Some(x),
        Err(e) if std::env::var_os("CI").is_none() => {
            eprintln!("{test}: SKIPPED, {e}");
            None
        }
        Err(e) => panic!("{test}: {e}"),
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("window-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The debugger binary on `path` in a window on `x`, driven by `script`, writing its
/// captures to `captures`.
fn spawn_window(x: &Xvfb, path: &Path, script: &str, captures: &Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_debugger"))
        .arg(path)
        .args(["--window", "--size", &format!("{WIDTH}x{HEIGHT}")])
        .args(["--drive", script])
        .arg("--capture-dir")
        .arg(captures)
        .env("DISPLAY", &x.display)
        .env_remove("WAYLAND_DISPLAY")
        .env("NODEVICE_SELECT", "1")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// One `snap` line: `key=value` pairs.
fn fields(line: &str) -> HashMap<String, String> {
    let mut out = HashMap::new();
    let mut rest = line;
    // `error=` runs to the end of the line; everything before is `key=value` words.
    if let Some(k) = rest.find(" error=") {
        out.insert("error".to_string(), rest[k + 7..].to_string());
        rest = &rest[..k];
    }
    for word in rest.split(' ') {
        if let Some((k, v)) = word.split_once('=') {
            out.insert(k.to_string(), v.trim_matches('"').to_string());
        }
    }
    out
}

fn load(path: &str) -> image::RgbImage {
    image::open(path).unwrap().to_rgb8()
}

/// Pixels that differ between two captures in the 3D view (left of the panel).
fn view_difference(a: &image::RgbImage, b: &image::RgbImage) -> usize {
    assert_eq!(a.dimensions(), b.dimensions());
    let width = a.width().saturating_sub(PANEL);
    let mut n = 0;
    for y in 0..a.height() {
        for x in 0..width {
            let (p, q) = (a.get_pixel(x, y).0, b.get_pixel(x, y).0);
            if p.iter().zip(q).any(|(s, t)| s.abs_diff(t) > 24) {
                n += 1;
            }
        }
    }
    n
}

/// Pixels of the panel region that are not its background.
fn panel_ink(a: &image::RgbImage) -> usize {
    let x0 = a.width().saturating_sub(PANEL - 40);
    let mut colours = std::collections::HashSet::new();
    let mut n = 0;
    for y in 0..a.height() {
        for x in x0..a.width() {
            let p = a.get_pixel(x, y).0;
            colours.insert(p);
            n += usize::from(p != a.get_pixel(a.width() - 2, a.height() - 2).0);
        }
    }
    assert!(colours.len() > 8, "the panel holds text and widgets");
    n
}

/// Reads the child's stdout until it exits, calling `on_snap` for every `snap` line.
fn run(
    mut child: Child,
    mut on_snap: impl FnMut(&HashMap<String, String>),
) -> Vec<HashMap<String, String>> {
    let stdout = child.stdout.take().unwrap();
    let mut snaps = Vec::new();
    for line in BufReader::new(stdout).lines() {
        let line = line.unwrap();
        if line.starts_with("snap ") {
            let f = fields(&line);
            on_snap(&f);
            snaps.push(f);
        }
    }
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "the window failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    snaps
}

#[test]
fn the_window_steps_reloads_and_changes_fixture_on_key_presses() {
    let Some(x) = display_or_skip("the_window_steps_reloads_and_changes_fixture_on_key_presses")
    else {
        return;
    };
    let dir = scratch("keys");
    let folder = dir.join("fixtures");
    std::fs::create_dir_all(&folder).unwrap();
    for name in ["cuboid_cuboid_deep.json", "ray_rotated_cuboid.json"] {
        std::fs::copy(fixtures::corpus_dir().join(name), folder.join(name)).unwrap();
    }
    let script = "snap,next,snap,last,snap,reload,snap,next-fixture,snap,world,snap,quit";
    let snaps = run(spawn_window(&x, &folder, script, &dir), |_| {});
    assert_eq!(snaps.len(), 6, "{snaps:?}");
    let deep = debugger::record_file(folder.join("cuboid_cuboid_deep.json")).unwrap();
    let n = deep.frames.len();
    let ray = debugger::record_file(folder.join("ray_rotated_cuboid.json")).unwrap();
    let expect = [
        ("cuboid_cuboid_deep.json", format!("1/{n}")),
        ("cuboid_cuboid_deep.json", format!("2/{n}")),
        ("cuboid_cuboid_deep.json", format!("{n}/{n}")),
        ("cuboid_cuboid_deep.json", format!("{n}/{n}")),
        ("ray_rotated_cuboid.json", format!("1/{}", ray.frames.len())),
        ("ray_rotated_cuboid.json", format!("1/{}", ray.frames.len())),
    ];
    for (snap, (fixture, step)) in snaps.iter().zip(&expect) {
        assert_eq!(&snap["fixture"], fixture, "{snap:?}");
        assert_eq!(&snap["step"], step, "{snap:?}");
        assert_eq!(snap["error"], "none");
        assert_eq!(snap["saved"], "true");
    }
    assert_eq!(snaps[4]["view"], "Configuration");
    assert_eq!(snaps[5]["view"], "World");
    let pictures: Vec<image::RgbImage> = snaps.iter().map(|s| load(&s["file"])).collect();
    for p in &pictures {
        assert_eq!(p.dimensions(), (WIDTH, HEIGHT));
        assert!(panel_ink(p) > 2000, "the panel is drawn");
    }
    let changed = |i: usize, j: usize| view_difference(&pictures[i], &pictures[j]);
    assert!(
        changed(0, 1) > 200,
        "next: a new step is drawn ({})",
        changed(0, 1)
    );
    assert!(changed(1, 2) > 200, "last: {}", changed(1, 2));
    assert!(
        changed(2, 3) < 50,
        "reload of an unchanged file: same picture ({})",
        changed(2, 3)
    );
    assert!(changed(3, 4) > 2000, "next fixture: {}", changed(3, 4));
    assert!(changed(4, 5) > 2000, "world view: {}", changed(4, 5));
}

#[test]
fn a_fixture_edited_while_the_window_is_open_is_reloaded() {
    let Some(x) = display_or_skip("a_fixture_edited_while_the_window_is_open_is_reloaded") else {
        return;
    };
    let dir = scratch("edit");
    let path = dir.join("edited.json");
    let good =
        std::fs::read_to_string(fixtures::corpus_dir().join("cuboid_cuboid_deep.json")).unwrap();
    std::fs::write(&path, &good).unwrap();
    let mut moved: serde_json::Value = serde_json::from_str(&good).unwrap();
    moved["pose_b"]["translation"] = serde_json::json!([0.6, 0.5, 0.4]);
    let moved = serde_json::to_string_pretty(&moved).unwrap();
    // The step is kept across reloads (clamped to the edited run's length): `last`
    // again before the final capture, to compare it with the first.
    let script = "last,snap,wait-change,snap,wait-change,snap,wait-change,last,snap,quit";
    let child = spawn_window(&x, &path, script, &dir);
    let mut seen = 0;
    let snaps = run(child, |_| {
        seen += 1;
        // After each capture, the next edit; the window waits for it.
        let next = match seen {
            1 => moved.clone(),
            2 => good[..good.len() / 2].to_string(),
            3 => good.clone(),
            _ => return,
        };
        // Written beside it and renamed: the window never reads half a file.
        let part = dir.join("edited.json.part");
        std::fs::write(&part, next).unwrap();
        std::fs::rename(&part, &path).unwrap();
    });
    assert_eq!(snaps.len(), 4, "{snaps:?}");
    assert_eq!(snaps[0]["error"], "none");
    assert_eq!(snaps[1]["error"], "none", "the moved fixture loads");
    assert!(
        snaps[2]["error"].contains("edited.json:") && snaps[2]["error"].contains("JSON"),
        "a broken edit shows its error: {:?}",
        snaps[2]
    );
    assert_eq!(snaps[3]["error"], "none", "the fix loads");
    let pictures: Vec<image::RgbImage> = snaps.iter().map(|s| load(&s["file"])).collect();
    let moved_diff = view_difference(&pictures[0], &pictures[1]);
    assert!(moved_diff > 500, "the edit moved the shapes: {moved_diff}");
    let broken_diff = view_difference(&pictures[1], &pictures[2]);
    assert!(
        broken_diff < 50,
        "the last good replay stays on screen: {broken_diff}"
    );
    let fixed = view_difference(&pictures[0], &pictures[3]);
    assert!(fixed < 50, "the original is back: {fixed}");
}
