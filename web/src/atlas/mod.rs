//! The endgame atlas's state: which surfaces and materials it shows, the results computed so far
//! (kept in the browser's storage), and the one table being built by the worker. It changes
//! through [`Atlas::update`]; what the app must do besides (a game or the analysis board from a
//! table's position, a notice) comes back as an [`AtlasOut`]. The job is settled like every
//! other engine job (`engine_job`).

pub mod screen;

use std::collections::BTreeMap;
use topochess_core::variant::{Preset, PRESETS};
use topochess_core::{Color, Position};
pub use topochess_worker::endgame::TABLE_LEVEL;
pub use topochess_worker::table_entry::{
    entry_of, fits_browser, Entry, SideSummary, BROWSER_GENERAL, BROWSER_POSITIONS,
};

/// The materials of the atlas's columns.
pub const MATERIALS: [&str; 11] = [
    "KQvK", "KRvK", "KBvK", "KNvK", "KPvK", "KBBvK", "KBNvK", "KNNvK", "KQvKR", "KRvKB", "KRvKN",
];

/// The surfaces of the atlas's rows: every preset, 8x8 first. A cell too large for the browser
/// (see [`fits_browser`]) says so when clicked.
pub fn surfaces() -> Vec<&'static str> {
    let square = |p: &&Preset| p.size == (8, 8);
    let first = PRESETS.iter().filter(square);
    first
        .chain(PRESETS.iter().filter(|p| !square(p)))
        .map(|p| p.id)
        .collect()
}

/// A table being built.
#[derive(Clone, Debug, PartialEq)]
pub struct Building {
    /// Surface and material.
    pub key: (String, String),
    /// The table being built now (smaller ones come first) and its stage.
    pub stage: String,
    /// Done of `total`.
    pub done: u64,
    /// The whole of the stage.
    pub total: u64,
}

/// The atlas.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Atlas {
    /// Results by (surface, material).
    pub entries: BTreeMap<(String, String), Entry>,
    /// The table the worker builds.
    pub building: Option<Building>,
    /// The cell whose details are shown.
    pub selected: Option<(String, String)>,
    /// Cells the worker could not build, with why (for this visit; not kept).
    pub failed: BTreeMap<(String, String), String>,
}

impl Atlas {
    /// The build running failed: its cell says why, and it is not started again by itself.
    pub fn build_failed(&mut self, message: &str) {
        if let Some(b) = self.building.take() {
            self.failed.insert(b.key, message.to_string());
        }
    }
}

/// A change to the atlas.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum AtlasAction {
    /// Build a cell's table (or show it if it is known).
    Cell(String, String),
    /// Stop the build.
    Stop,
    /// The worker reports progress: table, stage, done, total.
    Progress(u32, String, String, u64, u64),
    /// The worker built the table (its entry as a line of text).
    Done(u32, String),
    /// Play a game from a position of a table (variant, FEN) with this side against the
    /// computer, which plays the other from the table.
    PlayOut(String, String, topochess_core::Color),
    /// Open a position of a table (variant, FEN) on the analysis board.
    Analyse(String, String),
}

/// What an atlas action asks of the app.
#[derive(Clone, Debug, PartialEq)]
pub enum AtlasOut {
    /// Nothing more.
    Done,
    /// A word for the player.
    Notice(String),
    /// A game from this position, the player on this side, the computer (playing from the
    /// tables) on the other.
    PlayFrom(Box<Position>, Color),
    /// The analysis board on this PGN.
    Analyse(String),
}

const KEY: &str = "topochess-atlas";

/// The atlas kept by earlier visits: a line a cell, `variant material entry`.
pub fn browser_kept() -> BTreeMap<(String, String), Entry> {
    let text = crate::library::storage::local_storage()
        .and_then(|s| s.get_item(KEY).ok().flatten())
        .unwrap_or_default();
    text.lines()
        .filter_map(|line| {
            let mut words = line.splitn(3, ' ');
            let (v, m, rest) = (words.next()?, words.next()?, words.next()?);
            Some(((v.to_string(), m.to_string()), Entry::from_line(rest)?))
        })
        .collect()
}

/// Keeps the atlas's results in the browser's storage.
pub fn browser_keep(entries: &BTreeMap<(String, String), Entry>) {
    let text: Vec<String> = entries
        .iter()
        .map(|((v, m), e)| format!("{v} {m} {}", e.to_line()))
        .collect();
    if let Some(store) = crate::library::storage::local_storage() {
        let _ = store.set_item(KEY, &text.join("\n"));
    }
}

impl Atlas {
    /// An atlas action; `job` is the engine's job under way (a report of another is old).
    pub fn update(&mut self, action: AtlasAction, job: Option<u32>) -> AtlasOut {
        match action {
            AtlasAction::Cell(variant, material) => {
                let key = (variant, material);
                self.selected = Some(key.clone());
                if !self.entries.contains_key(&key)
                    && !self.failed.contains_key(&key)
                    && self.building.is_none()
                {
                    self.building = Some(Building {
                        key,
                        stage: "starting".into(),
                        done: 0,
                        total: 1,
                    });
                }
            }
            AtlasAction::Stop => self.building = None,
            AtlasAction::Progress(id, stage, table, done, total) => {
                if let (Some(b), true) = (self.building.as_mut(), job == Some(id)) {
                    b.stage = format!("{table}: {stage}");
                    b.done = done;
                    b.total = total.max(1);
                }
            }
            AtlasAction::Done(id, line) => {
                if job == Some(id) {
                    if let (Some(b), Some(entry)) = (self.building.take(), Entry::from_line(&line))
                    {
                        self.entries.insert(b.key, entry);
                    }
                }
            }
            AtlasAction::PlayOut(variant, text, player) => {
                let pos = topochess_core::Variant::by_id(&variant, None)
                    .map_err(|e| e.to_string())
                    .and_then(|v| {
                        topochess_core::fen::parse_position(std::sync::Arc::new(v), &text)
                            .map_err(|e| e.to_string())
                    });
                return match pos {
                    Ok(pos) => AtlasOut::PlayFrom(Box::new(pos), player),
                    Err(e) => AtlasOut::Notice(format!("This position cannot be played: {e}.")),
                };
            }
            AtlasAction::Analyse(variant, fen) => {
                return AtlasOut::Analyse(crate::library::annotations::position_pgn(
                    &variant, &fen,
                ));
            }
        }
        AtlasOut::Done
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::state::{Action, AppState, EngineHeard, EngineTask, Opponent, Screen};
    use std::rc::Rc;
    use yew::Reducible;

    fn key(v: &str, m: &str) -> (String, String) {
        (v.to_string(), m.to_string())
    }

    #[test]
    fn a_cell_is_built_once_by_one_job_and_kept() {
        let s = Rc::new(AppState::default()).reduce(Action::SetScreen(Screen::Atlas));
        assert!(s.engine.is_none(), "nothing to build yet");
        let s = s.reduce(Action::Atlas(AtlasAction::Cell(
            "folded".into(),
            "KRvK".into(),
        )));
        let job = s.engine.as_ref().expect("a job");
        assert_eq!(job.task, EngineTask::Tablebase);
        let id = job.id;
        // Another cell while it builds: shown, not started.
        let s = s.reduce(Action::Atlas(AtlasAction::Cell(
            "torus".into(),
            "KQvK".into(),
        )));
        assert_eq!(s.engine.as_ref().unwrap().id, id);
        assert_eq!(s.atlas.selected, Some(key("torus", "KQvK")));
        // Progress of another job is ignored; this one's is shown.
        let s = s.reduce(Action::Atlas(AtlasAction::Progress(
            id + 5,
            "x".into(),
            "y".into(),
            1,
            2,
        )));
        assert_eq!(s.atlas.building.as_ref().unwrap().done, 0);
        let s = s.reduce(Action::Atlas(AtlasAction::Progress(
            id,
            "mates".into(),
            "KRvK".into(),
            3,
            10,
        )));
        assert_eq!(s.atlas.building.as_ref().unwrap().stage, "KRvK: mates");
        let entry = Entry {
            white: SideSummary {
                legal: 10,
                won: 1,
                drawn: 9,
                lost: 0,
                longest: 1,
            },
            ..Entry::default()
        };
        let s = s.reduce(Action::Atlas(AtlasAction::Done(id, entry.to_line())));
        assert_eq!(s.atlas.entries.get(&key("folded", "KRvK")), Some(&entry));
        assert!(s.engine.is_none(), "done");
        assert_eq!(entry.verdict(), "draw, 10.0% won (longest mate 1)");
        // Its line reads back (how the worker sends it and the browser keeps it).
        let full = Entry {
            longest: Some("8/8/8/8/8/8/8/KQ1k4 w - - 0 1".into()),
            seconds: 2.5,
            typical: vec![
                (Some(7), "8/8/8/3k4/8/8/8/KQ6 w - - 0 1".into()),
                (None, "8/8/8/3k4/8/8/8/K1q5 w - - 0 1".into()),
            ],
            ..entry.clone()
        };
        assert_eq!(Entry::from_line(&full.to_line()), Some(full.clone()));
        assert_eq!(Entry::from_line("1 2 3|x"), None);
        // A line kept before the typical positions were added still reads.
        let old = "10 1 9 0 1|0 0 0 0 0|2.50|8/8/8/8/8/8/8/KQ1k4 w - - 0 1|-";
        let read = Entry::from_line(old).unwrap();
        assert_eq!(read.longest, full.longest);
        assert!(read.typical.is_empty());
        // Leaving the screen stops a build; coming back does not restart it.
        let s = s.reduce(Action::Atlas(AtlasAction::Cell(
            "torus".into(),
            "KQvK".into(),
        )));
        assert!(s.engine.is_some());
        let s = s.reduce(Action::SetScreen(Screen::Play));
        assert!(s.engine.is_none());
        let s = s.reduce(Action::SetScreen(Screen::Atlas));
        assert!(s.atlas.building.is_none() && s.engine.is_none());
    }

    #[test]
    fn a_build_the_worker_refuses_says_why_and_is_not_started_again() {
        let s = Rc::new(AppState::default()).reduce(Action::SetScreen(Screen::Atlas));
        let cell = || Action::Atlas(AtlasAction::Cell("klein-8x14".into(), "KQvKR".into()));
        let s = s.reduce(cell());
        let job = s.engine.as_ref().unwrap().id;
        let s = s.reduce(Action::Engine(EngineHeard::Failed(
            job,
            "too large for the browser".into(),
        )));
        assert!(s.engine.is_none() && s.atlas.building.is_none());
        assert_eq!(
            s.atlas
                .failed
                .get(&key("klein-8x14", "KQvKR"))
                .map(String::as_str),
            Some("too large for the browser")
        );
        assert!(s.worker.trouble.is_none(), "the game's engine is fine");
        let s = s.reduce(cell());
        assert!(s.engine.is_none(), "not asked again");
        // Other cells still build.
        let s = s.reduce(Action::Atlas(AtlasAction::Cell(
            "klein-8x14".into(),
            "KQvK".into(),
        )));
        assert!(s.engine.is_some());
    }

    #[test]
    fn play_it_out_starts_a_game_the_computer_plays_from_the_table() {
        use topochess_core::Color;
        let fen = "8/8/8/8/8/2k5/8/K6Q w - - 0 1";
        let play = |player| {
            Rc::new(AppState::default())
                .reduce(Action::SetScreen(Screen::Atlas))
                .reduce(Action::Atlas(AtlasAction::PlayOut(
                    "standard".into(),
                    fen.into(),
                    player,
                )))
        };
        // The player defends: the computer (White, at the tables' level) moves at once.
        let s = play(Color::Black);
        assert_eq!(s.screen, Screen::Play);
        assert_eq!(topochess_core::fen::write(s.play.game.start()), fen);
        assert_eq!(
            s.settings.opponent,
            Opponent::Computer {
                computer: Color::White,
                level: TABLE_LEVEL
            }
        );
        assert!(s.settings.flipped, "the player's side at the bottom");
        assert_eq!(s.engine.as_ref().map(|j| j.task), Some(EngineTask::Move));
        // The player mates: the computer waits for White's move.
        let s = play(Color::White);
        assert!(s.engine.is_none() && !s.settings.flipped);
        // A bad position is refused in words.
        let s = Rc::new(AppState::default()).reduce(Action::Atlas(AtlasAction::PlayOut(
            "standard".into(),
            "8/8/8/8 w".into(),
            Color::White,
        )));
        assert!(s
            .notice
            .as_deref()
            .unwrap()
            .starts_with("This position cannot be played"));
        assert_eq!(s.screen, Screen::Play);
    }

    #[test]
    fn an_entry_has_typical_positions_of_the_values_it_gives() {
        use std::sync::Arc;
        use topochess_core::{fen, Variant};
        use topochess_search::tablebase::{Material, Tablebase};
        let v = Arc::new(Variant::by_id("standard", None).unwrap());
        let m = Material::parse("KRvKN").unwrap();
        let t = Tablebase::build(v.clone(), &m, &mut |_| {}).unwrap();
        let e = entry_of(&t, 1.0);
        assert_eq!(e.white.longest, 40);
        let value = |text: &str| {
            let pos = fen::parse_position(v.clone(), text).unwrap();
            t.probe(&pos).unwrap().moves_to_mate()
        };
        assert_eq!(value(e.longest.as_deref().unwrap()), Some(40));
        assert_eq!(value(e.drawn.as_deref().unwrap()), None);
        let wins: Vec<u32> = e.typical.iter().filter_map(|(m, _)| *m).collect();
        assert_eq!(wins.len(), 2);
        assert!(wins.iter().all(|&m| (20..40).contains(&m)), "{wins:?}");
        assert_eq!(e.typical.len(), 4, "and two drawn");
        for (moves, text) in &e.typical {
            assert_eq!(value(text).map(|m| m as u32), *moves, "{text}");
        }
        assert_eq!(Entry::from_line(&e.to_line()), Some(e));
    }

    #[test]
    fn the_browser_builds_what_fits() {
        use std::sync::Arc;
        use topochess_core::Variant;
        use topochess_search::tablebase::{Builder, Material};
        let fits = |v: &str, m: &str| {
            let v = Arc::new(Variant::by_id(v, None).unwrap());
            fits_browser(&Builder::new(v, &Material::parse(m).unwrap()).unwrap())
        };
        assert!(fits("standard", "KQvKR").is_ok());
        assert!(fits("cylinder-8x14", "KQvKR").is_ok());
        assert!(
            fits("sphere-yapsan", "KRvKN").is_ok(),
            "stays put, still on a few squares"
        );
        assert!(fits("sphere-boholy", "KRvK").is_ok());
        assert!(fits("standard", "KPvK").is_ok());
        let klein = fits("klein-8x14", "KQvKR").unwrap_err();
        assert!(klein.contains("too large for the browser"), "{klein}");
        assert!(
            fits("sphere-boholy", "KRvKN").is_ok(),
            "guarded poles, still on a few squares"
        );
        assert!(
            fits("standard", "KRvKP").is_err(),
            "a pawn: the general builder"
        );
    }

    #[test]
    fn the_rows_are_the_presets_eight_by_eight_first_and_verdicts_read_right() {
        let rows = surfaces();
        assert!(rows.contains(&"standard") && rows.contains(&"folded"));
        assert!(rows.contains(&"torus-8x14") && rows.contains(&"klein-8x14"));
        assert_eq!(
            rows[0..4],
            ["folded", "cylinder", "horizontal-cylinder", "torus"]
        );
        let won = Entry {
            white: SideSummary {
                legal: 5,
                won: 5,
                drawn: 0,
                lost: 0,
                longest: 16,
            },
            ..Entry::default()
        };
        assert_eq!(won.verdict(), "forced win, longest mate 16");
        // A few won positions among many read as positions, not as 0.0%.
        let mut few = won.clone();
        few.white.legal = 200_000;
        few.white.won = 3;
        few.white.longest = 1;
        assert_eq!(
            few.verdict(),
            "draw, 3 positions won of 200000 (longest mate 1)"
        );
        let mostly = Entry {
            white: SideSummary {
                won: 4,
                drawn: 1,
                ..won.white
            },
            ..won.clone()
        };
        assert_eq!(mostly.verdict(), "win from 80.0%, longest mate 16");
    }
}
