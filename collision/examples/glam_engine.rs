//! Queries from a glam engine (a Bevy-style `Transform` and `GlobalTransform`), with no
//! conversion code: `cargo run -p collision --example glam_engine --features glam,parallel`.
//! The README's "Using it from a glam engine" shows this file.

use collision::batch::{PairResult, Scene};
use collision::interop::{Pose, PoseError};
use collision::{Ball, ContactError, Cuboid, Ray, Shape, cast_ray, contact};
use glam::{Affine3A, DVec3, Quat, Vec3};
use nalgebra::{Isometry3, Point3, Vector3};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let crate_box = Cuboid::new(Vector3::new(0.5, 0.5, 0.5))?;
    let ball = Ball::new(0.25)?;

    // A Transform's parts (f32): translation and rotation, widened to f64.
    let box_pose = Pose::from((Vec3::new(0.0, 0.5, 0.0), Quat::from_rotation_y(0.3)));
    // A GlobalTransform's affine: accepted only if rigid.
    let ball_pose = Pose::try_from(Affine3A::from_translation(Vec3::new(0.0, 1.2, 0.0)))?;

    // Queries take the native `Isometry3<f64>`: one `.into()` each.
    let c = contact(&crate_box, &box_pose.into(), &ball, &ball_pose.into(), 0.1)?
        .expect("the ball rests on the box");
    let normal = DVec3::from(c.normal); // results convert back
    println!("contact normal {normal}, separation {:.3}", c.separation);

    // Rays from glam points and directions.
    let ray = Ray::new(Point3::from(DVec3::new(0.0, 5.0, 0.0)), DVec3::NEG_Y.into());
    let hit = cast_ray(&ball, &ball_pose.into(), &ray, f64::INFINITY)?.expect("straight down");
    println!("ray hits the ball at {}", DVec3::from(hit.point));

    // A scaled transform is a typed error, not a silently wrong pose.
    let scaled = Affine3A::from_scale(Vec3::splat(2.0));
    assert!(matches!(
        Pose::try_from(scaled),
        Err(PoseError::NotRigid { .. })
    ));

    // Many pairs at once: shapes and poses listed once, pairs by index.
    let shapes = [Shape::from(crate_box), Shape::from(ball)];
    let poses: Vec<Isometry3<f64>> = [box_pose, ball_pose].map(Isometry3::from).to_vec();
    let scene = Scene::new(&shapes, &poses)?;
    let mut out: Vec<PairResult<Option<_>, ContactError>> = vec![Ok(None); 1];
    scene.contact(&[[0, 1]], 0.1, &mut out)?;
    assert_eq!(out[0], Ok(Some(c))); // the single query's answer, bit for bit
    Ok(())
}
