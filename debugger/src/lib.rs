//! A visual debugger that replays recorded GJK simplex and EPA polytope states step by
//! step.
//!
//! The debugger only reads recordings; it never drives the algorithm:
//!
//! 1. [`record()`] runs a fixture's query once with a [`collision::Trace`] observer and
//!    keeps every event, the final outcome and notes on what was not recorded
//!    ([`Recording`]).
//! 2. The events become [`Frame`]s: world coordinates, self-contained for drawing
//!    (simplex or polytope, nearest face, support point, removed faces, horizon, witness
//!    points, direction, bounds, caption).
//! 3. Front ends read frames only: [`Replay`] (a list of frames and an index, tested
//!    without a window), the SVG film strip [`snapshot_svg`], and the terminal text
//!    ([`text`]), and the 3D front end ([`window`]): a kiss3d window with an egui side
//!    panel stepping through [`Replay::current`], and headless PNG renders of one frame
//!    or of every frame as a film (feature `window`, on by default), drawn from
//!    [`window::Scene3d`]s that are built and tested without a GPU.
//! 4. The window's logic lives in [`timeline`], without kiss3d: phases, playing at a
//!    speed, layers, warnings, the fixture list and reloads ([`timeline::Session`]).
//!
//! ```
//! let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../fixtures/data/cuboid_cuboid_deep.json");
//! let rec = debugger::record_file(path).unwrap();
//! let mut replay = debugger::Replay::new(rec.frames.clone());
//! replay.last();
//! assert!(replay.current().unwrap().caption.starts_with("EPA result"));
//! let svg = debugger::snapshot_svg(&rec, &debugger::SnapshotOptions::default());
//! assert!(svg.starts_with("<svg") && !svg.contains("NaN"));
//! ```

mod frame;
mod record;
mod replay;
pub mod svg;
pub mod text;
pub mod timeline;
pub mod window;

pub use frame::{DRAWN_EPA_STEPS, Frame, FrameKind, FrameVertex, frames_from_trace};
pub use record::{DebugError, Outcome, Recording, record, record_file, record_loaded};
pub use replay::Replay;
pub use svg::{SnapshotOptions, snapshot_svg};

/// The fixture shown when the binary is given none: a diamond hull sunk 0.25 into a
/// ground slab, which runs GJK (overlap found) and then EPA.
#[must_use]
pub fn default_fixture() -> std::path::PathBuf {
    fixtures::corpus_dir().join("book_diamond_sunk_into_ground.json")
}
