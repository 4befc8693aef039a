//! The explorer's changes: opening it on a variant or a lone piece, editing the position, and
//! what it asks of the app (playing from here, the analysis board, the lab's surface and games).
//! See `explorer` for the explorer itself.

use crate::common::settings::Opponent;
use crate::explore::explorer::{ExploreAction, Explorer};
use std::sync::Arc;
use topochess_core::lab::LabSpec;
use topochess_core::{Piece, Variant};
use topochess_study::explore::Placement;

/// What an explorer or lab action asks of the app.
#[derive(Clone, Debug, PartialEq)]
pub enum ExploreOut {
    /// Nothing more.
    Done,
    /// A word for the player.
    Notice(String),
    /// The explorer is open: show its screen.
    Shown,
    /// A game from the diagram against this opponent.
    PlayFrom(Opponent),
    /// The diagram on the analysis board.
    Analyse,
    /// The lab's surface chosen.
    Lab(LabSpec),
    /// A game on this lab surface against this opponent.
    PlayLab(LabSpec, Opponent),
}

impl Explorer {
    /// An explorer action on the explorer in `slot` (opened by [`ExploreAction::Open`]).
    pub fn update(slot: &mut Option<Explorer>, action: ExploreAction) -> ExploreOut {
        match action {
            ExploreAction::PlayFromHere(opponent) => return ExploreOut::PlayFrom(opponent),
            ExploreAction::Analyse => return ExploreOut::Analyse,
            ExploreAction::Lab(spec) => return ExploreOut::Lab(spec),
            ExploreAction::PlayLab(spec, opponent) => return ExploreOut::PlayLab(spec, opponent),
            _ => {}
        }
        if let ExploreAction::Open {
            variant,
            piece,
            caption,
        } = &action
        {
            return match Variant::by_id(variant, None) {
                Ok(v) => {
                    let v = Arc::new(v);
                    let mut ex = Explorer::new(v.clone());
                    if let Some((letter, square)) = piece {
                        ex.placement = Placement::empty(v.clone());
                        if let (Some(p), Some(sq)) =
                            (Piece::from_char(*letter), v.size().parse_square(square))
                        {
                            ex.placement.set(sq, Some(p));
                            ex.selected = Some(sq);
                        }
                    }
                    ex.caption = caption.clone();
                    *slot = Some(ex);
                    ExploreOut::Shown
                }
                Err(e) => ExploreOut::Notice(e.to_string()),
            };
        }
        let Some(ex) = slot.as_mut() else {
            return ExploreOut::Done;
        };
        match action {
            ExploreAction::Click(sq) => ex.click(sq),
            ExploreAction::Drop(a, b) => ex.drop(a, b),
            ExploreAction::Tool(t) => {
                ex.tool = t;
                ex.selected = None;
            }
            ExploreAction::Clear => {
                ex.placement = Placement::empty(ex.variant().clone());
                ex.selected = None;
                ex.caption = None;
            }
            ExploreAction::Reset => {
                let v = ex.variant().clone();
                *ex = Explorer::new(v);
            }
            ExploreAction::Turn(c) => ex.turn = c,
            ExploreAction::Castling(bit, on) => {
                if on {
                    ex.rights_off &= !bit;
                } else {
                    ex.rights_off |= bit;
                }
            }
            ExploreAction::EnPassant(name) => {
                ex.ep = name.and_then(|n| ex.variant().size().parse_square(&n));
            }
            ExploreAction::AllPaths(on) => ex.all_paths = on,
            ExploreAction::Heat(on) => ex.heat = on,
            _ => {}
        }
        ExploreOut::Done
    }
}

#[cfg(test)]
mod tests {
    use crate::app::state::{Action, AppState, ExploreAction};
    use crate::common::settings::Opponent;
    use crate::explore::explorer::Tool;
    use std::rc::Rc;
    use topochess_core::{fen, Piece};
    use yew::Reducible;

    /// The explorer on `variant` with exactly these pieces (FEN letter, square).
    fn diagram(variant: &str, pieces: &[(char, &str)]) -> Rc<AppState> {
        let open = ExploreAction::Open {
            variant: variant.into(),
            piece: None,
            caption: None,
        };
        let mut s = Rc::new(AppState::default())
            .reduce(Action::Explore(open))
            .reduce(Action::Explore(ExploreAction::Clear));
        for &(letter, name) in pieces {
            let sq = s
                .explorer
                .as_ref()
                .unwrap()
                .variant()
                .size()
                .parse_square(name)
                .unwrap();
            let piece = Piece::from_char(letter).unwrap();
            s = s
                .reduce(Action::Explore(ExploreAction::Tool(Tool::Place(piece))))
                .reduce(Action::Explore(ExploreAction::Click(sq)));
        }
        s
    }

    fn play(s: Rc<AppState>) -> String {
        let s = s.reduce(Action::PlayFromDiagram(Opponent::HotSeat));
        assert!(s.notice.is_none(), "{:?}", s.notice);
        fen::write(s.play.game.start())
    }

    const HOME: &[(char, &str)] = &[
        ('K', "e1"),
        ('R', "a1"),
        ('R', "h1"),
        ('k', "e8"),
        ('r', "a8"),
        ('r', "h8"),
    ];

    #[test]
    fn play_from_here_keeps_the_castling_rights_of_pieces_at_home() {
        let s = diagram("standard", HOME);
        assert_eq!(play(s.clone()), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
        // Unticking a right drops it.
        let bit = topochess_core::castling::rights_bit(topochess_core::Color::White, true);
        let s = s.reduce(Action::Explore(ExploreAction::Castling(bit, false)));
        assert_eq!(play(s.clone()), "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1");
        let s = s.reduce(Action::Explore(ExploreAction::Castling(bit, true)));
        assert!(play(s).contains(" KQkq "));
        // A rook away from home gives no right; a game without castling gives none.
        let moved = diagram(
            "standard",
            &[('K', "e1"), ('R', "a2"), ('R', "h1"), ('k', "e8")],
        );
        assert!(play(moved).contains(" K - "));
        assert!(play(diagram("folded", HOME)).contains(" w - - "));
    }

    #[test]
    fn play_from_here_offers_en_passant_where_it_is_possible() {
        let s = diagram(
            "standard",
            &[('K', "e1"), ('k', "e8"), ('P', "e5"), ('p', "d5")],
        );
        let ex = s.explorer.as_ref().unwrap();
        let names: Vec<String> = ex
            .ep_options()
            .into_iter()
            .map(|sq| ex.variant().size().name(sq))
            .collect();
        assert_eq!(names, ["d6"]);
        let s = s.reduce(Action::Explore(ExploreAction::EnPassant(Some("d6".into()))));
        assert_eq!(play(s.clone()), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        // Black to move: no white pawn just pushed, so no en passant, whatever was chosen.
        let s = s.reduce(Action::Explore(ExploreAction::Turn(
            topochess_core::Color::Black,
        )));
        assert!(s.explorer.as_ref().unwrap().ep_options().is_empty());
        assert!(play(s).contains(" b - - "));
    }

    #[test]
    fn a_saved_lab_game_brings_its_surface_to_the_lab() {
        let settings = crate::common::settings::Settings {
            variant: "lab-wrap-fold-8x6".into(),
            ..Default::default()
        };
        let variant = crate::common::settings::variant_of(&settings).unwrap();
        let game = topochess_core::game::Game::new(topochess_core::Position::start(variant));
        let saved = crate::library::storage::SavedGame::of(3, &settings, &game, 0.0);
        let s = AppState::from_saved(&saved).unwrap();
        assert_eq!(s.lab.id(), "lab-wrap-fold-8x6");
        // Opening it from the library in a running app does the same.
        let s = Rc::new(AppState::default()).reduce(Action::SwitchGame(Box::new(saved)));
        assert_eq!(s.lab.id(), "lab-wrap-fold-8x6");
    }
}
