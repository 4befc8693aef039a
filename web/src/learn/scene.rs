//! What a lesson step's boards are handed.

use crate::board::scene::{Scene, Setting};
use crate::board::view::LineKind;
use crate::learn::Studying;

impl Studying {
    /// The scene of a lesson step: its position (after the right move, once played), the goal's
    /// marks, and the move's path: the right one green, a wrong one faint, or every move a
    /// count counted.
    pub fn scene<'a>(&'a self, setting: Setting<'a>) -> Scene<'a> {
        let s = self;
        let counted = !s.step().by_move();
        Scene {
            pos: s.shown(),
            last: s.last(),
            motion_key: format!("lesson-{}-{}", s.lesson, s.step),
            motion: setting.motion,
            shapes: &s.marks,
            lines: s
                .drawn()
                .into_iter()
                .map(|(mv, right)| {
                    let kind = match (right, counted) {
                        (true, true) => LineKind::Best,
                        (true, false) => LineKind::Better,
                        (false, _) => LineKind::Second,
                    };
                    (kind, &s.pos, mv)
                })
                .collect(),
            premove: None,
            choice: None,
            margin: setting.margin,
        }
    }
}
