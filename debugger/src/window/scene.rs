//! One frame of a recording as coloured 3D primitives: faces, segments and markers in
//! display coordinates. Pure (no GPU, no kiss3d), so it is tested like any function; the
//! kiss3d front end only uploads what it gets.
//!
//! Display coordinates are `f32` and centred: a view's [`Framing`] subtracts its centre
//! in `f64` first and divides by its radius, so a scene 1e6 from the origin keeps its
//! precision and every view has the same size on screen. The framing is computed once
//! per recording (from all frames), so stepping through frames shows real motion, never
//! a rescaled picture.

mod framing;
mod pen;
mod roles;
mod shortcut;

pub use roles::{FaceRole, LineRole, PointRole, legend};

use super::mesh::ShapeMesh;
use crate::frame::Frame;
use crate::record::Recording;
use crate::svg::caption_lines;
use crate::timeline::Layers;
use collision::shape::CoreOf;
use fixtures::Query;
use framing::{configuration_framing, eyes, is_ray, world_framing};
use nalgebra::{Isometry3, Point3, Vector3};
use pen::Pen;
use std::borrow::Cow;

/// Which space a scene shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    /// The configuration space `A − B` around the origin: the simplex or polytope, the
    /// nearest face, the removed faces, the horizon fanned to the new support point
    /// `w`, the closest point `v`, the direction, and faintly `A − B` itself.
    #[default]
    Configuration,
    /// The world: both shapes at the frame's poses, the witness points and the
    /// direction.
    World,
}

/// A triangle in display coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Face {
    /// The corners, counter-clockwise seen from outside where the source is oriented.
    pub corners: [[f32; 3]; 3],
    /// What it shows.
    pub role: FaceRole,
}

/// A segment in display coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Segment {
    /// The two ends.
    pub ends: [[f32; 3]; 2],
    /// What it shows.
    pub role: LineRole,
}

/// A point marker in display coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Marker {
    /// Where.
    pub at: [f32; 3],
    /// What it shows.
    pub role: PointRole,
}

/// The map from a view's space to display coordinates: `(p − centre) / radius`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Framing {
    /// The point drawn at the display origin (the orbit camera's focus).
    pub centre: Point3<f64>,
    /// The length drawn as 1 (> 0, finite).
    pub radius: f64,
}

impl Framing {
    /// Display coordinates of `p`; `None` when they are not finite.
    #[must_use]
    pub fn to_display(&self, p: &Point3<f64>) -> Option<[f32; 3]> {
        let d = (p - self.centre) / self.radius;
        let q = [d.x as f32, d.y as f32, d.z as f32];
        q.iter().all(|c| c.is_finite()).then_some(q)
    }

    /// The point of the view's space drawn at `q` (the inverse of
    /// [`Framing::to_display`], to `f32` precision).
    #[must_use]
    pub fn from_display(&self, q: [f32; 3]) -> Point3<f64> {
        self.centre + Vector3::new(q[0].into(), q[1].into(), q[2].into()) * self.radius
    }
}

/// Distance from the camera to the display origin, in display units: the scene's
/// radius 1 fills about three quarters of a 45° field of view.
pub const EYE_DISTANCE: f32 = 3.0;

/// Length of the direction segment in display units.
const DIRECTION_LENGTH: f64 = 0.45;

/// Faces and segments are clipped to the display cube `[−CLIP, CLIP]³`, so a huge
/// shape (a ground slab) shows as a piece around the view, as the SVG clips its views.
pub const CLIP: f64 = 2.5;

/// Half-length of the origin's axes in display units.
const AXIS_LENGTH: f64 = 0.07;

/// One frame, ready to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene3d {
    /// Which space it shows.
    pub view: View,
    /// The frame's index in the recording.
    pub index: usize,
    /// Triangles, in drawing order.
    pub faces: Vec<Face>,
    /// Segments.
    pub segments: Vec<Segment>,
    /// Point markers.
    pub markers: Vec<Marker>,
    /// The caption: frame number, step label and bounds, the step's description,
    /// and on the last frame the query's status (the SVG panel's lines, unwrapped: the
    /// front end wraps them to its width).
    pub caption: Vec<String>,
    /// The view's map to display coordinates (the same for every frame).
    pub framing: Framing,
    /// Where the camera starts, display coordinates (looking at the display origin).
    pub eye: [f32; 3],
    /// The world axis drawn upwards: z, or y when the camera looks along z.
    pub up: [f32; 3],
    /// Elements left out because a coordinate was not finite.
    pub left_out: usize,
}

impl Scene3d {
    /// Number of faces with `role`.
    #[must_use]
    pub fn face_count(&self, role: FaceRole) -> usize {
        self.faces.iter().filter(|f| f.role == role).count()
    }

    /// Number of segments with `role`.
    #[must_use]
    pub fn segment_count(&self, role: LineRole) -> usize {
        self.segments.iter().filter(|s| s.role == role).count()
    }

    /// Number of markers with `role`.
    #[must_use]
    pub fn marker_count(&self, role: PointRole) -> usize {
        self.markers.iter().filter(|m| m.role == role).count()
    }
}

/// Builds [`Scene3d`]s for the frames of one recording. The shape meshes and both
/// framings are computed once here; [`SceneBuilder::scene`] is cheap.
#[derive(Clone, Debug)]
pub struct SceneBuilder<'a> {
    rec: Cow<'a, Recording>,
    configuration: Framing,
    world: Framing,
    /// Unit directions from the display origin to the starting camera, per view.
    eyes: [Vector3<f64>; 2],
    /// Shapes A and B in their local frames.
    shapes: [ShapeMesh; 2],
    /// `A − B` at the scene's poses, world orientation.
    difference: ShapeMesh,
}

impl<'a> SceneBuilder<'a> {
    /// Meshes the shapes and `A − B` (of the cores when the query ran on them) and
    /// frames both views: the configuration space around the origin, at the radius of
    /// the farthest simplex, polytope or support point of any frame; the world around
    /// the last frame's witness points, wide enough for the smaller shape, those points
    /// and, when the shapes move, every step's witness points. The world camera looks
    /// from the direction the SVG film strip uses, turned 30° out of the plane of the
    /// final normal; the configuration camera is turned 40° out of the plane of the last
    /// EPA normal, on the side the nearest face faces, so that face is seen from
    /// outside.
    #[must_use]
    pub fn new(rec: &'a Recording) -> SceneBuilder<'a> {
        SceneBuilder::build(Cow::Borrowed(rec))
    }

    /// A builder that owns its recording ([`SceneBuilder::new`] otherwise), for a
    /// window that replaces the recording when the fixture is reloaded.
    #[must_use]
    pub fn owning(rec: Recording) -> SceneBuilder<'static> {
        SceneBuilder::build(Cow::Owned(rec))
    }

    /// The recording the scenes are built from.
    #[must_use]
    pub fn recording(&self) -> &Recording {
        &self.rec
    }

    fn build(rec: Cow<'a, Recording>) -> SceneBuilder<'a> {
        let s = &rec.scene;
        let shapes = [
            ShapeMesh::of_shape(&s.shape_a),
            ShapeMesh::of_shape(&s.shape_b),
        ];
        let cored = rec.radius_a > 0.0 || rec.radius_b > 0.0;
        let difference = if cored {
            let (ca, cb) = (CoreOf(&s.shape_a), CoreOf(&s.shape_b));
            ShapeMesh::of_difference(&ca, &s.pose_a, &cb, &s.pose_b)
        } else {
            ShapeMesh::of_difference(&s.shape_a, &s.pose_a, &s.shape_b, &s.pose_b)
        };
        SceneBuilder {
            configuration: configuration_framing(&rec),
            world: world_framing(&rec),
            eyes: eyes(&rec),
            rec,
            shapes,
            difference,
        }
    }

    /// Number of frames.
    #[must_use]
    pub fn len(&self) -> usize {
        self.rec.frames.len()
    }

    /// Whether the recording has no frame (nothing to draw).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.rec.frames.is_empty()
    }

    /// The map to display coordinates of `view`.
    #[must_use]
    pub fn framing(&self, view: View) -> Framing {
        match view {
            View::Configuration => self.configuration,
            View::World => self.world,
        }
    }

    /// The meshes of shape A and B (local frames) and of `A − B` (world orientation,
    /// scene poses) that the scenes draw.
    #[must_use]
    pub fn meshes(&self) -> (&ShapeMesh, &ShapeMesh, &ShapeMesh) {
        (&self.shapes[0], &self.shapes[1], &self.difference)
    }

    /// Frame `index` (clamped to the last frame) seen in `view`; `None` when the
    /// recording has no frame.
    #[must_use]
    pub fn scene(&self, index: usize, view: View) -> Option<Scene3d> {
        let n = self.rec.frames.len();
        let index = index.min(n.checked_sub(1)?);
        let frame = &self.rec.frames[index];
        let framing = self.framing(view);
        let toward = match view {
            View::Configuration => self.eyes[0],
            View::World => self.eyes[1],
        };
        let eye = toward * f64::from(EYE_DISTANCE);
        let up = if toward.z.abs() > 0.95 {
            [0.0, 1.0, 0.0]
        } else {
            [0.0, 0.0, 1.0]
        };
        let mut out = Scene3d {
            view,
            index,
            faces: Vec::new(),
            segments: Vec::new(),
            markers: Vec::new(),
            caption: caption_lines(&self.rec, index, frame, usize::MAX),
            framing,
            eye: [eye.x as f32, eye.y as f32, eye.z as f32],
            up,
            left_out: 0,
        };
        let mut pen = Pen {
            framing,
            scene: &mut out,
        };
        match view {
            View::Configuration => self.configuration_scene(frame, &mut pen),
            View::World => self.world_scene(frame, &mut pen),
        }
        Some(out)
    }

    fn configuration_scene(&self, f: &Frame, pen: &mut Pen<'_>) {
        // A − B is drawn at the scene's poses; time-of-impact frames move the shapes,
        // and a ray cast's configuration space is `x − A`, not A − B.
        if f.poses.is_none() && !is_ray(f) {
            pen.mesh(
                &self.difference,
                &Isometry3::identity(),
                FaceRole::Difference,
            );
            pen.mesh_edges(
                &self.difference,
                &Isometry3::identity(),
                LineRole::Difference,
            );
        }
        let w = |i: usize| f.vertices[i].w;
        let same = |t: &[usize; 3], u: &[usize; 3]| {
            let mut a = *t;
            let mut b = *u;
            a.sort_unstable();
            b.sort_unstable();
            a == b
        };
        let mut nearest_drawn = false;
        for (faces, role) in [
            (&f.triangles, FaceRole::Polytope),
            (&f.removed, FaceRole::Removed),
        ] {
            for t in faces {
                // The nearest face is drawn once, in place of its listed copy.
                let (t, role) = match f.closest_face {
                    Some(c) if same(t, &c) && !nearest_drawn => {
                        nearest_drawn = true;
                        (c, FaceRole::Nearest)
                    }
                    _ => (*t, role),
                };
                pen.face([w(t[0]), w(t[1]), w(t[2])], role);
            }
        }
        if let (Some(c), false) = (f.closest_face, nearest_drawn) {
            pen.face([w(c[0]), w(c[1]), w(c[2])], FaceRole::Nearest);
        }
        for e in &f.edges {
            pen.segment(w(e[0]), w(e[1]), LineRole::Edge);
        }
        for e in &f.horizon {
            pen.segment(w(e[0]), w(e[1]), LineRole::Horizon);
        }
        if let Some(s) = &f.support {
            let mut fanned: Vec<usize> = Vec::new();
            for &i in f.horizon.iter().flatten() {
                if !fanned.contains(&i) {
                    fanned.push(i);
                    pen.segment(w(i), s.w, LineRole::Fan);
                }
            }
        }
        for v in &f.vertices {
            pen.marker(v.w, PointRole::Vertex);
        }
        if let Some(s) = &f.support {
            pen.marker(s.w, PointRole::Support);
        }
        let o = Point3::origin();
        let axis = AXIS_LENGTH * pen.framing.radius;
        for e in [Vector3::x(), Vector3::y(), Vector3::z()] {
            pen.segment(o - e * axis, o + e * axis, LineRole::Axis);
        }
        pen.marker(o, PointRole::Origin);
        if f.closest != o {
            pen.segment(o, f.closest, LineRole::ToClosest);
        }
        pen.marker(f.closest, PointRole::Closest);
        if let Some(d) = f.direction {
            let tip = o + d * (DIRECTION_LENGTH * pen.framing.radius);
            pen.segment(o, tip, LineRole::Direction);
            pen.marker(tip, PointRole::DirectionTip);
        }
    }

    fn world_scene(&self, f: &Frame, pen: &mut Pen<'_>) {
        let s = &self.rec.scene;
        let [pose_a, pose_b] = f.poses.unwrap_or([s.pose_a, s.pose_b]);
        // A ray is cast against shape A only: B is not drawn, the ray is.
        let shapes = if is_ray(f) { 1 } else { 2 };
        for (mesh, pose, face, line) in [
            (&self.shapes[0], &pose_a, FaceRole::ShapeA, LineRole::ShapeA),
            (&self.shapes[1], &pose_b, FaceRole::ShapeB, LineRole::ShapeB),
        ]
        .into_iter()
        .take(shapes)
        {
            pen.mesh(mesh, pose, face);
            pen.mesh_edges(mesh, pose, line);
        }
        if let (true, Query::RayCast { origin, .. }) = (is_ray(f), &s.query)
            && *origin != f.witness_a
        {
            pen.segment(*origin, f.witness_a, LineRole::Ray);
        }
        if f.witness_a != f.witness_b {
            pen.segment(f.witness_a, f.witness_b, LineRole::Witness);
        }
        if let Some(shortcut) = &f.shortcut {
            shortcut::draw(shortcut, pen);
        }
        pen.marker(f.witness_a, PointRole::WitnessA);
        pen.marker(f.witness_b, PointRole::WitnessB);
        if let Some(d) = f.direction {
            let tip = f.witness_a + d * (DIRECTION_LENGTH * pen.framing.radius);
            pen.segment(f.witness_a, tip, LineRole::Direction);
            pen.marker(tip, PointRole::DirectionTip);
        }
    }
}

/// Half the grid's width in display units (the view's radius is 1).
const GRID_HALF_WIDTH: f32 = 1.5;
/// Grid lines per half width.
const GRID_LINES: i32 = 6;

impl Scene3d {
    /// The scene with only the groups `layers` turns on: faces, segments and markers
    /// of a layer that is off are dropped (the caption too when labels are off), and
    /// a grid is added in the plane through the view's centre perpendicular to the
    /// up axis when the grid is on (the origin and its axes are drawn with the grid).
    #[must_use]
    pub fn with_layers(&self, layers: &Layers) -> Scene3d {
        let mut out = self.clone();
        out.faces.retain(|f| match f.role {
            FaceRole::Polytope | FaceRole::Nearest | FaceRole::Removed => layers.simplex,
            FaceRole::Difference => layers.difference,
            FaceRole::ShapeA | FaceRole::ShapeB => layers.shapes,
        });
        out.segments.retain(|s| match s.role {
            LineRole::Edge | LineRole::Horizon | LineRole::Fan | LineRole::ToClosest => {
                layers.simplex
            }
            LineRole::Direction => layers.direction,
            LineRole::Axis | LineRole::Grid => layers.grid,
            LineRole::Difference => layers.difference,
            LineRole::ShapeA | LineRole::ShapeB | LineRole::Ray => layers.shapes,
            LineRole::Witness => layers.witnesses,
            LineRole::ShortcutBall
            | LineRole::CentreLine
            | LineRole::SatAxis
            | LineRole::SatWinner => layers.shapes,
        });
        out.markers.retain(|m| match m.role {
            PointRole::Vertex | PointRole::Support | PointRole::Closest => layers.simplex,
            PointRole::Origin => layers.grid,
            PointRole::DirectionTip => layers.direction,
            PointRole::WitnessA | PointRole::WitnessB => layers.witnesses,
        });
        if !layers.labels {
            out.caption.clear();
        }
        if layers.grid {
            out.segments.extend(grid(self.up));
        }
        out
    }
}

/// Grid lines in the display plane perpendicular to `up` through the display origin.
fn grid(up: [f32; 3]) -> Vec<Segment> {
    // The two display axes across `up` (which is a display axis: y or z).
    let axis = if up[2].abs() > 0.5 { [0, 1] } else { [0, 2] };
    let step = GRID_HALF_WIDTH / GRID_LINES as f32;
    let mut out = Vec::new();
    for k in -GRID_LINES..=GRID_LINES {
        let t = k as f32 * step;
        for (along, across) in [(axis[0], axis[1]), (axis[1], axis[0])] {
            let mut a = [0.0; 3];
            let mut b = [0.0; 3];
            a[across] = t;
            b[across] = t;
            a[along] = -GRID_HALF_WIDTH;
            b[along] = GRID_HALF_WIDTH;
            out.push(Segment {
                ends: [a, b],
                role: LineRole::Grid,
            });
        }
    }
    out
}
