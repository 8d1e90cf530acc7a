//! The 3D front end: a kiss3d window that steps through [`Replay::current`] and a
//! headless render of one frame to PNG.
//!
//! Two layers:
//!
//! * [`scene`] and [`mesh`] (always built, no GPU): a frame becomes a [`Scene3d`] of
//!   coloured faces, segments and markers in display coordinates, tested like any
//!   function. Shapes and `A − B` are meshed from their support functions.
//! * With the `window` feature (on by default): `render` uploads a scene to kiss3d
//!   (faces as meshes, lines, points and the caption as text) and renders it offscreen
//!   ([`render_frame`]), and `app` runs the interactive window ([`run_window`]).
//!
//! Rendering needs a wgpu adapter: a GPU, or on a machine without one Mesa's software
//! Vulkan driver lavapipe (Debian: `mesa-vulkan-drivers`). Without one, the functions
//! return [`WindowError::NoAdapter`]; they never panic.
//!
//! [`Replay::current`]: crate::Replay::current

pub mod keys;
pub mod mesh;
pub mod scene;

#[cfg(feature = "window")]
mod app;
#[cfg(feature = "window")]
mod panel;
#[cfg(feature = "window")]
mod render;

#[cfg(feature = "window")]
pub use app::{WindowOptions, run_window};
pub use keys::{KEY_ACTIONS, KeyAction, ScriptStep, parse_script};
#[cfg(feature = "window")]
pub use render::{
    FILM_GAP, FILM_GAP_COLOUR, FilmOptions, Picture, RenderOptions, probe_adapter, render_film,
    render_frame, render_scene,
};
pub use scene::{
    Face, FaceRole, Framing, LineRole, Marker, PointRole, Scene3d, SceneBuilder, Segment, View,
    legend,
};

/// Why the window or a headless render could not be made.
#[derive(Clone, Debug, thiserror::Error)]
pub enum WindowError {
    /// The recording has no frame to draw.
    #[error("no frames recorded: nothing to draw")]
    NoFrames,
    /// wgpu found no graphics adapter.
    #[error(
        "no graphics adapter: {0} (install a GPU driver, or Mesa's software Vulkan driver \
         lavapipe: `apt-get install mesa-vulkan-drivers libvulkan1` on Debian)"
    )]
    NoAdapter(String),
    /// There is no display to open a window on.
    #[error(
        "no display: neither DISPLAY nor WAYLAND_DISPLAY is set (use --png for a headless \
         render, or run under xvfb-run)"
    )]
    NoDisplay,
    /// kiss3d or wgpu failed while rendering (its panic message).
    #[error("the renderer failed: {0}")]
    Render(String),
    /// The adapter rendered a picture without its background: its driver does not draw
    /// kiss3d's scenes (seen with a fallback adapter where Mesa's Vulkan driver was
    /// missing: black frames but for their text).
    #[error(
        "the graphics adapter {adapter} drew a blank picture ({background_percent:.1} % of \
         its pixels are the background, which fills most of a picture drawn right): use a \
         GPU driver or Mesa's software Vulkan driver lavapipe (`apt-get install \
         mesa-vulkan-drivers libvulkan1` on Debian)"
    )]
    BlankPicture {
        /// The adapter's name and backend, as wgpu gives them.
        adapter: String,
        /// The share of the picture's pixels in the background colour, in per cent.
        background_percent: f64,
    },
    /// The PNG file could not be written.
    #[error("{}: cannot write PNG: {message}", path.display())]
    Write {
        /// The path as given.
        path: std::path::PathBuf,
        /// The encoder's or the file system's message.
        message: String,
    },
}
