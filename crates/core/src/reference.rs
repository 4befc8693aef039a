//! The slow, obviously-correct move generator: it walks the surface step by step for every piece
//! (no tables, no reverse rays, no pin logic), makes each candidate move and asks whether any enemy
//! piece could then capture the king. Tests compare the fast generator against it.

use crate::geometry::{Dir, Square, SquareSet};
use crate::moves::{Move, MoveKind};
use crate::pieces::{Color, Role};
use crate::position::Position;
use crate::surface::{Heading, KingRule};
use std::collections::HashSet;

/// Where the piece on `from` could go or capture if the squares in its way were as they are:
/// every square it attacks, plus (for a pawn) none of its pushes.
fn targets(pos: &Position, from: Square) -> Vec<Square> {
    let v = pos.variant();
    let surface = v.surface();
    let Some(piece) = pos.piece_at(from) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    match piece.role {
        Role::Pawn => {
            let rank = pos.size().rank(from);
            if let Some(fwd) = v.pawns().forward(piece.color, rank) {
                for dx in [1, -1] {
                    let dir = Dir { dx, dy: fwd.dy };
                    if let Some(step) = surface.diagonal_step(Heading { square: from, dir }) {
                        // Only where the pawn can stand (it goes on or promotes there).
                        if v.pawns()
                            .may_stand(piece.color, pos.size().rank(step.to.square))
                        {
                            out.push(step.to.square);
                        }
                    }
                }
            }
        }
        Role::Knight => out.extend(surface.knight_paths(from).iter().map(|p| p.target())),
        // A king's step over a guarded pole is never an attack (see `crate::poles`).
        Role::King => out.extend(
            surface
                .king_steps(from)
                .iter()
                .filter(|(dir, _)| {
                    surface.king_rule() != KingRule::GuardedPole
                        || !surface.crosses_pole(from, *dir)
                })
                .map(|(_, s)| s.to.square),
        ),
        role => {
            for dir in Dir::ALL {
                if (dir.is_orthogonal() && !role.rides_orthogonally())
                    || (!dir.is_orthogonal() && !role.rides_diagonally())
                {
                    continue;
                }
                let mut seen = HashSet::new();
                let mut at = Heading { square: from, dir };
                seen.insert(at);
                while let Some(step) = surface.step(at) {
                    if step.to.square == from || !seen.insert(step.to) {
                        break;
                    }
                    out.push(step.to.square);
                    if pos.piece_at(step.to.square).is_some() {
                        break;
                    }
                    at = step.to;
                }
            }
        }
    }
    out.retain(|&sq| sq != from);
    out
}

/// Every square a piece of `by` attacks.
pub fn attacked_squares(pos: &Position, by: Color) -> SquareSet {
    pos.pieces()
        .into_iter()
        .filter(|(_, p)| p.color == by)
        .flat_map(|(sq, _)| targets(pos, sq))
        .collect()
}

/// Stationary moves of riders: a ray that comes back to its start with the path clear.
fn stationary(pos: &Position, from: Square, role: Role) -> bool {
    let surface = pos.variant().surface();
    Dir::ALL.iter().any(|&dir| {
        if (dir.is_orthogonal() && !role.rides_orthogonally())
            || (!dir.is_orthogonal() && !role.rides_diagonally())
        {
            return false;
        }
        let (steps, returns) = surface.ray(from, dir);
        returns
            && steps
                .iter()
                .all(|s| s.to.square == from || pos.piece_at(s.to.square).is_none())
    })
}

/// Every legal move, by the slow path.
pub fn legal_moves(pos: &Position) -> Vec<Move> {
    let v = pos.variant().clone();
    let surface = v.surface();
    let us = pos.turn();
    let size = pos.size();
    let mut candidates: Vec<Move> = Vec::new();
    for (from, piece) in pos.pieces() {
        if piece.color != us {
            continue;
        }
        let mut add = |to: Square, kind: MoveKind| {
            let promotes =
                piece.role == Role::Pawn && size.rank(to) == v.pawns().promotion_rank(us);
            if promotes {
                for role in Role::PROMOTIONS {
                    candidates.push(Move {
                        from,
                        to,
                        kind: MoveKind::Promotion(role),
                    });
                }
            } else {
                candidates.push(Move { from, to, kind });
            }
        };
        if piece.role == Role::Pawn {
            let Some(fwd) = v.pawns().forward(us, size.rank(from)) else {
                continue;
            };
            if let Some((one, _)) = surface.orthogonal_step(from, fwd) {
                if pos.piece_at(one).is_none() {
                    add(one, MoveKind::Normal);
                    if v.pawns().may_double_step(us, size.rank(from)) {
                        if let Some((two, _)) = surface.orthogonal_step(one, fwd) {
                            if pos.piece_at(two).is_none() {
                                add(two, MoveKind::DoubleStep);
                            }
                        }
                    }
                }
            }
            for to in targets(pos, from) {
                match pos.piece_at(to) {
                    Some(p) if p.color != us => add(to, MoveKind::Normal),
                    None if pos.ep_square() == Some(to) => add(to, MoveKind::EnPassant),
                    _ => {}
                }
            }
        } else {
            for to in targets(pos, from) {
                if pos.piece_at(to).is_none_or(|p| p.color != us) {
                    add(to, MoveKind::Normal);
                }
            }
            if piece.role == Role::King && surface.king_rule() == KingRule::GuardedPole {
                for (dir, step) in surface.king_steps(from) {
                    let to = step.to.square;
                    let south = size.rank(from) == 0;
                    if surface.crosses_pole(from, dir)
                        && to != from
                        && pos.piece_at(to).is_none_or(|p| p.color != us)
                        && !crate::poles::pole_guarded(pos, south, !us, from)
                    {
                        add(to, MoveKind::Normal);
                    }
                }
            }
            if v.stationary_moves()
                && matches!(piece.role, Role::Bishop | Role::Rook | Role::Queen)
                && stationary(pos, from, piece.role)
            {
                add(from, MoveKind::Normal);
            }
        }
    }
    let in_check = attacked_squares(pos, !us).contains(pos.king(us));
    for plan in v.castle_plans(us) {
        let attacked = attacked_squares(pos, !us);
        let ok = pos.castling_rights() & plan.kind.right(us) != 0
            && !in_check
            && pos.piece_at(plan.king_from).map(|p| (p.color, p.role)) == Some((us, Role::King))
            && pos.piece_at(plan.rook_from).map(|p| (p.color, p.role)) == Some((us, Role::Rook))
            && plan
                .must_be_empty
                .iter()
                .all(|&s| pos.piece_at(s).is_none())
            && plan.king_passes.iter().all(|&s| !attacked.contains(s));
        if ok {
            candidates.push(Move {
                from: plan.king_from,
                to: plan.king_to,
                kind: MoveKind::Castle(plan.kind),
            });
        }
    }
    let mut seen = HashSet::new();
    candidates
        .into_iter()
        .filter(|&mv| seen.insert(mv))
        .filter(|&mv| {
            let mut after = pos.clone();
            after.play_unchecked(mv);
            !attacked_squares(&after, !us).contains(after.king(us))
        })
        .collect()
}
