//! One game being played: its referee behind a lock, who is at it, and the signal that tells
//! every page at the game of a change.

use crate::referee::LiveGame;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};
use tokio::sync::{broadcast, Mutex};
use topochess_core::Color;
use topochess_protocol::{GameId, GameState};

/// Milliseconds since the epoch.
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// One game being played.
pub struct Room {
    /// The game's id.
    pub id: GameId,
    pub(crate) game: Mutex<LiveGame>,
    changed: broadcast::Sender<()>,
    presence: std::sync::Mutex<Presence>,
}

/// Who is at the game: pages connected for each side, and since when a side has had none.
struct Presence {
    pages: [usize; 2],
    gone_since: [Option<u64>; 2],
}

impl Room {
    /// The room of `game`, nobody at it yet.
    pub(crate) fn new(game: LiveGame) -> Arc<Room> {
        // A seated side is gone until a page of it connects (after a restart, too).
        let now = now_ms();
        let seated = game
            .record()
            .seats
            .clone()
            .map(|s| s.is_some().then_some(now));
        Arc::new(Room {
            id: game.record().id,
            game: Mutex::new(game),
            changed: broadcast::channel(64).0,
            presence: std::sync::Mutex::new(Presence {
                pages: [0, 0],
                gone_since: seated,
            }),
        })
    }

    fn presence(&self) -> std::sync::MutexGuard<'_, Presence> {
        self.presence.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Tells every page at the game that it changed.
    pub fn changed(&self) {
        let _ = self.changed.send(());
    }

    /// A page of `side` is at the game (a side seated just now was not gone before).
    pub fn arrive(&self, side: Color) {
        let mut p = self.presence();
        p.pages[side.index()] += 1;
        p.gone_since[side.index()] = None;
        drop(p);
        self.changed();
    }

    /// A page of `side` left; the side is gone when it was its last.
    pub fn leave(&self, side: Color) {
        self.leave_at(side, now_ms());
    }

    /// A page of `side` left at `at` (ms since the epoch).
    pub(crate) fn leave_at(&self, side: Color, at: u64) {
        let mut p = self.presence();
        let i = side.index();
        p.pages[i] = p.pages[i].saturating_sub(1);
        if p.pages[i] == 0 {
            p.gone_since[i] = Some(at);
        }
        drop(p);
        self.changed();
    }

    /// How long `side` has been gone at `now` (none while a page of it is connected, or for a
    /// side nobody sits on).
    pub fn gone_for(&self, side: Color, now: u64) -> Option<u64> {
        self.presence().gone_since[side.index()].map(|t| now.saturating_sub(t))
    }

    /// Hears of every change from now on.
    pub fn listen(&self) -> broadcast::Receiver<()> {
        self.changed.subscribe()
    }

    /// The game as `you` sees it now (a fallen flag is ended by the clock's watcher, which
    /// keeps it).
    pub async fn state(&self, you: Option<Color>) -> GameState {
        let now = now_ms();
        let mut state = self.game.lock().await.state(you, now);
        state.gone_ms = [Color::White, Color::Black].map(|c| self.gone_for(c, now));
        state
    }
}
