//! An arena's standings and games being played, from what the store keeps: each player's
//! sheet by `topochess-arena`'s rules (only the games that ended before the arena did count),
//! ordered by score, then performance. Pure.

use crate::store::arenas::{Arena, ArenaEnd, Entrant, Pairing};
use std::collections::HashMap;
use topochess_arena::sheet::{fire, sheet, total, Flag, Outcome, Played};
use topochess_core::Color;
use topochess_protocol::arena::{ArenaGame, ArenaSide, SheetGame, SheetResult, Standing};
use topochess_protocol::id_text;

/// Whether `p` counts: over, not aborted, and ended by the arena's end.
pub fn counts(arena: &Arena, p: &Pairing) -> bool {
    matches!(p.ended, Some((at, end)) if end != ArenaEnd::Aborted && at <= arena.ends())
}

/// A counted game as `side` played it.
fn played(p: &Pairing, side: Color) -> Played {
    let outcome = match p.ended.map(|(_, end)| end) {
        Some(ArenaEnd::Won(winner)) if winner == side => Outcome::Win,
        Some(ArenaEnd::Won(_)) => Outcome::Loss,
        _ => Outcome::Draw,
    };
    // White moves first in every arena preset.
    let own_moves = if side == Color::White {
        p.plies.div_ceil(2)
    } else {
        p.plies / 2
    };
    Played {
        outcome,
        plies: p.plies,
        berserk: p.berserk[side.index()],
        own_moves,
    }
}

/// The standings, first first.
pub fn standings(arena: &Arena, entrants: &[Entrant], pairings: &[Pairing]) -> Vec<Standing> {
    let rating: HashMap<u64, i32> = entrants.iter().map(|e| (e.account, e.rating)).collect();
    let mut ended: Vec<&Pairing> = pairings.iter().filter(|p| counts(arena, p)).collect();
    ended.sort_by_key(|p| (p.ended.map(|(at, _)| at), p.game));
    let mut rows: Vec<Standing> = entrants
        .iter()
        .map(|e| {
            let games: Vec<(&Pairing, Color)> = ended
                .iter()
                .filter_map(|p| {
                    let side = if p.white == e.account {
                        Color::White
                    } else if p.black == e.account {
                        Color::Black
                    } else {
                        return None;
                    };
                    Some((*p, side))
                })
                .collect();
            let plays: Vec<Played> = games.iter().map(|(p, side)| played(p, *side)).collect();
            let marks = sheet(&plays);
            let opponents: Vec<i32> = games
                .iter()
                .map(|(p, side)| {
                    let them = if *side == Color::White {
                        p.black
                    } else {
                        p.white
                    };
                    rating.get(&them).copied().unwrap_or(1500)
                })
                .collect();
            let balance: i32 = plays
                .iter()
                .map(|p| match p.outcome {
                    Outcome::Win => 1,
                    Outcome::Loss => -1,
                    Outcome::Draw => 0,
                })
                .sum();
            let n = opponents.len() as i32;
            let performance = (n > 0).then(|| (opponents.iter().sum::<i32>() + 500 * balance) / n);
            Standing {
                rank: 0,
                name: e.name.clone(),
                rating: e.rating,
                provisional: e.provisional,
                score: total(&marks),
                fire: fire(&marks),
                berserks: plays.iter().filter(|p| p.berserk).count() as u32,
                performance,
                paused: e.paused,
                sheet: games
                    .iter()
                    .zip(&marks)
                    .map(|((p, _), m)| SheetGame {
                        game: id_text(p.game),
                        result: match m.played.outcome {
                            Outcome::Win => SheetResult::Win,
                            Outcome::Draw => SheetResult::Draw,
                            Outcome::Loss => SheetResult::Loss,
                        },
                        points: m.points,
                        streak: match m.flag {
                            Flag::Normal => None,
                            Flag::StreakStarter => Some("start".into()),
                            Flag::Double => Some("double".into()),
                        },
                        berserk: m.played.berserk,
                    })
                    .collect(),
            }
        })
        .collect();
    rows.sort_by(|a, b| {
        (b.score, b.performance, b.rating)
            .cmp(&(a.score, a.performance, a.rating))
            .then_with(|| a.name.cmp(&b.name))
    });
    for (i, row) in rows.iter_mut().enumerate() {
        row.rank = i as u32 + 1;
    }
    rows
}

/// The games being played, with each player's name, rating and rank.
pub fn playing(entrants: &[Entrant], pairings: &[Pairing], table: &[Standing]) -> Vec<ArenaGame> {
    let by_account: HashMap<u64, &Entrant> = entrants.iter().map(|e| (e.account, e)).collect();
    let rank: HashMap<&str, u32> = table.iter().map(|s| (s.name.as_str(), s.rank)).collect();
    let side = |account: u64| {
        let e = by_account.get(&account);
        let name = e.map_or_else(|| "?".to_string(), |e| e.name.clone());
        ArenaSide {
            rating: e.map_or(1500, |e| e.rating),
            rank: rank.get(name.as_str()).copied().unwrap_or(0),
            name,
        }
    };
    pairings
        .iter()
        .filter(|p| p.ended.is_none())
        .map(|p| ArenaGame {
            id: id_text(p.game),
            white: side(p.white),
            black: side(p.black),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arena() -> Arena {
        Arena {
            id: 1,
            name: "A".into(),
            variant: "folded".into(),
            clock: (180, 2),
            rated: true,
            starts: 0,
            minutes: 10,
            code: None,
            creator: None,
            schedule: None,
            created: 0,
            players: 0,
            bots: false,
        }
    }

    fn entrant(account: u64, rating: i32) -> Entrant {
        Entrant {
            account,
            name: format!("p{account}"),
            rating,
            provisional: false,
            joined: 0,
            paused: false,
            seen: 0,
        }
    }

    fn game(game: u64, white: u64, black: u64, at: u64, end: ArenaEnd, plies: u32) -> Pairing {
        Pairing {
            game,
            white,
            black,
            started: at - 1,
            ended: Some((at, end)),
            plies,
            berserk: [false, false],
        }
    }

    #[test]
    fn a_hand_worked_arena() {
        use ArenaEnd::{Aborted, Draw, Won};
        use Color::{Black, White};
        let people = [entrant(1, 1600), entrant(2, 1500), entrant(3, 1400)];
        let mut berserked = game(5, 1, 3, 50, Won(White), 15);
        berserked.berserk = [true, false];
        let games = [
            game(1, 1, 2, 10, Won(White), 40),      // p1 win 2 (streak start)
            game(2, 3, 1, 20, Won(Black), 30),      // p1 win 2 (streak)
            game(3, 2, 3, 25, Draw, 12),            // a short draw: 0 each
            game(4, 2, 1, 30, Draw, 60),            // p1 on fire: the draw counts 2
            game(6, 2, 3, 40, Aborted, 1),          // counts for nobody
            berserked,                              // p1 win 2 + berserk 1 (8 moves)
            game(7, 3, 2, 700_000, Won(White), 40), // after the end: not counted
        ];
        let mut playing_now = game(8, 2, 3, 60, Draw, 0);
        playing_now.ended = None;
        let mut all = games.to_vec();
        all.push(playing_now);
        let table = standings(&arena(), &people, &all);
        let p1 = &table[0];
        assert_eq!((p1.name.as_str(), p1.rank), ("p1", 1));
        let points: Vec<u32> = p1.sheet.iter().map(|g| g.points).collect();
        assert_eq!(points, [2, 2, 2, 3]);
        assert_eq!(p1.score, 9);
        let streaks: Vec<Option<&str>> = p1.sheet.iter().map(|g| g.streak.as_deref()).collect();
        assert_eq!(
            streaks,
            [Some("start"), Some("start"), Some("double"), Some("start")],
            "the last win may start a streak"
        );
        assert_eq!(p1.berserks, 1);
        assert!(!p1.fire, "a draw then a win: not on fire");
        // p2: a loss, a short draw (0), a draw (1); p3: a loss, a short draw, a loss.
        assert_eq!((table[1].name.as_str(), table[1].score), ("p2", 1));
        assert_eq!((table[2].name.as_str(), table[2].score), ("p3", 0));
        assert_eq!(table[2].sheet.len(), 3);
        // p1's performance: opponents 1500, 1400, 1500, 1400; three wins, a draw.
        assert_eq!(p1.performance, Some((5800 + 1500) / 4));
        let now = playing(&people, &all, &table);
        assert_eq!(now.len(), 1);
        assert_eq!((now[0].white.name.as_str(), now[0].white.rank), ("p2", 2));
    }

    #[test]
    fn ties_go_to_the_better_performance_then_rating() {
        let people = [entrant(1, 1500), entrant(2, 1700), entrant(3, 1900)];
        let table = standings(&arena(), &people, &[]);
        let names: Vec<&str> = table.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["p3", "p2", "p1"], "no games: by rating");
        let people = [
            entrant(1, 1500),
            entrant(2, 1700),
            entrant(3, 1900),
            entrant(4, 1200),
        ];
        let games = [
            game(1, 1, 3, 10, ArenaEnd::Won(Color::White), 30),
            game(2, 4, 2, 11, ArenaEnd::Won(Color::White), 30),
        ];
        let table = standings(&arena(), &people, &games);
        let names: Vec<&str> = table.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(
            names[..2],
            ["p1", "p4"],
            "2 points each: p1 beat 1900, p4 beat 1700"
        );
    }
}
