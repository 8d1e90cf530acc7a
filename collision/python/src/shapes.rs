//! The shape classes: `Shape` (the base every query takes) and one subclass per kind.
//!
//! A shape keeps the validated `collision::Shape` it queries with and the fixture
//! `ShapeSpec` it was built from (for a hull, the input points): the spec is what pickling
//! and fixture files carry, and rebuilding from it gives the same shape bit for bit.

use crate::arrays::{self, xyz};
use crate::errors::{Kind, array_room, error, invalid, out_of_memory, room};
use collision::FastPaths;
use collision::hull::HullError;
use collision::{ConvexHull as RustHull, HullKind, Shape, ShapeError, SupportMap};
use fixtures::ShapeSpec;
use nalgebra::Point3;
use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray1, PyArray2};
use pyo3::PyClass;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// `(mins, maxs)` of a bounding box.
type Corners<'py> = (Bound<'py, PyArray1<f64>>, Bound<'py, PyArray1<f64>>);

/// A convex shape, the base class of every shape kind. Immutable; pickles.
#[pyclass(subclass, frozen, module = "convex_collision", name = "Shape")]
pub struct PyShape {
    /// The shape the queries run on.
    pub shape: Shape,
    /// What it was built from.
    pub spec: ShapeSpec,
}

impl PyShape {
    /// Builds and validates the shape of `spec`; `class` names it in errors.
    ///
    /// # Errors
    /// `InvalidInputError` with the field and the reason.
    pub fn build(class: &str, spec: ShapeSpec) -> PyResult<PyShape> {
        let shape = spec
            .build(class)
            .map_err(|e| invalid(format!("{}: {}", e.field, e.message)))?;
        Ok(PyShape { shape, spec })
    }
}

fn init<T: PyClass<BaseType = PyShape>>(base: PyShape, sub: T) -> PyClassInitializer<T> {
    PyClassInitializer::from(base).add_subclass(sub)
}

/// The Python object of the subclass matching `spec`.
///
/// # Errors
/// `InvalidInputError` when the spec does not build.
pub fn shape_object<'py>(py: Python<'py>, spec: ShapeSpec) -> PyResult<Bound<'py, PyShape>> {
    let class = class_name(&spec);
    let base = PyShape::build(class, spec)?;
    Ok(match base.spec {
        ShapeSpec::Ball { .. } => Bound::new(py, init(base, Ball))?.into_super(),
        ShapeSpec::Cuboid { .. } => Bound::new(py, init(base, Cuboid))?.into_super(),
        ShapeSpec::Capsule { .. } => Bound::new(py, init(base, Capsule))?.into_super(),
        ShapeSpec::Cylinder { .. } => Bound::new(py, init(base, Cylinder))?.into_super(),
        ShapeSpec::Cone { .. } => Bound::new(py, init(base, Cone))?.into_super(),
        ShapeSpec::Segment { .. } => Bound::new(py, init(base, Segment))?.into_super(),
        ShapeSpec::Triangle { .. } => Bound::new(py, init(base, Triangle))?.into_super(),
        ShapeSpec::Point { .. } => Bound::new(py, init(base, Point))?.into_super(),
        ShapeSpec::Hull { .. } => Bound::new(py, init(base, ConvexHull))?.into_super(),
        ShapeSpec::Rounded { .. } => Bound::new(py, init(base, Rounded))?.into_super(),
    })
}

fn class_name(spec: &ShapeSpec) -> &'static str {
    match spec {
        ShapeSpec::Ball { .. } => "Ball",
        ShapeSpec::Cuboid { .. } => "Cuboid",
        ShapeSpec::Capsule { .. } => "Capsule",
        ShapeSpec::Cylinder { .. } => "Cylinder",
        ShapeSpec::Cone { .. } => "Cone",
        ShapeSpec::Segment { .. } => "Segment",
        ShapeSpec::Triangle { .. } => "Triangle",
        ShapeSpec::Point { .. } => "Point",
        ShapeSpec::Hull { .. } => "ConvexHull",
        ShapeSpec::Rounded { .. } => "Rounded",
    }
}

fn vec_array<'py>(py: Python<'py>, v: &[f64; 3]) -> Bound<'py, PyArray1<f64>> {
    PyArray1::from_slice(py, v)
}

/// The `(n, width)` array of `values` (row-major), filled in place and handed to numpy
/// without a second copy.
///
/// # Errors
/// `OutOfMemoryError` naming `what` when there is no room for it.
fn table<'py, T: numpy::Element>(
    py: Python<'py>,
    n: usize,
    width: usize,
    values: impl Iterator<Item = T>,
    what: &str,
) -> PyResult<Bound<'py, PyArray2<T>>> {
    let mut flat = array_room(n.saturating_mul(width), what)?;
    flat.extend(values);
    // The values are `n` rows of `width` by construction; a mismatch is a bug here.
    let array = Array2::from_shape_vec((n, width), flat)
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(format!("{what}: {e}")))?;
    Ok(array.into_pyarray(py))
}

/// The `(n, 3)` array of the points `rows`.
///
/// # Errors
/// As [`table`].
fn rows<'py>(
    py: Python<'py>,
    rows: &[[f64; 3]],
    what: &str,
) -> PyResult<Bound<'py, PyArray2<f64>>> {
    table(py, rows.len(), 3, rows.iter().flatten().copied(), what)
}

#[pymethods]
impl PyShape {
    /// The kind of shape: 'ball', 'cuboid', 'capsule', 'cylinder', 'cone', 'segment',
    /// 'triangle', 'point', 'hull' or 'rounded' (the fixture files' names).
    #[getter]
    fn kind(&self) -> &'static str {
        self.spec.type_name()
    }

    /// The point of the shape (at `pose`, default identity) farthest along `direction`,
    /// shape (3,). A zero direction gives some point of the shape.
    ///
    /// # Errors
    /// `InvalidInputError` for a bad direction or pose; `OutOfRangeError` when the point
    /// lies beyond `f64` (a shape near 1e308 in size, turned or moved, can overflow: the
    /// rotation's sums of products then give ±∞ or NaN).
    #[pyo3(signature = (direction, pose=None))]
    fn support<'py>(
        &self,
        py: Python<'py>,
        direction: &Bound<'py, PyAny>,
        pose: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<f64>>> {
        let d = arrays::vec3(direction, "direction")?;
        let iso = arrays::pose(pose, "pose")?;
        let p = iso
            * self
                .shape
                .support(&iso.rotation.inverse_transform_vector(&d));
        if !p.iter().all(|c| c.is_finite()) {
            return Err(error(
                Kind::OutOfRange,
                "support: the support point lies beyond f64's range (the shape at this pose overflows)",
            ));
        }
        Ok(vec_array(py, &xyz(&p)))
    }

    /// The axis-aligned bounding box of the shape at `pose` (default identity), as the
    /// pair `(mins, maxs)` of (3,) arrays; a bound beyond `f64` (a shape near 1e308 in
    /// size) is `-inf` or `inf`, never NaN.
    #[pyo3(signature = (pose=None))]
    fn aabb<'py>(
        &self,
        py: Python<'py>,
        pose: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Corners<'py>> {
        let iso = arrays::pose(pose, "pose")?;
        let b = self.shape.aabb(&iso);
        Ok((vec_array(py, &xyz(&b.mins)), vec_array(py, &xyz(&b.maxs))))
    }

    /// The shape as a fixture-format JSON object (text), e.g. `{"type": "ball", "radius": 1.0}`.
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&self.spec).map_err(|e| invalid(e.to_string()))
    }

    /// A shape from a fixture-format JSON object (text), as written by `to_json`.
    #[staticmethod]
    fn from_json<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyShape>> {
        let spec: ShapeSpec =
            serde_json::from_str(text).map_err(|e| invalid(format!("not a fixture shape: {e}")))?;
        shape_object(py, spec)
    }

    /// Pickling: the class and its constructor arguments.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let class = slf.get_type().into_any();
        let args = match &slf.get().spec {
            ShapeSpec::Ball { radius } => PyTuple::new(py, [radius])?,
            ShapeSpec::Cuboid { half_extents } => PyTuple::new(py, [vec_array(py, half_extents)])?,
            ShapeSpec::Capsule {
                half_height,
                radius,
            }
            | ShapeSpec::Cylinder {
                half_height,
                radius,
            }
            | ShapeSpec::Cone {
                half_height,
                radius,
            } => PyTuple::new(py, [half_height, radius])?,
            ShapeSpec::Segment { a, b } => PyTuple::new(py, [vec_array(py, a), vec_array(py, b)])?,
            ShapeSpec::Triangle { a, b, c } => {
                PyTuple::new(py, [vec_array(py, a), vec_array(py, b), vec_array(py, c)])?
            }
            ShapeSpec::Point { position } => PyTuple::new(py, [vec_array(py, position)])?,
            ShapeSpec::Hull { points } => PyTuple::new(py, [rows(py, points, "points")?])?,
            ShapeSpec::Rounded { margin, shape } => {
                let inner = shape_object(py, (**shape).clone())?.into_any();
                PyTuple::new(py, [inner, margin.into_pyobject(py)?.into_any()])?
            }
        };
        Ok((class, args))
    }

    fn __repr__(&self) -> String {
        match &self.spec {
            ShapeSpec::Hull { points } => format!("ConvexHull(<{} points>)", points.len()),
            spec => format!(
                "{}({})",
                class_name(spec),
                serde_json::to_string(spec).unwrap_or_default()
            ),
        }
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyShape>()
            .is_ok_and(|o| o.get().spec == self.spec)
    }

    fn __hash__(&self) -> u64 {
        self.shape.fingerprint().unwrap_or_default()
    }
}

fn spec_of<T: PyClass<BaseType = PyShape>>(slf: &Bound<'_, T>) -> ShapeSpec {
    slf.as_super().get().spec.clone()
}

fn new_shape<T: PyClass<BaseType = PyShape>>(
    class: &str,
    spec: ShapeSpec,
    sub: T,
) -> PyResult<PyClassInitializer<T>> {
    Ok(init(PyShape::build(class, spec)?, sub))
}

/// A ball of `radius` ≥ 0 centred at the local origin.
#[pyclass(extends = PyShape, frozen, module = "convex_collision")]
pub struct Ball;

#[pymethods]
impl Ball {
    #[new]
    fn new(radius: f64) -> PyResult<PyClassInitializer<Self>> {
        new_shape("Ball", ShapeSpec::Ball { radius }, Ball)
    }

    /// The radius.
    #[getter]
    fn radius(slf: &Bound<'_, Self>) -> f64 {
        match spec_of(slf) {
            ShapeSpec::Ball { radius } => radius,
            _ => 0.0,
        }
    }
}

/// A box centred at the local origin with `half_extents` (3,), each ≥ 0.
#[pyclass(extends = PyShape, frozen, module = "convex_collision")]
pub struct Cuboid;

#[pymethods]
impl Cuboid {
    #[new]
    fn new(half_extents: &Bound<'_, PyAny>) -> PyResult<PyClassInitializer<Self>> {
        let h = arrays::vec3(half_extents, "Cuboid.half_extents")?;
        new_shape(
            "Cuboid",
            ShapeSpec::Cuboid {
                half_extents: h.into(),
            },
            Cuboid,
        )
    }

    /// The half-extents, shape (3,).
    #[getter]
    fn half_extents<'py>(slf: &Bound<'py, Self>) -> Bound<'py, PyArray1<f64>> {
        match spec_of(slf) {
            ShapeSpec::Cuboid { half_extents } => vec_array(slf.py(), &half_extents),
            _ => vec_array(slf.py(), &[0.0; 3]),
        }
    }
}

macro_rules! axial_shape {
    ($name:ident, $variant:ident, $doc:literal) => {
        #[doc = $doc]
        #[pyclass(extends = PyShape, frozen, module = "convex_collision")]
        pub struct $name;

        #[pymethods]
        impl $name {
            #[new]
            fn new(half_height: f64, radius: f64) -> PyResult<PyClassInitializer<Self>> {
                new_shape(
                    stringify!($name),
                    ShapeSpec::$variant {
                        half_height,
                        radius,
                    },
                    $name,
                )
            }

            /// Half the height along the local y axis.
            #[getter]
            fn half_height(slf: &Bound<'_, Self>) -> f64 {
                match spec_of(slf) {
                    ShapeSpec::$variant { half_height, .. } => half_height,
                    _ => 0.0,
                }
            }

            /// The radius.
            #[getter]
            fn radius(slf: &Bound<'_, Self>) -> f64 {
                match spec_of(slf) {
                    ShapeSpec::$variant { radius, .. } => radius,
                    _ => 0.0,
                }
            }
        }
    };
}

axial_shape!(
    Capsule,
    Capsule,
    "A capsule along the local y axis: the segment from (0, -half_height, 0) to (0, half_height, 0) grown by `radius`."
);
axial_shape!(
    Cylinder,
    Cylinder,
    "A cylinder along the local y axis, from y = -half_height to y = half_height, of `radius`."
);
axial_shape!(
    Cone,
    Cone,
    "A cone along the local y axis: base disc of `radius` at y = -half_height, apex at y = half_height."
);

/// The segment from `a` to `b` (each (3,)).
#[pyclass(extends = PyShape, frozen, module = "convex_collision")]
pub struct Segment;

#[pymethods]
impl Segment {
    #[new]
    fn new(a: &Bound<'_, PyAny>, b: &Bound<'_, PyAny>) -> PyResult<PyClassInitializer<Self>> {
        let a = arrays::vec3(a, "Segment.a")?.into();
        let b = arrays::vec3(b, "Segment.b")?.into();
        new_shape("Segment", ShapeSpec::Segment { a, b }, Segment)
    }

    /// The two end points, shape (2, 3).
    #[getter]
    fn vertices<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyArray2<f64>>> {
        match spec_of(slf) {
            ShapeSpec::Segment { a, b } => rows(slf.py(), &[a, b], "vertices"),
            _ => rows(slf.py(), &[], "vertices"),
        }
    }
}

/// The triangle with corners `a`, `b`, `c` (each (3,)).
#[pyclass(extends = PyShape, frozen, module = "convex_collision")]
pub struct Triangle;

#[pymethods]
impl Triangle {
    #[new]
    fn new(
        a: &Bound<'_, PyAny>,
        b: &Bound<'_, PyAny>,
        c: &Bound<'_, PyAny>,
    ) -> PyResult<PyClassInitializer<Self>> {
        let a = arrays::vec3(a, "Triangle.a")?.into();
        let b = arrays::vec3(b, "Triangle.b")?.into();
        let c = arrays::vec3(c, "Triangle.c")?.into();
        new_shape("Triangle", ShapeSpec::Triangle { a, b, c }, Triangle)
    }

    /// The three corners, shape (3, 3).
    #[getter]
    fn vertices<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyArray2<f64>>> {
        match spec_of(slf) {
            ShapeSpec::Triangle { a, b, c } => rows(slf.py(), &[a, b, c], "vertices"),
            _ => rows(slf.py(), &[], "vertices"),
        }
    }
}

/// A single point at `position` (3,), default the local origin.
#[pyclass(extends = PyShape, frozen, module = "convex_collision")]
pub struct Point;

#[pymethods]
impl Point {
    #[new]
    #[pyo3(signature = (position=None))]
    fn new(position: Option<&Bound<'_, PyAny>>) -> PyResult<PyClassInitializer<Self>> {
        let position = match position {
            Some(p) => arrays::vec3(p, "Point.position")?.into(),
            None => [0.0; 3],
        };
        new_shape("Point", ShapeSpec::Point { position }, Point)
    }

    /// The position, shape (3,).
    #[getter]
    fn position<'py>(slf: &Bound<'py, Self>) -> Bound<'py, PyArray1<f64>> {
        match spec_of(slf) {
            ShapeSpec::Point { position } => vec_array(slf.py(), &position),
            _ => vec_array(slf.py(), &[0.0; 3]),
        }
    }
}

/// `shape` grown by `margin` ≥ 0 (its Minkowski sum with a ball): a rounded box, a
/// rounded hull. Rounding a rounded shape adds the margins: `Rounded(Rounded(s, a), b)`
/// is `Rounded(s, a + b)`, one level deep however often a shape is rounded.
#[pyclass(extends = PyShape, frozen, module = "convex_collision")]
pub struct Rounded;

#[pymethods]
impl Rounded {
    #[new]
    fn new(shape: &Bound<'_, PyShape>, margin: f64) -> PyResult<PyClassInitializer<Self>> {
        // A bad margin is refused as such (not hidden in a sum); a good one joins the
        // inner margin, as `collision::Shape::rounded` does for the shape built from it.
        let spec = match &shape.get().spec {
            ShapeSpec::Rounded {
                margin: inner,
                shape: core,
            } if margin.is_finite() && margin >= 0.0 => ShapeSpec::Rounded {
                margin: inner + margin,
                shape: core.clone(),
            },
            spec => ShapeSpec::Rounded {
                margin,
                shape: Box::new(spec.clone()),
            },
        };
        new_shape("Rounded", spec, Rounded)
    }

    /// The margin.
    #[getter]
    fn margin(slf: &Bound<'_, Self>) -> f64 {
        match spec_of(slf) {
            ShapeSpec::Rounded { margin, .. } => margin,
            _ => 0.0,
        }
    }

    /// The inner shape (a new object equal to the one given; for a rounded shape given,
    /// its own inner shape, the margins having added).
    #[getter]
    fn shape<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyShape>> {
        match spec_of(slf) {
            ShapeSpec::Rounded { shape, .. } => shape_object(slf.py(), *shape),
            _ => Err(invalid("not a rounded shape")),
        }
    }
}

/// The convex hull of `points`, an (N, 3) array (N ≥ 1; float64, or another real dtype,
/// converted). Coplanar points give a polygon, collinear ones a segment, coincident ones
/// a point (`hull_kind`); such flat hulls have no polyhedron, so their `triangles`,
/// `faces` and `planes` are empty, `volume` and `area` are 0 and `centroid` is the mean
/// of the vertices.
#[pyclass(extends = PyShape, frozen, module = "convex_collision")]
pub struct ConvexHull;

/// The hull of a `ConvexHull` object (both of its constructors build one; the error is
/// for a base-class object posing as a hull, which Python cannot make).
fn hull_of<'a>(slf: &'a Bound<'_, ConvexHull>) -> PyResult<&'a RustHull> {
    match &slf.as_super().get().shape {
        Shape::ConvexHull(h) => Ok(h),
        _ => Err(invalid("this ConvexHull object holds no hull")),
    }
}

#[pymethods]
impl ConvexHull {
    #[new]
    fn new(py: Python<'_>, points: &Bound<'_, PyAny>) -> PyResult<PyClassInitializer<Self>> {
        const FIELD: &str = "ConvexHull.points";
        // Finite (checked by `arrays::points`), so the hull is the fixture spec's.
        let points = arrays::points(points, FIELD)?;
        let mut cloud = room(points.len(), FIELD)?;
        cloud.extend(points.iter().map(|&p| Point3::from(p)));
        // Large hulls take a while: build without holding the GIL.
        let hull = py.detach(|| RustHull::new(&cloud)).map_err(|e| match e {
            ShapeError::Hull(HullError::OutOfMemory { .. }) => {
                out_of_memory(format!("{FIELD}: {e}"))
            }
            e => invalid(format!("{FIELD}: {e}")),
        })?;
        let spec = ShapeSpec::Hull { points };
        Ok(init(
            PyShape {
                shape: hull.into(),
                spec,
            },
            ConvexHull,
        ))
    }

    /// The input points, shape (N, 3).
    #[getter]
    fn points<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyArray2<f64>>> {
        match &slf.as_super().get().spec {
            ShapeSpec::Hull { points } => rows(slf.py(), points, "points"),
            _ => rows(slf.py(), &[], "points"),
        }
    }

    /// The extreme points, each once, shape (V, 3).
    #[getter]
    fn vertices<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyArray2<f64>>> {
        let v = hull_of(slf)?.vertices();
        table(slf.py(), v.len(), 3, v.iter().flat_map(xyz), "vertices")
    }

    /// 'solid', 'polygon', 'segment' or 'point'.
    #[getter]
    fn hull_kind(slf: &Bound<'_, Self>) -> PyResult<&'static str> {
        Ok(match hull_of(slf)?.kind() {
            HullKind::Solid => "solid",
            HullKind::Polygon => "polygon",
            HullKind::Segment => "segment",
            HullKind::Point => "point",
        })
    }

    /// Triangles indexing `vertices`, counter-clockwise seen from outside, int64 (T, 3).
    #[getter]
    fn triangles<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyArray2<i64>>> {
        let t = hull_of(slf)?.hull().map_or(&[][..], |h| h.triangles());
        let indices = t.iter().flatten().map(|&i| i64::from(i));
        table(slf.py(), t.len(), 3, indices, "triangles")
    }

    /// The polygonal faces (coplanar triangles merged): a list of int64 arrays of vertex
    /// indices, counter-clockwise seen from outside.
    #[getter]
    fn faces<'py>(slf: &Bound<'py, Self>) -> PyResult<Vec<Bound<'py, PyArray1<i64>>>> {
        let Some(h) = hull_of(slf)?.hull() else {
            return Ok(Vec::new());
        };
        let mut faces = array_room(h.face_count(), "faces")?;
        for f in h.faces() {
            let mut indices = array_room(f.len(), "faces")?;
            indices.extend(f.iter().map(|&i| i64::from(i)));
            faces.push(indices.into_pyarray(slf.py()));
        }
        Ok(faces)
    }

    /// One plane per face, `[nx, ny, nz, offset]` with the outward unit normal:
    /// points `p` on the face have `n · p = offset`. Shape (F, 4).
    #[getter]
    fn planes<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyArray2<f64>>> {
        let p = hull_of(slf)?.hull().map_or(&[][..], |h| h.planes());
        let values = p
            .iter()
            .flat_map(|p| [p.normal.x, p.normal.y, p.normal.z, p.offset]);
        table(slf.py(), p.len(), 4, values, "planes")
    }

    /// The enclosed volume (0 for a flat hull).
    #[getter]
    fn volume(slf: &Bound<'_, Self>) -> PyResult<f64> {
        Ok(hull_of(slf)?.hull().map_or(0.0, |h| h.volume()))
    }

    /// The surface area (0 for a flat hull).
    #[getter]
    fn area(slf: &Bound<'_, Self>) -> PyResult<f64> {
        Ok(hull_of(slf)?.hull().map_or(0.0, |h| h.area()))
    }

    /// The centroid of the volume (of the vertices, for a flat hull), shape (3,).
    #[getter]
    fn centroid<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyArray1<f64>>> {
        let hull = hull_of(slf)?;
        let c = match hull.hull() {
            Some(h) => h.centroid(),
            None => {
                let v = hull.vertices();
                let sum = v
                    .iter()
                    .fold(nalgebra::Vector3::zeros(), |s, p| s + p.coords);
                (sum / v.len() as f64).into()
            }
        };
        Ok(vec_array(slf.py(), &xyz(&c)))
    }
}

/// Registers the shape classes.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyShape>()?;
    m.add_class::<Ball>()?;
    m.add_class::<Cuboid>()?;
    m.add_class::<Capsule>()?;
    m.add_class::<Cylinder>()?;
    m.add_class::<Cone>()?;
    m.add_class::<Segment>()?;
    m.add_class::<Triangle>()?;
    m.add_class::<Point>()?;
    m.add_class::<Rounded>()?;
    m.add_class::<ConvexHull>()?;
    Ok(())
}
