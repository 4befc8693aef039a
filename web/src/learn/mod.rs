//! The Learn screen's state: the lesson step on the board, the learner's answer judged by the
//! rules core (a wrong move refused with its reason and its path drawn; a right one played and
//! its path drawn), and the steps done, kept in the browser. A part of the reducer: every change
//! comes through a [`LearnAction`].

pub mod lessons;
pub mod panel;

use crate::app::state::{AppState, Choice, Fit, Opponent, Screen, Settings};
use crate::common::shapes::{Brush, Shape};
use crate::learn::lessons::{Goal, Lesson, Step, Verdict, LESSONS};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use topochess_core::{san, Color, Move, Position, Square};

/// A change on the Learn screen.
#[derive(Clone, Debug, PartialEq)]
pub enum LearnAction {
    /// Open a lesson (at its first step not done).
    Open(usize),
    /// Go to a step of the open lesson.
    Goto(usize),
    /// A move made on the board.
    Move(Square, Square),
    /// A number given as a count.
    Count(usize),
    /// Show the hint.
    Hint,
    /// The step again, from its position.
    Again,
    /// Back to the list of lessons.
    Close,
    /// Play a game on the lesson's surface against the computer.
    PlayGame,
}

/// A step answered right.
#[derive(Clone, Debug)]
pub enum Answer {
    /// By this move, giving this position.
    Moved(Move, Box<Position>),
    /// By this count.
    Counted(usize),
}

/// The step on the board.
#[derive(Clone, Debug)]
pub struct Studying {
    /// The lesson's index.
    pub lesson: usize,
    /// The step's index.
    pub step: usize,
    /// The step's position.
    pub pos: Position,
    /// The squares the goal marks, as circles.
    pub marks: Vec<Shape>,
    /// The right answer, once given.
    pub answer: Option<Answer>,
    /// The last wrong answer: why, and the move (when it was one).
    pub wrong: Option<(String, Option<Move>)>,
    /// The hint is shown.
    pub hint: bool,
}

impl PartialEq for Studying {
    fn eq(&self, other: &Self) -> bool {
        let key = |s: &Studying| {
            (
                s.lesson,
                s.step,
                s.hint,
                s.wrong.clone(),
                match &s.answer {
                    None => None,
                    Some(Answer::Moved(mv, _)) => Some((Some(*mv), 0)),
                    Some(Answer::Counted(n)) => Some((None, *n)),
                },
            )
        };
        key(self) == key(other)
    }
}

impl Studying {
    /// Step `step` of lesson `lesson`.
    fn open(lesson: usize, step: usize) -> Result<Studying, String> {
        let l = LESSONS.get(lesson).ok_or("no such lesson")?;
        let s = l.steps.get(step).ok_or("no such step")?;
        let pos = s.position(l.variant)?;
        let brush = match s.goal {
            Goal::Reach(..) => Brush::Green,
            Goal::Capture(_) => Brush::Red,
            _ => Brush::Blue,
        };
        let marks = s
            .marked(&pos)
            .into_iter()
            .map(|sq| Shape {
                from: sq,
                to: sq,
                brush,
            })
            .collect();
        Ok(Studying {
            lesson,
            step,
            pos,
            marks,
            answer: None,
            wrong: None,
            hint: false,
        })
    }

    /// The lesson.
    pub fn lesson(&self) -> &'static Lesson {
        &LESSONS[self.lesson]
    }

    /// The step.
    pub fn step(&self) -> &'static Step {
        &self.lesson().steps[self.step]
    }

    /// The position shown: after the right move, or the step's.
    pub fn shown(&self) -> &Position {
        match &self.answer {
            Some(Answer::Moved(_, after)) => after,
            _ => &self.pos,
        }
    }

    /// Whether the learner may move on the board now.
    pub fn awaits_move(&self) -> bool {
        self.answer.is_none() && self.step().by_move()
    }

    /// The move that was played (the right one), with the position before it.
    pub fn last(&self) -> Option<(&Position, Move)> {
        match &self.answer {
            Some(Answer::Moved(mv, _)) => Some((&self.pos, *mv)),
            _ => None,
        }
    }

    /// The moves drawn along their paths, each with whether it was right: the right move, or
    /// the wrong one tried, or once a count is answered every move it counted.
    pub fn drawn(&self) -> Vec<(Move, bool)> {
        match (&self.answer, &self.wrong) {
            (Some(Answer::Moved(mv, _)), _) => vec![(*mv, true)],
            (Some(Answer::Counted(_)), _) => self
                .step()
                .counted_moves(&self.pos)
                .into_iter()
                .map(|m| (m, true))
                .collect(),
            (None, Some((_, Some(mv)))) => vec![(*mv, false)],
            (None, _) => Vec::new(),
        }
    }

    /// The right move or count, in words, once answered.
    pub fn answer_text(&self) -> Option<String> {
        match self.answer.as_ref()? {
            Answer::Moved(mv, _) => Some(san::to_san(&self.pos, *mv)),
            Answer::Counted(n) => Some(n.to_string()),
        }
    }
}

/// The steps done, per lesson id, kept in the browser.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LearnProgress {
    /// The indices of the steps done.
    pub done: BTreeMap<String, BTreeSet<usize>>,
}

impl LearnProgress {
    /// How many steps of `lesson` are done.
    pub fn done_in(&self, lesson: &Lesson) -> usize {
        self.done
            .get(lesson.id)
            .map_or(0, |d| d.iter().filter(|&&i| i < lesson.steps.len()).count())
    }

    /// Whether step `i` of `lesson` is done.
    pub fn is_done(&self, lesson: &Lesson, i: usize) -> bool {
        self.done.get(lesson.id).is_some_and(|d| d.contains(&i))
    }
}

/// The Learn screen's part of the state.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Learn {
    /// The steps done.
    pub progress: LearnProgress,
    /// The step on the board, when a lesson is open.
    pub studying: Option<Studying>,
}

const KEY: &str = "topochess-learn";

/// The progress kept by earlier visits (none if unreadable).
pub fn browser_kept() -> LearnProgress {
    crate::library::storage::kept_json(KEY)
}

/// Keeps the progress in the browser.
pub fn browser_keep(progress: &LearnProgress) {
    crate::library::storage::keep_json(KEY, progress)
}

impl AppState {
    /// The lesson step shown, if the Learn screen is open on one.
    pub fn studying(&self) -> Option<&Studying> {
        self.learn
            .studying
            .as_ref()
            .filter(|_| self.screen == Screen::Learn)
    }

    pub(crate) fn open_step(&mut self, lesson: usize, step: usize) {
        match Studying::open(lesson, step) {
            Ok(s) => self.learn.studying = Some(s),
            Err(e) => self.notice = Some(format!("That lesson could not be opened: {e}.")),
        }
    }

    /// A step answered right: kept as done.
    fn step_done(&mut self, lesson: usize, step: usize) {
        let id = LESSONS[lesson].id.to_string();
        self.learn.progress.done.entry(id).or_default().insert(step);
    }

    /// A Learn action.
    pub(crate) fn change_learn(&mut self, action: LearnAction) {
        match action {
            LearnAction::Open(i) => {
                if let Some(lesson) = LESSONS.get(i) {
                    let first = (0..lesson.steps.len())
                        .find(|&k| !self.learn.progress.is_done(lesson, k))
                        .unwrap_or(0);
                    self.open_step(i, first);
                }
            }
            LearnAction::Close => self.learn.studying = None,
            LearnAction::PlayGame => {
                if let Some(s) = &self.learn.studying {
                    let variant = s.lesson().variant;
                    let castling = crate::app::state::castling_options(variant)
                        .first()
                        .map_or("none", |m| m.name());
                    let settings = Settings {
                        variant: variant.to_string(),
                        castling: castling.to_string(),
                        opponent: Opponent::Computer {
                            level: 2,
                            computer: Color::Black,
                        },
                        ..self.settings.clone()
                    };
                    self.reduce_in_place(crate::app::state::Action::NewGame(settings, None));
                    self.screen = Screen::Play;
                }
            }
            action => self.change_step(action),
        }
    }

    /// An action on the step on the board.
    fn change_step(&mut self, action: LearnAction) {
        let Some(s) = self.learn.studying.as_mut() else {
            return;
        };
        let (lesson, step) = (s.lesson, s.step);
        match action {
            LearnAction::Goto(k) => self.open_step(lesson, k),
            LearnAction::Again => self.open_step(lesson, step),
            LearnAction::Hint => s.hint = true,
            LearnAction::Move(from, to) if s.awaits_move() => {
                // The lessons have no promotions: a move is one move.
                let Fit::One(mv) = Choice::fit(&s.pos, from, to) else {
                    return;
                };
                match s.step().judge_move(&s.pos, mv) {
                    Verdict::Right => {
                        let mut after = s.pos.clone();
                        after.play_unchecked(mv);
                        s.answer = Some(Answer::Moved(mv, Box::new(after)));
                        s.wrong = None;
                        self.step_done(lesson, step);
                    }
                    Verdict::Wrong(why) => s.wrong = Some((why, Some(mv))),
                }
            }
            LearnAction::Count(n) if s.answer.is_none() && !s.step().by_move() => {
                match s.step().judge_count(&s.pos, n) {
                    Verdict::Right => {
                        s.answer = Some(Answer::Counted(n));
                        s.wrong = None;
                        self.step_done(lesson, step);
                    }
                    Verdict::Wrong(why) => s.wrong = Some((why, None)),
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests;
