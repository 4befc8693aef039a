//! The explorer's board: a diagram of pieces on a variant's squares, kings or not, with what
//! each piece reaches (blockers taken into account, check ignored), the paths it takes, how many
//! pieces of each side attack each square, and the way from a diagram to a game.

use std::sync::Arc;
use topochess_core::castling::{rights_bit, CastlingMode};
use topochess_core::fen::{self, FenError};
use topochess_core::geometry::{Square, SquareSet};
use topochess_core::paths::{piece_paths, PathStep};
use topochess_core::pieces::{Color, Piece, Role};
use topochess_core::position::Position;
use topochess_core::variant::Variant;

/// Pieces on the squares of a variant's board; any arrangement is a diagram.
#[derive(Clone, Debug)]
pub struct Placement {
    variant: Arc<Variant>,
    squares: Vec<Option<Piece>>,
}

impl PartialEq for Placement {
    fn eq(&self, other: &Placement) -> bool {
        self.variant.id() == other.variant.id() && self.squares == other.squares
    }
}

impl Placement {
    /// An empty board.
    pub fn empty(variant: Arc<Variant>) -> Placement {
        let n = variant.size().squares();
        Placement {
            variant,
            squares: vec![None; n],
        }
    }

    /// The pieces of a position.
    pub fn of(pos: &Position) -> Placement {
        let mut p = Placement::empty(pos.variant().clone());
        for (sq, piece) in pos.pieces() {
            p.squares[sq.index()] = Some(piece);
        }
        p
    }

    /// The variant.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// The piece on `sq`.
    pub fn get(&self, sq: Square) -> Option<Piece> {
        self.squares.get(sq.index()).copied().flatten()
    }

    /// Puts `piece` on `sq` (or clears it); squares off the board are ignored.
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        if let Some(slot) = self.squares.get_mut(sq.index()) {
            *slot = piece;
        }
    }

    /// The board field of a FEN.
    pub fn board_fen(&self) -> String {
        let size = self.variant.size();
        let mut rows = Vec::new();
        for rank in (0..size.height() as i32).rev() {
            let cells: Vec<Option<Piece>> = (0..size.width() as i32)
                .map(|f| size.square(f, rank).and_then(|sq| self.get(sq)))
                .collect();
            let mut row = String::new();
            let mut empty = 0;
            for c in cells {
                match c {
                    Some(p) => {
                        if empty > 0 {
                            row += &empty.to_string();
                            empty = 0;
                        }
                        row.push(p.char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                row += &empty.to_string();
            }
            rows.push(row);
        }
        rows.join("/")
    }

    /// The diagram as a position with `turn` to move (no castling, no en passant), validated:
    /// the error says what makes it illegal.
    pub fn to_position(&self, turn: Color) -> Result<Position, FenError> {
        self.to_position_with(turn, 0, None)
    }

    /// The castling rights the diagram allows: in a variant that castles, each right whose king
    /// and rook stand on their starting squares (bits of [`topochess_core::castling::rights_bit`]).
    pub fn possible_rights(&self) -> u8 {
        let v = &self.variant;
        if v.castling() == CastlingMode::None {
            return 0;
        }
        let mut rights = 0;
        for color in Color::ALL {
            let king = v.size().square(v.king_file(), v.back_rank(color));
            if king.and_then(|k| self.get(k))
                != Some(Piece {
                    color,
                    role: Role::King,
                })
            {
                continue;
            }
            for h_rook in [true, false] {
                let rook = v.castling_rook_square(color, h_rook);
                if rook.and_then(|r| self.get(r))
                    == Some(Piece {
                        color,
                        role: Role::Rook,
                    })
                {
                    rights |= rights_bit(color, h_rook);
                }
            }
        }
        rights
    }

    /// The en-passant squares possible with `turn` to move: behind a pawn that can just have made
    /// a double step, with a pawn of `turn` to take there.
    pub fn possible_en_passant(&self, turn: Color) -> Vec<Square> {
        self.variant
            .size()
            .all()
            .filter(|&sq| self.get(sq).is_none())
            .filter(|&sq| {
                self.to_position_with(turn, 0, Some(sq))
                    .is_ok_and(|pos| pos.ep_square() == Some(sq))
            })
            .collect()
    }

    /// The diagram as a position with `turn` to move, the castling `rights` the diagram allows
    /// (others are left out) and en-passant square `ep`, validated: the error says what makes it
    /// illegal.
    pub fn to_position_with(
        &self,
        turn: Color,
        rights: u8,
        ep: Option<Square>,
    ) -> Result<Position, FenError> {
        let side = if turn == Color::White { "w" } else { "b" };
        let rights = rights & self.possible_rights();
        let mut letters: String = [
            ('K', Color::White, true),
            ('Q', Color::White, false),
            ('k', Color::Black, true),
            ('q', Color::Black, false),
        ]
        .iter()
        .filter(|&&(_, color, h_rook)| rights & rights_bit(color, h_rook) != 0)
        .map(|&(c, _, _)| c)
        .collect();
        if letters.is_empty() {
            letters.push('-');
        }
        let ep = ep
            .map(|sq| self.variant.size().name(sq))
            .unwrap_or_else(|| "-".into());
        fen::parse_position(
            self.variant.clone(),
            &format!("{} {side} {letters} {ep} 0 1", self.board_fen()),
        )
    }

    fn occupied(&self, sq: Square) -> bool {
        self.get(sq).is_some()
    }

    /// The squares the piece on `from` reaches: its moves with pieces as blockers (capturing
    /// enemies, stopped by friends), ignoring whether its own king would be in check.
    pub fn reach(&self, from: Square) -> SquareSet {
        let Some(piece) = self.get(from) else {
            return SquareSet::EMPTY;
        };
        let t = self.variant.tables();
        let free = |sq: Square| self.get(sq).is_none_or(|p| p.color != piece.color);
        let mut set = SquareSet::EMPTY;
        match piece.role {
            Role::Pawn => {
                if let Some(one) = t
                    .pawn_push(piece.color, from)
                    .filter(|&s| !self.occupied(s))
                {
                    set.insert(one);
                    if let Some(two) = t
                        .pawn_double(piece.color, from)
                        .filter(|&s| !self.occupied(s))
                    {
                        set.insert(two);
                    }
                }
                for &to in t.pawn_captures(piece.color, from) {
                    if self.get(to).is_some_and(|p| p.color != piece.color) {
                        set.insert(to);
                    }
                }
            }
            Role::Knight => set.extend(t.knight(from).iter().copied().filter(|&s| free(s))),
            Role::King => {
                set.extend(t.king(from).iter().copied().filter(|&s| free(s)));
                set.extend(t.king_over_pole(from).iter().copied().filter(|&s| free(s)));
            }
            role => {
                let dirs = role.ray_directions();
                for dir in dirs {
                    let mut clear = true;
                    for &to in t.ray(from, dir) {
                        match self.get(to) {
                            None => {
                                set.insert(to);
                            }
                            Some(p) => {
                                if p.color != piece.color {
                                    set.insert(to);
                                }
                                clear = false;
                                break;
                            }
                        }
                    }
                    if clear && self.variant.stationary_moves() && t.ray_returns(from, dir) {
                        set.insert(from);
                    }
                }
            }
        }
        set
    }

    /// The paths the piece on `from` takes to `to`.
    pub fn paths(&self, from: Square, to: Square) -> Vec<Vec<PathStep>> {
        let Some(piece) = self.get(from) else {
            return Vec::new();
        };
        let occupied = |sq: Square| sq != from && self.occupied(sq);
        piece_paths(
            &self.variant,
            &occupied,
            piece,
            from,
            to,
            self.occupied(to) && to != from,
        )
    }

    /// For each colour, how many of its pieces attack each square (pawns their capture squares,
    /// riders up to and including the first piece in their way).
    pub fn attack_counts(&self) -> [Vec<u8>; 2] {
        let t = self.variant.tables();
        let n = self.variant.size().squares();
        let mut counts = [vec![0u8; n], vec![0u8; n]];
        for from in self.variant.size().all() {
            let Some(piece) = self.get(from) else {
                continue;
            };
            let c = piece.color.index();
            let mut hit = SquareSet::EMPTY;
            match piece.role {
                Role::Pawn => hit.extend(t.pawn_captures(piece.color, from).iter().copied()),
                Role::Knight => hit.extend(t.knight(from).iter().copied()),
                Role::King => hit.extend(t.king(from).iter().copied()),
                role => {
                    let dirs = role.ray_directions();
                    for dir in dirs {
                        for &to in t.ray(from, dir) {
                            hit.insert(to);
                            if self.occupied(to) {
                                break;
                            }
                        }
                    }
                }
            }
            for sq in hit.iter() {
                counts[c][sq.index()] = counts[c][sq.index()].saturating_add(1);
            }
        }
        counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folded() -> Arc<Variant> {
        Arc::new(Variant::preset("folded", None).unwrap())
    }

    #[test]
    fn reach_counts_match_the_figures_and_blockers_count() {
        let v = folded();
        let size = v.size();
        let sq = |n: &str| size.parse_square(n).unwrap();
        let mut p = Placement::empty(v.clone());
        p.set(
            sq("c3"),
            Some(Piece {
                color: Color::White,
                role: Role::Rook,
            }),
        );
        assert_eq!(p.reach(sq("c3")).len(), 21);
        // A friendly piece on c5 blocks the file upwards; the way down over the fold remains.
        p.set(
            sq("c5"),
            Some(Piece {
                color: Color::White,
                role: Role::Pawn,
            }),
        );
        let blocked = p.reach(sq("c3"));
        assert!(!blocked.contains(sq("c5")));
        // c6 is still reached the long way: down over the fold, up the f-file, over the top.
        assert!(blocked.contains(sq("c6")) && blocked.contains(sq("f4")));
        assert_eq!(blocked.len(), 20);
        // An enemy piece is taken, not passed.
        p.set(
            sq("c5"),
            Some(Piece {
                color: Color::Black,
                role: Role::Pawn,
            }),
        );
        assert!(p.reach(sq("c3")).contains(sq("c5")));
        let counts = p.attack_counts();
        assert_eq!(counts[0][sq("c5").index()], 1);
        assert_eq!(counts[1][sq("c5").index()], 0);
        assert!(!p.paths(sq("c3"), sq("f3")).is_empty());
    }

    #[test]
    fn diagrams_become_positions_only_when_legal() {
        let v = folded();
        let size = v.size();
        let sq = |n: &str| size.parse_square(n).unwrap();
        let mut p = Placement::empty(v);
        assert!(matches!(
            p.to_position(Color::White),
            Err(FenError::KingCount { .. })
        ));
        p.set(
            sq("e1"),
            Some(Piece {
                color: Color::White,
                role: Role::King,
            }),
        );
        p.set(
            sq("e5"),
            Some(Piece {
                color: Color::Black,
                role: Role::King,
            }),
        );
        assert!(p.to_position(Color::White).is_ok());
        p.set(
            sq("a8"),
            Some(Piece {
                color: Color::White,
                role: Role::Pawn,
            }),
        );
        assert_eq!(
            p.to_position(Color::White).unwrap_err(),
            FenError::PawnOnBackRank("a8".into())
        );
    }
}
