//! `debugger [FIXTURE.json | FOLDER] [--snapshot OUT.svg] [--png OUT.png] [--film OUT.png]
//! [--window [--drive STEPS] [--capture-dir DIR]] [--frame N] [--world] [--text]
//! [--size WxH] [--tilt DEG] [--columns N]` (`--help` says what each does): replays the GJK and EPA steps of a
//! fixture's query in the terminal, in a 3D window (a folder opens all its fixtures),
//! or writes an SVG film strip, a PNG of one frame or a PNG film of every frame.

use clap::Parser;
use debugger::{Recording, Replay, SnapshotOptions, record_file, snapshot_svg, text};
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

/// Replays the recorded GJK simplex and EPA polytope states of a fixture step by step.
#[derive(Parser, Debug)]
#[command(name = "debugger", version)]
struct Args {
    /// Fixture JSON file (default: fixtures/data/book_diamond_sunk_into_ground.json,
    /// which runs GJK then EPA); with --window also a folder, whose .json fixtures are
    /// all listed.
    fixture: Option<PathBuf>,
    /// Write an SVG film strip (one panel per frame) to this file and print its path.
    #[arg(long, value_name = "OUT.svg")]
    snapshot: Option<PathBuf>,
    /// Render one frame headless (no window; the last frame unless --frame) to this PNG
    /// file through the 3D window's scene code, and print its path.
    #[arg(long, value_name = "OUT.png")]
    png: Option<PathBuf>,
    /// Render every frame headless into one PNG: a grid of frames (--columns per row,
    /// each --size, default 480x360) with their captions.
    #[arg(long, value_name = "OUT.png")]
    film: Option<PathBuf>,
    /// Open the 3D window (kiss3d) with its side panel: arrows or n/p step, Home/End
    /// jump, Space plays, PageUp/PageDown change fixture, r reloads, s saves a
    /// screenshot, w switches between configuration space and world, the mouse orbits.
    #[arg(long)]
    window: bool,
    /// Drive the window with synthetic key presses: a comma-separated list of key
    /// names (next, prev, first, last, play, reload, next-fixture, world, grid, ...),
    /// `snap` (save the next capture-NN.png), `wait-change` (wait for the fixture file
    /// to change), `wait:MS` and `quit`.
    #[arg(long, value_name = "STEPS", requires = "window")]
    drive: Option<String>,
    /// Folder for the window's screenshots and captures (default: the current one).
    #[arg(long, value_name = "DIR", default_value = ".")]
    capture_dir: PathBuf,
    /// Start the window or the PNG in the world view (both shapes) instead of the
    /// configuration space A - B.
    #[arg(long)]
    world: bool,
    /// Size in pixels, WIDTHxHEIGHT: of the PNG (default 1024x768), of each film
    /// frame (480x360) or of the window (1500x900).
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    size: Option<(u32, u32)>,
    /// Show frame N (counted from 1; clamped to the last frame) in the text, SVG or PNG
    /// output, or start on it in the window and the terminal stepper (--film ignores it).
    #[arg(long, value_name = "N")]
    frame: Option<usize>,
    /// Print every frame as text (the default when stdin or stdout is not a terminal).
    #[arg(long)]
    text: bool,
    /// Degrees the snapshot camera turns out of the plane perpendicular to the final
    /// normal (0: depths at true length; 20: directions across the normal stay apart).
    #[arg(long, default_value_t = 20.0, value_name = "DEG")]
    tilt: f64,
    /// Panels per row of the film strip (SVG and PNG).
    #[arg(long, default_value_t = 3)]
    columns: usize,
}

/// `WIDTHxHEIGHT`, each from 16 to 8192.
fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let err = || format!("`{s}`: expected WIDTHxHEIGHT, each from 16 to 8192, e.g. 1024x768");
    let (w, h) = s.split_once(['x', 'X']).ok_or_else(err)?;
    let w: u32 = w.trim().parse().map_err(|_| err())?;
    let h: u32 = h.trim().parse().map_err(|_| err())?;
    if (16..=8192).contains(&w) && (16..=8192).contains(&h) {
        Ok((w, h))
    } else {
        Err(err())
    }
}

/// While set, panics print nothing: kiss3d's panics inside the window and the headless
/// render are caught and reported as typed errors instead.
static QUIET_PANICS: AtomicBool = AtomicBool::new(false);

fn main() -> ExitCode {
    let args = Args::parse();
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !QUIET_PANICS.load(Ordering::SeqCst) {
            default_hook(info);
        }
    }));
    let path = args
        .fixture
        .clone()
        .unwrap_or_else(debugger::default_fixture);
    let other_output =
        args.snapshot.is_some() || args.png.is_some() || args.film.is_some() || args.text;
    if path.is_dir() {
        if !args.window || other_output {
            eprintln!(
                "error: {}: a folder opens in the window only (--window); pass one \
                 fixture file for the other outputs",
                path.display()
            );
            return ExitCode::from(2);
        }
        return window_only(&path, &args);
    }
    if args.window && !other_output {
        // The window shows a fixture that does not load with its error, and reloads it
        // when the file is fixed.
        return window_only(&path, &args);
    }
    let rec = match record_file(&path) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let frame = args.frame.map(|n| n.saturating_sub(1));
    if let Some(out) = &args.snapshot {
        let options = SnapshotOptions {
            frame,
            columns: args.columns,
            tilt_degrees: args.tilt,
            ..SnapshotOptions::default()
        };
        if let Err(e) = std::fs::write(out, snapshot_svg(&rec, &options)) {
            eprintln!("error: {}: cannot write: {e}", out.display());
            return ExitCode::from(1);
        }
        println!("{}", out.display());
        if !args.text && args.png.is_none() && args.film.is_none() && !args.window {
            return ExitCode::SUCCESS;
        }
    }
    if let Some(out) = &args.png {
        let index = frame.unwrap_or(usize::MAX);
        if let Err(e) = quietly(|| write_png(&rec, index, &args, out)) {
            eprintln!("error: {e}");
            return ExitCode::from(1);
        }
        println!("{}", out.display());
        if !args.text && !args.window && args.film.is_none() {
            return ExitCode::SUCCESS;
        }
    }
    if let Some(out) = &args.film {
        if let Err(e) = quietly(|| write_film(&rec, &args, out)) {
            eprintln!("error: {e}");
            return ExitCode::from(1);
        }
        println!("{}", out.display());
        if !args.text && !args.window {
            return ExitCode::SUCCESS;
        }
    }
    if args.window {
        let code = window_only(&path, &args);
        if !args.text || code != ExitCode::SUCCESS {
            return code;
        }
    }
    let interactive = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    if args.text || !interactive {
        print_text(&rec, frame);
    } else {
        stepper(&rec, frame);
    }
    ExitCode::SUCCESS
}

/// Runs `f` with [`QUIET_PANICS`] set.
fn quietly<T>(f: impl FnOnce() -> T) -> T {
    QUIET_PANICS.store(true, Ordering::SeqCst);
    let out = f();
    QUIET_PANICS.store(false, Ordering::SeqCst);
    out
}

fn view(args: &Args) -> debugger::window::View {
    if args.world {
        debugger::window::View::World
    } else {
        debugger::window::View::Configuration
    }
}

#[cfg(feature = "window")]
fn write_png(
    rec: &Recording,
    index: usize,
    args: &Args,
    out: &std::path::Path,
) -> Result<(), String> {
    let (width, height) = args.size.unwrap_or((1024, 768));
    let options = debugger::window::RenderOptions {
        width,
        height,
        view: view(args),
        caption: true,
    };
    let picture =
        debugger::window::render_frame(rec, index, &options).map_err(|e| e.to_string())?;
    picture.save_png(out).map_err(|e| e.to_string())
}

#[cfg(not(feature = "window"))]
fn write_png(_: &Recording, _: usize, args: &Args, _: &std::path::Path) -> Result<(), String> {
    let _ = view(args);
    Err(NO_WINDOW.to_string())
}

/// Opens the window on `path` (a fixture or a folder) and returns the exit code.
fn window_only(path: &std::path::Path, args: &Args) -> ExitCode {
    match quietly(|| open_window(path, args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err((code, e)) => {
            eprintln!("error: {e}");
            ExitCode::from(code)
        }
    }
}

#[cfg(feature = "window")]
fn open_window(path: &std::path::Path, args: &Args) -> Result<(), (u8, String)> {
    use debugger::timeline::Session;
    use debugger::window::{WindowOptions, parse_script, run_window};
    let script = match &args.drive {
        Some(text) => parse_script(text).map_err(|e| (2, e))?,
        None => Vec::new(),
    };
    let session = Session::open(path).map_err(|e| (2, e.to_string()))?;
    let defaults = WindowOptions::default();
    let options = WindowOptions {
        start: args.frame.map_or(0, |n| n.saturating_sub(1)),
        view: view(args),
        size: args.size.unwrap_or(defaults.size),
        script,
        capture_dir: args.capture_dir.clone(),
    };
    run_window(session, options).map_err(|e| (1, e.to_string()))
}

#[cfg(not(feature = "window"))]
fn open_window(_: &std::path::Path, args: &Args) -> Result<(), (u8, String)> {
    let _ = (view(args), &args.drive, &args.capture_dir);
    Err((1, NO_WINDOW.to_string()))
}

#[cfg(feature = "window")]
fn write_film(rec: &Recording, args: &Args, out: &std::path::Path) -> Result<(), String> {
    let defaults = debugger::window::FilmOptions::default();
    let (tile_width, tile_height) = args
        .size
        .unwrap_or((defaults.tile_width, defaults.tile_height));
    let options = debugger::window::FilmOptions {
        tile_width,
        tile_height,
        columns: args.columns,
        view: view(args),
    };
    let picture = debugger::window::render_film(rec, &options).map_err(|e| e.to_string())?;
    picture.save_png(out).map_err(|e| e.to_string())
}

#[cfg(not(feature = "window"))]
fn write_film(_: &Recording, _: &Args, _: &std::path::Path) -> Result<(), String> {
    Err(NO_WINDOW.to_string())
}

#[cfg(not(feature = "window"))]
const NO_WINDOW: &str = "this debugger was built without the `window` feature (kiss3d): \
                         --window, --png and --film are not available";

/// Prints the header and every frame (or frame `frame`). A closed pipe (`| head`) ends
/// the output quietly.
fn print_text(rec: &Recording, frame: Option<usize>) {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let n = rec.frames.len();
    let mut result = out.write_all(text::header(rec).as_bytes());
    match frame {
        Some(k) if n > 0 => {
            let k = k.min(n - 1);
            result = result
                .and_then(|()| out.write_all(text::frame_text(&rec.frames[k], k, n).as_bytes()));
        }
        _ => {
            for (i, f) in rec.frames.iter().enumerate() {
                result = result.and_then(|()| out.write_all(text::frame_text(f, i, n).as_bytes()));
            }
        }
    }
    let _ = result.and_then(|()| out.flush());
}

/// n/p/f/l/number/q + Enter.
fn stepper(rec: &Recording, start: Option<usize>) {
    print!("{}", text::header(rec));
    let mut replay = Replay::new(rec.frames.clone());
    if replay.is_empty() {
        println!("no frames to replay");
        return;
    }
    replay.seek(start.unwrap_or(0));
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        if let Some(f) = replay.current() {
            print!("{}", text::frame_text(f, replay.index(), replay.len()));
        }
        print!("[n]ext [p]rev [f]irst [l]ast [number] [q]uit > ");
        let _ = std::io::stdout().flush();
        let Some(Ok(line)) = lines.next() else { return };
        match line.trim() {
            "" | "n" => {
                if !replay.next() {
                    println!("(last frame)");
                }
            }
            "p" => {
                if !replay.prev() {
                    println!("(first frame)");
                }
            }
            "f" => replay.first(),
            "l" => replay.last(),
            "q" => return,
            other => match other.parse::<usize>() {
                Ok(k) => {
                    replay.seek(k.saturating_sub(1));
                }
                Err(_) => println!("unknown command `{other}`"),
            },
        }
    }
}
