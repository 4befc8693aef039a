//! Surfaces: a board size and the gluing of each pair of opposite edges, and the steps pieces take
//! on them (docs/rules.md section 2). Everything here walks the surface directly; `tables` (private)
//! turns these walks into per-square tables once, and the move generator reads only the tables.

use crate::geometry::{BoardSize, Dir, Frame, Square};
use core::fmt;

/// How one pair of opposite edges is glued.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Gluing {
    /// The edges are walls.
    Flat,
    /// Leaving one edge enters the opposite edge, as on a cylinder.
    Wrap,
    /// As `Wrap`, with the other coordinate mirrored (a Klein bottle's seam).
    Twist,
    /// Each edge is folded onto itself: leaving at position `i` re-enters the same edge at the
    /// mirrored position, heading back (the pillow).
    Fold,
    /// Each edge is a pole: leaving at position `i` re-enters the same edge half way round (the
    /// sphere). Needs an even number of squares along the edge.
    Pole,
}

impl Gluing {
    /// Every gluing, in the order the lab lists them.
    pub const ALL: [Gluing; 5] = [
        Gluing::Flat,
        Gluing::Wrap,
        Gluing::Twist,
        Gluing::Fold,
        Gluing::Pole,
    ];

    /// The lower-case name used in text (`flat`, `wrap`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Gluing::Flat => "flat",
            Gluing::Wrap => "wrap",
            Gluing::Twist => "twist",
            Gluing::Fold => "fold",
            Gluing::Pole => "pole",
        }
    }
}

/// How a diagonal step from a pole rank, heading into the pole, lands (docs/rules.md section 6).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum PoleDiagonal {
    /// The diagonal follows the pole gluing (Nadvorney's Klein board).
    Klein,
    /// The diagonal goes straight over the pole: half way round, heading reversed.
    Straight,
    /// Miller's rule: two files back along the same rank, vertical heading reversed.
    Miller,
}

impl PoleDiagonal {
    /// The name used in docs/rules.md.
    pub const fn name(self) -> &'static str {
        match self {
            PoleDiagonal::Klein => "klein",
            PoleDiagonal::Straight => "straight",
            PoleDiagonal::Miller => "miller",
        }
    }
}

/// Which knight moves a surface has (docs/rules.md sections 3 and 6); see the generator's `knights` tables.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum KnightRule {
    /// The definition of section 3: an orthogonal step, then an outward diagonal step.
    Steps,
    /// The ordinary knight with files wrapping and no pole crossing.
    Cylinder,
    /// Grayber's: the cylinder knight, plus from the pole rank two squares over the pole and one
    /// to the side.
    Grayber,
    /// Miller's: Grayber's, plus from the second rank a diagonal to the pole rank and a step over
    /// the pole.
    Miller,
    /// What section 3 gives on Nadvorney's Klein surface: eight moves everywhere.
    Eight,
    /// Boholy's: the cylinder knight, plus from the pole rank over the pole and one step along the
    /// rank.
    Boholy,
}

impl KnightRule {
    /// The name used in docs/rules.md.
    pub const fn name(self) -> &'static str {
        match self {
            KnightRule::Steps => "steps",
            KnightRule::Cylinder => "cylinder",
            KnightRule::Grayber => "grayber",
            KnightRule::Miller => "miller",
            KnightRule::Eight => "eight",
            KnightRule::Boholy => "boholy",
        }
    }
}

/// How the king may cross poles and seams (docs/rules.md section 6).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum KingRule {
    /// One step in any direction, over any edge.
    Free,
    /// Welman's Sphere Chess: never over a pole nor the a/h seam (no glued edge at all).
    FlatKing,
    /// Boholy's: over a pole only while the enemy does not guard it.
    GuardedPole,
}

impl KingRule {
    /// The name used in docs/rules.md.
    pub const fn name(self) -> &'static str {
        match self {
            KingRule::Free => "free",
            KingRule::FlatKing => "flat-king",
            KingRule::GuardedPole => "guarded-pole",
        }
    }
}

/// A surface: the board size, the gluing of the east/west and north/south edge pairs, and the rules
/// that are not gluings (diagonals over a pole, knights).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Surface {
    size: BoardSize,
    east_west: Gluing,
    north_south: Gluing,
    pole_diagonal: PoleDiagonal,
    knight: KnightRule,
    king: KingRule,
}

/// Why a combination of size and gluings is not a surface the engine can play on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SurfaceError {
    /// A pole needs an even number of squares along its edge, so that half way round is a square.
    OddPole {
        /// The number of squares along the pole's edge.
        squares: u8,
    },
}

impl fmt::Display for SurfaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SurfaceError::OddPole { squares } => write!(
                f,
                "a pole needs an even number of squares along its edge, not {squares}"
            ),
        }
    }
}

impl std::error::Error for SurfaceError {}

/// The state of a walking piece: where it is and which board direction it heads.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Heading {
    /// The square.
    pub square: Square,
    /// The board direction the piece moves in from here.
    pub dir: Dir,
}

/// One step of a walk: the square reached, the new heading, and whether the step was a jump that
/// does not follow a gluing (a pole rule), so that a diagram cannot draw it as a straight line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Step {
    /// Where the step arrives and which board direction the piece heads on.
    pub to: Heading,
    /// The step is a pole rule's jump rather than a walk across glued edges.
    pub jump: bool,
}

impl Surface {
    /// A surface with the section-3 knight and the `klein` pole diagonal (the gluing itself).
    pub fn new(
        size: BoardSize,
        east_west: Gluing,
        north_south: Gluing,
    ) -> Result<Surface, SurfaceError> {
        if north_south == Gluing::Pole && size.width() % 2 == 1 {
            return Err(SurfaceError::OddPole {
                squares: size.width(),
            });
        }
        if east_west == Gluing::Pole && size.height() % 2 == 1 {
            return Err(SurfaceError::OddPole {
                squares: size.height(),
            });
        }
        Ok(Surface {
            size,
            east_west,
            north_south,
            pole_diagonal: PoleDiagonal::Klein,
            knight: KnightRule::Steps,
            king: KingRule::Free,
        })
    }

    /// The same surface with another rule for diagonals over a pole.
    pub fn with_pole_diagonal(mut self, rule: PoleDiagonal) -> Surface {
        self.pole_diagonal = rule;
        self
    }

    /// The same surface with another knight rule.
    pub fn with_knight(mut self, rule: KnightRule) -> Surface {
        self.knight = rule;
        self
    }

    /// The same surface with another king rule.
    pub fn with_king(mut self, rule: KingRule) -> Surface {
        self.king = rule;
        self
    }

    /// The king rule.
    pub fn king_rule(&self) -> KingRule {
        self.king
    }

    /// The same surface with its north/south poles walled off (what the cylinder knight sees).
    pub(crate) fn without_poles(mut self) -> Surface {
        if self.north_south == Gluing::Pole {
            self.north_south = Gluing::Flat;
        }
        self.knight = KnightRule::Steps;
        self
    }

    /// The same surface with diagonals following the pole gluing (Nadvorney's Klein surface).
    pub(crate) fn klein(mut self) -> Surface {
        self.pole_diagonal = PoleDiagonal::Klein;
        self.knight = KnightRule::Steps;
        self
    }

    /// Whether a step from `sq` heading `dir` goes over a north/south pole.
    pub fn crosses_pole(&self, sq: Square, dir: Dir) -> bool {
        let r = self.size.rank(sq);
        self.north_south == Gluing::Pole
            && ((r == 0 && dir.dy < 0) || (r == self.size.height() as i32 - 1 && dir.dy > 0))
    }

    /// The board size.
    #[inline]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The gluing of the east and west edges (the a- and last files).
    pub fn east_west(&self) -> Gluing {
        self.east_west
    }

    /// The gluing of the north and south edges (the first and last ranks).
    pub fn north_south(&self) -> Gluing {
        self.north_south
    }

    /// The rule for diagonals over a pole.
    pub fn pole_diagonal(&self) -> PoleDiagonal {
        self.pole_diagonal
    }

    /// The knight rule.
    pub fn knight_rule(&self) -> KnightRule {
        self.knight
    }

    /// The surface as words a program can read: `files F ranks R east-west G north-south G
    /// [pole-diagonal P] knight K king K`, each value a name from docs/rules.md (the pole diagonal
    /// only where an edge is a pole).
    pub fn describe(&self) -> String {
        let pole = [self.east_west, self.north_south].contains(&Gluing::Pole);
        let diagonal = if pole {
            format!(" pole-diagonal {}", self.pole_diagonal.name())
        } else {
            String::new()
        };
        format!(
            "files {} ranks {} east-west {} north-south {}{diagonal} knight {} king {}",
            self.size.width(),
            self.size.height(),
            self.east_west.name(),
            self.north_south.name(),
            self.knight.name(),
            self.king.name()
        )
    }

    /// Whether both edge pairs are walls: the ordinary board.
    pub fn is_flat(&self) -> bool {
        self.east_west == Gluing::Flat && self.north_south == Gluing::Flat
    }

    /// One orthogonal step from `sq` in board direction `dir`: the square reached and the frame
    /// change of any edge crossed, or `None` at a wall.
    pub fn orthogonal_step(&self, sq: Square, dir: Dir) -> Option<(Square, Frame)> {
        debug_assert!(dir.is_orthogonal());
        let (w, h) = (self.size.width() as i32, self.size.height() as i32);
        let (f, r) = (self.size.file(sq), self.size.rank(sq));
        let (nf, nr) = (f + dir.dx as i32, r + dir.dy as i32);
        if let Some(to) = self.size.square(nf, nr) {
            return Some((to, Frame::IDENTITY));
        }
        let (to_f, to_r, frame) = if dir.dx != 0 {
            // Leaving through the east or west edge: the along-edge coordinate is the rank.
            let back = if dir.dx > 0 { w - 1 } else { 0 };
            match self.east_west {
                Gluing::Flat => return None,
                Gluing::Wrap => (nf.rem_euclid(w), r, Frame::IDENTITY),
                Gluing::Twist => (nf.rem_euclid(w), h - 1 - r, Frame::MIRROR_NS),
                Gluing::Fold => (back, h - 1 - r, Frame::ROTATE_180),
                Gluing::Pole => (back, (r + h / 2) % h, Frame::MIRROR_EW),
            }
        } else {
            let back = if dir.dy > 0 { h - 1 } else { 0 };
            match self.north_south {
                Gluing::Flat => return None,
                Gluing::Wrap => (f, nr.rem_euclid(h), Frame::IDENTITY),
                Gluing::Twist => (w - 1 - f, nr.rem_euclid(h), Frame::MIRROR_EW),
                Gluing::Fold => (w - 1 - f, back, Frame::ROTATE_180),
                Gluing::Pole => ((f + w / 2) % w, back, Frame::MIRROR_NS),
            }
        };
        Some((self.size.square(to_f, to_r)?, frame))
    }

    /// One diagonal step from `from` (whose `dir` is diagonal): the vertical orthogonal step, then
    /// the horizontal one in the frame the first left (docs/rules.md section 2), except where a pole rule
    /// that is not the gluing decides (section 6).
    pub fn diagonal_step(&self, from: Heading) -> Option<Step> {
        let dir = from.dir;
        debug_assert!(!dir.is_orthogonal());
        if let Some(step) = self.pole_diagonal_jump(from) {
            return Some(step);
        }
        let first = dir.vertical()?;
        let second = dir.horizontal()?;
        self.two_steps(from.square, first, second, dir)
    }

    /// The diagonal step taken in the other order: horizontal first, then vertical. On every
    /// preset surface this agrees with [`Surface::diagonal_step`]; tests check that.
    pub fn diagonal_step_horizontal_first(&self, from: Heading) -> Option<Step> {
        let dir = from.dir;
        if let Some(step) = self.pole_diagonal_jump(from) {
            return Some(step);
        }
        self.two_steps(from.square, dir.horizontal()?, dir.vertical()?, dir)
    }

    fn two_steps(&self, sq: Square, first: Dir, second: Dir, dir: Dir) -> Option<Step> {
        let (mid, f1) = self.orthogonal_step(sq, first)?;
        let (to, f2) = self.orthogonal_step(mid, f1.apply(second))?;
        let frame = f2.after(f1);
        Some(Step {
            to: Heading {
                square: to,
                dir: frame.apply(dir),
            },
            jump: false,
        })
    }

    /// A diagonal step into a pole under a rule that is not the gluing, if this is one.
    fn pole_diagonal_jump(&self, from: Heading) -> Option<Step> {
        if self.north_south != Gluing::Pole || self.pole_diagonal == PoleDiagonal::Klein {
            return None;
        }
        let (w, h) = (self.size.width() as i32, self.size.height() as i32);
        let (f, r) = (self.size.file(from.square), self.size.rank(from.square));
        let (dx, dy) = (from.dir.dx, from.dir.dy);
        let into_pole = (r == 0 && dy < 0) || (r == h - 1 && dy > 0);
        if !into_pole {
            return None;
        }
        let (to_f, dir) = match self.pole_diagonal {
            PoleDiagonal::Straight => (f + w / 2, Dir { dx: -dx, dy: -dy }),
            PoleDiagonal::Miller => (f - 2 * dx as i32, Dir { dx, dy: -dy }),
            PoleDiagonal::Klein => unreachable!("handled above"),
        };
        let square = self.size.square(to_f.rem_euclid(w), r)?;
        Some(Step {
            to: Heading { square, dir },
            jump: true,
        })
    }

    /// One step of a rider or king in board direction `from.dir`, orthogonal or diagonal.
    pub fn step(&self, from: Heading) -> Option<Step> {
        if from.dir.is_orthogonal() {
            let (to, frame) = self.orthogonal_step(from.square, from.dir)?;
            Some(Step {
                to: Heading {
                    square: to,
                    dir: frame.apply(from.dir),
                },
                jump: false,
            })
        } else {
            self.diagonal_step(from)
        }
    }

    /// The walk of a rider from `from` in direction `dir` on an empty board: every step, ending
    /// before the walk would return to `from` (docs/rules.md section 3: the vacated origin), repeat a
    /// (square, heading) it already had, or meet a wall. The second value tells whether the walk
    /// ended by coming back to its origin (a stationary move where those are allowed).
    pub fn ray(&self, from: Square, dir: Dir) -> (Vec<Step>, bool) {
        let mut steps = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut at = Heading { square: from, dir };
        seen.insert(at);
        while let Some(step) = self.step(at) {
            if step.to.square == from {
                steps.push(step);
                return (steps, true);
            }
            if !seen.insert(step.to) {
                break;
            }
            steps.push(step);
            at = step.to;
        }
        (steps, false)
    }

    /// The king's steps from `from`: one orthogonal or diagonal step in each direction; under
    /// `flat-king` only those that cross no edge. Steps over a pole under `guarded-pole` are
    /// included: whether one may be taken depends on the position (the generator's pole rule).
    pub fn king_steps(&self, from: Square) -> Vec<(Dir, Step)> {
        let (f, r) = (self.size.file(from), self.size.rank(from));
        Dir::ALL
            .iter()
            .filter_map(|&dir| {
                self.step(Heading { square: from, dir })
                    .map(|step| (dir, step))
            })
            .filter(|(dir, step)| {
                self.king != KingRule::FlatKing
                    || self.size.square(f + dir.dx as i32, r + dir.dy as i32)
                        == Some(step.to.square)
            })
            .collect()
    }

    /// The real square shown at plane point `(x, y)` of the extended diagram (docs/rules.md section 2):
    /// walk from the nearest board square straight out, first along x, then along y. `None` where
    /// a wall is in the way (the diagram leaves that point blank).
    pub fn ghost_square(&self, x: i32, y: i32) -> Option<Square> {
        let (w, h) = (self.size.width() as i32, self.size.height() as i32);
        let (cx, cy) = (x.clamp(0, w - 1), y.clamp(0, h - 1));
        let mut sq = self.size.square(cx, cy)?;
        let mut frame = Frame::IDENTITY;
        let x_dir = if x > cx { Dir::E } else { Dir::W };
        for _ in 0..(x - cx).abs() {
            let (next, f) = self.orthogonal_step(sq, frame.apply(x_dir))?;
            sq = next;
            frame = f.after(frame);
        }
        let y_dir = if y > cy { Dir::N } else { Dir::S };
        for _ in 0..(y - cy).abs() {
            let (next, f) = self.orthogonal_step(sq, frame.apply(y_dir))?;
            sq = next;
            frame = f.after(frame);
        }
        Some(sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folded() -> Surface {
        Surface::new(BoardSize::STANDARD, Gluing::Wrap, Gluing::Fold).unwrap()
    }

    fn sq(s: &str) -> Square {
        BoardSize::STANDARD.parse_square(s).unwrap()
    }

    #[test]
    fn folded_corner_is_diagonally_adjacent_to_itself() {
        let s = folded();
        for corner in ["a1", "d1", "e1", "h1", "a8", "d8", "e8", "h8"] {
            let c = sq(corner);
            let self_adjacent = Dir::DIAGONAL.iter().any(|&dir| {
                s.diagonal_step(Heading { square: c, dir })
                    .is_some_and(|st| st.to.square == c)
            });
            assert!(self_adjacent, "{corner}");
        }
        assert!(!Dir::DIAGONAL.iter().any(|&dir| {
            s.diagonal_step(Heading {
                square: sq("b1"),
                dir,
            })
            .is_some_and(|st| st.to.square == sq("b1"))
        }));
    }

    #[test]
    fn ghost_square_above_c8_on_the_folded_board_is_f8() {
        let s = folded();
        assert_eq!(s.ghost_square(2, 8), Some(sq("f8")));
        assert_eq!(s.ghost_square(2, 9), Some(sq("f7")));
        assert_eq!(s.ghost_square(-1, 0), Some(sq("h1")));
        assert_eq!(s.ghost_square(3, 3), Some(sq("d4")));
        let flat = Surface::new(BoardSize::STANDARD, Gluing::Flat, Gluing::Flat).unwrap();
        assert_eq!(flat.ghost_square(8, 0), None);
    }

    #[test]
    fn pole_ghost_row_is_shifted_half_way() {
        let s = Surface::new(BoardSize::STANDARD, Gluing::Wrap, Gluing::Pole).unwrap();
        assert_eq!(s.ghost_square(0, -1), Some(sq("e1")));
        assert_eq!(s.ghost_square(5, 8), Some(sq("b8")));
    }

    #[test]
    fn odd_pole_is_rejected() {
        let size = BoardSize::new(7, 8).unwrap();
        assert_eq!(
            Surface::new(size, Gluing::Wrap, Gluing::Pole),
            Err(SurfaceError::OddPole { squares: 7 })
        );
    }
}
