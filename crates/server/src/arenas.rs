//! Arena tournaments, as lichess runs them: for a set time, the players who joined are paired
//! again as soon as their game ends, with a player near them in the standings, avoiding the
//! last opponent (`topochess_arena::pairing`), and scored by `topochess_arena::sheet`.
//!
//! Everything an arena is lives in the store (`ArenaStore`): the arena, who joined, and each
//! game with how it ended. Every second each server takes each arena being played in turn:
//! the games that ended are marked so, a player who did not make their first move in time
//! loses and is paused, the players waiting (joined, not paused, a page open at the arena on
//! some server) are paired, and the pages here are sent the standings when they changed. A
//! pair is made once however many servers pair at once, and a restart loses nothing.
//!
//! The server also keeps the schedule: an arena every hour, rotating through the headline
//! presets, and a weekly one on the spheres.

use crate::accounts::Account;
use crate::record::seat_proof;
use crate::rooms::{now_ms, random_u64, Failure, Rooms};
use crate::store::arenas::{Arena, ArenaEnd, Entrant, Pairing};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};
use topochess_core::Color;
use topochess_protocol::arena::{
    ArenaList, ArenaNews, ArenaStatus, ArenaSummary, ArenaView, NewArena, ARENA_MINUTES, MOST_CODE,
    MOST_NAME, MOST_STARTS_IN,
};
use topochess_protocol::id_text;

mod codes;
pub mod programs;
mod round;
mod schedule;
pub mod standings;
#[cfg(test)]
mod tests;

/// How often the arenas are paired.
const EVERY: Duration = Duration::from_secs(1);
/// A player with no page open at the arena for this long is not paired.
pub const PRESENT_MS: u64 = 5_000;
/// A player who has not made their first move in this time (from the pairing, or from the
/// opponent's first move) loses the game and is paused (lichess's rule for tournaments).
pub use topochess_core::clock::FIRST_MOVE_MS;
/// Finished arenas are listed for this long after their end.
const FINISHED_LISTED_MS: u64 = 6 * 3_600_000;
/// Arenas starting within this long are listed.
const CREATED_LISTED_MS: u64 = 8 * 24 * 3_600_000;
/// The most arenas an account may have made that have not finished.
const MOST_OPEN_PER_CREATOR: usize = 3;

/// A page watching an arena here.
struct Watcher {
    account: Option<u64>,
    tell: UnboundedSender<ArenaNews>,
}

/// The arenas as this server serves them.
pub struct Arenas {
    rooms: Arc<Rooms>,
    /// The pages watching, by arena and page number.
    here: Mutex<HashMap<u64, HashMap<u64, Watcher>>>,
    /// The standings last sent to the pages here, by arena (JSON).
    sent: Mutex<HashMap<u64, String>>,
    /// The minute the schedule was last kept.
    scheduled: Mutex<u64>,
    /// The accounts whose programs have an event stream open here, with how many.
    programs: Mutex<HashMap<u64, usize>>,
}

/// A page watching an arena: its number, and the news it hears.
pub struct Watching {
    /// The page's number.
    pub page: u64,
    /// The arena's standings, on opening and whenever they change.
    pub news: UnboundedReceiver<ArenaNews>,
}

impl Arenas {
    /// No one watching here yet.
    pub fn new(rooms: Arc<Rooms>) -> Arc<Arenas> {
        Arc::new(Arenas {
            rooms,
            here: Mutex::new(HashMap::new()),
            sent: Mutex::new(HashMap::new()),
            scheduled: Mutex::new(0),
            programs: Mutex::new(HashMap::new()),
        })
    }

    fn here(&self) -> std::sync::MutexGuard<'_, HashMap<u64, HashMap<u64, Watcher>>> {
        self.here.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The arena `id`, or a refusal the player reads.
    async fn arena(&self, id: u64) -> Result<Arena, Failure> {
        let arena = self.rooms.store().arena(id).await;
        self.rooms
            .stored("read an arena", arena)?
            .ok_or_else(|| Failure::Refused("there is no such tournament".into()))
    }

    /// Makes the arena `new` asks for, by `creator`, at `now`, with its creator joined; its id.
    pub async fn create(
        &self,
        new: &NewArena,
        creator: &Account,
        now: u64,
    ) -> Result<u64, Failure> {
        let refuse = |why: &str| Err(Failure::Refused(why.into()));
        let Some(preset) = topochess_core::variant::preset(&new.preset) else {
            return refuse("there is no such preset");
        };
        if !new.clock.offered() {
            return refuse("an arena's clock is one of 1+0, 2+1, 3+0, 3+2, 5+0, 5+3, 10+0, 10+5");
        }
        if !(ARENA_MINUTES.0..=ARENA_MINUTES.1).contains(&new.minutes) {
            return refuse("an arena lasts 2 to 720 minutes");
        }
        if new.starts_in > MOST_STARTS_IN {
            return refuse("an arena starts within a week");
        }
        let name = new.name.trim();
        let printable = |s: &str| s.chars().all(|c| !c.is_control() && !invisible(c));
        if name.chars().count() > MOST_NAME || !printable(name) {
            return refuse(
                "a name has at most 40 characters, none of them a control or invisible character",
            );
        }
        if schedule::is_sites_own(name) {
            return refuse(
                "the site's own arenas are named Hourly … and Weekly …: choose another name",
            );
        }
        let code = new.code.as_deref().map(str::trim).filter(|c| !c.is_empty());
        // (A code is never shown, so only control characters are refused in it.)
        let printable = |s: &str| s.chars().all(|c| !c.is_control());
        if code.is_some_and(|c| c.chars().count() > MOST_CODE || !printable(c)) {
            return refuse("a code has at most 40 characters, none of them a control character");
        }
        let open = self.rooms.store().arenas(now, u64::MAX >> 2).await;
        let open = self.rooms.stored("read the arenas", open)?;
        let mine: Vec<_> = open
            .iter()
            .filter(|a| a.creator.as_deref() == Some(creator.name.as_str()))
            .collect();
        if mine.len() >= MOST_OPEN_PER_CREATOR {
            let first_end = mine.iter().map(|a| a.ends()).min().unwrap_or(now);
            return Err(Failure::Limited(
                format!(
                    "you have {} tournaments to come or being played: make another once one ends",
                    mine.len()
                ),
                first_end.saturating_sub(now).div_ceil(1000).max(1),
            ));
        }
        let arena = Arena {
            id: random_u64() >> 1,
            name: if name.is_empty() {
                format!("{} Arena", schedule::short_name(preset.id))
            } else {
                name.to_string()
            },
            variant: preset.id.to_string(),
            clock: (new.clock.limit, new.clock.increment),
            rated: new.rated,
            starts: now + new.starts_in as u64 * 1000,
            minutes: new.minutes,
            code: code.map(seat_proof),
            creator: Some(creator.name.clone()),
            schedule: None,
            created: now,
            players: 0,
            bots: new.bots,
        };
        let made = self.rooms.store().arena_create(&arena).await;
        self.rooms.stored("make an arena", made)?;
        // Its creator plays in it, as on lichess (they may withdraw). Made but not joined (the
        // store failed, and said so in the log): the arena stands and its page offers Join.
        if arena.bots || !creator.bot {
            let _ = self.enter(&arena, creator, now).await;
        }
        Ok(arena.id)
    }

    /// What the list shows of `arena` at `now`.
    fn summary(arena: &Arena, now: u64) -> ArenaSummary {
        ArenaSummary {
            id: id_text(arena.id),
            name: arena.name.clone(),
            preset: arena.variant.clone(),
            clock: topochess_protocol::arena::ArenaClock {
                limit: arena.clock.0,
                increment: arena.clock.1,
            },
            rated: arena.rated,
            starts: arena.starts,
            minutes: arena.minutes,
            status: arena.status(now),
            players: arena.players,
            private: arena.code.is_some(),
            schedule: arena.schedule.clone(),
            creator: arena.creator.clone(),
            bots: arena.bots,
        }
    }

    /// The public arenas being played, starting within a week, and finished in the last hours.
    pub async fn list(&self, now: u64) -> Result<ArenaList, Failure> {
        self.keep_schedule(now).await;
        let from = now.saturating_sub(FINISHED_LISTED_MS);
        let arenas = self
            .rooms
            .store()
            .arenas(from, now + CREATED_LISTED_MS)
            .await;
        let arenas = self.rooms.stored("read the arenas", arenas)?;
        let mut list = ArenaList::default();
        for a in arenas.iter().filter(|a| a.code.is_none()) {
            let s = Arenas::summary(a, now);
            match s.status {
                ArenaStatus::Created => list.created.push(s),
                ArenaStatus::Started => list.started.push(s),
                ArenaStatus::Finished => list.finished.push(s),
            }
        }
        list.finished.reverse();
        Ok(list)
    }

    /// Arena `id` in full at `now`.
    pub async fn view(&self, id: u64, now: u64) -> Result<ArenaView, Failure> {
        let arena = self.arena(id).await?;
        let entrants = self.rooms.store().arena_entrants(id).await;
        let entrants = self.rooms.stored("read an arena's players", entrants)?;
        let pairings = self.rooms.store().arena_pairings(id).await;
        let pairings = self.rooms.stored("read an arena's games", pairings)?;
        Ok(Arenas::view_of(&arena, &entrants, &pairings, now))
    }

    fn view_of(arena: &Arena, entrants: &[Entrant], pairings: &[Pairing], now: u64) -> ArenaView {
        let table = standings::standings(arena, entrants, pairings);
        ArenaView {
            summary: Arenas::summary(arena, now),
            ends: arena.ends(),
            now,
            games: standings::playing(entrants, pairings, &table),
            standings: table,
        }
    }

    /// `account` joins arena `id` (with its `code`, if private), or comes back from a pause.
    pub async fn join(
        &self,
        id: u64,
        account: &Account,
        code: Option<&str>,
        now: u64,
    ) -> Result<(), Failure> {
        let arena = self.arena(id).await?;
        if account.bot && !arena.bots {
            return Err(Failure::Refused(
                "This tournament does not take bots: a bot plays by challenge, and in the tournaments that take bots."
                    .into(),
            ));
        }
        if arena.status(now) == ArenaStatus::Finished {
            return Err(Failure::Refused("the tournament is over".into()));
        }
        if let Some(kept) = &arena.code {
            self.may_try_code(id, account, now).await?;
            let given = seat_proof(code.unwrap_or_default().trim());
            if !crate::record::same_proof(kept, &given) {
                self.wrong_code(id, account, now).await;
                return Err(Failure::Refused("that is not the tournament's code".into()));
            }
        }
        self.enter(&arena, account, now).await
    }

    /// `account` entered in `arena` (or back from a pause), and every page at it told.
    async fn enter(&self, arena: &Arena, account: &Account, now: u64) -> Result<(), Failure> {
        let id = arena.id;
        let player = self.rooms.player(account, &arena.variant).await?;
        let entrant = Entrant {
            account: account.id,
            name: account.name.clone(),
            rating: player.tag.rating.unwrap_or(1500),
            provisional: player.tag.provisional,
            joined: now,
            paused: false,
            // Present once a page of theirs is open at the arena (the next round marks it).
            seen: 0,
        };
        let joined = self.rooms.store().arena_join(id, &entrant).await;
        self.rooms.stored("join an arena", joined)?;
        self.tell_now(id, now).await;
        Ok(())
    }

    /// `account` withdraws from arena `id`: taken out before the start, paused once it has
    /// begun (their games stay on the standings).
    pub async fn withdraw(&self, id: u64, account: &Account, now: u64) -> Result<(), Failure> {
        let arena = self.arena(id).await?;
        let leave = arena.status(now) == ArenaStatus::Created;
        let paused = self.rooms.store().arena_pause(id, account.id, leave).await;
        self.rooms.stored("withdraw from an arena", paused)?;
        self.tell_now(id, now).await;
        Ok(())
    }

    /// Tells the pages here watching arena `id` its standings as they are at `now`, if they
    /// changed: a join or a withdrawal is seen at once, however far off the start. A store that
    /// fails is logged; the next round tells them.
    async fn tell_now(&self, id: u64, now: u64) {
        if !self.here().contains_key(&id) {
            return;
        }
        let read = async {
            let arena = self.arena(id).await?;
            let entrants = self.rooms.store().arena_entrants(id).await;
            let entrants = self.rooms.stored("read an arena's players", entrants)?;
            let pairings = self.rooms.store().arena_pairings(id).await;
            let pairings = self.rooms.stored("read an arena's games", pairings)?;
            Ok::<_, Failure>((arena, entrants, pairings))
        };
        match read.await {
            Ok((arena, entrants, pairings)) => self.tell(&arena, &entrants, &pairings, now),
            Err(f) => tracing::warn!(arena = id, error = ?f, "an arena's standings were not told"),
        }
    }

    /// A page opens arena `id` (signed in as `account`, if it is): it hears the standings now and
    /// whenever they change, and while it is open, the player counts as present.
    pub async fn watch(&self, id: u64, account: Option<u64>) -> Result<Watching, Failure> {
        let view = self.view(id, now_ms()).await?;
        let (tell, news) = unbounded_channel();
        let _ = tell.send(ArenaNews::View(Box::new(view)));
        let page = random_u64();
        self.here()
            .entry(id)
            .or_default()
            .insert(page, Watcher { account, tell });
        if let Some(account) = account {
            let seen = self
                .rooms
                .store()
                .arena_seen(id, &[account], now_ms())
                .await;
            let _ = self.rooms.stored("mark a player present", seen);
        }
        Ok(Watching { page, news })
    }

    /// The page `page` left arena `id`: its player is no longer present, unless another page of
    /// theirs is open here (another server says so within a second).
    pub async fn unwatch(&self, id: u64, page: u64) {
        let gone = {
            let mut here = self.here();
            let Some(pages) = here.get_mut(&id) else {
                return;
            };
            let gone = pages.remove(&page).and_then(|w| w.account);
            let still = gone.is_some_and(|a| pages.values().any(|w| w.account == Some(a)));
            if pages.is_empty() {
                here.remove(&id);
            }
            gone.filter(|_| !still)
        };
        if let Some(account) = gone {
            let seen = self.rooms.store().arena_seen(id, &[account], 0).await;
            let _ = self.rooms.stored("mark a player gone", seen);
        }
    }

    /// Pages watching arenas here.
    pub fn watching_here(&self) -> usize {
        self.here().values().map(HashMap::len).sum()
    }

    /// Runs the arenas every second until the server shuts down.
    pub async fn run(self: Arc<Self>, shutdown: tokio_util::sync::CancellationToken) {
        loop {
            tokio::select! {
                () = shutdown.cancelled() => return,
                () = crate::time::pause(EVERY) => {}
            }
            self.round(now_ms()).await;
        }
    }

    /// One round at `now`: the schedule kept, and each arena being played (or just finished,
    /// with games to mark ended, or watched here) taken in turn. A store that fails is logged,
    /// and the next round tries again.
    pub async fn round(&self, now: u64) {
        self.keep_schedule(now).await;
        let arenas = self
            .rooms
            .store()
            .arenas(now.saturating_sub(3_600_000), now + 600_000)
            .await;
        let Ok(arenas) = self.rooms.stored("read the arenas", arenas) else {
            return;
        };
        // Arenas watched here that start later than the rounds look: their standings still
        // follow joins made through other servers.
        let later: Vec<u64> = self
            .here()
            .keys()
            .copied()
            .filter(|id| !arenas.iter().any(|a| a.id == *id))
            .collect();
        for arena in arenas {
            if let Err(f) = self.turn(&arena, now).await {
                tracing::warn!(arena = arena.id, error = ?f, "an arena's round failed");
            }
        }
        for id in later {
            self.tell_now(id, now).await;
        }
        self.rooms.metrics.arena_round();
    }

    /// Arena `arena`'s turn at `now`.
    async fn turn(&self, arena: &Arena, now: u64) -> Result<(), Failure> {
        let (pages_here, mut watched): (bool, Vec<u64>) = self
            .here()
            .get(&arena.id)
            .map(|pages| (true, pages.values().filter_map(|w| w.account).collect()))
            .unwrap_or_default();
        // A program listening for its games is at every arena its account joined.
        watched.extend(self.programs_here());
        if !watched.is_empty() {
            let seen = self.rooms.store().arena_seen(arena.id, &watched, now).await;
            self.rooms.stored("mark players present", seen)?;
        }
        let store = self.rooms.store();
        let pairings = store.arena_pairings(arena.id).await;
        let mut pairings = self.rooms.stored("read an arena's games", pairings)?;
        let open = pairings.iter().any(|p| p.ended.is_none());
        if open {
            self.settle(arena.id, &mut pairings, now).await?;
        }
        let started = arena.status(now) == ArenaStatus::Started;
        if !open && !started && !pages_here {
            return Ok(());
        }
        let entrants = store.arena_entrants(arena.id).await;
        let entrants = self.rooms.stored("read an arena's players", entrants)?;
        if started {
            self.pair(arena, &entrants, &mut pairings, now).await?;
        }
        self.tell_players(arena, &pairings);
        self.tell(arena, &entrants, &pairings, now);
        Ok(())
    }

    /// Marks the arena's games that ended as ended; the side that did not make its first move in
    /// time loses and is paused.
    async fn settle(&self, arena: u64, pairings: &mut [Pairing], now: u64) -> Result<(), Failure> {
        let ids: Vec<u64> = pairings
            .iter()
            .filter(|p| p.ended.is_none())
            .map(|p| p.game)
            .collect();
        let records = self.rooms.store().load_many(&ids).await;
        let records = self.rooms.stored("read an arena's games", records)?;
        let by_id: HashMap<u64, &crate::record::Record> =
            records.iter().map(|r| (r.id, r)).collect();
        for p in pairings.iter_mut().filter(|p| p.ended.is_none()) {
            let Some(record) = by_id.get(&p.game) else {
                // Made by a server that could not keep its game: it counts for nobody.
                if now > p.started + FIRST_MOVE_MS {
                    self.end(p, now, ArenaEnd::Aborted, 0, [false, false])
                        .await?;
                }
                continue;
            };
            let berserk = record
                .players
                .each_ref()
                .map(|p| p.as_ref().is_some_and(|p| p.berserk));
            let plies = record.moves.len() as u32;
            let end = if record.aborted {
                Some(ArenaEnd::Aborted)
            } else {
                record
                    .outcome
                    .map(|o| o.winner().map_or(ArenaEnd::Draw, ArenaEnd::Won))
            };
            match end {
                Some(end) => self.end(p, now, end, plies, berserk).await?,
                None if record.first_move_deadline().is_some_and(|d| now > d) => {
                    if let Some(winner) = self.no_start(arena, p, now).await? {
                        self.end(p, now, ArenaEnd::Won(winner), plies, berserk)
                            .await?;
                    }
                }
                None => {}
            }
        }
        Ok(())
    }

    /// Marks `p` ended.
    async fn end(
        &self,
        p: &mut Pairing,
        now: u64,
        end: ArenaEnd,
        plies: u32,
        berserk: [bool; 2],
    ) -> Result<(), Failure> {
        let ended = self
            .rooms
            .store()
            .arena_end(p.game, now, end, plies, berserk)
            .await;
        self.rooms.stored("end an arena game", ended)?;
        p.ended = Some((now, end));
        p.plies = plies;
        p.berserk = berserk;
        Ok(())
    }

    /// The side to move in `p` did not make its first move by `now`: it loses the game ("did
    /// not move"), and is paused in arena `arena`. The winner, when the ending was kept
    /// (refused: the game moved on or ended meanwhile, and the next round sees it).
    async fn no_start(&self, arena: u64, p: &Pairing, now: u64) -> Result<Option<Color>, Failure> {
        let Some(room) = self.rooms.room(p.game).await? else {
            return Ok(None);
        };
        let ended = self.rooms.no_start(&room, now).await;
        self.rooms.release(p.game);
        let side = match ended {
            Ok(loser) => loser,
            Err(Failure::Store(e)) => return Err(Failure::Store(e)),
            Err(_) => return Ok(None),
        };
        let account = if side == Color::White {
            p.white
        } else {
            p.black
        };
        let paused = self.rooms.store().arena_pause(arena, account, false).await;
        self.rooms.stored("pause a player", paused)?;
        Ok(Some(!side))
    }
}

/// A character that changes how a name reads without being seen: the bidirectional controls
/// (which can reverse the text around them), the zero-width characters and the other invisible
/// formatting marks (Unicode's format category, as names meet it).
fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{061C}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{206F}'
            | '\u{FEFF}'
            | '\u{FFF9}'..='\u{FFFB}'
            | '\u{E0000}'..='\u{E007F}'
    )
}
