//! A build that runs out of memory returns [`HullError::OutOfMemory`] wherever it runs
//! out, instead of aborting the process: this test binary's allocator refuses, on the
//! building thread, every allocation from the `k`-th on, for every `k` up to the number
//! the build makes (`test_support::exhaustible`). One allocation that cannot fail (a
//! `Vec::push` that has to grow, say) aborts the whole binary at its `k`.

use collision_hull::{Hull, HullError};
use nalgebra::Point3;
use test_support::clouds;
use test_support::exhaustible::{Exhaustible, with_allowance};

#[global_allocator]
static ALLOCATOR: Exhaustible = Exhaustible;

#[test]
fn builds_refuse_at_every_allocation_instead_of_aborting() {
    // Every point a vertex (the vertex lists double, the pool compacts), most points
    // inside, points on a cube's faces (merging, near points settled on cone triangles),
    // a slab 2e-12 thick (the near points' recheck), a 9³ grid (its faces' points
    // coplanar), and a prism of 120-gons whose cap a last point above its centre sees
    // whole (a step's lists past their starting room: 60 faces seen, a horizon of 62),
    // and a sphere large enough to start from the hull of a sample.
    let mut capped = clouds::cylinder(120, 2);
    capped.push(Point3::new(0.0, 0.0, 1.0 + 1e-3));
    let cases = [
        ("sphere", clouds::of_kind("sphere", 3000, 5)),
        ("ball", clouds::of_kind("ball", 3000, 5)),
        ("box", clouds::of_kind("box", 2000, 5)),
        ("slab", clouds::of_kind("slab", 2000, 5)),
        ("grid", clouds::grid(9)),
        ("capped prism", capped),
        (
            "sphere from a sample",
            clouds::of_kind("sphere", 1 << 16, 5),
        ),
    ];
    for (name, points) in &cases {
        let (full, needed) = with_allowance(None, || Hull::build(points));
        assert!(full.is_ok(), "{name}: {full:?}");
        // Each build starts on a new thread, from empty buffers: every allowance short of
        // what the build took is refused.
        for k in 0..needed {
            match with_allowance(Some(k), || Hull::build(points)).0 {
                Err(HullError::OutOfMemory { count, .. }) => assert_eq!(count, points.len()),
                other => panic!("{name}, {k} of {needed} allocations: {other:?}"),
            }
        }
    }
}
