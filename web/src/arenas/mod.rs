//! Arena tournaments, the page's side: the arena this browser follows (the one shown, or the
//! one its player plays in, on every screen), its standings as the server last sent them, and
//! which of the player's games were opened already. The server pairs and scores; the page shows
//! it, and puts the player's new game on the board as soon as the standings name it.
//! The list, the tournament's page and the form that makes one are in `view` and `create`, drawn
//! by the views' module (`screen`); the socket in `socket`.

pub mod create;
pub mod screen;
pub mod socket;
pub mod view;

use std::rc::Rc;
use topochess_core::Color;
use topochess_protocol::arena::{
    ArenaList, ArenaStatus, ArenaView, SheetGame, SheetResult, Standing,
};

/// The arena this browser follows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ArenaWatch {
    /// The arena shown on its page (`#/tournament/<id>`), if it is.
    pub shown: Option<u64>,
    /// The arena the player plays in (joined, not paused, not over), followed on every screen.
    pub playing: Option<u64>,
    /// The standings as last heard, of the arena followed.
    pub view: Option<ArenaView>,
    /// The server's clock less the page's (ms), from the last standings.
    pub offset: f64,
    /// The player's games that were put on the board already (their ids).
    pub opened: Vec<String>,
    /// The tournaments' list as last read (the list's page and the front page show it), or
    /// why it could not be.
    pub list: Option<Result<Rc<ArenaList>, String>>,
    /// Why the arena shown has no page (there is no such arena), once the server said so.
    pub missing: Option<String>,
    /// A join or a withdrawal sent and not yet answered (a second click sends nothing).
    pub acting: bool,
    /// Why the last join or withdrawal was refused.
    pub trouble: Option<String>,
}

/// What the player or the server does.
#[derive(Clone, Debug, PartialEq)]
pub enum ArenaAction {
    /// The arena's page is opened (none: another screen).
    Show(Option<u64>),
    /// The server sent the standings, at `now` on the page's clock.
    Heard(Box<ArenaView>, f64),
    /// The tournaments' list was read, or why not.
    Listed(Result<ArenaList, String>),
    /// The server has no arena of this id.
    Missing(u64, String),
    /// The player joins (with a code, if private) or withdraws: sent.
    Act,
    /// The server's answer to the join or withdrawal: done, or its sentence.
    Answered(Result<(), String>),
    /// The player's own channel told a game of theirs in an arena.
    Paired(topochess_protocol::player::PairedGame),
}

/// A game to put on the board: the player's new arena game.
#[derive(Clone, Debug, PartialEq)]
pub struct NewArenaGame {
    /// The game.
    pub id: u64,
    /// The player's side.
    pub side: Color,
    /// Its preset.
    pub variant: String,
    /// Its clock: seconds at the start and a move.
    pub clock: (u32, u32),
    /// Rated.
    pub rated: bool,
}

impl ArenaWatch {
    /// The arena whose socket is open: the one shown, else the one played in.
    pub fn followed(&self) -> Option<u64> {
        self.shown.or(self.playing)
    }

    /// After `action`, for player `me`: the game to put on the board, when the player's own
    /// channel told a new one of theirs.
    pub fn reduce(&mut self, action: ArenaAction, me: Option<&str>) -> Option<NewArenaGame> {
        match action {
            ArenaAction::Show(id) => {
                if id != self.shown && id.is_some() && id != self.playing {
                    self.view = None;
                }
                if id != self.shown {
                    (self.missing, self.trouble) = (None, None);
                }
                self.shown = id;
                None
            }
            ArenaAction::Listed(list) => {
                // A list that could not be read again keeps the one shown.
                match (list, &self.list) {
                    (Ok(list), _) => self.list = Some(Ok(Rc::new(list))),
                    (Err(why), None | Some(Err(_))) => self.list = Some(Err(why)),
                    (Err(_), Some(Ok(_))) => {}
                }
                None
            }
            ArenaAction::Missing(id, why) => {
                if self.shown == Some(id) {
                    self.missing = Some(why);
                }
                None
            }
            ArenaAction::Act => {
                (self.acting, self.trouble) = (true, None);
                None
            }
            ArenaAction::Answered(answer) => {
                self.acting = false;
                self.trouble = answer.err();
                None
            }
            ArenaAction::Heard(view, now) => {
                let id = topochess_protocol::parse_id(&view.summary.id)?;
                if Some(id) != self.followed() {
                    return None;
                }
                self.offset = view.now as f64 - now;
                let mine = me.and_then(|me| standing(&view, me));
                let active = view.summary.status != ArenaStatus::Finished;
                if mine.is_some_and(|s| !s.paused) && active {
                    self.playing = Some(id);
                } else if self.playing == Some(id) {
                    // Paused, withdrawn, or over: no longer followed off its page.
                    self.playing = None;
                }
                self.view = Some(*view);
                None
            }
            ArenaAction::Paired(game) => {
                let topochess_protocol::player::PairedIn::Arena { arena } = &game.from else {
                    return None;
                };
                let arena = topochess_protocol::parse_id(arena)?;
                let id = topochess_protocol::parse_id(&game.id)?;
                if self.opened.contains(&game.id) {
                    return None;
                }
                self.opened.push(game.id);
                // Off its page, the arena is followed while the player plays in it.
                self.playing = Some(arena);
                Some(NewArenaGame {
                    id,
                    side: game.side,
                    variant: game.preset,
                    clock: game.clock,
                    rated: game.rated,
                })
            }
        }
    }
}

/// `me`'s line in the standings, if they joined.
pub fn standing<'a>(view: &'a ArenaView, me: &str) -> Option<&'a Standing> {
    view.standings.iter().find(|s| s.name == me)
}

/// What the countdown says at `server_now`: to the start, or to the end, or that it is over.
pub fn countdown(view: &ArenaView, server_now: f64) -> String {
    let clock = |ms: f64| {
        let secs = (ms / 1000.0).max(0.0).ceil() as u64;
        if secs >= 3600 {
            format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
        } else {
            format!("{}:{:02}", secs / 60, secs % 60)
        }
    };
    if server_now < view.summary.starts as f64 {
        format!(
            "Starts in {}",
            clock(view.summary.starts as f64 - server_now)
        )
    } else if server_now < view.ends as f64 {
        format!("Ends in {}", clock(view.ends as f64 - server_now))
    } else {
        "Finished".into()
    }
}

/// A game on a sheet as lichess writes it: the points it scored (the page colours streaks,
/// doubles and berserks).
pub fn sheet_mark(g: &SheetGame) -> String {
    g.points.to_string()
}

/// The sheet's title text for one game (for a screen reader and a hover).
pub fn sheet_title(g: &SheetGame) -> String {
    let result = match g.result {
        SheetResult::Win => "win",
        SheetResult::Draw if g.points == 0 => "short draw, no points",
        SheetResult::Draw => "draw",
        SheetResult::Loss => "loss",
    };
    let streak = match g.streak.as_deref() {
        Some("double") => ", double (on fire)",
        Some("start") => ", streak",
        _ => "",
    };
    let berserk = if g.berserk { ", berserk" } else { "" };
    format!(
        "{result}: {} point{}{streak}{berserk}",
        g.points,
        if g.points == 1 { "" } else { "s" }
    )
}

/// The clock as players say it (`3+2`).
pub fn clock_text(limit: u32, increment: u32) -> String {
    if limit.is_multiple_of(60) {
        format!("{}+{}", limit / 60, increment)
    } else {
        format!("{limit}s+{increment}")
    }
}

#[cfg(test)]
mod tests;
