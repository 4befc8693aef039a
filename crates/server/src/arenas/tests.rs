//! Arenas on a real store, the clock in the test's hands: only present players who are not
//! paused are paired; a player who does not make their first move in time loses and is paused,
//! and comes back by joining again; a game that ends after the arena does not count; nobody is
//! paired once it is over.

use super::*;
use crate::store::SqliteStore;
use topochess_core::game::Outcome;
use topochess_protocol::ClientMessage;

const MINUTE: u64 = 60_000;

fn setup() -> Arc<Arenas> {
    let store = Arc::new(SqliteStore::in_temp().unwrap());
    Arenas::new(Rooms::new(store, Arc::default()))
}

async fn account(arenas: &Arenas, name: &str) -> Account {
    arenas
        .rooms
        .store()
        .sign_up(name, "hash", 1)
        .await
        .unwrap()
        .unwrap()
}

/// An arena of `minutes` made by `by` at `now`, starting at once.
async fn arena(arenas: &Arenas, by: &Account, minutes: u32, now: u64) -> u64 {
    let new: NewArena = serde_json::from_value(serde_json::json!({
        "preset": "cylinder",
        "clock": {"limit": 60, "increment": 0},
        "minutes": minutes,
    }))
    .unwrap();
    arenas.create(&new, by, now).await.unwrap()
}

/// Accounts named `names`, joined to arena `id` at `now`, each with a page open.
async fn players(arenas: &Arenas, id: u64, names: &[&str], now: u64) -> Vec<(Account, Watching)> {
    let mut all = Vec::new();
    for name in names {
        let a = account(arenas, name).await;
        arenas.join(id, &a, None, now).await.unwrap();
        let page = arenas.watch(id, Some(a.id)).await.unwrap();
        all.push((a, page));
    }
    all
}

async fn pairings(arenas: &Arenas, id: u64) -> Vec<Pairing> {
    arenas.rooms.store().arena_pairings(id).await.unwrap()
}

/// `side` says `message` in game `game`.
async fn play(arenas: &Arenas, game: u64, side: Color, message: ClientMessage) {
    let room = arenas.rooms.room(game).await.unwrap().unwrap();
    arenas.rooms.act(&room, side, &message).await.unwrap();
}

#[tokio::test]
async fn paused_and_absent_players_wait_and_the_present_are_paired() {
    let arenas = setup();
    let now = now_ms();
    let host = account(&arenas, "host").await;
    let id = arena(&arenas, &host, 30, now).await;
    let mut people = players(&arenas, id, &["ann", "bob", "cat"], now).await;
    // Cat pauses; Bob's page closes.
    arenas.withdraw(id, &people[2].0, now).await.unwrap();
    let bob = people.remove(1);
    arenas.unwatch(id, bob.1.page).await;
    arenas.round(now + 1000).await;
    assert!(pairings(&arenas, id).await.is_empty(), "Ann alone waits");
    // Bob comes back to the page: Ann and Bob are paired.
    let _bob_again = arenas.watch(id, Some(bob.0.id)).await.unwrap();
    arenas.round(now + 2000).await;
    let made = pairings(&arenas, id).await;
    assert_eq!(made.len(), 1);
    let pair = [made[0].white, made[0].black];
    assert!(pair.contains(&people[0].0.id) && pair.contains(&bob.0.id));
    // The pages hear the game being played.
    let mut heard = None;
    while let Ok(ArenaNews::View(view)) = people[0].1.news.try_recv() {
        heard = Some(view);
    }
    assert_eq!(heard.expect("the standings").games.len(), 1);
}

#[tokio::test]
async fn a_player_who_never_moves_loses_and_is_paused_until_they_join_again() {
    let arenas = setup();
    let now = now_ms();
    let host = account(&arenas, "host").await;
    let id = arena(&arenas, &host, 30, now).await;
    let people = players(&arenas, id, &["ann", "bob"], now).await;
    arenas.round(now + 1000).await;
    let game = pairings(&arenas, id).await[0].clone();
    // White moves; Black never does.
    play(&arenas, game.game, Color::White, mv("e2e4", 0)).await;
    arenas.round(now + 1000 + FIRST_MOVE_MS / 2).await;
    assert_eq!(pairings(&arenas, id).await[0].ended, None, "still in time");
    arenas.round(now + 2000 + FIRST_MOVE_MS).await;
    let ended = &pairings(&arenas, id).await[0];
    let (_, end) = ended.ended.expect("ended");
    assert_eq!(end, ArenaEnd::Won(Color::White));
    let black = if game.black == people[0].0.id { 0 } else { 1 };
    let view = arenas.view(id, now + 3000 + FIRST_MOVE_MS).await.unwrap();
    let absent = view
        .standings
        .iter()
        .find(|s| s.name == people[black].0.name)
        .unwrap();
    assert!(absent.paused);
    assert_eq!(
        absent.sheet[0].result,
        topochess_protocol::arena::SheetResult::Loss
    );
    let present = view
        .standings
        .iter()
        .find(|s| s.name == people[1 - black].0.name)
        .unwrap();
    assert_eq!(present.score, 2);
    // Paused: not paired, even with the page open; joining again brings them back.
    arenas.round(now + 4000 + FIRST_MOVE_MS).await;
    assert_eq!(pairings(&arenas, id).await.len(), 1);
    arenas.join(id, &people[black].0, None, now).await.unwrap();
    arenas.round(now + 5000 + FIRST_MOVE_MS).await;
    assert_eq!(
        pairings(&arenas, id).await.len(),
        2,
        "back, and paired (two alone play again)"
    );
}

#[tokio::test]
async fn the_second_player_has_the_whole_time_for_a_first_move_from_the_first() {
    let arenas = setup();
    // Paired 25 s before White's first move.
    let paired = now_ms() - 25_000;
    let host = account(&arenas, "host").await;
    let id = arena(&arenas, &host, 30, paired - 1000).await;
    players(&arenas, id, &["ann", "bob"], paired - 1000).await;
    arenas.round(paired).await;
    let game = pairings(&arenas, id).await[0].clone();
    play(&arenas, game.game, Color::White, mv("e2e4", 0)).await;
    let moved = now_ms();
    // Past the pairing's 30 s, Black still has its own.
    arenas.round(paired + FIRST_MOVE_MS + 1000).await;
    assert_eq!(
        pairings(&arenas, id).await[0].ended,
        None,
        "Black's time runs"
    );
    let room = arenas.rooms.room(game.game).await.unwrap().unwrap();
    let left = room.state(Some(Color::Black)).await.first_move_ms;
    assert!(
        left.is_some_and(|ms| ms > 20_000 && ms <= FIRST_MOVE_MS),
        "{left:?}"
    );
    arenas.rooms.release(game.game);
    arenas.round(moved + FIRST_MOVE_MS + 1000).await;
    let (_, end) = pairings(&arenas, id).await[0].ended.expect("ended");
    assert_eq!(end, ArenaEnd::Won(Color::White));
    let room = arenas.rooms.room(game.game).await.unwrap().unwrap();
    let state = room.state(Some(Color::Black)).await;
    arenas.rooms.release(game.game);
    assert_eq!(
        state.outcome,
        Some(Outcome::NoStart {
            winner: Color::White
        }),
        "Black did not move: not a resignation"
    );
    assert_eq!(state.first_move_ms, None);
}

#[tokio::test]
async fn a_game_seen_over_after_the_arena_does_not_count_and_nobody_is_paired_after() {
    let arenas = setup();
    let now = now_ms();
    let host = account(&arenas, "host").await;
    let id = arena(&arenas, &host, 2, now).await;
    let _people = players(&arenas, id, &["ann", "bob"], now).await;
    let mut guest = arenas.watch(id, None).await.unwrap();
    arenas.round(now + 1000).await;
    let game = pairings(&arenas, id).await[0].clone();
    play(&arenas, game.game, Color::White, mv("e2e4", 0)).await;
    play(&arenas, game.game, Color::Black, mv("e7e5", 1)).await;
    play(&arenas, game.game, Color::Black, ClientMessage::Resign).await;
    // The arena ended before the round that sees the game's end.
    arenas.round(now + 2 * MINUTE + 1).await;
    let kept = &pairings(&arenas, id).await[0];
    assert!(kept.ended.is_some(), "marked ended");
    let view = arenas.view(id, now + 2 * MINUTE + 2).await.unwrap();
    assert_eq!(view.summary.status, ArenaStatus::Finished);
    assert!(view
        .standings
        .iter()
        .all(|s| s.sheet.is_empty() && s.score == 0));
    arenas.round(now + 2 * MINUTE + 1000).await;
    assert_eq!(pairings(&arenas, id).await.len(), 1, "no pairing once over");
    // A guest watching hears that it is over.
    let mut last = None;
    while let Ok(ArenaNews::View(view)) = guest.news.try_recv() {
        last = Some(view.summary.status);
    }
    assert_eq!(last, Some(ArenaStatus::Finished));
    // Joining a finished arena is refused.
    let late = account(&arenas, "late").await;
    let refused = arenas.join(id, &late, None, now + 3 * MINUTE).await;
    assert!(matches!(refused, Err(Failure::Refused(_))));
}

fn mv(uci: &str, ply: usize) -> ClientMessage {
    ClientMessage::Move {
        uci: uci.into(),
        ply,
    }
}

#[tokio::test]
async fn a_page_hears_a_join_and_a_withdrawal_at_once_however_far_off_the_start() {
    let arenas = setup();
    let now = now_ms();
    let host = account(&arenas, "host").await;
    let new: NewArena = serde_json::from_value(serde_json::json!({
        "preset": "cylinder",
        "clock": {"limit": 60, "increment": 0},
        "minutes": 30,
        "starts_in": 45 * 60,
    }))
    .unwrap();
    let id = arenas.create(&new, &host, now).await.unwrap();
    let ann = account(&arenas, "ann").await;
    let mut page = arenas.watch(id, Some(ann.id)).await.unwrap();
    let players = |page: &mut Watching| {
        let mut last = None;
        while let Ok(ArenaNews::View(view)) = page.news.try_recv() {
            last = Some(view.summary.players);
        }
        last
    };
    // Its creator plays in it, as on lichess.
    assert_eq!(players(&mut page), Some(1), "the creator joined");
    let view = arenas.view(id, now).await.unwrap();
    assert_eq!(
        view.standings
            .iter()
            .map(|s| s.name.as_str())
            .collect::<Vec<_>>(),
        ["host"]
    );
    // No round in between: the answer's own news.
    arenas.join(id, &ann, None, now).await.unwrap();
    assert_eq!(players(&mut page), Some(2), "joined, heard at once");
    arenas.withdraw(id, &ann, now).await.unwrap();
    assert_eq!(players(&mut page), Some(1), "withdrawn, heard at once");
    // A join made elsewhere (straight into the store, as another server would) is heard at
    // the next round, though the arena starts in 45 minutes.
    let bob = account(&arenas, "bob").await;
    let entrant = Entrant {
        account: bob.id,
        name: bob.name.clone(),
        rating: 1500,
        provisional: true,
        joined: now,
        paused: false,
        seen: 0,
    };
    arenas.rooms.store().arena_join(id, &entrant).await.unwrap();
    arenas.round(now + 1000).await;
    assert_eq!(players(&mut page), Some(2));
}

#[tokio::test]
async fn a_guest_watching_hears_the_end_of_an_arena_with_no_game_left() {
    let arenas = setup();
    let now = now_ms();
    let host = account(&arenas, "host").await;
    let id = arena(&arenas, &host, 2, now).await;
    let mut guest = arenas.watch(id, None).await.unwrap();
    arenas.round(now + 1000).await;
    arenas.round(now + 2 * MINUTE + 1).await;
    let mut last = None;
    while let Ok(ArenaNews::View(view)) = guest.news.try_recv() {
        last = Some(view.summary.status);
    }
    assert_eq!(last, Some(ArenaStatus::Finished));
}

#[tokio::test]
async fn a_bot_joins_only_an_arena_that_takes_bots_and_is_there_while_its_program_listens() {
    let arenas = setup();
    let now = now_ms();
    let host = account(&arenas, "host").await;
    let robo = account(&arenas, "robo").await;
    arenas.rooms.store().make_bot(robo.id).await.unwrap();
    let robo = arenas.rooms.store().account("robo").await.unwrap().unwrap();
    let plain = arena(&arenas, &host, 30, now).await;
    let refused = arenas.join(plain, &robo, None, now).await;
    assert!(
        matches!(&refused, Err(Failure::Refused(why)) if why.contains("does not take bots")),
        "a bot in an arena for people: {refused:?}"
    );
    let new: NewArena = serde_json::from_value(serde_json::json!({
        "preset": "folded",
        "clock": {"limit": 60, "increment": 0},
        "minutes": 30,
        "bots": true,
    }))
    .unwrap();
    let id = arenas.create(&new, &host, now).await.unwrap();
    assert!(arenas.view(id, now).await.unwrap().summary.bots);
    arenas.join(id, &robo, None, now).await.unwrap();
    let _host_page = arenas.watch(id, Some(host.id)).await.unwrap();
    // The bot's program is not listening: nobody to pair the host with.
    arenas.round(now + 1000).await;
    assert!(
        pairings(&arenas, id).await.is_empty(),
        "a bot not listening"
    );
    let listening = arenas.program_present(robo.id);
    arenas.round(now + 2000).await;
    let made = pairings(&arenas, id).await;
    assert_eq!(made.len(), 1, "the host and the bot are paired");
    assert!([made[0].white, made[0].black].contains(&robo.id));
    drop(listening);
    assert!(arenas.programs_here().is_empty());
}
