//! The game on the board through the app's reducer: messages beside their cause, tabs, resignation, draw offers, pre-moves.

use crate::app::state::{Action, AppState, EngineHeard, PlayAction};
use crate::common::settings::{Opponent, Settings};
use std::rc::Rc;
use topochess_core::Color;
use yew::Reducible;

fn hot_seat() -> Rc<AppState> {
    Rc::new(AppState::default()).reduce(Action::NewGame(
        Settings {
            variant: "standard".into(),
            ..Settings::default()
        },
        None,
    ))
}

fn square(s: &AppState, name: &str) -> topochess_core::Square {
    s.play.game.start().size().parse_square(name).unwrap()
}

#[test]
fn a_message_is_shown_beside_its_cause_and_goes_with_its_screen() {
    use crate::app::state::{NoticeAt, Screen};
    let s = hot_seat().reduce(Action::Play(PlayAction::Typed("Ke5".into())));
    assert!(s.notice.is_some());
    assert_eq!(s.notice_at, NoticeAt::TypedMove);
    let s = s.reduce(Action::Import(Box::new(Action::Notice(Some(
        "bad PGN".into(),
    )))));
    assert_eq!(
        (s.notice.as_deref(), s.notice_at),
        (Some("bad PGN"), NoticeAt::Import)
    );
    let s = s.reduce(Action::Notice(Some("restored".into())));
    assert_eq!(s.notice_at, NoticeAt::Top);
    // Going to another screen takes the message away.
    let s = s.reduce(Action::Go(Screen::Games));
    assert_eq!((s.notice.clone(), s.screen), (None, Screen::Games));
}

#[test]
fn a_game_that_went_on_in_another_tab_is_followed_and_a_diverging_one_is_not() {
    let s = hot_seat();
    let (e2, e4) = (square(&s, "e2"), square(&s, "e4"));
    let s = s.reduce(Action::Move(e2, e4));
    let mut there = s.saved_game(0.0);
    // The other tab played 1...e5 2.Nf3: this tab follows, and says so.
    there.moves = ["e2e4", "e7e5", "g1f3"].map(String::from).to_vec();
    let followed = s
        .clone()
        .reduce(Action::ChangedElsewhere(vec![there.clone()]));
    assert_eq!(followed.move_texts(), there.moves);
    assert_eq!(followed.play.game_id, s.play.game_id);
    assert!(followed
        .notice
        .as_deref()
        .unwrap_or("")
        .contains("another tab"));
    // A line that does not continue this tab's is not taken over (a save keeps both).
    there.moves = ["d2d4"].map(String::from).to_vec();
    let kept = s
        .clone()
        .reduce(Action::ChangedElsewhere(vec![there.clone()]));
    assert_eq!(kept.move_texts(), ["e2e4"]);
    assert_eq!(*kept.saved, vec![there]);
    // Told that its line was kept apart, the tab goes on under the new id.
    let apart = kept.reduce(Action::KeptApart(77));
    assert_eq!(
        (apart.play.game_id, apart.move_texts()),
        (77, vec!["e2e4".to_string()])
    );
}

#[test]
fn a_move_from_the_board_is_played_and_esc_closes_the_chooser() {
    let s = hot_seat();
    let (e2, e4) = (square(&s, "e2"), square(&s, "e4"));
    let s = s.reduce(Action::Move(e2, e4));
    assert_eq!(s.move_texts(), ["e2e4"]);
    // A move that is not legal changes nothing.
    let s = s.reduce(Action::Move(e2, e4));
    assert_eq!(s.move_texts(), ["e2e4"]);
    // A promotion asks which piece; Esc closes the question and plays nothing.
    let pos = topochess_core::fen::parse_position(
        s.play.game.start().variant().clone(),
        "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
    )
    .unwrap();
    let game = topochess_core::game::Game::new(pos);
    let settings = s.settings.clone();
    let s = s.reduce(Action::LoadGame(settings, Box::new(game)));
    let (b7, b8) = (square(&s, "b7"), square(&s, "b8"));
    let s = s.reduce(Action::Move(b7, b8));
    assert_eq!(s.play.choice.as_ref().map(|c| c.options.len()), Some(4));
    let s = s.reduce(Action::Cancel);
    assert!(s.play.choice.is_none() && s.play.game.moves().is_empty());
}

#[test]
fn resigning_asks_first() {
    let s = hot_seat().reduce(Action::Play(PlayAction::Resign(None)));
    assert!(s.play.confirm_resign && s.play.game.outcome().is_none());
    let s = s.reduce(Action::Play(PlayAction::Resign(Some(false))));
    assert!(!s.play.confirm_resign && s.play.game.outcome().is_none());
    let s = s
        .reduce(Action::Play(PlayAction::Resign(None)))
        .reduce(Action::Play(PlayAction::Resign(Some(true))));
    assert_eq!(
        s.play.game.outcome().and_then(|o| o.winner()),
        Some(Color::Black)
    );
}

#[test]
fn a_hot_seat_draw_is_offered_then_accepted_or_declined_by_moving() {
    let s = hot_seat().reduce(Action::Play(PlayAction::OfferDraw));
    assert_eq!(s.play.draw_offered_by(), Some(Color::White));
    assert!(
        s.play.game.outcome().is_none(),
        "one click does not end the game"
    );
    // White moves on: the offer stands for Black.
    let s = s.reduce(Action::Play(PlayAction::Typed("e4".into())));
    assert_eq!(s.play.draw_offered_by(), Some(Color::White));
    // Black moves instead of answering: declined.
    let declined = s
        .clone()
        .reduce(Action::Play(PlayAction::Typed("e5".into())));
    assert_eq!(declined.play.draw_offered_by(), None);
    assert!(declined.play.game.outcome().is_none());
    // Or Black accepts.
    let drawn = s.reduce(Action::Play(PlayAction::AnswerDraw(true)));
    assert_eq!(
        drawn.play.game.outcome().map(|o| o.result()),
        Some("1/2-1/2")
    );
}

#[test]
fn the_computer_accepts_a_draw_only_when_it_is_not_better() {
    let s = Rc::new(AppState::default()).reduce(Action::NewGame(
        Settings {
            variant: "standard".into(),
            opponent: Opponent::Computer {
                computer: Color::Black,
                level: 3,
            },
            ..Settings::default()
        },
        None,
    ));
    let declined = s.clone().reduce(Action::Play(PlayAction::OfferDraw));
    assert!(
        declined.play.game.outcome().is_none(),
        "no opinion yet: declined"
    );
    let mut s = (*s).clone();
    s.play.computer_eval = Some(-40);
    let s = Rc::new(s).reduce(Action::Play(PlayAction::OfferDraw));
    assert!(s.play.game.outcome().is_some());
}

fn vs_computer() -> Rc<AppState> {
    Rc::new(AppState::default()).reduce(Action::NewGame(
        Settings {
            variant: "folded".into(),
            opponent: Opponent::Computer {
                computer: Color::Black,
                level: 3,
            },
            ..Settings::default()
        },
        None,
    ))
}

#[test]
fn a_premove_is_played_at_once_when_legal_and_dropped_when_not() {
    let s = vs_computer().reduce(Action::Play(PlayAction::Typed("e4".into())));
    let job = s.engine.as_ref().unwrap().id;
    // While the computer thinks: select the knight, pre-move it.
    let (g1, f3) = (square(&s, "g1"), square(&s, "f3"));
    assert!(s.play.premove_dests(g1, &s.settings).contains(&f3));
    let dests = s.play.dests(&s.settings);
    assert!(
        dests.premove
            && dests
                .of("g1")
                .is_some_and(|d| d.iter().any(|(t, _)| t == "f3"))
    );
    let s = s.reduce(Action::Move(g1, f3));
    assert_eq!(s.play.premove, Some((g1, f3)));
    // The reply comes: the pre-move is played, and the computer thinks again.
    let s = s.reduce(Action::Engine(EngineHeard::Answer(job, "e7e5".into())));
    assert_eq!(s.move_texts(), ["e2e4", "e7e5", "g1f3"]);
    assert!(s.play.premove.is_none() && s.engine.is_some());
    // A pre-move that is not legal after the reply is dropped: e4-e5 onto Black's pawn.
    let job = s.engine.as_ref().unwrap().id;
    let (e4, e5) = (square(&s, "e4"), square(&s, "e5"));
    let s = s.reduce(Action::Move(e4, e5));
    assert_eq!(s.play.premove, Some((e4, e5)));
    let s = s.reduce(Action::Engine(EngineHeard::Answer(job, "b8c6".into())));
    assert_eq!(s.move_texts().len(), 4);
    assert!(s.play.premove.is_none());
    assert_eq!(
        s.play.game.position().turn(),
        Color::White,
        "the player's move"
    );
    // Esc cancels a pre-move.
    let s = s.reduce(Action::Play(PlayAction::Typed("d4".into())));
    let (b1, c3) = (square(&s, "b1"), square(&s, "c3"));
    let s = s.reduce(Action::Move(b1, c3));
    assert_eq!(s.play.premove, Some((b1, c3)));
    let s = s.reduce(Action::Cancel);
    assert!(s.play.premove.is_none());
    // A square no piece of the player reaches is no pre-move; the board drops one too.
    let (h2, h5) = (square(&s, "h2"), square(&s, "h5"));
    assert!(!s.play.premove_dests(h2, &s.settings).contains(&h5));
    let s = s.reduce(Action::Move(b1, c3)).reduce(Action::Move(h2, h5));
    assert_eq!(s.play.premove, Some((b1, c3)));
    let s = s.reduce(Action::Play(PlayAction::DropPremove));
    assert!(s.play.premove.is_none());
}
