//! Replay: a list of frames and an index. No window, no algorithm: front ends (the
//! terminal stepper, the SVG strip, the 3D window) move the index and draw
//! [`Replay::current`].

use crate::frame::Frame;

/// Frames with a cursor. The index is always valid when there is at least one frame
/// (every move clamps), and 0 when there is none.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Replay {
    frames: Vec<Frame>,
    index: usize,
}

impl Replay {
    /// A replay of `frames` positioned on the first one.
    #[must_use]
    pub fn new(frames: Vec<Frame>) -> Replay {
        Replay { frames, index: 0 }
    }

    /// All frames, in order.
    #[must_use]
    pub fn frames(&self) -> &[Frame] {
        &self.frames
    }

    /// Number of frames.
    #[must_use]
    pub fn len(&self) -> usize {
        self.frames.len()
    }

    /// Whether there is no frame.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.frames.is_empty()
    }

    /// The cursor position (0 for an empty replay).
    #[must_use]
    pub fn index(&self) -> usize {
        self.index
    }

    /// The frame under the cursor, `None` for an empty replay.
    #[must_use]
    pub fn current(&self) -> Option<&Frame> {
        self.frames.get(self.index)
    }

    /// Moves to the next frame; returns `false` (and stays) at the last one.
    // A cursor that moves both ways, not an iterator: `next` pairs with `prev`.
    #[allow(clippy::should_implement_trait)]
    pub fn next(&mut self) -> bool {
        if self.index + 1 < self.frames.len() {
            self.index += 1;
            true
        } else {
            false
        }
    }

    /// Moves to the previous frame; returns `false` (and stays) at the first one.
    pub fn prev(&mut self) -> bool {
        if self.index > 0 {
            self.index -= 1;
            true
        } else {
            false
        }
    }

    /// Moves to the first frame.
    pub fn first(&mut self) {
        self.index = 0;
    }

    /// Moves to the last frame (the first when empty).
    pub fn last(&mut self) {
        self.index = self.frames.len().saturating_sub(1);
    }

    /// Moves to frame `index`, clamped to the last frame; returns the index reached.
    pub fn seek(&mut self, index: usize) -> usize {
        self.index = index.min(self.frames.len().saturating_sub(1));
        self.index
    }
}
