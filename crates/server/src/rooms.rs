//! The games being played: one room a game, taken from the store when first asked for, where the
//! referee's answer is written to the store before anyone hears of it, and every browser at the
//! game is told each change. A room stays open while a socket or a request holds it; the
//! sweeper closes the others. Each running clock has one watcher, which holds no room: it
//! opens the game when its flag falls, ends it, and lets it go.
//!
//! Several servers may share one store: each change is kept only over the revision it was made
//! from (another server's change first: the game is read again and the change made again on
//! it), and what the others change is heard from the store (`cluster`).

use crate::metrics::{Metrics, Refusal};
use crate::record::Record;
use crate::referee::LiveGame;
use crate::store::{Heard, Store, StoreError};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex as SyncMutex, Weak};
use std::time::{Duration, Instant};
use topochess_core::Color;
use topochess_protocol::{ClientMessage, GameId, Lobby, LobbyGame, NewGame};

pub use crate::room::{now_ms, Room};

mod cluster;
mod players;

/// A seek stays in the lobby this long after its creator's last page left (lila: 5 s).
pub const SEEK_GRACE_MS: u64 = 5_000;
/// A seek leaves the lobby this long after it was posted, whoever is there.
pub const SEEK_TTL_MS: u64 = 2 * 3600 * 1000;
/// When a player over the open seeks' cap is told to try again (s): a seek is often taken within
/// a minute.
pub const SEEK_RETRY_SECS: u64 = 60;
/// Games that never started are deleted this long after they were created.
pub const UNSTARTED_KEPT_MS: u64 = 24 * 3600 * 1000;

/// Why a request failed: a sentence for the player, and for the log, what the store said.
#[derive(Debug, PartialEq, Eq)]
pub enum Failure {
    /// Refused, for a reason the player is told.
    Refused(String),
    /// Over a limit: the reason, and how long (s) to wait before trying again (`Retry-After`).
    Limited(String, u64),
    /// The store failed: logged, and the player told a sentence.
    Store(String),
}

impl Failure {
    /// What the player is told.
    pub fn sentence(&self) -> String {
        match self {
            Failure::Refused(why) | Failure::Limited(why, _) => why.clone(),
            Failure::Store(_) => {
                "The game server could not reach its records just now: try again in a moment."
                    .into()
            }
        }
    }
}

impl From<String> for Failure {
    fn from(why: String) -> Failure {
        Failure::Refused(why)
    }
}

/// The games being played, and the store that keeps them.
pub struct Rooms {
    store: Arc<dyn Store>,
    open: SyncMutex<HashMap<GameId, Arc<Room>>>,
    /// Each running clock's watcher: its number, and the token that stops it while it sleeps
    /// (once awake, a watcher finishes: a write is never cut in two).
    watchers: SyncMutex<HashMap<GameId, (u64, tokio_util::sync::CancellationToken)>>,
    next_watcher: std::sync::atomic::AtomicU64,
    /// The address each seek was posted from, and when, while it may be one.
    seek_addresses: SyncMutex<HashMap<GameId, (IpAddr, u64)>>,
    /// What the server counts.
    pub metrics: Arc<Metrics>,
    /// The live connections' hub, where a player whose seek was taken is told.
    pub hub: Arc<crate::hub::Hub>,
    /// The lobby as last read, for the pages that follow it.
    lobby_now: tokio::sync::watch::Sender<Arc<Lobby>>,
    /// Wakes the lobby's keeper: a seek came or went, a seat was taken, a game ended.
    lobby_nudge: tokio::sync::Notify,
    /// This server's number among those sharing the store.
    pub server: u64,
    /// What the other servers say, until `start` takes it (none: the store serves one server).
    heard: SyncMutex<Option<tokio::sync::mpsc::UnboundedReceiver<Heard>>>,
    /// Where the rooms tell their pages' count, and where `start` takes it from (with more than
    /// one server only).
    told: Option<crate::room::Told>,
    telling: SyncMutex<Option<crate::room::Telling>>,
}

/// How often a change is made again over a game another server changed first.
const TRIES: usize = 8;

/// The lobby is read again this often whatever happens (players come and go, moves are played).
const LOBBY_EVERY: Duration = Duration::from_secs(2);
/// After a nudge, the keeper waits this long for the changes that come with it.
const LOBBY_GATHER: Duration = Duration::from_millis(50);

/// A random 64-bit number from the system's generator.
pub fn random_u64() -> u64 {
    let mut bytes = [0u8; 8];
    getrandom::getrandom(&mut bytes).expect("the system's random generator");
    u64::from_le_bytes(bytes)
}

impl Rooms {
    /// No game open yet; games come from `store`.
    pub fn new(store: Arc<dyn Store>, metrics: Arc<Metrics>) -> Arc<Rooms> {
        let heard = store.listen();
        let (told, telling) = match heard {
            Some(_) => {
                let (tell, told) = tokio::sync::mpsc::unbounded_channel();
                (Some(tell), Some(told))
            }
            None => (None, None),
        };
        Arc::new(Rooms {
            store,
            server: random_u64() >> 1,
            heard: SyncMutex::new(heard),
            told,
            telling: SyncMutex::new(telling),
            open: SyncMutex::default(),
            watchers: SyncMutex::default(),
            next_watcher: Default::default(),
            seek_addresses: SyncMutex::default(),
            hub: crate::hub::Hub::new(metrics.clone(), Default::default()),
            metrics,
            lobby_now: tokio::sync::watch::Sender::new(Arc::default()),
            lobby_nudge: tokio::sync::Notify::new(),
        })
    }

    /// The store (the pools and the arenas keep their rows in it beside the games).
    pub fn store(&self) -> &Arc<dyn Store> {
        &self.store
    }

    /// The store's answer, its error logged and counted.
    pub fn stored<T>(&self, what: &str, r: Result<T, StoreError>) -> Result<T, Failure> {
        self.kept(what, 0, r)
    }

    /// Tells the lobby's keeper to read the lobby again now.
    fn lobby_changed(&self) {
        self.lobby_nudge.notify_one();
    }

    /// The lobby as last read, and each new one after it (to push to the pages that follow it).
    pub fn lobby_updates(&self) -> tokio::sync::watch::Receiver<Arc<Lobby>> {
        self.lobby_now.subscribe()
    }

    /// Keeps the lobby that pages follow: read again when nudged (a seek posted, taken or
    /// withdrawn, a game ended) and every [`LOBBY_EVERY`], and passed on when it changed; until
    /// `shutdown`. A store that fails is logged and the last lobby stays.
    pub async fn keep_lobby(self: Arc<Self>, shutdown: tokio_util::sync::CancellationToken) {
        loop {
            if let Ok(lobby) = self.lobby().await {
                self.lobby_now.send_if_modified(|now| {
                    let changed = **now != lobby;
                    if changed {
                        *now = Arc::new(lobby);
                    }
                    changed
                });
            }
            tokio::select! {
                () = self.lobby_nudge.notified() => tokio::time::sleep(LOBBY_GATHER).await,
                () = tokio::time::sleep(LOBBY_EVERY) => {}
                () = shutdown.cancelled() => return,
            }
        }
    }

    fn open_map(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, Arc<Room>>> {
        self.open.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The store's answer, its error logged and counted.
    fn kept<T>(&self, what: &str, id: GameId, r: Result<T, StoreError>) -> Result<T, Failure> {
        r.map_err(|e| {
            tracing::error!(game = %topochess_protocol::id_text(id), error = %e, "the store failed to {what}");
            self.metrics.refused(Refusal::Store);
            Failure::Store(e.0)
        })
    }

    /// Keeps a new game, timed; `lobby`: it is listed there.
    async fn write_new(&self, record: &Record, lobby: bool) -> Result<(), Failure> {
        let start = Instant::now();
        let written = self.store.create(record, lobby).await;
        self.metrics.wrote(start.elapsed());
        self.kept("create a game", record.id, written)
    }

    /// Keeps the game as it is now over the revision it was made from, timed: whether it was
    /// (not: another server changed it first).
    async fn save(&self, record: &Record, lobby: bool) -> Result<bool, Failure> {
        let start = Instant::now();
        let written = self.store.save(record, lobby).await;
        self.metrics.wrote(start.elapsed());
        self.kept("keep a game", record.id, written)
    }

    /// Changes the game in `room` with `change`; when that changed it, keeps it and tells every
    /// page at it (and the lobby, when it shows there). A rematch both asked for is created
    /// first. When another server changed the game first, the game is read again and `change`
    /// made again on it; a write that fails leaves the game as it was.
    async fn change<T>(
        self: &Arc<Self>,
        room: &Arc<Room>,
        mut change: impl FnMut(&mut LiveGame) -> T,
    ) -> Result<T, Failure> {
        for _ in 0..TRIES {
            let mut game = room.game.lock().await;
            let before = game.record().clone();
            let out = change(&mut game);
            if game.record() == &before {
                return Ok(out);
            }
            let undo = |game: &mut LiveGame| {
                *game = LiveGame::from_record(before.clone()).expect("the record replayed before")
            };
            if game.rematch_due() {
                let next = game.rematch(random_u64(), now_ms())?;
                if let Err(e) = self.write_new(next.record(), false).await {
                    undo(&mut game);
                    return Err(e);
                }
            }
            game.stamp(before.revision);
            let lobby = lobby_news(&before, game.record());
            match self.save(game.record(), lobby).await {
                Ok(true) => {
                    let deadline = game.deadline();
                    let ended = crate::ratings::unsettled(game.record()) && !before_over(&before);
                    drop(game);
                    if ended {
                        let (rooms, id) = (self.clone(), room.id);
                        tokio::spawn(async move { rooms.settle(id).await });
                    }
                    room.changed();
                    if lobby {
                        self.lobby_changed();
                    }
                    self.watch_clock(room.id, deadline);
                    return Ok(out);
                }
                Ok(false) => {
                    // Another server kept a change first: the game as it is kept now.
                    self.metrics.refused(Refusal::Raced);
                    let loaded = self.store.load(room.id).await;
                    match self.kept("read a game", room.id, loaded)? {
                        Some(record) => self.caught_up(&mut game, record)?,
                        None => return Err(Failure::Refused("the game is gone".into())),
                    }
                    drop(game);
                    room.changed();
                }
                Err(e) => {
                    undo(&mut game);
                    return Err(e);
                }
            }
        }
        Err(Failure::Store(
            "the game changed on other servers every time this change was made".into(),
        ))
    }

    /// `game` brought up to `record`, a later revision of it (only the moves since are played);
    /// a record that does not replay is logged.
    fn caught_up(&self, game: &mut LiveGame, record: Record) -> Result<(), Failure> {
        let id = record.id;
        game.catch_up(record).map_err(|e| {
            tracing::error!(game = %topochess_protocol::id_text(id), error = %e, "a stored game does not replay");
            Failure::Store(e)
        })
    }

    /// The game a stored record keeps; a record that does not replay is logged.
    fn replayed(&self, record: Record) -> Result<LiveGame, Failure> {
        let id = record.id;
        LiveGame::from_record(record).map_err(|e| {
            tracing::error!(game = %topochess_protocol::id_text(id), error = %e, "a stored game does not replay");
            Failure::Store(e)
        })
    }

    /// A new game as `new` asks, posted from `from`: kept, then opened. Its id and the
    /// creator's side. A player's new seek replaces their open one.
    pub async fn create(
        self: &Arc<Self>,
        new: &NewGame,
        from: IpAddr,
        seeks_open: usize,
        creator: Option<&crate::accounts::Account>,
    ) -> Result<(GameId, Color), Failure> {
        if !topochess_protocol::valid_secret(&new.secret) {
            return Err(Failure::Refused(
                "the browser's secret is 16 to 64 letters and digits".into(),
            ));
        }
        if new.public && creator.is_some_and(|a| a.bot) {
            return Err(Failure::Refused(crate::accounts::BOT_PLAYS.into()));
        }
        let id = random_u64();
        let now = now_ms();
        let creator = match creator {
            Some(a) => Some(self.player(a, &new.variant).await?),
            None => None,
        };
        let game = LiveGame::create(id, new, random_u64().is_multiple_of(2), now, creator)?;
        let side = game.side_of(&new.secret).expect("the creator is seated");
        if new.public {
            self.replace_seeks(&game, from, seeks_open).await?;
        }
        self.write_new(game.record(), new.public).await?;
        if new.public {
            self.seek_addresses
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .insert(id, (from, now));
        }
        self.open_map()
            .insert(id, Room::new(game, self.told.clone()));
        if new.public {
            self.lobby_changed();
        }
        Ok((id, side))
    }

    /// Keeps `game`, made with both its players seated (an accepted challenge), then opens it;
    /// a public one is listed among the games being played.
    pub async fn open_made(self: &Arc<Self>, game: LiveGame) -> Result<(), Failure> {
        let public = game.record().public;
        self.write_new(game.record(), public).await?;
        let id = game.record().id;
        self.open_map()
            .insert(id, Room::new(game, self.told.clone()));
        if public {
            self.lobby_changed();
        }
        Ok(())
    }

    /// Opens `game`, two players paired in a pool or an arena, kept by the store with their pair
    /// (`PoolStore::pool_pair`, `ArenaStore::arena_pair`).
    pub fn open_paired(self: &Arc<Self>, game: LiveGame) {
        let id = game.record().id;
        self.open_map()
            .insert(id, Room::new(game, self.told.clone()));
        self.lobby_changed();
    }

    /// Before `game` (a new seek from `from`) is kept: its creator's open seeks are withdrawn,
    /// and it is refused when the address has `most` seeks open already.
    async fn replace_seeks(
        self: &Arc<Self>,
        game: &LiveGame,
        from: IpAddr,
        most: usize,
    ) -> Result<(), Failure> {
        let since = now_ms().saturating_sub(SEEK_TTL_MS);
        let seeks = self.kept(
            "read the lobby",
            game.record().id,
            self.store.lobby(since, 1000).await,
        )?;
        let creator = game.record().seats.iter().flatten().next().cloned();
        let mut from_here = 0;
        for record in seeks {
            let theirs = record.seats.iter().flatten().next() == creator.as_ref();
            let here = self
                .seek_addresses
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .get(&record.id)
                .is_some_and(|(a, _)| crate::limits::key(*a) == crate::limits::key(from));
            if theirs {
                self.withdraw(record.id).await?;
            } else if here && LiveGame::from_record(record).is_ok_and(|g| g.is_seek()) {
                from_here += 1;
            }
        }
        if from_here >= most {
            self.metrics.refused(Refusal::SeekLimit);
            return Err(Failure::Limited(
                format!(
                    "{from_here} seeks are open from your address already: wait until one is taken"
                ),
                SEEK_RETRY_SECS,
            ));
        }
        Ok(())
    }

    /// Withdraws seek `id` (aborted, and its pages told).
    async fn withdraw(self: &Arc<Self>, id: GameId) -> Result<(), Failure> {
        let Some(room) = self.room(id).await? else {
            return Ok(());
        };
        self.change(&room, LiveGame::withdraw).await?;
        drop(room);
        self.release(id);
        Ok(())
    }

    /// The room of game `id`, taken from the store if it is not open; `None` if there is no such
    /// game. The store is read outside the rooms' lock: a burst of unknown ids delays no game.
    pub async fn room(self: &Arc<Self>, id: GameId) -> Result<Option<Arc<Room>>, Failure> {
        self.open(id, true).await
    }

    /// The room of game `id`, as [`Rooms::room`]; `watch`: its clock is watched if it was not
    /// open (a watcher opening the game it watches does not watch it again).
    async fn open(self: &Arc<Self>, id: GameId, watch: bool) -> Result<Option<Arc<Room>>, Failure> {
        if let Some(room) = self.open_map().get(&id) {
            return Ok(Some(room.clone()));
        }
        let loaded = self.store.load(id).await;
        let Some(record) = self.kept("read a game", id, loaded)? else {
            return Ok(None);
        };
        let game = self.replayed(record)?;
        let deadline = game.deadline();
        // Another request may have opened it meanwhile: that room is the one.
        let (room, new) = {
            let mut open = self.open_map();
            let new = !open.contains_key(&id);
            let room = open
                .entry(id)
                .or_insert_with(|| Room::new(game, self.told.clone()))
                .clone();
            (room, new)
        };
        if new && self.told.is_some() {
            self.read_presence(std::slice::from_ref(&room)).await;
        }
        if watch {
            self.watch_clock(id, deadline);
        }
        Ok(Some(room))
    }

    /// Closes the room of game `id` when nobody is at it any more (only the list holds it: no
    /// socket, no request under way); the store keeps the game, and the room opens again from
    /// it when asked for.
    pub fn release(&self, id: GameId) {
        let mut open = self.open_map();
        if open
            .get(&id)
            .is_some_and(|room| Arc::strong_count(room) == 1)
        {
            open.remove(&id);
        }
    }

    /// Closes every room nobody holds, and forgets the addresses of seeks past their time.
    pub fn close_idle(&self) {
        self.open_map()
            .retain(|_, room| Arc::strong_count(room) > 1);
        let now = now_ms();
        self.seek_addresses
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .retain(|_, (_, created)| now < *created + SEEK_TTL_MS);
    }

    /// Deletes the games that never started, created [`UNSTARTED_KEPT_MS`] ago or more (but
    /// those open now); how many.
    pub async fn prune(&self) -> usize {
        let open: Vec<GameId> = self.open_map().keys().copied().collect();
        let before = now_ms().saturating_sub(UNSTARTED_KEPT_MS);
        match self.store.prune(before, &open).await {
            Ok(n) => {
                if n > 0 {
                    tracing::info!(games = n, "deleted games that never started");
                }
                n
            }
            Err(e) => {
                tracing::error!(error = %e, "the store failed to prune");
                0
            }
        }
    }

    /// The lobby: the public games of the last day not over; the seeks whose creator is here
    /// (or left less than [`SEEK_GRACE_MS`] ago) and are younger than [`SEEK_TTL_MS`], and the
    /// games being played.
    pub async fn lobby(&self) -> Result<Lobby, Failure> {
        let now = now_ms();
        let since = now.saturating_sub(24 * 3600 * 1000);
        let records = self.kept("read the lobby", 0, self.store.lobby(since, 200).await)?;
        let elsewhere = self.lobby_presence(&records, now).await;
        let mut lobby = Lobby::default();
        for r in records {
            let open_side = [Color::White, Color::Black]
                .into_iter()
                .find(|c| r.seats[c.index()].is_none());
            // How long each side has been gone: as the room open here says, or (with other
            // servers) as they say; `None` when no server has the game open.
            let gone = match self.open_map().get(&r.id) {
                Some(room) => Some([Color::White, Color::Black].map(|c| room.gone_for(c, now))),
                None => elsewhere.get(&r.id).copied(),
            };
            if let Some(open) = open_side {
                let gone = match gone {
                    Some(gone) => gone[(!open).index()],
                    // Not open: created and not yet connected to, or left by everyone.
                    None => Some(now.saturating_sub(r.created)),
                };
                let here = gone.is_none_or(|g| g < SEEK_GRACE_MS);
                if !here || now.saturating_sub(r.created) > SEEK_TTL_MS {
                    continue;
                }
            } else {
                // Being played: a player is at the board (or left a moment ago). A game both
                // players left, or that never started and nobody is at, is not.
                let at_board = |gone: Option<u64>| gone.is_none_or(|g| g < SEEK_GRACE_MS);
                let played = gone.is_some_and(|[w, b]| match r.moves.len() {
                    0 => at_board(w) && at_board(b),
                    _ => at_board(w) || at_board(b),
                });
                if !played {
                    continue;
                }
            }
            let game = LobbyGame {
                id: topochess_protocol::id_text(r.id),
                variant: r.variant,
                clock: r.clock,
                open_side,
                moves: r.moves.len(),
                rated: r.rated,
                players: r.players.map(|p| p.map(|p| p.tag)),
            };
            match open_side {
                Some(_) => lobby.seeks.push(game),
                None => lobby.playing.push(game),
            }
        }
        lobby.pools = self.pool_counts(&lobby.playing, now).await?;
        lobby.seeks.truncate(100);
        lobby.playing.truncate(100);
        Ok(lobby)
    }

    /// How many wait in each pool (seats their servers still hold), and play at its preset
    /// and time control (of the games being played).
    async fn pool_counts(
        &self,
        playing: &[LobbyGame],
        now: u64,
    ) -> Result<Vec<topochess_protocol::pool::PoolCount>, Failure> {
        let seats = self.kept("read the pools", 0, self.store.pool_seats().await)?;
        let fresh = now.saturating_sub(crate::store::pools::STALE_MS);
        Ok(topochess_protocol::pool::Pool::all()
            .map(|pool| {
                let id = pool.id();
                topochess_protocol::pool::PoolCount {
                    waiting: seats
                        .iter()
                        .filter(|s| s.pool == id && s.paired.is_none() && s.seen >= fresh)
                        .count(),
                    playing: playing
                        .iter()
                        .filter(|g| g.variant == pool.variant && g.clock == Some(pool.clock()))
                        .count(),
                    id,
                }
            })
            .collect())
    }

    /// How many rooms are open.
    pub fn open_rooms(&self) -> usize {
        self.open_map().len()
    }

    /// How many clocks are watched.
    pub fn watched_clocks(&self) -> usize {
        self.watchers
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .len()
    }

    /// What `side` asks: refereed, kept, then told to everyone at the game.
    pub async fn act(
        self: &Arc<Self>,
        room: &Arc<Room>,
        side: Color,
        message: &ClientMessage,
    ) -> Result<(), Failure> {
        let now = now_ms();
        if *message == ClientMessage::ClaimVictory
            && room
                .gone_for(!side, now)
                .is_none_or(|gone| gone < topochess_protocol::CLAIM_AFTER_MS)
        {
            return Err(Failure::Refused(
                "your opponent is here, or has not been gone long enough".into(),
            ));
        }
        // Kept before anyone hears of it; a write that fails undoes the change. Made again on
        // the game as kept when another server changed it first: a move for a ply already
        // played there is refused.
        let answer = self
            .change(room, |game| game.apply(side, message, now_ms()))
            .await?;
        answer.map_err(Failure::Refused)
    }

    /// Ends a tournament game whose side to move did not make its first move by `now`; answers
    /// the loser. Refused while there is time left, or when the game is over or has begun.
    pub async fn no_start(self: &Arc<Self>, room: &Arc<Room>, now: u64) -> Result<Color, Failure> {
        let answer = self.change(room, |game| game.no_start(now)).await?;
        answer.map_err(Failure::Refused)
    }

    /// Watches the clock of game `id` until `deadline` (none: no clock runs), in place of any
    /// watcher it had. The watcher holds no room: when the flag falls it opens the game, ends it
    /// and lets it go, whether or not anyone is there.
    pub fn watch_clock(self: &Arc<Self>, id: GameId, deadline: Option<u64>) {
        let mut watchers = self.watchers.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((_, old)) = watchers.remove(&id) {
            old.cancel();
        }
        let Some(deadline) = deadline else {
            return;
        };
        let number = self
            .next_watcher
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let rooms: Weak<Rooms> = Arc::downgrade(self);
        let stop = tokio_util::sync::CancellationToken::new();
        let stopped = stop.clone();
        tokio::spawn(async move {
            tokio::select! {
                () = crate::time::sleep_until(deadline + 5) => {}
                () = stopped.cancelled() => return,
            }
            if let Some(rooms) = rooms.upgrade() {
                rooms.flag_falls(id, number).await;
            }
        });
        watchers.insert(id, (number, stop));
    }

    /// Watcher `number`'s deadline for game `id` has come: the flag falls (kept, then told), or
    /// the watch is tried again in a second when the store fails.
    async fn flag_falls(self: &Arc<Self>, id: GameId, number: u64) {
        let mine = |rooms: &Rooms| {
            let mut watchers = rooms.watchers.lock().unwrap_or_else(|p| p.into_inner());
            if watchers.get(&id).is_some_and(|(n, _)| *n == number) {
                watchers.remove(&id);
            }
        };
        match self.fall(id).await {
            Ok(_) => mine(self),
            Err(_) => self.watch_clock(id, Some(now_ms() + 1000)),
        }
    }

    /// Ends game `id` if its flag has fallen (kept, then told): whether it did. Of two servers
    /// seeing the deadline at once, one keeps the end and the other finds the game over.
    pub async fn fall(self: &Arc<Self>, id: GameId) -> Result<bool, Failure> {
        let Some(room) = self.open(id, false).await? else {
            return Ok(false);
        };
        let fell = self.change(&room, |game| game.check_flag(now_ms())).await;
        drop(room);
        self.release(id);
        fell
    }

    /// Watches the clock of every game whose clock runs in the store (at start: a flag falls
    /// with nobody connected, after a restart too).
    pub async fn resume_clocks(self: &Arc<Self>) -> Result<usize, Failure> {
        let running = self.kept("list the running clocks", 0, self.store.running().await)?;
        for &id in &running {
            let loaded = self.store.load(id).await;
            if let Ok(Some(record)) = self.kept("read a game", id, loaded) {
                match LiveGame::from_record(record) {
                    Ok(game) => self.watch_clock(id, game.deadline()),
                    Err(e) => {
                        tracing::error!(game = %topochess_protocol::id_text(id), error = %e, "a stored game does not replay")
                    }
                }
            }
        }
        Ok(running.len())
    }
}

/// Whether the game `before` was over.
fn before_over(before: &Record) -> bool {
    before.outcome.is_some() || before.aborted
}

/// Whether the change from `before` to `after` shows in the lobby: a seat taken, the game ended
/// or aborted, a rematch made.
fn lobby_news(before: &Record, after: &Record) -> bool {
    before.seats != after.seats
        || before.outcome != after.outcome
        || before.aborted != after.aborted
        || before.next_game != after.next_game
}

#[cfg(test)]
mod tests;
