//! The rooms and the accounts: who sits at a game (an account with its rating, or a guest), a
//! rated game rated once it ends, a guest's games kept under the account made in their browser,
//! and a deleted account's games shown under "deleted player".

use super::{now_ms, Failure, Rooms};
use crate::accounts::Account;
use crate::hub::player::{account_key, guest_key};
use crate::ratings::shown;
use crate::record::{seat_proof, Player, Record};
use crate::room::Room;
use std::sync::Arc;
use topochess_core::Color;
use topochess_protocol::player::{PairedGame, PairedIn, PlayerNews};
use topochess_protocol::{id_text, GameId, PlayerTag};

/// Another server counts an account online while it said so this recently (it says it is alive
/// every second).
const ONLINE_SEEN_MS: u64 = 5_000;

impl Rooms {
    /// `account` as a player at a game of `variant`: its name and its rating there now.
    pub async fn player(&self, account: &Account, variant: &str) -> Result<Player, Failure> {
        let standings = self.store.standings(account.id).await;
        let standings = self.kept("read ratings", 0, standings)?;
        let rating = shown(standings.iter().find(|s| s.variant == variant), now_ms());
        Ok(Player {
            account: Some(account.id),
            tag: PlayerTag {
                name: account.name.clone(),
                rating: Some(rating.rating),
                provisional: rating.provisional,
                diff: None,
                title: account.bot.then(|| crate::accounts::BOT.to_string()),
            },
            arena: None,
            berserk: false,
            first_moved: None,
        })
    }

    /// Seats the browser with `secret` (signed in as `account`, if it is) at the game, on the
    /// free side if there is one (`wanted`: that side only): its side, or `None` for a
    /// spectator (no secret: a spectator). A guest does not sit at a rated game.
    pub async fn seat(
        self: &Arc<Self>,
        room: &Arc<Room>,
        secret: Option<&str>,
        account: Option<&Account>,
        wanted: Option<Color>,
    ) -> Result<Option<Color>, Failure> {
        let Some(secret) = secret else {
            return Ok(None);
        };
        let player = match account {
            Some(a) => {
                let variant = room.game.lock().await.record().variant.clone();
                Some(self.player(a, &variant).await?)
            }
            None => None,
        };
        // Kept before anyone hears of it; a write that fails leaves the seat free, and a seat
        // another server gave first is taken again from the game as kept.
        let (side, taken) = self
            .change(room, |game| game.seat(secret, player.clone(), wanted))
            .await?;
        if taken {
            let record = room.game.lock().await.record().clone();
            self.tell_seek_taken(&record, None).await;
        }
        Ok(side)
    }

    /// Tells the players of `record`, a game whose second seat was just taken, on their own
    /// channels here, and the other servers' (`only`: the one topic another server named).
    pub(crate) async fn tell_seek_taken(&self, record: &Record, only: Option<&str>) {
        for (key, news) in seek_taken(record) {
            if only.is_some_and(|only| only != key) {
                continue;
            }
            self.hub.tell(&key, news);
            if only.is_none() {
                let told = self.store.notify_player(&key, record.id).await;
                let _ = self.kept("tell the other servers of a seat taken", record.id, told);
            }
        }
    }

    /// Of `accounts`, those online: a page's channel or a program's event stream of theirs open
    /// here, or on another server alive within the last few seconds.
    pub async fn online(
        &self,
        accounts: &[u64],
    ) -> Result<std::collections::HashSet<u64>, Failure> {
        let (here, elsewhere): (Vec<u64>, Vec<u64>) = accounts
            .iter()
            .partition(|&&a| self.hub.listened(&account_key(a)));
        let mut online: std::collections::HashSet<u64> = here.into_iter().collect();
        if !elsewhere.is_empty() {
            let since = now_ms().saturating_sub(ONLINE_SEEN_MS);
            let read = self
                .store
                .online_elsewhere(self.server, &elsewhere, since)
                .await;
            online.extend(self.kept("read who is online", 0, read)?);
        }
        Ok(online)
    }

    /// `user` says `text` in the players' chat of `room`'s game: told to its players' pages
    /// and game streams here and, through the store, on the other servers.
    pub async fn say(&self, room: &Room, user: String, text: String) {
        let told = self
            .store
            .notify_chat(self.server, room.id, &user, &text)
            .await;
        let _ = self.kept("tell the other servers of a chat line", room.id, told);
        let _ = room.chat.send(Arc::new((user, text)));
    }

    /// Tells `key`'s topic here that challenge `id` was made or answered (another server
    /// said so).
    pub(crate) async fn tell_challenge(&self, id: GameId, key: &str) {
        let read = self.store.challenge(id).await;
        if let Ok(Some(c)) = self.kept("read a challenge a player is told of", id, read) {
            let news = PlayerNews::Challenge {
                id: id_text(id),
                status: c.status.text().into(),
            };
            self.hub.tell(key, news);
        }
    }

    /// Rates game `id` if it is rated, over and not yet rated; the room open here is brought up
    /// to it and its pages told. A store that fails is logged (the sweep tries again).
    pub async fn settle(self: &Arc<Self>, id: GameId) {
        let rated = self.store.rate(id, now_ms()).await;
        let Ok(Some(record)) = self.kept("rate a game", id, rated) else {
            return;
        };
        let room = self.open_map().get(&id).cloned();
        if let Some(room) = room {
            let mut game = room.game.lock().await;
            if game.record().revision < record.revision {
                let _ = self.caught_up(&mut game, record);
            }
            drop(game);
            room.changed();
        }
    }

    /// Rates every rated game over and not yet rated (a server stopped between the two):
    /// how many.
    pub async fn settle_all(self: &Arc<Self>) -> usize {
        let ids = self.store.unsettled().await;
        let Ok(ids) = self.kept("list the unrated games", 0, ids) else {
            return 0;
        };
        for &id in &ids {
            self.settle(id).await;
        }
        ids.len()
    }

    /// Keeps the live games this browser (proven by `secret`) played as a guest under `account`
    /// (`keep: false`: counts them only): how many.
    pub async fn claim(
        self: &Arc<Self>,
        account: &Account,
        secret: &str,
        keep: bool,
    ) -> Result<usize, Failure> {
        let seats = self.store.guest_seats(&seat_proof(secret)).await;
        let ids = self.kept("find a browser's games", 0, seats)?;
        if !keep {
            return Ok(ids.len());
        }
        let mut kept = 0;
        for id in ids {
            let Some(room) = self.room(id).await? else {
                continue;
            };
            let player = {
                let variant = room.game.lock().await.record().variant.clone();
                self.player(account, &variant).await?
            };
            let claimed = self.change(&room, |game| game.claim(secret, &player)).await;
            drop(room);
            self.release(id);
            kept += claimed? as usize;
        }
        Ok(kept)
    }

    /// Shows the games of `account`, being deleted, under "deleted player".
    pub async fn forget(self: &Arc<Self>, account: u64) -> Result<(), Failure> {
        let games = self.store.games_of(account).await;
        for id in self.kept("find a player's games", 0, games)? {
            let Some(room) = self.room(id).await? else {
                continue;
            };
            let forgot = self.change(&room, |game| game.forget(account)).await;
            drop(room);
            self.release(id);
            forgot?;
        }
        Ok(())
    }
}

/// The news of a game waiting for its second player (a seek, a game sent by link) once both
/// seats are taken and no move is made: for each player's topic, their game and side. None for
/// an arena's game (its players are told by the arena).
fn seek_taken(record: &Record) -> Vec<(String, PlayerNews)> {
    let arena = record.players.iter().flatten().any(|p| p.arena.is_some());
    let waiting = !arena && record.moves.is_empty() && record.outcome.is_none() && !record.aborted;
    // Each side's topic: its account's, or its guest's; both sides taken (or kept for an
    // account), or nobody is told.
    let key = |side: Color| match (record.account(side), &record.seats[side.index()]) {
        (Some(account), _) => Some(account_key(account)),
        (None, Some(proof)) => Some(guest_key(proof)),
        (None, None) => None,
    };
    let (Some(white), Some(black)) = (key(Color::White), key(Color::Black)) else {
        return Vec::new();
    };
    if !waiting {
        return Vec::new();
    }
    [(Color::White, white), (Color::Black, black)]
        .into_iter()
        .map(|(side, key)| {
            let game = PairedGame {
                id: id_text(record.id),
                side,
                preset: record.variant.clone(),
                clock: record.clock.unwrap_or_default(),
                rated: record.rated,
                from: PairedIn::Seek,
            };
            (key, PlayerNews::Paired(game))
        })
        .collect()
}
