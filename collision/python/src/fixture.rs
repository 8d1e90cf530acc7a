//! Fixture files from Python: load one, evaluate it, check it, or write one, so that a
//! Python fuzzer can hand a failing case to the debugger (`cargo run -p debugger -- FILE`).

use crate::arrays::{self, seven};
use crate::errors::{Kind, contact_kind, error, gjk_kind, raise, ray_kind, toi_kind};
use crate::queries::{closest_points_object, contact_object, hit_object, impact_object};
use crate::shapes::{PyShape, shape_object};
use fixtures::{PoseSpec, Query, Scene};
use numpy::PyArray1;
use pyo3::prelude::*;
use std::path::PathBuf;

/// A fixture: two shapes, their poses, a query and optionally the expected answer, in the
/// toolkit's JSON format (see the `fixtures` crate docs). Immutable.
#[pyclass(frozen, module = "convex_collision", name = "Fixture")]
pub struct PyFixture {
    fixture: fixtures::Fixture,
    scene: Scene,
}

fn fixture_error(e: impl std::fmt::Display) -> PyErr {
    error(Kind::Fixture, e.to_string())
}

fn json_module(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    py.import("json")
}

/// A Python object (dict, str, number) as JSON text.
fn to_json_text(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    json_module(obj.py())?
        .call_method1("dumps", (obj,))?
        .extract()
}

fn from_json_text<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    json_module(py)?.call_method1("loads", (text,))
}

impl PyFixture {
    fn parse(text: &str, file: &str) -> PyResult<PyFixture> {
        let loaded = fixtures::parse(text, file).map_err(fixture_error)?;
        Ok(PyFixture {
            fixture: loaded.fixture,
            scene: loaded.scene,
        })
    }
}

#[pymethods]
impl PyFixture {
    /// A new fixture. `query` is a query name ('intersects', 'distance',
    /// 'closest_points') or a dict in the file format, e.g. `{"type": "contact",
    /// "margin": 0.1}`; `expected`, if given, is a dict as in the file format, e.g.
    /// `{"distance": 0.5, "tolerance": 1e-9}`.
    #[new]
    #[pyo3(signature = (shape_a, pose_a, shape_b, pose_b, query, *, name="python", description="Written from Python.", expected=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        shape_a: &Bound<'_, PyShape>,
        pose_a: Option<&Bound<'_, PyAny>>,
        shape_b: &Bound<'_, PyShape>,
        pose_b: Option<&Bound<'_, PyAny>>,
        query: &Bound<'_, PyAny>,
        name: &str,
        description: &str,
        expected: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyFixture> {
        let pose = |p, what| arrays::pose(p, what).map(|iso| PoseSpec::from_isometry(&iso));
        let query_json = match query.extract::<String>() {
            Ok(name) => serde_json::json!({ "type": name }),
            Err(_) => serde_json::from_str(&to_json_text(query)?).map_err(fixture_error)?,
        };
        let mut value = serde_json::json!({
            "name": name,
            "description": description,
            "shape_a": shape_a.get().spec,
            "pose_a": pose(pose_a, "pose_a")?,
            "shape_b": shape_b.get().spec,
            "pose_b": pose(pose_b, "pose_b")?,
            "query": query_json,
        });
        if let Some(expected) = expected.filter(|e| !e.is_none()) {
            value["expected"] =
                serde_json::from_str(&to_json_text(expected)?).map_err(fixture_error)?;
        }
        PyFixture::parse(&value.to_string(), "<Fixture>")
    }

    /// Loads and validates the fixture file at `path`; `FixtureError` names the file and
    /// the line and column or the field when it is wrong.
    #[staticmethod]
    fn load(path: PathBuf) -> PyResult<PyFixture> {
        let loaded = fixtures::load(&path).map_err(fixture_error)?;
        Ok(PyFixture {
            fixture: loaded.fixture,
            scene: loaded.scene,
        })
    }

    /// Parses fixture JSON text; `file` names it in errors.
    #[staticmethod]
    #[pyo3(signature = (text, file="<string>"))]
    fn from_json(text: &str, file: &str) -> PyResult<PyFixture> {
        PyFixture::parse(text, file)
    }

    /// The fixture as pretty JSON text (the corpus's format).
    fn to_json(&self) -> PyResult<String> {
        fixtures::to_json(&self.fixture).map_err(fixture_error)
    }

    /// Writes the fixture to `path` as pretty JSON.
    fn save(&self, path: PathBuf) -> PyResult<()> {
        let text = self.to_json()?;
        std::fs::write(&path, text)
            .map_err(|e| fixture_error(format!("{}: cannot write fixture: {e}", path.display())))
    }

    /// The fixture's name.
    #[getter]
    fn name(&self) -> &str {
        &self.fixture.name
    }

    /// The fixture's description.
    #[getter]
    fn description(&self) -> &str {
        &self.fixture.description
    }

    /// Shape A (a new shape object).
    #[getter]
    fn shape_a<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyShape>> {
        shape_object(py, self.fixture.shape_a.clone())
    }

    /// Shape B (a new shape object).
    #[getter]
    fn shape_b<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyShape>> {
        shape_object(py, self.fixture.shape_b.clone())
    }

    /// The pose of A as `[x, y, z, qw, qx, qy, qz]`.
    #[getter]
    fn pose_a<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        PyArray1::from_slice(py, &seven(&self.scene.pose_a))
    }

    /// The pose of B as `[x, y, z, qw, qx, qy, qz]`.
    #[getter]
    fn pose_b<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f64>> {
        PyArray1::from_slice(py, &seven(&self.scene.pose_b))
    }

    /// The query as a dict in the file format, e.g. `{'type': 'distance'}`.
    #[getter]
    fn query<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let text = serde_json::to_string(&self.fixture.query).map_err(fixture_error)?;
        from_json_text(py, &text)
    }

    /// The expected answer as a dict in the file format, or None.
    #[getter]
    fn expected<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.fixture
            .expected
            .as_ref()
            .map(|e| {
                let text = serde_json::to_string(e).map_err(fixture_error)?;
                from_json_text(py, &text)
            })
            .transpose()
    }

    /// Runs the query and returns what the single call returns (a bool, a float, a
    /// `ClosestPoints`, a `Contact`, an `Impact`, a `RayHit`, or None), raising its
    /// typed exception when there is no answer.
    fn evaluate<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let s = &self.scene;
        let (a, pa, b, pb) = (&s.shape_a, &s.pose_a, &s.shape_b, &s.pose_b);
        Ok(match s.query {
            Query::Intersects => Some(
                collision::intersects(a, pa, b, pb)
                    .map_err(|e| raise(gjk_kind(&e), e))?
                    .into_pyobject(py)?
                    .to_owned()
                    .into_any(),
            ),
            Query::Distance => Some(
                collision::distance(a, pa, b, pb)
                    .map_err(|e| raise(gjk_kind(&e), e))?
                    .into_pyobject(py)?
                    .into_any(),
            ),
            Query::ClosestPoints => Some(closest_points_object(
                py,
                &collision::closest_points(a, pa, b, pb).map_err(|e| raise(gjk_kind(&e), e))?,
            )?),
            Query::Contact { margin } => collision::contact(a, pa, b, pb, margin)
                .map_err(|e| raise(contact_kind(&e), e))?
                .map(|c| contact_object(py, &c))
                .transpose()?,
            Query::TimeOfImpact {
                motion_a,
                motion_b,
                t_max,
            } => collision::time_of_impact(
                a,
                &motion_a.starting_at(pa),
                b,
                &motion_b.starting_at(pb),
                t_max,
            )
            .map_err(|e| raise(toi_kind(&e), e))?
            .map(|i| impact_object(py, &i))
            .transpose()?,
            Query::RayCast {
                origin,
                dir,
                max_toi,
            } => collision::cast_ray(a, pa, &collision::Ray::new(origin, dir), max_toi)
                .map_err(|e| raise(ray_kind(&e), e))?
                .map(|h| hit_object(py, &h))
                .transpose()?,
        })
    }

    /// The `fixtures` crate's evaluation of the query, as the JSON text `fixtures eval`
    /// prints (an externally tagged outcome, e.g. `{"distance": 0.5}`), or
    /// `{"error": message}` when the query has no answer.
    fn evaluate_json(&self) -> PyResult<String> {
        let value = match fixtures::evaluate(&self.scene) {
            Ok(outcome) => serde_json::to_value(outcome).map_err(fixture_error)?,
            Err(e) => serde_json::json!({ "error": e.to_string() }),
        };
        Ok(value.to_string())
    }

    /// Compares the query's answer with the expected one: None when they agree, else a
    /// sentence saying what differs (or why the query failed). Raises `FixtureError`
    /// when the fixture has no expected answer.
    fn check(&self) -> PyResult<Option<String>> {
        let Some(expected) = &self.fixture.expected else {
            return Err(fixture_error(format!(
                "{}: the fixture has no expected answer",
                self.fixture.name
            )));
        };
        Ok(match fixtures::evaluate(&self.scene) {
            Ok(outcome) => fixtures::check(expected, &outcome)
                .err()
                .map(|m| m.to_string()),
            Err(e) => Some(e.to_string()),
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "Fixture(name={:?}, query={:?})",
            self.fixture.name,
            self.fixture.query.type_name()
        )
    }
}

/// Registers the fixture class.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyFixture>()?;
    Ok(())
}
