//! The explorer: an editor board on any preset or lab surface, the selected piece's reach with its
//! count and paths, and an attack map.

use crate::scene::{cell_of, frame, path_drawings, Drawing, LineKind, Marks, View};
use crate::state::Margin;
use std::sync::Arc;
use topochess_core::explore::Placement;
use topochess_core::{Color, Piece, Position, Square, Variant};

/// What a click on the editor board does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tool {
    /// Select a piece (its reach is shown); click elsewhere to move it there.
    Select,
    /// Put this piece on the clicked square.
    Place(Piece),
    /// Remove the clicked piece.
    Erase,
}

/// The explorer's state.
#[derive(Clone, Debug, PartialEq)]
pub struct Explorer {
    /// The diagram.
    pub placement: Placement,
    /// The side to move, for playing from here.
    pub turn: Color,
    /// The tool.
    pub tool: Tool,
    /// The selected square.
    pub selected: Option<Square>,
    /// Draw every path of the selected piece.
    pub all_paths: bool,
    /// Show the attack map.
    pub heat: bool,
    /// A gallery caption.
    pub caption: Option<String>,
}

impl Explorer {
    /// The explorer on `variant`, starting from its start position.
    pub fn new(variant: Arc<Variant>) -> Explorer {
        Explorer {
            placement: Placement::of(&Position::start(variant)),
            turn: Color::White,
            tool: Tool::Select,
            selected: None,
            all_paths: false,
            heat: false,
            caption: None,
        }
    }

    /// The variant.
    pub fn variant(&self) -> &Arc<Variant> {
        self.placement.variant()
    }

    /// "Bishop d4: 19 squares" for the selected piece.
    pub fn reach_text(&self) -> Option<String> {
        let sq = self.selected?;
        let piece = self.placement.get(sq)?;
        let n = self.placement.reach(sq).len();
        let mut name = piece.role.name().to_string();
        name[..1].make_ascii_uppercase();
        Some(format!(
            "{name} {}: {n} square{}",
            self.variant().size().name(sq),
            if n == 1 { "" } else { "s" }
        ))
    }

    /// A click on a square with the current tool.
    pub fn click(&mut self, sq: Square) {
        match self.tool {
            Tool::Place(piece) => {
                let same = self.placement.get(sq) == Some(piece);
                self.placement
                    .set(sq, if same { None } else { Some(piece) });
                self.selected = None;
            }
            Tool::Erase => {
                self.placement.set(sq, None);
                self.selected = None;
            }
            Tool::Select => match self.selected {
                Some(from) if from == sq => self.selected = None,
                Some(from) => self.drop(from, sq),
                None if self.placement.get(sq).is_some() => self.selected = Some(sq),
                None => {}
            },
        }
    }

    /// Moves the piece on `from` to `to` (editing, not playing).
    pub fn drop(&mut self, from: Square, to: Square) {
        if from == to {
            self.selected = self.placement.get(from).map(|_| from);
            return;
        }
        if let Some(piece) = self.placement.get(from) {
            self.placement.set(from, None);
            self.placement.set(to, Some(piece));
            self.selected = Some(to);
        }
    }

    fn marks(&self) -> Vec<Marks> {
        let n = self.variant().size().squares();
        let mut marks = vec![Marks::default(); n];
        if let Some(sel) = self.selected {
            marks[sel.index()].selected = true;
            let own = self.placement.get(sel).map(|p| p.color);
            for to in self.placement.reach(sel).iter() {
                marks[to.index()].dest = true;
                marks[to.index()].capture =
                    self.placement.get(to).is_some_and(|p| Some(p.color) != own);
            }
        }
        marks
    }

    fn drawings(&self, pointed: Option<(Square, i32, i32)>, extended: bool) -> Vec<Drawing> {
        let Some(from) = self.selected else {
            return Vec::new();
        };
        let reach = self.placement.reach(from);
        let targets: Vec<Square> = if self.all_paths {
            reach.iter().collect()
        } else {
            pointed
                .map(|p| p.0)
                .filter(|t| reach.contains(*t))
                .into_iter()
                .collect()
        };
        let size = self.variant().size();
        let pointed = pointed.filter(|_| !self.all_paths).map(|(_, x, y)| (x, y));
        targets
            .into_iter()
            .flat_map(|to| {
                path_drawings(
                    LineKind::Hover,
                    self.placement.paths(from, to),
                    pointed,
                    size,
                    extended,
                )
            })
            .collect()
    }

    fn view(&self, margin: Option<Margin>, pointed: Option<(Square, i32, i32)>) -> View {
        let size = self.variant().size();
        let marks = self.marks();
        let heat = self.heat.then(|| self.placement.attack_counts());
        let pieces = |s: Square| self.placement.get(s);
        let drawings = self.drawings(pointed, margin.is_some());
        frame(
            self.variant().surface(),
            margin,
            |x, y, sq| {
                let mut c = cell_of(size, &pieces, &marks, x, y, sq);
                if let (Some(h), Some(sq)) = (&heat, sq) {
                    c.heat = Some((h[0][sq.index()], h[1][sq.index()]));
                }
                c
            },
            drawings,
        )
    }

    /// The normal view.
    pub fn normal(&self, pointed: Option<(Square, i32, i32)>) -> View {
        self.view(None, pointed)
    }

    /// The extended view.
    pub fn extended(&self, margin: Margin, pointed: Option<(Square, i32, i32)>) -> View {
        self.view(Some(margin), pointed)
    }
}
