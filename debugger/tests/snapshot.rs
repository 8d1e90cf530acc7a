//! SVG snapshots: one panel per frame, well formed, no NaN; the views' geometry.

use debugger::svg::{Camera, TILT, Window, outline};
use debugger::{SnapshotOptions, record_file, snapshot_svg};
use nalgebra::{Isometry3, Point3, Vector3};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Checks tags nest and balance (a small XML well-formedness check: comments, text
/// escapes and attribute values too), and that every numeric attribute is finite.
/// Returns the number of elements.
fn check_well_formed(svg: &str) -> usize {
    let mut stack: Vec<String> = Vec::new();
    let mut elements = 0;
    let mut rest = svg;
    while let Some(open) = rest.find('<') {
        let text = &rest[..open];
        assert!(!text.contains('>'), "stray '>' in text {text:?}");
        check_entities(text);
        let close = rest[open..].find('>').expect("unclosed tag") + open;
        let tag = &rest[open + 1..close];
        rest = &rest[close + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let top = stack
                .pop()
                .unwrap_or_else(|| panic!("</{name}> without opening tag"));
            assert_eq!(top, name.trim(), "mismatched closing tag");
            continue;
        }
        elements += 1;
        let self_closing = tag.ends_with('/');
        let body = tag.trim_end_matches('/');
        let name = body
            .split_whitespace()
            .next()
            .expect("empty tag")
            .to_string();
        assert!(
            name.chars().all(|c| c.is_ascii_alphanumeric()),
            "bad tag name {name:?}"
        );
        check_attributes(body);
        if !self_closing {
            stack.push(name);
        }
    }
    assert!(rest.trim().is_empty(), "text after the root: {rest:?}");
    assert!(stack.is_empty(), "unclosed tags {stack:?}");
    elements
}

fn check_entities(text: &str) {
    for (i, _) in text.match_indices('&') {
        let t = &text[i..];
        assert!(
            ["&amp;", "&lt;", "&gt;", "&quot;"]
                .iter()
                .any(|e| t.starts_with(e)),
            "bare '&' in {text:?}"
        );
    }
}

fn check_attributes(body: &str) {
    let mut rest = body;
    while let Some(eq) = rest.find("=\"") {
        let name = rest[..eq].rsplit(char::is_whitespace).next().unwrap();
        let end = rest[eq + 2..].find('"').expect("unterminated attribute") + eq + 2;
        let value = &rest[eq + 2..end];
        assert!(!value.contains('<'), "'<' in attribute {name}");
        check_entities(value);
        if ["x", "y", "x1", "y1", "x2", "y2", "cx", "cy", "r", "points"].contains(&name) {
            for n in value.split([' ', ',']).filter(|s| !s.is_empty()) {
                let v: f64 = n.parse().unwrap_or_else(|_| panic!("{name}={value:?}"));
                assert!(v.is_finite() && v.abs() < 1e5, "{name}={value:?}");
            }
        }
        rest = &rest[end + 1..];
    }
}

fn fixture(name: &str) -> String {
    format!(
        "{}/../fixtures/data/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[test]
fn every_fixture_renders_one_panel_per_frame_without_nan() {
    let files = fixtures::corpus_files().expect("fixtures/data is readable");
    assert!(files.len() >= 40, "the corpus is there");
    let mut with_epa = 0;
    for path in &files {
        let r = record_file(path).unwrap_or_else(|e| panic!("{e}"));
        let svg = snapshot_svg(&r, &SnapshotOptions::default());
        let name = path.display();
        assert!(
            svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
            "{name}"
        );
        assert!(
            !svg.contains("NaN") && !svg.contains("inf\""),
            "{name}: NaN in the SVG"
        );
        assert_eq!(
            svg.matches("<g class=\"panel\"").count(),
            r.frames.len(),
            "{name}"
        );
        for k in 1..=r.frames.len() {
            assert!(
                svg.contains(&format!("id=\"frame-{k}\"")),
                "{name}: frame {k}"
            );
        }
        assert!(check_well_formed(&svg) > 10, "{name}");
        with_epa += usize::from(r.epa_step_count() > 0);
    }
    assert!(
        with_epa >= 3,
        "the corpus exercises EPA drawing ({with_epa} fixtures)"
    );
}

#[test]
fn a_chosen_frame_renders_alone_and_clamps() {
    let r = record_file(debugger::default_fixture()).unwrap();
    let n = r.frames.len();
    for (want, got) in [(0, 1), (n - 1, n), (n + 10, n)] {
        let svg = snapshot_svg(
            &r,
            &SnapshotOptions {
                frame: Some(want),
                ..SnapshotOptions::default()
            },
        );
        assert_eq!(svg.matches("<g class=\"panel\"").count(), 1);
        assert!(svg.contains(&format!("id=\"frame-{got}\"")));
        assert!(svg.contains(&format!("frame {got}/{n}")));
        check_well_formed(&svg);
    }
}

#[test]
fn non_finite_frame_values_are_left_out_and_reported() {
    // Segments: GJK frames with vertices (a ball pair is one closed-form frame).
    let mut r = record_file(fixture("segment_segment_skew")).unwrap();
    r.frames[0].witness_a = Point3::new(f64::NAN, 0.0, 0.0);
    r.frames[0].vertices[0].w = Point3::new(0.0, f64::INFINITY, 0.0);
    assert!(!r.frames[0].is_finite());
    let svg = snapshot_svg(&r, &SnapshotOptions::default());
    assert!(!svg.contains("NaN") && !svg.contains("inf"));
    assert!(svg.contains("non-finite values"));
    check_well_formed(&svg);
}

#[test]
fn text_is_escaped() {
    let mut r = record_file(fixture("ball_ball_separated")).unwrap();
    r.name = "a<b & \"c\"".to_string();
    r.description = "x > y & z < w".to_string();
    let svg = snapshot_svg(&r, &SnapshotOptions::default());
    assert!(svg.contains("a&lt;b &amp; &quot;c&quot;"));
    check_well_formed(&svg);
}

/// 1,000 random normals: the camera is orthonormal, right-handed, and turns the normal
/// exactly `TILT` out of the picture plane (depths along it are drawn at cos TILT).
#[test]
fn camera_keeps_the_normal_near_the_picture_plane() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let mut u = || (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0;
    let mut normals: Vec<Vector3<f64>> = (0..1000).map(|_| Vector3::new(u(), u(), u())).collect();
    normals.extend([
        Vector3::x(),
        Vector3::z(),
        -Vector3::z(),
        Vector3::new(1.0, 1.0, 1.0),
    ]);
    for n in normals {
        let c = Camera::facing(Some(n), TILT);
        for (a, b) in [(c.right, c.up), (c.up, c.toward), (c.toward, c.right)] {
            assert!(a.dot(&b).abs() < 1e-12);
            assert!((a.norm() - 1.0).abs() < 1e-12);
        }
        assert!((c.right.cross(&c.up) - c.toward).norm() < 1e-12);
        let flat = Camera::facing(Some(n), 0.0);
        assert!(
            flat.toward.dot(&n.normalize()).abs() < 1e-12,
            "tilt 0: normal in plane"
        );
        let out_of_plane = c.toward.dot(&n.normalize()).abs();
        assert!(
            (out_of_plane - TILT.sin()).abs() < 1e-12,
            "normal {n:?}: {out_of_plane}"
        );
    }
}

#[test]
fn ball_outline_is_a_circle_and_cube_outline_has_its_corners() {
    let pose = Isometry3::new(Vector3::new(1e6, -2.0, 3.0), Vector3::new(0.4, 0.2, -0.9));
    let camera = Camera::facing(Some(Vector3::new(0.2, -0.3, 0.9)), TILT);
    let ball = collision::Shape::Ball(collision::Ball::new(0.75).unwrap());
    let ps = outline(&ball, &pose, &camera, 64);
    assert_eq!(ps.len(), 64);
    for p in &ps {
        let s = camera.project(&(p - Point3::from(pose.translation.vector)));
        assert!(((s[0] * s[0] + s[1] * s[1]).sqrt() - 0.75).abs() < 1e-9);
    }
    // An axis-aligned cube seen along z: its outline is the square's four corners.
    let cube =
        collision::Shape::Cuboid(collision::Cuboid::new(Vector3::new(1.0, 2.0, 3.0)).unwrap());
    let top = Camera::facing(Some(Vector3::x()), 0.0);
    let side = Camera {
        right: Vector3::x(),
        up: Vector3::y(),
        toward: Vector3::z(),
    };
    let ps = outline(&cube, &Isometry3::identity(), &side, 64);
    assert_eq!(ps.len(), 4, "{ps:?}");
    for p in &ps {
        assert_eq!((p.x.abs(), p.y.abs()), (1.0, 2.0));
    }
    assert!(outline(&cube, &Isometry3::identity(), &top, 64).len() >= 4);
}

#[test]
fn window_fits_small_content_and_clips_huge_content_around_the_focus() {
    let c = Camera {
        right: Vector3::x(),
        up: Vector3::y(),
        toward: Vector3::z(),
    };
    let pts = [Point3::new(-1.0, 0.0, 5.0), Point3::new(3.0, 2.0, -4.0)];
    let w = Window::fit(&c, &pts, &Point3::origin(), 10.0);
    assert!((w.half - 0.6 * 4.0).abs() < 1e-12);
    assert!((w.center.x - 1.0).abs() < 1e-12 && (w.center.y - 1.0).abs() < 1e-12);
    assert!(pts.iter().all(|p| w.contains(&c, p)));
    let far = [Point3::new(-50.0, 0.0, 0.0), Point3::new(50.0, 1.0, 0.0)];
    let focus = Point3::new(0.5, 0.5, 0.0);
    let w = Window::fit(&c, &far, &focus, 10.0);
    assert_eq!((w.center, w.half), (focus, 5.0));
    assert!(!w.contains(&c, &far[0]));
    let w = Window::fit(&c, &[Point3::new(f64::NAN, 0.0, 0.0)], &focus, 2.0);
    assert_eq!((w.center, w.half), (focus, 1.0));
}
