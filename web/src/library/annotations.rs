//! Games and positions as the analysis board takes them: a kept game's move tree (its analysis
//! written into the library with the game as PGN, read back with the game's moves as its main
//! line), and a lone position as a PGN.

use topochess_core::game::Game;
use topochess_core::move_tree::MoveTree;
use topochess_core::pgn;

/// The move tree of `game`: its kept analysis (`annotations`, PGN) with the game's moves made
/// its main line (moves played since the analysis are added), or just the game's moves.
pub fn tree_for_game(game: &Game, annotations: Option<&str>) -> MoveTree {
    let kept = annotations
        .and_then(|text| pgn::read(text).ok())
        .map(|read| read.tree)
        .filter(|tree| tree.start() == game.start());
    let Some(mut tree) = kept else {
        return MoveTree::of_game(game);
    };
    let mut at = MoveTree::ROOT;
    for &mv in game.moves() {
        match tree.play(at, mv) {
            Ok(next) => at = next,
            Err(_) => return MoveTree::of_game(game),
        }
    }
    tree.make_mainline(at);
    tree
}

/// A PGN of no moves that starts at `fen` on `variant`: how a position is opened on the analysis
/// board.
pub fn position_pgn(variant: &str, fen: &str) -> String {
    format!("[Variant \"{variant}\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n*")
}
