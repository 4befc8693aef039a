//! The app's part of every board's scene (see `board::scene` for what a scene is); each feature
//! builds its own scene from it.

use crate::app::state::AppState;
pub use crate::board::scene::{hover_of, legal_dests, Setting};
pub use crate::common::shapes::{Brush, Shape};

/// The app's part of every scene.
pub fn setting(state: &AppState) -> Setting<'_> {
    Setting {
        motion: state.settings.motion,
        margin: state.settings.margin,
        choice: state.play.choice.as_ref(),
    }
}
