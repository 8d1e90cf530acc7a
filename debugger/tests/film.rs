//! `--film`: every step of a run rendered headless into one grid picture.
//!
//! Needs a wgpu adapter (Mesa's lavapipe on a machine without a GPU): skipped with a
//! message without one, failing when `CI` is set.
#![cfg(feature = "window")]

use debugger::window::{FILM_GAP, FILM_GAP_COLOUR, probe_adapter};
use std::path::PathBuf;
use std::process::Command;

fn adapter_or_skip(test: &str) -> bool {
    match probe_adapter() {
        Ok(_) => true,
        Err(e) if std::env::var_os("CI").is_none() => {
            eprintln!("{test}: SKIPPED, {e}");
            false
        }
        Err(e) => panic!("{test}: {e}"),
    }
}

#[test]
fn the_film_holds_every_step_each_drawn_and_different() {
    if !adapter_or_skip("the_film_holds_every_step_each_drawn_and_different") {
        return;
    }
    let fixture = fixtures::corpus_dir().join("cuboid_cuboid_deep.json");
    let n = debugger::record_file(&fixture).unwrap().frames.len();
    assert!(n >= 6, "a run with several steps: {n}");
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("film-deep.png");
    let _ = std::fs::remove_file(&out);
    let (w, h, columns) = (200_u32, 150_u32, 4_u32);
    let status = Command::new(env!("CARGO_BIN_EXE_debugger"))
        .arg(&fixture)
        .arg("--film")
        .arg(&out)
        .args([
            "--size",
            &format!("{w}x{h}"),
            "--columns",
            &columns.to_string(),
        ])
        .env("NODEVICE_SELECT", "1")
        .output()
        .unwrap();
    assert!(
        status.status.success(),
        "{}",
        String::from_utf8_lossy(&status.stderr)
    );
    let film = image::open(&out).unwrap().to_rgb8();
    let rows = (n as u32).div_ceil(columns);
    assert_eq!(
        film.dimensions(),
        (
            columns * (w + FILM_GAP) + FILM_GAP,
            rows * (h + FILM_GAP) + FILM_GAP
        ),
        "{n} frames in {columns} columns"
    );
    let tile = |k: u32| {
        let (x, y) = (
            FILM_GAP + (k % columns) * (w + FILM_GAP),
            FILM_GAP + (k / columns) * (h + FILM_GAP),
        );
        image::imageops::crop_imm(&film, x, y, w, h).to_image()
    };
    // Exactly n tiles: the gap colour fills the cells after the last one.
    let gap = image::Rgb(FILM_GAP_COLOUR);
    for k in n as u32..rows * columns {
        assert!(tile(k).pixels().all(|p| *p == gap), "cell {k} is empty");
    }
    let tiles: Vec<image::RgbImage> = (0..n as u32).map(tile).collect();
    for (k, t) in tiles.iter().enumerate() {
        let colours: std::collections::HashSet<[u8; 3]> = t.pixels().map(|p| p.0).collect();
        assert!(
            colours.len() > 20,
            "frame {k} is not blank: {} colours",
            colours.len()
        );
        let gaps = t.pixels().filter(|p| **p == gap).count();
        assert!(gaps * 20 < t.len() / 3, "frame {k} fills its cell");
    }
    for k in 1..n {
        let differ = tiles[k]
            .pixels()
            .zip(tiles[k - 1].pixels())
            .filter(|(p, q)| p.0.iter().zip(q.0).any(|(a, b)| a.abs_diff(b) > 24))
            .count();
        assert!(
            differ > 100,
            "frames {k} and {} differ: {differ} pixels",
            k + 1
        );
    }
}

/// With the Vulkan drivers hidden (`VK_ICD_FILENAMES` naming no file), wgpu falls back
/// to another adapter, such as Mesa's OpenGL llvmpipe, which draws kiss3d's scenes as
/// black frames but for their text. Whatever adapter it finds, `--png` either writes a
/// picture that shows its background or fails saying why: it never writes a blank one
/// and reports success.
#[test]
fn a_blank_render_is_an_error_not_a_picture() {
    let out = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("no-vulkan.png");
    let _ = std::fs::remove_file(&out);
    let run = Command::new(env!("CARGO_BIN_EXE_debugger"))
        .arg("--png")
        .arg(&out)
        .args(["--size", "240x180"])
        .env("VK_ICD_FILENAMES", "/nonexistent/no-icd.json")
        .env("NODEVICE_SELECT", "1")
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&run.stderr);
    if run.status.success() {
        let picture = image::open(&out).unwrap().to_rgb8();
        let background = picture.pixels().filter(|p| p.0 == [250, 250, 250]).count();
        assert!(
            background * 4 > picture.pixels().len(),
            "a picture written as drawn shows its background: {background} pixels"
        );
    } else {
        assert!(
            stderr.contains("drew a blank picture") || stderr.contains("no graphics adapter"),
            "{stderr}"
        );
        assert!(!out.exists(), "no picture is written for a blank render");
    }
}
