//! What the page and the 3D view tell each other: the 3D view is drawn by the views' module
//! (see `common::module_view`), so its props cross from the page as JSON ([`SolidScene`]: the
//! surface, the normal view, the piece set, the selection and the destinations) and what it
//! reports comes back as JSON ([`SolidEvent`]).

use crate::board::view::View;
use crate::common::module_view::Crossing;
use crate::common::settings::PieceSet;
use serde::{Deserialize, Serialize};
use topochess_core::surface::Surface;
use yew::Callback;

/// The 3D view's props without their callbacks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolidScene {
    /// The surface.
    pub surface: Surface,
    /// The normal view.
    pub view: View,
    /// The piece set.
    pub pieces: PieceSet,
    /// The selected piece's square.
    pub selected: Option<String>,
    /// Its destinations (square, whether it takes).
    pub targets: Vec<(String, bool)>,
}

/// What the 3D view reports to the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SolidEvent {
    /// A press on a square.
    Press(String),
    /// A click on a square.
    Click(String),
    /// A choice made (an option's index), or cancelled.
    Choose(Option<usize>),
}

/// The callbacks of the 3D view's props, each reporting a [`SolidEvent`]: made once per view,
/// so that the props stay equal while the scene does.
#[derive(Clone, PartialEq)]
pub struct SolidCallbacks {
    pub(crate) on_press: Callback<String>,
    pub(crate) on_click: Callback<String>,
    pub(crate) on_choose: Callback<Option<usize>>,
}

impl SolidCallbacks {
    /// Callbacks that hand their events to `report`.
    pub fn reporting(report: Callback<SolidEvent>) -> SolidCallbacks {
        SolidCallbacks {
            on_press: report.reform(SolidEvent::Press),
            on_click: report.reform(SolidEvent::Click),
            on_choose: report.reform(SolidEvent::Choose),
        }
    }
}

impl Crossing for SolidEvent {}

impl Crossing for SolidScene {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::scene::hover_of;
    use crate::board::view::{BoardChoice, Cell, Drawing, LineKind, Marks, Motion, Stroke};
    use crate::common::shapes::Brush;
    use std::rc::Rc;
    use std::sync::Arc;
    use topochess_core::{fen, Variant};

    #[test]
    fn a_scene_and_the_views_events_cross_as_they_left() {
        let folded = Arc::new(Variant::preset("folded", None).unwrap());
        let pos = fen::parse_position(folded.clone(), "4k3/8/8/8/8/8/8/2R1K3 w - - 0 1").unwrap();
        let (hover, _) = hover_of(&pos);
        assert!(hover.len() > 10, "the rook's and the king's paths");
        let scene = SolidScene {
            surface: *folded.surface(),
            view: View {
                width: 8,
                height: 8,
                x0: -1,
                y0: 0,
                x1: 8,
                y1: 7,
                cells: vec![Cell {
                    x: 2,
                    y: 0,
                    square: "c1".into(),
                    light: false,
                    glyph: Some('♖'),
                    white: true,
                    label: Some("white rook".into()),
                    ghost: false,
                    marks: Marks {
                        selected: true,
                        ..Marks::default()
                    },
                    heat: Some((1, 0)),
                }],
                drawings: vec![Drawing {
                    kind: LineKind::Arrow(Brush::Red),
                    strokes: vec![Stroke {
                        points: vec![(2.5, 0.5), (2.5, -0.25)],
                        arc: true,
                    }],
                    markers: vec![(2.5, -0.1, 1)],
                }],
                motion: Some(Motion {
                    key: "g1-3".into(),
                    to: "f3".into(),
                    glyph: '♖',
                    white: true,
                    strokes: vec![vec![(2.5, 0.5), (5.5, 2.5)]],
                }),
                choice: Some(BoardChoice {
                    at: "c8".into(),
                    options: vec![(Some(('♕', true)), "c8=Q".into()), (None, "c8=N".into())],
                }),
                hover: Rc::new(hover),
            },
            pieces: PieceSet::default(),
            selected: Some("c1".into()),
            targets: vec![("f3".into(), false), ("c8".into(), true)],
        };
        let text = scene.to_json();
        assert_eq!(SolidScene::from_json(&text), Some(scene));
        assert_eq!(SolidScene::from_json("{}"), None);
        for event in [
            SolidEvent::Press("c1".into()),
            SolidEvent::Click("f3".into()),
            SolidEvent::Choose(Some(1)),
            SolidEvent::Choose(None),
        ] {
            assert_eq!(SolidEvent::from_json(&event.to_json()), Some(event));
        }
        assert_eq!(SolidEvent::from_json(r#"{"Teleport":"c1"}"#), None);
        assert_eq!(SolidScene::from_json(&text[..text.len() / 2]), None);
    }
}
