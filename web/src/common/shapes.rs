//! The arrows and circles a player draws on the board: what they are, apart from how any view
//! draws them (the scene does that), so the app's state holds no drawing types.

use topochess_core::Square;

/// The colour of a drawn shape: green, or red with Shift, blue with Alt, yellow with Ctrl (or
/// the command key), as on lichess.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Brush {
    /// Plain.
    Green,
    /// With Shift.
    Red,
    /// With Alt.
    Blue,
    /// With Ctrl or the command key.
    Yellow,
}

impl Brush {
    /// The brush of a pointer release with these keys held.
    pub fn of(shift: bool, alt: bool, ctrl: bool) -> Brush {
        match (shift, alt, ctrl) {
            (_, _, true) => Brush::Yellow,
            (true, _, _) => Brush::Red,
            (_, true, _) => Brush::Blue,
            _ => Brush::Green,
        }
    }

    /// The class name.
    pub fn name(self) -> &'static str {
        match self {
            Brush::Green => "green",
            Brush::Red => "red",
            Brush::Blue => "blue",
            Brush::Yellow => "yellow",
        }
    }
}

/// A shape the player drew: an arrow, or a circle where `from == to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Shape {
    /// Where it starts.
    pub from: Square,
    /// Where it points.
    pub to: Square,
    /// Its colour.
    pub brush: Brush,
}
