//! The arenas' part of the store suite, against both stores: an arena made once, listed by its
//! times; players joining, pausing, coming back and leaving; a pair made once when servers pair
//! at once, and none while a player's game is not over; a game's end kept once; the rating an
//! entrant's rated games made since it joined.

use super::Place;
use crate::store::arenas::{Arena, ArenaEnd, Entrant};
use std::sync::Arc;
use topochess_core::Color;

fn arena(id: u64, starts: u64, minutes: u32) -> Arena {
    Arena {
        id,
        name: format!("Arena {id}"),
        variant: "folded".into(),
        clock: (180, 2),
        rated: true,
        starts,
        minutes,
        code: id.is_multiple_of(2).then(|| "hashed-code".into()),
        creator: id.is_multiple_of(3).then(|| "alice".into()),
        schedule: (!id.is_multiple_of(3)).then(|| "hourly".into()),
        created: 5,
        players: 0,
        bots: id.is_multiple_of(3),
    }
}

fn entrant(account: u64, joined: u64) -> Entrant {
    Entrant {
        account,
        name: format!("player{account}"),
        rating: 1500 + account as i32,
        provisional: account % 2 == 1,
        joined,
        paused: false,
        seen: joined,
    }
}

async fn an_arena_is_made_once_and_listed_by_its_times(place: Place) {
    let store = place.open().await;
    let hour = 3_600_000;
    assert!(store.arena_create(&arena(1, 10 * hour, 60)).await.unwrap());
    assert!(
        !store.arena_create(&arena(1, 99, 60)).await.unwrap(),
        "a number taken: another server made it first"
    );
    assert!(store.arena_create(&arena(6, 12 * hour, 30)).await.unwrap());
    assert!(store.arena_create(&arena(3, 8 * hour, 20)).await.unwrap());
    assert_eq!(store.arena(1).await.unwrap(), Some(arena(1, 10 * hour, 60)));
    assert_eq!(store.arena(2).await.unwrap(), None);
    assert!(
        store.arena(3).await.unwrap().unwrap().bots,
        "an arena that takes bots"
    );
    let ids = |list: Vec<Arena>| list.iter().map(|a| a.id).collect::<Vec<_>>();
    assert_eq!(ids(store.arenas(0, 24 * hour).await.unwrap()), [3, 1, 6]);
    // Arena 3 ends at 8h20: from 9h, only those that end later; before 12h, only those that
    // start earlier.
    assert_eq!(ids(store.arenas(9 * hour, 12 * hour).await.unwrap()), [1]);
    assert_eq!(
        ids(store
            .arenas(8 * hour + 20 * 60_000, 12 * hour + 1)
            .await
            .unwrap()),
        [3, 1, 6],
        "an arena is listed up to its end, inclusive"
    );
}
both!(an_arena_is_made_once_and_listed_by_its_times);

async fn players_join_pause_come_back_and_leave(place: Place) {
    let store = place.open().await;
    store.arena_create(&arena(1, 0, 60)).await.unwrap();
    store.arena_join(1, &entrant(8, 100)).await.unwrap();
    store.arena_join(1, &entrant(7, 200)).await.unwrap();
    assert_eq!(
        store.arena_entrants(1).await.unwrap(),
        [entrant(8, 100), entrant(7, 200)],
        "read back whole, first joined first"
    );
    assert_eq!(store.arena(1).await.unwrap().unwrap().players, 2);
    store.arena_pause(1, 8, false).await.unwrap();
    store.arena_seen(1, &[8, 7], 900).await.unwrap();
    let read = store.arena_entrants(1).await.unwrap();
    assert!(read[0].paused && !read[1].paused);
    assert_eq!([read[0].seen, read[1].seen], [900, 900]);
    // Coming back: no longer paused, the first join and rating kept.
    let mut again = entrant(8, 5_000);
    again.rating = 2000;
    again.seen = 5_000;
    store.arena_join(1, &again).await.unwrap();
    let read = store.arena_entrants(1).await.unwrap();
    assert_eq!(
        read[0],
        Entrant {
            seen: 5_000,
            ..entrant(8, 100)
        }
    );
    store.arena_pause(1, 7, true).await.unwrap();
    assert_eq!(store.arena_entrants(1).await.unwrap().len(), 1, "left");
    assert_eq!(store.arena_entrants(2).await.unwrap(), []);
}
both!(players_join_pause_come_back_and_leave);

async fn an_entrant_shows_the_rating_its_games_made_since_it_joined(place: Place) {
    let store = place.open().await;
    let day = 86_400_000;
    let a = store.sign_up("anna", "h", 0).await.unwrap().unwrap();
    let b = store.sign_up("boris", "h", 0).await.unwrap().unwrap();
    let c = store.sign_up("carla", "h", 0).await.unwrap().unwrap();
    store.arena_create(&arena(1, day, 60)).await.unwrap();
    let mut other = arena(3, day, 60);
    other.variant = "cylinder".into();
    store.arena_create(&other).await.unwrap();
    for (arena, who, joined) in [(1, &a, day), (1, &b, day), (3, &a, day)] {
        let mut e = entrant(who.id, joined);
        (e.rating, e.provisional) = (1500, true);
        store.arena_join(arena, &e).await.unwrap();
    }
    let won = Some(topochess_core::game::Outcome::Resignation {
        winner: Color::White,
    });
    store
        .create(&super::accounts::rated(1, a.id, b.id, 2, won), false)
        .await
        .unwrap();
    let settled = store.rate(1, day + 60_000).await.unwrap().unwrap();
    let diffs = settled.players.map(|p| p.unwrap().tag.diff.unwrap());
    // Joined after that game: the rating it joined with (here made up) is what it shows.
    store.arena_create(&arena(5, day, 60)).await.unwrap();
    let mut late = entrant(b.id, day + 120_000);
    (late.rating, late.provisional) = (1234, false);
    store.arena_join(5, &late).await.unwrap();
    store.arena_join(1, &entrant(c.id, day + 1)).await.unwrap();
    let mut again = entrant(a.id, 2 * day);
    again.rating = 1;
    store.arena_join(1, &again).await.unwrap();
    let shown = |list: Vec<Entrant>| {
        list.iter()
            .map(|e| (e.name.clone(), e.rating, e.provisional))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        shown(store.arena_entrants(1).await.unwrap()),
        [
            (entrant(a.id, 0).name, 1500 + diffs[0], true),
            (entrant(b.id, 0).name, 1500 + diffs[1], true),
            {
                let e = entrant(c.id, 0);
                (e.name, e.rating, e.provisional)
            },
        ],
        "the folded arena shows the folded game's ratings, coming back keeps the join's time"
    );
    assert_eq!(
        shown(store.arena_entrants(5).await.unwrap()),
        [(entrant(b.id, 0).name, 1234, false)],
        "joined after the game: the rating it joined with"
    );
    assert_eq!(
        shown(store.arena_entrants(3).await.unwrap()),
        [(entrant(a.id, 0).name, 1500, true)],
        "a rating at another preset changes nothing"
    );
}
both!(an_entrant_shows_the_rating_its_games_made_since_it_joined);

async fn a_pair_is_made_once_and_none_while_a_game_is_not_over(place: Place) {
    let store = place.open().await;
    store.arena_create(&arena(1, 0, 60)).await.unwrap();
    for a in [1, 2, 3, 4] {
        store.arena_join(1, &entrant(a, a)).await.unwrap();
    }
    // Two servers pair player 1 at once, with 2 and with 3: one pair is made.
    let (g100, g101) = (super::record(100), super::record(101));
    let (one, two) = tokio::join!(
        store.arena_pair(1, 1, 2, &g100, 10),
        store.arena_pair(1, 3, 1, &g101, 10)
    );
    assert_ne!(one.unwrap(), two.unwrap(), "exactly one");
    let made = store.arena_pairings(1).await.unwrap();
    assert_eq!(made.len(), 1);
    let first = made[0].game;
    assert_eq!(made[0].ended, None);
    // Player 1 is in a game: no other pair with them; 3 and 4 (or 2 and 4) are free.
    assert!(!store
        .arena_pair(1, 1, 4, &super::record(102), 11)
        .await
        .unwrap());
    let free = if first == 100 { 3 } else { 2 };
    assert!(store
        .arena_pair(1, 4, free, &super::record(103), 12)
        .await
        .unwrap());
    // The game ends, once; its players may be paired again.
    assert!(store
        .arena_end(first, 50, ArenaEnd::Won(Color::Black), 31, [false, true])
        .await
        .unwrap());
    assert!(!store
        .arena_end(first, 60, ArenaEnd::Draw, 40, [false, false])
        .await
        .unwrap());
    assert!(store
        .arena_pair(1, 1, first % 100 + 2, &super::record(104), 70)
        .await
        .unwrap());
    let games = store.arena_pairings(1).await.unwrap();
    assert_eq!(
        games.iter().map(|p| p.game).collect::<Vec<_>>(),
        [first, 103, 104],
        "oldest first"
    );
    assert_eq!(games[0].ended, Some((50, ArenaEnd::Won(Color::Black))));
    assert_eq!((games[0].plies, games[0].berserk), (31, [false, true]));
    assert_eq!((games[1].white, games[1].black), (4, free));
    // An abort and a draw read back as they were kept.
    store
        .arena_end(103, 80, ArenaEnd::Aborted, 1, [true, false])
        .await
        .unwrap();
    store
        .arena_end(104, 90, ArenaEnd::Draw, 12, [false, false])
        .await
        .unwrap();
    let games = store.arena_pairings(1).await.unwrap();
    assert_eq!(games[1].ended, Some((80, ArenaEnd::Aborted)));
    assert_eq!(games[1].berserk, [true, false]);
    assert_eq!(games[2].ended, Some((90, ArenaEnd::Draw)));
    assert_eq!(store.arena_pairings(2).await.unwrap(), []);
}
both!(a_pair_is_made_once_and_none_while_a_game_is_not_over);

async fn many_servers_pairing_one_arena_put_each_player_in_one_game(place: Place) {
    let store = place.open().await;
    // Ten arenas in turn (a race lost once in a while shows in one of them).
    for arena_id in 1..=10u64 {
        store.arena_create(&arena(arena_id, 0, 60)).await.unwrap();
        for a in 1..=6 {
            store.arena_join(arena_id, &entrant(a, a)).await.unwrap();
        }
        // Eight servers each pair the six players their own way, all at once.
        let mut tries = Vec::new();
        for server in 0..8u64 {
            let store: Arc<dyn crate::store::Store> = store.clone();
            tries.push(tokio::spawn(async move {
                let mut made = 0;
                for i in 0..3u64 {
                    let a = (server + 2 * i) % 6 + 1;
                    let b = (server + 2 * i + 3) % 6 + 1;
                    let game = arena_id * 1000 + server * 10 + i;
                    if a != b
                        && store
                            .arena_pair(arena_id, a, b, &super::record(game), 5)
                            .await
                            .unwrap()
                    {
                        made += 1;
                    }
                }
                made
            }));
        }
        let mut made = 0;
        for t in tries {
            made += t.await.unwrap();
        }
        let games = store.arena_pairings(arena_id).await.unwrap();
        assert_eq!(games.len(), made);
        let tried: Vec<u64> = (0..8u64)
            .flat_map(|server| (0..3u64).map(move |i| arena_id * 1000 + server * 10 + i))
            .collect();
        let kept = store.load_many(&tried).await.unwrap();
        assert_eq!(kept.len(), made, "a game for each pair made, and no other");
        let mut playing: Vec<u64> = games.iter().flat_map(|g| [g.white, g.black]).collect();
        playing.sort();
        let before = playing.len();
        playing.dedup();
        assert_eq!(playing.len(), before, "nobody in two games at once");
        assert!(made >= 1);
    }
}
both!(many_servers_pairing_one_arena_put_each_player_in_one_game);
