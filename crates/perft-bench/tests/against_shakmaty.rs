//! Standard-chess perft of topochess-core against shakmaty on the well-known positions.

use shakmaty::{fen::Fen, CastlingMode, Chess};
#[path = "../shakmaty_perft.rs"]
mod shakmaty_perft;

use shakmaty_perft::shakmaty_perft;
use topochess_core::perft::perft;
use topochess_perft_bench::{position, STANDARD_POSITIONS};

#[test]
fn well_known_positions_match_shakmaty_to_depth_4() {
    for fen_text in STANDARD_POSITIONS {
        let ours = position("standard", Some(fen_text));
        let fen: Fen = fen_text.parse().unwrap();
        let theirs: Chess = fen.into_position(CastlingMode::Standard).unwrap();
        for depth in 1..=4 {
            assert_eq!(
                perft(&ours, depth),
                shakmaty_perft(&theirs, depth),
                "{fen_text} depth {depth}"
            );
        }
    }
}
