//! Per-square move tables, computed once per surface: rays, knight, king and pawn targets, and the
//! inverse tables attack detection reads. The move generator reads only these, never the gluings.

use crate::geometry::{BoardSize, Dir, Square, SquareSet};
use crate::lines::{Leap, LineSets};
use crate::pawns::PawnRules;
use crate::pieces::Color;
use crate::surface::{Heading, KingRule, Surface};

/// Targets per square, stored flat.
#[derive(Clone, Debug, Default)]
pub struct Leaps {
    targets: Vec<Square>,
    spans: Vec<(u32, u32)>,
}

impl Leaps {
    fn from_lists(lists: Vec<Vec<Square>>) -> Leaps {
        let mut leaps = Leaps::default();
        for list in lists {
            let start = leaps.targets.len() as u32;
            leaps.targets.extend(list);
            leaps.spans.push((start, leaps.targets.len() as u32));
        }
        leaps
    }

    /// The inverse relation: for every square, the squares whose lists contain it.
    fn inverse(&self, squares: usize) -> Leaps {
        let mut lists = vec![Vec::new(); squares];
        for from in 0..squares {
            for &to in self.get(Square(from as u8)) {
                lists[to.index()].push(Square(from as u8));
            }
        }
        Leaps::from_lists(lists)
    }

    /// The targets of `sq`.
    #[inline]
    pub fn get(&self, sq: Square) -> &[Square] {
        let (a, b) = self.spans[sq.index()];
        &self.targets[a as usize..b as usize]
    }
}

/// Whether the rays of a square can reach one square along two different rays, so that the move
/// generator must merge duplicate destinations.
const OVERLAP_ORTHOGONAL: u8 = 1;
const OVERLAP_DIAGONAL: u8 = 2;
const OVERLAP_ANY: u8 = 4;

/// The move tables of one surface with one set of pawn rules.
#[derive(Clone, Debug)]
pub struct Tables {
    size: BoardSize,
    ray_squares: Vec<Square>,
    ray_spans: Vec<(u32, u32)>,
    ray_returns: Vec<bool>,
    overlap: Vec<u8>,
    knight: Leaps,
    knight_from: Leaps,
    king: Leaps,
    king_from: Leaps,
    king_over_pole: Leaps,
    pawn_push: [Vec<Option<Square>>; 2],
    pawn_double: [Vec<Option<Square>>; 2],
    pawn_captures: [Leaps; 2],
    pawn_capture_from: [Leaps; 2],
    promotion: [SquareSet; 2],
    reversible: bool,
    lines: LineSets,
}

/// Whether every orthogonal and diagonal step can be walked back: from where it lands, heading
/// the opposite way, one step returns to the start heading the opposite way. Then a rider that
/// reaches a square along some path is seen from that square along the reversed path, so attacks
/// can be found by walking rays out from the attacked square.
fn steps_reversible(surface: &Surface) -> bool {
    surface.size().all().all(|sq| {
        Dir::ALL.iter().all(|&dir| {
            let Some(step) = surface.step(Heading { square: sq, dir }) else {
                return true;
            };
            let back = Heading {
                square: step.to.square,
                dir: step.to.dir.reverse(),
            };
            surface.step(back).map(|s| s.to)
                == Some(Heading {
                    square: sq,
                    dir: dir.reverse(),
                })
        })
    })
}

fn dedup_keep_order(list: impl IntoIterator<Item = Square>, except: Square) -> Vec<Square> {
    let mut seen = SquareSet::EMPTY;
    list.into_iter()
        .filter(|&sq| sq != except && seen.insert_new(sq))
        .collect()
}

impl Tables {
    /// Builds every table of `surface` with `pawns`' rules.
    pub fn new(surface: &Surface, pawns: &PawnRules) -> Tables {
        let size = surface.size();
        let n = size.squares();
        let mut ray_squares = Vec::new();
        let mut ray_spans = Vec::with_capacity(n * 8);
        let mut ray_returns = Vec::with_capacity(n * 8);
        let mut overlap = Vec::with_capacity(n);
        for sq in size.all() {
            let mut flags = 0;
            let mut union = [SquareSet::EMPTY; 3];
            let mut total = [0usize; 3];
            for dir in Dir::ALL {
                let (steps, returns) = surface.ray(sq, dir);
                let squares = dedup_keep_order(steps.iter().map(|s| s.to.square), sq);
                let class = if dir.is_orthogonal() { 0 } else { 1 };
                for &s in &squares {
                    union[class].insert(s);
                    union[2].insert(s);
                }
                total[class] += squares.len();
                total[2] += squares.len();
                let start = ray_squares.len() as u32;
                ray_squares.extend(squares);
                ray_spans.push((start, ray_squares.len() as u32));
                ray_returns.push(returns);
            }
            for (class, bit) in [OVERLAP_ORTHOGONAL, OVERLAP_DIAGONAL, OVERLAP_ANY]
                .into_iter()
                .enumerate()
            {
                if union[class].len() != total[class] {
                    flags |= bit;
                }
            }
            overlap.push(flags);
        }

        let knight = Leaps::from_lists(
            size.all()
                .map(|sq| dedup_keep_order(surface.knight_paths(sq).iter().map(|p| p.target()), sq))
                .collect(),
        );
        // Under guarded-pole, steps over a pole are moves only while the pole is free: they go
        // into a table of their own, and are never attacks (the square beyond is on the pole's
        // first rank, so whoever stands there guards the pole).
        let guarded = surface.king_rule() == KingRule::GuardedPole;
        let mut king_lists = Vec::with_capacity(n);
        let mut pole_lists = Vec::with_capacity(n);
        for sq in size.all() {
            let steps = surface.king_steps(sq);
            let (over, plain): (Vec<_>, Vec<_>) = steps
                .iter()
                .partition(|(dir, _)| guarded && surface.crosses_pole(sq, *dir));
            let plain = dedup_keep_order(plain.iter().map(|(_, s)| s.to.square), sq);
            let over = dedup_keep_order(over.iter().map(|(_, s)| s.to.square), sq)
                .into_iter()
                .filter(|t| !plain.contains(t))
                .collect();
            king_lists.push(plain);
            pole_lists.push(over);
        }
        let king = Leaps::from_lists(king_lists);
        let king_over_pole = Leaps::from_lists(pole_lists);

        let mut pawn_push = [vec![None; n], vec![None; n]];
        let mut pawn_double = [vec![None; n], vec![None; n]];
        let mut captures: [Vec<Vec<Square>>; 2] = [vec![Vec::new(); n], vec![Vec::new(); n]];
        let mut promotion = [SquareSet::EMPTY; 2];
        for color in Color::ALL {
            let c = color.index();
            for sq in size.all() {
                let rank = size.rank(sq);
                if rank == pawns.promotion_rank(color) {
                    promotion[c].insert(sq);
                }
                let Some(fwd) = pawns.forward(color, rank) else {
                    continue;
                };
                let push = surface.orthogonal_step(sq, fwd).map(|(to, _)| to);
                pawn_push[c][sq.index()] = push;
                if pawns.may_double_step(color, rank) {
                    pawn_double[c][sq.index()] =
                        push.and_then(|mid| surface.orthogonal_step(mid, fwd).map(|(to, _)| to));
                }
                let sides = if fwd.dx == 0 {
                    [Dir { dx: 1, dy: fwd.dy }, Dir { dx: -1, dy: fwd.dy }]
                } else {
                    [Dir { dx: fwd.dx, dy: 1 }, Dir { dx: fwd.dx, dy: -1 }]
                };
                // A capture lands only where the pawn can stand: where it promotes or can go on
                // (a diagonal over a pole or a twist can lead onto its own back rank).
                let diagonals = sides.into_iter().filter_map(|dir| {
                    surface
                        .diagonal_step(Heading { square: sq, dir })
                        .map(|s| s.to.square)
                        .filter(|&to| pawns.may_stand(color, size.rank(to)))
                });
                captures[c][sq.index()] = dedup_keep_order(diagonals, sq);
            }
        }
        let [white_caps, black_caps] = captures;
        let pawn_captures = [Leaps::from_lists(white_caps), Leaps::from_lists(black_caps)];
        let pawn_capture_from = [pawn_captures[0].inverse(n), pawn_captures[1].inverse(n)];
        let knight_from = knight.inverse(n);
        let king_from = king.inverse(n);
        // The square sets, from the lists just made.
        let lines = LineSets::new(
            n,
            |sq, dir| {
                let (a, b) = ray_spans[sq.index() * 8 + dir];
                &ray_squares[a as usize..b as usize]
            },
            |leap, sq| match leap {
                Leap::Knight => knight.get(sq),
                Leap::KnightFrom => knight_from.get(sq),
                Leap::King => king.get(sq),
                Leap::KingFrom => king_from.get(sq),
                Leap::KingOverPole => king_over_pole.get(sq),
                Leap::PawnCaptures(c) => pawn_captures[c.index()].get(sq),
                Leap::PawnCaptureFrom(c) => pawn_capture_from[c.index()].get(sq),
                Leap::PawnPush(c) => pawn_push[c.index()][sq.index()].as_slice(),
                Leap::PawnDouble(c) => pawn_double[c.index()][sq.index()].as_slice(),
            },
            &promotion,
        );
        Tables {
            size,
            ray_squares,
            ray_spans,
            ray_returns,
            overlap,
            knight,
            knight_from,
            king,
            king_from,
            king_over_pole,
            pawn_push,
            pawn_double,
            pawn_captures,
            pawn_capture_from,
            promotion,
            reversible: steps_reversible(surface),
            lines,
        }
    }

    /// The same tables as square sets of the board's width, for the move generator.
    #[inline]
    pub fn lines(&self) -> &LineSets {
        &self.lines
    }

    /// Whether rides can be walked back (see `steps_reversible`): on such surfaces attacks and
    /// pins are found by walking rays out from the king; on the others, the move generator looks
    /// at every enemy rider and tests every move.
    #[inline]
    pub fn rides_reversible(&self) -> bool {
        self.reversible
    }

    /// The board size.
    #[inline]
    pub fn size(&self) -> BoardSize {
        self.size
    }

    /// The squares of the ray from `sq` in direction number `dir` (an index into [`Dir::ALL`]) on
    /// an empty board, each once, in walking order, without `sq` itself.
    #[inline]
    pub fn ray(&self, sq: Square, dir: usize) -> &[Square] {
        let (a, b) = self.ray_spans[sq.index() * 8 + dir];
        &self.ray_squares[a as usize..b as usize]
    }

    /// Whether the ray from `sq` in direction number `dir` comes back to `sq` on an empty board.
    #[inline]
    pub fn ray_returns(&self, sq: Square, dir: usize) -> bool {
        self.ray_returns[sq.index() * 8 + dir]
    }

    /// Whether the orthogonal (`diagonal` false) or diagonal rays of `sq` share squares; with
    /// `both`, whether any two of all eight rays do.
    #[inline]
    pub fn rays_overlap(&self, sq: Square, orthogonal: bool, diagonal: bool) -> bool {
        let flags = self.overlap[sq.index()];
        match (orthogonal, diagonal) {
            (true, true) => flags & OVERLAP_ANY != 0,
            (true, false) => flags & OVERLAP_ORTHOGONAL != 0,
            _ => flags & OVERLAP_DIAGONAL != 0,
        }
    }

    /// Knight targets of `sq`.
    #[inline]
    pub fn knight(&self, sq: Square) -> &[Square] {
        self.knight.get(sq)
    }

    /// Squares from which a knight reaches `sq`.
    #[inline]
    pub fn knight_from(&self, sq: Square) -> &[Square] {
        self.knight_from.get(sq)
    }

    /// King targets of `sq`.
    #[inline]
    pub fn king(&self, sq: Square) -> &[Square] {
        self.king.get(sq)
    }

    /// King steps from `sq` over a pole that the guarded-pole rule allows only while the pole is
    /// free (empty under other rules).
    #[inline]
    pub fn king_over_pole(&self, sq: Square) -> &[Square] {
        self.king_over_pole.get(sq)
    }

    /// Squares from which a king reaches `sq`.
    #[inline]
    pub fn king_from(&self, sq: Square) -> &[Square] {
        self.king_from.get(sq)
    }

    /// The single push of a pawn of `color` on `sq`.
    #[inline]
    pub fn pawn_push(&self, color: Color, sq: Square) -> Option<Square> {
        self.pawn_push[color.index()][sq.index()]
    }

    /// The double-step destination of a pawn of `color` on `sq`, if it may take one from there.
    #[inline]
    pub fn pawn_double(&self, color: Color, sq: Square) -> Option<Square> {
        self.pawn_double[color.index()][sq.index()]
    }

    /// The squares a pawn of `color` on `sq` captures on.
    #[inline]
    pub fn pawn_captures(&self, color: Color, sq: Square) -> &[Square] {
        self.pawn_captures[color.index()].get(sq)
    }

    /// The squares from which a pawn of `color` captures on `sq`.
    #[inline]
    pub fn pawn_capture_from(&self, color: Color, sq: Square) -> &[Square] {
        self.pawn_capture_from[color.index()].get(sq)
    }

    /// Whether a pawn of `color` arriving on `sq` promotes.
    #[inline]
    pub fn promotes(&self, color: Color, sq: Square) -> bool {
        self.promotion[color.index()].contains(sq)
    }
}
