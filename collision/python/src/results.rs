//! The results of the single queries: `ClosestPoints`, `Contact`, `Impact` and `RayHit`.
//!
//! Small frozen native objects rather than named tuples of numpy arrays: a query that
//! builds three numpy arrays and calls a Python class spends more time on its result than
//! on its answer (about 1.5 µs against 0.3 to 2 µs for a hull pair). Each keeps its numbers
//! in Rust and builds a field's (3,) array the first time the field is read, then hands
//! out that same array, so `c.normal is c.normal` as with a named tuple. The objects
//! unpack like the tuples they replace (`sep, normal, pa, pb, status, method = c`),
//! compare by value and pickle.

use crate::arrays;
use collision::{ClosestPoints, Contact, ContactMethod, ContactStatus, Impact, RayHit};
use nalgebra::{Point3, Vector3};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyIterator, PyTuple};

/// A (3,) vector field, its numpy array made on first read.
struct Vec3Field {
    value: [f64; 3],
    array: PyOnceLock<Py<PyArray1<f64>>>,
}

impl Vec3Field {
    fn new(value: [f64; 3]) -> Self {
        Vec3Field {
            value,
            array: PyOnceLock::new(),
        }
    }

    fn of_vector(v: &Vector3<f64>) -> Self {
        Self::new([v.x, v.y, v.z])
    }

    fn of_point(p: &Point3<f64>) -> Self {
        Self::new(arrays::xyz(p))
    }

    /// A field given to a constructor: a finite (3,) array-like.
    fn read(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Self> {
        let v = arrays::vec3(obj, what)?;
        Ok(Self::of_vector(&v))
    }

    /// The field's array (the same object on every read).
    fn get<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.array
            .get_or_init(py, || PyArray1::from_slice(py, &self.value).unbind())
            .bind(py)
            .clone()
    }

    fn text(&self) -> String {
        let [x, y, z] = self.value;
        format!("[{x:?}, {y:?}, {z:?}]")
    }
}

/// The names a contact's `status` takes, in `ContactStatus` order.
const STATUS_NAMES: [&str; 4] = [
    "converged",
    "gjk_max_iterations",
    "epa_out_of_capacity",
    "epa_stalled",
];

/// The names a contact's `method` takes, in `ContactMethod` order.
const METHOD_NAMES: [&str; 3] = ["closest_points", "penetration", "flat"];

/// `ContactStatus` as the name the Python results use.
pub fn status_name(s: ContactStatus) -> &'static str {
    match s {
        ContactStatus::Converged => STATUS_NAMES[0],
        ContactStatus::GjkMaxIterations => STATUS_NAMES[1],
        ContactStatus::EpaOutOfCapacity => STATUS_NAMES[2],
        ContactStatus::EpaStalled => STATUS_NAMES[3],
    }
}

fn method_name(m: ContactMethod) -> &'static str {
    match m {
        ContactMethod::ClosestPoints => METHOD_NAMES[0],
        ContactMethod::Penetration => METHOD_NAMES[1],
        ContactMethod::Flat => METHOD_NAMES[2],
    }
}

/// `name` as one of `names` (the static copy), for a constructor argument `what`.
fn one_of(name: &str, names: &[&'static str], what: &str) -> PyResult<&'static str> {
    names
        .iter()
        .copied()
        .find(|n| *n == name)
        .ok_or_else(|| crate::errors::invalid(format!("{what}: {name:?} is not one of {names:?}")))
}

/// A finite float constructor argument.
fn finite(value: f64, what: &str) -> PyResult<f64> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(crate::errors::invalid(format!(
            "{what}: must be finite, got {value}"
        )))
    }
}

/// Item `index` (negative counts from the end) of a record of `fields` as a tuple.
fn item<'py>(fields: Bound<'py, PyTuple>, index: isize) -> PyResult<Bound<'py, PyAny>> {
    let len = fields.len() as isize;
    let i = if index < 0 { index + len } else { index };
    if (0..len).contains(&i) {
        fields.get_item(i as usize)
    } else {
        Err(PyIndexError::new_err("result index out of range"))
    }
}

/// Whether two records of `fields` as tuples are equal, numpy fields compared element
/// by element.
fn same_fields(a: &Bound<'_, PyTuple>, b: &Bound<'_, PyTuple>) -> PyResult<bool> {
    if a.len() != b.len() {
        return Ok(false);
    }
    for (x, y) in a.iter().zip(b.iter()) {
        let equal = match (x.cast::<PyArray1<f64>>(), y.cast::<PyArray1<f64>>()) {
            (Ok(x), Ok(y)) => x.to_vec().ok() == y.to_vec().ok(),
            _ => x.eq(&y)?,
        };
        if !equal {
            return Ok(false);
        }
    }
    Ok(true)
}

/// The closest points of two shapes (world frame), or the fact that they overlap.
/// Unpacks as `(overlapping, distance, point_a, point_b)`; compares by value; pickles.
#[pyclass(frozen, module = "convex_collision", name = "ClosestPoints")]
pub struct PyClosestPoints {
    distance: f64,
    points: Option<(Vec3Field, Vec3Field)>,
}

impl PyClosestPoints {
    /// The object of a Rust answer.
    pub fn of(c: &ClosestPoints) -> Self {
        match c {
            ClosestPoints::Overlapping => PyClosestPoints {
                distance: 0.0,
                points: None,
            },
            ClosestPoints::Separated {
                point_a,
                point_b,
                distance,
            } => PyClosestPoints {
                distance: *distance,
                points: Some((Vec3Field::of_point(point_a), Vec3Field::of_point(point_b))),
            },
        }
    }

    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let (a, b) = match &self.points {
            Some((a, b)) => (a.get(py).into_any(), b.get(py).into_any()),
            None => (py.None().into_bound(py), py.None().into_bound(py)),
        };
        (self.points.is_none(), self.distance, a, b).into_pyobject(py)
    }
}

#[pymethods]
impl PyClosestPoints {
    /// `ClosestPoints(overlapping, distance, point_a, point_b)`: when `overlapping`, the
    /// distance must be 0 and the points None.
    #[new]
    #[pyo3(signature = (overlapping, distance, point_a=None, point_b=None))]
    fn new(
        overlapping: bool,
        distance: f64,
        point_a: Option<&Bound<'_, PyAny>>,
        point_b: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let distance = finite(distance, "distance")?;
        let point_a = point_a.filter(|p| !p.is_none());
        let point_b = point_b.filter(|p| !p.is_none());
        let points = match (overlapping, point_a, point_b) {
            (true, None, None) if distance == 0.0 => None,
            (false, Some(a), Some(b)) => Some((
                Vec3Field::read(a, "point_a")?,
                Vec3Field::read(b, "point_b")?,
            )),
            _ => {
                return Err(crate::errors::invalid(
                    "ClosestPoints: overlapping results have distance 0 and no points; \
                     separated ones have both points",
                ));
            }
        };
        Ok(PyClosestPoints { distance, points })
    }

    /// True when the shapes touch or overlap (then the points are None).
    #[getter]
    fn overlapping(&self) -> bool {
        self.points.is_none()
    }

    /// The distance between the shapes, 0.0 when they touch or overlap.
    #[getter]
    fn distance(&self) -> f64 {
        self.distance
    }

    /// The point of A nearest B, shape (3,), or None when overlapping.
    #[getter]
    fn point_a<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyArray1<f64>>> {
        self.points.as_ref().map(|(a, _)| a.get(py))
    }

    /// The point of B nearest A, shape (3,), or None when overlapping.
    #[getter]
    fn point_b<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyArray1<f64>>> {
        self.points.as_ref().map(|(_, b)| b.get(py))
    }

    fn __len__(&self) -> usize {
        4
    }

    fn __getitem__<'py>(&self, py: Python<'py>, index: isize) -> PyResult<Bound<'py, PyAny>> {
        item(self.fields(py)?, index)
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        self.fields(py)?.try_iter()
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        match other.cast::<Self>() {
            Ok(o) => same_fields(&self.fields(py)?, &o.get().fields(py)?),
            Err(_) => Ok(false),
        }
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        Ok((slf.get_type().into_any(), slf.get().fields(slf.py())?))
    }

    fn __repr__(&self) -> String {
        match &self.points {
            None => {
                "ClosestPoints(overlapping=True, distance=0.0, point_a=None, point_b=None)".into()
            }
            Some((a, b)) => format!(
                "ClosestPoints(overlapping=False, distance={:?}, point_a={}, point_b={})",
                self.distance,
                a.text(),
                b.text()
            ),
        }
    }
}

/// A contact of two shapes that overlap or lie within the margin (world frame).
/// Unpacks as `(separation, normal, point_a, point_b, status, method)`; compares by
/// value; pickles.
#[pyclass(frozen, module = "convex_collision", name = "Contact")]
pub struct PyContact {
    separation: f64,
    normal: Vec3Field,
    point_a: Vec3Field,
    point_b: Vec3Field,
    status: &'static str,
    method: &'static str,
}

impl PyContact {
    /// The object of a Rust contact.
    pub fn of(c: &Contact) -> Self {
        PyContact {
            separation: c.separation,
            normal: Vec3Field::of_vector(&c.normal),
            point_a: Vec3Field::of_point(&c.point_a),
            point_b: Vec3Field::of_point(&c.point_b),
            status: status_name(c.status),
            method: method_name(c.method),
        }
    }

    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        (
            self.separation,
            self.normal.get(py),
            self.point_a.get(py),
            self.point_b.get(py),
            self.status,
            self.method,
        )
            .into_pyobject(py)
    }
}

#[pymethods]
impl PyContact {
    /// `Contact(separation, normal, point_a, point_b, status, method)`.
    #[new]
    fn new(
        separation: f64,
        normal: &Bound<'_, PyAny>,
        point_a: &Bound<'_, PyAny>,
        point_b: &Bound<'_, PyAny>,
        status: &str,
        method: &str,
    ) -> PyResult<Self> {
        Ok(PyContact {
            separation: finite(separation, "separation")?,
            normal: Vec3Field::read(normal, "normal")?,
            point_a: Vec3Field::read(point_a, "point_a")?,
            point_b: Vec3Field::read(point_b, "point_b")?,
            status: one_of(status, &STATUS_NAMES, "status")?,
            method: one_of(method, &METHOD_NAMES, "method")?,
        })
    }

    /// Signed distance along `normal`: positive apart, minus the depth when penetrating.
    #[getter]
    fn separation(&self) -> f64 {
        self.separation
    }

    /// The penetration depth, `max(0, -separation)`.
    #[getter]
    fn depth(&self) -> f64 {
        (-self.separation).max(0.0)
    }

    /// Unit normal from A towards B, shape (3,).
    #[getter]
    fn normal<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.normal.get(py)
    }

    /// The point of A nearest B (when penetrating: deepest inside B), shape (3,).
    #[getter]
    fn point_a<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.point_a.get(py)
    }

    /// The point of B nearest A (when penetrating: deepest inside A), shape (3,).
    #[getter]
    fn point_b<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.point_b.get(py)
    }

    /// How exact the answer is: 'converged', 'gjk_max_iterations' (separation is an
    /// upper bound), 'epa_out_of_capacity' or 'epa_stalled' (the best depth found).
    #[getter]
    fn status(&self) -> &'static str {
        self.status
    }

    /// Which algorithm answered: 'closest_points', 'penetration' or 'flat'.
    #[getter]
    fn method(&self) -> &'static str {
        self.method
    }

    fn __len__(&self) -> usize {
        6
    }

    fn __getitem__<'py>(&self, py: Python<'py>, index: isize) -> PyResult<Bound<'py, PyAny>> {
        item(self.fields(py)?, index)
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        self.fields(py)?.try_iter()
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        match other.cast::<Self>() {
            Ok(o) => same_fields(&self.fields(py)?, &o.get().fields(py)?),
            Err(_) => Ok(false),
        }
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        Ok((slf.get_type().into_any(), slf.get().fields(slf.py())?))
    }

    fn __repr__(&self) -> String {
        format!(
            "Contact(separation={:?}, normal={}, point_a={}, point_b={}, status='{}', method='{}')",
            self.separation,
            self.normal.text(),
            self.point_a.text(),
            self.point_b.text(),
            self.status,
            self.method
        )
    }
}

/// The first contact of two moving shapes, at `time` (world frame). Unpacks as
/// `(time, point_a, point_b, normal, separation, iterations)`; compares by value; pickles.
#[pyclass(frozen, module = "convex_collision", name = "Impact")]
pub struct PyImpact {
    time: f64,
    point_a: Vec3Field,
    point_b: Vec3Field,
    normal: Vec3Field,
    separation: f64,
    iterations: u32,
}

impl PyImpact {
    /// The object of a Rust impact.
    pub fn of(i: &Impact) -> Self {
        PyImpact {
            time: i.time,
            point_a: Vec3Field::of_point(&i.point_a),
            point_b: Vec3Field::of_point(&i.point_b),
            normal: Vec3Field::of_vector(&i.normal),
            separation: i.separation,
            iterations: i.iterations,
        }
    }

    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        (
            self.time,
            self.point_a.get(py),
            self.point_b.get(py),
            self.normal.get(py),
            self.separation,
            self.iterations,
        )
            .into_pyobject(py)
    }
}

#[pymethods]
impl PyImpact {
    /// `Impact(time, point_a, point_b, normal, separation, iterations)`.
    #[new]
    fn new(
        time: f64,
        point_a: &Bound<'_, PyAny>,
        point_b: &Bound<'_, PyAny>,
        normal: &Bound<'_, PyAny>,
        separation: f64,
        iterations: u32,
    ) -> PyResult<Self> {
        Ok(PyImpact {
            time: finite(time, "time")?,
            point_a: Vec3Field::read(point_a, "point_a")?,
            point_b: Vec3Field::read(point_b, "point_b")?,
            normal: Vec3Field::read(normal, "normal")?,
            separation: finite(separation, "separation")?,
            iterations,
        })
    }

    /// Time of impact, 0.0 when the shapes touch or overlap at the start.
    #[getter]
    fn time(&self) -> f64 {
        self.time
    }

    /// Point of A nearest B at `time`, shape (3,).
    #[getter]
    fn point_a<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.point_a.get(py)
    }

    /// Point of B nearest A at `time`, shape (3,).
    #[getter]
    fn point_b<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.point_b.get(py)
    }

    /// Unit normal from A towards B at `time`, shape (3,).
    #[getter]
    fn normal<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.normal.get(py)
    }

    /// Signed separation at `time` (about 0 at an impact, negative if overlapping at 0).
    #[getter]
    fn separation(&self) -> f64 {
        self.separation
    }

    /// Conservative-advancement iterations made (0 for the exact ball–ball path).
    #[getter]
    fn iterations(&self) -> u32 {
        self.iterations
    }

    fn __len__(&self) -> usize {
        6
    }

    fn __getitem__<'py>(&self, py: Python<'py>, index: isize) -> PyResult<Bound<'py, PyAny>> {
        item(self.fields(py)?, index)
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        self.fields(py)?.try_iter()
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        match other.cast::<Self>() {
            Ok(o) => same_fields(&self.fields(py)?, &o.get().fields(py)?),
            Err(_) => Ok(false),
        }
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        Ok((slf.get_type().into_any(), slf.get().fields(slf.py())?))
    }

    fn __repr__(&self) -> String {
        format!(
            "Impact(time={:?}, point_a={}, point_b={}, normal={}, separation={:?}, iterations={})",
            self.time,
            self.point_a.text(),
            self.point_b.text(),
            self.normal.text(),
            self.separation,
            self.iterations
        )
    }
}

/// Where a ray enters a shape (world frame). Unpacks as `(toi, point, normal)`; compares
/// by value; pickles.
#[pyclass(frozen, module = "convex_collision", name = "RayHit")]
pub struct PyRayHit {
    toi: f64,
    point: Vec3Field,
    normal: Vec3Field,
}

impl PyRayHit {
    /// The object of a Rust hit.
    pub fn of(h: &RayHit) -> Self {
        PyRayHit {
            toi: h.toi,
            point: Vec3Field::of_point(&h.point),
            normal: Vec3Field::of_vector(&h.normal),
        }
    }

    fn fields<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        (self.toi, self.point.get(py), self.normal.get(py)).into_pyobject(py)
    }
}

#[pymethods]
impl PyRayHit {
    /// `RayHit(toi, point, normal)`.
    #[new]
    fn new(toi: f64, point: &Bound<'_, PyAny>, normal: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyRayHit {
            toi: finite(toi, "toi")?,
            point: Vec3Field::read(point, "point")?,
            normal: Vec3Field::read(normal, "normal")?,
        })
    }

    /// Ray parameter of the hit, in units of the direction (0 when starting inside).
    #[getter]
    fn toi(&self) -> f64 {
        self.toi
    }

    /// The hit point, shape (3,).
    #[getter]
    fn point<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.point.get(py)
    }

    /// Unit outward normal at the hit, shape (3,) (minus the direction when inside).
    #[getter]
    fn normal<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        self.normal.get(py)
    }

    fn __len__(&self) -> usize {
        3
    }

    fn __getitem__<'py>(&self, py: Python<'py>, index: isize) -> PyResult<Bound<'py, PyAny>> {
        item(self.fields(py)?, index)
    }

    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyIterator>> {
        self.fields(py)?.try_iter()
    }

    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        match other.cast::<Self>() {
            Ok(o) => same_fields(&self.fields(py)?, &o.get().fields(py)?),
            Err(_) => Ok(false),
        }
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        Ok((slf.get_type().into_any(), slf.get().fields(slf.py())?))
    }

    fn __repr__(&self) -> String {
        format!(
            "RayHit(toi={:?}, point={}, normal={})",
            self.toi,
            self.point.text(),
            self.normal.text()
        )
    }
}

/// Registers the result classes.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyClosestPoints>()?;
    m.add_class::<PyContact>()?;
    m.add_class::<PyImpact>()?;
    m.add_class::<PyRayHit>()?;
    Ok(())
}
