//! The 3D front end's scenes, built without a GPU: what each frame draws matches the
//! frame (counts of faces, edges and points by role, positions through the framing), no
//! coordinate is NaN, the highlighted face is a face of the polytope, and frames differ.

use debugger::window::scene::{CLIP, EYE_DISTANCE};
use debugger::window::{FaceRole, LineRole, PointRole, Scene3d, SceneBuilder, View};
use debugger::{Frame, FrameKind, Recording, record_file};
use nalgebra::Point3;

fn fixture(name: &str) -> Recording {
    let path = format!(
        "{}/../fixtures/data/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    record_file(&path).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Every fixture in the corpus, by file stem.
fn corpus() -> Vec<String> {
    let names: Vec<String> = fixtures::corpus_files()
        .expect("fixtures/data is readable")
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    assert!(names.len() > 40, "corpus not found: {names:?}");
    names
}

fn all_points(s: &Scene3d) -> Vec<[f32; 3]> {
    let mut out: Vec<[f32; 3]> = s.faces.iter().flat_map(|f| f.corners).collect();
    out.extend(s.segments.iter().flat_map(|g| g.ends));
    out.extend(s.markers.iter().map(|m| m.at));
    out
}

fn distinct<T: PartialEq + Copy>(items: impl IntoIterator<Item = T>) -> Vec<T> {
    let mut out = Vec::new();
    for x in items {
        if !out.contains(&x) {
            out.push(x);
        }
    }
    out
}

/// `q` is `p` seen through the scene's framing, to f32 precision of the view's radius.
fn assert_drawn_at(s: &Scene3d, q: [f32; 3], p: &Point3<f64>, what: &str) {
    let back = s.framing.from_display(q);
    let err = (back - p).norm();
    let tol = 1e-6 * s.framing.radius.max(p.coords.norm());
    assert!(
        err <= tol,
        "{what}: drawn at {back:?}, is {p:?} (error {err:e} > {tol:e})"
    );
}

/// The configuration scene of `f` draws exactly the frame's polytope.
fn check_configuration(name: &str, f: &Frame, s: &Scene3d) {
    let ctx = format!("{name} frame {} ({})", s.index + 1, f.label());
    assert_eq!(s.view, View::Configuration);
    assert_eq!(s.left_out, 0, "{ctx}: elements left out");
    // Faces: kept + removed, one of them (or an extra one) highlighted as nearest.
    let nearest = s.face_count(FaceRole::Nearest);
    assert_eq!(
        nearest,
        usize::from(f.closest_face.is_some()),
        "{ctx}: nearest"
    );
    let polytope_faces = s.face_count(FaceRole::Polytope) + s.face_count(FaceRole::Removed);
    let listed = f.triangles.len() + f.removed.len();
    assert!(
        polytope_faces + nearest == listed || (polytope_faces == listed && nearest == 1),
        "{ctx}: {polytope_faces} + {nearest} faces drawn for {listed}"
    );
    assert!(s.face_count(FaceRole::Removed) <= f.removed.len(), "{ctx}");
    assert!(
        s.face_count(FaceRole::Removed) + 1 >= f.removed.len(),
        "{ctx}"
    );
    assert_eq!(
        s.segment_count(LineRole::Edge),
        f.edges.len(),
        "{ctx}: edges"
    );
    assert_eq!(s.segment_count(LineRole::Horizon), f.horizon.len(), "{ctx}");
    let horizon_vertices = distinct(f.horizon.iter().flatten().copied()).len();
    let fan = if f.support.is_some() {
        horizon_vertices
    } else {
        0
    };
    assert_eq!(s.segment_count(LineRole::Fan), fan, "{ctx}: fan");
    assert_eq!(s.marker_count(PointRole::Vertex), f.vertices.len(), "{ctx}");
    assert_eq!(
        s.marker_count(PointRole::Support),
        usize::from(f.support.is_some()),
        "{ctx}"
    );
    assert_eq!(s.marker_count(PointRole::Origin), 1, "{ctx}");
    assert_eq!(s.marker_count(PointRole::Closest), 1, "{ctx}");
    assert_eq!(s.segment_count(LineRole::Axis), 3, "{ctx}");
    assert_eq!(
        s.segment_count(LineRole::Direction),
        usize::from(f.direction.is_some()),
        "{ctx}"
    );
    // Positions: vertices in order, the support point, v, the origin.
    let vertices: Vec<_> = s
        .markers
        .iter()
        .filter(|m| m.role == PointRole::Vertex)
        .collect();
    for (m, v) in vertices.iter().zip(&f.vertices) {
        assert_drawn_at(s, m.at, &v.w, &ctx);
    }
    let at = |role| s.markers.iter().find(|m| m.role == role).unwrap().at;
    if let Some(w) = &f.support {
        assert_drawn_at(s, at(PointRole::Support), &w.w, &ctx);
    }
    assert_drawn_at(s, at(PointRole::Closest), &f.closest, &ctx);
    assert_eq!(
        at(PointRole::Origin),
        [0.0; 3],
        "{ctx}: origin at the centre"
    );
    // The nearest face is a face of the polytope: its corners are the vertices of the
    // frame's closest face, in a listed triangle or removed face.
    if let Some(c) = f.closest_face {
        let face = s
            .faces
            .iter()
            .find(|g| g.role == FaceRole::Nearest)
            .unwrap();
        let listed = f.triangles.iter().chain(&f.removed).any(|t| {
            let (mut a, mut b) = (*t, c);
            a.sort_unstable();
            b.sort_unstable();
            a == b
        });
        assert!(
            listed,
            "{ctx}: closest face {c:?} is not a face of the polytope"
        );
        for (q, &i) in face.corners.iter().zip(&c) {
            assert_drawn_at(s, *q, &f.vertices[i].w, &ctx);
        }
    }
    // The polytope fits the view: the framing's radius is the farthest point of any frame.
    for m in &vertices {
        let r = m.at.iter().map(|c| c * c).sum::<f32>().sqrt();
        assert!(r <= 1.0 + 1e-5, "{ctx}: vertex at display radius {r}");
    }
}

fn check_world(name: &str, f: &Frame, s: &Scene3d) {
    let ctx = format!("{name} frame {} world", s.index + 1);
    assert_eq!(s.left_out, 0, "{ctx}");
    assert_eq!(s.marker_count(PointRole::WitnessA), 1, "{ctx}");
    assert_eq!(s.marker_count(PointRole::WitnessB), 1, "{ctx}");
    let at = |role| s.markers.iter().find(|m| m.role == role).unwrap().at;
    assert_drawn_at(s, at(PointRole::WitnessA), &f.witness_a, &ctx);
    assert_drawn_at(s, at(PointRole::WitnessB), &f.witness_b, &ctx);
    assert_eq!(s.face_count(FaceRole::Polytope), 0, "{ctx}");
    // Every shape is drawn: faces for solids, edges for flat or thin ones; a ray cast's
    // frames draw A and the ray instead of B.
    let ray = matches!(
        f.kind,
        FrameKind::RayStep { .. } | FrameKind::RayResult { .. }
    ) || matches!(
        f.shortcut.as_deref(),
        Some(collision::observer::Shortcut::Ray(_))
    );
    let shapes = if ray { 1 } else { 2 };
    if ray {
        let b = s.face_count(FaceRole::ShapeB) + s.segment_count(LineRole::ShapeB);
        assert_eq!(b, 0, "{ctx}: B drawn for a ray cast");
    }
    // The ray runs from its origin to the ray point: there once the point has moved.
    let moved = match f.kind {
        FrameKind::RayStep { lambda, .. } => lambda > 0.0,
        FrameKind::RayResult { hit } => hit,
        _ => false,
    };
    let rays = s.segment_count(LineRole::Ray);
    assert!(
        rays <= usize::from(ray) && rays >= usize::from(moved),
        "{ctx}: {rays} ray segments"
    );
    for (faces, lines) in [
        (FaceRole::ShapeA, LineRole::ShapeA),
        (FaceRole::ShapeB, LineRole::ShapeB),
    ]
    .into_iter()
    .take(shapes)
    {
        assert!(
            s.face_count(faces) + s.segment_count(lines) > 0 || name.contains("point"),
            "{ctx}: {faces:?} not drawn"
        );
    }
}

#[test]
fn default_fixture_scenes_match_every_frame() {
    let rec = fixture("book_diamond_sunk_into_ground");
    let builder = SceneBuilder::new(&rec);
    assert_eq!(builder.len(), rec.frames.len());
    assert!(rec.epa_step_count() >= 1, "the default runs EPA");
    for (i, f) in rec.frames.iter().enumerate() {
        let s = builder.scene(i, View::Configuration).unwrap();
        assert_eq!(s.index, i);
        check_configuration("default", f, &s);
        assert!(s.caption[0].starts_with(&format!("frame {}/{}", i + 1, rec.frames.len())));
        // A − B (a diamond minus a slab: a solid) is drawn faintly around the polytope.
        assert!(
            s.face_count(FaceRole::Difference) >= 8,
            "{}",
            s.face_count(FaceRole::Difference)
        );
        check_world("default", f, &builder.scene(i, View::World).unwrap());
    }
    // Its EPA run starts from GJK's tetrahedron, whose nearest face already lies on the
    // slab's top (the diamond's 56 vertices are scanned, and the scan's first maximiser
    // among tied vertices puts it there): the one step gains nothing over that face, which
    // is highlighted among the other three; nothing is removed, no horizon.
    assert_eq!(rec.epa_step_count(), 1);
    let epa = rec
        .frames
        .iter()
        .rposition(|f| matches!(f.kind, FrameKind::EpaStep { .. }))
        .unwrap();
    let s = builder.scene(epa, View::Configuration).unwrap();
    assert!(rec.frames[epa].caption.contains("gains nothing"));
    assert_eq!(s.face_count(FaceRole::Nearest), 1);
    assert_eq!(s.face_count(FaceRole::Polytope), 3);
    assert_eq!(s.face_count(FaceRole::Removed), 0);
    assert_eq!(s.segment_count(LineRole::Horizon), 0);
    // Out of range clamps to the last frame, like Replay::seek.
    let last = builder.scene(usize::MAX, View::Configuration).unwrap();
    assert_eq!(last.index, rec.frames.len() - 1);
    assert!(last.caption.last().unwrap().starts_with("status: contact"));
}

#[test]
fn an_expanding_epa_step_draws_removed_faces_horizon_and_fan() {
    // Two deeply overlapping boxes: EPA expands its polytope several times. The nearest
    // face is one the new support point sees, so it is drawn as the nearest face in
    // place of one removed face.
    let rec = fixture("cuboid_cuboid_deep");
    let builder = SceneBuilder::new(&rec);
    let mut expanding = 0;
    for (i, f) in rec.frames.iter().enumerate() {
        if !matches!(f.kind, FrameKind::EpaStep { .. }) || f.horizon.is_empty() {
            continue;
        }
        expanding += 1;
        let s = builder.scene(i, View::Configuration).unwrap();
        let c = f.closest_face.unwrap();
        let removed_nearest = f.removed.iter().any(|t| {
            let (mut a, mut b) = (*t, c);
            a.sort_unstable();
            b.sort_unstable();
            a == b
        });
        assert!(
            removed_nearest,
            "frame {}: the nearest face is not removed",
            i + 1
        );
        assert_eq!(s.face_count(FaceRole::Removed), f.removed.len() - 1);
        assert_eq!(s.face_count(FaceRole::Polytope), f.triangles.len());
        assert!(f.horizon.len() >= 3, "a horizon is a closed loop");
        assert_eq!(s.segment_count(LineRole::Horizon), f.horizon.len());
        // A closed horizon loop has as many vertices as edges: one fan edge each.
        assert_eq!(s.segment_count(LineRole::Fan), f.horizon.len());
        // The fan meets at the support point.
        let w = s
            .markers
            .iter()
            .find(|m| m.role == PointRole::Support)
            .unwrap()
            .at;
        for g in s.segments.iter().filter(|g| g.role == LineRole::Fan) {
            assert_eq!(g.ends[1], w);
        }
    }
    assert!(expanding >= 3, "{expanding} expanding EPA steps");
}

#[test]
fn consecutive_frames_draw_different_scenes() {
    let rec = fixture("book_diamond_sunk_into_ground");
    let builder = SceneBuilder::new(&rec);
    let scenes: Vec<Scene3d> = (0..builder.len())
        .map(|i| builder.scene(i, View::Configuration).unwrap())
        .collect();
    for pair in scenes.windows(2) {
        let differ = pair[0].faces != pair[1].faces
            || pair[0].segments != pair[1].segments
            || pair[0].markers != pair[1].markers;
        assert!(
            differ,
            "frames {} and {} draw alike",
            pair[0].index + 1,
            pair[1].index + 1
        );
        assert_ne!(pair[0].caption, pair[1].caption);
        // One framing and one camera for all frames: stepping shows real motion.
        assert_eq!(pair[0].framing, pair[1].framing);
        assert_eq!(pair[0].eye, pair[1].eye);
    }
}

#[test]
fn every_corpus_fixture_builds_finite_scenes_that_match_its_frames() {
    let mut frames_seen = 0;
    let mut epa_frames = 0;
    for name in corpus() {
        let rec = fixture(&name);
        let builder = SceneBuilder::new(&rec);
        if rec.frames.is_empty() {
            assert!(builder.scene(0, View::Configuration).is_none(), "{name}");
            continue;
        }
        for (i, f) in rec.frames.iter().enumerate() {
            for view in [View::Configuration, View::World] {
                let s = builder.scene(i, view).unwrap();
                let points = all_points(&s);
                assert!(
                    points.iter().flatten().all(|c| c.is_finite()),
                    "{name} frame {}: non-finite display coordinate",
                    i + 1
                );
                // Faces and segments are clipped to the display cube.
                let reach = s
                    .faces
                    .iter()
                    .flat_map(|f| f.corners)
                    .chain(s.segments.iter().flat_map(|g| g.ends))
                    .flatten()
                    .fold(0.0f32, |m, c| m.max(c.abs()));
                assert!(
                    f64::from(reach) <= CLIP * (1.0 + 1e-6),
                    "{name}: reach {reach}"
                );
                let eye = s.eye.iter().map(|c| c * c).sum::<f32>().sqrt();
                assert!((eye - EYE_DISTANCE).abs() < 1e-4, "{name}: eye at {eye}");
                match view {
                    View::Configuration => check_configuration(&name, f, &s),
                    View::World => check_world(&name, f, &s),
                }
            }
            frames_seen += 1;
            epa_frames += usize::from(matches!(f.kind, FrameKind::EpaStep { .. }));
        }
    }
    // The corpus exercises both algorithms (a coverage check on the sample).
    assert!(frames_seen > 150, "{frames_seen} frames");
    assert!(epa_frames > 20, "{epa_frames} EPA frames");
}

#[test]
fn meshes_of_boxes_are_exact_and_flat_shapes_are_drawn_as_edges() {
    // A cube of half-extent 1 and a ball of radius 0.2: the cube's mesh is its 8
    // corners, 12 triangles and the 12 edges of its 6 square faces; a segment has no
    // volume and draws as edges.
    let rec = fixture("cuboid_contains_ball");
    let builder = SceneBuilder::new(&rec);
    let (a, b, difference) = builder.meshes();
    assert_eq!(a.vertices.len(), 8);
    assert_eq!(a.triangles.len(), 12);
    assert_eq!(a.edges.len(), 12);
    for v in &a.vertices {
        assert!(v.iter().all(|c| (c.abs() - 1.0).abs() < 1e-12), "{v:?}");
    }
    assert!(
        b.triangles.len() > 200 && b.edges.is_empty(),
        "a ball is curved"
    );
    for v in &b.vertices {
        assert!((v.coords.norm() - 0.2).abs() < 1e-12, "{v:?}");
    }
    assert!(!difference.triangles.is_empty());
    let rec = fixture("segment_segment_skew");
    let builder = SceneBuilder::new(&rec);
    let (a, _, _) = builder.meshes();
    assert!(a.triangles.is_empty());
    assert_eq!(a.vertices.len(), 2, "{:?}", a.vertices);
    assert_eq!(a.edges.len(), 1);
}

#[test]
fn moving_shapes_are_drawn_at_each_frames_poses() {
    // Time of impact: the frames carry the shapes' poses at the step's time, so the
    // world view of the first and last steps shows A in different places.
    let rec = fixture("book_ccd_ball_diamond_translating");
    let builder = SceneBuilder::new(&rec);
    assert!(rec.frames.len() >= 2, "{}", rec.frames.len());
    let centroid = |s: &Scene3d, role| {
        let pts: Vec<[f32; 3]> = s
            .faces
            .iter()
            .filter(|f| f.role == role)
            .flat_map(|f| f.corners)
            .collect();
        assert!(!pts.is_empty());
        let n = pts.len() as f32;
        [0, 1, 2].map(|k| pts.iter().map(|p| p[k]).sum::<f32>() / n)
    };
    let first = builder.scene(0, View::World).unwrap();
    let last = builder.scene(rec.frames.len() - 1, View::World).unwrap();
    let (ca, cb) = (
        centroid(&first, FaceRole::ShapeA),
        centroid(&last, FaceRole::ShapeA),
    );
    let moved = ((0..3).map(|k| (ca[k] - cb[k]).powi(2)).sum::<f32>()).sqrt();
    let cb0 = centroid(&first, FaceRole::ShapeB);
    let cb1 = centroid(&last, FaceRole::ShapeB);
    let moved_b = ((0..3).map(|k| (cb0[k] - cb1[k]).powi(2)).sum::<f32>()).sqrt();
    assert!(
        moved + moved_b > 0.05,
        "A moved {moved}, B moved {moved_b} (display units)"
    );
    // The configuration view of a time-of-impact step has no polytope and no A − B.
    let s = builder.scene(0, View::Configuration).unwrap();
    assert_eq!(s.faces.len(), 0);
    assert_eq!(s.marker_count(PointRole::Closest), 1);
}

#[test]
fn a_recording_without_frames_has_no_scene() {
    let mut rec = fixture("ray_cuboid_face");
    rec.frames.clear();
    let builder = SceneBuilder::new(&rec);
    assert!(builder.is_empty());
    assert!(builder.scene(0, View::World).is_none());
}

#[test]
fn far_offsets_keep_their_precision_in_display_coordinates() {
    // Boxes 1e6 from the origin: the world view subtracts its centre in f64 first, so
    // the witness points are drawn within f32 precision of the view, not of 1e6.
    let rec = fixture("book_boxes_offset_1e6");
    let builder = SceneBuilder::new(&rec);
    let s = builder.scene(usize::MAX, View::World).unwrap();
    assert!(s.framing.centre.coords.norm() > 1e5);
    assert!(s.framing.radius < 1e3, "{}", s.framing.radius);
    let f = rec.frames.last().unwrap();
    let at = |role| s.markers.iter().find(|m| m.role == role).unwrap().at;
    assert_drawn_at(&s, at(PointRole::WitnessA), &f.witness_a, "offset a");
    assert_drawn_at(&s, at(PointRole::WitnessB), &f.witness_b, "offset b");
}

/// Shortcut frames in the world view: a point-core closed form draws both balls as three
/// great circles each, every circle point at its ball's radius from its centre, and the
/// line between the centres; the box–box separating-axis frame draws each tested axis
/// through A's centre, the winner once and along the contact normal.
#[test]
fn shortcut_frames_draw_their_balls_and_axes() {
    // Balls of radius 1 and 0.5 at (0, 0, 0) and (0, 3, 4).
    let r = fixture("ball_ball_separated");
    let s = SceneBuilder::new(&r).scene(0, View::World).unwrap();
    assert_eq!(s.left_out, 0);
    assert_eq!(s.segment_count(LineRole::ShortcutBall), 2 * 3 * 48);
    assert_eq!(s.segment_count(LineRole::CentreLine), 1);
    let back = |q: [f32; 3]| s.framing.from_display(q);
    let tol = 1e-5 * s.framing.radius;
    let centres = [(Point3::origin(), 1.0), (Point3::new(0.0, 3.0, 4.0), 0.5)];
    for g in s
        .segments
        .iter()
        .filter(|g| g.role == LineRole::ShortcutBall)
    {
        for end in g.ends.map(back) {
            let on_a_ball = centres
                .iter()
                .any(|(c, radius)| ((end - c).norm() - radius).abs() < tol);
            assert!(on_a_ball, "{end:?} is on neither ball");
        }
    }
    let line = s
        .segments
        .iter()
        .find(|g| g.role == LineRole::CentreLine)
        .unwrap();
    assert!((back(line.ends[0]) - centres[0].0).norm() < tol);
    assert!((back(line.ends[1]) - centres[1].0).norm() < tol);

    // Unit cubes with crossed edges: 15 axes tested, the edge-edge one along x wins.
    let r = fixture("cuboid_cuboid_edge_edge_penetrating");
    let last = r.frames.len() - 1;
    let s = SceneBuilder::new(&r).scene(last, View::World).unwrap();
    assert_eq!(s.segment_count(LineRole::SatWinner), 1);
    assert_eq!(s.segment_count(LineRole::SatAxis), 14);
    let winner = s
        .segments
        .iter()
        .find(|g| g.role == LineRole::SatWinner)
        .unwrap();
    let along = (back(winner.ends[1]) - back(winner.ends[0])).normalize();
    let normal = r.frames[last].direction.expect("the contact normal");
    assert!(
        along.dot(&normal.normalize()).abs() > 1.0 - 1e-5,
        "{along:?} vs {normal:?}"
    );
}
