//! What the pointer and the keys do on the board, kept by the board itself as chessground does:
//! an own piece is selected on pointer-down (so a drag shows its destinations), the click of that
//! same press keeps it, a click or a drop on a destination makes the move, anywhere else drops the
//! selection. The board is handed the destinations once per position ([`Dests`]) and tells the
//! app only the moves ([`Intent`]). Pure, so it is tested natively.

/// The moves the board may make in a position: every selectable piece with its destinations.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Dests {
    /// A piece's square and its destinations (square name, whether it takes). Pieces with no
    /// move are listed too, so they can be selected and said to have none.
    pub from: Vec<(String, Vec<(String, bool)>)>,
    /// They are pre-moves: set now, played after the opponent's reply.
    pub premove: bool,
    /// The moves from a square to a square that several moves make (a promotion's pieces, a
    /// king's step or its castling): the app asks which, so the board cannot show it at once.
    pub choosing: Vec<(String, String)>,
}

impl Dests {
    /// The destinations of the piece on `square`, if it can be selected.
    pub fn of(&self, square: &str) -> Option<&[(String, bool)]> {
        self.from
            .iter()
            .find(|(f, _)| f == square)
            .map(|(_, to)| to.as_slice())
    }

    /// Whether the board may show the move from `from` to `to` before the app has made it: a
    /// move, not a pre-move, and one that asks no choice.
    pub fn shown_at_once(&self, from: &str, to: &str) -> bool {
        !self.premove && !self.choosing.iter().any(|(f, t)| f == from && t == to)
    }

    fn reaches(&self, from: &str, to: &str) -> bool {
        self.of(from)
            .is_some_and(|dests| dests.iter().any(|(d, _)| d == to))
    }
}

/// What a gesture asks of the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Nothing beyond the board.
    None,
    /// Make this move (or set it as the pre-move).
    Move(String, String),
    /// Drop the pre-move that is set.
    DropPremove,
}

/// The selected piece.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Selection {
    /// Its square.
    pub square: Option<String>,
    /// Selected by the press whose click is still to come (that click keeps it).
    fresh: bool,
}

impl Selection {
    /// The primary button (or a finger) went down on `square`.
    pub fn press(&mut self, square: &str, dests: &Dests) {
        if self.square.as_deref() == Some(square) {
            return;
        }
        let is_dest = self
            .square
            .as_deref()
            .is_some_and(|from| dests.reaches(from, square));
        if !is_dest && dests.of(square).is_some() {
            self.square = Some(square.to_string());
            self.fresh = true;
        }
    }

    /// A click (or tap, or Enter) on `square`.
    pub fn click(&mut self, square: &str, dests: &Dests) -> Intent {
        let selected = self.square.take();
        let fresh = std::mem::take(&mut self.fresh);
        if selected.as_deref() == Some(square) {
            // The click of the press that selected it keeps it; a later one drops it.
            if fresh {
                self.square = selected;
            }
            return Intent::None;
        }
        if let Some(from) = selected.filter(|from| dests.reaches(from, square)) {
            return Intent::Move(from, square.to_string());
        }
        if dests.of(square).is_some() {
            self.square = Some(square.to_string());
        }
        if dests.premove {
            Intent::DropPremove
        } else {
            Intent::None
        }
    }

    /// A piece dragged from `from` and dropped on `to`.
    pub fn drop(&mut self, from: &str, to: &str, dests: &Dests) -> Intent {
        self.fresh = false;
        if from == to {
            self.square = dests.of(from).map(|_| from.to_string());
            return Intent::None;
        }
        self.square = None;
        if dests.reaches(from, to) {
            Intent::Move(from.to_string(), to.to_string())
        } else if dests.premove {
            Intent::DropPremove
        } else {
            Intent::None
        }
    }

    /// Esc, or a new position: nothing selected.
    pub fn clear(&mut self) {
        *self = Selection::default();
    }

    /// What a screen reader hears about the selection: `Knight g1 selected: it can go to f3, h3.`
    /// `piece` is the piece's spoken name (`white knight`).
    pub fn announcement(&self, piece: &str, dests: &Dests) -> Option<String> {
        let square = self.square.as_deref()?;
        let mut to: Vec<&str> = dests
            .of(square)
            .unwrap_or_default()
            .iter()
            .map(|(d, _)| d.as_str())
            .collect();
        topochess_core::order::sort_unique(&mut to);
        let mut name = piece.rsplit(' ').next().unwrap_or(piece).to_string();
        if let Some(first) = name.get_mut(..1) {
            first.make_ascii_uppercase();
        }
        Some(if to.is_empty() {
            format!("{name} {square} selected: no moves.")
        } else {
            format!("{name} {square} selected: it can go to {}.", to.join(", "))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dests(premove: bool) -> Dests {
        let to = |names: &[&str]| names.iter().map(|n| (n.to_string(), false)).collect();
        Dests {
            from: vec![
                ("e2".into(), to(&["e3", "e4"])),
                ("g1".into(), to(&["f3", "h3"])),
                ("a1".into(), Vec::new()),
            ],
            premove,
            choosing: Vec::new(),
        }
    }

    #[test]
    fn a_press_selects_and_the_click_after_it_keeps_the_selection() {
        let d = dests(false);
        let mut s = Selection::default();
        s.press("e2", &d);
        assert_eq!(s.square.as_deref(), Some("e2"), "selected on pointer-down");
        assert_eq!(s.click("e2", &d), Intent::None);
        assert_eq!(
            s.square.as_deref(),
            Some("e2"),
            "the click of the same press keeps it"
        );
        // A second click on it unselects.
        s.press("e2", &d);
        s.click("e2", &d);
        assert_eq!(s.square, None);
        // Pressing a destination selects nothing else; the click moves.
        s.press("e2", &d);
        s.click("e2", &d);
        s.press("e4", &d);
        assert_eq!(s.click("e4", &d), Intent::Move("e2".into(), "e4".into()));
        assert_eq!(s.square, None);
        // Another own piece takes the selection; an empty square drops it.
        s.click("e2", &d);
        s.click("g1", &d);
        assert_eq!(s.square.as_deref(), Some("g1"));
        assert_eq!(s.click("d5", &d), Intent::None);
        assert_eq!(s.square, None);
        // A piece without moves can be selected, and says so.
        s.click("a1", &d);
        assert_eq!(
            s.announcement("white rook", &d).as_deref(),
            Some("Rook a1 selected: no moves.")
        );
        s.click("g1", &d);
        assert_eq!(
            s.announcement("white knight", &d).as_deref(),
            Some("Knight g1 selected: it can go to f3, h3.")
        );
        s.clear();
        assert_eq!(s.announcement("white knight", &d), None);
    }

    #[test]
    fn drops_move_to_destinations_only() {
        let d = dests(false);
        let mut s = Selection::default();
        s.press("g1", &d);
        assert_eq!(
            s.drop("g1", "f3", &d),
            Intent::Move("g1".into(), "f3".into())
        );
        assert_eq!(s.drop("g1", "g3", &d), Intent::None);
        assert_eq!(s.square, None);
        // Dropped back where it was: selected.
        assert_eq!(s.drop("e2", "e2", &d), Intent::None);
        assert_eq!(s.square.as_deref(), Some("e2"));
    }

    #[test]
    fn pre_moves_are_set_by_click_or_drop_and_dropped_by_a_click_elsewhere() {
        let d = dests(true);
        let mut s = Selection::default();
        assert_eq!(
            s.click("g1", &d),
            Intent::DropPremove,
            "a new selection drops the old one"
        );
        assert_eq!(s.click("f3", &d), Intent::Move("g1".into(), "f3".into()));
        assert_eq!(
            s.drop("e2", "e4", &d),
            Intent::Move("e2".into(), "e4".into())
        );
        assert_eq!(s.click("d5", &d), Intent::DropPremove);
        assert_eq!(s.drop("e2", "e6", &d), Intent::DropPremove);
    }

    #[test]
    fn nothing_is_selected_where_nothing_may_move() {
        let d = Dests::default();
        let mut s = Selection::default();
        s.press("e2", &d);
        assert_eq!(s.click("e2", &d), Intent::None);
        assert_eq!(s.square, None);
    }
}
