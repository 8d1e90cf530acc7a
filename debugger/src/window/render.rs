//! Drawing a [`Scene3d`] with kiss3d: faces as meshes in the scene graph, segments,
//! markers and the caption in immediate mode, and the headless render to a picture.

use super::WindowError;
use super::scene::{FaceRole, PointRole, Scene3d, View};
use crate::record::Recording;
use kiss3d::camera::{Camera3d, OrbitCamera3d};
use kiss3d::color::Color;
use kiss3d::light::Light;
use kiss3d::post_processing::Tonemap;
use kiss3d::resource::GpuMesh3d;
use kiss3d::scene::SceneNode3d;
use kiss3d::text::Font;
use kiss3d::window::{CanvasSetup, NumSamples, OffscreenSurface, Window};
use std::cell::RefCell;
use std::path::Path;
use std::rc::Rc;
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, OnceLock};

type Vec2 = kiss3d::glamx::Vec2;
type Vec3 = kiss3d::glamx::Vec3;

/// The background: the SVG panels' near-white.
const BACKGROUND: [f32; 4] = [0.98, 0.98, 0.98, 1.0];
/// Caption text colour.
const INK: [f32; 4] = [0.13, 0.13, 0.13, 1.0];
/// Caption font size in pixels.
pub(crate) const FONT_SIZE: f32 = 18.0;

/// Checks that wgpu finds an adapter (a GPU, or a software driver such as Mesa's
/// lavapipe) before kiss3d asks for one: kiss3d panics when there is none. Returns
/// the adapter's name and backend. Asked once per process; later calls repeat the
/// answer.
///
/// # Errors
/// [`WindowError::NoAdapter`] with wgpu's message; [`WindowError::Render`] when the
/// probe's thread cannot start or panics.
pub fn probe_adapter() -> Result<String, WindowError> {
    static PROBED: OnceLock<Result<String, WindowError>> = OnceLock::new();
    PROBED.get_or_init(probe_once).clone()
}

fn probe_once() -> Result<String, WindowError> {
    // On a short-lived thread of its own, so the render thread holds kiss3d's context
    // only (see `RENDER_THREAD`), and a panic in a driver cannot take the caller down.
    std::thread::Builder::new()
        .name("debugger-probe".to_string())
        .spawn(|| catch(probe_here).and_then(|r| r))
        .map_err(|e| WindowError::Render(format!("cannot start the probe thread: {e}")))?
        .join()
        .unwrap_or_else(|_| {
            Err(WindowError::Render(
                "the adapter probe panicked".to_string(),
            ))
        })
}

fn probe_here() -> Result<String, WindowError> {
    let instance = wgpu::Instance::new(wgpu::InstanceDescriptor {
        backends: wgpu::Backends::all(),
        ..wgpu::InstanceDescriptor::new_without_display_handle()
    });
    let adapter = pollster::block_on(instance.request_adapter(&wgpu::RequestAdapterOptions {
        power_preference: wgpu::PowerPreference::default(),
        compatible_surface: None,
        force_fallback_adapter: false,
        apply_limit_buckets: false,
    }))
    .map_err(|e| WindowError::NoAdapter(e.to_string()))?;
    let info = adapter.get_info();
    Ok(format!("{} ({:?})", info.name, info.backend))
}

/// Work for the render thread: a scene to render, and where to send the picture.
struct Job(
    Box<Scene3d>,
    RenderOptions,
    Sender<Result<image::RgbImage, WindowError>>,
);

/// kiss3d keeps its GPU context and caches in thread-local storage, which makes two
/// rules for headless renders, whichever thread asks for them:
///
/// * a thread that rendered and then exits can abort the process (its thread-local
///   destructors touch each other: "thread local panicked on drop"), so all renders
///   run on one thread that lives as long as the process;
/// * dropping the last surface resets the context but not every cache (kiss3d 0.47's
///   mesh-deformation globals keep a bind group layout of the old device: the next
///   surface panics with "Cannot get non-existent resource BindGroupLayoutId"), so
///   that thread keeps its one surface and resizes it.
static RENDER_THREAD: OnceLock<Result<Sender<Job>, String>> = OnceLock::new();

/// Renders `scene` on the render thread and waits for the picture.
fn on_render_thread(
    scene: &Scene3d,
    options: &RenderOptions,
) -> Result<image::RgbImage, WindowError> {
    let thread = RENDER_THREAD.get_or_init(|| {
        let (tx, rx) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("debugger-render".to_string())
            .spawn(move || {
                let mut surface: Option<OffscreenSurface> = None;
                for Job(scene, options, reply) in rx {
                    let _ = reply.send(catch(|| draw_offscreen(&mut surface, &scene, &options)));
                }
            })
            .map(|_| tx)
            .map_err(|e| format!("cannot start the render thread: {e}"))
    });
    let sender = thread
        .as_ref()
        .map_err(|e| WindowError::Render(e.clone()))?;
    let (reply, answer) = mpsc::channel();
    let lost = || WindowError::Render("the render thread stopped".to_string());
    sender
        .send(Job(Box::new(scene.clone()), *options, reply))
        .map_err(|_| lost())?;
    answer.recv().map_err(|_| lost())?
}

/// Runs `f`, turning a panic inside kiss3d or wgpu into [`WindowError::Render`].
pub(crate) fn catch<T>(f: impl FnOnce() -> T) -> Result<T, WindowError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).map_err(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".to_string());
        WindowError::Render(message)
    })
}

/// kiss3d takes linear colours and encodes them for the screen; the palette is sRGB
/// (as in the SVG), so each channel is decoded first:
/// `c ≤ 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055)^2.4` (IEC 61966-2-1).
fn color(c: [f32; 4]) -> Color {
    let linear = |x: f32| {
        if x <= 0.04045 {
            x / 12.92
        } else {
            ((x + 0.055) / 1.055).powf(2.4)
        }
    };
    Color::new(linear(c[0]), linear(c[1]), linear(c[2]), c[3])
}

fn vec3(p: [f32; 3]) -> Vec3 {
    Vec3::new(p[0], p[1], p[2])
}

/// Background, ambient light and a plain (untonemapped) output, so the roles'
/// colours come out as chosen.
pub(crate) fn style(window: &mut Window) {
    window.set_background_color(color(BACKGROUND));
    window.set_ambient(0.55);
    window.set_tonemap(Tonemap::None);
    window.set_shadows_enabled(false);
}

/// The scene graph of `scene`'s faces: one mesh per role (flat shaded, both sides
/// drawn) and a light from behind the starting camera.
pub(crate) fn scene_nodes(scene: &Scene3d) -> SceneNode3d {
    let mut root = SceneNode3d::empty();
    root.add_light(Light::directional(-vec3(scene.eye).normalize_or_zero()));
    // Translucent context first; kiss3d blends translucency order-independently.
    for role in [
        FaceRole::Difference,
        FaceRole::ShapeA,
        FaceRole::ShapeB,
        FaceRole::Polytope,
        FaceRole::Removed,
        FaceRole::Nearest,
    ] {
        let mut coords = Vec::new();
        let mut indices = Vec::new();
        for f in scene.faces.iter().filter(|f| f.role == role) {
            let k = coords.len() as u32;
            coords.extend(f.corners.iter().map(|&c| vec3(c)));
            indices.push([k, k + 1, k + 2]);
        }
        if indices.is_empty() {
            continue;
        }
        let mesh = Rc::new(RefCell::new(GpuMesh3d::new(
            coords, indices, None, None, false,
        )));
        root.add_mesh(mesh, Vec3::ONE)
            .set_color(color(role.rgba()))
            .enable_backface_culling(false);
    }
    root
}

/// An orbit (arc-ball) camera at the scene's starting eye, looking at the display
/// origin, with the scene's up axis.
pub(crate) fn orbit_camera(scene: &Scene3d) -> OrbitCamera3d {
    let mut camera = OrbitCamera3d::new(vec3(scene.eye), Vec3::ZERO);
    camera.set_up_axis(vec3(scene.up));
    camera.set_min_dist(0.05);
    camera.set_max_dist(500.0);
    camera
}

/// Queues the segments, markers and text lines (`caption` then `extra`, wrapped to
/// `text_width` pixels) for the next frame of `window`.
pub(crate) fn draw_overlay(
    window: &mut Window,
    scene: &Scene3d,
    font: &Arc<Font>,
    extra: &[String],
    text_width: f32,
) {
    for s in &scene.segments {
        window.draw_line(
            vec3(s.ends[0]),
            vec3(s.ends[1]),
            color(s.role.rgba()),
            s.role.width(),
            false,
        );
    }
    for m in &scene.markers {
        window.draw_point(vec3(m.at), color(m.role.rgba()), m.role.size());
    }
    // Rewrapped to the window's width (about 0.52 em per character of the font).
    let chars = ((text_width - 24.0) / (0.52 * FONT_SIZE)).max(20.0) as usize;
    let lines = scene
        .caption
        .iter()
        .chain(extra)
        .flat_map(|line| match line.is_empty() {
            true => vec![String::new()],
            false => crate::svg::wrap(line, chars),
        });
    let line_height = FONT_SIZE * 1.3;
    for (k, line) in lines.enumerate() {
        let pos = Vec2::new(12.0, 10.0 + k as f32 * line_height);
        window.draw_text(&line, pos, FONT_SIZE, font, color(INK));
    }
}

/// Writes the names of the labelled points (`O` the origin, `v` the closest point,
/// `w` the support point, `a` and `b` the witness points) beside their markers, as
/// `camera` sees them in `window`.
pub(crate) fn draw_labels(
    window: &mut Window,
    scene: &Scene3d,
    camera: &OrbitCamera3d,
    font: &Arc<Font>,
) {
    let size = Vec2::new(window.size().x as f32, window.size().y as f32);
    for m in &scene.markers {
        let name = match m.role {
            PointRole::Origin => "O",
            PointRole::Closest => "v",
            PointRole::Support => "w",
            PointRole::WitnessA => "a",
            PointRole::WitnessB => "b",
            PointRole::Vertex | PointRole::DirectionTip => continue,
        };
        let p = camera.project(vec3(m.at), size);
        if !(p.x.is_finite() && p.y.is_finite()) {
            continue;
        }
        // `project` counts rows from the bottom; text is placed from the top.
        let at = Vec2::new(p.x + 8.0, size.y - p.y - FONT_SIZE - 4.0);
        window.draw_text(name, at, FONT_SIZE, font, color(m.role.rgba()));
    }
}

/// What [`render_frame`] draws.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RenderOptions {
    /// Picture width in pixels.
    pub width: u32,
    /// Picture height in pixels.
    pub height: u32,
    /// Which space to show.
    pub view: View,
    /// Whether to write the caption into the picture.
    pub caption: bool,
}

impl Default for RenderOptions {
    fn default() -> RenderOptions {
        RenderOptions {
            width: 1024,
            height: 768,
            view: View::Configuration,
            caption: true,
        }
    }
}

/// An RGB picture rendered headless, row-major from the top-left corner.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    image: image::RgbImage,
}

impl Picture {
    /// Width in pixels.
    #[must_use]
    pub fn width(&self) -> u32 {
        self.image.width()
    }

    /// Height in pixels.
    #[must_use]
    pub fn height(&self) -> u32 {
        self.image.height()
    }

    /// The pixel at column `x`, row `y` (from the top).
    ///
    /// # Panics
    /// When `(x, y)` lies outside the picture.
    #[must_use]
    pub fn pixel(&self, x: u32, y: u32) -> [u8; 3] {
        self.image.get_pixel(x, y).0
    }

    /// Every pixel, row by row.
    pub fn pixels(&self) -> impl Iterator<Item = [u8; 3]> + '_ {
        self.image.pixels().map(|p| p.0)
    }

    /// Writes the picture as a PNG file.
    ///
    /// # Errors
    /// [`WindowError::Write`] when the file cannot be created or written.
    pub fn save_png(&self, path: &Path) -> Result<(), WindowError> {
        self.image
            .save_with_format(path, image::ImageFormat::Png)
            .map_err(|e| WindowError::Write {
                path: path.to_path_buf(),
                message: e.to_string(),
            })
    }
}

/// Renders frame `index` (clamped to the last one) of `rec` offscreen, through the
/// same scene and drawing code as the window, with no window and no event loop
/// (kiss3d's `OffscreenSurface`, 4× multisampled).
///
/// # Errors
/// [`WindowError::NoFrames`] when the recording has no frame,
/// [`WindowError::NoAdapter`] when wgpu finds no adapter, [`WindowError::Render`] when
/// kiss3d fails, [`WindowError::BlankPicture`] when the adapter drew a picture without
/// its background (a driver that does not draw kiss3d's scenes).
pub fn render_frame(
    rec: &Recording,
    index: usize,
    options: &RenderOptions,
) -> Result<Picture, WindowError> {
    let builder = super::SceneBuilder::new(rec);
    let scene = builder
        .scene(index, options.view)
        .ok_or(WindowError::NoFrames)?;
    render_scene(&scene, options)
}

/// Renders `scene` offscreen ([`render_frame`] for a scene already built).
///
/// # Errors
/// As [`render_frame`], but for [`WindowError::NoFrames`].
pub fn render_scene(scene: &Scene3d, options: &RenderOptions) -> Result<Picture, WindowError> {
    let adapter = probe_adapter()?;
    let image = on_render_thread(scene, options)?;
    let share = background_share(&image);
    if share < MIN_BACKGROUND_SHARE {
        return Err(WindowError::BlankPicture {
            adapter,
            background_percent: 100.0 * share,
        });
    }
    Ok(Picture { image })
}

/// Least share of a picture's pixels in the background colour for it to count as drawn.
/// The camera frames a scene's shapes with a margin, so the background fills most of
/// every picture (85 % of the default fixture's frame at 1024×768); an adapter whose
/// driver draws nothing but the caption leaves none of it.
const MIN_BACKGROUND_SHARE: f64 = 0.05;

/// The share of `image`'s pixels within 3 of [`BACKGROUND`] in every channel (exactly it
/// on Mesa's lavapipe; the margin leaves room for another driver's rounding).
fn background_share(image: &image::RgbImage) -> f64 {
    let background = BACKGROUND.map(|c| (c * 255.0).round() as i16);
    let near = |p: &image::Rgb<u8>| {
        p.0.iter()
            .zip(background)
            .all(|(&c, b)| (i16::from(c) - b).abs() <= 3)
    };
    let count = image.pixels().filter(|p| near(p)).count();
    let pixels = f64::from(image.width()) * f64::from(image.height());
    if pixels > 0.0 {
        count as f64 / pixels
    } else {
        0.0
    }
}

/// The render itself, on the render thread, reusing its surface.
fn draw_offscreen(
    surface: &mut Option<OffscreenSurface>,
    scene: &Scene3d,
    options: &RenderOptions,
) -> image::RgbImage {
    let (width, height) = (options.width.max(16), options.height.max(16));
    pollster::block_on(async {
        let surface = match surface {
            Some(s) => {
                if (s.width(), s.height()) != (width, height) {
                    s.resize(width, height);
                }
                s
            }
            None => {
                let setup = CanvasSetup {
                    samples: NumSamples::Four,
                    ..CanvasSetup::default()
                };
                let mut s = OffscreenSurface::with_setup(width, height, setup).await;
                style(s.window_mut());
                surface.insert(s)
            }
        };
        let mut root = scene_nodes(scene);
        let mut camera = orbit_camera(scene);
        let font = Font::default();
        let mut shown = scene.clone();
        if !options.caption {
            shown.caption.clear();
        }
        draw_overlay(surface.window_mut(), &shown, &font, &[], width as f32);
        surface.render_3d(&mut root, &mut camera).await;
        surface.snap_image()
    })
}

/// What [`render_film`] draws.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FilmOptions {
    /// Width of one frame's picture in pixels.
    pub tile_width: u32,
    /// Height of one frame's picture in pixels.
    pub tile_height: u32,
    /// Frames per row.
    pub columns: usize,
    /// Which space to show.
    pub view: View,
}

impl Default for FilmOptions {
    fn default() -> FilmOptions {
        FilmOptions {
            tile_width: 480,
            tile_height: 360,
            columns: 4,
            view: View::Configuration,
        }
    }
}

/// Pixels between two frames of a film, and around them.
pub const FILM_GAP: u32 = 6;
/// The colour between the frames of a film.
pub const FILM_GAP_COLOUR: [u8; 3] = [0x60, 0x60, 0x60];
/// Caption lines drawn on a film's frame.
const FILM_CAPTION_LINES: usize = 3;

/// Renders every frame of `rec` headless ([`render_frame`]'s scenes, one camera for the
/// whole run) and lays them out in one picture, row by row, `columns` per row, each
/// with a caption of up to three lines (step, label, bounds; the step's description,
/// cut), separated by [`FILM_GAP`] pixels of [`FILM_GAP_COLOUR`]. Frame `k` (from 0)
/// sits at column `k % columns`, row `k / columns`, its top-left corner at
/// `(GAP + col (w + GAP), GAP + row (h + GAP))`.
///
/// # Errors
/// As [`render_frame`]; [`WindowError::Render`] when the picture would be larger than
/// 32768 pixels either way.
pub fn render_film(rec: &Recording, options: &FilmOptions) -> Result<Picture, WindowError> {
    let n = rec.frames.len();
    if n == 0 {
        return Err(WindowError::NoFrames);
    }
    let (w, h) = (options.tile_width.max(16), options.tile_height.max(16));
    let columns = options.columns.clamp(1, n);
    let rows = n.div_ceil(columns);
    let size = |count: usize, tile: u32| -> Option<u32> {
        let count = u32::try_from(count).ok()?;
        let total = count
            .checked_mul(tile.checked_add(FILM_GAP)?)?
            .checked_add(FILM_GAP)?;
        (total <= 32768).then_some(total)
    };
    let (Some(width), Some(height)) = (size(columns, w), size(rows, h)) else {
        return Err(WindowError::Render(format!(
            "a film of {n} frames of {w}x{h} in {columns} columns would exceed 32768 pixels"
        )));
    };
    let builder = super::SceneBuilder::new(rec);
    let tile_options = RenderOptions {
        width: w,
        height: h,
        view: options.view,
        caption: true,
    };
    let chars = ((w as f32 - 24.0) / (0.52 * FONT_SIZE)).max(20.0) as usize;
    let mut film = image::RgbImage::from_pixel(width, height, image::Rgb(FILM_GAP_COLOUR));
    for k in 0..n {
        let mut scene = builder
            .scene(k, options.view)
            .ok_or(WindowError::NoFrames)?;
        scene.caption = scene
            .caption
            .iter()
            .flat_map(|line| crate::svg::wrap(line, chars))
            .take(FILM_CAPTION_LINES)
            .collect();
        let picture = render_scene(&scene, &tile_options)?;
        let (col, row) = ((k % columns) as u32, (k / columns) as u32);
        let x = FILM_GAP + col * (w + FILM_GAP);
        let y = FILM_GAP + row * (h + FILM_GAP);
        image::imageops::replace(&mut film, &picture.image, i64::from(x), i64::from(y));
    }
    Ok(Picture { image: film })
}

#[cfg(test)]
mod tests {
    use super::{BACKGROUND, MIN_BACKGROUND_SHARE, background_share};
    use image::{Rgb, RgbImage};

    /// A black picture with a caption's worth of grey and white pixels has no
    /// background; one of the background colour (give or take a driver's rounding) is
    /// all background; a shape over a third of it leaves two thirds.
    #[test]
    fn background_share_tells_a_blank_picture() {
        let mut blank = RgbImage::from_pixel(120, 90, Rgb([0, 0, 0]));
        for x in 0..60 {
            blank.put_pixel(x, 5, Rgb([34, 34, 34]));
            blank.put_pixel(x, 6, Rgb([255, 255, 255]));
        }
        assert_eq!(background_share(&blank), 0.0);
        assert!(background_share(&blank) < MIN_BACKGROUND_SHARE);
        let bg = BACKGROUND.map(|c| (c * 255.0).round() as u8);
        assert_eq!(bg[..3], [250, 250, 250]);
        let mut drawn = RgbImage::from_pixel(120, 90, Rgb([bg[0] - 2, bg[1], bg[2] + 3]));
        assert_eq!(background_share(&drawn), 1.0);
        for x in 0..40 {
            for y in 0..90 {
                drawn.put_pixel(x, y, Rgb([108, 90, 172]));
            }
        }
        let share = background_share(&drawn);
        assert!((share - 2.0 / 3.0).abs() < 1e-12, "{share}");
        assert_eq!(background_share(&RgbImage::new(0, 0)), 0.0);
    }
}
