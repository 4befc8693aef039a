//! Squares, board sizes, directions and frames: the vocabulary every surface is built from.

use core::fmt;
use core::ops::Index;

/// The largest board side the engine supports (files and ranks).
pub const MAX_SIDE: u8 = 16;
/// The largest number of squares on a board (16x16).
pub const MAX_SQUARES: usize = 256;

/// A square, as an index `rank * width + file` on a board of known width.
///
/// A `Square` alone does not know the board it lives on; [`BoardSize`] converts between squares,
/// coordinates and names.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Square(pub u8);

impl Square {
    /// The index of the square, `0..width*height`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The dimensions of a board: `width` files by `height` ranks, each from 1 to [`MAX_SIDE`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct BoardSize {
    width: u8,
    height: u8,
}

/// A board size outside `1..=16` in either direction.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BadBoardSize {
    /// The requested number of files.
    pub width: u32,
    /// The requested number of ranks.
    pub height: u32,
}

impl fmt::Display for BadBoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "a board of {}x{} squares is not supported (each side must be 1 to {MAX_SIDE})",
            self.width, self.height
        )
    }
}

impl std::error::Error for BadBoardSize {}

impl BoardSize {
    /// The ordinary 8x8 board.
    pub const STANDARD: BoardSize = BoardSize {
        width: 8,
        height: 8,
    };

    /// A board of `width` files and `height` ranks.
    pub fn new(width: u32, height: u32) -> Result<BoardSize, BadBoardSize> {
        if (1..=MAX_SIDE as u32).contains(&width) && (1..=MAX_SIDE as u32).contains(&height) {
            Ok(BoardSize {
                width: width as u8,
                height: height as u8,
            })
        } else {
            Err(BadBoardSize { width, height })
        }
    }

    /// Number of files.
    #[inline]
    pub const fn width(self) -> u8 {
        self.width
    }

    /// Number of ranks.
    #[inline]
    pub const fn height(self) -> u8 {
        self.height
    }

    /// Number of squares.
    #[inline]
    pub const fn squares(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Every square of the board, in index order (a1, b1, ..., then the next rank).
    pub fn all(self) -> impl Iterator<Item = Square> {
        (0..self.squares()).map(|i| Square(i as u8))
    }

    /// The square at file `f`, rank `r` (both 0-based), if it is on the board.
    #[inline]
    pub fn square(self, f: i32, r: i32) -> Option<Square> {
        if f >= 0 && r >= 0 && f < self.width as i32 && r < self.height as i32 {
            Some(Square((r * self.width as i32 + f) as u8))
        } else {
            None
        }
    }

    /// The 0-based file of a square.
    #[inline]
    pub const fn file(self, sq: Square) -> i32 {
        (sq.0 % self.width) as i32
    }

    /// The 0-based rank of a square.
    #[inline]
    pub const fn rank(self, sq: Square) -> i32 {
        (sq.0 / self.width) as i32
    }

    /// Whether a square index belongs to this board.
    #[inline]
    pub fn contains(self, sq: Square) -> bool {
        sq.index() < self.squares()
    }

    /// The name of a square: file letter and rank number (`a1`, `h14`).
    pub fn name(self, sq: Square) -> String {
        format!(
            "{}{}",
            (b'a' + self.file(sq) as u8) as char,
            self.rank(sq) + 1
        )
    }

    /// Parses a square name such as `e4` or `a14`; `None` if it is not a square of this board.
    pub fn parse_square(self, text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        let (&letter, digits) = bytes.split_first()?;
        if !letter.is_ascii_lowercase() || digits.is_empty() || digits.len() > 2 {
            return None;
        }
        if !digits.iter().all(u8::is_ascii_digit) || digits[0] == b'0' {
            return None;
        }
        let rank: i32 = core::str::from_utf8(digits).ok()?.parse().ok()?;
        self.square((letter - b'a') as i32, rank - 1)
    }

    /// Whether a square is light (`a1` is dark, as in chess).
    pub fn is_light(self, sq: Square) -> bool {
        (self.file(sq) + self.rank(sq)) % 2 == 1
    }
}

/// One of the eight board directions, as a unit vector `(dx, dy)`: N is rank +1, E is file +1.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Dir {
    /// File change: -1, 0 or 1.
    pub dx: i8,
    /// Rank change: -1, 0 or 1.
    pub dy: i8,
}

impl Dir {
    /// Rank +1.
    pub const N: Dir = Dir { dx: 0, dy: 1 };
    /// File +1.
    pub const E: Dir = Dir { dx: 1, dy: 0 };
    /// Rank -1.
    pub const S: Dir = Dir { dx: 0, dy: -1 };
    /// File -1.
    pub const W: Dir = Dir { dx: -1, dy: 0 };
    /// North-east.
    pub const NE: Dir = Dir { dx: 1, dy: 1 };
    /// South-east.
    pub const SE: Dir = Dir { dx: 1, dy: -1 };
    /// South-west.
    pub const SW: Dir = Dir { dx: -1, dy: -1 };
    /// North-west.
    pub const NW: Dir = Dir { dx: -1, dy: 1 };

    /// The four orthogonal directions, in the order N, E, S, W.
    pub const ORTHOGONAL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];
    /// The four diagonal directions, in the order NE, SE, SW, NW.
    pub const DIAGONAL: [Dir; 4] = [Dir::NE, Dir::SE, Dir::SW, Dir::NW];
    /// All eight directions: the orthogonal ones, then the diagonal ones.
    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::E,
        Dir::S,
        Dir::W,
        Dir::NE,
        Dir::SE,
        Dir::SW,
        Dir::NW,
    ];

    /// Whether this is one of N, E, S, W.
    #[inline]
    pub const fn is_orthogonal(self) -> bool {
        (self.dx == 0) != (self.dy == 0)
    }

    /// The opposite direction.
    #[inline]
    pub const fn reverse(self) -> Dir {
        Dir {
            dx: -self.dx,
            dy: -self.dy,
        }
    }

    /// The horizontal part of a direction (`E`, `W`), if it has one.
    pub const fn horizontal(self) -> Option<Dir> {
        match self.dx {
            0 => None,
            dx => Some(Dir { dx, dy: 0 }),
        }
    }

    /// The vertical part of a direction (`N`, `S`), if it has one.
    pub const fn vertical(self) -> Option<Dir> {
        match self.dy {
            0 => None,
            dy => Some(Dir { dx: 0, dy }),
        }
    }

    /// The position of this direction in [`Dir::ALL`].
    pub fn index(self) -> usize {
        Dir::ALL
            .iter()
            .position(|&d| d == self)
            .expect("a Dir is always one of the eight directions")
    }

    /// A short name: `N`, `NE`, ...
    pub const fn name(self) -> &'static str {
        match (self.dx, self.dy) {
            (0, 1) => "N",
            (1, 0) => "E",
            (0, -1) => "S",
            (-1, 0) => "W",
            (1, 1) => "NE",
            (1, -1) => "SE",
            (-1, -1) => "SW",
            _ => "NW",
        }
    }
}

/// A symmetry of the square (one of 8): how crossing a glued edge turns or mirrors a piece's frame.
///
/// Stored as the integer matrix `[a, b, c, d]` mapping `(dx, dy)` to `(a dx + b dy, c dx + d dy)`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Frame([i8; 4]);

impl Frame {
    /// No change.
    pub const IDENTITY: Frame = Frame([1, 0, 0, 1]);
    /// Half turn: every direction reversed.
    pub const ROTATE_180: Frame = Frame([-1, 0, 0, -1]);
    /// East and west swapped.
    pub const MIRROR_EW: Frame = Frame([-1, 0, 0, 1]);
    /// North and south swapped.
    pub const MIRROR_NS: Frame = Frame([1, 0, 0, -1]);

    /// Applies the symmetry to a direction.
    #[inline]
    pub const fn apply(self, d: Dir) -> Dir {
        let [a, b, c, e] = self.0;
        Dir {
            dx: a * d.dx + b * d.dy,
            dy: c * d.dx + e * d.dy,
        }
    }

    /// `self` after `first`: the frame change of crossing `first`'s edge, then `self`'s.
    pub const fn after(self, first: Frame) -> Frame {
        let [a, b, c, d] = self.0;
        let [e, f, g, h] = first.0;
        Frame([a * e + b * g, a * f + b * h, c * e + d * g, c * f + d * h])
    }
}

/// A set of squares on a board of up to 256 squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct SquareSet([u64; 4]);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet([0; 4]);

    /// The set of these four 64-square words, lowest squares first.
    #[inline]
    pub(crate) const fn from_words(words: [u64; 4]) -> SquareSet {
        SquareSet(words)
    }

    /// The four 64-square words, lowest squares first.
    #[inline]
    pub(crate) const fn words(&self) -> &[u64; 4] {
        &self.0
    }

    /// The four words to write, lowest squares first.
    #[inline]
    pub(crate) fn words_mut(&mut self) -> &mut [u64; 4] {
        &mut self.0
    }

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(&self, sq: Square) -> bool {
        self.0[(sq.0 >> 6) as usize] & (1u64 << (sq.0 & 63)) != 0
    }

    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0[(sq.0 >> 6) as usize] |= 1u64 << (sq.0 & 63);
    }

    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0[(sq.0 >> 6) as usize] &= !(1u64 << (sq.0 & 63));
    }

    /// Adds `sq`, returning whether it was new.
    #[inline]
    pub fn insert_new(&mut self, sq: Square) -> bool {
        let word = &mut self.0[(sq.0 >> 6) as usize];
        let bit = 1u64 << (sq.0 & 63);
        let new = *word & bit == 0;
        *word |= bit;
        new
    }

    /// The number of squares in the set.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// Whether the two sets share a square.
    #[inline]
    pub fn intersects(&self, other: &SquareSet) -> bool {
        self.0.iter().zip(other.0).any(|(a, b)| a & b != 0)
    }

    /// The squares of the set in index order.
    #[inline]
    pub fn iter(&self) -> SquareSetIter {
        SquareSetIter {
            words: self.0,
            word: 0,
        }
    }
}

impl Extend<Square> for SquareSet {
    fn extend<T: IntoIterator<Item = Square>>(&mut self, iter: T) {
        for sq in iter {
            self.insert(sq);
        }
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<T: IntoIterator<Item = Square>>(iter: T) -> Self {
        let mut set = SquareSet::EMPTY;
        for sq in iter {
            set.insert(sq);
        }
        set
    }
}

/// Iterator over a [`SquareSet`].
pub struct SquareSetIter {
    words: [u64; 4],
    word: usize,
}

impl Iterator for SquareSetIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word < 4 {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(Square((self.word as u32 * 64 + w.trailing_zeros()) as u8));
            }
            self.word += 1;
        }
        None
    }
}

/// A table with an entry for every square a board can have, so that a square's look-up needs
/// no bounds check (a square's index is below 256 by its type); the entries beyond the board's
/// squares keep `fill`.
#[derive(Clone, Debug)]
pub struct PerSquare<T>(Box<[T; MAX_SQUARES]>);

impl<T: Copy> PerSquare<T> {
    /// The table holding `entries` for the first squares and `fill` for the rest.
    pub fn new(fill: T, entries: impl IntoIterator<Item = T>) -> PerSquare<T> {
        let mut table: Box<[T; MAX_SQUARES]> = match vec![fill; MAX_SQUARES].try_into() {
            Ok(table) => table,
            Err(_) => unreachable!("the vector has MAX_SQUARES entries"),
        };
        for (slot, entry) in table.iter_mut().zip(entries) {
            *slot = entry;
        }
        PerSquare(table)
    }
}

impl<T> PerSquare<T> {
    /// The entries, borrowed: indexing the view reads the entry alone, where indexing the table
    /// first reads where its entries are (taken once before a loop instead of in every turn).
    #[inline(always)]
    pub fn view(&self) -> SquareView<'_, T> {
        SquareView(&self.0)
    }
}

/// A [`PerSquare`] table's entries, borrowed.
#[derive(Clone, Copy)]
pub struct SquareView<'a, T>(&'a [T; MAX_SQUARES]);

impl<T> Index<Square> for SquareView<'_, T> {
    type Output = T;

    #[inline(always)]
    fn index(&self, sq: Square) -> &T {
        &self.0[sq.index()]
    }
}

impl<T> Index<Square> for PerSquare<T> {
    type Output = T;

    #[inline(always)]
    fn index(&self, sq: Square) -> &T {
        &self.0[sq.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip_on_tall_boards() {
        let size = BoardSize::new(8, 14).unwrap();
        for sq in size.all() {
            assert_eq!(size.parse_square(&size.name(sq)), Some(sq));
        }
        assert_eq!(size.parse_square("a14"), size.square(0, 13));
        assert_eq!(size.parse_square("a15"), None);
        assert_eq!(size.parse_square("i1"), None);
        assert_eq!(size.parse_square("a0"), None);
        assert_eq!(size.parse_square("a01"), None);
        assert_eq!(size.parse_square(""), None);
    }

    #[test]
    fn frames_compose_like_matrices() {
        let all = [
            Frame::IDENTITY,
            Frame::ROTATE_180,
            Frame::MIRROR_EW,
            Frame::MIRROR_NS,
        ];
        for a in all {
            for b in all {
                for d in Dir::ALL {
                    assert_eq!(a.after(b).apply(d), a.apply(b.apply(d)));
                }
            }
        }
    }

    #[test]
    fn square_set_iterates_in_order() {
        let set: SquareSet = [Square(200), Square(3), Square(64)].into_iter().collect();
        assert_eq!(
            set.iter().collect::<Vec<_>>(),
            [Square(3), Square(64), Square(200)]
        );
        assert_eq!(set.len(), 3);
        assert!(BoardSize::new(17, 8).is_err());
    }
}
