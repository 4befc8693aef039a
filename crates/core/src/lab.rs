//! The surface lab's variants: any gluing of each edge pair on any board from 4x4 to 16x16, with
//! an ordinary setup arranged so that neither king stands attacked across a glued edge. Their ids
//! (`lab-twist-twist-6x6`) name them everywhere a preset id would.

use crate::castling::CastlingMode;
use crate::geometry::BoardSize;
use crate::pawns::PawnRules;
use crate::surface::{Gluing, Surface};
use crate::variant::{Variant, VariantError};
use core::fmt;

/// A lab surface as chosen: the gluings and the size.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LabSpec {
    /// East/west gluing.
    pub east_west: Gluing,
    /// North/south gluing.
    pub north_south: Gluing,
    /// Files.
    pub width: u8,
    /// Ranks.
    pub height: u8,
}

impl LabSpec {
    /// The id, `lab-<east-west>-<north-south>-<width>x<height>`.
    pub fn id(&self) -> String {
        format!(
            "lab-{}-{}-{}x{}",
            self.east_west.name(),
            self.north_south.name(),
            self.width,
            self.height
        )
    }

    /// Parses an id made by [`LabSpec::id`].
    pub fn parse(id: &str) -> Option<LabSpec> {
        let rest = id.strip_prefix("lab-")?;
        let mut parts = rest.split('-');
        let gluing = |s: &str| Gluing::ALL.into_iter().find(|g| g.name() == s);
        let east_west = gluing(parts.next()?)?;
        let north_south = gluing(parts.next()?)?;
        let (w, h) = parts.next()?.split_once('x')?;
        if parts.next().is_some() {
            return None;
        }
        Some(LabSpec {
            east_west,
            north_south,
            width: w.parse().ok()?,
            height: h.parse().ok()?,
        })
    }
}

impl fmt::Display for LabSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}x{} board, {} east-west, {} north-south",
            self.width,
            self.height,
            self.east_west.name(),
            self.north_south.name()
        )
    }
}

/// The back rank of a board `width` files wide: rooks in the corners, queen and king in the
/// middle, bishops and knights between, outwards.
fn back_rank(width: usize) -> Vec<char> {
    let mut rank = vec!['B'; width];
    let king = width / 2;
    rank[king] = 'K';
    if king > 0 {
        rank[king - 1] = 'Q';
    }
    let fill = ['B', 'N'];
    for (i, f) in (0..king.saturating_sub(1)).rev().enumerate() {
        rank[f] = fill[i % 2];
    }
    for (i, f) in (king + 1..width).enumerate() {
        rank[f] = fill[i % 2];
    }
    rank[0] = 'R';
    rank[width - 1] = 'R';
    rank
}

fn fen_row(cells: &[char]) -> String {
    let mut row = String::new();
    let mut empty = 0;
    for &c in cells {
        if c == '.' {
            empty += 1;
        } else {
            if empty > 0 {
                row += &empty.to_string();
                empty = 0;
            }
            row.push(c);
        }
    }
    if empty > 0 {
        row += &empty.to_string();
    }
    row
}

/// The FEN board field of a grid of piece letters (`.` for empty), bottom rank first.
fn board_field(grid: &[Vec<char>]) -> String {
    grid.iter()
        .rev()
        .map(|r| fen_row(r))
        .collect::<Vec<_>>()
        .join("/")
}

impl Variant {
    /// The variant an id names: a preset (with castling `mode`, `None` for its default) or a lab
    /// surface (`lab-wrap-twist-6x6`), which has no castling.
    pub fn by_id(id: &str, mode: Option<CastlingMode>) -> Result<Variant, VariantError> {
        match LabSpec::parse(id) {
            Some(_) if mode.is_some_and(|m| m != CastlingMode::None) => {
                Err(VariantError::Lab("lab surfaces have no castling".into()))
            }
            Some(spec) => Variant::lab(spec),
            None => Variant::preset(id, mode),
        }
    }

    /// A lab variant. Its start position puts the pieces on the first and last ranks and pawns in
    /// front of them, Black's rank turned or shifted until neither king is attacked.
    pub fn lab(spec: LabSpec) -> Result<Variant, VariantError> {
        let size = BoardSize::new(spec.width as u32, spec.height as u32)
            .map_err(|e| VariantError::Lab(e.to_string()))?;
        if !(4..=16).contains(&spec.width) || !(4..=16).contains(&spec.height) {
            return Err(VariantError::Lab(
                "a lab board has 4 to 16 files and ranks".into(),
            ));
        }
        let surface = Surface::new(size, spec.east_west, spec.north_south)
            .map_err(|e| VariantError::Lab(e.to_string()))?;
        let (w, h) = (spec.width as usize, spec.height as usize);
        let white = back_rank(w);
        let mut candidates = Vec::new();
        for shift in 0..w {
            for reversed in [false, true] {
                let mut black: Vec<char> = white.iter().map(|c| c.to_ascii_lowercase()).collect();
                if reversed {
                    black.reverse();
                }
                black.rotate_left(shift);
                candidates.push(black);
            }
        }
        // Black's army on `top` (pieces) and `top - 1` (pawns), empty ranks above it: where the
        // ranks are glued, an empty rank at the seam keeps the armies apart.
        let placement = |black: &[char], top: usize| -> String {
            let mut grid = vec![vec!['.'; w]; h];
            grid[0] = white.clone();
            grid[1] = vec!['P'; w];
            grid[top - 1] = vec!['p'; w];
            grid[top] = black.to_vec();
            board_field(&grid)
        };
        // The tables depend on the surface only: build them once, then try arrangements.
        let variant = Arc::new(Variant::build(
            spec.id(),
            format!("Lab: {spec}"),
            surface,
            PawnRules::ordinary(size),
            CastlingMode::None,
            [0, h as i32 - 1],
            String::new(),
        ));
        let legal_start = |variant: &Arc<Variant>, placement: &str| {
            crate::fen::parse_position(variant.clone(), &format!("{placement} w - - 0 1"))
                .is_ok_and(|pos| !pos.is_check() && pos.has_legal_move())
        };
        let mut chosen = None;
        'search: for top in (3.max(h / 2 + 1)..h).rev() {
            for black in &candidates {
                let p = placement(black, top);
                if legal_start(&variant, &p) {
                    chosen = Some(p);
                    break 'search;
                }
            }
        }
        // Too few ranks for pawns between the armies (4 or 5 ranks glued top to bottom): the
        // pieces alone, Black's on any rank that leaves them apart.
        let pieces_only = |black: &[char], top: usize| -> String {
            let mut grid = vec![vec!['.'; w]; h];
            grid[0] = white.clone();
            grid[top] = black.to_vec();
            board_field(&grid)
        };
        if chosen.is_none() {
            'pieces: for top in (2..h).rev() {
                for black in &candidates {
                    let p = pieces_only(black, top);
                    if legal_start(&variant, &p) {
                        chosen = Some(p);
                        break 'pieces;
                    }
                }
            }
        }
        if chosen.is_none() {
            // No arrangement works (tiny or strange boards): two bare kings, as far apart as the
            // surface allows (White from the middle of rank 1, where neither is attacked).
            'kings: for wf in (0..w).map(|i| (w / 2 + i) % w) {
                for br in (0..h).rev() {
                    for bf in 0..w {
                        if br == 0 && bf == wf {
                            continue;
                        }
                        let mut grid = vec![vec!['.'; w]; h];
                        grid[0][wf] = 'K';
                        grid[br][bf] = 'k';
                        let p = board_field(&grid);
                        if legal_start(&variant, &p) {
                            chosen = Some(p);
                            break 'kings;
                        }
                    }
                }
            }
        }
        let placement = chosen
            .ok_or_else(|| VariantError::Lab("no legal start position fits this surface".into()))?;
        let v = Arc::try_unwrap(variant).unwrap_or_else(|v| (*v).clone());
        Ok(v.with_start_placement(placement))
    }
}

use std::sync::Arc;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip() {
        let spec = LabSpec {
            east_west: Gluing::Twist,
            north_south: Gluing::Twist,
            width: 6,
            height: 6,
        };
        assert_eq!(spec.id(), "lab-twist-twist-6x6");
        assert_eq!(LabSpec::parse(&spec.id()), Some(spec));
        assert_eq!(LabSpec::parse("lab-twist-6x6"), None);
        assert_eq!(back_rank(8).iter().collect::<String>(), "RNBQKBNR");
        assert_eq!(back_rank(4).iter().collect::<String>(), "RQKR");
    }

    #[test]
    fn every_lab_surface_has_a_legal_start() {
        for ew in Gluing::ALL {
            for ns in Gluing::ALL {
                for (w, h) in [(4, 4), (5, 5), (6, 6), (7, 9), (8, 8), (8, 14), (12, 12)] {
                    let spec = LabSpec {
                        east_west: ew,
                        north_south: ns,
                        width: w,
                        height: h,
                    };
                    match Variant::lab(spec) {
                        Ok(v) => {
                            let v = Arc::new(v);
                            let pos = crate::position::Position::start(v.clone());
                            assert!(!pos.is_check(), "{}", spec.id());
                        }
                        Err(VariantError::Lab(_)) => assert!(
                            (ew == Gluing::Pole && h % 2 == 1)
                                || (ns == Gluing::Pole && w % 2 == 1),
                            "{}",
                            spec.id()
                        ),
                        Err(e) => panic!("{e}"),
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod armies {
    use super::*;

    #[test]
    fn lab_games_start_with_armies_where_the_board_allows() {
        let mut bare = Vec::new();
        for ew in Gluing::ALL {
            for ns in Gluing::ALL {
                for (w, h) in [(6, 6), (8, 8), (10, 10)] {
                    let spec = LabSpec {
                        east_west: ew,
                        north_south: ns,
                        width: w,
                        height: h,
                    };
                    if let Ok(v) = Variant::lab(spec) {
                        let pos = crate::position::Position::start(Arc::new(v));
                        if pos.pieces().len() <= 2 {
                            bare.push(spec.id());
                        }
                    }
                }
            }
        }
        assert!(bare.is_empty(), "bare kings on {bare:?}");
    }
}

#[cfg(test)]
mod small_boards {
    use super::*;
    use crate::game::insufficient_material;

    #[test]
    fn four_and_five_rank_boards_glued_top_to_bottom_start_with_pieces() {
        let mut bare = Vec::new();
        for ns in [Gluing::Wrap, Gluing::Twist] {
            for ew in Gluing::ALL {
                for (w, h) in [(4, 4), (5, 4), (4, 5), (5, 5), (6, 4)] {
                    let spec = LabSpec {
                        east_west: ew,
                        north_south: ns,
                        width: w,
                        height: h,
                    };
                    let Ok(v) = Variant::lab(spec) else { continue };
                    let v = Arc::new(v);
                    let pos = crate::position::Position::start(v.clone());
                    if insufficient_material(&pos) {
                        bare.push(spec.id());
                    } else {
                        assert!(pos.has_legal_move() && !pos.is_check(), "{}", spec.id());
                    }
                }
            }
        }
        // Pieces now stand on every 5-file board and every fold or pole gluing here; what is
        // left are 4-rank boards whose twisted seam brings every back-rank piece next to the
        // other king. Those say why and offer no game (checked in the lab's e2e test).
        assert!(bare.len() <= 13, "{bare:?}");
        assert!(
            bare.iter().all(|id| id.ends_with("x4")),
            "only 4-rank boards: {bare:?}"
        );
        assert!(!bare.iter().any(|id| id.contains("-5x")), "{bare:?}");
    }
}
