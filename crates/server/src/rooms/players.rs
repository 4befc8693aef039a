//! The rooms and the accounts: who sits at a game (an account with its rating, or a guest), a
//! rated game rated once it ends, a guest's games kept under the account made in their browser,
//! and a deleted account's games shown under "deleted player".

use super::{now_ms, Failure, Rooms};
use crate::accounts::Account;
use crate::ratings::shown;
use crate::record::{seat_proof, Player};
use crate::room::Room;
use std::sync::Arc;
use topochess_core::Color;
use topochess_protocol::{GameId, PlayerTag};

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
            },
            arena: None,
            berserk: false,
            first_moved: None,
        })
    }

    /// Seats the browser with `secret` (signed in as `account`, if it is) at the game, on the
    /// free side if there is one: its side, or `None` for a spectator (no secret: a spectator).
    /// A guest does not sit at a rated game.
    pub async fn seat(
        self: &Arc<Self>,
        room: &Arc<Room>,
        secret: Option<&str>,
        account: Option<&Account>,
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
        self.change(room, |game| game.seat(secret, player.clone()).0)
            .await
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
