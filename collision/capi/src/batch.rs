//! Batch calls: intersection, distance and contact over many pairs of shapes in one call.
//!
//! The caller passes its scene as arrays: shape handles, one pose per shape, and pairs of
//! indices into them (`uint32_t` pairs, `{i0, j0, i1, j1, ...}`). Pair `k`'s answer goes
//! to `results[k]` and its status to `statuses[k]`; each is exactly what the single call
//! on the same shapes and poses returns, bit for bit.
//!
//! A call checks each handle and pose it reads once: its pairs' entries when they are
//! fewer than the scene's (a frame's candidate pairs in a large world), every entry
//! otherwise, so that it costs in proportion to the smaller of the two (`Batch`).
//! `benches/batch_scene.rs` on the AMD EPYC Zen 5, one core, 20,000 entries of 200 hull16
//! handles: a call of 16 pairs took 1.05 ms when every entry was checked and copied (a
//! fresh 3 MB a call, which the allocator gave back to the system and faulted in again)
//! and takes 2.2 µs; 1,000 pairs 0.22–1.21 ms (depending on the allocator's state) →
//! 0.14 ms. 11,000 pairs read the scene whole either way, with half the copies: 1.51–1.52
//! → 1.44–1.49 ms when the allocator had the room, 2.62–2.65 → 1.46–1.48 ms when it had
//! not.
//!
//! A batch of at most 64 pairs (`DIRECT_PAIRS`) runs its pairs one after another on the
//! calling thread, each reading its two entries as its single call does: it allocates
//! nothing (16 pairs over the bench's scene: 2.09–2.13 → 1.84–1.91 µs). A larger one
//! checks its entries first, into slots; when no slot holds a user shape its pairs run
//! through `collision::batch`: on all cores when the library is built with the
//! `parallel` feature (the calling thread and rayon's global pool, in chunks of 16 to 64
//! pairs), on the calling thread otherwise. A call that reads a user
//! shape runs its pairs one after another on the calling thread, through the single
//! calls' code (its callbacks then never run concurrently within the call).

use crate::convert::{count, length, output, pose};
use crate::query::{NO_CONTACT, Pair, contact_value, distance_value, intersects_value};
use crate::shape::{Body, CollShape, shape_body};
use crate::status::{CollStatus, Error, guard, room};
use crate::types::{CollContact, CollDistance, CollPose};
use collision::batch::{BatchError, PairError, PairResult, Scene};
use collision::{Point, Shape};
use nalgebra::{Isometry3, Point3};
use std::sync::LazyLock;

/// A slot's body and pose, or the status of the first check that refused them (the
/// handle's, then the pose's).
type SlotCheck<'a> = Result<(&'a Body, Isometry3<f64>), CollStatus>;

/// A stand-in for shapes a pair cannot use (its status is set from the check instead).
static PLACEHOLDER: LazyLock<Shape> =
    LazyLock::new(|| Shape::Point(Point::new(Point3::origin()).expect("the origin is finite")));

/// The checked arrays of a batch call, as slots: each slot a shape's body and pose, or
/// the status of its check. The slots are the two shapes of each pair in pair order
/// (slots `2k` and `2k + 1`), or the scene's shapes when there are fewer of those, so
/// that a call costs in proportion to the smaller of the two: a call over a large
/// scene neither checks nor copies the scene's arrays whole, and one whose pairs use
/// each shape many times checks each once.
struct Batch<'a> {
    /// Each slot's body (`None` where it was refused).
    bodies: Vec<Option<&'a Body>>,
    /// Each slot's pose (the identity where it was refused): the scene's poses as they
    /// are, with no second copy.
    poses: Vec<Isometry3<f64>>,
    /// Each slot's status: `Ok`, or why its handle (first) or its pose was refused.
    statuses: Vec<CollStatus>,
    /// Whether a slot holds a user shape.
    has_user_shape: bool,
    /// The pairs of slots, when the slots are the pairs' shapes (`None`: the slots are
    /// the scene's shapes and the caller's pairs name them).
    slot_pairs: Option<Vec<[u32; 2]>>,
    /// The caller's arrays: its pairs of shape indices, and the entries a direct batch
    /// ([`Self::direct`]) reads pair by pair.
    arrays: Arrays<'a>,
}

/// Batches of at most this many pairs run on the calling thread whatever the build
/// (as `collision::batch` runs them: waking other threads would cost about as much as
/// their work), each pair reading its two entries as its single call does, with nothing
/// allocated; larger ones check their entries first, into slots.
const DIRECT_PAIRS: usize = 64;

/// The caller's arrays of a batch call, their lengths checked.
#[derive(Clone, Copy)]
struct Arrays<'a> {
    /// The shape handles (each null or a handle of this library).
    shapes: &'a [*const CollShape],
    /// One pose per shape.
    poses: &'a [CollPose],
    /// Pairs of indices into both.
    pairs: &'a [[u32; 2]],
}

impl<'a> Arrays<'a> {
    /// Entry `i`'s body and pose (`i` in range), or the status of the first check that
    /// refused them: the handle's, then the pose's. Only statuses are kept (a batch
    /// reports no message per pair), so the entries are not named.
    ///
    /// Always inlined: the pass over a whole scene keeps only the refusal, and out of
    /// line the pose came back through memory (4 % slower at 11,000 pairs over 20,000
    /// entries, `benches/batch_scene.rs`).
    #[inline(always)]
    fn entry(&self, i: usize) -> SlotCheck<'a> {
        // SAFETY: each entry is null or a handle of this library.
        let body = unsafe { shape_body(self.shapes[i], "shapes") }.map_err(|e| e.status)?;
        Ok((body, pose(&self.poses[i], "poses").map_err(|e| e.status)?))
    }

    /// Pair `k`'s two entries, or the status that keeps it from running: an index out
    /// of range first, then the first entry's refusal, then the second's (as
    /// [`Batch::slots`] orders them).
    fn pair(&self, k: usize) -> Result<[(&'a Body, Isometry3<f64>); 2], CollStatus> {
        let [i, j] = self.pairs[k].map(|i| i as usize);
        if i >= self.shapes.len() || j >= self.shapes.len() {
            return Err(CollStatus::InvalidArgument);
        }
        Ok([self.entry(i)?, self.entry(j)?])
    }
}

impl<'a> Batch<'a> {
    /// Reads and checks the arrays: each pair's two entries, or every entry of the scene
    /// when it has fewer.
    ///
    /// # Safety
    /// Each pointer must be null or hold its count of items (`2 * pair_count` indices).
    unsafe fn read(
        shapes: *const *const CollShape,
        shape_count: usize,
        poses: *const CollPose,
        pose_count: usize,
        pairs: *const u32,
        pair_count: usize,
    ) -> Result<Batch<'a>, Error> {
        let shape_count = count(shape_count, size_of::<usize>(), "shape_count")?;
        let pair_count = count(pair_count, 8, "pair_count")?;
        if pose_count != shape_count {
            return Err(Error::new(
                CollStatus::WrongCount,
                format!("`pose_count` is {pose_count}, but there are {shape_count} shapes"),
            ));
        }
        // SAFETY: the caller's arrays hold their counts of items (null only when empty).
        let (shapes, poses, pairs) = unsafe {
            (
                slice(shapes, shape_count, "shapes")?,
                slice(poses, pose_count, "poses")?,
                slice(pairs.cast::<[u32; 2]>(), pair_count, "pairs")?,
            )
        };
        let arrays = Arrays {
            shapes,
            poses,
            pairs,
        };
        let check = |i: usize| arrays.entry(i);
        let direct = pair_count <= DIRECT_PAIRS;
        let slots = 2 * pair_count;
        let gather = slots <= u32::MAX as usize && slots <= shape_count;
        let entries = match (direct, gather) {
            (true, _) => 0,
            (false, true) => slots,
            (false, false) => shape_count,
        };
        let mut batch = Batch {
            bodies: room(entries, "shapes")?,
            poses: room(entries, "poses")?,
            statuses: room(entries, "statuses")?,
            has_user_shape: false,
            slot_pairs: None,
            arrays,
        };
        if direct {
            return Ok(batch);
        }
        if !gather {
            // The scene whole, in streaming passes over the caller's arrays: the bodies,
            // the poses, then each entry's first refusal (a loop pushing each entry's
            // three fields at once ran 4–5 % slower over 20,000 entries).
            batch.bodies.extend(shapes.iter().map(|&s| {
                // SAFETY: each entry is null or a handle of this library.
                unsafe { shape_body(s, "shapes") }.ok()
            }));
            let identity = Isometry3::identity();
            batch
                .poses
                .extend(poses.iter().map(|p| pose(p, "poses").unwrap_or(identity)));
            batch
                .statuses
                .extend((0..shape_count).map(|i| check(i).err().unwrap_or(CollStatus::Ok)));
            batch.has_user_shape = batch
                .bodies
                .iter()
                .any(|b| matches!(b, Some(Body::User(_))));
            return Ok(batch);
        }
        let mut slot_pairs = room(pair_count, "pairs")?;
        let refused = || Err(CollStatus::InvalidArgument);
        for (k, &[i, j]) in pairs.iter().enumerate() {
            let (i, j) = (i as usize, j as usize);
            // An index out of range refuses its pair before anything else: both slots say so.
            let in_range = i < shape_count && j < shape_count;
            batch.push(if in_range { check(i) } else { refused() });
            batch.push(if in_range { check(j) } else { refused() });
            slot_pairs.push([2 * k as u32, 2 * k as u32 + 1]);
        }
        batch.slot_pairs = Some(slot_pairs);
        Ok(batch)
    }

    /// Appends a slot.
    #[inline]
    fn push(&mut self, slot: SlotCheck<'a>) {
        let (body, pose, status) = match slot {
            Ok((body, pose)) => (Some(body), pose, CollStatus::Ok),
            Err(status) => (None, Isometry3::identity(), status),
        };
        self.has_user_shape |= matches!(body, Some(Body::User(_)));
        self.bodies.push(body);
        self.poses.push(pose);
        self.statuses.push(status);
    }

    /// Whether the batch is small enough to run directly ([`DIRECT_PAIRS`]): then it has
    /// no slots, and each pair reads its two entries when it runs.
    fn direct(&self) -> bool {
        self.arrays.pairs.len() <= DIRECT_PAIRS
    }

    /// The pairs of slots the scene runs, pair `k` at `k`.
    fn scene_pairs(&self) -> &[[u32; 2]] {
        self.slot_pairs.as_deref().unwrap_or(self.arrays.pairs)
    }

    /// Pair `k`'s slots, or the status that keeps it from running: an index out of
    /// range first, then the first shape's handle and pose, then the second's.
    #[inline]
    fn slots(&self, k: usize) -> Result<[usize; 2], CollStatus> {
        let [a, b] = self.scene_pairs()[k].map(|s| s as usize);
        let (Some(&status_a), Some(&status_b)) = (self.statuses.get(a), self.statuses.get(b))
        else {
            return Err(CollStatus::InvalidArgument);
        };
        match (status_a, status_b) {
            (CollStatus::Ok, CollStatus::Ok) => Ok([a, b]),
            (CollStatus::Ok, refused) | (refused, _) => Err(refused),
        }
    }

    /// Pair `k`'s shapes and poses, or the status that keeps it from running (see
    /// [`Self::slots`]): read from the caller's arrays in a direct batch, from the
    /// slots otherwise.
    fn entries(&self, k: usize) -> Result<[(&'a Body, Isometry3<f64>); 2], CollStatus> {
        if self.direct() {
            return self.arrays.pair(k);
        }
        let [a, b] = self.slots(k)?;
        let (Some(body_a), Some(body_b)) = (self.bodies[a], self.bodies[b]) else {
            // Every slot whose status is `Ok` has its body.
            return Err(CollStatus::InternalError);
        };
        Ok([(body_a, self.poses[a]), (body_b, self.poses[b])])
    }

    /// The slots' built-in shapes as a scene's array, with stand-ins where a pair cannot
    /// run (the poses are [`Self::poses`] as they are).
    ///
    /// # Errors
    /// `OutOfMemory` when there is no room for it.
    fn scene_shapes(&self) -> Result<Vec<&'a Shape>, Error> {
        let mut shapes = room(self.bodies.len(), "shapes")?;
        shapes.extend(self.bodies.iter().map(|b| match b {
            Some(Body::Builtin(s)) => s,
            _ => &*PLACEHOLDER,
        }));
        Ok(shapes)
    }

    /// Runs every pair: `run_single` on the calling thread in a direct batch or when a
    /// shape is the caller's, else `run_scene` on the whole scene (its results converted
    /// by `convert`); then writes each pair's value (or `zero`) and status.
    fn run<V: Copy, T: Clone + Default, E: Clone>(
        &self,
        results: &mut [V],
        statuses: &mut [CollStatus],
        zero: V,
        run_single: impl Fn(&Pair<'_>) -> Result<(V, CollStatus), Error>,
        run_scene: impl FnOnce(
            &Scene<'_, &Shape>,
            &[[u32; 2]],
            &mut [PairResult<T, E>],
        ) -> Result<(), BatchError>,
        convert: impl Fn(Result<T, E>) -> Result<(V, CollStatus), Error>,
    ) -> Result<(), Error> {
        let mut write = |k: usize, (value, status): (V, CollStatus)| {
            let answered = matches!(status, CollStatus::Ok | CollStatus::NotConverged);
            results[k] = if answered { value } else { zero };
            statuses[k] = status;
        };
        let failed = |e: Error| (zero, e.status);
        let pair_count = self.arrays.pairs.len();
        if self.direct() || self.has_user_shape {
            for k in 0..pair_count {
                let answer = match self.entries(k) {
                    Ok([(a, pose_a), (b, pose_b)]) => run_single(&Pair {
                        a,
                        pose_a: &pose_a,
                        b,
                        pose_b: &pose_b,
                    })
                    .unwrap_or_else(failed),
                    Err(status) => (zero, status),
                };
                write(k, answer);
            }
            return Ok(());
        }
        let shapes = self.scene_shapes()?;
        // Every slot is written by `run_scene`; the default only initialises them.
        let mut out: Vec<PairResult<T, E>> = room(pair_count, "results")?;
        out.resize(pair_count, Ok(T::default()));
        let internal = |e: BatchError| Error::new(CollStatus::InternalError, e.to_string());
        let scene = Scene::new(&shapes, &self.poses).map_err(internal)?;
        run_scene(&scene, self.scene_pairs(), &mut out).map_err(internal)?;
        for (k, answer) in out.into_iter().enumerate() {
            let answer = match (self.slots(k), answer) {
                (Err(status), _) => (zero, status),
                (Ok(_), Ok(t)) => convert(Ok(t)).unwrap_or_else(failed),
                (Ok(_), Err(PairError::Query(e))) => convert(Err(e)).unwrap_or_else(failed),
                // `pair` checked the indices and poses; kept for completeness.
                (Ok(_), Err(PairError::IndexOutOfRange { .. })) => {
                    (zero, CollStatus::InvalidArgument)
                }
                (Ok(_), Err(PairError::NonFinitePose { .. })) => (zero, CollStatus::NonFinite),
            };
            write(k, answer);
        }
        Ok(())
    }
}

/// The caller's array `pointer` of `len` items; null is allowed only when `len` is 0.
///
/// # Safety
/// `pointer` must be null or hold `len` readable items for `'a`.
unsafe fn slice<'a, T>(pointer: *const T, len: usize, name: &str) -> Result<&'a [T], Error> {
    if len == 0 {
        return Ok(&[]);
    }
    let pointer = output(pointer.cast_mut(), name)?;
    // SAFETY: not null, and the caller's promise that it holds `len` items.
    Ok(unsafe { std::slice::from_raw_parts(pointer, len) })
}

/// The caller's output array `pointer` of `len` items; null only when `len` is 0.
///
/// # Safety
/// `pointer` must be null or hold `len` writable items for `'a`; `T` must be valid for
/// any bit pattern it may hold (it is written before it is read).
unsafe fn slice_mut<'a, T>(pointer: *mut T, len: usize, name: &str) -> Result<&'a mut [T], Error> {
    if len == 0 {
        return Ok(&mut []);
    }
    let pointer = output(pointer, name)?;
    for k in 0..len {
        // SAFETY: within the caller's array; written before any read, so an
        // uninitialised array (or one holding invalid enum values) is never read.
        // Every output type here (numbers, `bool`, and enums whose value 0 exists) is
        // valid all zero.
        unsafe { pointer.add(k).write(std::mem::zeroed()) };
    }
    // SAFETY: not null, `len` items, each now initialised.
    Ok(unsafe { std::slice::from_raw_parts_mut(pointer, len) })
}

/// `WrongCount` unless `capacity` is `pair_count`.
fn same(capacity: usize, pair_count: usize) -> Result<(), Error> {
    if capacity == pair_count {
        Ok(())
    } else {
        Err(Error::new(
            CollStatus::WrongCount,
            format!("`result_count` is {capacity}, but there are {pair_count} pairs"),
        ))
    }
}

/// The whole-call contract of the batch functions, written once: see
/// `coll_batch_distance`. `check` (the call's own arguments, such as a margin) runs with
/// the arrays' checks, before anything is written: a refused call leaves the output
/// arrays as they were.
macro_rules! batch_entry {
    ($function:literal, $shapes:ident, $shape_count:ident, $poses:ident, $pose_count:ident,
     $pairs:ident, $pair_count:ident, $results:ident, $statuses:ident, $result_count:ident,
     |$batch:ident, $out:ident, $st:ident| $body:expr) => {
        batch_entry!($function, check: Ok::<(), Error>(()), $shapes, $shape_count, $poses, $pose_count,
            $pairs, $pair_count, $results, $statuses, $result_count,
            |$batch, $out, $st| $body)
    };
    ($function:literal, check: $check:expr, $shapes:ident, $shape_count:ident,
     $poses:ident, $pose_count:ident, $pairs:ident, $pair_count:ident, $results:ident,
     $statuses:ident, $result_count:ident, |$batch:ident, $out:ident, $st:ident| $body:expr) => {
        guard($function, || {
            same($result_count, $pair_count)?;
            $check?;
            if $result_count > 0 {
                // Both arrays checked before either is written.
                output($results, "results")?;
                output($statuses, "statuses")?;
            }
            // SAFETY: the caller's arrays hold their stated counts.
            let $batch = unsafe {
                Batch::read(
                    $shapes,
                    $shape_count,
                    $poses,
                    $pose_count,
                    $pairs,
                    $pair_count,
                )
            }?;
            // SAFETY: the caller's output arrays hold `result_count` items each.
            let ($out, $st) = unsafe {
                (
                    slice_mut($results, $result_count, "results")?,
                    slice_mut($statuses, $result_count, "statuses")?,
                )
            };
            $body?;
            Ok(CollStatus::Ok)
        })
    };
}

/// `coll_distance` for every pair: `results[k]` and `statuses[k]` are the answer and the
/// status of the single call on shapes `pairs[2k]` and `pairs[2k + 1]` at their poses.
///
/// Arrays: `shapes` holds `shape_count` handles and `poses` one pose per shape
/// (`pose_count == shape_count`); `pairs` holds `2 * pair_count` indices; `results` and
/// `statuses` hold `result_count == pair_count` items each and are written whole. All
/// are borrowed for the call only; a NULL array is allowed when its count is 0.
///
/// Per pair: an index out of range gives `INVALID_ARGUMENT`, a null or dead handle
/// `NULL_POINTER` or `INVALID_HANDLE`, a bad pose `NON_FINITE` or `INVALID_QUATERNION`,
/// and the single call's statuses otherwise; `results[k]` is zero unless the status is
/// `OK` or `NOT_CONVERGED`. The call itself returns `OK` when it ran (whatever the pairs'
/// statuses), and `NULL_POINTER` or `WRONG_COUNT` when it refused the arrays (and
/// `coll_batch_contact` `NON_FINITE` or `INVALID_ARGUMENT` when it refused its margin),
/// before any pair ran and without writing to `results` or `statuses`. It returns
/// `OUT_OF_MEMORY` when the allocator refused its own arrays (the checked shapes and
/// poses, the rows of results): no pair ran, and `results` and `statuses` are left as
/// they were or zeroed.
///
/// Cost: each handle and pose the pairs use is checked, or every one of the scene's when
/// they are fewer than the pairs' (`2 * pair_count`): a call over a large scene costs in
/// proportion to its pairs. A call of at most 64 pairs allocates nothing.
///
/// Threads: on all cores when the library was built with the `parallel` feature, every
/// shape the call reads (the pairs' shapes, or the scene's when they are fewer) is built
/// in and there are more than 64 pairs; on the calling thread otherwise.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn coll_batch_distance(
    shapes: *const *const CollShape,
    shape_count: usize,
    poses: *const CollPose,
    pose_count: usize,
    pairs: *const u32,
    pair_count: usize,
    results: *mut CollDistance,
    statuses: *mut CollStatus,
    result_count: usize,
) -> CollStatus {
    batch_entry!(
        "coll_batch_distance",
        shapes,
        shape_count,
        poses,
        pose_count,
        pairs,
        pair_count,
        results,
        statuses,
        result_count,
        |batch, out, st| batch.run(
            out,
            st,
            CollDistance {
                distance: 0.0,
                lower_bound: 0.0,
            },
            |p| distance_value(crate::query::with_pair!(p, |a, b| collision::distance(
                a, p.pose_a, b, p.pose_b
            ))),
            |scene, pairs, out| scene.distance(pairs, out),
            distance_value,
        )
    )
}

/// `coll_intersects` for every pair (see `coll_batch_distance` for the arrays, the
/// statuses and the threads): `results[k]` is whether pair `k`'s shapes touch or
/// overlap.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn coll_batch_intersects(
    shapes: *const *const CollShape,
    shape_count: usize,
    poses: *const CollPose,
    pose_count: usize,
    pairs: *const u32,
    pair_count: usize,
    results: *mut bool,
    statuses: *mut CollStatus,
    result_count: usize,
) -> CollStatus {
    batch_entry!(
        "coll_batch_intersects",
        shapes,
        shape_count,
        poses,
        pose_count,
        pairs,
        pair_count,
        results,
        statuses,
        result_count,
        |batch, out, st| batch.run(
            out,
            st,
            false,
            |p| intersects_value(crate::query::with_pair!(p, |a, b| collision::intersects(
                a, p.pose_a, b, p.pose_b
            ))),
            |scene, pairs, out| scene.intersects(pairs, out),
            intersects_value,
        )
    )
}

/// `coll_contact` (without caches) within `margin` for every pair (see
/// `coll_batch_distance` for the arrays, the statuses and the threads). A negative or
/// non-finite `margin` refuses the whole call.
#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub extern "C" fn coll_batch_contact(
    shapes: *const *const CollShape,
    shape_count: usize,
    poses: *const CollPose,
    pose_count: usize,
    pairs: *const u32,
    pair_count: usize,
    margin: f64,
    results: *mut CollContact,
    statuses: *mut CollStatus,
    result_count: usize,
) -> CollStatus {
    batch_entry!(
        "coll_batch_contact",
        check: length(margin, "margin").map(|_| ()),
        shapes,
        shape_count,
        poses,
        pose_count,
        pairs,
        pair_count,
        results,
        statuses,
        result_count,
        |batch, out, st| {
            let margin = length(margin, "margin")?;
            batch.run(
                out,
                st,
                NO_CONTACT,
                |p| {
                    contact_value(crate::query::with_pair!(p, |a, b| collision::contact(
                        a, p.pose_a, b, p.pose_b, margin
                    )))
                },
                |scene, pairs, out| scene.contact(pairs, margin, out),
                contact_value,
            )
        }
    )
}
