//! Batch queries: a list of M shapes, their poses as an (M, 7) or (M, 4, 4) array, and a
//! (K, 2) array of index pairs in (for ray casts, `[shape, ray]` pairs into an (R, 6)
//! array of rays); arrays of K results and a status code per pair out.
//!
//! Under the GIL the call only reads the shapes and copies the pair array and the pose
//! rows (those its pairs use when they are few, `pose_rows.rs`): a call on a
//! [`PyShapeSet`] with float64 poses in C order costs in proportion to its pairs, not to
//! the scene. The
//! pairs then run with the GIL released, in slices balanced over a rayon pool with a
//! thread per core (`run_slices`), each slice reading its pairs' poses itself and calling
//! the single query on each (`run_records`), so a batch row equals the single call bit
//! for bit. A pair that has no
//! answer (bad index, bad pose row, no convergence) gets its status code, an infinite
//! distance or separation and zero vectors: never NaN, and never a number that could be
//! read as an answer (a distance of 0 would read as "touching").
//!
//! Every array the call makes in proportion to the pairs (its copies of the inputs, the
//! rows of results, the result arrays) is allocated fallibly: one the allocator refuses
//! raises `OutOfMemoryError` where it would abort the interpreter. (Under
//! Linux's overcommit an allocation can also succeed and the kernel kill the process
//! when the pages are first written: keep batches well within memory.)
//!
//! The pool is this module's own (rayon's global one stays free for the host), made per
//! process: rayon's threads do not survive
//! `fork()`, so a process forked after a batch call (`multiprocessing`'s default start
//! method on Linux) would wait forever on the parent's pool; it makes a new one instead.

use crate::arrays;
use crate::errors::{Kind, contact_kind, gjk_kind, invalid, ray_kind, room, status_of, types_attr};
use crate::pose_rows::{self, PoseRows};
use crate::shape_set::PyShapeSet;
use crate::shapes::PyShape;
use crate::{
    STATUS_APPROXIMATE_EPA_OUT_OF_CAPACITY, STATUS_APPROXIMATE_EPA_STALLED,
    STATUS_APPROXIMATE_GJK_MAX_ITERATIONS, STATUS_INVALID_INPUT, STATUS_OK,
};
use collision::batch::{self, Pair, RayQuery};
use collision::{ClosestPoints, Contact, ContactStatus, Ray, Shape};
use nalgebra::{Point3, Vector3};
use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray1, PyArray2};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};
use rayon::{ThreadPool, ThreadPoolBuilder};
use std::sync::{Arc, Mutex, PoisonError};

/// This process's thread pool (one thread per core), made on first use and again in a
/// forked child, where the parent's threads do not exist. `None` only if the pool cannot
/// be made; the batch then runs on rayon's global pool.
fn pool() -> Option<Arc<ThreadPool>> {
    static POOL: Mutex<Option<(u32, Arc<ThreadPool>)>> = Mutex::new(None);
    let pid = std::process::id();
    let mut guard = POOL.lock().ok()?;
    if let Some((owner, pool)) = guard.as_ref()
        && *owner == pid
    {
        return Some(pool.clone());
    }
    let pool = Arc::new(ThreadPoolBuilder::new().build().ok()?);
    // The parent's pool, inherited through fork, has no threads here: never touch it.
    std::mem::forget(guard.replace((pid, pool.clone())));
    Some(pool)
}

/// Below this many pairs a batch runs on the calling thread: waking the pool costs a few
/// microseconds, the work of about ten pairs.
const SMALL_BATCH: usize = 16;

/// Slices per thread: enough that threads finish together when pair costs differ (a
/// deep contact costs ten times a separated one), few enough that taking one (a lock)
/// stays far below its work.
const SLICES_PER_THREAD: usize = 8;

/// Largest slice: 64 of the cheapest pairs (a few microseconds of work) keep a thread
/// busy far longer than taking a slice costs (a lock, tens of nanoseconds), and a large
/// batch still makes enough slices for the threads to finish together.
const MAX_SLICE: usize = 64;

/// Runs `each(first, rows)` on slices of `rows` of equal length, `first` being the
/// index of a slice's first row: `SLICES_PER_THREAD` slices per thread (at most
/// `MAX_SLICE` rows each), which the calling thread and the other threads of this
/// module's pool take in turn until none is left; small batches, and all of them if the
/// pool has one thread or cannot be made, run on the calling thread.
///
/// The calling thread starts at once rather than handing everything to the pool and
/// sleeping: a pool thread that has gone to sleep takes tens of microseconds to start
/// on a virtual machine (a 400-pair hull16 batch is about 120 µs of work on one core),
/// so a batch handed over whole (`ThreadPool::install`) ran slower on two threads than
/// on one after an idle moment. The call wakes the pool before it reads the scene
/// ([`wake_pool`]), so that the other threads are up when the slices are ready. (The
/// core's own parallel driver works the same way on rayon's current pool; this module
/// keeps its own pool, which a forked process can make anew.) Each row is written by
/// its own slice alone, so the answers do not depend on who ran which slice.
///
/// Tried and dropped: slices shrinking as the rows run out (a quarter of the rest per
/// thread, at least 2), so that the threads end together: on 400 hull16 pairs their ends
/// came within 1 µs instead of up to 9, and `peers.py` measured no change; the pool's
/// threads taking slices from the back and the caller from the front, so that each
/// thread meets the same shapes from call to call: no change either (hull16, Zen 5); the
/// caller spinning up to 200 µs for the pool's last slices instead of sleeping in the
/// scope's end (which it did in half the calls, waking 20–50 µs late): no change beyond
/// the run-to-run noise of 400 hull16 distances after 0 to 10 ms idle (Intel Xeon VM).
fn run_slices<R: Send>(rows: &mut [R], each: &(impl Fn(usize, &mut [R]) + Sync)) {
    let pool = if rows.len() > SMALL_BATCH {
        pool()
    } else {
        None
    };
    let threads = pool.as_ref().map_or(1, |p| p.current_num_threads());
    let slice = rows
        .len()
        .div_ceil(SLICES_PER_THREAD * threads)
        .clamp(1, MAX_SLICE);
    let slices = Mutex::new(rows.chunks_mut(slice).enumerate());
    // Takes slices until none is left. A lock poisoned by a panicking query (the queries
    // do not panic) still hands out the remaining slices.
    let drain = || {
        loop {
            let next = slices.lock().unwrap_or_else(PoisonError::into_inner).next();
            let Some((c, rows)) = next else { break };
            each(c * slice, rows);
        }
    };
    match pool {
        Some(pool) if threads > 1 => pool.in_place_scope(|scope| {
            for _ in 1..threads {
                scope.spawn(|_| drain());
            }
            drain();
        }),
        _ => drain(),
    }
}

/// Wakes this module's pool when a batch of `pairs` will use it: a no-op job for each
/// other thread, so that the threads are up (and look for work for a while before they
/// sleep again) when [`run_slices`] hands out its slices. Reading the scene under the
/// GIL takes long enough to hide the start: traced on 400 hull16 pairs, the pool's
/// thread takes its first slice 1–2 µs after the calling thread, not 34–37 µs.
fn wake_pool(pairs: &Bound<'_, PyAny>) {
    if !pairs.len().is_ok_and(|n| n > SMALL_BATCH) {
        return;
    }
    if let Some(pool) = pool() {
        for _ in 1..pool.current_num_threads() {
            pool.spawn(|| {});
        }
    }
}

/// The shapes, pose rows and index pairs of a batch call, read while holding the GIL;
/// the poses are parsed by the threads that run the pairs.
struct Scene<'a> {
    shapes: ShapeRefs<'a>,
    poses: PoseRows,
    pairs: arrays::Rows<i64, 2>,
}

impl<'a> Scene<'a> {
    /// `i` as an index into the shapes, if it is one.
    fn index(&self, i: i64) -> Option<usize> {
        usize::try_from(i).ok().filter(|&i| i < self.shapes.len())
    }

    /// The record of pair `k`, or the status of a bad index or pose row.
    fn pair(&self, k: usize) -> Result<Pair<'a, Shape>, i8> {
        let [i, j] = self.pairs.get(k).ok_or(STATUS_INVALID_INPUT)?;
        let index = |i: i64| self.index(i).ok_or(STATUS_INVALID_INPUT);
        let (i, j) = (index(i)?, index(j)?);
        let (Some(pose_a), Some(pose_b)) = (self.poses.pose(k, 0, i), self.poses.pose(k, 1, j))
        else {
            return Err(STATUS_INVALID_INPUT);
        };
        Ok(Pair {
            a: self.shapes.get(i),
            pose_a,
            b: self.shapes.get(j),
            pose_b,
        })
    }

    /// Runs `query` on the pairs that have valid indices and poses ([`run_records`],
    /// `kind` as there).
    fn run<T: Send, E>(
        &self,
        query: impl Fn(&Pair<'a, Shape>) -> Result<T, E> + Sync,
        kind: impl Fn(&E) -> Kind + Sync,
    ) -> PyResult<Vec<Result<T, i8>>> {
        let shapes = |k: usize| {
            let [i, j] = self.pairs.get(k)?;
            Some([
                self.shapes.get(self.index(i)?),
                self.shapes.get(self.index(j)?),
            ])
        };
        run_records(self.pairs.len(), &|k| self.pair(k), &shapes, query, kind)
    }
}

/// Runs the single query `query` on each of the `count` rows whose record `record(k)`
/// can be made, in balanced slices on this module's pool (see [`run_slices`]), and gives
/// every row its answer or its status code, in input order: a row without a record keeps
/// the status `record` gave, a query's error becomes the status of its `kind` (or
/// `OutOfMemoryError` when there is no room for the rows). Each
/// slice makes its rows' records itself (reading their poses), and asks for the memory
/// of the shapes two rows ahead (`shapes(k)`, the shapes of row `k`) while it works.
///
/// Each row is the single query's answer, bit for bit: the slice calls it and nothing
/// else. (The rows once went through `collision::batch`'s record queries, which copied
/// every record and result once more and checked the poses a second time.)
fn run_records<'s, R, T: Send, E, const N: usize>(
    count: usize,
    record: &(impl Fn(usize) -> Result<R, i8> + Sync),
    shapes: &(impl Fn(usize) -> Option<[&'s Shape; N]> + Sync),
    query: impl Fn(&R) -> Result<T, E> + Sync,
    kind: impl Fn(&E) -> Kind + Sync,
) -> PyResult<Vec<Result<T, i8>>> {
    let mut rows: Vec<Result<T, i8>> = room(count, "results")?;
    rows.extend((0..count).map(|_| Err(STATUS_INVALID_INPUT)));
    run_slices(&mut rows, &|first, rows: &mut [Result<T, i8>]| {
        for (k, row) in rows.iter_mut().enumerate() {
            let k = first + k;
            batch::prefetch_ahead(k, shapes);
            *row = record(k).and_then(|r| query(&r).map_err(|e| code(kind(&e))));
        }
    });
    Ok(rows)
}

/// The shapes of a batch call as one tuple, which keeps them alive for the call: a tuple
/// as given, a list copied (`PyList_AsTuple`, one C loop that takes a reference to each
/// item), any other sequence collected.
///
/// Each shape is a separate Python object, usually in no cache when a batch starts: read
/// one by one, each item's type check waits on its object, and only a few of those misses
/// overlap; the copy's short loop has many in flight at once, and the checks that follow
/// find the objects in cache. On the AMD EPYC Zen 5, after 64 MB of other reads, a batch
/// over 800 distinct hull16 shapes with no valid pair took 53–70 µs read one by one and
/// 32–62 µs after the copy.
pub fn shape_tuple<'py>(shapes: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTuple>> {
    if let Ok(tuple) = shapes.cast::<PyTuple>() {
        return Ok(tuple.clone());
    }
    if let Ok(list) = shapes.cast::<PyList>() {
        return Ok(list.to_tuple());
    }
    let items = shapes.try_iter()?.collect::<PyResult<Vec<_>>>()?;
    PyTuple::new(shapes.py(), items)
}

/// The shapes in `tuple`, borrowed for as long as it lives: the items are not counted
/// again, the tuple holds them. (On the AMD EPYC Zen 5, a batch call given a tuple of 800
/// hull16 shapes in cache and no pair took 7.3 µs with each item counted, 4.2 µs
/// borrowed.)
///
/// # Errors
/// `TypeError` naming the first item that is not a shape; `OutOfMemoryError` when there
/// is no room for the references.
fn shape_refs<'a>(tuple: &'a Bound<'_, PyTuple>) -> PyResult<Vec<&'a Shape>> {
    let mut refs = room(tuple.len(), "shapes")?;
    for shape in checked_shapes(tuple) {
        refs.push(&shape?.get().shape);
    }
    Ok(refs)
}

/// The items of `tuple` as shapes, borrowed, each checked in turn: a `TypeError` naming
/// the first item that is not a shape.
pub fn checked_shapes<'a, 'py>(
    tuple: &'a Bound<'py, PyTuple>,
) -> impl Iterator<Item = PyResult<Borrowed<'a, 'py, PyShape>>> {
    tuple.iter_borrowed().enumerate().map(|(i, item)| {
        item.cast::<PyShape>().map_err(|_| {
            let kind = item.get_type();
            let name = kind.name().map_or_else(|_| "?".into(), |n| n.to_string());
            PyTypeError::new_err(format!(
                "shapes[{i}]: {name} is not a convex_collision.Shape"
            ))
        })
    })
}

/// What keeps a batch call's shapes alive while it runs: the caller's [`PyShapeSet`],
/// or a tuple of the shapes it gave (see [`shape_tuple`]).
enum Shapes<'py> {
    /// A set, checked when it was made.
    Set(Bound<'py, PyShapeSet>),
    /// A tuple, whose items are checked as they are read ([`shape_refs`]).
    Tuple(Bound<'py, PyTuple>),
}

impl<'py> Shapes<'py> {
    /// The shapes of a batch call's `shapes` argument.
    ///
    /// # Errors
    /// As [`shape_tuple`].
    fn of(shapes: &Bound<'py, PyAny>) -> PyResult<Shapes<'py>> {
        match shapes.cast::<PyShapeSet>() {
            Ok(set) => Ok(Shapes::Set(set.clone())),
            Err(_) => shape_tuple(shapes).map(Shapes::Tuple),
        }
    }

    /// How many shapes there are.
    fn len(&self) -> usize {
        match self {
            Shapes::Set(set) => set.get().len(),
            Shapes::Tuple(tuple) => tuple.len(),
        }
    }

    /// The shapes, borrowed for as long as `self` lives: a set's items in place (no
    /// copy of its M references per call), a tuple's items checked and referenced.
    ///
    /// # Errors
    /// As [`shape_refs`]; a set's shapes were checked when it was made.
    fn refs(&self) -> PyResult<ShapeRefs<'_>> {
        match self {
            Shapes::Set(set) => Ok(ShapeRefs::Set(set.get().items())),
            Shapes::Tuple(tuple) => shape_refs(tuple).map(ShapeRefs::Tuple),
        }
    }
}

/// A batch call's shapes by index, borrowed from what keeps them alive ([`Shapes`]).
enum ShapeRefs<'a> {
    /// A set's items, read where the set keeps them.
    Set(&'a [Py<PyShape>]),
    /// A tuple's items, checked to be shapes.
    Tuple(Vec<&'a Shape>),
}

impl<'a> ShapeRefs<'a> {
    /// How many shapes there are.
    fn len(&self) -> usize {
        match self {
            ShapeRefs::Set(items) => items.len(),
            ShapeRefs::Tuple(refs) => refs.len(),
        }
    }

    /// Shape `i` (`i < len()`).
    fn get(&self, i: usize) -> &'a Shape {
        match self {
            ShapeRefs::Set(items) => &items[i].get().shape,
            ShapeRefs::Tuple(refs) => refs[i],
        }
    }
}

/// The scene of a batch call: its shapes, one pose per shape, and the index pairs, of
/// which the first `sides` indices are shapes (2 for pairs of shapes, 1 for `[shape,
/// ray]` pairs).
fn read_scene<'a>(
    shapes: &'a Shapes<'_>,
    poses: &Bound<'_, PyAny>,
    pairs: &Bound<'_, PyAny>,
    sides: usize,
) -> PyResult<Scene<'a>> {
    let pairs = arrays::pairs(pairs, "pairs")?;
    let poses = pose_rows::poses(poses, "poses", &pairs, sides)?;
    if poses.len() != shapes.len() {
        return Err(invalid(format!(
            "poses: {} poses for {} shapes (one pose per shape)",
            poses.len(),
            shapes.len()
        )));
    }
    Ok(Scene {
        shapes: shapes.refs()?,
        poses,
        pairs,
    })
}

fn code(kind: Kind) -> i8 {
    status_of(kind)
}

/// Reads the `shapes`, `poses` and `pairs` of a batch call and runs `query` on them
/// with the GIL released ([`Scene::run`], `kind` as there): each pair's
/// answer or status code, in input order.
///
/// # Errors
/// `TypeError` for an item of `shapes` that is not a shape; `InvalidInputError` for
/// poses or pairs that are not well-formed arrays, or not one pose per shape;
/// `OutOfMemoryError` when the copies of the arrays or the results do not fit.
fn run_batch<'py, T: Send, E>(
    py: Python<'py>,
    shapes: &Bound<'py, PyAny>,
    poses: &Bound<'py, PyAny>,
    pairs: &Bound<'py, PyAny>,
    query: impl for<'s> Fn(&Pair<'s, Shape>) -> Result<T, E> + Send + Sync,
    kind: impl Fn(&E) -> Kind + Send + Sync,
) -> PyResult<Vec<Result<T, i8>>> {
    wake_pool(pairs);
    let shapes = Shapes::of(shapes)?;
    let scene = read_scene(&shapes, poses, pairs, 2)?;
    py.detach(|| scene.run(query, kind))
}

/// A batch's values and status codes, one of each per pair.
type ValuesAndStatuses<'py, T> = (Bound<'py, PyArray1<T>>, Bound<'py, PyArray1<i8>>);

/// The two arrays of a batch of one value per pair: the values (`none` where a pair has
/// no answer) and the status codes.
///
/// # Errors
/// `OutOfMemoryError` when they do not fit.
fn values_and_statuses<'py, T: numpy::Element + Copy>(
    py: Python<'py>,
    rows: &[Result<T, i8>],
    none: T,
) -> PyResult<ValuesAndStatuses<'py, T>> {
    let mut values = room(rows.len(), "results")?;
    values.extend(rows.iter().map(|r| *r.as_ref().unwrap_or(&none)));
    let mut statuses = room(rows.len(), "results")?;
    statuses.extend(
        rows.iter()
            .map(|r| r.as_ref().map_or_else(|s| *s, |_| STATUS_OK)),
    );
    Ok((
        PyArray1::from_vec(py, values),
        PyArray1::from_vec(py, statuses),
    ))
}

/// Whether each pair touches or overlaps: a `BatchIntersects(intersects, status)`.
///
/// `shapes` is a list of M shapes, `poses` their (M, 7) or (M, 4, 4) poses, `pairs` a
/// (K, 2) integer array of indices into them. Every batch query runs with the GIL
/// released, on every core for more than 16 pairs (on the calling thread below).
#[pyfunction]
pub fn batch_intersects<'py>(
    py: Python<'py>,
    shapes: &Bound<'py, PyAny>,
    poses: &Bound<'py, PyAny>,
    pairs: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let rows = run_batch(
        py,
        shapes,
        poses,
        pairs,
        |p| collision::intersects(p.a, &p.pose_a, p.b, &p.pose_b),
        gjk_kind,
    )?;
    types_attr(py, "BatchIntersects")?.call1(values_and_statuses(py, &rows, false)?)
}

/// The distance of each pair (0 when touching): a `BatchDistance(distance, status)`.
#[pyfunction]
pub fn batch_distance<'py>(
    py: Python<'py>,
    shapes: &Bound<'py, PyAny>,
    poses: &Bound<'py, PyAny>,
    pairs: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let rows = run_batch(
        py,
        shapes,
        poses,
        pairs,
        |p| collision::distance(p.a, &p.pose_a, p.b, &p.pose_b),
        gjk_kind,
    )?;
    types_attr(py, "BatchDistance")?.call1(values_and_statuses(py, &rows, NO_DISTANCE)?)
}

/// Room for `k` rows of 3 numbers, laid out as a row-major `(k, 3)` array.
///
/// # Errors
/// `OutOfMemoryError` when they do not fit.
fn point_rows(k: usize) -> PyResult<Vec<f64>> {
    room(k.saturating_mul(3), "results")
}

/// The `(k, 3)` array of the rows [`point_rows`] made (its length a multiple of 3).
fn points_array<'py>(py: Python<'py>, flat: Vec<f64>) -> Bound<'py, PyArray2<f64>> {
    let n = flat.len() / 3;
    Array2::from_shape_vec((n, 3), flat)
        .expect("rows of 3 fill an (n, 3) array")
        .into_pyarray(py)
}

/// The distance or separation of a row without an answer: no number a query can give.
const NO_DISTANCE: f64 = f64::INFINITY;

/// The points and normal of a row without them (overlapping, no contact, no answer).
const NO_POINT: [f64; 3] = [0.0; 3];

/// The closest points of each pair: a `BatchClosestPoints(overlapping, distance,
/// point_a, point_b, status)`.
#[pyfunction]
pub fn batch_closest_points<'py>(
    py: Python<'py>,
    shapes: &Bound<'py, PyAny>,
    poses: &Bound<'py, PyAny>,
    pairs: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let rows = run_batch(
        py,
        shapes,
        poses,
        pairs,
        |p| collision::closest_points(p.a, &p.pose_a, p.b, &p.pose_b),
        gjk_kind,
    )?;
    let k = rows.len();
    let (mut overlapping, mut distance) = (room(k, "results")?, room(k, "results")?);
    let (mut point_a, mut point_b) = (point_rows(k)?, point_rows(k)?);
    let mut status = room(k, "results")?;
    for r in &rows {
        let (o, d, a, b, s) = match r {
            Ok(ClosestPoints::Overlapping) => (true, 0.0, NO_POINT, NO_POINT, STATUS_OK),
            Ok(ClosestPoints::Separated {
                point_a,
                point_b,
                distance,
            }) => (
                false,
                *distance,
                arrays::xyz(point_a),
                arrays::xyz(point_b),
                STATUS_OK,
            ),
            Err(s) => (false, NO_DISTANCE, NO_POINT, NO_POINT, *s),
        };
        overlapping.push(o);
        distance.push(d);
        point_a.extend_from_slice(&a);
        point_b.extend_from_slice(&b);
        status.push(s);
    }
    types_attr(py, "BatchClosestPoints")?.call1((
        PyArray1::from_vec(py, overlapping),
        PyArray1::from_vec(py, distance),
        points_array(py, point_a),
        points_array(py, point_b),
        PyArray1::from_vec(py, status),
    ))
}

fn contact_status(c: &Contact) -> i8 {
    match c.status {
        ContactStatus::Converged => STATUS_OK,
        ContactStatus::GjkMaxIterations => STATUS_APPROXIMATE_GJK_MAX_ITERATIONS,
        ContactStatus::EpaOutOfCapacity => STATUS_APPROXIMATE_EPA_OUT_OF_CAPACITY,
        ContactStatus::EpaStalled => STATUS_APPROXIMATE_EPA_STALLED,
    }
}

/// The contact of each pair within `margin` ≥ 0: a `BatchContact(has_contact,
/// separation, depth, normal, point_a, point_b, status)`. Contacts that are the best
/// answer found rather than converged ones keep their values and get a
/// `STATUS_APPROXIMATE_*` code.
#[pyfunction]
#[pyo3(signature = (shapes, poses, pairs, margin=0.0))]
pub fn batch_contact<'py>(
    py: Python<'py>,
    shapes: &Bound<'py, PyAny>,
    poses: &Bound<'py, PyAny>,
    pairs: &Bound<'py, PyAny>,
    margin: f64,
) -> PyResult<Bound<'py, PyAny>> {
    if !(margin.is_finite() && margin >= 0.0) {
        return Err(invalid(format!(
            "margin: must be finite and non-negative, got {margin}"
        )));
    }
    let rows = run_batch(
        py,
        shapes,
        poses,
        pairs,
        |p| collision::contact(p.a, &p.pose_a, p.b, &p.pose_b, margin),
        contact_kind,
    )?;
    let k = rows.len();
    let mut has = room(k, "results")?;
    let (mut sep, mut depth) = (room(k, "results")?, room(k, "results")?);
    let (mut normal, mut point_a, mut point_b) = (point_rows(k)?, point_rows(k)?, point_rows(k)?);
    let mut status = room(k, "results")?;
    for r in &rows {
        match r {
            Ok(Some(c)) => {
                has.push(true);
                sep.push(c.separation);
                depth.push((-c.separation).max(0.0));
                normal.extend_from_slice(&[c.normal.x, c.normal.y, c.normal.z]);
                point_a.extend_from_slice(&arrays::xyz(&c.point_a));
                point_b.extend_from_slice(&arrays::xyz(&c.point_b));
                status.push(contact_status(c));
            }
            Ok(None) | Err(_) => {
                has.push(false);
                sep.push(NO_DISTANCE);
                depth.push(0.0);
                normal.extend_from_slice(&NO_POINT);
                point_a.extend_from_slice(&NO_POINT);
                point_b.extend_from_slice(&NO_POINT);
                status.push(r.as_ref().map_or_else(|s| *s, |_| STATUS_OK));
            }
        }
    }
    types_attr(py, "BatchContact")?.call1((
        PyArray1::from_vec(py, has),
        PyArray1::from_vec(py, sep),
        PyArray1::from_vec(py, depth),
        points_array(py, normal),
        points_array(py, point_a),
        points_array(py, point_b),
        PyArray1::from_vec(py, status),
    ))
}

/// Where each ray meets its shape, if at most `max_toi` along it: a
/// `BatchRayCast(hit, toi, point, normal, status)`.
///
/// `shapes` and `poses` are as for the other batch queries, `rays` an (R, 6) array of
/// rows `[ox, oy, oz, dx, dy, dz]` (start, direction; times are in units of each
/// direction), and `pairs` a (K, 2) integer array of `[shape, ray]` indices. A row whose
/// shape or ray index is out of range, whose pose is no pose, or whose ray has a
/// non-finite number or a zero direction gets `STATUS_INVALID_INPUT`; the others are
/// exactly `cast_ray`.
#[pyfunction]
#[pyo3(signature = (shapes, poses, rays, pairs, max_toi=f64::INFINITY))]
pub fn batch_cast_ray<'py>(
    py: Python<'py>,
    shapes: &Bound<'py, PyAny>,
    poses: &Bound<'py, PyAny>,
    rays: &Bound<'py, PyAny>,
    pairs: &Bound<'py, PyAny>,
    max_toi: f64,
) -> PyResult<Bound<'py, PyAny>> {
    if max_toi.is_nan() || max_toi < 0.0 {
        return Err(invalid(format!(
            "max_toi: must be non-negative, got {max_toi}"
        )));
    }
    wake_pool(pairs);
    let shapes = Shapes::of(shapes)?;
    let scene = read_scene(&shapes, poses, pairs, 1)?;
    let rays = arrays::rays(rays, "rays")?;
    let record = |k: usize| -> Result<RayQuery<'_, Shape>, i8> {
        let [i, r] = scene.pairs.get(k).ok_or(STATUS_INVALID_INPUT)?;
        let shape = scene.index(i).ok_or(STATUS_INVALID_INPUT)?;
        let row = usize::try_from(r)
            .ok()
            .and_then(|r| rays.get(r))
            .ok_or(STATUS_INVALID_INPUT)?;
        let [ox, oy, oz, dx, dy, dz] = row;
        let dir = Vector3::new(dx, dy, dz);
        if !row.iter().all(|x| x.is_finite()) || dir == Vector3::zeros() {
            return Err(STATUS_INVALID_INPUT);
        }
        Ok(RayQuery {
            shape: scene.shapes.get(shape),
            pose: scene.poses.pose(k, 0, shape).ok_or(STATUS_INVALID_INPUT)?,
            ray: Ray::new(Point3::new(ox, oy, oz), dir),
        })
    };
    let shape_of = |k: usize| Some([scene.shapes.get(scene.index(scene.pairs.get(k)?[0])?)]);
    let rows = py.detach(|| {
        run_records(
            scene.pairs.len(),
            &record,
            &shape_of,
            |q| collision::cast_ray(q.shape, &q.pose, &q.ray, max_toi),
            ray_kind,
        )
    })?;
    let k = rows.len();
    let (mut hit, mut toi) = (room(k, "results")?, room(k, "results")?);
    let (mut point, mut normal) = (point_rows(k)?, point_rows(k)?);
    let mut status = room(k, "results")?;
    for r in &rows {
        match r {
            Ok(Some(h)) => {
                hit.push(true);
                toi.push(h.toi);
                point.extend_from_slice(&arrays::xyz(&h.point));
                normal.extend_from_slice(&[h.normal.x, h.normal.y, h.normal.z]);
                status.push(STATUS_OK);
            }
            Ok(None) | Err(_) => {
                hit.push(false);
                toi.push(NO_DISTANCE);
                point.extend_from_slice(&NO_POINT);
                normal.extend_from_slice(&NO_POINT);
                status.push(r.as_ref().map_or_else(|s| *s, |_| STATUS_OK));
            }
        }
    }
    types_attr(py, "BatchRayCast")?.call1((
        PyArray1::from_vec(py, hit),
        PyArray1::from_vec(py, toi),
        points_array(py, point),
        points_array(py, normal),
        PyArray1::from_vec(py, status),
    ))
}

/// Registers the batch queries.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(batch_intersects, m)?)?;
    m.add_function(wrap_pyfunction!(batch_distance, m)?)?;
    m.add_function(wrap_pyfunction!(batch_closest_points, m)?)?;
    m.add_function(wrap_pyfunction!(batch_contact, m)?)?;
    m.add_function(wrap_pyfunction!(batch_cast_ray, m)?)?;
    Ok(())
}
