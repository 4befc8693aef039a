//! The game's scene and the moves its boards may make (see `board::scene` for what a scene is):
//! the game on the board is the app's own state, so its scene is built here; each feature builds
//! its own.

use crate::app::state::AppState;
use crate::board::scene::{dests_in, Scene};
pub use crate::board::scene::{hover_of, legal_dests, Setting};
use crate::board::selection::Dests;
use crate::board::view::{HoverPath, LineKind};
pub use crate::common::shapes::{Brush, Shape};

/// The moves the boards may make: the player's legal moves, or while the computer thinks the
/// pre-moves (every square a piece reaches on the empty surface); none while browsing or after
/// the game. Every piece of the side is listed, so one without moves can be selected.
pub fn dests(state: &AppState) -> Dests {
    let premove = crate::play::game_flow::premove_time(state);
    if !premove && !state.player_to_move() {
        return Dests::default();
    }
    let premoves = |sq| state.premove_dests(sq);
    dests_in(
        state.play.game.position(),
        premove.then_some(&premoves as &dyn Fn(_) -> _),
    )
}

/// The hover paths of every legal move of the player to move (none while browsing history or
/// while the computer is to move), for the normal view and the extended one.
pub fn move_hover(state: &AppState) -> (Vec<HoverPath>, Vec<HoverPath>) {
    if state.play.viewing.is_some() || !state.player_to_move() {
        return Default::default();
    }
    hover_of(state.play.game.position())
}

/// The app's part of every scene.
pub fn setting(state: &AppState) -> Setting<'_> {
    Setting {
        motion: state.settings.motion,
        margin: state.settings.margin,
        choice: state.play.choice.as_ref(),
    }
}

/// The scene of the game: the position looked at, its last move, the hint, the shapes.
pub fn of_game(state: &AppState) -> Scene<'_> {
    let ply = state.shown_ply();
    let last = ply.checked_sub(1).and_then(|p| {
        Some((
            state.play.game.position_at(p)?,
            *state.play.game.moves().get(p)?,
        ))
    });
    Scene {
        pos: state.shown(),
        last,
        motion_key: format!("{}-{}", state.play.game_id, ply.saturating_sub(1)),
        motion: state.settings.motion,
        shapes: state.shapes_here(),
        lines: state
            .play
            .hint
            .filter(|_| state.play.viewing.is_none())
            .map(|h| (LineKind::Hint, state.shown(), h))
            .into_iter()
            .collect(),
        premove: state.play.premove,
        choice: state.play.choice.as_ref(),
        margin: state.settings.margin,
    }
}
