//! The terrain the evaluation reads, worked out once per variant and shared by every weight set
//! (the tuner tries thousands): how far each piece reaches from each square on the empty board,
//! how far each pawn is from promotion, and the square sets of king safety and pawn structure,
//! narrowed to the width the move generator uses.

use topochess_core::geometry::{BoardSize, SquareSet};
use topochess_core::internals::{words_for, Bits};
use topochess_core::surface::Gluing;
use topochess_core::{Color, PerSquare, Role, Variant};

/// The roles with a king-threat weight.
pub(crate) const THREATS: [Role; 4] = [Role::Knight, Role::Bishop, Role::Rook, Role::Queen];

/// What the evaluation knows of a variant's board before any weight is applied.
pub struct Terrain {
    /// The board's size.
    pub(crate) size: BoardSize,
    /// By square, for each role: the squares a piece there reaches on the empty board.
    pub(crate) reach: Vec<[usize; 6]>,
    /// By colour and square: the pushes a pawn there needs to promote (0: it cannot).
    pub(crate) to_go: [Vec<i32>; 2],
    /// The square sets, at the narrowest width that holds the board.
    pub(crate) sets: Widths,
    /// Whether no edge is glued.
    pub(crate) flat: bool,
}

/// The evaluator's square sets at the narrowest width that holds the board, as the move
/// generator picks it (`LineSets` of the core's generator).
pub(crate) enum Widths {
    Word(Sets<u64>),
    Double(Sets<u128>),
    Wide(Sets<SquareSet>),
}

/// The square sets the evaluation intersects with the position's, by square (tables with room
/// for every square, so a look-up needs no bounds check).
pub(crate) struct Sets<B> {
    /// The squares next to the king (across edges), by king square.
    pub(crate) king_zone: PerSquare<B>,
    /// By king square, for each role of `THREATS`: the squares from which a piece of that role
    /// reaches the king's square or a square next to it on the empty board.
    pub(crate) threat_from: PerSquare<[B; 4]>,
    /// By colour and square: the squares a pawn there pushes through or captures on.
    pub(crate) front_span: [PerSquare<B>; 2],
    /// By square: the squares of its file.
    pub(crate) file_of: PerSquare<B>,
    /// By square: the squares of the files beside it (across the seam where files wrap).
    pub(crate) beside: PerSquare<B>,
    /// By colour and square: the squares a pawn there captures on.
    pub(crate) pawn_captures: [PerSquare<B>; 2],
}

/// The sets as worked out, one entry per square of the board, at the widest size.
struct Worked {
    king_zone: Vec<SquareSet>,
    threat_from: Vec<[SquareSet; 4]>,
    front_span: [Vec<SquareSet>; 2],
    file_of: Vec<SquareSet>,
    beside: Vec<SquareSet>,
    pawn_captures: [Vec<SquareSet>; 2],
}

impl<B: Bits> Sets<B> {
    fn narrowed(wide: &Worked) -> Sets<B> {
        let of = |v: &Vec<SquareSet>| PerSquare::new(B::EMPTY, v.iter().map(B::of));
        Sets {
            king_zone: of(&wide.king_zone),
            threat_from: PerSquare::new(
                [B::EMPTY; 4],
                wide.threat_from.iter().map(|t| t.each_ref().map(B::of)),
            ),
            front_span: wide.front_span.each_ref().map(of),
            file_of: of(&wide.file_of),
            beside: of(&wide.beside),
            pawn_captures: wide.pawn_captures.each_ref().map(of),
        }
    }
}

impl Terrain {
    /// The terrain of `variant`.
    pub fn of(variant: &Variant) -> Terrain {
        Terrain::at_width(variant, true)
    }

    /// The terrain with its square sets narrowed to the board, or kept at the widest size.
    pub(crate) fn at_width(variant: &Variant, narrow: bool) -> Terrain {
        let size = variant.size();
        let t = variant.tables();
        let n = size.squares();
        let w = size.width() as i32;
        let reach_sets: Vec<[SquareSet; 6]> = size
            .all()
            .map(|sq| Role::ALL.map(|role| variant.reach(role, Color::White, sq)))
            .collect();
        let reach = reach_sets.iter().map(|r| r.map(|s| s.len())).collect();

        // Pawns: pushes to promotion; the squares ahead and beside.
        let mut to_go = [vec![0; n], vec![0; n]];
        let mut front_span = [vec![SquareSet::EMPTY; n], vec![SquareSet::EMPTY; n]];
        for color in Color::ALL {
            for sq in size.all() {
                let mut path = Vec::new();
                let mut at = sq;
                while let Some(next) = t.pawn_push(color, at) {
                    if path.contains(&next) || next == sq {
                        break;
                    }
                    path.push(next);
                    if t.promotes(color, next) {
                        break;
                    }
                    at = next;
                }
                if path.is_empty() {
                    continue;
                }
                to_go[color.index()][sq.index()] = path.len() as i32;
                let mut span = SquareSet::EMPTY;
                for &p in &path {
                    span.insert(p);
                    for &c in t.pawn_captures(color, p) {
                        span.insert(c);
                    }
                }
                for &c in t.pawn_captures(color, sq) {
                    span.insert(c);
                }
                front_span[color.index()][sq.index()] = span;
            }
        }
        let wraps = variant.surface().east_west() != Gluing::Flat;
        let file_set =
            |f: i32| -> SquareSet { size.all().filter(|&sq| size.file(sq) == f).collect() };
        let files: Vec<SquareSet> = (0..w).map(file_set).collect();
        let beside_file = |f: i32| -> SquareSet {
            let mut set = SquareSet::EMPTY;
            for g in [f - 1, f + 1] {
                let g = if wraps {
                    Some(g.rem_euclid(w))
                } else {
                    (0..w).contains(&g).then_some(g)
                };
                if let Some(g) = g {
                    set |= files[g as usize];
                }
            }
            set
        };
        let file_of = size.all().map(|sq| files[size.file(sq) as usize]).collect();
        let beside = size.all().map(|sq| beside_file(size.file(sq))).collect();
        let king_zone: Vec<SquareSet> = size
            .all()
            .map(|k| t.king(k).iter().copied().collect())
            .collect();
        let threat_from = size
            .all()
            .map(|k| {
                let mut zone = king_zone[k.index()];
                zone.insert(k);
                THREATS.map(|role| {
                    size.all()
                        .filter(|sq| reach_sets[sq.index()][role as usize].intersects(&zone))
                        .collect()
                })
            })
            .collect();
        let pawn_captures = Color::ALL.map(|color| {
            size.all()
                .map(|sq| t.pawn_captures(color, sq).iter().copied().collect())
                .collect()
        });
        let wide = Worked {
            king_zone,
            threat_from,
            front_span,
            file_of,
            beside,
            pawn_captures,
        };
        let sets = match words_for(n) {
            _ if !narrow => Widths::Wide(Sets::narrowed(&wide)),
            1 => Widths::Word(Sets::narrowed(&wide)),
            2 => Widths::Double(Sets::narrowed(&wide)),
            _ => Widths::Wide(Sets::narrowed(&wide)),
        };
        Terrain {
            size,
            reach,
            to_go,
            sets,
            flat: variant.surface().is_flat(),
        }
    }
}
