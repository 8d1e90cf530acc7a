//! The window's keyboard shortcuts and the scripts that drive a window with synthetic
//! key presses (`--drive`), both without kiss3d: the window maps its keys to a
//! [`KeyAction`], and a script's steps press the same actions.

use crate::timeline::Command;

/// What a key does in the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyAction {
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
pub const KEY_ACTIONS: [(KeyAction, &str, &str); 15] = [
    (KeyAction::Next, "next", "→ / n"),
    (KeyAction::Prev, "prev", "← / p"),
    (KeyAction::First, "first", "Home"),
    (KeyAction::Last, "last", "End"),
    (KeyAction::Play, "play", "Space"),
    (KeyAction::PlayBackward, "play-backward", "b"),
    (KeyAction::Faster, "faster", "+ / ="),
    (KeyAction::Slower, "slower", "-"),
    (KeyAction::NextFixture, "next-fixture", "PageDown / ]"),
    (KeyAction::PrevFixture, "prev-fixture", "PageUp / ["),
    (KeyAction::Reload, "reload", "r"),
    (KeyAction::Screenshot, "screenshot", "s"),
    (KeyAction::ToggleView, "world", "w"),
    (KeyAction::ToggleGrid, "grid", "g"),
    (KeyAction::Quit, "quit", "Esc / q"),
];

impl KeyAction {
    /// The shortcut named `name` in [`KEY_ACTIONS`].
    #[must_use]
    pub fn named(name: &str) -> Option<KeyAction> {
        KEY_ACTIONS
            .iter()
            .find(|(_, n, _)| *n == name)
            .map(|(s, _, _)| *s)
    }

    /// The session command it gives, when it is one (the rest act on the window).
    #[must_use]
    pub fn command(self) -> Option<Command> {
        Some(match self {
            KeyAction::Next => Command::Next,
            KeyAction::Prev => Command::Prev,
            KeyAction::First => Command::First,
            KeyAction::Last => Command::Last,
            KeyAction::Play => Command::TogglePlay,
            KeyAction::PlayBackward => Command::Play(false),
            KeyAction::Faster => Command::Faster,
            KeyAction::Slower => Command::Slower,
            KeyAction::NextFixture => Command::NextFixture,
            KeyAction::PrevFixture => Command::PrevFixture,
            KeyAction::Reload => Command::Reload,
            KeyAction::Screenshot
            | KeyAction::ToggleView
            | KeyAction::ToggleGrid
            | KeyAction::Quit => {
                return None;
            }
        })
    }
}

/// One step of a script that drives the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScriptStep {
    /// Press the shortcut's key (a synthetic key event, handled like a real one).
    Press(KeyAction),
    /// Save the window's picture as the next numbered capture and print the state.
    Snap,
    /// Wait until the fixture on disk changes and is reloaded (or fails to load), at
    /// most 30 seconds.
    WaitChange,
    /// Wait this many milliseconds.
    Wait(u64),
}

/// Parses a script: steps separated by commas or spaces, each a shortcut's name
/// ([`KEY_ACTIONS`]), `snap`, `wait-change` or `wait:MS`.
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
                KeyAction::named(step)
                    .map(ScriptStep::Press)
                    .ok_or_else(|| {
                        let names: Vec<&str> = KEY_ACTIONS.iter().map(|(_, n, _)| *n).collect();
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
