use super::*;
use crate::app::state::{Action, AppState, Opponent, Screen, Settings};
use std::rc::Rc;
use yew::Reducible;

fn learn(s: Rc<AppState>, a: LearnAction) -> Rc<AppState> {
    s.reduce(Action::Learn(a))
}

fn on_learn() -> Rc<AppState> {
    Rc::new(AppState::default()).reduce(Action::SetScreen(Screen::Learn))
}

/// Plays `text` (SAN) on the step shown, as a move on the board.
fn play(s: Rc<AppState>, text: &str) -> Rc<AppState> {
    let mv = san::parse_move(&s.studying().unwrap().pos, text).unwrap();
    learn(s, LearnAction::Move(mv.from, mv.to))
}

#[test]
fn a_wrong_move_is_refused_with_its_reason_and_path_and_the_right_one_is_played_and_kept() {
    let s = learn(on_learn(), LearnAction::Open(0));
    let st = s.studying().unwrap();
    assert_eq!((st.lesson, st.step), (0, 0));
    assert!(st.awaits_move() && st.marks.len() == 1);
    // Rc4 is a legal rook move that misses the ring on f3.
    let s = play(s, "Rc4");
    let st = s.studying().unwrap();
    assert!(st.answer.is_none() && st.awaits_move());
    assert_eq!(
        st.wrong.as_ref().map(|w| w.0.as_str()),
        Some("That square has no green ring.")
    );
    assert_eq!(st.drawn().len(), 1);
    assert!(!st.drawn()[0].1, "the wrong move's path, drawn as wrong");
    assert_eq!(st.shown().hash(), st.pos.hash(), "not played");
    assert_eq!(s.learn.progress.done_in(&LESSONS[0]), 0);
    // The hint, then the right move: played, its path drawn, the step kept as done.
    let s = learn(s, LearnAction::Hint);
    assert!(s.studying().unwrap().hint);
    let s = play(s, "Rf3");
    let st = s.studying().unwrap();
    assert!(st.wrong.is_none() && !st.awaits_move());
    assert_eq!(st.answer_text().as_deref(), Some("Rf3"));
    assert_ne!(st.shown().hash(), st.pos.hash());
    assert!(st.last().is_some() && st.drawn() == vec![(st.last().unwrap().1, true)]);
    assert!(s.learn.progress.is_done(&LESSONS[0], 0));
    // Moves after the answer change nothing.
    let again = play(s.clone(), "Rf3");
    assert_eq!(again.learn, s.learn);
}

#[test]
fn a_count_is_judged_and_its_moves_drawn_once_right() {
    let s = learn(on_learn(), LearnAction::Open(0));
    let s = learn(s, LearnAction::Goto(2));
    let st = s.studying().unwrap();
    assert!(!st.awaits_move(), "counting: no moves on the board");
    let s = learn(s, LearnAction::Count(8));
    assert_eq!(
        s.studying().unwrap().wrong.as_ref().map(|w| w.0.as_str()),
        Some("Fewer than 8: count again.")
    );
    assert!(s.studying().unwrap().drawn().is_empty());
    let s = learn(s, LearnAction::Count(7));
    let st = s.studying().unwrap();
    assert_eq!(st.answer_text().as_deref(), Some("7"));
    assert_eq!(st.drawn().len(), 7);
    assert!(s.learn.progress.is_done(&LESSONS[0], 2));
    // A lesson reopens at its first step not done.
    let s = learn(learn(s, LearnAction::Close), LearnAction::Open(0));
    assert_eq!(s.studying().unwrap().step, 0);
    let s = play(s, "Rf3");
    let s = learn(learn(s, LearnAction::Close), LearnAction::Open(0));
    assert_eq!(s.studying().unwrap().step, 1);
}

#[test]
fn the_lessons_end_offers_a_game_on_its_surface_and_progress_outlives_a_new_game() {
    let mut s = learn(on_learn(), LearnAction::Open(1));
    let answers = ["Rh4", "Bxh4", "", "Ra8#"];
    for (k, text) in answers.iter().enumerate() {
        s = learn(s, LearnAction::Goto(k));
        s = if text.is_empty() {
            learn(s, LearnAction::Count(6))
        } else {
            play(s, text)
        };
        assert!(s.studying().unwrap().answer.is_some(), "step {k}");
    }
    assert_eq!(s.learn.progress.done_in(&LESSONS[1]), 4);
    let s = learn(s, LearnAction::PlayGame);
    assert_eq!(s.screen, Screen::Play);
    assert_eq!(s.play.game.start().variant().id(), "cylinder");
    assert!(matches!(s.settings.opponent, Opponent::Computer { .. }));
    assert!(s.play.game.moves().is_empty());
    // The new game kept the lessons' progress and the puzzles' record.
    assert_eq!(s.learn.progress.done_in(&LESSONS[1]), 4);
    let p = s.reduce(Action::NewGame(Settings::default(), None));
    assert_eq!(p.learn.progress.done_in(&LESSONS[1]), 4);
}

#[test]
fn a_new_game_keeps_the_puzzle_record() {
    let s = on_learn().reduce(Action::SetScreen(Screen::Puzzles));
    let s = s.reduce(Action::Puzzle(crate::puzzle::PuzzleAction::Show));
    let s = s.reduce(Action::Puzzle(crate::puzzle::PuzzleAction::Solution));
    assert_eq!(s.puzzles.record.history.len(), 1);
    let s = s.reduce(Action::NewGame(Settings::default(), None));
    assert_eq!(s.puzzles.record.history.len(), 1);
}

#[test]
fn progress_survives_its_text() {
    let mut p = LearnProgress::default();
    p.done.entry("folded".into()).or_default().extend([0, 2]);
    let text = serde_json::to_string(&p).unwrap();
    assert_eq!(serde_json::from_str::<LearnProgress>(&text).unwrap(), p);
    assert_eq!(p.done_in(&LESSONS[0]), 2);
}
