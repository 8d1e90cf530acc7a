//! An observed query takes the path the plain one takes: on 10,000 seeded pairs of every
//! shape kind, every query (intersects, distance, closest points, contact, time of
//! impact, ray cast) answers the same with a [`Trace`] as with `()`, bit for bit, and
//! the trace shows a shortcut exactly when the plain path takes one: a closed form
//! instead of GJK, EPA or the GJK ray cast, or an inscribed-ball proof instead of a GJK
//! run. Each shortcut's record is checked against the shapes (its balls lie inside
//! them, its separating axes are the least overlap, its answer is the query's).

use collision::FastPaths;
use test_support::contact as contact_common;

use collision::QueryOptions;
use collision::observer::{BallProof, Shortcut, TraceEvent};
use collision::ray::RayCast;
use collision::{
    Ball, Contact, ContactMethod, Cuboid, Cylinder, GjkCache, GjkConfig, GjkOutput, Motion,
    Observer, Point, Ray, Rounded, Segment, Shape, SupportMap, ToiConfig, Trace, Transformed,
    Triangle,
};
use contact_common::{closed_form_shape, hull, rng, rotation, unit, v3};
use nalgebra::{Isometry3, Point3, Translation3, Vector3};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// Number of shape kinds `shape_of` makes.
const KINDS: usize = 13;

/// A shape of kind `kind`, sizes 0.1 to 1.6.
fn shape_of(kind: usize, r: &mut ChaCha8Rng) -> Shape {
    let d = v3(r, 1.5).abs() + Vector3::repeat(0.1);
    let p = |r: &mut ChaCha8Rng| Point3::from(v3(r, 1.0));
    match kind {
        0..=4 => closed_form_shape(kind, &d),
        5 => Segment::new(p(r), p(r)).unwrap().into(),
        6 => Triangle::new(p(r), p(r), p(r)).unwrap().into(),
        7 => Point::new(p(r)).unwrap().into(),
        8 => hull(r, 24).into(),
        9 => Rounded::new(Shape::from(hull(r, 12)), d.z * 0.3)
            .unwrap()
            .into(),
        10 => Rounded::new(Shape::from(Cuboid::new(d).unwrap()), d.z * 0.3)
            .unwrap()
            .into(),
        11 => Rounded::new(Shape::from(Segment::new(p(r), p(r)).unwrap()), d.z * 0.5)
            .unwrap()
            .into(),
        _ => {
            let inner: Shape = if r.random_bool(0.5) {
                Ball::new(d.x).unwrap().into()
            } else {
                Cylinder::new(d.x, d.y).unwrap().into()
            };
            let pose = Isometry3::from_parts(Translation3::from(v3(r, 0.5)), rotation(r));
            Transformed::new(inner, pose).unwrap().into()
        }
    }
}

/// A pose near the origin, so that about half the pairs overlap.
fn pose(r: &mut ChaCha8Rng) -> Isometry3<f64> {
    Isometry3::from_parts(Translation3::from(v3(r, 1.6)), rotation(r))
}

/// The bits of every number of an answer, so answers compare bit for bit.
trait Bits {
    fn bits(&self) -> Vec<u64>;
}

fn f(x: f64) -> u64 {
    x.to_bits()
}

fn p3(p: &Point3<f64>) -> [u64; 3] {
    [f(p.x), f(p.y), f(p.z)]
}

fn v(p: &Vector3<f64>) -> [u64; 3] {
    [f(p.x), f(p.y), f(p.z)]
}

impl Bits for bool {
    fn bits(&self) -> Vec<u64> {
        vec![u64::from(*self)]
    }
}

impl Bits for f64 {
    fn bits(&self) -> Vec<u64> {
        vec![f(*self)]
    }
}

impl Bits for collision::ClosestPoints {
    fn bits(&self) -> Vec<u64> {
        match self {
            collision::ClosestPoints::Overlapping => vec![u64::MAX],
            collision::ClosestPoints::Separated {
                point_a,
                point_b,
                distance,
            } => [p3(point_a), p3(point_b), [f(*distance); 3]].concat(),
        }
    }
}

impl Bits for Contact {
    fn bits(&self) -> Vec<u64> {
        let s = [f(self.separation), f(self.separation_bounds[0])];
        let t = [f(self.separation_bounds[1]), self.status as u64];
        let m = [self.method as u64];
        [
            &p3(&self.point_a)[..],
            &p3(&self.point_b),
            &v(&self.normal),
            &s,
            &t,
            &m,
        ]
        .concat()
    }
}

impl Bits for collision::Impact {
    fn bits(&self) -> Vec<u64> {
        let s = [f(self.time), f(self.separation), u64::from(self.iterations)];
        [
            &p3(&self.point_a)[..],
            &p3(&self.point_b),
            &v(&self.normal),
            &s,
        ]
        .concat()
    }
}

impl Bits for collision::RayHit {
    fn bits(&self) -> Vec<u64> {
        [&p3(&self.point)[..], &v(&self.normal), &[f(self.toi)]].concat()
    }
}

impl<T: Bits> Bits for Option<T> {
    fn bits(&self) -> Vec<u64> {
        self.as_ref().map_or(vec![u64::MAX - 1], T::bits)
    }
}

impl<T: Bits, E: std::fmt::Debug> Bits for Result<T, E> {
    fn bits(&self) -> Vec<u64> {
        match self {
            Ok(t) => t.bits(),
            // Errors carry their numbers in their text, printed exactly (`{:?}` of an
            // f64 round-trips).
            Err(e) => format!("{e:?}").bytes().map(u64::from).collect(),
        }
    }
}

/// Asserts the bits of the `plain` answer (the query called with `()`) and of the
/// answer `observed` gives with a fresh trace agree, and returns the trace.
fn same<T: Bits + std::fmt::Debug>(
    what: &str,
    plain: T,
    observed: impl FnOnce(&mut Trace) -> T,
) -> Trace {
    let mut trace = Trace::new();
    let observed = observed(&mut trace);
    assert_eq!(
        plain.bits(),
        observed.bits(),
        "{what}: observed answer differs\n  plain    {plain:?}\n  observed {observed:?}"
    );
    trace
}

fn count(trace: &Trace, pred: impl Fn(&TraceEvent) -> bool) -> usize {
    trace.events.iter().filter(|e| pred(e)).count()
}

fn gjk_steps(trace: &Trace) -> usize {
    count(trace, |e| matches!(e, TraceEvent::GjkStep(_)))
}

fn epa_steps(trace: &Trace) -> usize {
    count(trace, |e| matches!(e, TraceEvent::EpaStep(_)))
}

/// Whether the pair has a point-core closed form (`gjk/closed_form.rs`): one core a
/// point, the other with a nearest-point formula.
fn point_core_pair(a: &Shape, b: &Shape) -> bool {
    let o = Point3::origin();
    (a.core_point().is_some() && b.core_closest_point(&o).is_some())
        || (b.core_point().is_some() && a.core_closest_point(&o).is_some())
}

/// Whether `ball` (world centre `c`, radius `r`) lies inside `shape` at `pose`, to
/// rounding: along 26 directions its support value stays within the shape's.
fn ball_inside(shape: &Shape, pose: &Isometry3<f64>, c: &Point3<f64>, r: f64) -> bool {
    let mut dirs = Vec::new();
    for x in -1..=1 {
        for y in -1..=1 {
            for z in -1..=1 {
                if (x, y, z) != (0, 0, 0) {
                    dirs.push(Vector3::new(f64::from(x), f64::from(y), f64::from(z)).normalize());
                }
            }
        }
    }
    dirs.iter().all(|n| {
        let local = pose.rotation.inverse_transform_vector(n);
        let h = n.dot(&(pose * shape.support(&local)).coords);
        n.dot(&c.coords) + r <= h + 1e-9 * (1.0 + h.abs())
    })
}

/// The checks of the GJK queries' traces: a point-core pair is one closed-form step and
/// nothing else; an inscribed-ball proof names balls inside the shapes that prove the
/// overlap, with no GJK step before it.
fn check_gjk_trace(
    what: &str,
    trace: &Trace,
    (a, pa): (&Shape, &Isometry3<f64>),
    (b, pb): (&Shape, &Isometry3<f64>),
    overlapping: Option<bool>,
    stats: &mut Stats,
) {
    let shortcuts: Vec<&Shortcut> = trace.shortcuts().collect();
    if point_core_pair(a, b) {
        assert_eq!(trace.events.len(), 1, "{what}: {:?}", trace.events);
        let Shortcut::PointCore(pc) = shortcuts[0] else {
            panic!("{what}: {:?}", shortcuts[0]);
        };
        // The closed form's answer is the query's, and its spheres give it.
        let gap = (pc.center_b - pc.center_a).norm() - pc.radius_a - pc.radius_b;
        assert!(
            (gap - pc.separation).abs() <= 1e-9 * (1.0 + gap.abs()),
            "{what}"
        );
        if let Some(o) = overlapping {
            assert_eq!(o, pc.overlapping, "{what}: {pc:?}");
        }
        assert_eq!(pc.radius_a, a.core_radius(), "{what}");
        assert_eq!(pc.radius_b, b.core_radius(), "{what}");
        stats.point_core += 1;
        return;
    }
    assert!(
        shortcuts
            .iter()
            .all(|s| matches!(s, Shortcut::InscribedBalls(_))),
        "{what}: {shortcuts:?}"
    );
    assert!(shortcuts.len() <= 1, "{what}");
    if let Some(Shortcut::InscribedBalls(p)) = shortcuts.first() {
        // A proof ends the run before any step, and is an overlap.
        assert_eq!(gjk_steps(trace), 0, "{what}");
        assert!(matches!(trace.events[0], TraceEvent::Shortcut(_)), "{what}");
        assert_ne!(overlapping, Some(false), "{what}: {p:?}");
        assert!(ball_inside(a, pa, &p.center_a, p.radius_a), "{what}: {p:?}");
        assert!(ball_inside(b, pb, &p.center_b, p.radius_b), "{what}: {p:?}");
        match p.proof {
            BallProof::Balls => {
                let gap = (p.center_b - p.center_a).norm() - p.radius_a - p.radius_b;
                assert!(gap < 1e-12, "{what}: {p:?}");
                assert_eq!(p.iterations, 0);
                stats.balls += 1;
            }
            BallProof::Cone { .. } => {
                assert_eq!(p.iterations, 1);
                stats.cones += 1;
            }
        }
    } else if let (Some(ba), Some(bb)) = (a.inscribed_ball(), b.inscribed_ball()) {
        // Balls that plainly overlap always prove it.
        let (ca, cb) = (pa * ba.center(), pb * bb.center());
        let gap = (cb - ca).norm() - ba.radius() - bb.radius();
        assert!(
            gap > -1e-9 * (1.0 + ba.radius() + bb.radius()),
            "{what}: no ball proof"
        );
    }
}

#[derive(Default, Debug)]
struct Stats {
    point_core: usize,
    balls: usize,
    cones: usize,
    box_box: usize,
    revolution_converged: usize,
    revolution_joined: usize,
    ball_impacts: usize,
    ray_closed: usize,
    ray_gjk: usize,
    warm_starts: usize,
}

fn check_contact_trace(what: &str, trace: &Trace, c: Option<&Contact>, stats: &mut Stats) {
    for s in trace.shortcuts() {
        match s {
            Shortcut::BoxBox(sat) => {
                // The SAT answers: no EPA, and the winner is the least overlap.
                assert_eq!(epa_steps(trace), 0, "{what}");
                let least = sat
                    .axes
                    .iter()
                    .filter_map(|x| x.overlap)
                    .fold(f64::INFINITY, f64::min);
                assert_eq!(sat.axes[sat.winner].overlap, Some(least), "{what}");
                assert_eq!(sat.depth, least, "{what}");
                let c = c.expect("overlapping boxes have a contact");
                assert_eq!(c.method, ContactMethod::Penetration);
                let radius = sat.radii[0] + sat.radii[1];
                assert_eq!(c.separation, -(sat.depth + radius), "{what}");
                // The winning axis is the normal, up to its sign.
                let axis = sat.axes[sat.winner].axis;
                assert!((axis.dot(&sat.normal).abs() - 1.0).abs() < 1e-12, "{what}");
                stats.box_box += 1;
            }
            Shortcut::Revolution(k) => {
                let c = c.expect("overlapping cores have a contact");
                if k.converged {
                    assert_eq!(epa_steps(trace), 0, "{what}");
                    assert_eq!(c.separation, -(k.upper.max(0.0) + k.radii[0] + k.radii[1]));
                    stats.revolution_converged += 1;
                } else {
                    assert!(epa_steps(trace) > 0, "{what}");
                    stats.revolution_joined += 1;
                }
                assert!(k.lower <= k.upper + 1e-9 * (1.0 + k.upper.abs()), "{what}");
            }
            other => panic!("{what}: unexpected shortcut {other:?}"),
        }
    }
}

/// The low-level GJK on `a` at `pa` and `b` at `pb` with the default configuration,
/// warm-started from and updating `cache`, reporting to `observer`.
fn cached_gjk(
    (a, pa): (&Shape, &Isometry3<f64>),
    (b, pb): (&Shape, &Isometry3<f64>),
    cache: &mut GjkCache,
    observer: impl Observer,
) -> GjkOutput {
    let options = QueryOptions::default()
        .config(GjkConfig::default())
        .cache(cache)
        .observer(observer);
    collision::gjk(a, pa, b, pb, options)
}

/// Every query on 10,000 seeded pairs, observed and plain.
#[test]
fn observed_queries_answer_bit_for_bit_and_show_their_shortcuts() {
    let mut r = rng(0x00b5_e0ed);
    let mut stats = Stats::default();
    let cases = 10_000;
    for case in 0..cases {
        let (ka, kb) = (case % KINDS, (case / KINDS) % KINDS);
        let a = shape_of(ka, &mut r);
        let b = shape_of(kb, &mut r);
        let (pa, pb) = (pose(&mut r), pose(&mut r));
        let what = format!("case {case} ({ka}, {kb})");
        let (a_, b_) = (&a, &b);

        let plain = collision::intersects(a_, &pa, b_, &pb);
        let hit = plain.ok();
        let t = same(&format!("{what} intersects"), plain, |o| {
            collision::intersects_with(a_, &pa, b_, &pb, QueryOptions::default().observer(&mut *o))
        });
        check_gjk_trace(&what, &t, (&a, &pa), (&b, &pb), hit, &mut stats);

        let plain = collision::distance(a_, &pa, b_, &pb);
        let d = plain.ok();
        let t = same(&format!("{what} distance"), plain, |o| {
            collision::distance_with(a_, &pa, b_, &pb, QueryOptions::default().observer(&mut *o))
        });
        check_gjk_trace(
            &what,
            &t,
            (&a, &pa),
            (&b, &pb),
            d.map(|d| d == 0.0),
            &mut stats,
        );

        let plain = collision::closest_points(a_, &pa, b_, &pb);
        let t = same(&format!("{what} closest"), plain, |o| {
            collision::closest_points_with(
                a_,
                &pa,
                b_,
                &pb,
                QueryOptions::default().observer(&mut *o),
            )
        });
        check_gjk_trace(&what, &t, (&a, &pa), (&b, &pb), None, &mut stats);

        let plain = collision::contact(a_, &pa, b_, &pb, 0.1);
        let c = plain.ok().flatten();
        let t = same(&format!("{what} contact"), plain, |o| {
            collision::contact_with(
                a_,
                &pa,
                b_,
                &pb,
                0.1,
                QueryOptions::default().observer(&mut *o),
            )
        });
        check_contact_trace(&what, &t, c.as_ref(), &mut stats);

        // Time of impact: B thrown at A, both spinning unless they are balls.
        let spin = |r: &mut ChaCha8Rng| v3(r, 1.0) * f64::from(u8::from(r.random_bool(0.5)));
        let ma = Motion::new(pa, v3(&mut r, 0.5), spin(&mut r));
        let mb = Motion::new(
            pb,
            pa.translation.vector - pb.translation.vector,
            spin(&mut r),
        );
        let config = ToiConfig::default();
        let plain = collision::time_of_impact_with(
            a_,
            &ma,
            b_,
            &mb,
            2.0,
            QueryOptions::default().config(config),
        );
        let impact_time = plain.as_ref().ok().map(|i| i.map(|i| i.time));
        let t = same(&format!("{what} toi"), plain, |o| {
            collision::time_of_impact_with(
                a_,
                &ma,
                b_,
                &mb,
                2.0,
                QueryOptions::default().config(config).observer(&mut *o),
            )
        });
        let balls = t.shortcuts().count();
        assert!(balls > 0 || !(ka == 0 && kb == 0), "{what}: two balls");
        if balls > 0 {
            let Some(Shortcut::BallBallImpact(k)) = t.shortcuts().next() else {
                panic!("{what}: {:?}", t.events);
            };
            // The quadratic's answer is the query's, and no advancement ran.
            assert_eq!(Some(k.time), impact_time, "{what}");
            assert_eq!((k.radius_a, k.radius_b), (a.core_radius(), b.core_radius()));
            assert!(t.toi_steps().all(|s| s.iteration == 0), "{what}");
            stats.ball_impacts += 1;
        }

        // A ray from outside towards A's centre, or past it.
        let origin = pa * Point3::from(unit(&mut r) * 4.0);
        let aim = pa * Point3::from(v3(&mut r, 1.0));
        let ray = Ray::new(origin, (aim - origin) * r.random_range(0.1..2.0));
        let plain = collision::cast_ray(a_, &pa, &ray, 10.0);
        let t = same(&format!("{what} ray"), plain, |o| {
            collision::cast_ray_with(
                a_,
                &pa,
                &ray,
                10.0,
                QueryOptions::default().observer(&mut *o),
            )
        });
        let closed = matches!(closed_form_kind(&a), Some(true));
        if closed {
            assert_eq!(t.events.len(), 1, "{what}: {:?}", t.events);
            assert!(
                matches!(t.shortcuts().next(), Some(Shortcut::Ray(_))),
                "{what}"
            );
            stats.ray_closed += 1;
        } else {
            assert_eq!(t.shortcuts().count(), 0, "{what}");
            stats.ray_gjk += 1;
        }

        // The low-level GJK with a cache: the second run on the pair starts warm and
        // says so, with the simplex the first left.
        let mut cache = GjkCache::default();
        let first = cached_gjk((&a, &pa), (&b, &pb), &mut cache, ());
        if !cache.is_empty() {
            let mut warm_plain = cache;
            let mut warm_traced = cache;
            let plain = cached_gjk((&a, &pa), (&b, &pb), &mut warm_plain, ());
            let mut trace = Trace::new();
            let traced = cached_gjk((&a, &pa), (&b, &pb), &mut warm_traced, &mut trace);
            assert_eq!(format!("{plain:?}"), format!("{traced:?}"), "{what}");
            assert_eq!(warm_plain, warm_traced);
            let TraceEvent::WarmStart { simplex, .. } = &trace.events[0] else {
                panic!("{what}: {:?}", trace.events[0]);
            };
            assert_eq!(simplex.len(), first.simplex.vertices().len(), "{what}");
            for (s, f) in simplex.iter().zip(first.simplex.vertices()) {
                assert!(
                    (s.w - f.w).norm() <= 1e-9 * (1.0 + f.w.coords.norm()),
                    "{what}"
                );
            }
            stats.warm_starts += 1;
        }
    }
    println!("{stats:?}");
    // Every kind of shortcut was taken often enough to mean something.
    for (name, n) in [
        ("point core", stats.point_core),
        ("balls", stats.balls),
        ("cones", stats.cones),
        ("box-box", stats.box_box),
        (
            "revolution",
            stats.revolution_converged + stats.revolution_joined,
        ),
        ("ball impacts", stats.ball_impacts),
        ("ray closed forms", stats.ray_closed),
        ("ray GJK", stats.ray_gjk),
        ("warm starts", stats.warm_starts),
    ] {
        assert!(n >= 20, "only {n} {name} shortcuts: {stats:?}");
    }
    assert!(stats.revolution_converged >= 10, "{stats:?}");
}

/// Whether a shape's ray cast is a closed form (`Some(true)`), found by the shape kind.
fn closed_form_kind(s: &Shape) -> Option<bool> {
    Some(match s {
        Shape::Ball(_) | Shape::Cuboid(_) | Shape::Capsule(_) | Shape::Cylinder(_) => true,
        Shape::Cone(_) => true,
        // Solid hulls of few faces are clipped by their planes.
        Shape::ConvexHull(h) => h.ray_closed_form().is_some(),
        Shape::Transformed(t) => return closed_form_kind(t.shape()),
        _ => false,
    })
}
