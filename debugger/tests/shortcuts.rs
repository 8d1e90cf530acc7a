//! Shortcut frames in the text and SVG output: a point-core closed form draws its two
//! spheres and their centre line, the box–box separating axis test lists and draws every
//! axis with the winner marked, an inscribed-ball proof draws both balls.

use collision::observer::{BallProof, Shortcut};
use debugger::text::recording_text;
use debugger::{FrameKind, Recording, SnapshotOptions, record, record_file, snapshot_svg};
use fixtures::Query;

fn fixture(name: &str) -> String {
    format!(
        "{}/../fixtures/data/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// The SVG of frame `k` alone.
fn svg_of(r: &Recording, k: usize) -> String {
    let options = SnapshotOptions {
        frame: Some(k),
        tilt_degrees: 0.0,
        ..SnapshotOptions::default()
    };
    snapshot_svg(r, &options)
}

/// Circles of `color` drawn dashed "5 3" (the spheres and balls of a shortcut).
fn dashed_circles(svg: &str, color: &str) -> usize {
    svg.lines()
        .filter(|l| {
            l.starts_with("<circle")
                && l.contains(&format!(r#"stroke="{color}""#))
                && l.contains(r#"stroke-dasharray="5 3""#)
        })
        .count()
}

/// The radius attribute of the first dashed circle of `color`.
fn first_radius(svg: &str, color: &str) -> f64 {
    let line = svg
        .lines()
        .find(|l| {
            l.starts_with("<circle")
                && l.contains(&format!(r#"stroke="{color}""#))
                && l.contains(r#"stroke-dasharray="5 3""#)
        })
        .expect("a dashed circle");
    let r = line.split(r#" r=""#).nth(1).unwrap();
    r[..r.find('"').unwrap()].parse().unwrap()
}

#[test]
fn point_core_closed_form_text_and_svg() {
    // Balls of radius 1 and 0.5 at (0,0,0) and (0,3,4).
    let r = record_file(fixture("ball_ball_separated")).unwrap();
    let text = recording_text(&r);
    assert!(text.contains("Closed form (point core)"), "{text}");
    assert!(
        text.contains("sphere A centre (0, 0, 0)  radius 1"),
        "{text}"
    );
    assert!(
        text.contains("sphere B centre (0, 3, 4)  radius 0.5"),
        "{text}"
    );
    assert!(
        text.contains("centre line 5 long; separation 3.5"),
        "{text}"
    );
    let svg = svg_of(&r, 0);
    // Sphere A and sphere B in the world view, and the ball of A − B in configuration
    // space; A's sphere drawn twice as large as B's (radii 1 and 0.5, one scale).
    assert_eq!(dashed_circles(&svg, "#1f77b4"), 1, "{svg}");
    assert_eq!(dashed_circles(&svg, "#ff7f0e"), 1, "{svg}");
    assert_eq!(dashed_circles(&svg, "#2a5db0"), 1, "{svg}");
    let (ra, rb) = (first_radius(&svg, "#1f77b4"), first_radius(&svg, "#ff7f0e"));
    assert!((ra / rb - 2.0).abs() < 0.01, "{ra} {rb}");
}

#[test]
fn box_box_sat_text_lists_every_axis_and_svg_marks_the_winner() {
    // Unit cubes with crossed edges, 2√2 − 2.7 deep along the edge-edge axis x.
    let r = record_file(fixture("cuboid_cuboid_edge_edge_penetrating")).unwrap();
    let last = r.frames.len() - 1;
    assert_eq!(
        r.frames[last].kind,
        FrameKind::Shortcut {
            name: "box-box SAT"
        }
    );
    let text = recording_text(&r);
    let axes = text
        .lines()
        .filter(|l| l.trim_start().starts_with("axis "))
        .count();
    assert_eq!(axes, 15, "{text}");
    let winners: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("<- least overlap"))
        .collect();
    assert_eq!(winners.len(), 1, "{text}");
    assert!(winners[0].contains("edge") && winners[0].contains("overlap 0.128427"));
    // No two edges are parallel here: all 15 axes were tested.
    assert!(
        text.contains("Closed form (box-box SAT): 15 axes tested"),
        "{text}"
    );
    let svg = svg_of(&r, last);
    assert!(svg.contains(">SAT<"), "no winner label");
    let winner = svg
        .lines()
        .filter(|l| {
            l.starts_with("<line") && l.contains(r##"stroke="#f28e00" stroke-width="2.50""##)
        })
        .count();
    assert_eq!(winner, 1, "the winning axis once, bold");
    let tested = svg
        .lines()
        .filter(|l| {
            l.starts_with("<line") && l.contains(r##"stroke="#9e9e9e" stroke-width="0.80""##)
        })
        .count();
    let finite = match r.frames[last].shortcut.as_deref() {
        Some(Shortcut::BoxBox(k)) => k.axes.iter().filter(|a| a.overlap.is_some()).count(),
        other => panic!("{other:?}"),
    };
    assert_eq!(tested, finite - 1, "every other tested axis, dashed");
}

#[test]
fn inscribed_ball_proof_text_and_svg() {
    // A small box inside a big one: their inscribed balls overlap, and `intersects`
    // answers from them without a GJK step.
    let mut scene = fixtures::load(fixture("cuboid_contains_small_cuboid"))
        .unwrap()
        .scene;
    scene.query = Query::Intersects;
    let r = record(&scene).unwrap();
    assert_eq!(r.gjk_step_count(), 0);
    let Some(Shortcut::InscribedBalls(k)) = r.frames[0].shortcut.as_deref() else {
        panic!("{:?}", r.frames);
    };
    assert_eq!(k.proof, BallProof::Balls);
    assert!((k.center_b - k.center_a).norm() < k.radius_a + k.radius_b);
    let text = recording_text(&r);
    assert!(text.contains("inscribed ball A centre"), "{text}");
    assert!(text.contains("the balls overlap"), "{text}");
    let svg = svg_of(&r, 0);
    assert_eq!(dashed_circles(&svg, "#1f77b4"), 1, "{svg}");
    assert_eq!(dashed_circles(&svg, "#ff7f0e"), 1, "{svg}");
}
