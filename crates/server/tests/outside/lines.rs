//! Games of random legal moves on the folded board (the rules core's), the same every run: the
//! outside checks' long games and the load run's games (`examples/load/main.rs` includes this file).

use topochess_core::{game::Game, san, Position, Variant};

/// Game `seed`: random legal moves, in coordinates, until the game ends or `plies` are played;
/// and whether it ended.
pub fn random_line(seed: u64, plies: usize) -> (Vec<String>, bool) {
    let variant = std::sync::Arc::new(Variant::preset("folded", None).expect("the folded board"));
    let mut game = Game::new(Position::start(variant));
    let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut moves = Vec::new();
    while moves.len() < plies && game.outcome().is_none() {
        let legal = game.position().legal_moves();
        if legal.is_empty() {
            break;
        }
        // xorshift64: the same games every run.
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let mv = legal[(state % legal.len() as u64) as usize];
        moves.push(san::to_coordinate(game.position(), mv));
        game.play(mv).expect("a legal move");
    }
    let ended = game.outcome().is_some() || game.position().legal_moves().is_empty();
    (moves, ended)
}
