//! `Lines::attacks` (the square sets a piece attacks, which the evaluation counts for mobility)
//! equals walking the surface's own move tables square by square, on every preset and on lab
//! surfaces, for every piece of positions from random games.

mod common;

use common::{all_variants, lab_variants, random_game, Rng};
use topochess_core::internals::Bits;
use topochess_core::internals::{LineSets, Lines};
use topochess_core::{Color, Position, Role, Square, SquareSet, Variant};

/// What `pos`'s piece on `from` attacks, walked on the tables: each ray up to its first piece.
fn walked(v: &Variant, pos: &Position, from: Square) -> Vec<Square> {
    let t = v.tables();
    let Some(piece) = pos.piece_at(from) else {
        return Vec::new();
    };
    let mut out: Vec<Square> = match piece.role {
        Role::Pawn => t.pawn_captures(piece.color, from).to_vec(),
        Role::Knight => t.knight(from).to_vec(),
        Role::King => t.king(from).to_vec(),
        role => role
            .ray_directions()
            .flat_map(|dir| {
                let ray = t.ray(from, dir);
                let stop = ray
                    .iter()
                    .position(|&s| pos.piece_at(s).is_some())
                    .map_or(ray.len(), |i| i + 1);
                ray[..stop].to_vec()
            })
            .collect(),
    };
    out.sort();
    out.dedup();
    out
}

fn computed<B: Bits>(lines: &Lines<B>, pos: &Position, from: Square) -> Vec<Square> {
    let occupied = B::of(&pos.occupied_by(Color::White)) | B::of(&pos.occupied_by(Color::Black));
    let piece = pos.piece_at(from).expect("a piece");
    lines.attacks(piece, from, occupied).squares().collect()
}

#[test]
fn attacks_are_the_walked_rays_and_leaps() {
    let mut rng = Rng::new(7);
    let mut variants = all_variants();
    variants.extend(lab_variants(&[(6, 6), (5, 7), (10, 12), (16, 16)]));
    let mut checked = 0;
    for v in &variants {
        for pos in random_game(v, &mut rng, 30) {
            let all: SquareSet = pos.occupied_by(Color::White) | pos.occupied_by(Color::Black);
            for from in all.iter() {
                let got = match v.tables().lines() {
                    LineSets::Word(lines) => computed(lines, &pos, from),
                    LineSets::Double(lines) => computed(lines, &pos, from),
                    LineSets::Wide(lines) => computed(lines, &pos, from),
                };
                assert_eq!(got, walked(v, &pos, from), "{} {from:?}", v.id());
                checked += 1;
            }
        }
    }
    assert!(checked > 20_000, "{checked}");
}
