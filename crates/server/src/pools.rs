//! Quick pairing: a page joins a pool (a preset at a time control) over a socket of its own and
//! waits there while the socket is open; every second each server pairs the players waiting in
//! each pool (`topochess_arena::pool`: nearest rating first, the range widening with the wait,
//! accounts with accounts in rated games and guests with guests in casual ones), creates their
//! game, and tells both pages at once.
//!
//! The seats are kept in the store, so that servers sharing it pair from one list; a pair is
//! written once, with its game (`PoolStore::pool_pair`), and each page hears of its game from the server that
//! holds its socket. A player is in one pool at a time: joining from another page takes the
//! first page out.

use crate::accounts::Account;
use crate::record::seat_proof;
use crate::referee::LiveGame;
use crate::rooms::{now_ms, random_u64, Failure, Rooms};
use crate::store::pools::STALE_MS;
use crate::store::PoolSeat;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};
use topochess_arena::pool::{pair, Seeker};
use topochess_core::Color;
use topochess_protocol::player::{PairedGame, PairedIn, PlayerNews};
use topochess_protocol::pool::{Pool, PoolNews};
use topochess_protocol::{id_text, GameId};

/// How often the pools are paired (and a join waits at most this long to be paired with one
/// already waiting: a join also wakes the pairing at once).
const EVERY: Duration = Duration::from_secs(1);
/// The rating a guest is paired by.
pub const GUEST_RATING: i32 = 1500;

/// A page waiting here: its player and the way to tell it.
struct Here {
    player: String,
    tell: UnboundedSender<PoolNews>,
    /// The pairing round it joined in: a round judges only the pages that joined before it read
    /// the seats.
    round: u64,
}

/// The pools as this server serves them.
pub struct Pools {
    rooms: Arc<Rooms>,
    here: Mutex<HashMap<u64, Here>>,
    round: std::sync::atomic::AtomicU64,
    nudge: tokio::sync::Notify,
}

/// A seat taken: its player and ticket, and where the page hears its news.
pub struct Joined {
    /// The player (`a:<account>` or `g:<proof>`).
    pub player: String,
    /// The seat's number.
    pub ticket: u64,
    /// Rated: an account, paired with accounts.
    pub rated: bool,
    /// The rating it is paired by.
    pub rating: i32,
    /// The page's news: paired, or taken out.
    pub news: UnboundedReceiver<PoolNews>,
}

impl Pools {
    /// No one waiting here yet.
    pub fn new(rooms: Arc<Rooms>) -> Arc<Pools> {
        Arc::new(Pools {
            rooms,
            here: Mutex::new(HashMap::new()),
            round: Default::default(),
            nudge: tokio::sync::Notify::new(),
        })
    }

    fn here(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Here>> {
        self.here.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Seats the browser with `secret` (signed in as `account`, if it is) in `pool`, replacing
    /// its seat in any pool.
    pub async fn join(
        &self,
        pool: &Pool,
        secret: &str,
        account: Option<&Account>,
    ) -> Result<Joined, Failure> {
        if account.is_some_and(|a| a.bot) {
            return Err(Failure::Refused(crate::accounts::BOT_PLAYS.into()));
        }
        let proof = seat_proof(secret);
        let (player, who, rating) = match account {
            Some(a) => {
                let who = self.rooms.player(a, pool.variant).await?;
                let rating = who.tag.rating.unwrap_or(GUEST_RATING);
                (crate::hub::player::account_key(a.id), Some(who), rating)
            }
            None => (crate::hub::player::guest_key(&proof), None, GUEST_RATING),
        };
        let now = now_ms();
        let ticket = random_u64() >> 1;
        let rated = who.is_some();
        let seat = PoolSeat {
            player: player.clone(),
            ticket,
            pool: pool.id(),
            proof,
            who,
            rating,
            since: now,
            server: self.rooms.server,
            seen: now,
            paired: None,
        };
        let joined = self.rooms.store().pool_join(&seat).await;
        self.rooms.stored("join a pool", joined)?;
        let (tell, news) = unbounded_channel();
        let round = self.round.load(std::sync::atomic::Ordering::SeqCst);
        self.here().insert(
            ticket,
            Here {
                player: player.clone(),
                tell,
                round,
            },
        );
        self.nudge.notify_one();
        Ok(Joined {
            player,
            ticket,
            rated,
            rating,
            news,
        })
    }

    /// Takes the seat out of its pool (the page left, or heard of its game).
    pub async fn leave(&self, player: &str, ticket: u64) {
        self.here().remove(&ticket);
        let left = self.rooms.store().pool_leave(player, ticket).await;
        let _ = self.rooms.stored("leave a pool", left);
    }

    /// Pairs the pools every second, and at once when someone joins, until the server shuts
    /// down.
    pub async fn run(self: Arc<Self>, shutdown: tokio_util::sync::CancellationToken) {
        loop {
            tokio::select! {
                () = shutdown.cancelled() => return,
                () = crate::time::pause(EVERY) => {}
                () = self.nudge.notified() => {
                    // The joins that come together are paired together.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            }
            self.round(now_ms()).await;
        }
    }

    /// One round at `now`: the pages here whose seat was paired are told their game, those whose
    /// seat is gone are told so; the seats waiting are paired; this server's seats are marked
    /// seen and the stale ones taken out. A store that fails is logged, and the next round
    /// tries again.
    pub async fn round(&self, now: u64) {
        let round = self.round.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let seats = self.rooms.store().pool_seats().await;
        let Ok(seats) = self.rooms.stored("read the pools", seats) else {
            return;
        };
        self.tell(&seats, round);
        let fresh = now.saturating_sub(STALE_MS);
        let mut waiting: HashMap<&str, Vec<&PoolSeat>> = HashMap::new();
        for seat in seats
            .iter()
            .filter(|s| s.paired.is_none() && s.seen >= fresh)
        {
            waiting.entry(seat.pool.as_str()).or_default().push(seat);
        }
        for (pool, seats) in waiting {
            let Some(pool) = Pool::of(pool) else { continue };
            let seekers: Vec<Seeker> = seats
                .iter()
                .map(|s| Seeker {
                    player: s.ticket,
                    rating: s.rating,
                    since: s.since,
                    account: s.who.is_some(),
                })
                .collect();
            let by_ticket: HashMap<u64, &PoolSeat> = seats.iter().map(|s| (s.ticket, *s)).collect();
            for (a, b) in pair(&seekers, now) {
                let (a, b) = (by_ticket[&a], by_ticket[&b]);
                let (white, black) = if random_u64().is_multiple_of(2) {
                    (a, b)
                } else {
                    (b, a)
                };
                if let Err(f) = self.start(&pool, white, black, now).await {
                    tracing::warn!(error = ?f, "a pool's pair was not started");
                }
            }
        }
        let seen = self
            .rooms
            .store()
            .pool_seen(self.rooms.server, now, fresh)
            .await;
        let _ = self.rooms.stored("mark the pools' seats seen", seen);
    }

    /// Tells the pages here what became of their seats: paired, or gone (replaced by the
    /// player's seat on another page, or taken out).
    fn tell(&self, seats: &[PoolSeat], round: u64) {
        for seat in seats {
            if let Some((game, side)) = seat.paired {
                self.tell_player(seat, game, side);
            }
        }
        let kept: HashMap<u64, &PoolSeat> = seats.iter().map(|s| (s.ticket, s)).collect();
        let mut here = self.here();
        here.retain(|ticket, page| match kept.get(ticket) {
            Some(seat) if seat.player == page.player => match seat.paired {
                Some((game, side)) => {
                    let _ = page.tell.send(paired(game, side));
                    false
                }
                None => true,
            },
            _ if page.round > round => true,
            _ => {
                let _ = page.tell.send(PoolNews::Left {
                    message: "You joined a pool on another page: this one has left it.".into(),
                });
                false
            }
        });
    }

    /// Starts the game of `white` and `black` in `pool`: the pair and its game kept in one
    /// transaction, so that a page told of its game always finds it, and a pair another server
    /// made first leaves no game behind.
    async fn start(
        &self,
        pool: &Pool,
        white: &PoolSeat,
        black: &PoolSeat,
        now: u64,
    ) -> Result<(), Failure> {
        let id = random_u64();
        let seats = [white, black].map(|s| (s.proof.clone(), s.who.clone()));
        let game = LiveGame::paired(id, pool, seats, now)?;
        let made = self
            .rooms
            .store()
            .pool_pair(
                (&white.player, white.ticket),
                (&black.player, black.ticket),
                game.record(),
            )
            .await;
        if self.rooms.stored("pair two players", made)? {
            self.rooms.open_paired(game);
            for (seat, side) in [(white, Color::White), (black, Color::Black)] {
                self.tell_player(seat, id, side);
            }
            let mut here = self.here();
            for (seat, side) in [(white, Color::White), (black, Color::Black)] {
                if let Some(page) = here.remove(&seat.ticket) {
                    let _ = page.tell.send(paired(id, side));
                }
            }
        }
        Ok(())
    }

    /// Tells `seat`'s player, on their own channels here, the game it was paired in (every
    /// round while the seat is kept, so that a channel on any server hears it; a channel tells
    /// each game once).
    fn tell_player(&self, seat: &PoolSeat, game: GameId, side: Color) {
        let Some(pool) = Pool::of(&seat.pool) else {
            return;
        };
        if !self.rooms.hub.listened(&seat.player) {
            return;
        }
        let paired = PairedGame {
            id: id_text(game),
            side,
            preset: pool.variant.to_string(),
            clock: pool.clock(),
            rated: seat.who.is_some(),
            from: PairedIn::Pool { pool: pool.id() },
        };
        self.rooms
            .hub
            .tell(&seat.player, PlayerNews::Paired(paired));
    }

    /// How many pages wait here.
    pub fn waiting_here(&self) -> usize {
        self.here().len()
    }
}

fn paired(game: GameId, side: Color) -> PoolNews {
    PoolNews::Paired {
        id: id_text(game),
        side,
    }
}

#[cfg(test)]
mod tests;
