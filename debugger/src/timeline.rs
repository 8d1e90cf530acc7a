//! The replay logic behind the window, with no window: which phase each step belongs
//! to, playing the steps at a speed, what to draw (layers), what to warn about, and the
//! fixtures being watched (a folder of them, reloaded when a file changes).
//!
//! Nothing here needs kiss3d, so `cargo test -p debugger --no-default-features` tests
//! all of it. The window (`window::run_window`) is a thin shell: it feeds key presses,
//! clicks and elapsed time to a [`Session`] and draws what it says.
//!
//! * [`Phase`]: the algorithm a step belongs to (GJK, EPA, time of impact, ray cast,
//!   shortcut), for the phase switch and the step list's labels.
//! * [`Player`]: play and pause, forwards or backwards, at a speed in steps per second,
//!   advanced by the time elapsed between two drawn frames.
//! * [`Layers`]: which groups of the picture are drawn.
//! * [`Warning`] and [`warnings()`]: what a user chasing a failure looks for, per step.
//! * [`Session`]: the fixture list, the current fixture's recording, its [`Replay`]
//!   and [`Player`], reloads (by key, or when the file's modification time or length
//!   changes), and the error of a malformed edit, shown while the last good recording
//!   stays on screen.
//!
//! [`Replay`]: crate::Replay

mod session;
mod warnings;

pub use session::{Reload, Session, SessionError, fixture_files};
pub use warnings::{Bound, Warning, warnings};

use crate::frame::{Frame, FrameKind};
use crate::replay::Replay;

/// The algorithm a step belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// GJK: distance, closest points, intersection (and the overlap test before EPA).
    Gjk,
    /// EPA: penetration depth and normal.
    Epa,
    /// Time of impact: conservative advancement.
    TimeOfImpact,
    /// Ray cast: the GJK ray cast.
    Ray,
    /// A shortcut the query took instead of iterating: a closed form, an inscribed-ball
    /// overlap proof or a warm start.
    Shortcut,
}

impl Phase {
    /// Every phase, in the order the phase switch lists them.
    pub const ALL: [Phase; 5] = [
        Phase::Gjk,
        Phase::Epa,
        Phase::TimeOfImpact,
        Phase::Ray,
        Phase::Shortcut,
    ];

    /// The phase of a step.
    #[must_use]
    pub fn of(kind: &FrameKind) -> Phase {
        match kind {
            FrameKind::GjkStep { .. } | FrameKind::GjkResult { .. } => Phase::Gjk,
            FrameKind::EpaStep { .. } | FrameKind::EpaResult { .. } => Phase::Epa,
            FrameKind::ToiStep { .. } => Phase::TimeOfImpact,
            FrameKind::RayStep { .. } | FrameKind::RayResult { .. } => Phase::Ray,
            FrameKind::Shortcut { .. } | FrameKind::WarmStart => Phase::Shortcut,
        }
    }

    /// The name shown on the phase switch.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Phase::Gjk => "GJK",
            Phase::Epa => "EPA",
            Phase::TimeOfImpact => "time of impact",
            Phase::Ray => "ray",
            Phase::Shortcut => "shortcut",
        }
    }

    /// The index of the first of `frames` in this phase.
    #[must_use]
    pub fn first_in(self, frames: &[Frame]) -> Option<usize> {
        frames.iter().position(|f| Phase::of(&f.kind) == self)
    }

    /// How many of `frames` are in this phase.
    #[must_use]
    pub fn count_in(self, frames: &[Frame]) -> usize {
        frames.iter().filter(|f| Phase::of(&f.kind) == self).count()
    }
}

/// The slowest and fastest playing speeds, in steps per second.
pub const SPEED_RANGE: (f64, f64) = (0.25, 30.0);

/// Plays a [`Replay`]: a step every `1 / speed` seconds, forwards or backwards,
/// stopping at either end.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Player {
    playing: bool,
    forward: bool,
    speed: f64,
    /// Steps owed but not yet taken (below 1).
    owed: f64,
}

impl Default for Player {
    fn default() -> Player {
        Player {
            playing: false,
            forward: true,
            speed: 2.0,
            owed: 0.0,
        }
    }
}

impl Player {
    /// Whether it is playing.
    #[must_use]
    pub fn is_playing(&self) -> bool {
        self.playing
    }

    /// Whether it plays forwards (towards the last step).
    #[must_use]
    pub fn is_forward(&self) -> bool {
        self.forward
    }

    /// Steps per second.
    #[must_use]
    pub fn speed(&self) -> f64 {
        self.speed
    }

    /// Sets the speed in steps per second, clamped to [`SPEED_RANGE`] (NaN keeps the
    /// current speed).
    pub fn set_speed(&mut self, speed: f64) {
        if !speed.is_nan() {
            self.speed = speed.clamp(SPEED_RANGE.0, SPEED_RANGE.1);
        }
    }

    /// Doubles the speed (up to the fastest).
    pub fn faster(&mut self) {
        self.set_speed(self.speed * 2.0);
    }

    /// Halves the speed (down to the slowest).
    pub fn slower(&mut self) {
        self.set_speed(self.speed / 2.0);
    }

    /// Starts playing in `forward`'s direction. From the end it plays towards, it
    /// starts over from the other end. An empty replay does not play.
    pub fn play(&mut self, forward: bool, replay: &mut Replay) {
        self.forward = forward;
        self.playing = !replay.is_empty();
        self.owed = 0.0;
        let at_end = if forward {
            replay.index() + 1 >= replay.len()
        } else {
            replay.index() == 0
        };
        if at_end {
            if forward {
                replay.first();
            } else {
                replay.last();
            }
        }
    }

    /// Stops playing.
    pub fn pause(&mut self) {
        self.playing = false;
        self.owed = 0.0;
    }

    /// Pauses when playing, plays (in the current direction) when paused.
    pub fn toggle(&mut self, replay: &mut Replay) {
        if self.playing {
            self.pause();
        } else {
            self.play(self.forward, replay);
        }
    }

    /// Advances `replay` by the steps due after `seconds` more (negative or NaN
    /// counts as 0); stops at the end it plays towards. Returns whether the step
    /// changed.
    pub fn tick(&mut self, seconds: f64, replay: &mut Replay) -> bool {
        if !self.playing {
            return false;
        }
        if seconds > 0.0 {
            // At most one pass over the run per tick, whatever the pause before it.
            self.owed = (self.owed + seconds * self.speed).min(replay.len() as f64 + 1.0);
        }
        let mut changed = false;
        while self.owed >= 1.0 {
            self.owed -= 1.0;
            let moved = if self.forward {
                replay.next()
            } else {
                replay.prev()
            };
            if !moved {
                self.pause();
                break;
            }
            changed = true;
        }
        changed
    }
}

/// Which groups of the picture are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layers {
    /// Shapes A and B (world view) and the ray of a ray cast.
    pub shapes: bool,
    /// The configuration space A − B.
    pub difference: bool,
    /// The simplex or polytope: faces, edges, vertices, the nearest face, horizon and
    /// fan, the support point `w` and the closest point `v`.
    pub simplex: bool,
    /// The search direction or normal.
    pub direction: bool,
    /// The witness points `a` and `b` and the segment between them.
    pub witnesses: bool,
    /// The caption drawn over the picture.
    pub labels: bool,
    /// A grid through the view's centre, the origin and its axes.
    pub grid: bool,
}

impl Default for Layers {
    fn default() -> Layers {
        Layers {
            shapes: true,
            difference: true,
            simplex: true,
            direction: true,
            witnesses: true,
            labels: true,
            grid: false,
        }
    }
}

impl Layers {
    /// Every layer with its name, for the toggles.
    pub fn toggles(&mut self) -> [(&'static str, &mut bool); 7] {
        [
            ("shapes", &mut self.shapes),
            ("Minkowski difference A − B", &mut self.difference),
            ("simplex or polytope", &mut self.simplex),
            ("search direction", &mut self.direction),
            ("witness points", &mut self.witnesses),
            ("labels", &mut self.labels),
            ("grid and axes", &mut self.grid),
        ]
    }
}

/// What a key, a button or a click asks of a [`Session`] ([`Session::apply`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Command {
    /// The next step (pauses).
    Next,
    /// The previous step (pauses).
    Prev,
    /// The first step (pauses).
    First,
    /// The last step (pauses).
    Last,
    /// Step `k`, from 0, clamped (pauses).
    Seek(usize),
    /// The first step of a phase (pauses; nothing when the run has none).
    Phase(Phase),
    /// Play or pause.
    TogglePlay,
    /// Play forwards (`true`) or backwards.
    Play(bool),
    /// Pause.
    Pause,
    /// Twice as fast.
    Faster,
    /// Half as fast.
    Slower,
    /// Play at this many steps per second (clamped to [`SPEED_RANGE`]).
    Speed(f64),
    /// The next fixture of the list.
    NextFixture,
    /// The previous fixture of the list.
    PrevFixture,
    /// Fixture `k` of the list, from 0, clamped.
    Fixture(usize),
    /// Load the current fixture again from disk.
    Reload,
}

impl Session {
    /// Carries out `command`; returns what a load did when it loaded a fixture.
    pub fn apply(&mut self, command: Command) -> Option<Reload> {
        let manual = matches!(
            command,
            Command::Next
                | Command::Prev
                | Command::First
                | Command::Last
                | Command::Seek(_)
                | Command::Phase(_)
        );
        if manual {
            self.player.pause();
        }
        let replay = self.replay_mut();
        match command {
            Command::Next => {
                replay.next();
            }
            Command::Prev => {
                replay.prev();
            }
            Command::First => replay.first(),
            Command::Last => replay.last(),
            Command::Seek(k) => {
                replay.seek(k);
            }
            Command::Phase(phase) => {
                if let Some(k) = phase.first_in(replay.frames()) {
                    replay.seek(k);
                }
            }
            Command::TogglePlay => self.toggle_play(),
            Command::Play(forward) => self.play(forward),
            Command::Pause => self.player.pause(),
            Command::Faster => self.player.faster(),
            Command::Slower => self.player.slower(),
            Command::Speed(s) => self.player.set_speed(s),
            Command::NextFixture => return self.next_fixture(),
            Command::PrevFixture => return self.prev_fixture(),
            Command::Fixture(k) => return self.select(k),
            Command::Reload => return Some(self.reload()),
        }
        None
    }
}
