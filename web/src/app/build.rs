//! Which build of the app this is.

/// Whether this build is the whole app: false in the first screen's module (the crate built with
/// the `first` feature, `app::whole`), whose screens are the front page and the game; there the
/// code of the others is left out (every use of them is behind this constant).
pub const FULL: bool = !cfg!(feature = "first");

/// Whether this build plays live games: the whole app, and the first screen's module built for a
/// live game's link (the `live` feature beside `first`: the link's module, `app::whole`).
pub const LIVE: bool = FULL || cfg!(feature = "live");

/// Whether this build shows the front page and the New game dialog: all but the link's module,
/// whose visitor came to a live game (there they are the whole app's, `Action::beyond_first`).
pub const FRONT: bool = FULL || !cfg!(feature = "live");
