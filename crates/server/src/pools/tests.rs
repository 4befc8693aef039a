//! The pools on a real store: two guests paired into one game on both pages at once, accounts
//! with accounts in a rated game and never with guests, the range widening with the wait, one
//! pool a player, a page that leaves.

use super::*;
use crate::store::SqliteStore;

const SECRET_A: &str = "aaaaaaaaaaaaaaaa";
const SECRET_B: &str = "bbbbbbbbbbbbbbbb";
const SECRET_C: &str = "cccccccccccccccc";

fn setup() -> Arc<Pools> {
    let store = Arc::new(SqliteStore::in_temp().unwrap());
    Pools::new(Rooms::new(store, Arc::default()))
}

async fn account(pools: &Pools, name: &str) -> Account {
    pools
        .rooms
        .store()
        .sign_up(name, "hash", 1)
        .await
        .unwrap()
        .unwrap()
}

/// The news a page has, if any.
fn news(joined: &mut Joined) -> Option<PoolNews> {
    joined.news.try_recv().ok()
}

fn pool(id: &str) -> Pool {
    Pool::of(id).unwrap()
}

#[tokio::test]
async fn two_guests_in_one_pool_are_paired_into_one_casual_game() {
    let pools = setup();
    let mut a = pools
        .join(&pool("folded-3+2"), SECRET_A, None)
        .await
        .unwrap();
    pools.round(now_ms()).await;
    assert_eq!(news(&mut a), None, "alone: waits");
    let mut b = pools
        .join(&pool("folded-3+2"), SECRET_B, None)
        .await
        .unwrap();
    assert!(!a.rated && !b.rated);
    pools.round(now_ms()).await;
    let (
        Some(PoolNews::Paired { id, side }),
        Some(PoolNews::Paired {
            id: id_b,
            side: side_b,
        }),
    ) = (news(&mut a), news(&mut b))
    else {
        panic!("both pages told their game");
    };
    assert_eq!(id, id_b, "one game");
    assert_ne!(side, side_b, "one side each");
    let game = topochess_protocol::parse_id(&id).unwrap();
    let record = pools.rooms.store().load(game).await.unwrap().unwrap();
    assert_eq!(
        (record.variant.as_str(), record.clock),
        ("folded", Some((180, 2)))
    );
    assert!(record.public && !record.rated, "listed, casual");
    let live = LiveGame::from_record(record).unwrap();
    assert_eq!(
        live.side_of(SECRET_A),
        Some(side),
        "the seat proven by a's secret"
    );
    assert_eq!(live.side_of(SECRET_B), Some(side_b));
    assert_eq!(pools.waiting_here(), 0);
    // Told: the pages leave, and nothing is left in the pool.
    pools.leave(&a.player, a.ticket).await;
    pools.leave(&b.player, b.ticket).await;
    assert!(pools.rooms.store().pool_seats().await.unwrap().is_empty());
}

#[tokio::test]
async fn accounts_are_paired_with_accounts_rated_and_guests_with_guests() {
    let pools = setup();
    let (alice, bob) = (account(&pools, "alice").await, account(&pools, "bob").await);
    let torus = pool("torus-1+0");
    let mut guest = pools.join(&torus, SECRET_A, None).await.unwrap();
    let mut a = pools.join(&torus, SECRET_B, Some(&alice)).await.unwrap();
    assert!(a.rated);
    pools.round(now_ms()).await;
    assert_eq!(
        (news(&mut guest), news(&mut a)),
        (None, None),
        "a guest and an account wait"
    );
    let mut b = pools.join(&torus, SECRET_C, Some(&bob)).await.unwrap();
    pools.round(now_ms()).await;
    let Some(PoolNews::Paired { id, .. }) = news(&mut a) else {
        panic!("alice paired with bob")
    };
    assert!(matches!(news(&mut b), Some(PoolNews::Paired { id: ref i, .. }) if *i == id));
    assert_eq!(news(&mut guest), None, "the guest still waits");
    let record = pools
        .rooms
        .store()
        .load(topochess_protocol::parse_id(&id).unwrap());
    let record = record.await.unwrap().unwrap();
    assert!(record.rated, "two accounts: rated");
    let names: Vec<_> = record
        .players
        .iter()
        .flatten()
        .map(|p| p.tag.name.clone())
        .collect();
    assert!(names.contains(&"alice".to_string()) && names.contains(&"bob".to_string()));
}

#[tokio::test]
async fn the_range_widens_with_the_wait() {
    let pools = setup();
    let now = now_ms();
    // Two seats 300 apart, as another server's pages would have them (the store is shared).
    for (player, ticket, rating) in [("g:low", 1u64, 1500), ("g:high", 2, 1800)] {
        let seat = PoolSeat {
            player: player.into(),
            ticket,
            pool: "cylinder-5+3".into(),
            proof: crate::record::seat_proof(&format!("{player}-secret-1234567")),
            who: None,
            rating,
            since: now,
            server: pools.rooms.server,
            seen: now,
            paired: None,
        };
        pools.rooms.store().pool_join(&seat).await.unwrap();
    }
    let paired = |pools: Arc<Pools>| async move {
        let seats = pools.rooms.store().pool_seats().await.unwrap();
        seats.iter().filter(|s| s.paired.is_some()).count()
    };
    pools.round(now).await;
    assert_eq!(paired(pools.clone()).await, 0, "300 apart: not at once");
    pools.round(now + 7_000).await;
    assert_eq!(paired(pools.clone()).await, 0, "range 275 after 7 s");
    pools.round(now + 8_000).await;
    assert_eq!(
        paired(pools.clone()).await,
        2,
        "range 300 after 8 s: paired"
    );
}

#[tokio::test]
async fn a_player_is_in_one_pool_and_a_page_that_leaves_leaves_it() {
    let pools = setup();
    let alice = account(&pools, "alice").await;
    let mut first = pools
        .join(&pool("folded-1+0"), SECRET_A, Some(&alice))
        .await
        .unwrap();
    // The same account joins another pool from another device.
    let mut second = pools
        .join(&pool("torus-3+2"), SECRET_B, Some(&alice))
        .await
        .unwrap();
    pools.round(now_ms()).await;
    assert!(
        matches!(news(&mut first), Some(PoolNews::Left { .. })),
        "the first page is told it left"
    );
    assert_eq!(news(&mut second), None);
    let seats = pools.rooms.store().pool_seats().await.unwrap();
    assert_eq!(seats.len(), 1);
    assert_eq!(seats[0].pool, "torus-3+2");
    // The first page's socket ends: its leaving takes nothing out.
    pools.leave(&first.player, first.ticket).await;
    assert_eq!(pools.rooms.store().pool_seats().await.unwrap().len(), 1);
    // Bob waits in the same pool; alice's page leaves before the round: no pair, bob waits.
    let bob = account(&pools, "bob").await;
    let mut b = pools
        .join(&pool("torus-3+2"), SECRET_C, Some(&bob))
        .await
        .unwrap();
    pools.leave(&second.player, second.ticket).await;
    pools.round(now_ms()).await;
    assert_eq!(news(&mut b), None, "nobody left to play");
    let seats = pools.rooms.store().pool_seats().await.unwrap();
    assert_eq!(seats.len(), 1);
    assert_eq!(seats[0].player, format!("a:{}", bob.id));
}

#[tokio::test]
async fn the_lobby_counts_who_waits_in_each_pool() {
    let pools = setup();
    let _a = pools
        .join(&pool("sphere-grayber-15+10"), SECRET_A, None)
        .await
        .unwrap();
    let lobby = pools.rooms.lobby().await.unwrap();
    assert_eq!(lobby.pools.len(), 25);
    let count = |id: &str| lobby.pools.iter().find(|p| p.id == id).unwrap().clone();
    assert_eq!(count("sphere-grayber-15+10").waiting, 1);
    assert_eq!(count("folded-1+0").waiting, 0);
}

#[tokio::test]
async fn a_bot_is_refused_the_pools() {
    let pools = setup();
    let robo = account(&pools, "robo").await;
    pools.rooms.store().make_bot(robo.id).await.unwrap();
    let robo = pools.rooms.store().account("robo").await.unwrap().unwrap();
    let refused = pools.join(&pool("folded-3+2"), SECRET_A, Some(&robo)).await;
    assert!(
        matches!(&refused, Err(Failure::Refused(why)) if why.contains("challenge")),
        "a bot in a pool"
    );
    // The same account before its upgrade was seated.
    let human = account(&pools, "human").await;
    assert!(pools
        .join(&pool("folded-3+2"), SECRET_B, Some(&human))
        .await
        .is_ok());
}
