//! An arena's pairing and its news: the players waiting paired by their places in the
//! standings, each game made and kept before its pair, and the pages here sent the standings
//! when they changed.

use super::{standings, Arenas, PRESENT_MS};
use crate::record::{seat_proof, Player};
use crate::referee::LiveGame;
use crate::rooms::{random_u64, Failure};
use crate::store::arenas::{Arena, Entrant, Pairing};
use std::collections::{HashMap, HashSet};
use topochess_arena::pairing::{pair, Waiting};
use topochess_core::Color;
use topochess_protocol::arena::{ArenaNews, ArenaView};
use topochess_protocol::player::{PairedGame, PairedIn, PlayerNews};
use topochess_protocol::{id_text, PlayerTag};

/// How many more games `account` played as White than as Black in `pairings`.
fn white_lead(pairings: &[Pairing], account: u64) -> i64 {
    pairings
        .iter()
        .map(|p| (p.white == account) as i64 - (p.black == account) as i64)
        .sum()
}

/// The player an entrant sits down as.
fn player(e: &Entrant) -> Player {
    Player {
        account: Some(e.account),
        tag: PlayerTag {
            name: e.name.clone(),
            rating: Some(e.rating),
            provisional: e.provisional,
            diff: None,
            // A bot does not join an arena.
            title: None,
        },
        arena: None,
        berserk: false,
        first_moved: None,
    }
}

impl Arenas {
    /// Pairs the players of `arena` who wait at `now`: joined, not paused, present, and not in a
    /// game; each new pairing is added to `pairings`.
    pub(super) async fn pair(
        &self,
        arena: &Arena,
        entrants: &[Entrant],
        pairings: &mut Vec<Pairing>,
        now: u64,
    ) -> Result<(), Failure> {
        let busy: HashSet<u64> = pairings
            .iter()
            .filter(|p| p.ended.is_none())
            .flat_map(|p| [p.white, p.black])
            .collect();
        let table = standings::standings(arena, entrants, pairings);
        let rank: HashMap<&str, usize> = table
            .iter()
            .map(|s| (s.name.as_str(), s.rank as usize))
            .collect();
        let mut last: HashMap<u64, u64> = HashMap::new();
        for p in pairings.iter() {
            last.insert(p.white, p.black);
            last.insert(p.black, p.white);
        }
        let fresh = now.saturating_sub(PRESENT_MS);
        let waiting: Vec<Waiting> = entrants
            .iter()
            .filter(|e| !e.paused && e.seen >= fresh && !busy.contains(&e.account))
            .map(|e| Waiting {
                player: e.account,
                rank: rank.get(e.name.as_str()).copied().unwrap_or(usize::MAX),
                last_opponent: last.get(&e.account).copied(),
            })
            .collect();
        // Who could play now: an absent entrant (a creator who never came, a page closed) does
        // not keep the two who are there from playing again.
        let players = entrants
            .iter()
            .filter(|e| !e.paused && e.seen >= fresh)
            .count();
        let by_account: HashMap<u64, &Entrant> = entrants.iter().map(|e| (e.account, e)).collect();
        for (a, b) in pair(&waiting, players) {
            let (lead_a, lead_b) = (white_lead(pairings, a), white_lead(pairings, b));
            let a_white = match lead_a.cmp(&lead_b) {
                std::cmp::Ordering::Less => true,
                std::cmp::Ordering::Greater => false,
                std::cmp::Ordering::Equal => random_u64().is_multiple_of(2),
            };
            let (white, black) = if a_white { (a, b) } else { (b, a) };
            let id = random_u64();
            let seats = [(); 2].map(|()| seat_proof(&format!("{:032x}", random_u64())));
            let game = LiveGame::for_arena(
                id,
                arena,
                [player(by_account[&white]), player(by_account[&black])],
                seats,
                now,
            )
            .map_err(Failure::Refused)?;
            // The pair and its game kept in one transaction: a page that sees the pair always
            // finds the game, and a pair another server made first leaves no game behind.
            let made = self
                .rooms
                .store()
                .arena_pair(arena.id, white, black, game.record(), now)
                .await;
            if self.rooms.stored("pair two players", made)? {
                self.rooms.open_paired(game);
                pairings.push(Pairing {
                    game: id,
                    white,
                    black,
                    started: now,
                    ended: None,
                    plies: 0,
                    berserk: [false, false],
                });
            }
        }
        Ok(())
    }

    /// Tells the players of `arena`'s games being played, on their own channels here, their
    /// game: every round, so that a channel opened late or on another server hears it too (a
    /// channel tells each game once).
    pub(super) fn tell_players(&self, arena: &Arena, pairings: &[Pairing]) {
        for p in pairings.iter().filter(|p| p.ended.is_none()) {
            for (account, side) in [(p.white, Color::White), (p.black, Color::Black)] {
                let key = crate::hub::player::account_key(account);
                if !self.rooms.hub.listened(&key) {
                    continue;
                }
                let game = PairedGame {
                    id: id_text(p.game),
                    side,
                    preset: arena.variant.clone(),
                    clock: arena.clock,
                    rated: arena.rated,
                    from: PairedIn::Arena {
                        arena: id_text(arena.id),
                    },
                };
                self.rooms.hub.tell(&key, PlayerNews::Paired(game));
            }
        }
    }

    /// Sends the pages here watching `arena` its standings, when they changed since last sent.
    pub(super) fn tell(&self, arena: &Arena, entrants: &[Entrant], pairings: &[Pairing], now: u64) {
        if !self.here().contains_key(&arena.id) {
            self.sent
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .remove(&arena.id);
            return;
        }
        let view = Arenas::view_of(arena, entrants, pairings, now);
        let unchanged = serde_json::to_string(&ArenaView {
            now: 0,
            ..view.clone()
        })
        .expect("a view is JSON");
        {
            let mut sent = self.sent.lock().unwrap_or_else(|p| p.into_inner());
            if sent.get(&arena.id) == Some(&unchanged) {
                return;
            }
            sent.insert(arena.id, unchanged);
        }
        let mut here = self.here();
        if let Some(pages) = here.get_mut(&arena.id) {
            pages.retain(|_, w| w.tell.send(ArenaNews::View(Box::new(view.clone()))).is_ok());
        }
    }
}
