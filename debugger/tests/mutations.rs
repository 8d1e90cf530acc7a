//! Seeded mutants of every corpus fixture, recorded and drawn: a fixture that loads is
//! recorded (or the recording fails with a typed error) and drawn, and nothing panics.
//! The SVG film strip's attributes (coordinates, sizes) and the 3D scenes of its frames
//! (with the `window` feature) are always finite. When the query answered, the
//! step-by-step text and the strip's captions show no NaN either (an infinity may
//! appear: a bound not yet finite); when it failed, they show the steps up to the
//! failure, which may hold the non-finite values that caused it (support points beyond
//! the input range).

use debugger::text::recording_text;
use debugger::{Outcome, SnapshotOptions, record_loaded, snapshot_svg};
use fixtures::fuzz::mutant;
use fixtures::parse;
use std::panic::{AssertUnwindSafe, catch_unwind};

/// Mutants of a corpus file whose film is small.
const MUTANTS_PER_FILE: u64 = 2000;

/// Mutants of a file however large its film: the fuzzer's near-contact fixtures record
/// hundreds of EPA steps on polytopes of hundreds of vertices, films of tens of MB.
const MIN_MUTANTS_PER_FILE: u64 = 40;

/// SVG bytes drawn per file, about: a file's mutants are this divided by the size of its
/// own film, between the two counts above, so every file costs about the same and the
/// small fixtures keep their 2,000 mutants.
const SVG_BYTES_PER_FILE: u64 = 100_000_000;

/// How many mutants of `text` to draw, from the size of its unmutated film.
fn mutants_of(text: &str, name: &str, options: &SnapshotOptions) -> u64 {
    let film_bytes = parse(text, name)
        .ok()
        .and_then(|loaded| record_loaded(&loaded).ok())
        .map_or(1, |recording| {
            snapshot_svg(&recording, options).len() as u64
        });
    (SVG_BYTES_PER_FILE / film_bytes.max(1)).clamp(MIN_MUTANTS_PER_FILE, MUTANTS_PER_FILE)
}

/// Seed of the mutations (another than the fixtures crate's test).
const SEED: u64 = 92;

/// Whether `text` shows one of `tokens` as a word (`NaN`, `inf`: how Rust prints them).
fn shows(text: &str, tokens: &[&str]) -> bool {
    let bytes = text.as_bytes();
    let word_start = |i: usize| i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
    let word_end = |j: usize| j >= bytes.len() || !bytes[j].is_ascii_alphanumeric();
    tokens.iter().any(|token| {
        text.match_indices(token)
            .any(|(i, _)| word_start(i) && word_end(i + token.len()))
    })
}

/// Every frame's 3D scene in both views has finite display coordinates.
#[cfg(feature = "window")]
fn check_scenes(recording: &debugger::Recording, file: &str) {
    use debugger::window::{SceneBuilder, View};
    let builder = SceneBuilder::new(recording);
    for i in 0..recording.frames.len() {
        for view in [View::Configuration, View::World] {
            let Some(s) = builder.scene(i, view) else {
                panic!("{file}: no scene for frame {i}");
            };
            let corners = s.faces.iter().flat_map(|f| f.corners);
            let ends = s.segments.iter().flat_map(|g| g.ends);
            let points: Vec<[f32; 3]> = corners
                .chain(ends)
                .chain(s.markers.iter().map(|m| m.at))
                .chain([s.eye, s.up])
                .collect();
            assert!(
                points.iter().flatten().all(|c| c.is_finite())
                    && s.framing.radius.is_finite()
                    && s.framing.centre.iter().all(|c| c.is_finite()),
                "{file}: frame {i} {view:?}: a display coordinate is not finite"
            );
        }
    }
}

/// Without the 3D front end there are no scenes to check.
#[cfg(not(feature = "window"))]
fn check_scenes(_: &debugger::Recording, _: &str) {}

/// The attribute values of an SVG document (`name="value"`).
fn attributes(svg: &str) -> impl Iterator<Item = &str> {
    svg.split("=\"")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap_or(""))
}

#[test]
fn mutated_fixtures_record_and_draw_without_nan() {
    let files = fixtures::corpus_files().expect("fixtures/data is readable");
    let options = SnapshotOptions {
        outline_samples: 24,
        ..SnapshotOptions::default()
    };
    let (mut drawn, mut failed, mut query_failures) = (0, 0, 0);
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable fixture");
        let name = path.file_name().expect("a file").to_string_lossy();
        for m in 0..mutants_of(&text, &name, &options) {
            let mutant = mutant(&text, SEED, m);
            let file = format!("{name}#{m}");
            let Ok(loaded) = parse(&mutant, &file) else {
                continue;
            };
            let run = catch_unwind(AssertUnwindSafe(|| {
                record_loaded(&loaded).map(|r| {
                    check_scenes(&r, &file);
                    let answered = !matches!(r.outcome, Outcome::Failed { .. });
                    (answered, recording_text(&r), snapshot_svg(&r, &options))
                })
            }));
            match run {
                Err(_) => panic!("{file} panicked; the mutant:\n{mutant}"),
                Ok(Err(e)) => {
                    assert!(!e.to_string().is_empty());
                    failed += 1;
                }
                Ok(Ok((answered, steps, svg))) => {
                    if answered {
                        assert!(
                            !shows(&steps, &["NaN"]),
                            "{file}: steps:\n{steps}\nmutant:\n{mutant}"
                        );
                        assert!(
                            !shows(&svg, &["NaN"]),
                            "{file}: the SVG shows a NaN; mutant:\n{mutant}"
                        );
                    } else {
                        query_failures += 1;
                    }
                    assert!(
                        !attributes(&svg).any(|a| shows(a, &["NaN", "inf"])),
                        "{file}: an SVG attribute is not finite; mutant:\n{mutant}"
                    );
                    drawn += 1;
                }
            }
        }
    }
    println!(
        "{drawn} mutants recorded and drawn ({query_failures} of them failed queries), \
         {failed} recordings failed"
    );
    assert!(drawn > 2_000, "only {drawn} mutants drawn");
}
