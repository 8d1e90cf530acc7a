//! The GJK loop's own cost on the benchmark's hull pairs, with the support searches taken
//! off its critical path: each query is first run once with the hulls' real supports,
//! recording the vertex each call returned, and then timed with a support map that
//! replays those answers in order. The replayed answers are the same, so the loop takes
//! the same branches and iterations, but a support call no longer waits for its
//! direction (it loads the next recorded vertex). The difference from the real run is
//! what the searches cost inside GJK, and the replay's time is a floor that no support
//! search can go below.
//!
//! ```text
//! cargo build --release -p collision --example gjk_floor
//! target/release/examples/gjk_floor hull1000 2000000
//! ```

use test_support::bench as common;

use collision::shape::SupportPoint;
use collision::{ConvexHull, FastPaths, InscribedBall, SupportMap, distance};
use common::hull_pairs;
use nalgebra::{Point3, Vector3};
use std::cell::{Cell, RefCell};
use std::hint::black_box;
use std::time::Instant;

/// A hull whose support calls either record their answers or replay recorded ones.
struct Replay<'h> {
    hull: &'h ConvexHull,
    answers: RefCell<Vec<u32>>,
    next: Cell<usize>,
    recording: Cell<bool>,
}

impl<'h> Replay<'h> {
    fn new(hull: &'h ConvexHull) -> Replay<'h> {
        Replay {
            hull,
            answers: RefCell::new(Vec::new()),
            next: Cell::new(0),
            recording: Cell::new(true),
        }
    }
}

impl SupportMap for Replay<'_> {
    fn support(&self, dir: &Vector3<f64>) -> Point3<f64> {
        self.support_hinted(dir, u32::MAX).point
    }
    #[inline(always)]
    fn support_hinted(&self, dir: &Vector3<f64>, hint: u32) -> SupportPoint {
        if self.recording.get() {
            let s = self.hull.support_hinted(dir, hint);
            self.answers.borrow_mut().push(s.id);
            return s;
        }
        let k = self.next.get();
        let answers = self.answers.borrow();
        let id = answers[k % answers.len()];
        self.next
            .set(if k + 1 == answers.len() { 0 } else { k + 1 });
        SupportPoint {
            point: self.hull.vertices()[id as usize],
            id,
        }
    }
}

impl FastPaths for Replay<'_> {
    fn is_polytope(&self) -> bool {
        true
    }
    fn fingerprint(&self) -> Option<u64> {
        self.hull.fingerprint()
    }

    /// The hull's, so that the replayed query proves the same overlaps the same way.
    fn inscribed_ball(&self) -> Option<InscribedBall> {
        self.hull.inscribed_ball()
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let case = args.get(1).map_or("hull1000", String::as_str);
    let count: usize = args
        .get(2)
        .and_then(|c| c.parse().ok())
        .unwrap_or(2_000_000);
    let n: usize = case
        .trim_start_matches("hull")
        .parse()
        .expect("hull16, hull64, ...");
    let pairs = hull_pairs(n);
    let replays: Vec<(Replay, Replay)> = pairs
        .iter()
        .map(|p| (Replay::new(&p.a), Replay::new(&p.b)))
        .collect();
    // Record one query per pair, then replay.
    let mut reference = 0.0;
    for (p, (a, b)) in pairs.iter().zip(&replays) {
        reference += distance(a, &p.pa, b, &p.pb).expect("converged");
        a.recording.set(false);
        b.recording.set(false);
    }
    let time = |replay: bool| {
        let start = Instant::now();
        let mut sum = 0.0;
        for k in 0..count {
            let p = &pairs[k % pairs.len()];
            sum += if replay {
                let (a, b) = &replays[k % pairs.len()];
                distance(a, &p.pa, b, &p.pb).expect("converged")
            } else {
                distance(&p.a, &p.pa, &p.b, &p.pb).expect("converged")
            };
        }
        (
            black_box(sum),
            start.elapsed().as_secs_f64() * 1e9 / count as f64,
        )
    };
    for round in 0..3 {
        let (real_sum, real) = time(false);
        let (replay_sum, floor) = time(true);
        let laps = (count / pairs.len()) as f64;
        assert!((real_sum - replay_sum).abs() <= 1e-9 * real_sum.abs());
        assert!((real_sum / laps - reference).abs() <= 1e-9 * reference.abs());
        println!(
            "{case} round {round}: real {real:.0} ns, replayed supports {floor:.0} ns per query"
        );
    }
}
