//! What the store keeps of a live game: everything needed to take it up again after a restart.

use topochess_core::game::Outcome;
use topochess_core::Color;
use topochess_protocol::GameId;

/// A live game as it is stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The game's id.
    pub id: GameId,
    /// The preset's id.
    pub variant: String,
    /// The castling option's name.
    pub castling: String,
    /// Seconds at the start and added a move, if the game has clocks.
    pub clock: Option<(u32, u32)>,
    /// The secrets of the browsers seated as White and Black.
    pub seats: [Option<String>; 2],
    /// The moves, in coordinates.
    pub moves: Vec<String>,
    /// Milliseconds left on White's and Black's clocks, as of `turn_since` for the side to move.
    pub left_ms: [u64; 2],
    /// When the running clock started (ms since the epoch); `None` while no clock runs.
    pub turn_since: Option<u64>,
    /// How the game ended.
    pub outcome: Option<Outcome>,
    /// Ended before both sides moved.
    pub aborted: bool,
    /// The side offering a draw.
    pub draw_offer: Option<Color>,
    /// The side asking to take back a move.
    pub takeback_offer: Option<Color>,
    /// Which sides asked for a rematch (White, Black).
    pub rematch: [bool; 2],
    /// The rematch, once both asked.
    pub next_game: Option<GameId>,
    /// When the game was created (ms since the epoch).
    pub created: u64,
    /// Listed in the lobby.
    pub public: bool,
}
