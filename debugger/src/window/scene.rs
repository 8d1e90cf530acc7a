//! One frame of a recording as coloured 3D primitives: faces, segments and markers in
//! display coordinates. Pure (no GPU, no kiss3d), so it is tested like any function; the
//! kiss3d front end only uploads what it gets.
//!
//! Display coordinates are `f32` and centred: a view's [`Framing`] subtracts its centre
//! in `f64` first and divides by its radius, so a scene 1e6 from the origin keeps its
//! precision and every view has the same size on screen. The framing is computed once
//! per recording (from all frames), so stepping through frames shows real motion, never
//! a rescaled picture.

use super::mesh::ShapeMesh;
use crate::frame::{Frame, FrameKind, FrameVertex};
use crate::record::Recording;
use crate::svg::{Camera, caption_lines, final_normal, shape_scale};
use collision::shape::Core;
use fixtures::Query;
use nalgebra::{Isometry3, Point3, Vector3};

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

/// What a triangle shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FaceRole {
    /// A face of the simplex or polytope that the step keeps.
    Polytope,
    /// The face nearest the origin (EPA expands it).
    Nearest,
    /// A face the step removes (the new support point sees it).
    Removed,
    /// The configuration space `A − B` (of the cores when the query ran on them).
    Difference,
    /// Shape A (world view).
    ShapeA,
    /// Shape B (world view).
    ShapeB,
}

/// What a segment shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineRole {
    /// An edge of the simplex or polytope.
    Edge,
    /// A horizon edge, which the step fans to the support point.
    Horizon,
    /// From a horizon vertex to the new support point: a face the step adds.
    Fan,
    /// The search direction (GJK) or the nearest face's normal (EPA), from the origin
    /// (configuration view) or from witness `a` (world view).
    Direction,
    /// From the origin to the closest point `v`.
    ToClosest,
    /// The short axes marking the origin.
    Axis,
    /// An edge of `A − B`.
    Difference,
    /// An edge of shape A.
    ShapeA,
    /// An edge of shape B.
    ShapeB,
    /// From witness `a` to witness `b`.
    Witness,
    /// The cast ray, from its origin to the current ray point (ray-cast frames).
    Ray,
}

/// What a point marker shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointRole {
    /// A vertex of the simplex or polytope.
    Vertex,
    /// The new support point `w`.
    Support,
    /// The closest point `v` (GJK) or the origin's projection on the nearest face's
    /// plane (EPA).
    Closest,
    /// The origin of the configuration space.
    Origin,
    /// The tip of the direction segment.
    DirectionTip,
    /// Witness point `a` on A.
    WitnessA,
    /// Witness point `b` on B.
    WitnessB,
}

/// `0xRRGGBB` and an alpha as linear-ish RGBA in `[0, 1]` (what kiss3d takes).
const fn rgb(hex: u32, alpha: f32) -> [f32; 4] {
    [
        ((hex >> 16) & 0xff) as f32 / 255.0,
        ((hex >> 8) & 0xff) as f32 / 255.0,
        (hex & 0xff) as f32 / 255.0,
        alpha,
    ]
}

/// The SVG film strip's palette (`svg::panel::color`), so both front ends read alike.
mod palette {
    pub const POLY: u32 = 0x2a5db0;
    pub const NEAREST: u32 = 0xf28e00;
    pub const REMOVED: u32 = 0xd62728;
    pub const HORIZON: u32 = 0xc2185b;
    pub const SUPPORT: u32 = 0x2ca02c;
    pub const V: u32 = 0x7b1fa2;
    pub const A: u32 = 0x1f77b4;
    pub const B: u32 = 0xff7f0e;
    pub const DIFF: u32 = 0x9e9e9e;
    pub const INK: u32 = 0x212121;
}

impl FaceRole {
    /// Fill colour, RGBA; alpha below 1 draws translucent.
    #[must_use]
    pub const fn rgba(self) -> [f32; 4] {
        match self {
            FaceRole::Polytope => rgb(palette::POLY, 0.45),
            FaceRole::Nearest => rgb(palette::NEAREST, 0.85),
            FaceRole::Removed => rgb(palette::REMOVED, 0.55),
            FaceRole::Difference => rgb(palette::DIFF, 0.12),
            FaceRole::ShapeA => rgb(palette::A, 0.6),
            FaceRole::ShapeB => rgb(palette::B, 0.3),
        }
    }
}

impl LineRole {
    /// Line colour, RGBA.
    #[must_use]
    pub const fn rgba(self) -> [f32; 4] {
        match self {
            LineRole::Edge => rgb(palette::POLY, 1.0),
            LineRole::Horizon => rgb(palette::HORIZON, 1.0),
            LineRole::Fan | LineRole::Direction => rgb(palette::SUPPORT, 1.0),
            LineRole::ToClosest => rgb(palette::V, 1.0),
            LineRole::Axis | LineRole::Witness => rgb(palette::INK, 1.0),
            LineRole::Difference => rgb(palette::DIFF, 1.0),
            LineRole::ShapeA => rgb(palette::A, 1.0),
            LineRole::ShapeB => rgb(palette::B, 1.0),
            LineRole::Ray => rgb(palette::REMOVED, 1.0),
        }
    }

    /// Width in pixels.
    #[must_use]
    pub const fn width(self) -> f32 {
        match self {
            LineRole::Horizon => 5.0,
            LineRole::Edge | LineRole::Direction | LineRole::ToClosest => 3.0,
            LineRole::Fan | LineRole::Witness | LineRole::Ray => 2.0,
            LineRole::Axis | LineRole::ShapeA | LineRole::ShapeB => 1.5,
            LineRole::Difference => 1.0,
        }
    }
}

impl PointRole {
    /// Marker colour, RGBA.
    #[must_use]
    pub const fn rgba(self) -> [f32; 4] {
        match self {
            PointRole::Vertex => rgb(palette::POLY, 1.0),
            PointRole::Support | PointRole::DirectionTip => rgb(palette::SUPPORT, 1.0),
            PointRole::Closest => rgb(palette::V, 1.0),
            PointRole::Origin => rgb(palette::INK, 1.0),
            PointRole::WitnessA => rgb(palette::A, 1.0),
            PointRole::WitnessB => rgb(palette::B, 1.0),
        }
    }

    /// Diameter in pixels.
    #[must_use]
    pub const fn size(self) -> f32 {
        match self {
            PointRole::Support | PointRole::Origin => 14.0,
            PointRole::Closest | PointRole::WitnessA | PointRole::WitnessB => 12.0,
            PointRole::Vertex | PointRole::DirectionTip => 9.0,
        }
    }
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
    rec: &'a Recording,
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
        let s = &rec.scene;
        let shapes = [
            ShapeMesh::of_shape(&s.shape_a),
            ShapeMesh::of_shape(&s.shape_b),
        ];
        let cored = rec.radius_a > 0.0 || rec.radius_b > 0.0;
        let difference = if cored {
            let (ca, cb) = (Core(&s.shape_a), Core(&s.shape_b));
            ShapeMesh::of_difference(&ca, &s.pose_a, &cb, &s.pose_b)
        } else {
            ShapeMesh::of_difference(&s.shape_a, &s.pose_a, &s.shape_b, &s.pose_b)
        };
        SceneBuilder {
            rec,
            configuration: configuration_framing(rec),
            world: world_framing(rec),
            eyes: eyes(rec),
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
            caption: caption_lines(self.rec, index, frame, usize::MAX),
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
        pen.marker(f.witness_a, PointRole::WitnessA);
        pen.marker(f.witness_b, PointRole::WitnessB);
        if let Some(d) = f.direction {
            let tip = f.witness_a + d * (DIRECTION_LENGTH * pen.framing.radius);
            pen.segment(f.witness_a, tip, LineRole::Direction);
            pen.marker(tip, PointRole::DirectionTip);
        }
    }
}

/// Appends primitives to a scene, mapping points through the framing and counting
/// what cannot be drawn.
struct Pen<'s> {
    framing: Framing,
    scene: &'s mut Scene3d,
}

impl Pen<'_> {
    /// Display coordinates of `p` in `f64` (the framing's map before rounding to f32);
    /// `None` when not finite.
    fn display(&self, p: &Point3<f64>) -> Option<Vector3<f64>> {
        let d = (p - self.framing.centre) / self.framing.radius;
        d.iter().all(|c| c.is_finite()).then_some(d)
    }

    fn face(&mut self, p: [Point3<f64>; 3], role: FaceRole) {
        let [Some(a), Some(b), Some(c)] = p.map(|p| self.display(&p)) else {
            self.scene.left_out += 1;
            return;
        };
        let polygon = clip_polygon(vec![a, b, c]);
        for k in 1..polygon.len().saturating_sub(1) {
            let corners = [polygon[0], polygon[k], polygon[k + 1]].map(to_f32);
            self.scene.faces.push(Face { corners, role });
        }
    }

    fn segment(&mut self, p: Point3<f64>, q: Point3<f64>, role: LineRole) {
        let (Some(a), Some(b)) = (self.display(&p), self.display(&q)) else {
            self.scene.left_out += 1;
            return;
        };
        if let Some([a, b]) = clip_segment(a, b) {
            self.scene.segments.push(Segment {
                ends: [to_f32(a), to_f32(b)],
                role,
            });
        }
    }

    fn marker(&mut self, p: Point3<f64>, role: PointRole) {
        match self.framing.to_display(&p) {
            Some(at) => self.scene.markers.push(Marker { at, role }),
            None => self.scene.left_out += 1,
        }
    }

    fn mesh(&mut self, mesh: &ShapeMesh, pose: &Isometry3<f64>, role: FaceRole) {
        let v = |i: u32| pose * mesh.vertices[i as usize];
        for t in &mesh.triangles {
            self.face([v(t[0]), v(t[1]), v(t[2])], role);
        }
    }

    fn mesh_edges(&mut self, mesh: &ShapeMesh, pose: &Isometry3<f64>, role: LineRole) {
        let v = |i: u32| pose * mesh.vertices[i as usize];
        for e in &mesh.edges {
            self.segment(v(e[0]), v(e[1]), role);
        }
    }
}

fn to_f32(d: Vector3<f64>) -> [f32; 3] {
    [d.x as f32, d.y as f32, d.z as f32]
}

/// The part of the convex polygon `poly` inside the display cube (Sutherland–Hodgman:
/// clip against each of the six planes `±x_k = CLIP` in turn; an edge crossing a plane
/// is cut at `t = (CLIP − s a_k) / (s b_k − s a_k)`).
fn clip_polygon(mut poly: Vec<Vector3<f64>>) -> Vec<Vector3<f64>> {
    for k in 0..3 {
        for s in [1.0, -1.0] {
            if poly.is_empty() {
                return poly;
            }
            let inside = |p: &Vector3<f64>| s * p[k] <= CLIP;
            let mut out = Vec::with_capacity(poly.len() + 2);
            for i in 0..poly.len() {
                let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
                if inside(&a) {
                    out.push(a);
                }
                if inside(&a) != inside(&b) {
                    let t = (CLIP - s * a[k]) / (s * b[k] - s * a[k]);
                    out.push(a + (b - a) * t);
                }
            }
            poly = out;
        }
    }
    poly
}

/// The part of segment `ab` inside the display cube (Liang–Barsky), if any.
fn clip_segment(a: Vector3<f64>, b: Vector3<f64>) -> Option<[Vector3<f64>; 2]> {
    let d = b - a;
    let (mut t0, mut t1) = (0.0f64, 1.0f64);
    for k in 0..3 {
        for s in [1.0, -1.0] {
            // Inside where s (a_k + t d_k) <= CLIP.
            let (num, den) = (CLIP - s * a[k], s * d[k]);
            if den == 0.0 {
                if num < 0.0 {
                    return None;
                }
            } else if den > 0.0 {
                t1 = t1.min(num / den);
            } else {
                t0 = t0.max(num / den);
            }
        }
    }
    // Ends that need no cut stay exactly as given.
    let at = |t: f64| match t {
        0.0 => a,
        1.0 => b,
        _ => a + d * t,
    };
    (t0 <= t1).then(|| [at(t0), at(t1)])
}

/// The starting camera directions `[configuration, world]` (see [`SceneBuilder::new`]).
fn eyes(rec: &Recording) -> [Vector3<f64>; 2] {
    let world = Camera::facing(final_normal(rec), 30f64.to_radians()).toward;
    let epa_normal = rec
        .frames
        .iter()
        .rev()
        .find(|f| f.closest_face.is_some())
        .and_then(|f| f.direction);
    let configuration = match epa_normal {
        Some(n) => {
            let c = Camera::facing(Some(n), 40f64.to_radians()).toward;
            // `facing` puts the normal on the viewer's side of the (1, 1, 1) axis;
            // mirror the view to the side the face looks at.
            if c.dot(&n) < 0.0 {
                c - n * (2.0 * n.dot(&c))
            } else {
                c
            }
        }
        None => world,
    };
    [configuration, world]
}

/// The origin, at the radius of the farthest finite simplex, polytope, support or
/// closest point of any frame (1 when there is none).
fn configuration_framing(rec: &Recording) -> Framing {
    let mut radius: f64 = 0.0;
    let mut reach = |p: &Point3<f64>| {
        let r = p.coords.norm();
        if r.is_finite() {
            radius = radius.max(r);
        }
    };
    for f in &rec.frames {
        f.vertices
            .iter()
            .chain(&f.support)
            .for_each(|v: &FrameVertex| reach(&v.w));
        reach(&f.closest);
    }
    Framing {
        centre: Point3::origin(),
        radius: if radius > 0.0 { radius } else { 1.0 },
    }
}

/// The midpoint of the last frame's witness points (A's position when there is no
/// frame), at half the largest of the smaller shape's size (its bounding-box
/// diagonal), the last witness points' distance, and, for moving shapes
/// (time-of-impact steps), twice the farthest witness point of any step: the smaller
/// shape fills most of the view, and moving shapes stay in it. (GJK's first witness
/// points can be any far corner of a ground slab, so other steps are not counted.)
fn world_framing(rec: &Recording) -> Framing {
    let scale = shape_scale(rec);
    let finite = |p: &Point3<f64>| p.iter().all(|c| c.is_finite());
    let (centre, reach) = match rec.frames.last() {
        Some(f) if finite(&f.witness_a) && finite(&f.witness_b) => (
            Point3::from((f.witness_a.coords + f.witness_b.coords) / 2.0),
            (f.witness_b - f.witness_a).norm(),
        ),
        _ => (Point3::from(rec.scene.pose_a.translation.vector), 0.0),
    };
    let mut size = if reach.is_finite() {
        scale.max(reach)
    } else {
        scale
    };
    // Moving shapes' and the ray's points are all kept in view (the ray from its origin).
    let ray_origin = match rec.scene.query {
        Query::RayCast { origin, .. } => Some(origin),
        _ => None,
    };
    for f in rec.frames.iter().filter(|f| f.poses.is_some() || is_ray(f)) {
        for p in [&f.witness_a, &f.witness_b].into_iter().chain(&ray_origin) {
            let r = 2.0 * (p - centre).norm();
            if r.is_finite() {
                size = size.max(r);
            }
        }
    }
    Framing {
        centre,
        radius: 0.5 * size,
    }
}

/// Whether `f` is a ray-cast frame (configuration space `x − A`, no shape B).
fn is_ray(f: &Frame) -> bool {
    matches!(
        f.kind,
        FrameKind::RayStep { .. } | FrameKind::RayResult { .. }
    )
}
