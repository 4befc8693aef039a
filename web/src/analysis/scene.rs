//! What the analysis board's boards are handed: its node, the move that led there, the engine's
//! best line (and the second, fainter) drawn along their paths, a reviewed mistake's better
//! move, the shapes.

use crate::analysis::review::better_here;
use crate::analysis::Analysis;
use crate::board::scene::{Scene, Setting};
use crate::board::view::LineKind;
use crate::common::shapes::Shape;
use topochess_core::{Move, Position};

impl Analysis {
    /// The scene of the analysis board: its node, the move that led there, the engine's best
    /// line (and the second, fainter) drawn along their paths, the shapes.
    pub fn scene<'a>(&'a self, setting: Setting<'a>, shapes: &'a [Shape]) -> Scene<'a> {
        let a = self;
        let pos = a.position();
        let last = a.tree.parent(a.at).and_then(|p| {
            let mv = a.tree.node(a.at).mv()?;
            Some((a.tree.node(p).position(), mv))
        });
        let mut lines: Vec<(LineKind, &Position, Move)> = a
            .report_here()
            .filter(|_| a.engine_on)
            .map(|r| {
                r.lines
                    .iter()
                    .zip([LineKind::Best, LineKind::Second])
                    .filter_map(|(line, kind)| {
                        let text = line.moves.first()?;
                        Some((kind, pos, topochess_core::san::parse_move(pos, text).ok()?))
                    })
                    .collect()
            })
            .unwrap_or_default();
        // On a reviewed mistake: the better move, from the position before it.
        if let (Some(better), Some((before, _))) = (better_here(a), last) {
            lines.push((LineKind::Better, before, better));
        }
        Scene {
            pos,
            last,
            motion_key: format!("{}-{}", a.id, a.at),
            motion: setting.motion,
            shapes,
            lines,
            premove: None,
            choice: setting.choice,
            margin: setting.margin,
        }
    }
}
