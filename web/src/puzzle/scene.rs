//! What a puzzle's boards are handed.

use crate::board::scene::{Scene, Setting};
use crate::board::view::LineKind;
use crate::puzzle::Solving;

impl Solving {
    /// The scene of a puzzle: the position shown, the move that led there (the opponent's
    /// lead-in move animated on opening), and once it is over the player's moves of the
    /// solution drawn along their paths.
    pub fn scene<'a>(&'a self, setting: Setting<'a>) -> Scene<'a> {
        let p = self;
        let ply = p.shown_ply();
        Scene {
            pos: p.shown(),
            last: p.move_to(ply),
            motion_key: format!("puzzle-{}-{ply}", p.session),
            motion: setting.motion,
            shapes: &[],
            lines: p
                .solution_paths()
                .into_iter()
                .map(|(pos, mv)| (LineKind::Best, pos, mv))
                .collect(),
            premove: None,
            choice: setting.choice,
            margin: setting.margin,
        }
    }
}
