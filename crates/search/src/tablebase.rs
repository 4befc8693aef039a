//! Endgame tables: the result of every legal position of a material set on a surface, with both
//! sides to move, by retrograde analysis from the mates backwards. Values are distances to mate
//! in plies. Positions have no castling rights and no en-passant square; the fifty-move rule is
//! not applied. For materials without pawns the builder works on a few squares and keeps one
//! position per class of the surface's symmetries (`tablebase/retrograde.rs`,
//! `tablebase/symmetry.rs`); with pawns the general builder decodes every position into a
//! [`Position`] (`tablebase/build.rs`), and the tests hold the two to the same values. Pure: no clock, no threads; the builder reports
//! progress to the caller.

use std::collections::BTreeMap;

use std::sync::Arc;
use topochess_core::setup::Setup;
use topochess_core::{Color, Move, Piece, Position, Role, Square, Variant};

mod board;
mod build;
mod codes;
mod ledger;
mod retrograde;
mod symmetry;

pub use build::Builder;

/// Sorts a short list in place (an insertion sort: the lists here are a few dozen long at most,
/// and one small loop per type costs less to download than the standard sorts).
fn insertion_sort<T: Ord>(v: &mut [T]) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && v[j - 1] > v[j] {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Puts pieces in a material's order: White's first, each side's king first, then queens,
/// rooks, bishops, knights, pawns (an insertion sort: at most five pieces).
fn order_pieces(pieces: &mut [Piece]) {
    let key = |p: &Piece| (p.color.index(), p.role != Role::King, 5 - p.role as u8);
    for i in 1..pieces.len() {
        let mut j = i;
        while j > 0 && key(&pieces[j - 1]) > key(&pieces[j]) {
            pieces.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// A material set: the pieces of each side, kings included (`KRvK`: White king and rook
/// against the Black king).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Material {
    /// The pieces, White's first, each side's king first.
    pieces: Vec<Piece>,
}

impl Material {
    /// Reads `KRvK`, `KBNvK`, `KQvKR`: White's pieces, `v`, Black's; each side one king.
    pub fn parse(text: &str) -> Result<Material, String> {
        let (white, black) = text
            .split_once(['v', 'V'])
            .ok_or_else(|| format!("'{text}' is not like KRvK"))?;
        let side = |letters: &str, color: Color| -> Result<Vec<Piece>, String> {
            let pieces: Vec<Piece> = letters
                .chars()
                .map(|c| {
                    Piece::from_char(c.to_ascii_uppercase())
                        .map(|p| Piece {
                            color,
                            role: p.role,
                        })
                        .ok_or_else(|| format!("'{c}' is not a piece letter"))
                })
                .collect::<Result<_, _>>()?;
            if pieces.iter().filter(|p| p.role == Role::King).count() != 1 {
                return Err(format!("'{letters}' needs exactly one king"));
            }
            Ok(pieces)
        };
        let mut pieces = side(white, Color::White)?;
        pieces.extend(side(black, Color::Black)?);
        if pieces.len() > 5 {
            return Err("at most five pieces".into());
        }
        order_pieces(&mut pieces);
        Ok(Material { pieces })
    }

    /// The material of `pos`, in this type's order.
    pub fn of(pos: &Position) -> Material {
        let mut pieces: Vec<Piece> = pos.pieces().into_iter().map(|(_, p)| p).collect();
        order_pieces(&mut pieces);
        Material { pieces }
    }

    /// The pieces, White's first, each side's king first.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The name, like `KRvK`.
    pub fn name(&self) -> String {
        let side = |c: Color| -> String {
            self.pieces
                .iter()
                .filter(|p| p.color == c)
                .map(|p| p.role.upper())
                .collect()
        };
        format!("{}v{}", side(Color::White), side(Color::Black))
    }

    /// The material left when piece `i` is captured.
    fn without(&self, i: usize) -> Material {
        let mut pieces = self.pieces.clone();
        pieces.remove(i);
        Material { pieces }
    }

    /// The material when piece `i` (a pawn) becomes `role`.
    fn promoted(&self, i: usize, role: Role) -> Material {
        let mut pieces = self.pieces.clone();
        pieces[i].role = role;
        order_pieces(&mut pieces);
        Material { pieces }
    }

    /// Only the two kings.
    fn bare(&self) -> bool {
        self.pieces.len() == 2
    }
}

/// The result of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// The side to move mates in this many plies (odd).
    Win(u8),
    /// The side to move is mated in this many plies (even; 0: mated now).
    Loss(u8),
    /// Neither side can force mate.
    Draw,
}

impl Value {
    fn of_code(code: u8) -> Option<Value> {
        match code {
            UNKNOWN => Some(Value::Draw),
            INVALID => None,
            c => {
                let plies = c - 1;
                Some(if plies % 2 == 1 {
                    Value::Win(plies)
                } else {
                    Value::Loss(plies)
                })
            }
        }
    }

    /// Moves (not plies) to mate: positive when the side to move mates, negative when it is
    /// mated; `None` for a draw.
    pub fn moves_to_mate(self) -> Option<i32> {
        match self {
            Value::Win(p) => Some((p as i32 + 1) / 2),
            Value::Loss(p) => Some(-(p as i32) / 2),
            Value::Draw => None,
        }
    }
}

/// A stored code: not yet resolved (a draw once the table is built).
const UNKNOWN: u8 = 0;
/// A stored code: no legal position has this index.
const INVALID: u8 = 255;

/// The counts of one side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideCounts {
    /// Legal positions.
    pub legal: u64,
    /// Won for the side to move.
    pub won: u64,
    /// Drawn.
    pub drawn: u64,
    /// Lost for the side to move.
    pub lost: u64,
    /// The longest forced mate the side to move gives, in moves (0 when it wins nowhere).
    pub longest: u32,
}

/// Progress of a build.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The table being built (sub-tables come first).
    pub material: String,
    /// What it is doing.
    pub stage: &'static str,
    /// Done so far, of `total`.
    pub done: u64,
    /// The whole.
    pub total: u64,
}

/// Why a table cannot be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TablebaseError {
    /// Too many positions to hold.
    TooLarge(u64),
    /// Castling or a variant the builder does not take.
    Unsupported(String),
}

impl std::fmt::Display for TablebaseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TablebaseError::TooLarge(n) => write!(f, "{n} positions are more than a table holds"),
            TablebaseError::Unsupported(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for TablebaseError {}

/// The most positions (indices) one table may have.
pub const MAX_POSITIONS: u64 = 1 << 27;

/// One material's table: a code per index of its layout.
struct Table {
    codes: codes::Codes,
    layout: symmetry::Layout,
}

impl Table {
    /// The value of the position with the pieces (in the material's order) on `sq` and `turn`
    /// to move.
    fn value(&self, turn: Color, sq: &[u8]) -> Option<Value> {
        Value::of_code(self.codes.get(self.layout.index(turn, sq))?)
    }

    /// The position stored at `index`.
    fn position(
        &self,
        variant: &Arc<Variant>,
        material: &Material,
        index: usize,
    ) -> Option<Position> {
        let mut sq = [0u8; 8];
        let turn = self.layout.decode(index, &mut sq);
        let squares: Vec<Square> = sq[..material.pieces.len()]
            .iter()
            .map(|&s| Square(s))
            .collect();
        position_of(variant, material, &squares, turn)
    }
}

/// The value of `pos` for the side to move from `tables`, if they have its material.
fn lookup(tables: &BTreeMap<String, Table>, pos: &Position) -> Option<Value> {
    let material = Material::of(pos);
    if material.bare() {
        return Some(Value::Draw);
    }
    let table = tables.get(&material.name())?;
    let squares = squares_in_order(pos, &material)?;
    let sq: Vec<u8> = squares.iter().map(|s| s.0).collect();
    table.value(pos.turn(), &sq)
}

/// A built table, with the tables of the materials its captures and promotions lead to.
pub struct Tablebase {
    variant: Arc<Variant>,
    tables: BTreeMap<String, Table>,
    material: Material,
}

/// The index of the pieces on `squares` with `turn` to move.
fn index_of(n: usize, turn: Color, squares: &[Square]) -> usize {
    squares
        .iter()
        .fold(turn.index(), |acc, s| acc * n + s.index())
}

/// The squares and side to move of `index` (`k` pieces).
fn squares_of(n: usize, k: usize, mut index: usize, out: &mut Vec<Square>) -> Color {
    out.clear();
    out.resize(k, Square(0));
    for slot in out.iter_mut().rev() {
        *slot = Square((index % n) as u8);
        index /= n;
    }
    if index == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// The position of `material` on `squares` with `turn` to move, if legal.
fn position_of(
    variant: &Arc<Variant>,
    material: &Material,
    squares: &[Square],
    turn: Color,
) -> Option<Position> {
    for (i, a) in squares.iter().enumerate() {
        if squares[..i].contains(a) {
            return None;
        }
    }
    let setup = Setup {
        pieces: squares
            .iter()
            .copied()
            .zip(material.pieces.iter().copied())
            .collect(),
        turn,
        castling: Vec::new(),
        ep: None,
        halfmoves: 0,
        fullmoves: 1,
    };
    Position::from_setup(variant.clone(), &setup).ok()
}

impl Tablebase {
    /// Builds the table of `material` on `variant` (and those its captures and promotions lead
    /// to), telling `progress` how it goes now and then.
    pub fn build(
        variant: Arc<Variant>,
        material: &Material,
        progress: &mut dyn FnMut(&Progress),
    ) -> Result<Tablebase, TablebaseError> {
        let mut builder = Builder::new(variant, material)?;
        while !builder.step(1 << 16)? {
            progress(&builder.progress());
        }
        builder
            .finish()
            .ok_or_else(|| TablebaseError::Unsupported("the build stopped early".into()))
    }

    /// The table of the material itself (not of those its captures lead to).
    fn own(&self) -> &Table {
        &self.tables[&self.material.name()]
    }

    /// The material of the table.
    pub fn material(&self) -> &Material {
        &self.material
    }

    /// The variant.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.variant
    }

    /// The value of `pos` for the side to move, if the tables have its material (castling
    /// rights and en passant are not looked at).
    pub fn probe(&self, pos: &Position) -> Option<Value> {
        lookup(&self.tables, pos)
    }

    /// The best move in `pos` by the tables (the quickest mate, the slowest loss, or a move
    /// that keeps the draw), with its value for the side to move.
    pub fn best_move(&self, pos: &Position) -> Option<(Move, Value)> {
        let mut best: Option<(Move, Value, i32)> = None;
        for mv in pos.legal_moves() {
            let mut next = pos.clone();
            next.play_unchecked(mv);
            let theirs = self.probe(&next)?;
            let (mine, rank) = match theirs {
                Value::Loss(p) => (Value::Win(p + 1), 1000 - p as i32),
                Value::Win(p) => (Value::Loss(p + 1), -1000 + p as i32),
                Value::Draw => (Value::Draw, 0),
            };
            if best.is_none_or(|b| rank > b.2) {
                best = Some((mv, mine, rank));
            }
        }
        best.map(|(mv, v, _)| (mv, v))
    }

    /// The counts of each side to move: legal positions, won, drawn, lost, longest mate. Pieces
    /// alike are not told apart; each position kept stands for its class under the symmetries.
    pub fn counts(&self) -> [SideCounts; 2] {
        let table = &self.own();
        let half = table.codes.len() / 2;
        let mut out = [SideCounts::default(); 2];
        for (i, code) in table.codes.iter().enumerate() {
            let Some(v) = Value::of_code(code) else {
                continue;
            };
            let weight = table.layout.weight(i);
            let c = &mut out[usize::from(i >= half)];
            c.legal += weight;
            match v {
                Value::Win(p) => {
                    c.won += weight;
                    c.longest = c.longest.max((p as u32).div_ceil(2));
                }
                Value::Loss(_) => c.lost += weight,
                Value::Draw => c.drawn += weight,
            }
        }
        out
    }

    /// The number of symmetries the table was reduced by (1: every position kept).
    pub fn symmetries(&self) -> usize {
        self.own().layout.symmetries()
    }

    /// The number of positions the table stores (both sides to move).
    pub fn stored(&self) -> usize {
        self.own().codes.len()
    }

    /// The bytes the table's codes take (four bits a position where every code fits).
    pub fn bytes(&self) -> usize {
        self.own().codes.bytes()
    }

    /// Positions of the table with `turn` to move and the value `wanted` picks, in index order
    /// (at most `limit`).
    pub fn examples(
        &self,
        turn: Color,
        limit: usize,
        wanted: impl Fn(Value) -> bool,
    ) -> Vec<Position> {
        let table = &self.own();
        let half = table.codes.len() / 2;
        let range = turn.index() * half..(turn.index() + 1) * half;
        let mut out = Vec::new();
        for i in range {
            if out.len() >= limit {
                break;
            }
            if table
                .codes
                .get(i)
                .and_then(Value::of_code)
                .is_some_and(&wanted)
            {
                out.extend(table.position(&self.variant, &self.material, i));
            }
        }
        out
    }

    /// A position with the longest mate for `turn` to move, if that side wins anywhere.
    pub fn longest_mate(&self, turn: Color) -> Option<Position> {
        let table = &self.own();
        let half = table.codes.len() / 2;
        let range = turn.index() * half..(turn.index() + 1) * half;
        let (i, _) = range
            .clone()
            .filter_map(|i| Some((i - range.start, table.codes.get(i)?)))
            .filter(|&(_, c)| matches!(Value::of_code(c), Some(Value::Win(_))))
            .max_by_key(|&(_, c)| c)?;
        table.position(&self.variant, &self.material, range.start + i)
    }
}

/// The squares of `pos`'s pieces in the order of `material`'s pieces; pieces alike are taken in
/// square order (the builder stores every order of them).
fn squares_in_order(pos: &Position, material: &Material) -> Option<Vec<Square>> {
    let mut left = pos.pieces();
    material
        .pieces
        .iter()
        .map(|want| {
            let i = left.iter().position(|(_, p)| p == want)?;
            Some(left.remove(i).0)
        })
        .collect()
}

#[cfg(test)]
mod tests;
