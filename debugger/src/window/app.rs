//! The interactive window: a [`Replay`] driven by the keyboard, the current frame drawn
//! with kiss3d, an orbit camera on the mouse.

use super::WindowError;
use super::render::{catch, draw_overlay, orbit_camera, probe_adapter, scene_nodes, style};
use super::scene::{Scene3d, SceneBuilder, View};
use crate::record::Recording;
use crate::replay::Replay;
use kiss3d::event::{Action, Key, WindowEvent};
use kiss3d::text::Font;
use kiss3d::window::Window;

/// The keys, shown under the caption.
const HELP: &str = "→/n next · ←/p previous · Home/End first/last · w world/configuration \
                    · drag: orbit · right-drag: pan · scroll: zoom · Enter: recentre · Esc/q: quit";

/// Opens a window on `rec` at frame `start` (clamped) in `view` and runs until it is
/// closed. Keys: right arrow or `n` next step, left arrow or `p` previous, Home and End
/// first and last, `w` switches between the configuration space and the world, Escape
/// or `q` closes the window. The
/// left mouse button orbits the camera around the view's centre (kiss3d's orbit,
/// arc-ball, camera), the right one pans, the wheel zooms, Enter recentres. Every step
/// change also prints the caption to stdout. Call it from the main thread: winit
/// refuses to create its event loop elsewhere (reported as [`WindowError::Render`]).
///
/// # Errors
/// [`WindowError::NoFrames`] for a recording without frames, [`WindowError::NoDisplay`]
/// when neither `DISPLAY` nor `WAYLAND_DISPLAY` is set, [`WindowError::NoAdapter`] when
/// wgpu finds no adapter, [`WindowError::Render`] when kiss3d fails (for example when
/// the display named cannot be opened).
pub fn run_window(rec: &Recording, start: usize, view: View) -> Result<(), WindowError> {
    if rec.frames.is_empty() {
        return Err(WindowError::NoFrames);
    }
    let has_display = ["DISPLAY", "WAYLAND_DISPLAY"]
        .iter()
        .any(|v| std::env::var_os(v).is_some_and(|s| !s.is_empty()));
    if !has_display {
        return Err(WindowError::NoDisplay);
    }
    probe_adapter()?;
    catch(|| pollster::block_on(event_loop(rec, start, view)))
}

/// What a key press does.
enum Command {
    Next,
    Prev,
    First,
    Last,
    ToggleView,
    Quit,
}

fn command(key: Key) -> Option<Command> {
    match key {
        Key::Right | Key::N => Some(Command::Next),
        Key::Left | Key::P => Some(Command::Prev),
        Key::Home => Some(Command::First),
        Key::End => Some(Command::Last),
        Key::W => Some(Command::ToggleView),
        Key::Q => Some(Command::Quit),
        _ => None,
    }
}

fn print_caption(scene: &Scene3d) {
    println!("{}", scene.caption.join("\n    "));
}

async fn event_loop(rec: &Recording, start: usize, mut view: View) {
    let builder = SceneBuilder::new(rec);
    let mut replay = Replay::new(rec.frames.clone());
    replay.seek(start);
    let title = format!("debugger — {} ({})", rec.name, rec.query);
    let mut window = Window::new_with_size(&title, 1280, 860).await;
    style(&mut window);
    window.rebind_close_key(Some(Key::Escape));
    let font = Font::default();
    let help = [String::new(), HELP.to_string()];
    let Some(mut scene) = builder.scene(replay.index(), view) else {
        return;
    };
    let mut root = scene_nodes(&scene);
    let mut camera = orbit_camera(&scene);
    print_caption(&scene);
    loop {
        draw_overlay(&mut window, &scene, &font, &help);
        if !window.render_3d(&mut root, &mut camera).await {
            break;
        }
        let mut changed = false;
        let mut toggled = false;
        for mut event in window.events().iter() {
            let WindowEvent::Key(key, Action::Press, _) = event.value else {
                continue;
            };
            let Some(cmd) = command(key) else { continue };
            event.inhibited = true;
            changed |= match cmd {
                Command::Next => replay.next(),
                Command::Prev => replay.prev(),
                Command::First => {
                    replay.first();
                    true
                }
                Command::Last => {
                    replay.last();
                    true
                }
                Command::ToggleView => {
                    view = match view {
                        View::Configuration => View::World,
                        View::World => View::Configuration,
                    };
                    toggled = true;
                    true
                }
                Command::Quit => {
                    window.close();
                    false
                }
            };
        }
        if changed && let Some(next) = builder.scene(replay.index(), view) {
            scene = next;
            root = scene_nodes(&scene);
            if toggled {
                // Each view has its own starting camera (see `SceneBuilder::new`).
                camera = orbit_camera(&scene);
            }
            print_caption(&scene);
        }
    }
}
