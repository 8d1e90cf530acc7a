//! `debugger [FIXTURE.json] [--snapshot OUT.svg] [--frame N] [--text]`: replays the GJK
//! and EPA steps of a fixture's query in the terminal, or writes an SVG film strip.

use clap::Parser;
use debugger::{Recording, Replay, SnapshotOptions, record_file, snapshot_svg, text};
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Replays the recorded GJK simplex and EPA polytope states of a fixture step by step.
#[derive(Parser, Debug)]
#[command(name = "debugger", version)]
struct Args {
    /// Fixture JSON file (default: fixtures/data/book_diamond_sunk_into_ground.json,
    /// which runs GJK then EPA).
    fixture: Option<PathBuf>,
    /// Write an SVG film strip (one panel per frame) to this file and print its path.
    #[arg(long, value_name = "OUT.svg")]
    snapshot: Option<PathBuf>,
    /// Show only frame N (counted from 1; clamped to the last frame).
    #[arg(long, value_name = "N")]
    frame: Option<usize>,
    /// Print every frame as text (the default when stdout is not a terminal).
    #[arg(long)]
    text: bool,
    /// Degrees the snapshot camera turns out of the plane perpendicular to the final
    /// normal (0: depths at true length; 20: directions across the normal stay apart).
    #[arg(long, default_value_t = 20.0, value_name = "DEG")]
    tilt: f64,
    /// Panels per row of the film strip.
    #[arg(long, default_value_t = 3)]
    columns: usize,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let path = args
        .fixture
        .clone()
        .unwrap_or_else(debugger::default_fixture);
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
        if !args.text {
            return ExitCode::SUCCESS;
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
