//! The fixtures a window watches: a list (one file, or every `.json` file of a
//! folder), the current one's recording with its [`Replay`], [`Player`] and warnings,
//! reloads by request or when the file changes on disk, and the error of a fixture
//! that does not load, shown while the last good recording stays.

use super::{Player, Warning, warnings};
use crate::record::{Recording, record_file};
use crate::replay::Replay;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Why a session could not start.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// The path names neither a readable file nor a readable folder.
    #[error("{}: cannot open: {message}", path.display())]
    Unreadable {
        /// The path as given.
        path: PathBuf,
        /// The file system's message.
        message: String,
    },
    /// The folder holds no `.json` file.
    #[error("{}: no .json fixture in this folder", .0.display())]
    EmptyFolder(PathBuf),
}

/// The `.json` files of `folder`, sorted by name.
///
/// # Errors
/// [`SessionError::Unreadable`] when the folder cannot be listed,
/// [`SessionError::EmptyFolder`] when it holds no `.json` file.
pub fn fixture_files(folder: &Path) -> Result<Vec<PathBuf>, SessionError> {
    let unreadable = |e: std::io::Error| SessionError::Unreadable {
        path: folder.to_path_buf(),
        message: e.to_string(),
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder)
        .map_err(unreadable)?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(SessionError::EmptyFolder(folder.to_path_buf()));
    }
    Ok(files)
}

/// What a reload did.
#[derive(Clone, Debug, PartialEq)]
pub enum Reload {
    /// The fixture loaded and its recording replaced the one shown.
    Loaded,
    /// The fixture did not load (the message); the last good recording stays.
    Failed(String),
}

/// A file's modification time and length: a change of either is an edit.
type Stamp = Option<(Option<SystemTime>, u64)>;

fn stamp(path: &Path) -> Stamp {
    std::fs::metadata(path)
        .ok()
        .map(|m| (m.modified().ok(), m.len()))
}

/// The recording on screen, from the fixture at `path`.
#[derive(Debug)]
struct Shown {
    path: PathBuf,
    rec: Recording,
    warnings: Vec<Vec<Warning>>,
}

/// Fixtures, the current one's replay and its reloads.
#[derive(Debug)]
pub struct Session {
    files: Vec<PathBuf>,
    current: usize,
    shown: Option<Shown>,
    error: Option<String>,
    stamp: Stamp,
    generation: u64,
    replay: Replay,
    /// Playing the replay.
    pub player: Player,
}

impl Session {
    /// A session on `path`: a fixture file, or a folder whose `.json` files are all
    /// listed (sorted by name), starting on the first. A fixture that does not load is
    /// not an error here: the session holds its message ([`Session::error`]).
    ///
    /// # Errors
    /// As [`fixture_files`] for a folder; [`SessionError::Unreadable`] for a path that
    /// does not exist.
    pub fn open(path: &Path) -> Result<Session, SessionError> {
        let files = if path.is_dir() {
            fixture_files(path)?
        } else if path.exists() {
            vec![path.to_path_buf()]
        } else {
            return Err(SessionError::Unreadable {
                path: path.to_path_buf(),
                message: "no such file or folder".to_string(),
            });
        };
        Ok(Session::with_files(files))
    }

    /// A session on the listed fixture files, starting on the first (an empty list
    /// gives a session with no fixture and an error message).
    #[must_use]
    pub fn with_files(files: Vec<PathBuf>) -> Session {
        let mut session = Session {
            files,
            current: 0,
            shown: None,
            error: None,
            stamp: None,
            generation: 0,
            replay: Replay::default(),
            player: Player::default(),
        };
        if session.files.is_empty() {
            session.error = Some("no fixture to show".to_string());
        } else {
            session.reload();
        }
        session
    }

    /// The fixture files, in order.
    #[must_use]
    pub fn files(&self) -> &[PathBuf] {
        &self.files
    }

    /// The index of the current fixture in [`Session::files`].
    #[must_use]
    pub fn current(&self) -> usize {
        self.current
    }

    /// The current fixture's path (`None` for an empty list).
    #[must_use]
    pub fn current_path(&self) -> Option<&Path> {
        self.files.get(self.current).map(PathBuf::as_path)
    }

    /// The recording on screen: the last one that loaded (possibly of another
    /// fixture when the current one never did; see [`Session::shown_path`]).
    #[must_use]
    pub fn recording(&self) -> Option<&Recording> {
        self.shown.as_ref().map(|s| &s.rec)
    }

    /// The file the recording on screen came from.
    #[must_use]
    pub fn shown_path(&self) -> Option<&Path> {
        self.shown.as_ref().map(|s| s.path.as_path())
    }

    /// The last load error of the current fixture, cleared by a good load.
    #[must_use]
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// How many recordings have been loaded: it changes whenever the recording on
    /// screen is replaced (a front end caches its drawing on it).
    #[must_use]
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The replay of the recording on screen.
    #[must_use]
    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// The replay, to move its cursor.
    pub fn replay_mut(&mut self) -> &mut Replay {
        &mut self.replay
    }

    /// The warnings of step `index` of the recording on screen.
    #[must_use]
    pub fn warnings_at(&self, index: usize) -> &[Warning] {
        self.shown
            .as_ref()
            .and_then(|s| s.warnings.get(index))
            .map_or(&[], Vec::as_slice)
    }

    /// The warnings of every step, one list per step.
    #[must_use]
    pub fn warnings(&self) -> &[Vec<Warning>] {
        self.shown.as_ref().map_or(&[], |s| s.warnings.as_slice())
    }

    /// Loads the current fixture again. On success its recording replaces the one on
    /// screen, keeping the step (clamped) when it is the same file and starting from
    /// the first step otherwise; on failure the error is kept and the last good
    /// recording stays.
    pub fn reload(&mut self) -> Reload {
        let Some(path) = self.current_path().map(Path::to_path_buf) else {
            return Reload::Failed("no fixture to show".to_string());
        };
        self.stamp = stamp(&path);
        match record_file(&path) {
            Ok(rec) => {
                let same = self.shown_path() == Some(path.as_path());
                let index = if same { self.replay.index() } else { 0 };
                self.replay = Replay::new(rec.frames.clone());
                self.replay.seek(index);
                if !same {
                    self.player.pause();
                }
                self.shown = Some(Shown {
                    warnings: warnings(&rec),
                    path,
                    rec,
                });
                self.error = None;
                self.generation += 1;
                Reload::Loaded
            }
            Err(e) => {
                let message = e.to_string();
                self.error = Some(message.clone());
                Reload::Failed(message)
            }
        }
    }

    /// Reloads when the current fixture's modification time or length changed since
    /// it was last read (a file that cannot be read any more counts as a change, and
    /// fails). `None` when nothing changed.
    pub fn poll(&mut self) -> Option<Reload> {
        let now = stamp(self.current_path()?);
        (now != self.stamp).then(|| self.reload())
    }

    /// Switches to fixture `index` (clamped) and loads it; `None` when it is already
    /// the current one and loaded without error.
    pub fn select(&mut self, index: usize) -> Option<Reload> {
        let index = index.min(self.files.len().checked_sub(1)?);
        if index == self.current && self.error.is_none() && self.shown.is_some() {
            return None;
        }
        self.current = index;
        self.player.pause();
        Some(self.reload())
    }

    /// The next fixture, wrapping to the first.
    pub fn next_fixture(&mut self) -> Option<Reload> {
        let n = self.files.len();
        if n > 1 {
            self.select((self.current + 1) % n)
        } else {
            None
        }
    }

    /// The previous fixture, wrapping to the last.
    pub fn prev_fixture(&mut self) -> Option<Reload> {
        let n = self.files.len();
        if n > 1 {
            self.select((self.current + n - 1) % n)
        } else {
            None
        }
    }

    /// Advances the player by `seconds` ([`Player::tick`]); whether the step changed.
    pub fn tick(&mut self, seconds: f64) -> bool {
        self.player.tick(seconds, &mut self.replay)
    }

    /// Plays or pauses ([`Player::toggle`]).
    pub fn toggle_play(&mut self) {
        self.player.toggle(&mut self.replay);
    }

    /// Plays forwards or backwards ([`Player::play`]).
    pub fn play(&mut self, forward: bool) {
        self.player.play(forward, &mut self.replay);
    }
}
