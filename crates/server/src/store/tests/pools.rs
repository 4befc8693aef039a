//! The pools' part of the store suite, against both stores: a player in one pool at a time, a
//! seat left or replaced, a pair made once when two servers pair at once, seats of a server
//! that died taken out.

use super::Place;
use crate::record::Player;
use crate::store::PoolSeat;
use std::sync::Arc;
use topochess_core::Color;

fn seat(player: &str, ticket: u64, pool: &str, since: u64) -> PoolSeat {
    PoolSeat {
        player: player.into(),
        ticket,
        pool: pool.into(),
        proof: format!("proof-{ticket}"),
        who: player
            .starts_with("a:")
            .then(|| Player::of_account(7, "alice", 1620)),
        rating: 1620,
        since,
        server: 1,
        seen: since,
        paired: None,
    }
}

async fn a_player_waits_in_one_pool_at_a_time(place: Place) {
    let store = place.open().await;
    store
        .pool_join(&seat("a:7", 1, "folded-3+2", 100))
        .await
        .unwrap();
    store
        .pool_join(&seat("g:x", 2, "folded-3+2", 200))
        .await
        .unwrap();
    assert_eq!(
        store.pool_seats().await.unwrap(),
        [
            seat("a:7", 1, "folded-3+2", 100),
            seat("g:x", 2, "folded-3+2", 200)
        ],
        "read back whole, the longest waiting first"
    );
    // The same player joins another pool from another page: the first seat is replaced.
    store
        .pool_join(&seat("a:7", 3, "torus-1+0", 300))
        .await
        .unwrap();
    let seats = store.pool_seats().await.unwrap();
    assert_eq!(seats.len(), 2);
    assert_eq!(seats[1], seat("a:7", 3, "torus-1+0", 300));
    // The first page's leaving does not take the new seat out; the second's does.
    store.pool_leave("a:7", 1).await.unwrap();
    assert_eq!(store.pool_seats().await.unwrap().len(), 2);
    store.pool_leave("a:7", 3).await.unwrap();
    assert_eq!(
        store.pool_seats().await.unwrap(),
        [seat("g:x", 2, "folded-3+2", 200)]
    );
}
both!(a_player_waits_in_one_pool_at_a_time);

async fn a_pair_is_made_once_when_two_servers_pair_at_once(place: Place) {
    let store = place.open().await;
    let other = place.open().await;
    for (player, ticket) in [("g:a", 1), ("g:b", 2), ("g:c", 3)] {
        store
            .pool_join(&seat(player, ticket, "folded-1+0", ticket))
            .await
            .unwrap();
    }
    // Two servers pair b at once, one with a, one with c: one pair is made.
    let (g100, g200) = (super::record(100), super::record(200));
    let (one, two) = tokio::join!(
        store.pool_pair(("g:a", 1), ("g:b", 2), &g100),
        other.pool_pair(("g:c", 3), ("g:b", 2), &g200)
    );
    let (one, two) = (one.unwrap(), two.unwrap());
    assert!(one != two, "exactly one pair: {one} {two}");
    // The pair made kept its game; the pair not made left none.
    let kept: Vec<u64> = store
        .load_many(&[100, 200])
        .await
        .unwrap()
        .iter()
        .map(|g| g.id)
        .collect();
    assert_eq!(kept, [if one { 100 } else { 200 }]);
    let seats = store.pool_seats().await.unwrap();
    let paired = |p: &str| seats.iter().find(|s| s.player == p).unwrap().paired;
    if one {
        assert_eq!(paired("g:a"), Some((100, Color::White)));
        assert_eq!(paired("g:b"), Some((100, Color::Black)));
        assert_eq!(paired("g:c"), None, "the pair not made left c waiting");
    } else {
        assert_eq!(paired("g:c"), Some((200, Color::White)));
        assert_eq!(paired("g:b"), Some((200, Color::Black)));
        assert_eq!(paired("g:a"), None, "the pair not made left a waiting");
    }
    // A seat replaced meanwhile (a new ticket) is not paired under its old one.
    store
        .pool_join(&seat("g:d", 4, "folded-1+0", 4))
        .await
        .unwrap();
    store
        .pool_join(&seat("g:d", 5, "folded-1+0", 5))
        .await
        .unwrap();
    let waiting = if one { "g:c" } else { "g:a" };
    let ticket = if one { 3 } else { 1 };
    assert!(!store
        .pool_pair((waiting, ticket), ("g:d", 4), &super::record(300))
        .await
        .unwrap());
    assert!(store
        .pool_pair((waiting, ticket), ("g:d", 5), &super::record(301))
        .await
        .unwrap());
}
both!(a_pair_is_made_once_when_two_servers_pair_at_once);

async fn many_servers_pairing_one_pool_make_each_seat_one_pair(place: Place) {
    let stores = [place.open().await, place.open().await, place.open().await];
    for t in 0..8u64 {
        stores[0]
            .pool_join(&seat(&format!("g:{t}"), t, "cylinder-5+3", t))
            .await
            .unwrap();
    }
    // Each server pairs every seat with every other, all at once.
    let mut tries = Vec::new();
    let mut games = Vec::new();
    for (n, store) in stores.iter().enumerate() {
        for a in 0..8u64 {
            for b in (a + 1)..8 {
                let store = Arc::clone(store);
                let game = 1000 * n as u64 + 10 * a + b;
                games.push(game);
                tries.push(tokio::spawn(async move {
                    let (pa, pb) = (format!("g:{a}"), format!("g:{b}"));
                    store
                        .pool_pair((&pa, a), (&pb, b), &super::record(game))
                        .await
                        .unwrap()
                }));
            }
        }
    }
    let mut made = 0;
    for t in tries {
        made += t.await.unwrap() as usize;
    }
    let seats = stores[0].pool_seats().await.unwrap();
    assert!(
        seats.iter().all(|s| s.paired.is_some()),
        "every seat paired"
    );
    assert_eq!(made, 4, "eight seats, four pairs");
    let kept = stores[0].load_many(&games).await.unwrap();
    assert_eq!(kept.len(), 4, "a game for each pair made, and no other");
    for s in &seats {
        let (game, side) = s.paired.unwrap();
        let partner: Vec<_> = seats
            .iter()
            .filter(|o| o.paired.map(|p| p.0) == Some(game))
            .collect();
        assert_eq!(partner.len(), 2, "game {game} has two players");
        assert!(partner.iter().any(|o| o.paired.unwrap().1 != side));
    }
}
both!(many_servers_pairing_one_pool_make_each_seat_one_pair);

async fn the_seats_of_a_server_that_died_are_taken_out(place: Place) {
    let store = place.open().await;
    let mut theirs = seat("g:gone", 1, "torus-3+2", 1_000);
    theirs.server = 2;
    store.pool_join(&theirs).await.unwrap();
    store
        .pool_join(&seat("g:here", 2, "torus-3+2", 1_000))
        .await
        .unwrap();
    // Server 1 is alive at 20 s; server 2 said nothing since 1 s.
    store.pool_seen(1, 20_000, 5_000).await.unwrap();
    let seats = store.pool_seats().await.unwrap();
    assert_eq!(seats.len(), 1);
    assert_eq!(
        (seats[0].player.as_str(), seats[0].seen),
        ("g:here", 20_000)
    );
}
both!(the_seats_of_a_server_that_died_are_taken_out);
