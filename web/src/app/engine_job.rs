//! The one record of the engine's work, kept in the reducer. After every action the reducer
//! settles it: a job whose position is no longer wanted is dropped, and the computer's turn gets
//! a job if it has none. The app's effect only mirrors this record to the worker (send the new
//! job, cancel a dropped one), so no other place decides what the engine is doing.

use crate::app::job::EngineHeard;
pub use crate::app::job::{key_hash, EngineJob, EngineTask, Thinking, HINT_LEVEL};
use crate::app::state::AppState;
use crate::common::settings::Opponent;
use crate::play::PlayAction;

impl AppState {
    /// Takes what the engine's worker said of a job: a job no longer wanted is ignored.
    pub fn engine_heard(&mut self, heard: EngineHeard) {
        match heard {
            EngineHeard::Lost(job) => {
                if self.engine.as_ref().is_some_and(|j| j.id == job) {
                    self.worker.trouble = Some(
                        "The engine stopped responding (its worker failed to load or died).".into(),
                    );
                }
            }
            EngineHeard::Thinking(job, info) => {
                if self.engine.as_ref().is_some_and(|j| j.id == job) {
                    self.worker.thinking = Some(info);
                }
            }
            EngineHeard::Answer(job, text) => self.engine_answer(job, &text),
            EngineHeard::TableAnswer(job, text) => {
                let before = self.play.game.moves().len();
                let computer_move = self
                    .engine
                    .as_ref()
                    .is_some_and(|j| j.id == job && j.task == EngineTask::Move);
                self.engine_answer(job, &text);
                if computer_move && self.play.game.moves().len() > before {
                    self.table_moves.insert((self.play.game_id, before + 1));
                }
            }
            EngineHeard::Failed(job, message) => {
                if let Some(j) = self.engine.take_if(|j| j.id == job) {
                    if j.task == EngineTask::Tablebase {
                        self.atlas.build_failed(&message);
                    } else {
                        self.worker.trouble = Some(format!("The engine could not move: {message}"));
                    }
                }
            }
            EngineHeard::Lines(job, report) => self.analysis_lines(job, report),
            EngineHeard::Reviewed(job, ply, result) => self.reviewed(job, ply, result),
        }
    }

    /// Where the live game stands: game id, ply and position hash.
    pub fn live_point(&self) -> (u64, usize, u64) {
        (
            self.play.game_id,
            self.play.game.moves().len(),
            self.play.game.position().hash(),
        )
    }

    /// The computer's level, if it plays in this game.
    fn computer_level(&self) -> Option<u8> {
        match self.settings.opponent {
            Opponent::Computer { level, .. } => Some(level),
            Opponent::HotSeat | Opponent::Correspondence { .. } | Opponent::Live { .. } => None,
        }
    }

    /// Starts a job for `task` on the live position.
    pub(crate) fn start_job(&mut self, task: EngineTask, level: u8) {
        self.worker.jobs += 1;
        self.engine = Some(EngineJob {
            task,
            id: self.worker.jobs,
            at: self.live_point(),
            level,
        });
        self.worker.thinking = None;
    }

    /// What the analysis board wants analysed: (point, lines), while its screen is open, the
    /// engine on, the position not over and not already searched to the end.
    fn analysis_wanted(&self) -> Option<((u64, usize, u64), u8)> {
        let a = self.analysing().filter(|_| !self.analysis_barred())?;
        let want =
            (a.engine_on && a.done != Some((a.at, a.lines)) && a.position().has_legal_move())
                .then_some((a.point(), a.lines));
        want
    }

    /// Drops a job that is no longer wanted and starts the computer's when it is its turn (or
    /// on the analysis board, the analysis of the node shown; the computer's move waits until
    /// the player is back at the game). Runs after every action, so every way the position can
    /// change (a move, take back, redo, new game, import, link, lab, explorer, analysis) is
    /// covered by this one rule.
    pub(crate) fn settle_engine(&mut self) {
        let here = self.live_point();
        let analysing = matches!(
            self.screen,
            crate::app::state::Screen::Analyse | crate::app::state::Screen::Atlas
        );
        let review = self.review_point();
        let table = self.atlas_wanted().map(|(v, m)| (key_hash(&v, &m), 0, 0));
        // A review comes before the lines of the node shown.
        let analysis = self.analysis_wanted().filter(|_| review.is_none());
        let wanted = self.engine.as_ref().is_some_and(|job| match job.task {
            EngineTask::Tablebase => table == Some(job.at),
            EngineTask::Review => review == Some(job.at),
            EngineTask::Analyse => analysis == Some((job.at, job.level)),
            EngineTask::Move => {
                !analysing
                    && job.at == here
                    && self.computer_to_move()
                    && self.computer_level() == Some(job.level)
            }
            EngineTask::Hint => {
                !analysing
                    && job.at == here
                    && self.play.game.outcome().is_none()
                    && !self.computer_to_move()
            }
        });
        if !wanted && self.engine.is_some() {
            self.engine = None;
            self.worker.thinking = None;
        }
        if self.engine.is_some() || self.worker.trouble.is_some() {
            return;
        }
        let board = table
            .map(|at| (EngineTask::Tablebase, at, 0))
            .or(review.map(|at| (EngineTask::Review, at, 0)))
            .or(analysis.map(|(at, lines)| (EngineTask::Analyse, at, lines)));
        if let Some((task, at, level)) = board {
            self.worker.jobs += 1;
            self.engine = Some(EngineJob {
                task,
                id: self.worker.jobs,
                at,
                level,
            });
        } else if !analysing && self.computer_to_move() {
            if let Some(level) = self.computer_level() {
                self.start_job(EngineTask::Move, level);
            }
        }
    }

    /// The worker answered `job` with a move in coordinate form.
    pub(crate) fn engine_answer(&mut self, job: u32, text: &str) {
        let Some(current) = self.engine.clone().filter(|j| j.id == job) else {
            return;
        };
        if matches!(current.task, EngineTask::Review | EngineTask::Tablebase) {
            return;
        }
        if current.task == EngineTask::Analyse {
            // The analysis reached its deepest iteration: it stays as it is.
            if let Some(a) = self.analysis.as_mut() {
                a.done = Some((a.at, a.lines));
            }
            self.engine = None;
            return;
        }
        // The computer's own view of the game from its finished search (for draw offers).
        let score = self
            .worker
            .thinking
            .as_ref()
            .map(|t| t.score)
            .filter(|_| current.task == EngineTask::Move);
        self.engine = None;
        self.worker.thinking = None;
        let Ok(mv) = topochess_core::san::parse_move(self.play.game.position(), text) else {
            self.worker.trouble = Some(format!("The engine answered '{text}', not a legal move."));
            return;
        };
        match current.task {
            // Played into the live game even while the player looks at an earlier move; a
            // pre-move follows at once.
            EngineTask::Move => self.change_play(PlayAction::ComputerMove(mv, score)),
            EngineTask::Hint => self.change_play(PlayAction::ShowHint(mv)),
            EngineTask::Analyse | EngineTask::Review | EngineTask::Tablebase => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::app::state::{Action, AppState, EngineHeard, PlayAction};
    use crate::common::settings::{Opponent, Settings};
    use std::rc::Rc;
    use topochess_core::game::Game;
    use topochess_core::Color;
    use yew::Reducible;

    fn vs_computer(computer: Color, level: u8) -> Settings {
        Settings {
            variant: "standard".into(),
            castling: "standard".into(),
            opponent: Opponent::Computer { computer, level },
            ..Settings::default()
        }
    }

    fn run(state: Rc<AppState>, actions: Vec<Action>) -> Rc<AppState> {
        actions.into_iter().fold(state, |s, a| s.reduce(a))
    }

    fn new_game(settings: Settings) -> Rc<AppState> {
        Rc::new(AppState::default()).reduce(Action::NewGame(settings, None))
    }

    fn job_id(s: &AppState) -> u32 {
        s.engine.as_ref().expect("a job").id
    }

    #[test]
    fn a_new_game_while_the_engine_thinks_gets_its_own_job_and_the_old_answer_is_ignored() {
        let s = new_game(vs_computer(Color::White, 8));
        let first = job_id(&s);
        let s = s.reduce(Action::NewGame(vs_computer(Color::White, 8), None));
        let second = job_id(&s);
        assert_ne!(first, second, "the new game's search is a new job");
        // The first job's answer (it was stopped, or it raced) changes nothing.
        let s = s.reduce(Action::Engine(EngineHeard::Answer(first, "b1c3".into())));
        assert!(s.play.game.moves().is_empty());
        assert_eq!(job_id(&s), second, "the new job still runs");
        let s = s.reduce(Action::Engine(EngineHeard::Answer(second, "e2e4".into())));
        assert_eq!(s.move_texts(), ["e2e4"]);
        assert!(s.engine.is_none(), "the player's turn");
    }

    #[test]
    fn take_back_to_the_start_with_the_computer_as_white_searches_again() {
        let s = new_game(vs_computer(Color::White, 3));
        let first = job_id(&s);
        let s = s.reduce(Action::Play(PlayAction::Typed("e5".into())));
        assert!(s.play.game.moves().is_empty(), "not the player's move yet");
        let s = s.reduce(Action::Engine(EngineHeard::Answer(first, "e2e4".into())));
        assert!(s.engine.is_none(), "the player's move");
        // Take back the computer's first move: the computer is to move at the start again.
        let s = s.reduce(Action::Play(PlayAction::TakeBack));
        assert!(s.play.game.moves().is_empty(), "{:?}", s.move_texts());
        let again = job_id(&s);
        assert_ne!(again, first);
        assert_eq!(s.engine.as_ref().unwrap().at.1, 0);
        // After the player's reply, take back returns to the player's move: no search.
        let s = run(
            s.clone(),
            vec![
                Action::Engine(EngineHeard::Answer(again, "d2d4".into())),
                Action::Play(PlayAction::Typed("d5".into())),
            ],
        );
        let reply = job_id(&s);
        let s = s.reduce(Action::Play(PlayAction::TakeBack));
        assert_eq!(s.move_texts(), ["d2d4"]);
        assert!(s.engine.is_none());
        let s = s.reduce(Action::Engine(EngineHeard::Answer(reply, "g1f3".into())));
        assert_eq!(
            s.move_texts(),
            ["d2d4"],
            "the dropped job's answer is ignored"
        );
    }

    #[test]
    fn a_reply_while_the_player_browses_history_is_played_not_dropped() {
        let s = new_game(vs_computer(Color::Black, 5));
        let s = run(
            s,
            vec![
                Action::Play(PlayAction::Typed("e4".into())),
                Action::View(0),
            ],
        );
        let job = job_id(&s);
        let s = s.reduce(Action::Engine(EngineHeard::Answer(job, "e7e5".into())));
        assert_eq!(s.move_texts(), ["e2e4", "e7e5"]);
        assert_eq!(
            s.play.viewing,
            Some(0),
            "still looking where the player was"
        );
        assert!(s.engine.is_none());
    }

    #[test]
    fn every_way_the_position_changes_drops_or_replaces_the_job() {
        let base = new_game(vs_computer(Color::Black, 8))
            .reduce(Action::Play(PlayAction::Typed("e4".into())));
        let job = job_id(&base);
        let hot_seat = Settings {
            opponent: Opponent::HotSeat,
            ..base.settings.clone()
        };
        let game = Game::new(base.play.game.start().clone());
        for (what, action) in [
            (
                "import",
                Action::LoadGame(hot_seat.clone(), Box::new(game.clone())),
            ),
            ("new hot-seat game", Action::NewGame(hot_seat.clone(), None)),
            (
                "saved game",
                Action::SwitchGame(Box::new(crate::library::storage::SavedGame::of(
                    77, &hot_seat, &game, 0.0,
                ))),
            ),
            ("resign", Action::Play(PlayAction::Resign(Some(true)))),
            ("take back", Action::Play(PlayAction::TakeBack)),
        ] {
            let s = base.clone().reduce(action);
            assert!(
                s.engine.as_ref().is_none_or(|j| j.id != job),
                "{what}: the old job must go"
            );
            let s = s.reduce(Action::Engine(EngineHeard::Answer(job, "e7e5".into())));
            assert!(
                !s.move_texts().contains(&"e7e5".to_string()),
                "{what}: a stale answer was played"
            );
        }
        // Browsing, flipping or changing views keeps the job.
        for action in [Action::View(0), Action::Flip, Action::Step(-1)] {
            let s = base.clone().reduce(action);
            assert_eq!(job_id(&s), job);
        }
    }

    #[test]
    fn redo_against_the_computer_restores_the_whole_line() {
        let s = new_game(vs_computer(Color::Black, 1));
        let mut s = s.reduce(Action::Play(PlayAction::Typed("e4".into())));
        s = s.clone().reduce(Action::Engine(EngineHeard::Answer(
            job_id(&s),
            "e7e5".into(),
        )));
        s = s.reduce(Action::Play(PlayAction::Typed("d4".into())));
        s = s.clone().reduce(Action::Engine(EngineHeard::Answer(
            job_id(&s),
            "d7d5".into(),
        )));
        let line = s.move_texts();
        let s = run(
            s,
            vec![
                Action::Play(PlayAction::TakeBack),
                Action::Play(PlayAction::TakeBack),
            ],
        );
        assert!(s.play.game.moves().is_empty());
        assert!(s.engine.is_none(), "the player's move");
        let s = s.reduce(Action::Play(PlayAction::Redo));
        assert_eq!(s.move_texts(), ["e2e4", "e7e5"]);
        assert!(
            s.engine.is_none(),
            "the computer's reply came back: nothing to search"
        );
        let s = s.reduce(Action::Play(PlayAction::Redo));
        assert_eq!(s.move_texts(), line);
        assert!(s.play.redo.is_empty());
    }

    #[test]
    fn hints_are_dropped_when_the_position_changes() {
        let s = new_game(Settings::default()).reduce(Action::Hint);
        let hint = job_id(&s);
        assert_eq!(s.engine.as_ref().unwrap().task, super::EngineTask::Hint);
        let s = s.reduce(Action::Play(PlayAction::Typed("e4".into())));
        assert!(s.engine.is_none());
        let s = s.reduce(Action::Engine(EngineHeard::Answer(hint, "e2e4".into())));
        assert!(s.play.hint.is_none());
    }

    #[test]
    fn a_lost_worker_is_said_and_a_retry_resends_the_job_to_a_new_worker() {
        let s = new_game(vs_computer(Color::White, 5));
        let job = job_id(&s);
        let s = s.reduce(Action::Engine(EngineHeard::Lost(job + 1)));
        assert!(
            s.worker.trouble.is_none(),
            "another job's silence is not this one's"
        );
        let s = s.reduce(Action::Engine(EngineHeard::Lost(job)));
        assert!(s.worker.trouble.is_some());
        let s = s.reduce(Action::RetryEngine);
        assert!(s.worker.trouble.is_none());
        assert_eq!(s.worker.generation, 1);
        assert_ne!(job_id(&s), job);
        // An engine error does not loop: no new job until the player retries.
        let failed = job_id(&s);
        let s = s.reduce(Action::Engine(EngineHeard::Failed(failed, "boom".into())));
        assert!(s.engine.is_none() && s.worker.trouble.is_some());
        let s = s.reduce(Action::Flip);
        assert!(s.engine.is_none());
    }

    #[test]
    fn typed_moves_say_why_they_are_refused() {
        let s = new_game(Settings {
            variant: "standard".into(),
            ..Settings::default()
        });
        let s = run(
            s,
            vec![
                Action::Play(PlayAction::Typed("e4".into())),
                Action::View(0),
            ],
        );
        let s = s.reduce(Action::Play(PlayAction::Typed("e5".into())));
        assert!(s.offer_live, "{:?}", s.notice);
        let s = run(
            s,
            vec![Action::Live, Action::Play(PlayAction::Resign(Some(true)))],
        );
        let s = s.reduce(Action::Play(PlayAction::Typed("e5".into())));
        assert!(s.notice.as_deref().unwrap().contains("over"));
        // A promotion typed without its piece asks which.
        let s = Rc::new(AppState::default()).reduce(Action::NewGame(
            Settings {
                variant: "standard".into(),
                ..Settings::default()
            },
            Some("4k3/P7/8/8/8/8/8/4K3 w - - 0 1".into()),
        ));
        let s = s.reduce(Action::Play(PlayAction::Typed("a8".into())));
        assert_eq!(s.play.choice.as_ref().map(|c| c.options.len()), Some(4));
    }

    #[test]
    fn new_hot_seat_games_start_with_white_at_the_bottom() {
        let s = new_game(vs_computer(Color::White, 3));
        assert!(s.settings.flipped, "the player has Black");
        let s = s.reduce(Action::NewGame(Settings::default(), None));
        assert!(!s.settings.flipped);
    }

    #[test]
    fn moves_from_the_endgame_table_are_marked_in_the_game() {
        let s = Rc::new(AppState::default()).reduce(Action::NewGame(
            vs_computer(Color::White, 6),
            Some("8/8/8/3k4/8/8/8/KQ6 w - - 0 1".into()),
        ));
        let job = job_id(&s);
        // A stale job's table answer plays and marks nothing.
        let s = s.reduce(Action::Engine(EngineHeard::TableAnswer(
            job + 7,
            "b1b5".into(),
        )));
        assert!(s.play.game.moves().is_empty() && s.table_moves.is_empty());
        let s = s.reduce(Action::Engine(EngineHeard::TableAnswer(job, "b1b5".into())));
        assert_eq!(s.move_texts(), ["b1b5"]);
        assert!(s.table_moves.contains(&(s.play.game_id, 1)));
        // The computer's next move, searched: not marked.
        let s = s.reduce(Action::Play(PlayAction::Typed("Ke6".into())));
        assert_eq!(s.move_texts().len(), 2, "{:?}", s.notice);
        let reply = job_id(&s);
        let s = s.reduce(Action::Engine(EngineHeard::Answer(reply, "b5b4".into())));
        assert_eq!(s.move_texts().len(), 3);
        assert_eq!(s.table_moves.len(), 1, "a searched move is not marked");
    }
}
