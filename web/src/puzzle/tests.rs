use super::*;
use crate::app::state::{Action, AppState, Screen};
use crate::puzzle::set::{Goal, START_RATING};
use std::rc::Rc;
use yew::Reducible;

fn reduce(s: Rc<AppState>, a: PuzzleAction) -> Rc<AppState> {
    s.reduce(Action::Puzzle(a))
}

/// The state with puzzle `index` of the set open on the puzzle screen, on the record.
fn opened(index: usize) -> Rc<AppState> {
    let mut s = AppState {
        screen: Screen::Puzzles,
        ..AppState::default()
    };
    s.open_puzzle(index, true);
    Rc::new(s)
}

/// The first shipped puzzle with `test`.
fn find(test: impl Fn(&PuzzleEntry) -> bool) -> usize {
    shipped().iter().position(test).expect("the set has one")
}

fn solution(s: &AppState) -> Vec<Move> {
    s.solving().unwrap().solution.clone()
}

/// Makes `mv` on the board (a promotion picked from the chooser).
fn make(s: Rc<AppState>, mv: Move) -> Rc<AppState> {
    let s = reduce(s, PuzzleAction::Move(mv.from, mv.to));
    if s.play.choice.is_some() {
        s.reduce(Action::Choose(mv))
    } else {
        s
    }
}

/// The defender's answer, as the timer sends it.
fn answer(s: Rc<AppState>) -> Rc<AppState> {
    let due = s.solving().unwrap().reply_due().expect("an answer is due");
    reduce(s, PuzzleAction::Reply(due.0, due.1))
}

/// A legal move of the player that is not the solution's and does not mate.
fn wrong_move(s: &AppState) -> Move {
    let p = s.solving().unwrap();
    let right = p.solution[p.done()];
    p.live()
        .legal_moves()
        .into_iter()
        .find(|&m| m != right && !p.mates(m))
        .expect("another move")
}

#[test]
fn opening_shows_the_opponents_last_move_and_the_player_is_to_move() {
    let i = find(|p| p.before.is_some() && p.goal == Goal::Mate(2));
    let s = opened(i);
    let p = s.solving().unwrap();
    assert!(p.player_to_move() && p.reply_due().is_none() && p.finish.is_none());
    assert_eq!(p.shown_ply(), 1);
    let (before, mv) = p.move_to(1).expect("the lead-in move");
    assert_eq!(
        san::to_coordinate(before, mv),
        p.entry.before.as_ref().unwrap().1
    );
    assert_eq!(fen::write(p.live()), p.entry.fen);
    assert_eq!(p.solver(), p.live().turn());
    // Before the end, no browsing and no solution drawn.
    assert!(p.solution_paths().is_empty());
    let s = s.reduce(Action::Step(-1));
    assert_eq!(s.solving().unwrap().shown_ply(), 1);
}

#[test]
fn the_right_moves_with_the_defenders_answers_solve_it_and_raise_the_rating() {
    let i = find(|p| p.goal == Goal::Mate(2));
    let mut s = opened(i);
    let moves = solution(&s);
    s = make(s, moves[0]);
    let p = s.solving().unwrap();
    assert!(!p.player_to_move() && p.reply_due().is_some() && p.wrong.is_none());
    // The player cannot move while the answer waits.
    let before = p.clone();
    s = make(s, moves[2]);
    assert_eq!(s.solving(), Some(&before));
    s = answer(s);
    assert!(s.solving().unwrap().player_to_move());
    s = make(s, moves[2]);
    let p = s.solving().unwrap();
    assert_eq!(p.finish, Some(Finish::Solved));
    assert!(!p.failed && p.change.is_some_and(|c| c > 0));
    assert!(p.live().is_check() && !p.live().has_legal_move());
    let r = &s.puzzles.record;
    assert!(r.rating > START_RATING && r.streak == 1 && r.history.len() == 1);
    assert!(r.history[0].solved && r.history[0].id == p.entry.id);
    // Over: the player's moves are drawn, and the moves can be browsed.
    assert_eq!(p.solution_paths().len(), 2);
    let end = p.shown_ply();
    let s = s.reduce(Action::Step(-1));
    assert_eq!(s.solving().unwrap().shown_ply(), end - 1);
    let s = s.reduce(Action::Live);
    assert_eq!(s.solving().unwrap().shown_ply(), end);
}

#[test]
fn a_wrong_move_is_refused_and_fails_the_puzzle_once_though_it_can_still_be_finished() {
    let i = find(|p| p.goal == Goal::Mate(2));
    let mut s = opened(i);
    let moves = solution(&s);
    let start = s.solving().unwrap().live().hash();
    let wrong = wrong_move(&s);
    s = make(s, wrong);
    let p = s.solving().unwrap();
    assert_eq!(p.live().hash(), start);
    assert!(p.player_to_move() && p.failed);
    assert!(p.wrong.as_ref().is_some_and(|w| !w.is_empty()));
    let lost = p.change.expect("recorded at the wrong move");
    assert!(lost < 0);
    let rating = s.puzzles.record.rating;
    assert_eq!(s.puzzles.record.streak, 0);
    // A second wrong move changes nothing more.
    s = make(s, wrong);
    assert_eq!(s.puzzles.record.rating, rating);
    assert_eq!(s.puzzles.record.history.len(), 1);
    // The right moves still finish it, counted as failed.
    s = make(s, moves[0]);
    assert!(s.solving().unwrap().wrong.is_none());
    s = answer(s);
    s = make(s, moves[2]);
    let p = s.solving().unwrap();
    assert_eq!(p.finish, Some(Finish::Solved));
    assert!(p.failed && p.change == Some(lost));
    assert_eq!(s.puzzles.record.history.len(), 1);
    assert!(!s.puzzles.record.history[0].solved);
}

#[test]
fn a_stale_or_repeated_answer_is_ignored() {
    let i = find(|p| p.goal == Goal::Mate(3));
    let mut s = opened(i);
    let moves = solution(&s);
    s = make(s, moves[0]);
    let due = s.solving().unwrap().reply_due().unwrap();
    // The same answer twice: the second finds the player to move and does nothing.
    s = reduce(s, PuzzleAction::Reply(due.0, due.1));
    let after = s.solving().unwrap().clone();
    s = reduce(s, PuzzleAction::Reply(due.0, due.1));
    assert_eq!(s.solving(), Some(&after));
    // A new puzzle while an answer waits: the old timer's answer is not played in it.
    s = make(s, moves[2]);
    let due = s.solving().unwrap().reply_due().unwrap();
    s = reduce(s, PuzzleAction::Retry);
    let fresh = s.solving().unwrap().clone();
    assert_ne!(fresh.session, due.0);
    s = reduce(s, PuzzleAction::Reply(due.0, due.1));
    assert_eq!(s.solving(), Some(&fresh));
    // Leaving the screen: no answer is due for a timer to wait on.
    let s = make(s, moves[0]).reduce(Action::SetScreen(Screen::Play));
    assert!(s.solving().is_none());
    assert!(s.puzzles.solving.as_ref().unwrap().reply_due().is_some());
}

#[test]
fn a_promotion_is_chosen_on_the_board_and_the_right_piece_accepted() {
    let i = find(|p| p.solution[0].len() == 5);
    let s = opened(i);
    let right = solution(&s)[0];
    let s = reduce(s, PuzzleAction::Move(right.from, right.to));
    assert_eq!(s.play.choice.as_ref().map(|c| c.options.len()), Some(4));
    let s = s.reduce(Action::Choose(right));
    let p = s.solving().unwrap();
    assert!(s.play.choice.is_none() && p.wrong.is_none() && !p.failed);
    assert_eq!(p.played().len(), 1);
}

#[test]
fn another_mate_than_the_listed_one_is_accepted() {
    // White mates with either rook on the eighth rank; the set lists one of them.
    let entry = PuzzleEntry::from_line(
        "standard\t6k1/5ppp/8/8/8/8/8/R3R1K1 w - - 0 1\ta1a8\tmate-in-1\t\t500",
    )
    .unwrap();
    let mut s = AppState {
        screen: Screen::Puzzles,
        ..AppState::default()
    };
    s.puzzles.solving = Some(Solving::open(&entry, 0, 1, false).unwrap());
    let s = Rc::new(s);
    let e1e8 = s
        .solving()
        .unwrap()
        .live()
        .legal_moves()
        .into_iter()
        .find(|m| san::to_coordinate(s.solving().unwrap().live(), *m) == "e1e8")
        .unwrap();
    let s = make(s, e1e8);
    let p = s.solving().unwrap();
    assert_eq!(p.finish, Some(Finish::Solved));
    assert!(
        !p.failed && p.change.is_none(),
        "not on the record: not counted"
    );
}

#[test]
fn the_solution_fails_the_puzzle_and_plays_it_out_and_again_is_not_rated() {
    let i = find(|p| p.goal == Goal::Mate(3));
    let s = opened(i);
    let moves = solution(&s);
    let s = reduce(s, PuzzleAction::Solution);
    let p = s.solving().unwrap();
    assert_eq!(p.finish, Some(Finish::Shown));
    assert_eq!(p.played().len(), moves.len());
    // Written as players write them: the first move numbered (`N...` when Black begins), then
    // a number before each White move only.
    let played = p.played();
    let n = p.move_to(played[0].0).unwrap().0.fullmove_number();
    let black = p.solver() == topochess_core::Color::Black;
    let first = if black {
        format!("{n}...")
    } else {
        format!("{n}.")
    };
    assert_eq!(played[0].1.as_deref(), Some(first.as_str()));
    assert_eq!(played[1].1.is_some(), black);
    assert_eq!(played[2].1.is_some(), !black);
    assert!(p.failed && p.change.is_some_and(|c| c < 0));
    let rating = s.puzzles.record.rating;
    // Again: from the start, not on the record.
    let mut s = reduce(s, PuzzleAction::Retry);
    assert!(s.solving().unwrap().played().is_empty());
    for (k, &mv) in moves.iter().enumerate() {
        s = if k % 2 == 0 { make(s, mv) } else { answer(s) };
    }
    let p = s.solving().unwrap();
    assert_eq!(p.finish, Some(Finish::Solved));
    assert_eq!(p.change, None);
    assert_eq!(s.puzzles.record.rating, rating);
    assert_eq!(s.puzzles.record.history.len(), 1);
}

#[test]
fn next_follows_the_filters_and_the_screen_reopens_the_kept_puzzle() {
    let s = Rc::new(AppState::default()).reduce(Action::SetScreen(Screen::Puzzles));
    assert!(
        s.solving().is_none() && s.puzzles.opening,
        "drawn first, the puzzle after"
    );
    let s = reduce(s, PuzzleAction::Show);
    assert!(!s.puzzles.opening);
    let first = s.solving().expect("a puzzle opens").entry.clone();
    assert_eq!(s.puzzles.record.current.as_ref(), Some(&first.id));
    let filter = Filter {
        surface: Some("torus".into()),
        theme: Some("mate-in-2".into()),
    };
    let s = reduce(s, PuzzleAction::SetFilter(filter.clone()));
    let p = s.solving().unwrap();
    assert!(p.entry.variant == "torus" && p.entry.goal == Goal::Mate(2));
    assert_eq!(s.puzzles.record.filter, filter);
    // A filter nothing fits: no puzzle, and a word why.
    let none = Filter {
        surface: Some("standard".into()),
        theme: None,
    };
    let empty = reduce(s.clone(), PuzzleAction::SetFilter(none));
    assert!(empty.solving().is_none() && empty.notice.is_some());
    // As after a reload: the record (kept) brings back its puzzle, from its start.
    let record = s.puzzles.record.clone();
    let mut again = AppState {
        puzzles: Puzzles::with_record(record),
        ..AppState::default()
    };
    again.screen = Screen::Puzzles;
    again.puzzles_opened();
    assert_eq!(again.solving().unwrap().entry, p.entry);
    assert!(again.solving().unwrap().counts, "not played yet: it counts");
}

#[test]
fn a_puzzle_failed_then_reloaded_is_not_rated_again() {
    let i = find(|p| p.goal == Goal::Mate(1));
    let s = opened(i);
    let wrong = wrong_move(&s);
    let s = make(s, wrong);
    let mut again = AppState {
        puzzles: Puzzles::with_record(s.puzzles.record.clone()),
        screen: Screen::Puzzles,
        ..AppState::default()
    };
    again.puzzles_opened();
    let again = Rc::new(again);
    let right = solution(&again)[0];
    let again = make(again, right);
    assert_eq!(again.solving().unwrap().finish, Some(Finish::Solved));
    assert_eq!(again.puzzles.record, s.puzzles.record);
}

#[test]
fn a_material_puzzle_is_solved_by_its_winning_move_and_its_tags_filter() {
    let i = find(|p| matches!(p.goal, Goal::Material(n) if n >= 2));
    let mut s = opened(i);
    let moves = solution(&s);
    for (k, &mv) in moves.iter().enumerate() {
        s = if k % 2 == 0 { make(s, mv) } else { answer(s) };
    }
    let p = s.solving().unwrap();
    assert_eq!(p.finish, Some(Finish::Solved));
    assert!(!p.failed && p.change.is_some_and(|c| c > 0));
    assert!(p.live().has_legal_move(), "won material, not mate");
    assert_eq!(
        p.entry.goal_text(),
        format!("win material in {}", p.entry.goal.moves())
    );
    // The tactics are themes a filter picks.
    let s = reduce(
        s,
        PuzzleAction::SetFilter(Filter {
            surface: None,
            theme: Some("fork".into()),
        }),
    );
    assert!(s
        .solving()
        .unwrap()
        .entry
        .themes
        .iter()
        .any(|t| t == "fork"));
}

#[test]
fn a_puzzle_asked_for_before_the_set_arrives_opens_when_it_does() {
    use crate::app::address::Address;
    use crate::puzzle::set;
    let id = shipped()[7].id.clone();
    // A reload of the puzzle's address: the app runs before the set is fetched.
    set::hold_back(true);
    let s = Rc::new(AppState::default()).reduce(Action::Open(Address::Puzzles(Some(id.clone()))));
    assert_eq!(s.screen, Screen::Puzzles);
    assert!(
        s.puzzles.solving.is_none() && s.notice.is_none(),
        "{:?}",
        s.notice
    );
    assert_eq!(
        s.address(),
        Address::Puzzles(Some(id.clone())),
        "the address is kept"
    );
    set::hold_back(false);
    let s = s.reduce(Action::PuzzlesArrived(Ok(())));
    let shown = s.solving().map(|p| shipped()[p.index].id.clone());
    assert_eq!(shown, Some(id));
    // The screen opened without a puzzle's address: the next one, once the set is here, and no
    // word that none fits the filters before then.
    set::hold_back(true);
    let s = Rc::new(AppState::default()).reduce(Action::SetScreen(Screen::Puzzles));
    assert!(
        s.puzzles.solving.is_none() && s.notice.is_none(),
        "{:?}",
        s.notice
    );
    let failed = s
        .clone()
        .reduce(Action::PuzzlesArrived(Err("no network".into())));
    assert_eq!(failed.puzzles.trouble.as_deref(), Some("no network"));
    set::hold_back(false);
    let s = s.reduce(Action::PuzzlesArrived(Ok(())));
    assert!(s.solving().is_some());
    // The set arriving while another screen is open opens nothing.
    let s = Rc::new(AppState::default()).reduce(Action::PuzzlesArrived(Ok(())));
    assert!(s.puzzles.solving.is_none());
}

#[test]
fn a_puzzle_and_a_table_position_open_on_the_analysis_board() {
    let s = opened(3);
    let entry = shipped()[3].clone();
    let s = reduce(s, PuzzleAction::Analyse);
    assert_eq!(s.screen, Screen::Analyse);
    let a = s.analysing().unwrap();
    assert_eq!(a.position().variant().id(), entry.variant);
    assert_eq!(topochess_core::fen::write(a.position()), entry.fen);
    let fen = "8/8/3k4/8/8/8/8/R3K3 w - - 0 1";
    let s = Rc::new(AppState::default()).reduce(Action::Atlas(crate::atlas::AtlasAction::Analyse(
        "folded".into(),
        fen.into(),
    )));
    assert_eq!(s.screen, Screen::Analyse);
    assert_eq!(
        topochess_core::fen::write(s.analysing().unwrap().position()),
        fen
    );
}
