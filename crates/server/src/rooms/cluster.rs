//! The rooms among other servers on one store: what the others changed is read again into the
//! rooms open here (told by the store, by id and revision); who is at each game is told to the
//! others and read from them; every second the server says it is alive (and who is online here,
//! when that changed) and ends the games whose flag fell with nobody to see it (those of a
//! server that died too).

use super::Rooms;
use crate::room::{Elsewhere, Room};
use crate::store::{Heard, Presence};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use topochess_core::Color;
use topochess_protocol::GameId;

/// How often the server says it is alive, looks for flags nobody saw fall, and reads again who
/// is at its games on the other servers.
const EVERY: Duration = Duration::from_secs(1);
/// The most of what is heard (or told) taken together.
const MOST_HEARD_AT_ONCE: usize = 1024;
/// A flag is ended by the sweep this long after its deadline (the game's own watcher, where
/// there is one, ends it on time).
const SWEEP_LATE_MS: u64 = 1_000;

impl Rooms {
    /// Starts what runs beside the rooms until `shutdown`: the sweep of fallen flags, and with
    /// other servers, hearing them and telling them who is here.
    pub fn start(self: &Arc<Self>, shutdown: tokio_util::sync::CancellationToken) {
        let heard = self.heard.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(heard) = heard {
            tokio::spawn(self.clone().hear(heard, shutdown.clone()));
        }
        let telling = self
            .telling
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take();
        if let Some(telling) = telling {
            tokio::spawn(self.clone().tell(telling));
        }
        if self.told.is_some() {
            tokio::spawn(self.clone().heartbeat(shutdown.clone()));
        }
        tokio::spawn(self.clone().sweep(shutdown));
    }

    /// Every second until `shutdown`: this server is alive. A task of its own, so that no
    /// slow sweep (a flood of fallen flags, a slow query) makes the others count its pages
    /// gone.
    async fn heartbeat(self: Arc<Self>, shutdown: tokio_util::sync::CancellationToken) {
        let mut tick = tokio::time::interval(EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                () = shutdown.cancelled() => return,
            }
            let alive = self.store.alive(self.server, crate::room::now_ms()).await;
            let _ = self.kept("say the server is alive", 0, alive);
        }
    }

    /// Reads again into the rooms open here what the other servers changed: what was heard
    /// meanwhile is taken together, and the games changed are read in one query.
    async fn hear(
        self: Arc<Self>,
        mut heard: tokio::sync::mpsc::UnboundedReceiver<Heard>,
        shutdown: tokio_util::sync::CancellationToken,
    ) {
        loop {
            let mut news = Vec::new();
            let heard_now = tokio::select! {
                n = heard.recv_many(&mut news, MOST_HEARD_AT_ONCE) => n,
                () = shutdown.cancelled() => return,
            };
            if heard_now == 0 {
                return;
            }
            let (mut games, mut present) = (HashMap::new(), HashMap::new());
            let mut players = Vec::new();
            for n in news {
                match n {
                    Heard::Game {
                        id,
                        revision,
                        lobby,
                    } => {
                        if lobby {
                            self.lobby_changed();
                        }
                        let room = self.open_map().get(&id).cloned();
                        if let Some(room) = room {
                            let newest = games.entry(id).or_insert((room, Some(revision)));
                            newest.1 = newest.1.max(Some(revision));
                        }
                    }
                    Heard::Player { game, key } => {
                        if self.hub.listened(&key) {
                            players.push((game, key));
                        }
                    }
                    Heard::Chat {
                        game,
                        server,
                        user,
                        text,
                    } if server != self.server => {
                        if let Some(room) = self.open_map().get(&game) {
                            let _ = room.chat.send(Arc::new((user, text)));
                        }
                    }
                    Heard::Chat { .. } => {}
                    Heard::Presence(id) => {
                        if let Some(room) = self.open_map().get(&id).cloned() {
                            present.insert(id, room);
                        }
                    }
                    Heard::Reconnected => {
                        // What was said while the listener was away is lost: every game held
                        // here is read again. And the database may have restarted, losing the
                        // counts of pages told last (written without waiting for the sync):
                        // they are told again.
                        self.lobby_changed();
                        for room in self.open_map().values() {
                            games.insert(room.id, (room.clone(), None));
                            present.insert(room.id, room.clone());
                            room.tell_again();
                        }
                    }
                }
            }
            self.reread(games.into_values().collect()).await;
            let present: Vec<Arc<Room>> = present.into_values().collect();
            self.read_presence(&present).await;
            for (game, key) in players {
                let record = self.store.load(game).await;
                match self.kept("read a game a player is told of", game, record) {
                    Ok(Some(record)) => self.tell_seek_taken(&record, Some(&key)).await,
                    // No game of that id: a challenge, made or answered.
                    Ok(None) => self.tell_challenge(game, &key).await,
                    Err(_) => {}
                }
            }
        }
    }

    /// Reads again each of `rooms` whose game the store keeps at a later revision than the
    /// room holds (than the revision given, when known: a change made here is not read): the
    /// pages at it are told, its clock watched anew.
    pub(crate) async fn reread(self: &Arc<Self>, rooms: Vec<(Arc<Room>, Option<u64>)>) {
        let mut behind = HashMap::new();
        for (room, revision) in rooms {
            let held = room.game.lock().await.record().revision;
            if revision.is_none_or(|r| r > held) {
                behind.insert(room.id, room);
            }
        }
        if behind.is_empty() {
            return;
        }
        let ids: Vec<GameId> = behind.keys().copied().collect();
        let loaded = self.store.load_many(&ids).await;
        let Ok(records) = self.kept("read games", 0, loaded) else {
            return;
        };
        for record in records {
            let Some(room) = behind.get(&record.id) else {
                continue;
            };
            let mut game = room.game.lock().await;
            if record.revision <= game.record().revision {
                continue;
            }
            if self.caught_up(&mut game, record).is_err() {
                continue;
            }
            let deadline = game.deadline();
            drop(game);
            room.changed();
            self.watch_clock(room.id, deadline);
        }
    }

    /// Reads who is at `rooms` on the other servers; the pages at a room are told when that
    /// changed.
    pub(crate) async fn read_presence(&self, rooms: &[Arc<Room>]) {
        if self.told.is_none() || rooms.is_empty() {
            return;
        }
        let ids: Vec<GameId> = rooms.iter().map(|r| r.id).collect();
        let read = self.store.presence(self.server, &ids).await;
        let Ok(rows) = self.kept("read who is at the games", 0, read) else {
            return;
        };
        let now = crate::room::now_ms();
        let mut of: HashMap<GameId, Vec<Presence>> = HashMap::new();
        for row in rows {
            of.entry(row.game).or_default().push(row);
        }
        for room in rooms {
            let rows = of.remove(&room.id).unwrap_or_default();
            if room.seen_elsewhere(sides(&rows, now)) {
                room.changed();
            }
        }
    }

    /// How long each side of each of `records` has been gone as the other servers say, for the
    /// games they have rows for (none with one server).
    pub(crate) async fn lobby_presence(
        &self,
        records: &[crate::record::Record],
        now: u64,
    ) -> HashMap<GameId, [Option<u64>; 2]> {
        let mut gone = HashMap::new();
        if self.told.is_none() || records.is_empty() {
            return gone;
        }
        let ids: Vec<GameId> = records.iter().map(|r| r.id).collect();
        let read = self.store.presence(self.server, &ids).await;
        let Ok(rows) = self.kept("read who is at the games", 0, read) else {
            return gone;
        };
        let mut of: HashMap<GameId, Vec<Presence>> = HashMap::new();
        for row in rows {
            of.entry(row.game).or_default().push(row);
        }
        for (id, rows) in of {
            let seen = sides(&rows, now);
            gone.insert(
                id,
                // Here; gone since; or never at it on another server.
                seen.map(|s| match (s.here, s.gone_since) {
                    (true, _) => None,
                    (false, Some(since)) => Some(now.saturating_sub(since)),
                    (false, None) => Some(u64::MAX),
                }),
            );
        }
        gone
    }

    /// Tells the other servers, in order, each count of pages the rooms here report (those
    /// reported meanwhile together).
    async fn tell(self: Arc<Self>, mut told: crate::room::Telling) {
        let mut counts = Vec::new();
        while told.recv_many(&mut counts, MOST_HEARD_AT_ONCE).await > 0 {
            let written = self.store.present(self.server, &counts).await;
            let _ = self.kept("tell who is at the games", 0, written);
            counts.clear();
        }
    }

    /// Every second until `shutdown`: games whose flag fell a second ago or more with nobody to
    /// see it are ended (by whichever server gets there first); who is at the games open here
    /// is read again from the others where it rests on their being alive (a server that died
    /// says nothing, one heard again says nothing new either).
    async fn sweep(self: Arc<Self>, shutdown: tokio_util::sync::CancellationToken) {
        let mut tick = tokio::time::interval(EVERY);
        // The accounts online here as last kept for the other servers.
        let mut online_kept = None;
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                () = shutdown.cancelled() => return,
            }
            let now = crate::room::now_ms();
            if self.told.is_some() {
                let online = self.hub.accounts();
                if online_kept.as_ref() != Some(&online) {
                    let kept = self.store.online_here(self.server, &online).await;
                    if self.kept("say who is online here", 0, kept).is_ok() {
                        online_kept = Some(online);
                    }
                }
                // A server that died says nothing, nor one heard from again: read again.
                let rooms: Vec<Arc<Room>> = self
                    .open_map()
                    .values()
                    .filter(|r| r.rests_on_servers_alive())
                    .cloned()
                    .collect();
                self.read_presence(&rooms).await;
            }
            let overdue = self.store.overdue(now.saturating_sub(SWEEP_LATE_MS)).await;
            if let Ok(ids) = self.kept("find the fallen flags", 0, overdue) {
                for id in ids {
                    if let Ok(true) = self.fall(id).await {
                        tracing::info!(game = %topochess_protocol::id_text(id), "a flag nobody saw fall, ended");
                    }
                }
            }
        }
    }
}

/// Each side as the other servers' `rows` of one game say at `now`.
fn sides(rows: &[Presence], now: u64) -> [Elsewhere; 2] {
    [Color::White, Color::Black].map(|c| Elsewhere::of(rows.iter().filter(|r| r.side == c), now))
}

#[cfg(test)]
mod tests;
