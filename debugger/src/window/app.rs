//! The interactive window: a [`Session`] (fixtures, replay, player, reloads) driven by
//! the keyboard, the side panel ([`super::panel`]) and a script of synthetic key
//! presses; the current step drawn with kiss3d, an orbit camera on the mouse.

use super::WindowError;
use super::keys::{KeyAction, ScriptStep};
use super::panel::{self, Click, PanelState};
use super::render::{
    catch, draw_labels, draw_overlay, orbit_camera, probe_adapter, scene_nodes, style,
};
use super::scene::{Scene3d, SceneBuilder, View};
use crate::timeline::{Command, Layers, Phase, Reload, Session};
use kiss3d::camera::{Camera3d, OrbitCamera3d};
use kiss3d::event::{Action, Key, Modifiers, WindowEvent};
use kiss3d::glamx::Vec3;
use kiss3d::scene::SceneNode3d;
use kiss3d::text::Font;
use kiss3d::window::Window;
use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How the window starts.
#[derive(Clone, Debug, PartialEq)]
pub struct WindowOptions {
    /// The step to start on (clamped).
    pub start: usize,
    /// The space shown first.
    pub view: View,
    /// Window size in pixels.
    pub size: (u32, u32),
    /// Synthetic key presses and captures to run, one per drawn frame once the
    /// picture has settled ([`super::parse_script`]).
    pub script: Vec<ScriptStep>,
    /// Where screenshots (`s`) and script captures (`snap`) are written.
    pub capture_dir: PathBuf,
}

impl Default for WindowOptions {
    fn default() -> WindowOptions {
        WindowOptions {
            start: 0,
            view: View::Configuration,
            size: (1500, 900),
            script: Vec::new(),
            capture_dir: PathBuf::from("."),
        }
    }
}

/// How often the fixture file is checked for changes.
const POLL_INTERVAL: Duration = Duration::from_millis(250);
/// Frames drawn after a change before a script step runs (egui lays a new panel out
/// over two frames).
const SETTLE_FRAMES: u32 = 3;
/// The longest a script waits for the fixture to change.
const WAIT_CHANGE_LIMIT: Duration = Duration::from_secs(30);

/// Opens a window on `session` and runs until it is closed (or its script quits).
///
/// Keys ([`super::KEY_ACTIONS`]): → or `n` next step, ← or `p` previous, Home/End first
/// and last, Space play or pause, `b` play backwards, `+`/`-` faster or slower,
/// PageDown/PageUp (or `]`/`[`) next or previous fixture, `r` reload, `s` screenshot,
/// `w` world or configuration space, `g` grid, Escape or `q` quit. The mouse orbits
/// (left button), pans (right) and zooms (wheel); Enter recentres. The fixture file is
/// watched: an edit reloads it, a malformed one shows its error in the panel while the
/// last good replay stays. Every step change prints the caption to stdout. Call it from
/// the main thread: winit refuses to create its event loop elsewhere (reported as
/// [`WindowError::Render`]).
///
/// # Errors
/// [`WindowError::NoDisplay`] when neither `DISPLAY` nor `WAYLAND_DISPLAY` is set,
/// [`WindowError::NoAdapter`] when wgpu finds no adapter, [`WindowError::Render`] when
/// kiss3d fails (for example when the display named cannot be opened).
pub fn run_window(session: Session, options: WindowOptions) -> Result<(), WindowError> {
    let has_display = ["DISPLAY", "WAYLAND_DISPLAY"]
        .iter()
        .any(|v| std::env::var_os(v).is_some_and(|s| !s.is_empty()));
    if !has_display {
        return Err(WindowError::NoDisplay);
    }
    probe_adapter()?;
    catch(|| pollster::block_on(event_loop(session, options)))
}

fn key_action(key: Key) -> Option<KeyAction> {
    Some(match key {
        Key::Right | Key::N => KeyAction::Next,
        Key::Left | Key::P => KeyAction::Prev,
        Key::Home => KeyAction::First,
        Key::End => KeyAction::Last,
        Key::Space => KeyAction::Play,
        Key::B => KeyAction::PlayBackward,
        Key::Equals | Key::Add => KeyAction::Faster,
        Key::Minus | Key::Subtract => KeyAction::Slower,
        Key::PageDown | Key::RBracket => KeyAction::NextFixture,
        Key::PageUp | Key::LBracket => KeyAction::PrevFixture,
        Key::R => KeyAction::Reload,
        Key::S => KeyAction::Screenshot,
        Key::W => KeyAction::ToggleView,
        Key::G => KeyAction::ToggleGrid,
        Key::Q => KeyAction::Quit,
        _ => return None,
    })
}

/// The key a script presses for `action` (the first of [`key_action`]'s).
fn action_key(action: KeyAction) -> Key {
    match action {
        KeyAction::Next => Key::Right,
        KeyAction::Prev => Key::Left,
        KeyAction::First => Key::Home,
        KeyAction::Last => Key::End,
        KeyAction::Play => Key::Space,
        KeyAction::PlayBackward => Key::B,
        KeyAction::Faster => Key::Equals,
        KeyAction::Slower => Key::Minus,
        KeyAction::NextFixture => Key::PageDown,
        KeyAction::PrevFixture => Key::PageUp,
        KeyAction::Reload => Key::R,
        KeyAction::Screenshot => Key::S,
        KeyAction::ToggleView => Key::W,
        KeyAction::ToggleGrid => Key::G,
        KeyAction::Quit => Key::Q,
    }
}

/// What is drawn, and what it was drawn for.
type DrawnFor = (u64, usize, View, Layers);

/// The window's state besides the session.
struct App {
    session: Session,
    view: View,
    layers: Layers,
    /// The scene builder of the recording on screen, and its session generation.
    builder: Option<(u64, SceneBuilder<'static>)>,
    scene: Option<Scene3d>,
    drawn_for: Option<DrawnFor>,
    root: SceneNode3d,
    /// The camera, and the file and view it was placed for.
    camera: Option<(PathBuf, View, OrbitCamera3d)>,
    panel: PanelState,
    capture_dir: PathBuf,
    captures: usize,
    quit: bool,
    /// The share of the window's width the panel covers.
    panel_share: f32,
    /// The window's width over its height.
    aspect: f32,
}

/// Moves the camera's target sideways so that the view's centre, drawn at the middle
/// of the window, appears at the middle of the part the panel leaves free: half the
/// panel's share of the picture's width at the target's distance.
fn beside_panel(camera: &mut OrbitCamera3d, scene: &Scene3d, share: f32, aspect: f32) {
    let eye = camera.eye();
    let at = camera.at();
    let forward = (at - eye).normalize_or_zero();
    let up = Vec3::new(scene.up[0], scene.up[1], scene.up[2]);
    let right = forward.cross(up).normalize_or_zero();
    // The visible half-width at the target is d · tan(fov / 2) · aspect (fov is
    // vertical); the panel's half, `share / 2` of the full width, is `share` of it.
    let half_width = (at - eye).length() * (camera.fov() / 2.0).tan() * aspect;
    let shift = right * (share.clamp(0.0, 0.9) * half_width);
    camera.look_at(eye + shift, at + shift);
}

impl App {
    /// Rebuilds the scene when the recording, the step, the view or the layers
    /// changed; places the camera when the file or the view changed.
    fn refresh(&mut self) {
        let generation = self.session.generation();
        let index = self.session.replay().index();
        let key = (generation, index, self.view, self.layers);
        if self.drawn_for == Some(key) {
            return;
        }
        if self.builder.as_ref().map(|(g, _)| *g) != Some(generation) {
            self.builder = self
                .session
                .recording()
                .map(|rec| (generation, SceneBuilder::owning(rec.clone())));
        }
        let scene = self
            .builder
            .as_ref()
            .and_then(|(_, b)| b.scene(index, self.view));
        let step_changed = self
            .drawn_for
            .is_none_or(|k| (k.0, k.1) != (generation, index));
        if let (Some(s), true) = (&scene, step_changed) {
            println!("{}", s.caption.join("\n    "));
        }
        let layered = scene.map(|s| s.with_layers(&self.layers));
        self.root = layered
            .as_ref()
            .map_or_else(SceneNode3d::empty, scene_nodes);
        let path = self.session.shown_path().map(PathBuf::from);
        let placed = self
            .camera
            .as_ref()
            .is_some_and(|(p, v, _)| Some(p) == path.as_ref() && *v == self.view);
        if let (false, Some(s), Some(p)) = (placed, &layered, path) {
            let mut camera = orbit_camera(s);
            beside_panel(&mut camera, s, self.panel_share, self.aspect);
            self.camera = Some((p, self.view, camera));
        }
        self.scene = layered;
        self.drawn_for = Some(key);
    }

    fn press(&mut self, action: KeyAction, window: &mut Window) {
        if let Some(command) = action.command() {
            self.command(command);
            return;
        }
        match action {
            KeyAction::Screenshot => self.screenshot(window),
            KeyAction::ToggleView => {
                self.view = match self.view {
                    View::Configuration => View::World,
                    View::World => View::Configuration,
                };
            }
            KeyAction::ToggleGrid => self.layers.grid = !self.layers.grid,
            KeyAction::Quit => self.quit = true,
            _ => {}
        }
    }

    fn command(&mut self, command: Command) {
        if let Some(reload) = self.session.apply(command) {
            self.report(&reload);
        }
        if let Command::Phase(p) = command {
            self.panel.filter = Some(p);
        }
    }

    fn report(&mut self, reload: &Reload) {
        let file = self
            .session
            .current_path()
            .map_or_else(String::new, |p| p.display().to_string());
        self.panel.status = match reload {
            Reload::Loaded => format!("loaded {file}"),
            Reload::Failed(_) => format!("{file} did not load: the last good replay stays"),
        };
        match reload {
            Reload::Loaded => println!("loaded {file}"),
            Reload::Failed(e) => println!("error: {e}"),
        }
    }

    /// Saves the picture last drawn as `NAME-stepK.png` in the capture folder.
    fn screenshot(&mut self, window: &Window) {
        let name = self
            .session
            .recording()
            .map_or_else(|| "debugger".to_string(), |r| r.name.clone());
        let file = format!(
            "{}-step{}.png",
            sanitize(&name),
            self.session.replay().index() + 1
        );
        let path = self.capture_dir.join(file);
        self.panel.status = match window.snap_image().save(&path) {
            Ok(()) => {
                println!("screenshot {}", path.display());
                format!("saved {}", path.display())
            }
            Err(e) => format!("{}: cannot write: {e}", path.display()),
        };
    }

    /// Saves the picture last drawn as the next numbered capture and prints the state
    /// on one line (what the window test reads).
    fn snap(&mut self, window: &Window) {
        self.captures += 1;
        let path = self
            .capture_dir
            .join(format!("capture-{:02}.png", self.captures));
        let saved = window.snap_image().save(&path);
        let replay = self.session.replay();
        let label = replay.current().map_or_else(String::new, |f| f.label());
        let phase = replay
            .current()
            .map_or("none", |f| Phase::of(&f.kind).label());
        let fixture = self
            .session
            .current_path()
            .and_then(|p| p.file_name())
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        let error = self
            .session
            .error()
            .map_or_else(|| "none".to_string(), |e| e.replace('\n', " "));
        println!(
            "snap {} file={} fixture={} step={}/{} label={label:?} phase={phase:?} view={:?} \
             saved={} error={error}",
            self.captures,
            path.display(),
            fixture,
            replay.index() + 1,
            replay.len(),
            self.view,
            saved.is_ok(),
        );
    }
}

/// A file name from a fixture name: letters, digits, `-` and `_` kept, the rest `_`.
fn sanitize(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// A script in progress.
struct Script {
    steps: VecDeque<ScriptStep>,
    /// Frames still to draw before the next step.
    settle: u32,
    /// While waiting for the fixture to change: the generation and error it had,
    /// and when the wait ends.
    waiting: Option<(u64, Option<String>, Instant)>,
    /// The generation and error at the last `snap`: a wait for a change that follows
    /// it compares with them, so an edit made while the picture settles counts.
    baseline: Option<(u64, Option<String>)>,
    /// Until when a `wait:MS` step waits.
    until: Option<Instant>,
}

impl Script {
    /// The next key to press, once the picture has settled; snaps and waits are
    /// carried out here.
    fn step(&mut self, app: &mut App, window: &Window) -> Option<KeyAction> {
        if self.settle > 0 {
            self.settle -= 1;
            return None;
        }
        if let Some((generation, error, deadline)) = &self.waiting {
            let changed =
                app.session.generation() != *generation || app.session.error() != error.as_deref();
            if !changed && Instant::now() < *deadline {
                return None;
            }
            if !changed {
                println!("wait-change: no change within {WAIT_CHANGE_LIMIT:?}");
            }
            self.waiting = None;
            self.settle = SETTLE_FRAMES;
            return None;
        }
        if let Some(until) = self.until {
            if Instant::now() < until {
                return None;
            }
            self.until = None;
        }
        let step = self.steps.pop_front()?;
        self.settle = SETTLE_FRAMES;
        match step {
            ScriptStep::Press(s) => return Some(s),
            ScriptStep::Snap => {
                app.snap(window);
                let error = app.session.error().map(str::to_string);
                self.baseline = Some((app.session.generation(), error));
            }
            ScriptStep::WaitChange => {
                let (generation, error) = self.baseline.take().unwrap_or_else(|| {
                    let error = app.session.error().map(str::to_string);
                    (app.session.generation(), error)
                });
                let deadline = Instant::now() + WAIT_CHANGE_LIMIT;
                self.waiting = Some((generation, error, deadline));
            }
            ScriptStep::Wait(ms) => self.until = Some(Instant::now() + Duration::from_millis(ms)),
        }
        None
    }
}

async fn event_loop(mut session: Session, options: WindowOptions) {
    session.replay_mut().seek(options.start);
    let mut window = Window::new_with_size("debugger", options.size.0, options.size.1).await;
    style(&mut window);
    window.rebind_close_key(Some(Key::Escape));
    let font = Font::default();
    let mut app = App {
        session,
        view: options.view,
        layers: Layers::default(),
        builder: None,
        scene: None,
        drawn_for: None,
        root: SceneNode3d::empty(),
        camera: None,
        panel: PanelState::default(),
        capture_dir: options.capture_dir.clone(),
        captures: 0,
        quit: false,
        panel_share: 0.0,
        aspect: 1.0,
    };
    let mut script = Script {
        steps: options.script.iter().copied().collect(),
        settle: SETTLE_FRAMES,
        waiting: None,
        baseline: None,
        until: None,
    };
    let mut last_tick = Instant::now();
    let mut last_poll = Instant::now();
    let mut fallback_camera = OrbitCamera3d::default();
    let mut shown_title = String::new();
    loop {
        let size = window.size();
        if size.x > 0 && size.y > 0 {
            let panel = panel::PANEL_WIDTH * window.scale_factor() as f32;
            app.panel_share = (panel / size.x as f32).min(0.9);
            app.aspect = size.x as f32 / size.y as f32;
        }
        app.refresh();
        let title = title(&app.session);
        if title != shown_title {
            window.set_title(&title);
            shown_title = title;
        }
        draw(&mut window, &app, &font);
        let mut clicks = Vec::new();
        window.draw_ui(|ctx| {
            panel::show(
                ctx,
                &app.session,
                &mut app.panel,
                &mut app.layers,
                &mut app.view,
                &mut clicks,
            );
        });
        let camera = app
            .camera
            .as_mut()
            .map_or(&mut fallback_camera, |c| &mut c.2);
        if !window.render_3d(&mut app.root, camera).await {
            break;
        }
        let mut pressed = Vec::new();
        let typing = window.is_egui_capturing_keyboard();
        for mut event in window.events().iter() {
            let WindowEvent::Key(key, Action::Press, _) = event.value else {
                continue;
            };
            if typing {
                continue;
            }
            if let Some(s) = key_action(key) {
                event.inhibited = true;
                pressed.push(s);
            }
        }
        if let Some(s) = script.step(&mut app, &window) {
            // A synthetic key event, through the same mapping as the real ones.
            let event = WindowEvent::Key(action_key(s), Action::Press, Modifiers::empty());
            if let WindowEvent::Key(key, ..) = event
                && let Some(s) = key_action(key)
            {
                pressed.push(s);
            }
        }
        for s in pressed {
            app.press(s, &mut window);
        }
        for click in clicks {
            match click {
                Click::Command(c) => app.command(c),
                Click::Screenshot => app.screenshot(&window),
            }
        }
        let now = Instant::now();
        app.session
            .tick(now.duration_since(last_tick).as_secs_f64());
        last_tick = now;
        if now.duration_since(last_poll) >= POLL_INTERVAL {
            last_poll = now;
            if let Some(reload) = app.session.poll() {
                app.report(&reload);
            }
        }
        if app.quit {
            window.close();
        }
    }
}

fn title(session: &Session) -> String {
    match session.recording() {
        Some(rec) => format!("debugger — {} ({})", rec.name, rec.query),
        None => "debugger".to_string(),
    }
}

fn draw(window: &mut Window, app: &App, font: &Arc<Font>) {
    let Some(scene) = &app.scene else { return };
    let width = window.size().x as f32 * (1.0 - app.panel_share);
    draw_overlay(window, scene, font, &[], width);
    if app.layers.labels
        && let Some((_, _, camera)) = &app.camera
    {
        draw_labels(window, scene, camera, font);
    }
}
