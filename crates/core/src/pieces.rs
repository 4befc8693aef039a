//! Colours, roles and pieces.

use core::fmt;
use core::ops::Not;

/// A side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Color {
    /// White, who moves first.
    White,
    /// Black.
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `"white"` or `"black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// A kind of piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Role {
    /// Pawn.
    Pawn,
    /// Knight.
    Knight,
    /// Bishop.
    Bishop,
    /// Rook.
    Rook,
    /// Queen.
    Queen,
    /// King.
    King,
}

impl Role {
    /// Every role, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The roles a pawn may promote to, strongest first.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// The upper-case letter of SAN and FEN (`P` for the pawn).
    pub const fn upper(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The role of a letter, either case.
    pub fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'P' => Role::Pawn,
            'N' => Role::Knight,
            'B' => Role::Bishop,
            'R' => Role::Rook,
            'Q' => Role::Queen,
            'K' => Role::King,
            _ => return None,
        })
    }

    /// The English name (`"knight"`).
    pub const fn name(self) -> &'static str {
        match self {
            Role::Pawn => "pawn",
            Role::Knight => "knight",
            Role::Bishop => "bishop",
            Role::Rook => "rook",
            Role::Queen => "queen",
            Role::King => "king",
        }
    }

    /// Whether the role moves along orthogonal rays (rook, queen).
    #[inline]
    pub const fn rides_orthogonally(self) -> bool {
        matches!(self, Role::Rook | Role::Queen)
    }

    /// The directions this role rides, as indexes into [`crate::geometry::Dir::ALL`] (orthogonal
    /// ones are 0..4, diagonal ones 4..8); empty for pieces that do not ride.
    #[inline]
    pub const fn ray_directions(self) -> core::ops::Range<usize> {
        match (self.rides_orthogonally(), self.rides_diagonally()) {
            (true, true) => 0..8,
            (true, false) => 0..4,
            (false, true) => 4..8,
            (false, false) => 0..0,
        }
    }

    /// Whether the role moves along diagonal rays (bishop, queen).
    #[inline]
    pub const fn rides_diagonally(self) -> bool {
        matches!(self, Role::Bishop | Role::Queen)
    }
}

/// A piece: a colour and a role.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What piece.
    pub role: Role,
}

impl Piece {
    /// The FEN letter: upper case for White.
    pub fn char(self) -> char {
        match self.color {
            Color::White => self.role.upper(),
            Color::Black => self.role.upper().to_ascii_lowercase(),
        }
    }

    /// The piece of a FEN letter.
    pub fn from_char(c: char) -> Option<Piece> {
        let role = Role::from_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    /// A compact code, 1..=12 (0 stands for an empty square in the board's array).
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        1 + self.role as u8 + 6 * self.color as u8
    }

    /// The piece of a non-zero code (one table look-up: the search decodes a square's piece at
    /// every capture it orders or weighs).
    #[inline]
    pub(crate) const fn from_code(code: u8) -> Piece {
        BY_CODE[(code & 15) as usize]
    }
}

/// The piece of each code from 1 to 12 ([`Piece::code`]); the unused codes hold a white pawn.
const BY_CODE: [Piece; 16] = {
    let mut table = [Piece {
        color: Color::White,
        role: Role::Pawn,
    }; 16];
    let mut c = 0;
    while c < 12 {
        table[c + 1] = Piece {
            color: if c >= 6 { Color::Black } else { Color::White },
            role: Role::ALL[c % 6],
        };
        c += 1;
    }
    table
};

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// The glyph of a piece as a Unicode chess symbol.
pub fn glyph(piece: Piece) -> char {
    let base = match piece.role {
        Role::King => 0x2654,
        Role::Queen => 0x2655,
        Role::Rook => 0x2656,
        Role::Bishop => 0x2657,
        Role::Knight => 0x2658,
        Role::Pawn => 0x2659,
    };
    let offset = if piece.color == Color::Black { 6 } else { 0 };
    char::from_u32(base + offset).unwrap_or('?')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every piece's code is one of 1 to 12, each its own, and reads back as that piece.
    #[test]
    fn codes_read_back_as_their_pieces() {
        let mut seen = [false; 13];
        for color in Color::ALL {
            for role in Role::ALL {
                let piece = Piece { color, role };
                let code = piece.code();
                assert!((1..=12).contains(&code), "{piece:?}");
                assert!(!seen[code as usize], "{piece:?}");
                seen[code as usize] = true;
                assert_eq!(Piece::from_code(code), piece);
            }
        }
    }
}
