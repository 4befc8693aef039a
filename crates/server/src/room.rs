//! One game being played: its referee behind a lock, who is at it, and the signal that tells
//! every page at the game of a change.

mod news;

pub use news::News;

use crate::referee::LiveGame;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tokio::sync::{broadcast, Mutex};
use topochess_core::Color;
use topochess_protocol::{GameId, GameState};

pub use crate::time::now_ms;

/// One game being played.
pub struct Room {
    /// The game's id.
    pub id: GameId,
    pub(crate) game: Mutex<LiveGame>,
    changed: broadcast::Sender<()>,
    presence: std::sync::Mutex<Presence>,
    /// Where this server's count of pages goes, for the other servers (none: one server).
    tell: Option<Told>,
    /// The game at its last versions, as a spectator sees it: a page that reconnects with one
    /// of them is sent what it missed since.
    versions: std::sync::Mutex<std::collections::VecDeque<Kept>>,
    /// How many times the pages were told of a change (a move, an offer, a page come or gone).
    changes: AtomicU64,
    /// The game as the pages were told it after the last change, read by the first told.
    news: std::sync::Mutex<Option<Arc<News>>>,
    /// The players' chat as it is said: each line's player and text (held in memory while
    /// the room is open, on this server).
    pub chat: broadcast::Sender<Arc<(String, String)>>,
}

/// A version of the game, kept small: its state without the moves, how many moves it had and a
/// fingerprint of them (the moves are those of the game now, unless some were taken back since).
struct Kept {
    state: GameState,
    plies: usize,
    moves: u64,
}

/// A fingerprint of `moves`.
fn fingerprint(moves: &[String]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    moves.hash(&mut hasher);
    hasher.finish()
}

/// How many of a game's last versions a room keeps for pages that reconnect.
pub const KEPT_VERSIONS: usize = 48;

/// Where a room tells its pages' count: the game, the side, the pages, since when.
pub(crate) type Told = tokio::sync::mpsc::UnboundedSender<(GameId, Color, u32, u64)>;
/// Where the rooms' counts of pages are heard.
pub(crate) type Telling = tokio::sync::mpsc::UnboundedReceiver<(GameId, Color, u32, u64)>;

/// A page of a side counts as gone when its server has not said it is alive for this long.
pub const SERVER_LOST_MS: u64 = 6_000;

/// Who is at the game: this server's pages for each side, and since when a side has had none
/// here; and what the other servers say of each side.
struct Presence {
    pages: [usize; 2],
    gone_since: [Option<u64>; 2],
    elsewhere: [Elsewhere; 2],
    /// Whether this server has told the others a count of each side (a page of it came).
    told: [bool; 2],
}

/// A side as the other servers see it.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Elsewhere {
    /// A page of it is open on another server that is alive.
    pub here: bool,
    /// Since when it has had no page on the others (the latest they say), if they have had one.
    pub gone_since: Option<u64>,
    /// A page of it is counted on a server not heard from for `SERVER_LOST_MS`: dead, starved,
    /// or started and not yet heard from. Its next word brings the page back.
    pub unheard: bool,
}

impl Elsewhere {
    /// A side as `rows` (the other servers' pages of one side of one game) say at `now`.
    pub fn of<'a>(rows: impl Iterator<Item = &'a crate::store::Presence>, now: u64) -> Elsewhere {
        let mut seen = Elsewhere::default();
        for row in rows {
            let alive = row.seen + SERVER_LOST_MS > now;
            if row.pages > 0 && alive {
                seen.here = true;
            }
            let gone = match row.pages {
                0 => row.since,
                // A server that died: its pages went with it.
                _ if !alive => {
                    seen.unheard = true;
                    row.seen
                }
                _ => continue,
            };
            seen.gone_since = seen.gone_since.max(Some(gone));
        }
        seen
    }
}

impl Room {
    /// The room of `game`, nobody at it yet; `tell`: where its pages' count goes for the other
    /// servers.
    pub(crate) fn new(game: LiveGame, tell: Option<Told>) -> Arc<Room> {
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
                elsewhere: Default::default(),
                told: [false; 2],
            }),
            tell,
            versions: Default::default(),
            changes: AtomicU64::new(0),
            news: Default::default(),
            chat: broadcast::channel(16).0,
        })
    }

    /// What the other servers say of each side now; whether it changed.
    pub(crate) fn seen_elsewhere(&self, elsewhere: [Elsewhere; 2]) -> bool {
        let mut p = self.presence();
        let changed = p.elsewhere != elsewhere;
        p.elsewhere = elsewhere;
        changed
    }

    /// Whether what the others say of a side can change with no word from them, only with
    /// time: a page open on another server (which goes if that server dies: the one news it
    /// cannot send), or one counted on a server not heard from lately (which comes back when it
    /// is heard again).
    pub(crate) fn rests_on_servers_alive(&self) -> bool {
        self.presence()
            .elsewhere
            .iter()
            .any(|e| e.here || e.unheard)
    }

    /// Tells the other servers this server's count of `side`'s pages (sent while `p`, the
    /// presence it was read from, is held, so that counts go out in the order they were made).
    fn tell(&self, p: &mut Presence, side: Color, at: u64) {
        if let Some(tell) = &self.tell {
            p.told[side.index()] = true;
            let pages = p.pages[side.index()] as u32;
            let _ = tell.send((self.id, side, pages, at));
        }
    }

    /// Tells the other servers again each count told them before: the store may have lost the
    /// last (a crash of the database loses the counts not yet synced, which are written without
    /// waiting for the sync).
    pub(crate) fn tell_again(&self) {
        let mut p = self.presence();
        for side in [Color::White, Color::Black] {
            let i = side.index();
            if p.told[i] {
                let at = p.gone_since[i].unwrap_or_else(now_ms);
                self.tell(&mut p, side, at);
            }
        }
    }

    fn presence(&self) -> std::sync::MutexGuard<'_, Presence> {
        self.presence.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Tells every page at the game that it changed.
    pub fn changed(&self) {
        self.changes.fetch_add(1, Ordering::SeqCst);
        let _ = self.changed.send(());
    }

    /// The game as the pages are told it after the last change: read by the first page told
    /// and shared by the others (a change made meanwhile is read by the next told of it).
    pub async fn news(&self) -> Arc<News> {
        let number = self.changes.load(Ordering::SeqCst);
        let kept = self.news.lock().unwrap_or_else(|p| p.into_inner()).clone();
        if let Some(news) = kept.filter(|n| n.number == number) {
            return news;
        }
        let news = News::numbered(number, self.state(None).await);
        let mut kept = self.news.lock().unwrap_or_else(|p| p.into_inner());
        if kept.as_ref().is_none_or(|k| k.number <= number) {
            *kept = Some(news.clone());
        }
        news
    }

    /// The game now, read for one page alone (its clocks as they are at this instant).
    pub async fn news_now(&self) -> Arc<News> {
        News::alone(self.state(None).await)
    }

    /// A page of `side` is at the game (a side seated just now was not gone before).
    pub fn arrive(&self, side: Color) {
        let mut p = self.presence();
        p.pages[side.index()] += 1;
        p.gone_since[side.index()] = None;
        self.tell(&mut p, side, now_ms());
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
        self.tell(&mut p, side, at);
        drop(p);
        self.changed();
    }

    /// How long `side` has been gone at `now` (none while a page of it is connected to any
    /// server, or for a side nobody sits on): since the latest any server saw it go.
    pub fn gone_for(&self, side: Color, now: u64) -> Option<u64> {
        let p = self.presence();
        let (i, elsewhere) = (side.index(), p.elsewhere[side.index()]);
        if p.pages[i] > 0 || elsewhere.here {
            return None;
        }
        let since = p.gone_since[i].max(elsewhere.gone_since);
        since.map(|t| now.saturating_sub(t))
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
        let mut versions = self.versions.lock().unwrap_or_else(|p| p.into_inner());
        if versions.back().is_none_or(|last| last.state.v < state.v) {
            versions.push_back(Kept {
                state: GameState {
                    you: None,
                    moves: Vec::new(),
                    ..state.clone()
                },
                plies: state.moves.len(),
                moves: fingerprint(&state.moves),
            });
            if versions.len() > KEPT_VERSIONS {
                versions.pop_front();
            }
        }
        state
    }

    /// The game at version `v`, as a spectator saw it, if it is one of the last kept and its
    /// moves are the first of `moves` (the game's now: none taken back since).
    pub fn state_at(&self, v: u64, moves: &[String]) -> Option<GameState> {
        let versions = self.versions.lock().unwrap_or_else(|p| p.into_inner());
        let kept = versions.iter().find(|k| k.state.v == v)?;
        let then = moves.get(..kept.plies)?;
        (fingerprint(then) == kept.moves).then(|| GameState {
            moves: then.to_vec(),
            ..kept.state.clone()
        })
    }
}
