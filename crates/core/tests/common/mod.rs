//! Helpers shared by the integration tests: a seeded generator of random games and placements.
#![allow(dead_code)]

use std::sync::Arc;
use topochess_core::lab::LabSpec;
use topochess_core::surface::Gluing;
use topochess_core::variant::PRESETS;
use topochess_core::{fen, reference, CastlingMode, Move, Position, Variant};

/// xorshift64*: a small deterministic generator, so every failure can be replayed.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
}

/// Every preset with every castling option it offers.
pub fn all_variants() -> Vec<Arc<Variant>> {
    PRESETS
        .iter()
        .flat_map(|p| {
            p.castling_options
                .iter()
                .map(|&m| Arc::new(Variant::preset(p.id, Some(m)).unwrap()))
        })
        .collect()
}

/// Every lab surface (each gluing of each edge pair) at each of `sizes` (files, ranks) where
/// it can be built.
pub fn lab_variants(sizes: &[(u8, u8)]) -> Vec<Arc<Variant>> {
    let mut out = Vec::new();
    for east_west in Gluing::ALL {
        for north_south in Gluing::ALL {
            for &(width, height) in sizes {
                let spec = LabSpec {
                    east_west,
                    north_south,
                    width,
                    height,
                };
                if let Ok(v) = Variant::lab(spec) {
                    out.push(Arc::new(v));
                }
            }
        }
    }
    out
}

pub fn variant(id: &str, mode: Option<CastlingMode>) -> Arc<Variant> {
    Arc::new(Variant::by_id(id, mode).unwrap())
}

pub fn position(id: &str, fen_text: &str) -> Position {
    fen::parse_position(variant(id, None), fen_text).unwrap()
}

/// The positions of a random game from the start, `plies` long at most (it stops at the end of
/// the game).
pub fn random_game(variant: &Arc<Variant>, rng: &mut Rng, plies: usize) -> Vec<Position> {
    let mut pos = Position::start(variant.clone());
    let mut seen = vec![pos.clone()];
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        // Prefer captures and pawn moves now and then, to reach promotions and bare boards.
        let mv: Move = rng.pick(&moves);
        pos.play_unchecked(mv);
        seen.push(pos.clone());
    }
    seen
}

/// A random legal placement: both kings and up to `extra` other pieces on random squares.
pub fn random_placement(variant: &Arc<Variant>, rng: &mut Rng, extra: usize) -> Option<Position> {
    let size = variant.size();
    let (w, h) = (size.width() as usize, size.height() as usize);
    let mut grid = vec![vec!['.'; w]; h];
    let letters = ['P', 'N', 'B', 'R', 'Q', 'p', 'n', 'b', 'r', 'q'];
    let place = |c: char, grid: &mut Vec<Vec<char>>, rng: &mut Rng| loop {
        let (f, r) = (rng.below(w), rng.below(h));
        if grid[r][f] == '.' {
            grid[r][f] = c;
            break;
        }
    };
    place('K', &mut grid, rng);
    place('k', &mut grid, rng);
    let count = rng.below(extra + 1);
    for _ in 0..count {
        let c = rng.pick(&letters);
        place(c, &mut grid, rng);
    }
    let rows: Vec<String> = grid
        .iter()
        .rev()
        .map(|row| {
            let mut s = String::new();
            let mut empty = 0;
            for &c in row {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        s += &empty.to_string();
                        empty = 0;
                    }
                    s.push(c);
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            s
        })
        .collect();
    let side = if rng.below(2) == 0 { "w" } else { "b" };
    fen::parse_position(
        variant.clone(),
        &format!("{} {side} - - 0 1", rows.join("/")),
    )
    .ok()
}

/// Perft by the slow reference generator, which walks the surface and tests every move (for
/// small depths).
pub fn reference_perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    reference::legal_moves(pos)
        .into_iter()
        .map(|mv| {
            let mut next = pos.clone();
            next.play_unchecked(mv);
            reference_perft(&next, depth - 1)
        })
        .sum()
}
