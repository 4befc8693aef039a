//! The Learn screen's state: the lesson step on the board, the learner's answer judged by the
//! rules core (a wrong move refused with its reason and its path drawn; a right one played and
//! its path drawn), and the steps done, kept in the browser. Every change comes through
//! [`Learn::update`] with a [`LearnAction`]; what the app must do besides (a notice, a game on
//! the lesson's surface) comes back as a [`LearnOut`].

pub mod lessons;
pub mod panel;
pub mod scene;

use crate::common::fit::{Choice, Fit};
use crate::common::shapes::{Brush, Shape};
use crate::learn::lessons::{Goal, Lesson, Step, Verdict, LESSONS};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use topochess_core::{san, Move, Position, Square};

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

/// What a Learn action asks of the app.
#[derive(Clone, Debug, PartialEq)]
pub enum LearnOut {
    /// Nothing more.
    Done,
    /// A word for the player (a lesson that cannot be opened).
    Notice(String),
    /// A game against the computer on this preset (the lesson's surface).
    PlayOn(&'static str),
}

impl Learn {
    /// Opens a step of a lesson.
    pub fn open_step(&mut self, lesson: usize, step: usize) -> LearnOut {
        match Studying::open(lesson, step) {
            Ok(s) => {
                self.studying = Some(s);
                LearnOut::Done
            }
            Err(e) => LearnOut::Notice(format!("That lesson could not be opened: {e}.")),
        }
    }

    /// A step answered right: kept as done.
    fn step_done(&mut self, lesson: usize, step: usize) {
        let id = LESSONS[lesson].id.to_string();
        self.progress.done.entry(id).or_default().insert(step);
    }

    /// A Learn action.
    pub fn update(&mut self, action: LearnAction) -> LearnOut {
        match action {
            LearnAction::Open(i) => match LESSONS.get(i) {
                Some(lesson) => {
                    let first = (0..lesson.steps.len())
                        .find(|&k| !self.progress.is_done(lesson, k))
                        .unwrap_or(0);
                    self.open_step(i, first)
                }
                None => LearnOut::Done,
            },
            LearnAction::Close => {
                self.studying = None;
                LearnOut::Done
            }
            LearnAction::PlayGame => match &self.studying {
                Some(s) => LearnOut::PlayOn(s.lesson().variant),
                None => LearnOut::Done,
            },
            action => self.change_step(action),
        }
    }

    /// An action on the step on the board.
    fn change_step(&mut self, action: LearnAction) -> LearnOut {
        let Some(s) = self.studying.as_mut() else {
            return LearnOut::Done;
        };
        let (lesson, step) = (s.lesson, s.step);
        match action {
            LearnAction::Goto(k) => return self.open_step(lesson, k),
            LearnAction::Again => return self.open_step(lesson, step),
            LearnAction::Hint => s.hint = true,
            LearnAction::Move(from, to) if s.awaits_move() => {
                // The lessons have no promotions: a move is one move.
                let Fit::One(mv) = Choice::fit(&s.pos, from, to) else {
                    return LearnOut::Done;
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
        LearnOut::Done
    }
}

#[cfg(test)]
mod tests;
