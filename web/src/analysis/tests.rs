//! The analysis board's state machine, driven through the reducer in awkward orders.

use super::*;
use crate::app::state::{Action, AppState, EngineHeard, EngineTask, PlayAction, Screen};
use crate::common::settings::{Opponent, Settings};
use std::rc::Rc;
use topochess_core::Color;
use topochess_worker::LineReport;
use yew::Reducible;

fn run(state: Rc<AppState>, actions: Vec<Action>) -> Rc<AppState> {
    actions.into_iter().fold(state, |s, a| s.reduce(a))
}

fn game(variant: &str, moves: &[&str]) -> Rc<AppState> {
    let s = Rc::new(AppState::default()).reduce(Action::NewGame(
        Settings {
            variant: variant.into(),
            ..Settings::default()
        },
        None,
    ));
    run(
        s,
        moves
            .iter()
            .map(|m| Action::Play(PlayAction::Typed(m.to_string())))
            .collect(),
    )
}

fn an(a: AnalysisAction) -> Action {
    Action::Analyse(a)
}

fn analysis(s: &AppState) -> &Analysis {
    s.analysis.as_ref().expect("an analysis")
}

fn sans_to(s: &AppState) -> Vec<String> {
    let a = analysis(s);
    let mut pos = a.tree.start().clone();
    a.tree
        .moves_to(a.at)
        .into_iter()
        .map(|mv| {
            let t = san::to_san(&pos, mv);
            pos.play_unchecked(mv);
            t
        })
        .collect()
}

fn job(s: &AppState) -> &crate::app::state::EngineJob {
    s.engine.as_ref().expect("a job")
}

fn square(s: &AppState, name: &str) -> Square {
    analysis(s).position().size().parse_square(name).unwrap()
}

fn lines_for(s: &AppState, moves: &[&str]) -> Report {
    Report {
        node: analysis(s).at,
        depth: 5,
        nodes: 1000,
        rate: 10_000,
        lines: vec![LineReport {
            score: 35,
            mate: None,
            moves: moves.iter().map(|m| m.to_string()).collect(),
            sans: Vec::new(),
        }],
    }
}

#[test]
fn opening_from_a_browsed_game_shows_that_move_and_analyses_it() {
    let s = game("folded", &["e4", "e5", "Nf3"]);
    let s = run(s, vec![Action::View(2), an(AnalysisAction::FromGame)]);
    assert_eq!(s.screen, Screen::Analyse);
    assert_eq!(sans_to(&s), ["e4", "e5"]);
    assert_eq!(
        analysis(&s).tree.mainline().len(),
        3,
        "the whole game is there"
    );
    let j = job(&s);
    assert_eq!(j.task, EngineTask::Analyse);
    assert_eq!(j.at, analysis(&s).point());
    assert_eq!(j.level, 3, "three lines by default");
    assert_eq!(s.play.game.moves().len(), 3, "the game is untouched");
}

#[test]
fn a_move_off_the_game_makes_a_side_line_that_can_be_promoted_and_deleted() {
    let s = game("standard", &["e4", "e5", "Nf3"]);
    let s = run(s, vec![Action::View(1), an(AnalysisAction::FromGame)]);
    let s = run(
        s,
        vec![an(AnalysisAction::Move(
            Square(0), // a1: nothing to move there for Black, ignored
            Square(8),
        ))],
    );
    assert_eq!(sans_to(&s), ["e4"]);
    let (c7, c5) = (square(&s, "c7"), square(&s, "c5"));
    let s = s.reduce(an(AnalysisAction::Move(c7, c5)));
    assert_eq!(sans_to(&s), ["e4", "c5"]);
    let a = analysis(&s);
    assert!(!a.tree.is_mainline(a.at));
    assert_eq!(
        a.tree.mainline().len(),
        3,
        "the game's line stays the main line"
    );
    let side = a.at;
    // Back from the side line, then forward: by the main continuation.
    let s = run(s, vec![Action::Step(-1), Action::Step(1), Action::Step(1)]);
    assert_eq!(
        sans_to(&s),
        ["e4", "e5", "Nf3"],
        "forward goes by the main continuation"
    );
    let s = run(
        s,
        vec![an(AnalysisAction::Goto(side)), an(AnalysisAction::Promote)],
    );
    let a = analysis(&s);
    assert!(a.tree.is_mainline(side));
    assert_eq!(a.tree.mainline().len(), 2);
    let s = s.reduce(an(AnalysisAction::Delete));
    assert_eq!(sans_to(&s), ["e4"]);
    assert_eq!(
        analysis(&s).tree.mainline().len(),
        3,
        "e5 Nf3 is main again"
    );
    // Glyphs and a comment on the node shown; the PGN carries them.
    let s = run(
        s,
        vec![
            an(AnalysisAction::Nag(1)),
            an(AnalysisAction::Nag(5)),
            an(AnalysisAction::Comment(" the best by test ".into())),
        ],
    );
    let pgn = analysis(&s).pgn();
    assert!(
        pgn.contains("1. e4!? {the best by test} 1... e5 2. Nf3"),
        "{pgn}"
    );
    // Typing keeps the text as typed (a space before the next word stays) while the engine
    // reports in between; leaving the box trims it.
    let s = run(
        s,
        vec![an(AnalysisAction::CommentTyped("the Vienna ".into()))],
    );
    let at = analysis(&s).at;
    assert_eq!(analysis(&s).tree.node(at).comment, "the Vienna ");
    let s = s.reduce(an(AnalysisAction::Comment("the Vienna ".into())));
    assert_eq!(analysis(&s).tree.node(at).comment, "the Vienna");
}

#[test]
fn the_job_follows_the_node_shown_and_stale_lines_are_dropped() {
    let s = game("cylinder", &["e4", "e5"]);
    let s = s.reduce(an(AnalysisAction::FromGame));
    let first = job(&s).id;
    let report = lines_for(&s, &["g1f3", "b8c6"]);
    let s = s.reduce(an(AnalysisAction::Step(-1)));
    let second = job(&s).id;
    assert_ne!(first, second, "a new node, a new job");
    // The first job's lines arrive late: not shown anywhere.
    let s = s.reduce(Action::Engine(EngineHeard::Lines(first, report)));
    assert!(analysis(&s).report.is_none());
    let report = lines_for(&s, &["e7e5", "g1f3"]);
    let s = s.reduce(Action::Engine(EngineHeard::Lines(second, report.clone())));
    assert_eq!(analysis(&s).report_here(), Some(&report));
    // Play the line up to its second move.
    let s = s.reduce(an(AnalysisAction::PlayLine(0, 1)));
    assert_eq!(sans_to(&s), ["e4", "e5", "Nf3"]);
    assert!(
        analysis(&s).report_here().is_none(),
        "lines of another node"
    );
    // More lines: a new job with that count.
    let s = s.reduce(an(AnalysisAction::Lines(5)));
    assert_eq!(job(&s).level, 5);
    // Engine off: no job; on again: a job.
    let s = s.reduce(an(AnalysisAction::Engine(false)));
    assert!(s.engine.is_none());
    let s = s.reduce(an(AnalysisAction::Engine(true)));
    assert_eq!(job(&s).task, EngineTask::Analyse);
}

#[test]
fn a_finished_analysis_is_not_restarted_until_something_changes() {
    let s = game("cylinder", &["e4"]).reduce(an(AnalysisAction::FromGame));
    let id = job(&s).id;
    let s = s.reduce(Action::Engine(EngineHeard::Answer(id, "e7e5".into())));
    assert!(s.engine.is_none(), "the deepest iteration was reached");
    assert_eq!(
        analysis(&s).tree.mainline().len(),
        1,
        "an answer plays nothing"
    );
    let s = s.reduce(Action::Flip);
    assert!(s.engine.is_none());
    let s = s.reduce(an(AnalysisAction::Step(-1)));
    assert!(s.engine.is_some(), "another node");
}

#[test]
fn leaving_the_analysis_gives_the_engine_back_to_the_game() {
    let settings = Settings {
        variant: "folded".into(),
        opponent: Opponent::Computer {
            computer: Color::Black,
            level: 4,
        },
        ..Settings::default()
    };
    let s = Rc::new(AppState::default()).reduce(Action::NewGame(settings, None));
    let s = s.reduce(Action::Play(PlayAction::Typed("e4".into())));
    let reply = job(&s).id;
    assert_eq!(job(&s).task, EngineTask::Move);
    // The computer thinks; the player opens the analysis: the analysis takes the engine.
    let s = s.reduce(an(AnalysisAction::FromGame));
    assert_eq!(job(&s).task, EngineTask::Analyse);
    let s = s.reduce(Action::Engine(EngineHeard::Answer(reply, "e7e5".into())));
    assert_eq!(
        s.play.game.moves().len(),
        1,
        "a dropped job's answer is not played"
    );
    // Back to the game: the computer's move is searched again.
    let s = s.reduce(Action::SetScreen(Screen::Play));
    assert_eq!(job(&s).task, EngineTask::Move);
    let again = job(&s).id;
    let s = s.reduce(Action::Engine(EngineHeard::Answer(again, "e7e5".into())));
    assert_eq!(s.play.game.moves().len(), 2);
    // The analysis is still there when the player comes back, and analyses again.
    let s = s.reduce(Action::SetScreen(Screen::Analyse));
    assert_eq!(sans_to(&s), ["e4"]);
    assert_eq!(job(&s).task, EngineTask::Analyse);
    // A lost worker: the retry analyses the same node in a new worker.
    let lost = job(&s).id;
    let s = run(
        s,
        vec![Action::Engine(EngineHeard::Lost(lost)), Action::RetryEngine],
    );
    assert_eq!(job(&s).task, EngineTask::Analyse);
    assert_eq!(job(&s).at, analysis(&s).point());
    assert_eq!(s.worker.generation, 1);
}

#[test]
fn a_finished_position_is_shown_without_a_job_or_an_alarm() {
    let s = game("standard", &["f3", "e5", "g4", "Qh4#"]);
    assert!(s.play.game.outcome().is_some());
    let s = s.reduce(an(AnalysisAction::FromGame));
    assert!(s.engine.is_none());
    assert!(s.worker.trouble.is_none());
    let s = s.reduce(an(AnalysisAction::Step(-1)));
    assert_eq!(job(&s).task, EngineTask::Analyse);
}

#[test]
fn a_promotion_on_the_analysis_board_asks_and_plays_into_the_tree() {
    let s = Rc::new(AppState::default()).reduce(Action::NewGame(
        Settings {
            variant: "standard".into(),
            ..Settings::default()
        },
        Some("4k3/P7/8/8/8/8/8/4K3 w - - 0 1".into()),
    ));
    let s = s.reduce(an(AnalysisAction::FromGame));
    let (a7, a8) = (square(&s, "a7"), square(&s, "a8"));
    let s = s.reduce(an(AnalysisAction::Move(a7, a8)));
    let options = s.play.choice.as_ref().expect("asked").options.clone();
    assert_eq!(options.len(), 4);
    let knight = options
        .iter()
        .find(|(_, t)| t.starts_with("a8=N"))
        .unwrap()
        .0;
    let s = s.reduce(Action::Choose(knight));
    assert_eq!(sans_to(&s), ["a8=N"]);
    assert!(s.play.game.moves().is_empty(), "not played into the game");
    assert!(s.play.choice.is_none());
}

#[test]
fn the_node_shown_survives_writing_and_reading_the_pgn() {
    let s = game("folded", &["e4", "e5", "Nf3", "Nc6"]);
    let s = run(s, vec![Action::View(2), an(AnalysisAction::FromGame)]);
    let (b8, c6) = (square(&s, "b8"), square(&s, "c6"));
    let s = run(
        s,
        vec![an(AnalysisAction::Move(b8, c6)), an(AnalysisAction::Nag(2))],
    );
    let a = analysis(&s);
    let read = topochess_core::pgn::read(&a.pgn()).unwrap();
    let at = Analysis::follow(&read.tree, &a.route());
    assert_eq!(read.tree.moves_to(at), a.tree.moves_to(a.at));
    assert_eq!(read.tree.node(at).nags, [2]);
    assert_eq!(read.tree.start().variant().id(), "folded");
}

#[test]
fn scores_read_from_whites_side() {
    let line = |score, mate| LineReport {
        score,
        mate,
        moves: Vec::new(),
        sans: Vec::new(),
    };
    assert_eq!(white_score_text(&line(35, None), Color::White), "+0.35");
    assert_eq!(white_score_text(&line(35, None), Color::Black), "-0.35");
    assert_eq!(white_score_text(&line(-120, None), Color::White), "-1.20");
    assert_eq!(
        white_score_text(&line(29_995, Some(3)), Color::Black),
        "#-3"
    );
    assert_eq!(white_share(&line(0, None), Color::White), 50.0);
    assert!(white_share(&line(300, None), Color::White) > 70.0);
    assert!(white_share(&line(300, None), Color::Black) < 30.0);
    assert_eq!(white_share(&line(29_999, Some(1)), Color::Black), 0.0);
}

#[test]
fn a_review_fills_the_main_line_in_order_and_gives_the_engine_back() {
    let s = game("folded", &["e4", "e5", "Nf3"]).reduce(an(AnalysisAction::FromGame));
    let s = s.reduce(an(AnalysisAction::Review(true)));
    let review = job(&s).id;
    assert_eq!(job(&s).task, EngineTask::Review);
    assert_eq!(analysis(&s).review.as_ref().unwrap().nodes.len(), 4);
    // Walking the tree while it reviews keeps the review's job.
    let s = run(s, vec![Action::Step(-1), Action::Step(-1)]);
    assert_eq!(job(&s).id, review);
    // Positions come back; a stale job's are ignored.
    let s = s.reduce(Action::Engine(EngineHeard::Reviewed(
        review + 99,
        0,
        (10, None, None),
    )));
    assert_eq!(analysis(&s).review.as_ref().unwrap().done, 0);
    let s = run(
        s,
        vec![
            Action::Engine(EngineHeard::Reviewed(
                review,
                0,
                (20, None, Some("e2e4".into())),
            )),
            Action::Engine(EngineHeard::Reviewed(
                review,
                1,
                (-30, None, Some("e7e5".into())),
            )),
            Action::Engine(EngineHeard::Reviewed(
                review,
                2,
                (25, None, Some("g1f3".into())),
            )),
        ],
    );
    let a = analysis(&s);
    assert_eq!(a.review.as_ref().unwrap().done, 3);
    let e4 = a.tree.mainline()[0];
    use topochess_core::move_tree::Eval;
    assert_eq!(a.tree.node(MoveTree::ROOT).eval, Some(Eval::Centipawns(20)));
    assert_eq!(
        a.tree.node(e4).eval,
        Some(Eval::Centipawns(30)),
        "Black to move at -0.30 is White +0.30"
    );
    assert!(a.tree.node(e4).best.is_some());
    // The last position: Black to move, being mated in 2 is White's mate in 2.
    let s = s.reduce(Action::Engine(EngineHeard::Reviewed(
        review,
        3,
        (-29_996, Some(-2), None),
    )));
    let a = analysis(&s);
    assert!(a.review.is_none(), "done");
    let last = *a.tree.mainline().last().unwrap();
    assert_eq!(a.tree.node(last).eval, Some(Eval::Mate(2)));
    assert_eq!(
        job(&s).task,
        EngineTask::Analyse,
        "the lines of the node shown again"
    );
    // The evaluations are in the PGN, and a review reads back from it.
    let pgn = a.pgn();
    assert!(pgn.contains("[%eval 0.20] [%best e4]"), "{pgn}");
    let read = topochess_core::pgn::read(&pgn).unwrap();
    assert_eq!(
        crate::analysis::review::GameReview::of(&read.tree),
        crate::analysis::review::GameReview::of(&a.tree)
    );
}

#[test]
fn a_cancelled_review_stops_its_job_and_keeps_what_it_found() {
    let s = game("cylinder", &["e4", "e5"]).reduce(an(AnalysisAction::FromGame));
    let s = s.reduce(an(AnalysisAction::Review(true)));
    let review = job(&s).id;
    let s = s.reduce(Action::Engine(EngineHeard::Reviewed(
        review,
        0,
        (15, None, None),
    )));
    let s = s.reduce(an(AnalysisAction::Review(false)));
    assert_eq!(job(&s).task, EngineTask::Analyse);
    let s = s.reduce(Action::Engine(EngineHeard::Reviewed(
        review,
        1,
        (15, None, None),
    )));
    let a = analysis(&s);
    assert!(a.tree.node(MoveTree::ROOT).eval.is_some());
    assert!(
        a.tree.node(a.tree.mainline()[0]).eval.is_none(),
        "after the cancel"
    );
    // Leaving the screen while a review runs drops it from the worker; coming back resumes.
    let s = s.reduce(an(AnalysisAction::Review(true)));
    let s = s.reduce(Action::SetScreen(Screen::Play));
    assert!(s.engine.is_none());
    let s = s.reduce(Action::SetScreen(Screen::Analyse));
    assert_eq!(job(&s).task, EngineTask::Review);
    // Positions out of order (a stale or repeated report) are not counted.
    let again = job(&s).id;
    let s = s.reduce(Action::Engine(EngineHeard::Reviewed(
        again,
        2,
        (15, None, None),
    )));
    assert_eq!(analysis(&s).review.as_ref().unwrap().done, 0);
}

#[test]
fn a_games_kept_analysis_comes_back_with_the_moves_played_since_as_its_main_line() {
    use topochess_core::game::Game;
    let s = game("standard", &["e4", "e5", "Nf3"]);
    // An analysis with a side line and a comment, kept as PGN.
    let s = run(
        s,
        vec![
            an(AnalysisAction::FromGame),
            an(AnalysisAction::Step(-1)),
            an(AnalysisAction::Move(
                Square(6),  // g1
                Square(21), // f3: the same Nf3, no new node
            )),
        ],
    );
    assert_eq!(sans_to(&s), ["e4", "e5", "Nf3"]);
    let s = run(
        s,
        vec![
            an(AnalysisAction::Step(-1)),
            an(AnalysisAction::Move(Square(1), Square(18))), // Nc3, a side line
            an(AnalysisAction::Comment("also good".into())),
        ],
    );
    assert_eq!(analysis(&s).game_id, Some(s.play.game_id));
    let kept = analysis(&s).pgn();
    // The game went on: Nc6 Bb5 were played since.
    let mut g: Game = s.play.game.clone();
    for text in ["Nc6", "Bb5"] {
        let mv = san::parse_move(g.position(), text).unwrap();
        g.play(mv).unwrap();
    }
    let tree = tree_for_game(&g, Some(&kept));
    let main: Vec<String> = tree
        .mainline()
        .iter()
        .map(|&n| {
            let before = tree.node(tree.parent(n).unwrap()).position();
            san::to_san(before, tree.node(n).mv().unwrap())
        })
        .collect();
    assert_eq!(main, ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    let e5 = tree.mainline()[1];
    assert_eq!(tree.node(e5).children().len(), 2, "the side line is kept");
    // Kept analysis of another start, or unreadable: the game's moves alone.
    assert_eq!(tree_for_game(&g, Some("not a pgn {")).mainline().len(), 5);
    let other = "[Variant \"cylinder\"]\n1. e4 *";
    let t = tree_for_game(&g, Some(other));
    assert_eq!(t.mainline().len(), 5);
    assert_eq!(t.start().variant().id(), "standard");
    // The library keeps it with the game, also when the game is saved again without it.
    let mut lib = crate::library::storage::Library::default();
    lib.put(s.saved_game(1.0));
    lib.annotate(s.play.game_id, kept.clone());
    lib.put(s.saved_game(2.0));
    assert_eq!(lib.games[0].annotations.as_deref(), Some(kept.as_str()));
    // Opening the analysis from the game again brings it back.
    let s = Rc::new((*s).clone()).reduce(Action::Library(lib.games.clone()));
    let s = run(
        s,
        vec![
            Action::SetScreen(Screen::Play),
            an(AnalysisAction::FromGame),
        ],
    );
    let a = analysis(&s);
    assert_eq!(a.tree.node(a.tree.mainline()[1]).children().len(), 2);
}

#[test]
fn review_the_game_after_it_ends_opens_the_analysis_reviewing() {
    let s = game("standard", &["f3", "e5", "g4", "Qh4#"]);
    let s = s.reduce(an(AnalysisAction::ReviewGame));
    assert_eq!(s.screen, Screen::Analyse);
    assert_eq!(job(&s).task, EngineTask::Review);
    assert_eq!(analysis(&s).review.as_ref().unwrap().nodes.len(), 5);
    assert_eq!(sans_to(&s), ["f3", "e5", "g4", "Qh4#"]);
}
