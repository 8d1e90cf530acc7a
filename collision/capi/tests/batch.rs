//! The batch calls give, pair for pair, exactly the single calls' answers and statuses:
//! 3,000 seeded pairs over 24 shapes of every built-in kind (a few pairs with an index
//! out of range, a bad pose or a destroyed handle), through `collision::batch` (on all
//! cores with the `parallel` feature), and again with a user shape in the scene (the
//! sequential path); then 300 pairs over a scene of 4,000 entries (the 24 handles
//! repeated, each entry its own pose), whose calls check only the pairs' entries; and
//! batches of 64 pairs, which read each pair's entries as it runs.

// The test defines a C support callback and reads the library's C string.
#![allow(unsafe_code)]

mod common;

use collision_capi::*;
use common::Lcg;
use std::ffi::c_void;
use std::ptr::{null, null_mut};

/// Support callback of the unit-radius ball scaled by `*(user as *const f64)`.
unsafe extern "C" fn ball_support(user: *mut c_void, dir: *const f64, out: *mut f64) {
    // SAFETY: the test passes a pointer to an f64 radius, and the library passes three
    // readable and three writable doubles.
    unsafe {
        let r = *(user as *const f64);
        let d = std::slice::from_raw_parts(dir, 3);
        let n = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt();
        for (k, dk) in d.iter().enumerate() {
            *out.add(k) = if n > 0.0 { r * dk / n } else { 0.0 };
        }
    }
}

fn ok(status: CollStatus) {
    assert_eq!(status, CollStatus::Ok, "{:?}", unsafe {
        std::ffi::CStr::from_ptr(coll_last_error_message())
    });
}

/// Every kind of built-in shape, a few sizes each.
fn shapes(rng: &mut Lcg, radius: &f64, with_user: bool) -> Vec<*mut CollShape> {
    let mut out = Vec::new();
    for k in 0..24 {
        let mut s = null_mut();
        let (h, r) = (rng.range(0.1, 1.0), rng.range(0.1, 1.0));
        let p = [
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
        ];
        let q = [
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
        ];
        let c = [
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
        ];
        let status = match k % 12 {
            0 => coll_ball_create(r, &mut s),
            1 => coll_cuboid_create([h, r, 0.5].as_ptr(), &mut s),
            2 => coll_capsule_create(h, r, &mut s),
            3 => coll_cylinder_create(h, r, &mut s),
            4 => coll_cone_create(h, r, &mut s),
            5 => coll_segment_create(p.as_ptr(), q.as_ptr(), &mut s),
            6 => coll_triangle_create(p.as_ptr(), q.as_ptr(), c.as_ptr(), &mut s),
            7 => coll_point_create(p.as_ptr(), &mut s),
            11 if with_user => coll_user_shape_create(
                Some(ball_support),
                std::ptr::from_ref(radius).cast_mut().cast(),
                [0.0; 3].as_ptr(),
                &mut s,
            ),
            _ => {
                let cloud: Vec<f64> = (0..3 * (4 + k)).map(|_| rng.range(-0.8, 0.8)).collect();
                let status = coll_hull_create(cloud.as_ptr(), cloud.len() / 3, &mut s);
                if k % 12 == 9 {
                    let mut rounded = null_mut();
                    ok(coll_rounded_create(s, 0.1, &mut rounded));
                    ok(coll_shape_destroy(s));
                    s = rounded;
                }
                status
            }
        };
        ok(status);
        out.push(s);
    }
    out
}

fn poses(rng: &mut Lcg, n: usize) -> Vec<CollPose> {
    (0..n)
        .map(|i| {
            let q = [
                rng.range(-1.0, 1.0),
                rng.range(-1.0, 1.0),
                rng.range(-1.0, 1.0),
                1.0,
            ];
            let norm = q.iter().map(|c| c * c).sum::<f64>().sqrt();
            let mut pose = CollPose {
                position: [
                    rng.range(-1.5, 1.5),
                    rng.range(-1.5, 1.5),
                    rng.range(-1.5, 1.5),
                ],
                orientation: q.map(|c| c / norm),
            };
            if i % 24 == 5 {
                pose.position[1] = f64::NAN;
            }
            if i % 24 == 6 {
                pose.orientation = [0.0; 4];
            }
            pose
        })
        .collect()
}

/// `n` seeded pairs over a scene of `entries` handles (the 24 shapes of [`shapes`] in
/// turn, each entry its own pose), against the single calls.
fn check_scene(seed: u64, with_user: bool, entries: usize, n: usize) {
    let mut rng = Lcg(seed);
    let radius = 0.7;
    let shapes = shapes(&mut rng, &radius, with_user);
    let poses = poses(&mut rng, entries);
    // A destroyed handle in the scene: its pairs report it, the others run.
    ok(coll_shape_destroy(shapes[7]));
    let pairs: Vec<u32> = (0..2 * n)
        .map(|k| {
            if k == 11 {
                entries as u32 + 75
            } else {
                (rng.next() * entries as f64) as u32
            }
        })
        .collect();
    let handles: Vec<*const CollShape> =
        (0..entries).map(|e| shapes[e % 24].cast_const()).collect();
    let pair = |k: usize| {
        let [i, j] = [pairs[2 * k] as usize, pairs[2 * k + 1] as usize];
        (i, j, i < entries && j < entries)
    };

    let mut distances = vec![
        CollDistance {
            distance: -1.0,
            lower_bound: -1.0
        };
        n
    ];
    let mut statuses = vec![CollStatus::InternalError; n];
    ok(coll_batch_distance(
        handles.as_ptr(),
        handles.len(),
        poses.as_ptr(),
        poses.len(),
        pairs.as_ptr(),
        n,
        distances.as_mut_ptr(),
        statuses.as_mut_ptr(),
        n,
    ));
    let mut counts = [0usize; 16];
    for k in 0..n {
        let (i, j, valid) = pair(k);
        counts[statuses[k] as usize] += 1;
        if !valid {
            assert_eq!(statuses[k], CollStatus::InvalidArgument, "pair {k}");
            continue;
        }
        let mut single = CollDistance {
            distance: -1.0,
            lower_bound: -1.0,
        };
        let status = coll_distance(handles[i], &poses[i], handles[j], &poses[j], &mut single);
        assert_eq!(statuses[k], status, "pair {k} ({i}, {j}) distance status");
        if matches!(status, CollStatus::Ok | CollStatus::NotConverged) {
            assert_eq!(distances[k], single, "pair {k} ({i}, {j}) distance");
        }
    }
    // The sample has answers and each kind of per-pair failure.
    assert!(counts[CollStatus::Ok as usize] > n / 2, "{counts:?}");
    for s in [
        CollStatus::InvalidArgument,
        CollStatus::InvalidHandle,
        CollStatus::NonFinite,
        CollStatus::InvalidQuaternion,
    ] {
        assert!(counts[s as usize] > 0, "no pair with {s:?}: {counts:?}");
    }

    let mut hits = vec![false; n];
    ok(coll_batch_intersects(
        handles.as_ptr(),
        handles.len(),
        poses.as_ptr(),
        poses.len(),
        pairs.as_ptr(),
        n,
        hits.as_mut_ptr(),
        statuses.as_mut_ptr(),
        n,
    ));
    let mut overlaps = 0;
    for k in 0..n {
        let (i, j, valid) = pair(k);
        if !valid {
            continue;
        }
        let mut single = false;
        let status = coll_intersects(handles[i], &poses[i], handles[j], &poses[j], &mut single);
        assert_eq!(
            (statuses[k], hits[k]),
            (status, single),
            "pair {k} intersects"
        );
        overlaps += usize::from(single);
    }
    assert!(
        overlaps > n / 10 && overlaps < n * 9 / 10,
        "{overlaps} overlaps"
    );

    let zero = CollContact {
        in_range: false,
        separation: -1.0,
        depth: -1.0,
        normal: [0.0; 3],
        point_a: [0.0; 3],
        point_b: [0.0; 3],
        exactness: CollContactExactness::Converged,
        method: CollContactMethod::Flat,
    };
    let mut contacts = vec![zero; n];
    ok(coll_batch_contact(
        handles.as_ptr(),
        handles.len(),
        poses.as_ptr(),
        poses.len(),
        pairs.as_ptr(),
        n,
        0.05,
        contacts.as_mut_ptr(),
        statuses.as_mut_ptr(),
        n,
    ));
    for k in 0..n {
        let (i, j, valid) = pair(k);
        if !valid {
            continue;
        }
        let mut single = zero;
        let status = coll_contact(
            handles[i],
            &poses[i],
            handles[j],
            &poses[j],
            0.05,
            null_mut(),
            &mut single,
        );
        assert_eq!(statuses[k], status, "pair {k} contact status");
        if matches!(status, CollStatus::Ok | CollStatus::NotConverged) {
            assert_eq!(contacts[k], single, "pair {k} contact");
        }
    }

    // Whole-call refusals: counts that disagree, null arrays.
    let mut one = [CollDistance {
        distance: 0.0,
        lower_bound: 0.0,
    }];
    let mut st = [CollStatus::Ok];
    let (h, p, o, s) = (
        handles.as_ptr(),
        poses.as_ptr(),
        one.as_mut_ptr(),
        st.as_mut_ptr(),
    );
    let batch = |h, sc, p, pc, pairs: *const u32, n, rc| {
        coll_batch_distance(h, sc, p, pc, pairs, n, o, s, rc)
    };
    assert_eq!(
        batch(h, 24, p, 23, pairs.as_ptr(), 1, 1),
        CollStatus::WrongCount
    );
    assert_eq!(
        batch(h, 24, p, 24, pairs.as_ptr(), 1, 2),
        CollStatus::WrongCount
    );
    assert_eq!(
        batch(null(), 24, p, 24, pairs.as_ptr(), 1, 1),
        CollStatus::NullPointer
    );
    assert_eq!(
        batch(h, 24, null(), 24, pairs.as_ptr(), 1, 1),
        CollStatus::NullPointer
    );
    assert_eq!(batch(h, 24, p, 24, null(), 1, 1), CollStatus::NullPointer);
    assert_eq!(batch(h, 24, p, 24, pairs.as_ptr(), 0, 0), CollStatus::Ok);

    for (k, s) in shapes.into_iter().enumerate() {
        if k != 7 {
            ok(coll_shape_destroy(s));
        }
    }
}

#[test]
fn batch_calls_equal_single_calls_on_builtin_shapes() {
    check_scene(7, false, 24, 3000);
}

/// 300 pairs over 4,000 entries: the call checks the pairs' 600 entries alone.
#[test]
fn batch_calls_over_a_large_scene_equal_single_calls() {
    check_scene(9, false, 4000, 300);
}

#[test]
fn batch_calls_over_a_large_scene_equal_single_calls_with_a_user_shape() {
    check_scene(10, true, 4000, 300);
}

#[test]
fn batch_calls_equal_single_calls_with_a_user_shape() {
    check_scene(8, true, 24, 3000);
}

/// A refused batch call writes nothing: a contact batch whose margin is NaN or negative,
/// and a batch whose `statuses` array is null, leave `results` and `statuses` as the
/// caller filled them (the arrays used to be zeroed first, which read as `OK` rows).
#[test]
fn refused_batch_calls_leave_their_outputs_untouched() {
    let mut ball = null_mut();
    ok(coll_ball_create(1.0, &mut ball));
    let handles = [ball.cast_const(), ball.cast_const()];
    let at = |x: f64| CollPose {
        orientation: [0.0, 0.0, 0.0, 1.0],
        position: [x, 0.0, 0.0],
    };
    let poses = [at(0.0), at(5.0)];
    let pairs = [0u32, 1];
    let filler = CollContact {
        in_range: true,
        separation: 7.0,
        depth: 7.0,
        normal: [7.0; 3],
        point_a: [7.0; 3],
        point_b: [7.0; 3],
        exactness: CollContactExactness::Converged,
        method: CollContactMethod::Flat,
    };
    for (margin, want) in [
        (f64::NAN, CollStatus::NonFinite),
        (-1.0, CollStatus::InvalidArgument),
    ] {
        let mut contacts = [filler];
        let mut statuses = [CollStatus::Degenerate];
        let status = coll_batch_contact(
            handles.as_ptr(),
            2,
            poses.as_ptr(),
            2,
            pairs.as_ptr(),
            1,
            margin,
            contacts.as_mut_ptr(),
            statuses.as_mut_ptr(),
            1,
        );
        assert_eq!(status, want, "margin {margin}");
        assert_eq!(statuses, [CollStatus::Degenerate], "margin {margin}");
        assert_eq!(contacts[0].separation, 7.0, "margin {margin}");
        assert_eq!(contacts[0].normal, [7.0; 3], "margin {margin}");
    }
    let mut distances = [CollDistance {
        distance: 7.0,
        lower_bound: 7.0,
    }];
    let status = coll_batch_distance(
        handles.as_ptr(),
        2,
        poses.as_ptr(),
        2,
        pairs.as_ptr(),
        1,
        distances.as_mut_ptr(),
        null_mut(),
        1,
    );
    assert_eq!(status, CollStatus::NullPointer);
    assert_eq!(
        (distances[0].distance, distances[0].lower_bound),
        (7.0, 7.0)
    );
    // The same call with both arrays answers: the balls are 3 apart.
    let mut statuses = [CollStatus::Degenerate];
    ok(coll_batch_distance(
        handles.as_ptr(),
        2,
        poses.as_ptr(),
        2,
        pairs.as_ptr(),
        1,
        distances.as_mut_ptr(),
        statuses.as_mut_ptr(),
        1,
    ));
    assert_eq!(statuses, [CollStatus::Ok]);
    assert!((distances[0].distance - 3.0).abs() <= 1e-12);
    ok(coll_shape_destroy(ball));
}

/// Batches of at most 64 pairs read each pair's entries as it runs (no slots): over a
/// small scene, a large one, and with a user shape.
#[test]
fn direct_batches_equal_single_calls() {
    check_scene(15, false, 24, 64);
    check_scene(12, false, 4000, 64);
    check_scene(13, true, 4000, 64);
}
