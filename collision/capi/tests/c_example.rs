//! The C example program (`examples/collision_example.c`), compiled by the system C
//! compiler against the shared and the static library, run on closed-form scenes and
//! on 1,000 seeded hull pairs, its every number checked: the closed forms against their
//! formulas, the hull pairs bit for bit against the Rust API on the same inputs, and the
//! user-shape (support callback) answers against the built-in hulls of the same points.

mod common;

use collision::gjk::gjk;
use collision::{ConvexHull, GjkError, GjkStatus, Motion, QueryOptions, Ray, Shape, ToiError};
use common::{Lcg, Link, SANITIZE, SANITIZER_ENV, build, parse, run, scratch};
use nalgebra::{Isometry3, Point3, Quaternion, Translation3, UnitQuaternion, Vector3};
use std::collections::HashMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

const PAIRS: usize = 1000;

/// One seeded hull pair: points of A and B, and poses as `[px, py, pz, qx, qy, qz, qw]`.
struct Case {
    points: [Vec<[f64; 3]>; 2],
    poses: [[f64; 7]; 2],
}

fn cases() -> Vec<Case> {
    let mut rng = Lcg(20_261_127);
    (0..PAIRS)
        .map(|_| {
            let cloud = |rng: &mut Lcg| {
                let n = 4 + (rng.next() * 13.0) as usize;
                let s = rng.range(0.3, 1.0);
                (0..n)
                    .map(|_| [rng.range(-s, s), rng.range(-s, s), rng.range(-s, s)])
                    .collect::<Vec<_>>()
            };
            let points = [cloud(&mut rng), cloud(&mut rng)];
            let pose = |rng: &mut Lcg| {
                let q = [
                    rng.range(-1.0, 1.0),
                    rng.range(-1.0, 1.0),
                    rng.range(-1.0, 1.0),
                    1.0,
                ];
                let n = q.iter().map(|c| c * c).sum::<f64>().sqrt();
                [
                    rng.range(-1.5, 1.5),
                    rng.range(-1.5, 1.5),
                    rng.range(-1.5, 1.5),
                    q[0] / n,
                    q[1] / n,
                    q[2] / n,
                    q[3] / n,
                ]
            };
            let poses = [pose(&mut rng), pose(&mut rng)];
            Case { points, poses }
        })
        .collect()
}

/// The pairs file the C program reads (Rust's `{}` prints the shortest text that reads
/// back to the same double, so both sides see the same inputs).
fn write_pairs(cases: &[Case], path: &Path) {
    let mut text = format!("{}\n", cases.len());
    for c in cases {
        writeln!(text, "{} {}", c.points[0].len(), c.points[1].len()).unwrap();
        for p in c.points.iter().flatten() {
            writeln!(text, "{:e} {:e} {:e}", p[0], p[1], p[2]).unwrap();
        }
        for pose in &c.poses {
            let words: Vec<String> = pose.iter().map(|x| format!("{x:e}")).collect();
            writeln!(text, "{}", words.join(" ")).unwrap();
        }
    }
    std::fs::write(path, text).unwrap();
}

/// The pose the C ABI makes of `[px, py, pz, qx, qy, qz, qw]`: the quaternion as it is
/// when its squared norm is within 8 ε of 1 (unit to rounding), else divided by its norm.
fn pose(p: &[f64; 7]) -> Isometry3<f64> {
    let q = Quaternion::new(p[6], p[3], p[4], p[5]);
    let rotation = if (q.norm_squared() - 1.0).abs() <= 8.0 * f64::EPSILON {
        UnitQuaternion::new_unchecked(q)
    } else {
        UnitQuaternion::from_quaternion(q)
    };
    Isometry3::from_parts(Translation3::new(p[0], p[1], p[2]), rotation)
}

fn hull(points: &[[f64; 3]]) -> Shape {
    let points: Vec<Point3<f64>> = points.iter().map(|p| Point3::from(*p)).collect();
    Shape::ConvexHull(ConvexHull::new(&points).unwrap())
}

fn v3(v: &Vector3<f64>) -> [f64; 3] {
    [v.x, v.y, v.z]
}

/// The numbers the C program prints for pair `i`'s built-in queries, from the Rust API.
fn expected(case: &Case) -> Vec<(&'static str, Vec<f64>)> {
    let (a, b) = (hull(&case.points[0]), hull(&case.points[1]));
    let (pa, pb) = (pose(&case.poses[0]), pose(&case.poses[1]));
    let mut out = Vec::new();
    let status = |ok: bool| if ok { 0.0 } else { 1.0 };

    let line = match collision::intersects(&a, &pa, &b, &pb) {
        Ok(hit) => vec![0.0, f64::from(u8::from(hit))],
        Err(GjkError::MaxIterations { .. }) => vec![1.0, 1.0],
        Err(e) => panic!("{e}"),
    };
    out.push(("intersects", line));

    let line = match collision::distance(&a, &pa, &b, &pb) {
        Ok(d) => vec![0.0, d, d],
        Err(GjkError::MaxIterations {
            lower_bound,
            upper_bound,
            ..
        }) => vec![1.0, upper_bound, lower_bound],
        Err(e) => panic!("{e}"),
    };
    out.push(("distance", line));

    let o = gjk(&a, &pa, &b, &pb, QueryOptions::default());
    let separated = matches!(o.status, GjkStatus::Converged | GjkStatus::MaxIterations);
    let mut line = vec![
        status(o.status != GjkStatus::MaxIterations),
        f64::from(u8::from(separated)),
        if separated { o.distance } else { 0.0 },
        if separated { o.lower_bound } else { 0.0 },
    ];
    line.extend(v3(&o.point_a.coords));
    line.extend(v3(&o.point_b.coords));
    line.extend(v3(&o.normal));
    out.push(("closest", line));

    let c = collision::contact(&a, &pa, &b, &pb, 0.1).unwrap();
    let line = match c {
        None => {
            let mut l = vec![0.0; 13];
            l.extend([0.0, 0.0]);
            l
        }
        Some(c) => {
            let mut l = vec![
                status(c.status == collision::ContactStatus::Converged),
                1.0,
                c.separation,
                (-c.separation).max(0.0),
            ];
            l.extend(v3(&c.point_a.coords));
            l.extend(v3(&c.point_b.coords));
            l.extend(v3(&c.normal));
            l.push(c.status as u8 as f64);
            l.push(c.method as u8 as f64);
            l
        }
    };
    out.push(("contact", line));

    let dir = pa.translation.vector - pb.translation.vector;
    let ma = Motion::stationary(pa);
    let mb = Motion::new(pb, dir, Vector3::new(0.0, 1.5, 0.0));
    let line = match collision::time_of_impact(&a, &ma, &b, &mb, 1.0) {
        Ok(None) => vec![0.0; 13],
        Ok(Some(i)) => {
            let mut l = vec![0.0, 1.0, i.time, i.separation];
            l.extend(v3(&i.point_a.coords));
            l.extend(v3(&i.point_b.coords));
            l.extend(v3(&i.normal));
            l
        }
        Err(ToiError::DidNotConverge {
            time, separation, ..
        }) => {
            let mut l = vec![1.0, 0.0, time, separation];
            l.extend([0.0; 9]);
            l
        }
        Err(e) => panic!("{e}"),
    };
    out.push(("toi", line));

    let ray = Ray::new(Point3::from(pb.translation.vector), dir);
    let line = match collision::cast_ray(&a, &pa, &ray, 1.0).unwrap() {
        None => vec![0.0; 9],
        Some(h) => {
            let mut l = vec![0.0, 1.0, h.toi];
            l.extend(v3(&h.point.coords));
            l.extend(v3(&h.normal));
            l
        }
    };
    out.push(("ray", line));
    out
}

/// Checks the closed-form scenes of the program's demo part.
fn check_demo(lines: &HashMap<String, Vec<f64>>) {
    let get =
        |name: &str| -> &Vec<f64> { lines.get(name).unwrap_or_else(|| panic!("no line {name}")) };
    let close = |got: f64, want: f64, what: &str| {
        assert!(
            (got - want).abs() <= 1e-12 * want.abs().max(1.0),
            "{what}: {got} != {want}"
        );
    };
    assert_eq!(
        get("version")[3],
        f64::from(collision_capi::COLL_ABI_VERSION)
    );
    // Balls of radii 1 and 0.5, centres 3 apart.
    assert_eq!(get("balls.intersects"), &vec![0.0, 0.0]);
    close(get("balls.distance")[1], 1.5, "ball distance");
    let c = get("balls.closest");
    close(c[2], 1.5, "ball closest distance");
    for (k, want) in [1.0, 0.0, 0.0, 2.5, 0.0, 0.0, 1.0, 0.0, 0.0]
        .iter()
        .enumerate()
    {
        close(c[4 + k], *want, "ball witness or normal");
    }
    close(get("balls.contact")[2], 1.5, "ball contact separation");
    // Centres 1.2 apart: depth 0.3.
    assert_eq!(get("balls_deep.intersects")[1], 1.0);
    close(get("balls_deep.contact")[3], 0.3, "ball depth");
    // Unit cube and a half cube at x = 2: gap 0.5; at x = 1.25: depth 0.25 along +x.
    close(get("boxes.distance")[1], 0.5, "box distance");
    close(get("boxes.closest")[2], 0.5, "box closest distance");
    close(get("boxes.contact")[2], 0.5, "box contact separation");
    let deep = get("boxes_deep.contact");
    close(deep[3], 0.25, "box depth");
    close(deep[10], 1.0, "box normal x");
    // The batch of the two separated pairs.
    let batch = get("batch.distance");
    assert_eq!((batch[0], batch[2]), (0.0, 0.0));
    close(batch[1], 1.5, "batch ball distance");
    close(batch[3], 0.5, "batch box distance");
    // Time of impact 3.5, ray toi 4 at (-1, 0, 0) with normal -x.
    close(get("balls.toi")[1], 3.5, "ball time of impact");
    let ray = get("cube.ray");
    assert_eq!(ray[0], 1.0);
    close(ray[1], 4.0, "ray toi");
    close(ray[2], -1.0, "ray point x");
    close(ray[5], -1.0, "ray normal x");
    // The 2 x 4 x 6 brick: mass 48, inertia diag(208, 160, 80).
    let m = get("brick.mass");
    close(m[0], 48.0, "brick mass");
    close(m[4], 208.0, "I_xx");
    close(m[8], 160.0, "I_yy");
    close(m[12], 80.0, "I_zz");
    // The cube hull: 8 vertices, 12 triangles, 6 square faces of offset 1, volume 8.
    assert_eq!(get("hull.sizes"), &vec![0.0, 8.0, 12.0, 6.0, 24.0]);
    assert_eq!(get("hull.face_sizes"), &vec![4.0; 6]);
    for plane in get("hull.planes").chunks(4) {
        close(plane[3], 1.0, "plane offset");
        let n = plane[..3].iter().map(|c| c * c).sum::<f64>();
        close(n, 1.0, "plane normal length");
    }
    close(get("hull.mass")[0], 8.0, "hull mass");
    // Each other kind placed at x = 3, against the unit ball at the origin. The cone's
    // nearest feature is its slanted side, the line through (2.5, -1) and (3, 1): at
    // distance |(2.5, -1) x (0.5, 2)| / |(0.5, 2)| = 5.5 / sqrt(4.25) from the origin.
    for (name, want) in [
        ("capsule", 1.5),
        ("cylinder", 1.5),
        ("cone", 5.5 / 4.25f64.sqrt() - 1.0),
        ("segment", 2.0),
        ("triangle", 2.0),
        ("point", 3.0),
        ("rounded", 1.25),
        ("user_box", 1.5),
    ] {
        close(get(&format!("{name}.distance"))[0], want, name);
    }
    close(get("boxes.warm")[1], 0.5, "warm-started distance");
}

/// Checks pair `i`'s user-shape answers against its built-in ones.
fn check_user(i: usize, lines: &HashMap<String, Vec<f64>>) {
    let builtin = |q: &str| &lines[&format!("pair{i}.{q}")];
    let user = |q: &str| &lines[&format!("user{i}.{q}")];
    let (d, du) = (builtin("distance")[1], user("distance")[1]);
    assert!(
        (d - du).abs() <= 1e-9,
        "pair {i}: distance {d} vs user {du}"
    );
    if d > 1e-9 {
        assert_eq!(builtin("intersects")[1], user("intersects")[1], "pair {i}");
    }
    let (cb, cu) = (builtin("closest"), user("closest"));
    assert!(
        (cb[2] - cu[2]).abs() <= 1e-9,
        "pair {i}: closest {} vs {}",
        cb[2],
        cu[2]
    );
    let (kb, ku) = (builtin("contact"), user("contact"));
    if kb[1] == 1.0 && ku[1] == 1.0 {
        assert!(
            (kb[2] - ku[2]).abs() <= 1e-6,
            "pair {i}: contact {} vs {}",
            kb[2],
            ku[2]
        );
    } else if (d - 0.1).abs() > 1e-9 {
        assert_eq!(kb[1], ku[1], "pair {i}: in range");
    }
}

fn example_source() -> PathBuf {
    common::crate_dir().join("examples/collision_example.c")
}

#[test]
fn c_example_matches_the_rust_api_shared_and_static() {
    let dir = scratch("c_example");
    let cases = cases();
    let pairs = dir.join("pairs.txt");
    write_pairs(&cases, &pairs);
    let flags = ["-std=c99", "-Wall", "-Wextra", "-Werror", "-O1"];
    let mut outputs = Vec::new();
    for link in [Link::Shared, Link::Static] {
        let exe = build(
            "cc",
            &[example_source()],
            &flags,
            link,
            &dir.join(format!("{link:?}")),
        );
        outputs.push(run(&exe, &[&pairs], &[]).stdout);
    }
    assert_eq!(
        outputs[0], outputs[1],
        "shared and static builds print the same"
    );
    let lines = parse(&outputs[0]);
    check_demo(&lines);
    let (mut hits, mut impacts, mut overlaps) = (0, 0, 0);
    for (i, case) in cases.iter().enumerate() {
        for (query, want) in expected(case) {
            let got = &lines[&format!("pair{i}.{query}")];
            assert_eq!(
                got, &want,
                "pair {i} {query}: C printed {got:?}, Rust gives {want:?}"
            );
        }
        check_user(i, &lines);
        hits += usize::from(lines[&format!("pair{i}.ray")][1] == 1.0);
        impacts += usize::from(lines[&format!("pair{i}.toi")][1] == 1.0);
        overlaps += usize::from(lines[&format!("pair{i}.intersects")][1] == 1.0);
    }
    // The sample covers both answers of each query.
    for (what, n) in [
        ("ray hits", hits),
        ("impacts", impacts),
        ("overlaps", overlaps),
    ] {
        assert!(
            n > PAIRS / 10 && n < PAIRS * 99 / 100,
            "{what}: {n} of {PAIRS}"
        );
    }
}

#[test]
fn c_example_is_clean_under_address_and_undefined_behaviour_sanitizers() {
    let dir = scratch("c_example_sanitized");
    let cases = cases();
    let pairs = dir.join("pairs.txt");
    write_pairs(&cases[..100], &pairs);
    let mut flags = vec!["-std=c99", "-Wall", "-Wextra", "-Werror"];
    flags.extend(SANITIZE);
    let exe = build(
        "cc",
        &[example_source()],
        &flags,
        Link::Shared,
        &dir.join("example"),
    );
    let out = run(&exe, &[&pairs], SANITIZER_ENV);
    assert!(parse(&out.stdout).contains_key("pair99.ray"));
}
