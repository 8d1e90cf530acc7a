//! The window's replay logic, without a window: phases, playing at a speed, the
//! fixture list, reloads (by request and when the file changes), commands, warnings,
//! layers and scripts. Runs with and without the `window` feature.

use debugger::timeline::{
    Bound, Command, Layers, Phase, Player, Reload, SPEED_RANGE, Session, Warning, warnings,
};
use debugger::window::{
    KEY_ACTIONS, KeyAction, LineRole, PointRole, SceneBuilder, ScriptStep, View, parse_script,
};
use debugger::{FrameKind, Outcome, Replay, default_fixture, record_file};
use std::path::{Path, PathBuf};

fn corpus(name: &str) -> PathBuf {
    fixtures::corpus_dir().join(name)
}

/// A fresh folder under the target directory (removed first if a previous run left it).
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("timeline-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn copy(name: &str, dir: &Path) -> PathBuf {
    let to = dir.join(name);
    std::fs::copy(corpus(name), &to).unwrap();
    to
}

#[test]
fn every_step_has_the_phase_of_its_algorithm() {
    let cases = [
        (
            "book_diamond_sunk_into_ground.json",
            vec![Phase::Gjk, Phase::Epa],
        ),
        ("cuboid_cuboid_face_face_gap.json", vec![Phase::Gjk]),
        (
            "toi_spinning_boxes_near_contact.json",
            vec![Phase::TimeOfImpact],
        ),
        // A box answers a ray by its closed form: the shortcut, then the ray's result.
        ("ray_rotated_cuboid.json", vec![Phase::Ray, Phase::Shortcut]),
    ];
    for (name, present) in cases {
        let rec = record_file(corpus(name)).unwrap();
        let total: usize = Phase::ALL.iter().map(|p| p.count_in(&rec.frames)).sum();
        assert_eq!(total, rec.frames.len(), "{name}: every step has one phase");
        for phase in Phase::ALL {
            let count = phase.count_in(&rec.frames);
            assert_eq!(count > 0, present.contains(&phase), "{name}: {phase:?}");
            let first = phase.first_in(&rec.frames);
            assert_eq!(first.is_some(), count > 0, "{name}");
            if let Some(k) = first {
                assert_eq!(Phase::of(&rec.frames[k].kind), phase);
                assert!(rec.frames[..k].iter().all(|f| Phase::of(&f.kind) != phase));
            }
        }
    }
    // GJK's result comes right before EPA's first step in the default fixture.
    let rec = record_file(default_fixture()).unwrap();
    let epa = Phase::Epa.first_in(&rec.frames).unwrap();
    assert!(matches!(
        rec.frames[epa - 1].kind,
        FrameKind::GjkResult { .. }
    ));
    assert!(matches!(
        rec.frames[epa].kind,
        FrameKind::EpaStep { iteration: 1 }
    ));
    assert_eq!(
        Phase::ALL.map(Phase::label),
        ["GJK", "EPA", "time of impact", "ray", "shortcut"]
    );
}

fn replay(n: usize) -> Replay {
    let rec = record_file(corpus("cuboid_cuboid_deep.json")).unwrap();
    assert!(
        rec.frames.len() >= n,
        "cuboid_cuboid_deep has {} frames",
        rec.frames.len()
    );
    Replay::new(rec.frames[..n].to_vec())
}

#[test]
fn the_player_steps_at_its_speed_and_stops_at_the_ends() {
    let mut r = replay(8);
    let mut p = Player::default();
    assert!(!p.tick(10.0, &mut r), "paused: no step");
    p.set_speed(4.0);
    p.play(true, &mut r);
    // 0.125 s at 4 steps per second is half a step: exact in binary.
    let mut steps = Vec::new();
    for _ in 0..8 {
        p.tick(0.125, &mut r);
        steps.push(r.index());
    }
    assert_eq!(steps, [0, 1, 1, 2, 2, 3, 3, 4], "a step every 0.25 s");
    assert!(p.is_playing());
    // A long pause plays to the end and stops there.
    assert!(p.tick(100.0, &mut r));
    assert_eq!(r.index(), 7);
    assert!(!p.is_playing(), "stops at the last step");
    // Playing again from the end starts over.
    p.play(true, &mut r);
    assert_eq!(r.index(), 0);
    // Backwards from the first step starts from the last, then walks down.
    p.pause();
    p.play(false, &mut r);
    assert_eq!(r.index(), 7);
    p.set_speed(8.0);
    p.tick(0.25, &mut r);
    assert_eq!(r.index(), 5, "two steps back in 0.25 s at 8 per second");
    // Speeds clamp; NaN and negative times change nothing.
    p.set_speed(1e9);
    assert_eq!(p.speed(), SPEED_RANGE.1);
    p.set_speed(0.0);
    assert_eq!(p.speed(), SPEED_RANGE.0);
    p.set_speed(f64::NAN);
    assert_eq!(p.speed(), SPEED_RANGE.0);
    p.faster();
    assert_eq!(p.speed(), 2.0 * SPEED_RANGE.0);
    p.slower();
    p.slower();
    assert_eq!(p.speed(), SPEED_RANGE.0);
    assert!(!p.tick(-5.0, &mut r) && !p.tick(f64::NAN, &mut r));
    assert_eq!(r.index(), 5);
    p.toggle(&mut r);
    assert!(!p.is_playing());
    // An empty replay does not play.
    let mut empty = Replay::default();
    p.play(true, &mut empty);
    assert!(!p.is_playing());
    assert!(!p.tick(1.0, &mut empty));
}

#[test]
fn a_folder_lists_its_fixtures_and_a_broken_one_keeps_the_last_replay() {
    let dir = scratch("folder");
    for name in [
        "cuboid_cuboid_deep.json",
        "ray_rotated_cuboid.json",
        "toi_ball_ball_head_on.json",
    ] {
        copy(name, &dir);
    }
    std::fs::write(dir.join("broken.json"), "{ \"name\": ").unwrap();
    std::fs::write(dir.join("notes.txt"), "not a fixture").unwrap();
    let mut s = Session::open(&dir).unwrap();
    let names: Vec<String> = s
        .files()
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        names,
        [
            "broken.json",
            "cuboid_cuboid_deep.json",
            "ray_rotated_cuboid.json",
            "toi_ball_ball_head_on.json"
        ]
    );
    // The first is broken: an error naming it, nothing to show yet.
    assert!(
        s.error().unwrap().contains("broken.json"),
        "{:?}",
        s.error()
    );
    assert!(s.recording().is_none() && s.replay().is_empty());
    assert_eq!(s.next_fixture(), Some(Reload::Loaded));
    assert_eq!(s.recording().unwrap().name, "cuboid_cuboid_deep");
    assert_eq!(s.error(), None);
    s.apply(Command::Last);
    assert_eq!(s.apply(Command::NextFixture), Some(Reload::Loaded));
    assert_eq!(s.recording().unwrap().query, "ray_cast");
    assert_eq!(
        s.replay().index(),
        0,
        "a new fixture starts at its first step"
    );
    assert_eq!(
        s.apply(Command::Fixture(99)),
        Some(Reload::Loaded),
        "clamped"
    );
    assert_eq!(s.current(), 3);
    assert_eq!(s.recording().unwrap().query, "time_of_impact");
    assert_eq!(s.apply(Command::Fixture(3)), None, "already there");
    // Wrapping to the broken one: its error, and the last good replay stays.
    let Some(Reload::Failed(message)) = s.next_fixture() else {
        panic!("broken.json loaded");
    };
    assert!(message.contains("broken.json"), "{message}");
    assert_eq!(s.current(), 0);
    assert_eq!(s.recording().unwrap().query, "time_of_impact");
    assert_eq!(
        s.shown_path().unwrap(),
        dir.join("toi_ball_ball_head_on.json")
    );
    assert_eq!(s.prev_fixture(), Some(Reload::Loaded));
    assert_eq!(s.current(), 3);
    // A folder without fixtures, and a path that does not exist, are errors.
    let empty = scratch("empty");
    assert!(
        Session::open(&empty)
            .unwrap_err()
            .to_string()
            .contains("no .json")
    );
    assert!(Session::open(&empty.join("nothing.json")).is_err());
}

#[test]
fn an_edited_fixture_is_reloaded_and_a_broken_edit_keeps_the_replay() {
    let dir = scratch("reload");
    let path = copy("cuboid_cuboid_deep.json", &dir);
    let good = std::fs::read_to_string(&path).unwrap();
    let mut s = Session::open(&path).unwrap();
    assert_eq!(s.files(), std::slice::from_ref(&path));
    let n = s.replay().len();
    let generation = s.generation();
    s.apply(Command::Seek(3));
    assert_eq!(s.poll(), None, "unchanged");
    // Move B: the depth changes (an edit of another length, so the stamp differs
    // even on a file system with coarse modification times).
    let mut value: serde_json::Value = serde_json::from_str(&good).unwrap();
    value["pose_b"]["translation"][0] = serde_json::json!(0.3125);
    std::fs::write(
        &path,
        serde_json::to_string_pretty(&value).unwrap() + "\n\n",
    )
    .unwrap();
    assert_eq!(s.poll(), Some(Reload::Loaded));
    assert_eq!(s.generation(), generation + 1);
    assert_eq!(
        s.replay().index(),
        3.min(s.replay().len() - 1),
        "the step stays"
    );
    assert_eq!(s.recording().unwrap().scene.pose_b.translation.x, 0.3125);
    assert_eq!(s.poll(), None, "read once");
    // A malformed edit: the error names the file and the line; the replay stays.
    let before = s.recording().unwrap().frames.clone();
    std::fs::write(&path, &good[..good.len() / 2]).unwrap();
    let Some(Reload::Failed(message)) = s.poll() else {
        panic!("a truncated fixture loaded");
    };
    assert!(message.contains("cuboid_cuboid_deep.json"), "{message}");
    assert!(message.contains("line"), "{message}");
    assert_eq!(s.error(), Some(message.as_str()));
    assert_eq!(s.recording().unwrap().frames, before);
    assert_eq!(s.generation(), generation + 1);
    assert_eq!(
        s.poll(),
        None,
        "a broken file is not read again until it changes"
    );
    // A key reload reads it again (still broken), then the fix loads.
    assert!(matches!(s.apply(Command::Reload), Some(Reload::Failed(_))));
    std::fs::write(&path, &good).unwrap();
    assert_eq!(s.poll(), Some(Reload::Loaded));
    assert_eq!(s.error(), None);
    assert_eq!(s.replay().len(), n);
    // A deleted file is a failed reload; the replay stays.
    std::fs::remove_file(&path).unwrap();
    assert!(matches!(s.poll(), Some(Reload::Failed(_))));
    assert_eq!(s.replay().len(), n);
}

#[test]
fn commands_move_the_cursor_and_manual_moves_pause() {
    let mut s = Session::open(&default_fixture()).unwrap();
    let n = s.replay().len();
    s.apply(Command::Play(true));
    assert!(s.player.is_playing());
    s.apply(Command::Next);
    assert!(!s.player.is_playing(), "stepping by hand pauses");
    assert_eq!(s.replay().index(), 1);
    s.apply(Command::Last);
    assert_eq!(s.replay().index(), n - 1);
    s.apply(Command::Prev);
    assert_eq!(s.replay().index(), n - 2);
    s.apply(Command::First);
    assert_eq!(s.replay().index(), 0);
    s.apply(Command::Seek(usize::MAX));
    assert_eq!(s.replay().index(), n - 1);
    let frames = s.replay().frames().to_vec();
    s.apply(Command::Phase(Phase::Epa));
    assert_eq!(Some(s.replay().index()), Phase::Epa.first_in(&frames));
    s.apply(Command::Phase(Phase::Ray));
    assert_eq!(
        Some(s.replay().index()),
        Phase::Epa.first_in(&frames),
        "no ray step"
    );
    s.apply(Command::Speed(8.0));
    s.apply(Command::Faster);
    assert_eq!(s.player.speed(), 16.0);
    s.apply(Command::Slower);
    s.apply(Command::TogglePlay);
    assert!(s.player.is_playing() && s.player.is_forward());
    assert!(s.tick(0.25), "two steps at 8 per second");
    s.apply(Command::Pause);
    assert!(!s.player.is_playing());
    assert_eq!(s.apply(Command::NextFixture), None, "one fixture");
    assert_eq!(s.apply(Command::Reload), Some(Reload::Loaded));
}

fn has(ws: &[Warning], f: impl Fn(&Warning) -> bool) -> bool {
    ws.iter().any(f)
}

#[test]
fn warnings_flag_what_a_failure_looks_like() {
    // A converged run has no limit or status warning.
    let rec = record_file(default_fixture()).unwrap();
    let clean = warnings(&rec);
    assert_eq!(clean.len(), rec.frames.len());
    assert!(!clean.iter().flatten().any(|w| matches!(
        w,
        Warning::IterationLimit | Warning::CapacityLimit | Warning::NotConverged { .. }
    )));
    // Edit the recording: every warning appears where it was planted.
    let mut bad = rec.clone();
    let gjk: Vec<usize> = (0..bad.frames.len())
        .filter(|&k| matches!(bad.frames[k].kind, FrameKind::GjkStep { .. }))
        .collect();
    assert!(gjk.len() >= 2, "the default fixture runs GJK steps");
    let (g0, g1) = (gjk[0], gjk[1]);
    bad.frames[g1].upper_bound = bad.frames[g0].upper_bound * 2.0 + 1.0;
    bad.frames[g1].lower_bound = bad.frames[g0].lower_bound - 1.0;
    let w0 = bad.frames[g0].vertices[0];
    let mut support = bad.frames[g0].support.unwrap();
    support.w = w0.w;
    bad.frames[g0].support = Some(support);
    let gjk_result = bad
        .frames
        .iter()
        .position(|f| matches!(f.kind, FrameKind::GjkResult { .. }))
        .unwrap();
    bad.frames[gjk_result].kind = FrameKind::GjkResult {
        status: collision::gjk::GjkStatus::MaxIterations,
    };
    let last = bad.frames.len() - 1;
    bad.frames[last].kind = FrameKind::EpaResult {
        status: collision::epa::EpaStatus::OutOfCapacity,
    };
    bad.outcome = Outcome::Failed {
        message: "EPA ran out of capacity".to_string(),
    };
    let w = warnings(&bad);
    assert!(
        has(&w[g0], |x| *x == Warning::RepeatedSupport { vertex: 0 }),
        "{:?}",
        w[g0]
    );
    let upper = Warning::BoundWrongWay {
        bound: Bound::Upper,
        from: bad.frames[g0].upper_bound,
        to: bad.frames[g1].upper_bound,
    };
    assert!(w[g1].contains(&upper), "{:?}", w[g1]);
    assert!(has(&w[g1], |x| matches!(
        x,
        Warning::BoundWrongWay {
            bound: Bound::Lower,
            ..
        }
    )));
    assert!(w[gjk_result].contains(&Warning::IterationLimit));
    assert!(w[last].contains(&Warning::CapacityLimit));
    assert!(w[last].contains(&Warning::NotConverged {
        status: "EPA ran out of capacity".to_string()
    }));
    for x in w.iter().flatten() {
        assert!(!x.to_string().is_empty());
    }
    assert!(upper.to_string().contains("upper bound rose"), "{upper}");
}

#[test]
fn touching_shapes_warn_that_the_origin_lies_on_the_simplex() {
    // Two boxes touching face to face: GJK ends with the origin on the simplex.
    let name = "cuboid_cuboid_touching_faces.json";
    let rec = record_file(corpus(name)).unwrap();
    let w = warnings(&rec);
    assert!(
        w.iter()
            .flatten()
            .any(|x| matches!(x, Warning::OriginOnFeature { .. })),
        "{name}: {w:?}"
    );
    // Well separated: the origin is on no feature. (A symmetric deep overlap, such as
    // cuboid_cuboid_deep, does put it on a GJK edge and on EPA's first faces.)
    for name in ["cuboid_capsule_far_apart.json", "ball_ball_separated.json"] {
        let rec = record_file(corpus(name)).unwrap();
        let w = warnings(&rec);
        assert!(
            !w.iter()
                .flatten()
                .any(|x| matches!(x, Warning::OriginOnFeature { .. })),
            "{name}: {w:?}"
        );
    }
}

#[test]
fn layers_keep_only_the_groups_turned_on() {
    let rec = record_file(default_fixture()).unwrap();
    let builder = SceneBuilder::new(&rec);
    let epa = Phase::Epa.first_in(&rec.frames).unwrap();
    for view in [View::Configuration, View::World] {
        let scene = builder.scene(epa, view).unwrap();
        let all = Layers {
            grid: true,
            ..Layers::default()
        };
        let shown = scene.with_layers(&all);
        assert_eq!(shown.faces, scene.faces, "{view:?}");
        assert_eq!(shown.markers, scene.markers);
        assert!(shown.segment_count(LineRole::Grid) > 0);
        let default = scene.with_layers(&Layers::default());
        assert_eq!(default.segment_count(LineRole::Grid), 0);
        assert_eq!(
            default.segment_count(LineRole::Axis),
            0,
            "axes go with the grid"
        );
        let mut none = Layers::default();
        for (_, on) in none.toggles() {
            *on = false;
        }
        let empty = scene.with_layers(&none);
        assert!(empty.faces.is_empty() && empty.segments.is_empty() && empty.markers.is_empty());
        assert!(empty.caption.is_empty(), "labels off: no caption");
        let grid = scene.with_layers(&Layers { grid: true, ..none });
        assert!(grid.faces.is_empty());
        assert!(
            grid.segments
                .iter()
                .all(|s| matches!(s.role, LineRole::Grid | LineRole::Axis))
        );
        assert!(grid.markers.iter().all(|m| m.role == PointRole::Origin));
    }
    let scene = builder.scene(epa, View::Configuration).unwrap();
    let only_simplex = scene.with_layers(&Layers {
        simplex: true,
        ..Layers {
            shapes: false,
            difference: false,
            simplex: false,
            direction: false,
            witnesses: false,
            labels: false,
            grid: false,
        }
    });
    assert!(only_simplex.segment_count(LineRole::Edge) > 0);
    assert_eq!(only_simplex.segment_count(LineRole::Difference), 0);
    assert_eq!(only_simplex.segment_count(LineRole::Direction), 0);
}

#[test]
fn scripts_name_the_window_shortcuts() {
    let steps =
        parse_script("next,last, reload  next-fixture,snap,wait-change,wait:250,quit").unwrap();
    assert_eq!(
        steps,
        [
            ScriptStep::Press(KeyAction::Next),
            ScriptStep::Press(KeyAction::Last),
            ScriptStep::Press(KeyAction::Reload),
            ScriptStep::Press(KeyAction::NextFixture),
            ScriptStep::Snap,
            ScriptStep::WaitChange,
            ScriptStep::Wait(250),
            ScriptStep::Press(KeyAction::Quit),
        ]
    );
    let err = parse_script("next,jump").unwrap_err();
    assert!(
        err.contains("`jump`") && err.contains("next-fixture"),
        "{err}"
    );
    assert!(
        parse_script("wait:soon")
            .unwrap_err()
            .contains("wait:MILLISECONDS")
    );
    for (shortcut, name, keys) in KEY_ACTIONS {
        assert_eq!(KeyAction::named(name), Some(shortcut));
        assert!(!keys.is_empty());
    }
    assert_eq!(KeyAction::Reload.command(), Some(Command::Reload));
    assert_eq!(KeyAction::Screenshot.command(), None);
}
