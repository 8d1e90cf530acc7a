//! The replay cursor: a list of frames and an index, tested without a window.

use debugger::{Frame, FrameKind, Replay};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn frame(k: usize) -> Frame {
    let kind = FrameKind::GjkStep {
        iteration: k as u32 + 1,
    };
    Frame::new(kind, format!("frame {k}"))
}

fn replay(n: usize) -> Replay {
    Replay::new((0..n).map(frame).collect())
}

#[test]
fn empty_replay_has_no_current_frame_and_every_move_stays_at_zero() {
    let mut r = replay(0);
    assert!(r.is_empty());
    assert_eq!(r.current(), None);
    assert!(!r.next());
    assert!(!r.prev());
    assert_eq!(r.seek(7), 0);
    r.last();
    assert_eq!(r.index(), 0);
    assert_eq!(r.current(), None);
}

#[test]
fn next_and_prev_stop_at_the_ends() {
    let mut r = replay(5);
    assert_eq!(r.index(), 0);
    assert!(!r.prev(), "prev at the first frame moves nowhere");
    assert_eq!(r.index(), 0);
    for k in 1..5 {
        assert!(r.next());
        assert_eq!(r.index(), k);
        assert_eq!(r.current().unwrap().caption, format!("frame {k}"));
    }
    assert!(!r.next(), "next at the last frame moves nowhere");
    assert_eq!(r.index(), 4);
    assert!(r.prev());
    assert_eq!(r.index(), 3);
}

#[test]
fn seek_clamps_and_first_last_jump() {
    let mut r = replay(5);
    assert_eq!(r.seek(2), 2);
    assert_eq!(r.current().unwrap().caption, "frame 2");
    assert_eq!(r.seek(100), 4);
    assert_eq!(r.current().unwrap().caption, "frame 4");
    assert_eq!(r.seek(usize::MAX), 4);
    r.first();
    assert_eq!(r.index(), 0);
    r.last();
    assert_eq!(r.index(), 4);
    let one = &mut replay(1);
    assert_eq!(one.seek(3), 0);
    assert!(!one.next());
    assert_eq!(one.current().unwrap().caption, "frame 0");
}

/// 10,000 random moves on replays of 0 to 9 frames against a clamped-integer model.
#[test]
fn random_moves_match_a_clamped_index_model() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xdeb6);
    for _ in 0..100 {
        let n = (rng.next_u64() % 10) as usize;
        let mut r = replay(n);
        let mut model: usize = 0;
        let top = n.saturating_sub(1);
        for _ in 0..100 {
            match rng.next_u64() % 5 {
                0 => {
                    let moved = r.next();
                    assert_eq!(moved, model < top);
                    model = (model + 1).min(top);
                }
                1 => {
                    let moved = r.prev();
                    assert_eq!(moved, model > 0);
                    model = model.saturating_sub(1);
                }
                2 => {
                    r.first();
                    model = 0;
                }
                3 => {
                    r.last();
                    model = top;
                }
                _ => {
                    let k = (rng.next_u64() % 15) as usize;
                    assert_eq!(r.seek(k), k.min(top));
                    model = k.min(top);
                }
            }
            assert_eq!(r.index(), model);
            match r.current() {
                Some(f) => assert_eq!(f.caption, format!("frame {model}")),
                None => assert_eq!(n, 0),
            }
        }
    }
}
