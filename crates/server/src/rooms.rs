//! The games being played: one room a game, taken from the store when first asked for, where the
//! referee's answer is written to the store before anyone hears of it, and every browser at the
//! game is told each change. A room's clock is watched by a task that ends the game when a flag
//! falls.

use crate::record::Record;
use crate::referee::LiveGame;
use crate::store::Store;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};
use tokio::sync::{broadcast, Mutex};
use topochess_core::Color;
use topochess_protocol::{
    ClientMessage, GameId, GameState, Lobby, LobbyGame, NewGame, CLAIM_AFTER_MS,
};

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
    game: Mutex<LiveGame>,
    changed: broadcast::Sender<()>,
    presence: std::sync::Mutex<Presence>,
}

/// Who is at the game: pages connected for each side, and since when a side has had none.
struct Presence {
    pages: [usize; 2],
    gone_since: [Option<u64>; 2],
}

impl Room {
    fn new(game: LiveGame) -> Arc<Room> {
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

    /// A page of `side` is at the game (a side seated just now was not gone before).
    pub fn arrive(&self, side: Color) {
        let mut p = self.presence();
        p.pages[side.index()] += 1;
        p.gone_since[side.index()] = None;
        drop(p);
        let _ = self.changed.send(());
    }

    /// A page of `side` left; the side is gone when it was its last.
    pub fn leave(&self, side: Color) {
        let mut p = self.presence();
        let i = side.index();
        p.pages[i] = p.pages[i].saturating_sub(1);
        if p.pages[i] == 0 {
            p.gone_since[i] = Some(now_ms());
        }
        drop(p);
        let _ = self.changed.send(());
    }

    /// How long `side` has been gone at `now` (none while a page of it is connected, or for a
    /// side nobody sits on).
    fn gone_for(&self, side: Color, now: u64) -> Option<u64> {
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

/// The games being played, and the store that keeps them.
pub struct Rooms {
    store: Arc<dyn Store>,
    open: Mutex<HashMap<GameId, Arc<Room>>>,
}

/// A random 64-bit number from the system's generator.
pub fn random_u64() -> u64 {
    let mut bytes = [0u8; 8];
    getrandom::getrandom(&mut bytes).expect("the system's random generator");
    u64::from_le_bytes(bytes)
}

impl Rooms {
    /// No game open yet; games come from `store`.
    pub fn new(store: Arc<dyn Store>) -> Arc<Rooms> {
        Arc::new(Rooms {
            store,
            open: Mutex::new(HashMap::new()),
        })
    }

    /// A new game as `new` asks: kept, then opened. Its id and the creator's side.
    pub async fn create(self: &Arc<Self>, new: &NewGame) -> Result<(GameId, Color), String> {
        let secret_ok = (16..=64).contains(&new.secret.len())
            && new
                .secret
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-');
        if !secret_ok {
            return Err("the browser's secret is 16 to 64 letters and digits".into());
        }
        let id = random_u64();
        let game = LiveGame::create(id, new, random_u64().is_multiple_of(2), now_ms())?;
        let side = game.side_of(&new.secret).expect("the creator is seated");
        self.store.create(game.record())?;
        self.open.lock().await.insert(id, Room::new(game));
        Ok((id, side))
    }

    /// The room of game `id`, taken from the store if it is not open; `None` if there is no such
    /// game.
    pub async fn room(self: &Arc<Self>, id: GameId) -> Result<Option<Arc<Room>>, String> {
        let mut open = self.open.lock().await;
        if let Some(room) = open.get(&id) {
            return Ok(Some(room.clone()));
        }
        let Some(record) = self.store.load(id)? else {
            return Ok(None);
        };
        let room = Room::new(LiveGame::from_record(record)?);
        open.insert(id, room.clone());
        drop(open);
        self.watch_clock(&room).await;
        Ok(Some(room))
    }

    /// Closes the room of game `id` when nobody is at it any more (only the list holds it: no
    /// socket, no clock watcher, no request under way); the store keeps the game, and the room
    /// opens again from it when asked for.
    pub async fn release(&self, id: GameId) {
        let mut open = self.open.lock().await;
        if open
            .get(&id)
            .is_some_and(|room| Arc::strong_count(room) == 1)
        {
            open.remove(&id);
        }
    }

    /// The lobby: the public games of the last day not over, the seeks (a seat free) and the
    /// games being played.
    pub fn lobby(&self) -> Result<Lobby, String> {
        let since = now_ms().saturating_sub(24 * 3600 * 1000);
        let mut lobby = Lobby::default();
        for r in self.store.lobby(since, 100)? {
            let open_side = [Color::White, Color::Black]
                .into_iter()
                .find(|c| r.seats[c.index()].is_none());
            let game = LobbyGame {
                id: topochess_protocol::id_text(r.id),
                variant: r.variant,
                clock: r.clock,
                open_side,
                moves: r.moves.len(),
            };
            match open_side {
                Some(_) => lobby.seeks.push(game),
                None => lobby.playing.push(game),
            }
        }
        Ok(lobby)
    }

    /// How many rooms are open.
    pub async fn open_rooms(&self) -> usize {
        self.open.lock().await.len()
    }

    /// Seats the browser with `secret` at the game (on the free side, if any): its side, or `None`
    /// for a spectator.
    pub async fn seat(
        self: &Arc<Self>,
        room: &Arc<Room>,
        secret: &str,
    ) -> Result<Option<Color>, String> {
        let mut game = room.game.lock().await;
        let (side, changed) = game.seat(secret);
        if changed {
            self.store.save(game.record())?;
            drop(game);
            let _ = room.changed.send(());
        }
        Ok(side)
    }

    /// What `side` asks: refereed, kept, then told to everyone at the game.
    pub async fn act(
        self: &Arc<Self>,
        room: &Arc<Room>,
        side: Color,
        message: &ClientMessage,
    ) -> Result<(), String> {
        let now = now_ms();
        if *message == ClientMessage::ClaimVictory
            && room
                .gone_for(!side, now)
                .is_none_or(|gone| gone < CLAIM_AFTER_MS)
        {
            return Err("your opponent is here, or has not been gone long enough".into());
        }
        let mut game = room.game.lock().await;
        let before: Record = game.record().clone();
        let answer = game.apply(side, message, now);
        if answer.is_ok() && game.rematch_due() {
            let next = game.rematch(random_u64(), now)?;
            if let Err(why) = self.store.create(next.record()) {
                *game = LiveGame::from_record(before).expect("the record replayed before");
                return Err(format!("the rematch could not be made ({why})"));
            }
        }
        if game.record() != &before {
            // Kept before anyone hears of it; a write that fails undoes the change.
            if let Err(why) = self.store.save(game.record()) {
                *game = LiveGame::from_record(before).expect("the record replayed before");
                return Err(format!("the move could not be kept ({why}); try again"));
            }
            drop(game);
            let _ = room.changed.send(());
            self.watch_clock(room).await;
        }
        answer
    }

    /// Ends the game when its running clock falls (a task sleeps until then; one woken for an
    /// older deadline finds the flag not fallen and does nothing).
    async fn watch_clock(self: &Arc<Self>, room: &Arc<Room>) {
        let Some(deadline) = room.game.lock().await.deadline() else {
            return;
        };
        let (rooms, room) = (self.clone(), room.clone());
        tokio::spawn(async move {
            let wait = deadline.saturating_sub(now_ms());
            tokio::time::sleep(std::time::Duration::from_millis(wait + 5)).await;
            let mut game = room.game.lock().await;
            if game.check_flag(now_ms()) {
                let _ = rooms.store.save(game.record());
                drop(game);
                let _ = room.changed.send(());
            }
        });
    }
}
