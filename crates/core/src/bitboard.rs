//! Square sets sized to the board: one machine word for boards of up to 64 squares, two for up to
//! 128 (the 8x14 boards) and four for the lab's boards up to 16x16. A variant picks its width once
//! ([`crate::lines::LineSets`]) and the move generator is compiled for each width, so a standard
//! board pays for one word and a 16x16 board for four.
//!
//! The position keeps its sets at the widest size ([`SquareSet`]); a narrower set is the low words
//! of it ([`Bits::of`]), which is exact because a board's squares are numbered from zero.

use crate::geometry::{Square, SquareSet};
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not};

/// A set of squares as a bit per square, with the operations move generation needs.
pub trait Bits:
    Copy
    + Eq
    + core::fmt::Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
{
    /// The empty set.
    const EMPTY: Self;
    /// Every square the width can hold.
    const FULL: Self;
    /// The squares of `set` (which must lie within the width).
    fn of(set: &SquareSet) -> Self;
    /// The same squares as a [`SquareSet`] (the inverse of [`Bits::of`]).
    fn to_set(self) -> SquareSet;
    /// The set of one square.
    fn square(sq: Square) -> Self;
    /// Whether the set is empty.
    fn is_empty(self) -> bool;
    /// The number of squares.
    fn count(self) -> u32;
    /// The square of the lowest index (the set must not be empty).
    fn lowest(self) -> Square;
    /// The square of the highest index (the set must not be empty).
    fn highest(self) -> Square;
    /// The squares of index at most `sq`'s.
    fn up_to(sq: Square) -> Self;

    /// The squares of index at most that of the set's lowest square (the set must not be empty).
    #[inline]
    fn up_to_lowest(self) -> Self {
        Self::up_to(self.lowest())
    }

    /// The squares of index at least `sq`'s.
    #[inline]
    fn from_on(sq: Square) -> Self {
        !Self::up_to(sq) | Self::square(sq)
    }

    /// Whether `sq` is in the set.
    #[inline]
    fn has(self, sq: Square) -> bool {
        !(self & Self::square(sq)).is_empty()
    }

    /// The set without its lowest square.
    #[inline]
    fn without_lowest(self) -> Self {
        self ^ Self::square(self.lowest())
    }

    /// The squares in index order.
    #[inline]
    fn squares(self) -> SquaresOf<Self> {
        SquaresOf(self)
    }

    /// The set mixed into one 64-bit number, for tables kept by set (the evaluation's pawn
    /// structures): equal sets of one width give equal keys, different ones almost never.
    #[inline]
    fn key(self) -> u64 {
        self.to_set()
            .words()
            .iter()
            .fold(0, |key, &word| mix(key ^ word))
    }
}

/// A bijection of 64-bit numbers that spreads every bit over all of them (SplitMix64's
/// finaliser).
#[inline]
pub const fn mix(x: u64) -> u64 {
    let x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// How many 64-square words the narrowest set that holds a board of `squares` squares takes: 1
/// up to 64 squares, 2 up to 128 (the 8x14 boards), else 4. The move tables, the evaluation's
/// sets and the copy of a board all pick their width by it.
pub const fn words_for(squares: usize) -> usize {
    match squares {
        0..=64 => 1,
        65..=128 => 2,
        _ => 4,
    }
}

/// Iterator over the squares of a [`Bits`] set, lowest first.
pub struct SquaresOf<B>(B);

impl<B: Bits> Iterator for SquaresOf<B> {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0.is_empty() {
            None
        } else {
            let sq = self.0.lowest();
            self.0 = self.0.without_lowest();
            Some(sq)
        }
    }
}

/// `Bits` for a primitive unsigned word of `$bits` bits, its squares read from the low words of
/// a [`SquareSet`] by `$of`; `$square` and `$up_to` make the set of one square and the squares up
/// to one from the square's index (below `$bits`).
macro_rules! word_bits {
    ($word:ty, $bits:expr, $of:expr, $to_set:expr, $square:expr, $up_to:expr, $from_on:expr, $has:expr, $key:expr) => {
        impl Bits for $word {
            const EMPTY: $word = 0;
            const FULL: $word = !0;

            #[inline]
            fn of(set: &SquareSet) -> $word {
                $of(set.words())
            }
            #[inline]
            fn to_set(self) -> SquareSet {
                SquareSet::from_words($to_set(self))
            }
            #[inline]
            fn square(sq: Square) -> $word {
                $square(sq.0 as u32 % $bits)
            }
            #[inline]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline]
            fn has(self, sq: Square) -> bool {
                $has(self, sq.0 as u32 % $bits)
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn lowest(self) -> Square {
                Square(self.trailing_zeros() as u8)
            }
            #[inline]
            fn highest(self) -> Square {
                Square(($bits - 1 - self.leading_zeros()) as u8)
            }
            #[inline]
            fn up_to(sq: Square) -> $word {
                $up_to(sq.0 as u32 % $bits)
            }
            #[inline]
            fn from_on(sq: Square) -> $word {
                $from_on(sq.0 as u32 % $bits)
            }
            #[inline]
            fn without_lowest(self) -> $word {
                self & self.wrapping_sub(1)
            }
            /// One subtraction: the borrow runs up to the lowest square and no further.
            #[inline]
            fn up_to_lowest(self) -> $word {
                self ^ self.wrapping_sub(1)
            }
            #[inline]
            fn key(self) -> u64 {
                $key(self)
            }
        }
    };
}

word_bits!(
    u64,
    64,
    |w: &[u64; 4]| w[0],
    |x: u64| [x, 0, 0, 0],
    |i: u32| 1 << i,
    |i: u32| !0 >> (63 - i),
    |i: u32| !0 << i,
    |x: u64, i: u32| x >> i & 1 != 0,
    mix
);
/// The 64-bit word of `x` that holds bit `i`, chosen by comparison: natively the faster way
/// (torus-8x14 perft 4: 24.1 to 23.0 ms with it in `has`).
#[inline(always)]
fn word_by_comparison(x: u128, i: u32) -> u64 {
    if i < 64 {
        x as u64
    } else {
        (x >> 64) as u64
    }
}

/// The 64-bit word of `x` that holds bit `i`, chosen by a mask: WebAssembly's way, where the
/// compiler turned the comparison into a 128-bit shift, a call into the runtime (torus-8x14
/// perft 4 in wasm went from 34.5 to 48.2 ms with the comparison).
#[inline(always)]
fn word_by_mask(x: u128, i: u32) -> u64 {
    let upper = ((i >> 6) as u64).wrapping_neg();
    (x as u64 & !upper) | ((x >> 64) as u64 & upper)
}

// A shift of a 128-bit word by a variable amount is a call into the runtime in WebAssembly (it
// has no 128-bit shift). These shift 64-bit words only and place them with a mask of the square's
// word (a branch on it is turned back into a 128-bit shift by the compiler): torus-8x14 perft 4
// in wasm went from 53.0 to 40.3 ms. Native code measured the same either way (x86-64).
word_bits!(
    u128,
    128,
    |w: &[u64; 4]| w[0] as u128 | (w[1] as u128) << 64,
    |x: u128| [x as u64, (x >> 64) as u64, 0, 0],
    |i: u32| {
        let bit = 1u64 << (i & 63);
        let upper = ((i >> 6) as u64).wrapping_neg();
        (bit & !upper) as u128 | ((bit & upper) as u128) << 64
    },
    |i: u32| {
        let ones = !0u64 >> (63 - (i & 63));
        let upper = ((i >> 6) as u64).wrapping_neg();
        (ones | upper) as u128 | ((ones & upper) as u128) << 64
    },
    // Made of 64-bit shifts (a 128-bit shift is a call into the runtime in WebAssembly).
    |i: u32| {
        let ones = !0u64 << (i & 63);
        let upper = ((i >> 6) as u64).wrapping_neg();
        (ones & !upper) as u128 | ((ones | !upper) as u128) << 64
    },
    // The square's word, then its bit: no set of one square is made.
    |x: u128, i: u32| {
        let word = if cfg!(target_arch = "wasm32") {
            word_by_mask(x, i)
        } else {
            word_by_comparison(x, i)
        };
        word >> (i & 63) & 1 != 0
    },
    |x: u128| mix(mix(x as u64) ^ (x >> 64) as u64)
);

impl Bits for SquareSet {
    const EMPTY: SquareSet = SquareSet::EMPTY;
    const FULL: SquareSet = SquareSet::from_words([!0; 4]);

    #[inline]
    fn of(set: &SquareSet) -> SquareSet {
        *set
    }
    #[inline]
    fn to_set(self) -> SquareSet {
        self
    }
    #[inline]
    fn square(sq: Square) -> SquareSet {
        let mut words = [0; 4];
        words[(sq.0 >> 6) as usize] = 1 << (sq.0 & 63);
        SquareSet::from_words(words)
    }
    #[inline]
    fn is_empty(self) -> bool {
        SquareSet::is_empty(&self)
    }
    #[inline]
    fn has(self, sq: Square) -> bool {
        self.contains(sq)
    }
    #[inline]
    fn count(self) -> u32 {
        self.len() as u32
    }
    #[inline]
    fn lowest(self) -> Square {
        let w = self.words();
        let i = w.iter().position(|&x| x != 0).unwrap_or(0);
        Square((i as u32 * 64 + w[i].trailing_zeros().min(63)) as u8)
    }
    #[inline]
    fn highest(self) -> Square {
        let w = self.words();
        let i = w.iter().rposition(|&x| x != 0).unwrap_or(0);
        Square((i as u32 * 64 + 63 - w[i].leading_zeros().min(63)) as u8)
    }
    #[inline]
    fn up_to(sq: Square) -> SquareSet {
        let word = (sq.0 >> 6) as usize;
        let mut words = [0; 4];
        for (i, w) in words.iter_mut().enumerate() {
            *w = match i.cmp(&word) {
                core::cmp::Ordering::Less => !0,
                core::cmp::Ordering::Equal => !0 >> (63 - (sq.0 & 63)),
                core::cmp::Ordering::Greater => 0,
            };
        }
        SquareSet::from_words(words)
    }
}

macro_rules! wordwise {
    ($trait:ident, $f:ident, $assign:ident, $fa:ident, $op:tt) => {
        impl $trait for SquareSet {
            type Output = SquareSet;
            #[inline]
            fn $f(self, other: SquareSet) -> SquareSet {
                let (a, b) = (self.words(), other.words());
                SquareSet::from_words([a[0] $op b[0], a[1] $op b[1], a[2] $op b[2], a[3] $op b[3]])
            }
        }
        impl $assign for SquareSet {
            #[inline]
            fn $fa(&mut self, other: SquareSet) {
                *self = *self $op other;
            }
        }
    };
}

wordwise!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
wordwise!(BitOr, bitor, BitOrAssign, bitor_assign, |);

impl BitXor for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn bitxor(self, other: SquareSet) -> SquareSet {
        let (a, b) = (self.words(), other.words());
        SquareSet::from_words([a[0] ^ b[0], a[1] ^ b[1], a[2] ^ b[2], a[3] ^ b[3]])
    }
}

impl Not for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn not(self) -> SquareSet {
        let a = self.words();
        SquareSet::from_words([!a[0], !a[1], !a[2], !a[3]])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every operation of a width agrees with the plain 256-square set on squares it can hold.
    fn agrees<B: Bits>(squares: u16) {
        let picks = [0u8, 1, 7, 31, 62, 63, 64, 100, 127, 128, 200, 255];
        let inside: Vec<Square> = picks
            .iter()
            .filter(|&&i| u16::from(i) < squares)
            .map(|&i| Square(i))
            .collect();
        let set: SquareSet = inside.iter().copied().collect();
        let bits = B::of(&set);
        assert_eq!(bits.to_set(), set);
        assert_eq!(bits.count() as usize, set.len());
        assert_eq!(bits.squares().collect::<Vec<_>>(), inside);
        assert_eq!(bits.lowest(), inside[0]);
        assert_eq!(bits.highest(), *inside.last().unwrap());
        for &sq in &inside {
            assert!(bits.has(sq));
            let below: Vec<Square> = (bits & B::up_to(sq)).squares().collect();
            assert_eq!(
                below,
                inside
                    .iter()
                    .copied()
                    .filter(|s| *s <= sq)
                    .collect::<Vec<_>>()
            );
            let above: Vec<Square> = (bits & B::from_on(sq)).squares().collect();
            assert_eq!(
                above,
                inside
                    .iter()
                    .copied()
                    .filter(|s| *s >= sq)
                    .collect::<Vec<_>>()
            );
            assert_eq!((bits ^ B::square(sq)).count() + 1, bits.count());
            let from_sq = bits & B::from_on(sq);
            assert_eq!(from_sq.up_to_lowest(), B::up_to(sq));
        }
        for i in 0..squares {
            let sq = Square(i as u8);
            assert_eq!(bits.has(sq), set.contains(sq), "{i}");
        }
        assert!(B::EMPTY.is_empty() && !B::FULL.is_empty());
        assert_eq!(!B::FULL, B::EMPTY);
    }

    /// Both ways of picking a 128-bit set's word (one per target) pick the same word.
    #[test]
    fn both_ways_of_picking_a_word_agree() {
        let x = 0x0123_4567_89ab_cdef_fedc_ba98_7654_3210u128;
        for i in 0..128 {
            assert_eq!(word_by_mask(x, i), word_by_comparison(x, i), "{i}");
        }
    }

    #[test]
    fn every_width_agrees_with_the_square_set() {
        agrees::<u64>(64);
        agrees::<u128>(128);
        agrees::<SquareSet>(256);
    }
}
