//! What the game's boards are handed: the scene of the position looked at, and the moves the
//! boards may make.

use crate::board::scene::{dests_in, hover_of, Scene, Setting};
use crate::board::selection::Dests;
use crate::board::view::{HoverPath, LineKind};
use crate::common::settings::Settings;
use crate::common::shapes::Shape;
use crate::play::Play;

impl Play {
    /// The scene of the game: the position looked at, its last move, the hint, the player's
    /// `shapes` on it.
    pub fn scene<'a>(&'a self, setting: Setting<'a>, shapes: &'a [Shape]) -> Scene<'a> {
        let ply = self.shown_ply();
        let last = ply
            .checked_sub(1)
            .and_then(|p| Some((self.game.position_at(p)?, *self.game.moves().get(p)?)));
        Scene {
            pos: self.shown(),
            last,
            motion_key: format!("{}-{}", self.game_id, ply.saturating_sub(1)),
            motion: setting.motion,
            shapes,
            lines: self
                .hint
                .filter(|_| self.viewing.is_none())
                .map(|h| (LineKind::Hint, self.shown(), h))
                .into_iter()
                .collect(),
            premove: self.premove,
            choice: setting.choice,
            margin: setting.margin,
        }
    }

    /// The moves the boards may make: the player's legal moves, or while the other side is to
    /// move the pre-moves (every square a piece reaches on the empty surface); none while
    /// browsing or after the game. Every piece of the side is listed, so one without moves can
    /// be selected.
    pub fn dests(&self, settings: &Settings) -> Dests {
        let premove = self.premove_time(settings);
        if !premove && !self.player_to_move(settings) {
            return Dests::default();
        }
        let premoves = |sq| self.premove_dests(sq, settings);
        dests_in(
            self.game.position(),
            premove.then_some(&premoves as &dyn Fn(_) -> _),
        )
    }

    /// The hover paths of every legal move of the player to move (none while browsing or while
    /// the other side is to move), for the normal view and the extended one.
    pub fn move_hover(&self, settings: &Settings) -> (Vec<HoverPath>, Vec<HoverPath>) {
        if !self.player_to_move(settings) {
            return Default::default();
        }
        hover_of(self.game.position())
    }
}
