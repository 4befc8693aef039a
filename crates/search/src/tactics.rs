//! The tactics a move shows, named as puzzles name them: a fork (the moved piece attacks two
//! targets at once), a pin (it attacks a piece that shields a more valuable one behind it) and a
//! skewer (it attacks a valuable piece with a lesser one behind). Lines are the surface's own:
//! a pin may run over a fold or a pole. Also the material count the puzzles measure gains by.

use topochess_core::paths::piece_paths;
use topochess_core::pieces::Role;
use topochess_core::{Color, Move, Position, Square};

/// A tactic a move shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Tactic {
    /// The moved piece attacks two targets at once.
    Fork,
    /// The moved piece pins a piece to a more valuable one behind it.
    Pin,
    /// The moved piece attacks a valuable piece with a lesser one behind it.
    Skewer,
}

/// A piece's value in pawns' hundredths for counting material (the king counts for nothing
/// here; as a target it outweighs everything).
pub fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight | Role::Bishop => 300,
        Role::Rook => 500,
        Role::Queen => 900,
        Role::King => 0,
    }
}

/// A target's worth when attacked: the king above any piece.
fn worth(role: Role) -> i32 {
    if role == Role::King {
        10_000
    } else {
        value(role)
    }
}

/// `side`'s material less the other side's.
pub fn balance(pos: &Position, side: Color) -> i32 {
    pos.pieces()
        .into_iter()
        .map(|(_, p)| {
            let v = value(p.role);
            if p.color == side {
                v
            } else {
                -v
            }
        })
        .sum()
}

/// The tactics of `mv` (legal in `pos`), seen in the position after it.
pub fn tactics(pos: &Position, mv: Move) -> Vec<Tactic> {
    let mut after = pos.clone();
    after.play_unchecked(mv);
    let me = pos.turn();
    let at = mv.to;
    let Some(mover) = after.piece_at(at) else {
        return Vec::new();
    };
    let attacks = |target: Square| after.attackers(target, me).contains(at);
    let enemies: Vec<(Square, Role)> = after
        .pieces()
        .into_iter()
        .filter(|(_, p)| p.color != me)
        .map(|(sq, p)| (sq, p.role))
        .collect();
    let mut found = Vec::new();
    // A fork: two targets, each the king, worth more than the attacker, or left unguarded.
    let targets = enemies
        .iter()
        .filter(|&&(sq, role)| {
            role != Role::Pawn
                && attacks(sq)
                && (worth(role) > value(mover.role) || after.attackers(sq, !me).is_empty())
        })
        .count();
    if targets >= 2 {
        found.push(Tactic::Fork);
    }
    // A pin or a skewer: a rider's line through an enemy piece onto another behind it.
    if matches!(mover.role, Role::Bishop | Role::Rook | Role::Queen) {
        for &(front, front_role) in enemies.iter().filter(|&&(sq, _)| attacks(sq)) {
            let occupied = |sq: Square| sq != front && sq != at && after.piece_at(sq).is_some();
            for &(back, back_role) in &enemies {
                if back == front || back_role == Role::Pawn {
                    continue;
                }
                let through = piece_paths(after.variant(), &occupied, mover, at, back, true)
                    .iter()
                    .any(|path| path.iter().any(|s| s.square == front));
                if !through {
                    continue;
                }
                if worth(back_role) > worth(front_role) {
                    found.push(Tactic::Pin);
                } else if worth(front_role) > worth(back_role) && value(back_role) >= 300 {
                    found.push(Tactic::Skewer);
                }
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use topochess_core::{fen, san, Variant};

    fn on(variant: &str, text: &str, mv: &str) -> Vec<Tactic> {
        let v = Arc::new(Variant::preset(variant, None).unwrap());
        let pos = fen::parse_position(v, text).unwrap();
        let mv = san::parse_move(&pos, mv).unwrap();
        tactics(&pos, mv)
    }

    #[test]
    fn a_knight_fork_a_pin_and_a_skewer_on_the_flat_board() {
        // Nc7+ forks the king on e8 and the rook on a8.
        assert_eq!(
            on("standard", "r3k3/8/8/3N4/8/8/8/4K3 w - - 0 1", "Nc7+"),
            [Tactic::Fork]
        );
        // Bb5 pins the knight on c6 to the king on e8.
        assert_eq!(
            on("standard", "4k3/8/2n5/8/8/8/8/4KB2 w - - 0 1", "Bb5"),
            [Tactic::Pin]
        );
        // Re1+ skewers the king on e6 and the queen on e8.
        assert_eq!(
            on("standard", "4q3/8/4k3/8/8/8/8/R5K1 w - - 0 1", "Re1+"),
            [Tactic::Skewer]
        );
        // A quiet move shows nothing.
        assert!(on("standard", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra2").is_empty());
    }

    #[test]
    fn a_skewer_over_the_fold() {
        // On the folded board the c file goes on as the f file: Rc3+ checks the king on f5
        // over the fold, with the queen behind it on f3.
        let found = on("folded", "8/8/8/5k2/8/5q2/8/1R2K3 w - - 0 1", "Rc1");
        assert!(found.contains(&Tactic::Skewer), "{found:?}");
    }

    #[test]
    fn balance_counts_material_for_a_side() {
        let v = Arc::new(Variant::preset("standard", None).unwrap());
        let pos = fen::parse_position(v, "4k3/8/8/8/8/8/PP6/R3K3 w - - 0 1").unwrap();
        assert_eq!(balance(&pos, Color::White), 700);
        assert_eq!(balance(&pos, Color::Black), -700);
    }
}
