//! The window's keyboard shortcuts and the scripts that drive a window with synthetic
//! key presses (`--drive`), both without kiss3d: the window maps its keys to a
//! [`Shortcut`], and a script's steps press the same shortcuts.

use crate::timeline::Command;

/// What a key does in the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shortcut {
    /// The next step.
    Next,
    /// The previous step.
    Prev,
    /// The first step.
    First,
    /// The last step.
    Last,
    /// Play or pause.
    Play,
    /// Play backwards.
    PlayBackward,
    /// Twice as fast.
    Faster,
    /// Half as fast.
    Slower,
    /// The next fixture of the list.
    NextFixture,
    /// The previous fixture of the list.
    PrevFixture,
    /// Load the fixture again from disk.
    Reload,
    /// Save a screenshot PNG.
    Screenshot,
    /// Switch between the configuration space and the world.
    ToggleView,
    /// Show or hide the grid and axes.
    ToggleGrid,
    /// Close the window.
    Quit,
}

/// Every shortcut with its name (as a script step) and its keys, as the help lists
/// them.
pub const SHORTCUTS: [(Shortcut, &str, &str); 15] = [
    (Shortcut::Next, "next", "→ / n"),
    (Shortcut::Prev, "prev", "← / p"),
    (Shortcut::First, "first", "Home"),
    (Shortcut::Last, "last", "End"),
    (Shortcut::Play, "play", "Space"),
    (Shortcut::PlayBackward, "play-backward", "b"),
    (Shortcut::Faster, "faster", "+ / ="),
    (Shortcut::Slower, "slower", "-"),
    (Shortcut::NextFixture, "next-fixture", "PageDown / ]"),
    (Shortcut::PrevFixture, "prev-fixture", "PageUp / ["),
    (Shortcut::Reload, "reload", "r"),
    (Shortcut::Screenshot, "screenshot", "s"),
    (Shortcut::ToggleView, "world", "w"),
    (Shortcut::ToggleGrid, "grid", "g"),
    (Shortcut::Quit, "quit", "Esc / q"),
];

impl Shortcut {
    /// The shortcut named `name` in [`SHORTCUTS`].
    #[must_use]
    pub fn named(name: &str) -> Option<Shortcut> {
        SHORTCUTS
            .iter()
            .find(|(_, n, _)| *n == name)
            .map(|(s, _, _)| *s)
    }

    /// The session command it gives, when it is one (the rest act on the window).
    #[must_use]
    pub fn command(self) -> Option<Command> {
        Some(match self {
            Shortcut::Next => Command::Next,
            Shortcut::Prev => Command::Prev,
            Shortcut::First => Command::First,
            Shortcut::Last => Command::Last,
            Shortcut::Play => Command::TogglePlay,
            Shortcut::PlayBackward => Command::Play(false),
            Shortcut::Faster => Command::Faster,
            Shortcut::Slower => Command::Slower,
            Shortcut::NextFixture => Command::NextFixture,
            Shortcut::PrevFixture => Command::PrevFixture,
            Shortcut::Reload => Command::Reload,
            Shortcut::Screenshot | Shortcut::ToggleView | Shortcut::ToggleGrid | Shortcut::Quit => {
                return None;
            }
        })
    }
}

/// One step of a script that drives the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScriptStep {
    /// Press the shortcut's key (a synthetic key event, handled like a real one).
    Press(Shortcut),
    /// Save the window's picture as the next numbered capture and print the state.
    Snap,
    /// Wait until the fixture on disk changes and is reloaded (or fails to load), at
    /// most 30 seconds.
    WaitChange,
    /// Wait this many milliseconds.
    Wait(u64),
}

/// Parses a script: steps separated by commas or spaces, each a shortcut's name
/// ([`SHORTCUTS`]), `snap`, `wait-change` or `wait:MS`.
///
/// # Errors
/// The first step that is none of these, with the list of names.
pub fn parse_script(text: &str) -> Result<Vec<ScriptStep>, String> {
    text.split([',', ' '])
        .filter(|s| !s.is_empty())
        .map(|step| match step {
            "snap" => Ok(ScriptStep::Snap),
            "wait-change" => Ok(ScriptStep::WaitChange),
            _ => {
                if let Some(ms) = step.strip_prefix("wait:") {
                    return ms
                        .parse()
                        .map(ScriptStep::Wait)
                        .map_err(|_| format!("`{step}`: expected wait:MILLISECONDS"));
                }
                Shortcut::named(step).map(ScriptStep::Press).ok_or_else(|| {
                    let names: Vec<&str> = SHORTCUTS.iter().map(|(_, n, _)| *n).collect();
                    format!(
                        "unknown script step `{step}`: expected snap, wait-change, wait:MS \
                         or one of {}",
                        names.join(", ")
                    )
                })
            }
        })
        .collect()
}
