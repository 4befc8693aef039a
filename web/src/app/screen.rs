//! The screens of the app.

/// Which screen is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The front page: what Topochess is, and the ways to start.
    Home,
    /// The game.
    Play,
    /// The explorer and its gallery.
    Explore,
    /// The surface lab.
    Lab,
    /// The library of games.
    Games,
    /// The analysis board.
    Analyse,
    /// The endgame atlas.
    Atlas,
    /// The puzzles.
    Puzzles,
    /// The lessons.
    Learn,
    /// The player's settings: board, pieces, views, sound.
    Settings,
    /// A player's page: ratings, their history, games.
    Player,
    /// The best players of a preset.
    Leaderboard,
    /// The tournaments: being played, starting soon, just finished.
    Tournaments,
    /// An arena tournament's page.
    Tournament,
}
