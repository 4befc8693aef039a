//! `Position::exchange` (the static exchange, which lifts each capturer off the board) equals the
//! exchange played out by making the captures one after the other, each side taking with its
//! least valuable attacker, on every preset and on lab surfaces, among them those whose rides
//! cannot be walked back; `Position::exchange_at_least` agrees with it at every threshold.

mod common;

use common::{all_variants, lab_variants, random_game, Rng};
use topochess_core::{Move, MoveKind, Position, Role};

/// Piece values with a tie (knight and bishop), so the lowest-square rule is exercised too.
const VALUES: [i32; 6] = [100, 300, 300, 500, 900, 20_000];

fn value(role: Role) -> i32 {
    VALUES[role as usize]
}

/// The exchange after `mv`, found by making each capture: the gains of each capture, then each
/// side stops where going on would cost it.
fn made(pos: &Position, mv: Move) -> i32 {
    let victim = pos.piece_at(mv.to).expect("a capture");
    let mover = pos.piece_at(mv.from).expect("a mover");
    let mut gains = vec![value(victim.role) + mv.promotion().map_or(0, |r| value(r) - 100)];
    let mut on_square = value(mv.promotion().unwrap_or(mover.role));
    let mut board = pos.clone();
    board.play_unchecked(mv);
    let mut side = !pos.turn();
    while gains.len() < 32 {
        let mut attackers = board.attackers(mv.to, side);
        attackers.remove(mv.to);
        let Some(from) = attackers
            .iter()
            .min_by_key(|&s| value(board.piece_at(s).expect("an attacker").role))
        else {
            break;
        };
        gains.push(on_square - gains[gains.len() - 1]);
        on_square = value(board.piece_at(from).expect("an attacker").role);
        board.play_unchecked(Move {
            from,
            to: mv.to,
            kind: MoveKind::Normal,
        });
        side = !side;
    }
    while gains.len() > 1 {
        let last = gains.pop().expect("a gain");
        let before = gains.len() - 1;
        gains[before] = -(-gains[before]).max(last);
    }
    gains[0]
}

#[test]
fn the_exchange_is_the_captures_made() {
    let mut rng = Rng::new(11);
    let mut variants = all_variants();
    variants.extend(lab_variants(&[(6, 6), (5, 7), (10, 12), (16, 16)]));
    let (mut captures, mut answered, mut walked) = (0, 0, 0);
    for v in &variants {
        for pos in random_game(v, &mut rng, 40) {
            for mv in pos.legal_moves() {
                if mv.kind == MoveKind::EnPassant || pos.piece_at(mv.to).is_none() {
                    continue;
                }
                let expected = made(&pos, mv);
                assert_eq!(pos.exchange(mv, &VALUES), expected, "{} {mv:?}", v.id());
                // The threshold test, stopped early, agrees with the whole exchange on each side
                // of its value and of the usual thresholds.
                for threshold in [expected - 1, expected, expected + 1, -300, -1, 0, 1, 300] {
                    assert_eq!(
                        pos.exchange_at_least(mv, &VALUES, threshold),
                        expected >= threshold,
                        "{} {mv:?} at least {threshold}",
                        v.id()
                    );
                }
                captures += 1;
                let first = value(pos.piece_at(mv.to).expect("a victim").role);
                if expected != first + mv.promotion().map_or(0, |r| value(r) - 100) {
                    answered += 1;
                }
                if !v.tables().rides_reversible() {
                    walked += 1;
                }
            }
        }
    }
    assert!(
        captures > 5_000 && answered > 1_000 && walked > 200,
        "{captures} {answered} {walked}"
    );
}

/// Moves that take nothing, and en-passant captures, count 0.
#[test]
fn quiet_moves_and_en_passant_count_nothing() {
    let pos = common::position("standard", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    let ep = pos
        .legal_moves()
        .into_iter()
        .find(|m| m.kind == MoveKind::EnPassant)
        .expect("en passant");
    assert_eq!(pos.exchange(ep, &VALUES), 0);
    assert!(pos.exchange_at_least(ep, &VALUES, 0) && !pos.exchange_at_least(ep, &VALUES, 1));
    let quiet = pos
        .legal_moves()
        .into_iter()
        .find(|m| pos.piece_at(m.to).is_none() && m.kind == MoveKind::Normal)
        .expect("a quiet move");
    assert_eq!(pos.exchange(quiet, &VALUES), 0);
    assert!(pos.exchange_at_least(quiet, &VALUES, -5) && !pos.exchange_at_least(quiet, &VALUES, 5));
}
