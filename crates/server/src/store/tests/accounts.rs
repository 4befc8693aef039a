//! The accounts' part of the store suite, against both stores: accounts and sessions, a rated
//! game rated once (of two servers rating it at once, one does), the archive's filters and pages,
//! the leaderboard's rule, and the seats a browser held as a guest.

use super::{record, Place};
use crate::record::{Player, Record};
use crate::store::{ArchiveQuery, Won};
use topochess_core::game::Outcome;
use topochess_core::Color;
use topochess_protocol::GameId;

const DAY: u64 = 86_400_000;

async fn accounts_and_sessions(place: Place) {
    let store = place.open().await;
    let alice = store
        .sign_up("Alice", "hash-1", 1_000)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((alice.name.as_str(), alice.created), ("Alice", 1_000));
    assert_eq!(
        store.sign_up("aLiCe", "hash-2", 2_000).await,
        Ok(None),
        "taken, whatever the case"
    );
    let bob = store
        .sign_up("bob", "hash-3", 2_000)
        .await
        .unwrap()
        .unwrap();
    assert_ne!(alice.id, bob.id);
    assert_eq!(store.account("ALICE").await.unwrap(), Some(alice.clone()));
    assert_eq!(store.account("carol").await.unwrap(), None);

    for (proof, who, at) in [("s1", &alice, 10), ("s2", &alice, 20), ("s3", &bob, 30)] {
        store.open_session(proof, who.id, at).await.unwrap();
    }
    assert_eq!(store.session("s1", 0).await.unwrap(), Some(alice.clone()));
    assert_eq!(store.session("s1", 11).await.unwrap(), None, "expired");
    assert_eq!(store.session("nope", 0).await.unwrap(), None);
    store.close_session("s1").await.unwrap();
    assert_eq!(store.session("s1", 0).await.unwrap(), None);
    store.open_session("s4", alice.id, 40).await.unwrap();
    store.close_sessions(alice.id, Some("s4")).await.unwrap();
    assert_eq!(
        store.session("s2", 0).await.unwrap(),
        None,
        "ended everywhere else"
    );
    assert!(store.session("s4", 0).await.unwrap().is_some(), "but here");
    assert!(
        store.session("s3", 0).await.unwrap().is_some(),
        "another's session stays"
    );
    store.close_sessions(alice.id, None).await.unwrap();
    assert_eq!(store.session("s4", 0).await.unwrap(), None);

    store.set_password(bob.id, "hash-4").await.unwrap();
    assert_eq!(store.account("bob").await.unwrap().unwrap().hash, "hash-4");
    store.delete_account(bob.id).await.unwrap();
    assert_eq!(store.account("bob").await.unwrap(), None);
    assert_eq!(
        store.session("s3", 0).await.unwrap(),
        None,
        "its sessions went with it"
    );
    assert_eq!(
        store.sign_up("Bob", "hash-5", 3_000).await.unwrap(),
        None,
        "a deleted account's name is never given again"
    );
}
both!(accounts_and_sessions);

async fn tokens_are_found_by_their_proof_listed_revoked_and_deleted_with_their_account(
    place: Place,
) {
    use crate::store::tokens::Token;
    let store = place.open().await;
    let alice = store.sign_up("Alice", "h", 1).await.unwrap().unwrap();
    let bob = store.sign_up("Bob", "h", 1).await.unwrap().unwrap();
    let token = |id: u64, created: u64| Token {
        id,
        description: format!("token {id}"),
        scopes: "bot:play,challenge:read".into(),
        created,
    };
    store
        .token_make(alice.id, "p1", &token(1, 10))
        .await
        .unwrap();
    store
        .token_make(alice.id, "p2", &token(2, 20))
        .await
        .unwrap();
    store.token_make(bob.id, "p3", &token(3, 30)).await.unwrap();
    assert_eq!(
        store.tokens(alice.id).await.unwrap(),
        [token(1, 10), token(2, 20)]
    );
    assert_eq!(
        store.token("p3").await.unwrap(),
        Some((bob.clone(), token(3, 30)))
    );
    assert_eq!(store.token("p4").await.unwrap(), None);
    assert!(
        !store.token_revoke(bob.id, 1).await.unwrap(),
        "another's token"
    );
    assert!(store.token_revoke(alice.id, 1).await.unwrap());
    assert_eq!(store.token("p1").await.unwrap(), None);
    store.delete_account(alice.id).await.unwrap();
    assert_eq!(
        store.token("p2").await.unwrap(),
        None,
        "gone with its account"
    );
    assert!(store.token("p3").await.unwrap().is_some());
}

both!(tokens_are_found_by_their_proof_listed_revoked_and_deleted_with_their_account);

async fn names_that_look_alike_are_one_name(place: Place) {
    let store = place.open().await;
    assert!(store.sign_up("paul", "h", 0).await.unwrap().is_some());
    for twin in ["pauI", "PAUL", "pau1", "Paul"] {
        assert_eq!(store.sign_up(twin, "h", 0).await.unwrap(), None, "{twin}");
    }
    assert!(store.sign_up("ann0-x", "h", 0).await.unwrap().is_some());
    for twin in ["annO_x", "ANNo-X", "anno_x"] {
        assert_eq!(store.sign_up(twin, "h", 0).await.unwrap(), None, "{twin}");
    }
    assert!(store.sign_up("paula", "h", 0).await.unwrap().is_some());
    // The store's skeleton is the one the server's rules read (`accounts::skeleton`).
    for name in ["Ki1l-O0", "L1LI_o0O", "Zed-0-i"] {
        assert!(
            store.sign_up(name, "h", 0).await.unwrap().is_some(),
            "{name}"
        );
        let shape = crate::accounts::skeleton(name);
        assert_eq!(
            store.sign_up(&shape, "h", 0).await.unwrap(),
            None,
            "{shape}"
        );
    }
    // Two look-alikes signed up at the same instant (as through two servers): one is made.
    let (a, b) = tokio::join!(
        store.sign_up("kIein", "h", 0),
        store.sign_up("klein", "h", 0)
    );
    assert_eq!(
        [a.unwrap(), b.unwrap()]
            .iter()
            .filter(|m| m.is_some())
            .count(),
        1
    );
}
both!(names_that_look_alike_are_one_name);

fn player(account: u64, name: &str) -> Option<Player> {
    Some(Player::of_account(account, name, 1500))
}

/// A rated game between `white` and `black`, over with `outcome` after `plies`.
pub(super) fn rated(
    id: u64,
    white: u64,
    black: u64,
    plies: usize,
    outcome: Option<Outcome>,
) -> Record {
    let mut g = record(id);
    g.seats = [Some("w".repeat(32)), Some("b".repeat(32))];
    g.rated = true;
    g.players = [player(white, "w"), player(black, "b")];
    g.moves = ["e2e4", "e7e5", "g1f3", "b8c6"][..plies]
        .iter()
        .map(|m| m.to_string())
        .collect();
    g.outcome = outcome;
    g.draw_offer = None;
    g.takeback_offer = None;
    g.next_game = None;
    g.deadline = None;
    g
}

async fn a_rated_game_is_rated_once(place: Place) {
    let store = place.open().await;
    let a = store.sign_up("anna", "h", 0).await.unwrap().unwrap();
    let b = store.sign_up("boris", "h", 0).await.unwrap().unwrap();
    let won = Some(Outcome::Resignation {
        winner: Color::White,
    });
    let g = rated(1, a.id, b.id, 2, won);
    store.create(&g, false).await.unwrap();
    assert_eq!(store.unsettled().await.unwrap(), vec![1]);
    // Two servers rate it at once: one does, the other finds it rated.
    let (x, y) = tokio::join!(store.rate(1, 5 * DAY), store.rate(1, 5 * DAY));
    let rated_now: Vec<Record> = [x.unwrap(), y.unwrap()].into_iter().flatten().collect();
    assert_eq!(rated_now.len(), 1, "rated once");
    let kept = &rated_now[0];
    assert!(kept.settled && kept.revision == g.revision + 1);
    assert_eq!(store.load(1).await.unwrap().as_ref(), Some(kept));
    assert!(store.unsettled().await.unwrap().is_empty());
    let expect = crate::ratings::settle(&g, [None, None], 5 * DAY).unwrap();
    let diffs = kept.players.clone().map(|p| p.unwrap().tag.diff);
    assert_eq!(diffs, expect.diffs.map(Some));
    assert_eq!(
        store.standings(a.id).await.unwrap(),
        vec![expect.after[0].clone()]
    );
    assert_eq!(
        store.standings(b.id).await.unwrap(),
        vec![expect.after[1].clone()]
    );
    let history = store.history(a.id).await.unwrap();
    assert_eq!(
        history,
        vec![("folded".into(), 5 * DAY, expect.after[0].rating.rating)]
    );
    // A write made from the revision before the rating is refused: the game is read again.
    let stale = super::next(&g, |g| g.rematch = [true, false]);
    assert_eq!(store.save(&stale, false).await, Ok(false));

    // The next game counts from the first one's ratings.
    let g2 = rated(2, a.id, b.id, 4, Some(Outcome::DrawAgreed));
    store.create(&g2, false).await.unwrap();
    store.rate(2, 6 * DAY).await.unwrap().unwrap();
    let before = [Some(&expect.after[0]), Some(&expect.after[1])];
    let second = crate::ratings::settle(&g2, before, 6 * DAY).unwrap();
    assert_eq!(
        store.standings(a.id).await.unwrap(),
        vec![second.after[0].clone()]
    );
    assert_eq!(store.history(a.id).await.unwrap().len(), 2);

    // Ended before both moved: settled, and nothing changes.
    let short = rated(3, a.id, b.id, 1, won);
    store.create(&short, false).await.unwrap();
    let kept = store.rate(3, 7 * DAY).await.unwrap().unwrap();
    assert!(kept.settled && kept.players.iter().flatten().all(|p| p.tag.diff.is_none()));
    assert_eq!(
        store.standings(a.id).await.unwrap(),
        vec![second.after[0].clone()]
    );
    // Not over yet: not rated.
    store
        .create(&rated(4, a.id, b.id, 2, None), false)
        .await
        .unwrap();
    assert_eq!(store.rate(4, 7 * DAY).await, Ok(None));
    assert_eq!(store.rate(99, 7 * DAY).await, Ok(None), "no such game");
}
both!(a_rated_game_is_rated_once);

async fn the_archive_filters_and_pages_a_players_games(place: Place) {
    let store = place.open().await;
    let a = store.sign_up("anna", "h", 0).await.unwrap().unwrap();
    let b = store.sign_up("boris", "h", 0).await.unwrap().unwrap();
    let win = |c| Some(Outcome::Resignation { winner: c });
    let games = [
        (1, a.id, b.id, "folded", win(Color::White)),
        (2, b.id, a.id, "folded", win(Color::White)),
        (3, a.id, b.id, "torus", Some(Outcome::DrawAgreed)),
        (4, b.id, a.id, "torus", win(Color::Black)),
        (5, a.id, b.id, "folded", None),
    ];
    for (id, white, black, variant, outcome) in games {
        let mut g = rated(id, white, black, 2, outcome);
        g.variant = variant.into();
        g.created = id * 1_000;
        store.create(&g, false).await.unwrap();
    }
    let mut aborted = rated(6, a.id, b.id, 0, None);
    aborted.aborted = true;
    store.create(&aborted, false).await.unwrap();
    let ids = |q: ArchiveQuery| {
        let store = store.clone();
        async move {
            let found = store.archive(&q).await.unwrap();
            found.iter().map(|g| g.id).collect::<Vec<_>>()
        }
    };
    let all = ArchiveQuery {
        account: a.id,
        limit: 10,
        ..Default::default()
    };
    assert_eq!(
        ids(all.clone()).await,
        vec![4, 3, 2, 1],
        "finished, newest first"
    );
    let of = |result| ArchiveQuery {
        result: Some(result),
        ..all.clone()
    };
    assert_eq!(ids(of(Won::Win)).await, vec![4, 1]);
    assert_eq!(ids(of(Won::Loss)).await, vec![2]);
    assert_eq!(ids(of(Won::Draw)).await, vec![3]);
    let torus = ArchiveQuery {
        variant: Some("torus".into()),
        ..all.clone()
    };
    assert_eq!(ids(torus).await, vec![4, 3]);
    let page = ArchiveQuery {
        offset: 1,
        limit: 2,
        ..all.clone()
    };
    assert_eq!(ids(page).await, vec![3, 2]);
    let boris = ArchiveQuery {
        account: b.id,
        result: Some(Won::Win),
        ..all
    };
    assert_eq!(ids(boris).await, vec![2]);
    let mut of_anna = store.games_of(a.id).await.unwrap();
    of_anna.sort();
    assert_eq!(of_anna, vec![1, 2, 3, 4, 5, 6]);
}
both!(the_archive_filters_and_pages_a_players_games);

async fn the_leaderboard_lists_settled_active_players_best_first(place: Place) {
    let store = place.open().await;
    let now = 100 * DAY;
    let names = ["anna", "boris", "clara", "dmitri"];
    let mut ids = Vec::new();
    for name in names {
        ids.push(store.sign_up(name, "h", 0).await.unwrap().unwrap().id);
    }
    // Thirty games each way between anna and boris, and between clara and dmitri (long ago),
    // bring their deviations down.
    let mut id = 10;
    for (x, y, at) in [(0, 1, now - DAY), (2, 3, now - 30 * DAY)] {
        for n in 0..30 {
            let winner = if n % 3 == 0 {
                Color::Black
            } else {
                Color::White
            };
            let g = rated(id, ids[x], ids[y], 2, Some(Outcome::Resignation { winner }));
            store.create(&g, false).await.unwrap();
            store.rate(id, at + n * 1000).await.unwrap().unwrap();
            id += 1;
        }
    }
    // Thirty games bring a deviation from 500 to about 77.
    let board = store
        .leaderboard("folded", now - 7 * DAY, 80.0, 10)
        .await
        .unwrap();
    let names_on: Vec<&str> = board.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names_on,
        vec!["anna", "boris"],
        "active in the last week only"
    );
    assert!(board[0].1.rating.rating > board[1].1.rating.rating);
    assert!(board
        .iter()
        .all(|(_, s)| s.rating.deviation <= 80.0 && s.games == 30));
    let strict = store
        .leaderboard("folded", now - 7 * DAY, 1.0, 10)
        .await
        .unwrap();
    assert!(strict.is_empty(), "nobody that settled");
    let all = store.leaderboard("folded", 0, 500.0, 10).await.unwrap();
    assert_eq!(all.len(), 4);
    assert!(store
        .leaderboard("torus", 0, 500.0, 10)
        .await
        .unwrap()
        .is_empty());
}
both!(the_leaderboard_lists_settled_active_players_best_first);

async fn a_browsers_guest_seats_are_found_by_its_proof(place: Place) {
    let store = place.open().await;
    let a = store.sign_up("anna", "h", 0).await.unwrap().unwrap();
    let proof = "p".repeat(64);
    let mut guest = record(1);
    guest.seats = [None, Some(proof.clone())];
    store.create(&guest, false).await.unwrap();
    let mut signed = record(2);
    signed.seats = [Some(proof.clone()), None];
    signed.players = [player(a.id, "anna"), None];
    store.create(&signed, false).await.unwrap();
    let mut other = record(3);
    other.seats = [Some("q".repeat(64)), None];
    store.create(&other, false).await.unwrap();
    assert_eq!(store.guest_seats(&proof).await.unwrap(), vec![1]);
}
both!(a_browsers_guest_seats_are_found_by_its_proof);

async fn sign_in_attempts_at_a_name_are_counted_together_and_forgotten(place: Place) {
    let store = place.open().await;
    let window = 600_000;
    // Twenty attempts at one name at the same time (as through many servers): ten counted, the
    // others told to wait the whole window; another name is untouched.
    let mut tries = Vec::new();
    for _ in 0..20 {
        let store = store.clone();
        tries.push(tokio::spawn(async move {
            store.login_try("anna", 1_000, window, 10).await.unwrap()
        }));
    }
    let mut counted = 0;
    for t in tries {
        match t.await.unwrap() {
            None => counted += 1,
            Some(wait) => assert_eq!(wait, window),
        }
    }
    assert_eq!(counted, 10, "as many counted as allowed, no more");
    assert_eq!(store.login_try("boris", 2_000, window, 10).await, Ok(None));
    // One at a time: the wait is until the oldest leaves the window, and then one more may.
    for i in 0..3u64 {
        assert_eq!(
            store.login_try("carla", i * 1_000, window, 3).await,
            Ok(None)
        );
    }
    assert_eq!(
        store.login_try("carla", 10_000, window, 3).await,
        Ok(Some(window - 10_000))
    );
    assert_eq!(store.login_try("carla", window, window, 3).await, Ok(None));
    assert_eq!(
        store.login_try("carla", window + 1, window, 3).await,
        Ok(Some(1_000 + window - (window + 1)))
    );
    // The old ones forgotten: those before the window, of every name.
    assert_eq!(
        store.forget_login_tries(1_000).await,
        Ok(1),
        "carla's first"
    );
    assert_eq!(
        store.forget_login_tries(window + 1).await,
        Ok(10 + 1 + 3),
        "anna's ten, boris's one, carla's three"
    );
    assert_eq!(store.login_try("anna", 2_000, window, 10).await, Ok(None));
}
both!(sign_in_attempts_at_a_name_are_counted_together_and_forgotten);

async fn challenges_are_answered_once_listed_while_waiting_and_bots_are_marked(place: Place) {
    use crate::store::challenges::{Challenge, Status, Terms};
    let store = place.open().await;
    let alice = store.sign_up("Alice", "h", 1).await.unwrap().unwrap();
    let bob = store.sign_up("Bob", "h", 1).await.unwrap().unwrap();
    let carol = store.sign_up("Carol", "h", 1).await.unwrap().unwrap();
    let challenge = |id: GameId, dest: u64, created: u64| Challenge {
        id,
        challenger: alice.id,
        dest: Some(dest),
        status: Status::Created,
        reason: None,
        created,
        terms: Terms {
            challenger_name: "Alice".into(),
            dest_name: Some("Bob".into()),
            variant: "folded".into(),
            clock: Some((300, 3)),
            color: topochess_protocol::Side::Random,
            rated: true,
        },
    };
    store
        .challenge_make(&challenge(1, bob.id, 10))
        .await
        .unwrap();
    store
        .challenge_make(&challenge(2, bob.id, 20))
        .await
        .unwrap();
    store
        .challenge_make(&challenge(3, carol.id, 5))
        .await
        .unwrap();
    assert_eq!(
        store.challenge(2).await.unwrap(),
        Some(challenge(2, bob.id, 20))
    );
    assert_eq!(store.challenge(9).await.unwrap(), None);
    let ids = |list: Vec<Challenge>| list.into_iter().map(|c| c.id).collect::<Vec<_>>();
    assert_eq!(ids(store.challenges_open(bob.id, 0).await.unwrap()), [1, 2]);
    assert_eq!(
        ids(store.challenges_open(alice.id, 0).await.unwrap()),
        [3, 1, 2]
    );
    assert_eq!(
        ids(store.challenges_open(alice.id, 15).await.unwrap()),
        [2],
        "too old"
    );
    // Answered once: a second answer (another server's, at once) finds it answered.
    let declined = store.challenge_settle(1, Status::Declined, Some("variant"));
    assert!(declined.await.unwrap());
    assert!(!store
        .challenge_settle(1, Status::Accepted, None)
        .await
        .unwrap());
    let kept = store.challenge(1).await.unwrap().unwrap();
    assert_eq!(
        (kept.status, kept.reason.as_deref()),
        (Status::Declined, Some("variant"))
    );
    assert_eq!(ids(store.challenges_open(bob.id, 0).await.unwrap()), [2]);
    // A deleted account's challenges are cancelled.
    store.delete_account(carol.id).await.unwrap();
    assert_eq!(
        store.challenge(3).await.unwrap().unwrap().status,
        Status::Canceled
    );
    // A bot is marked on its account wherever it is read.
    assert!(!alice.bot);
    store.make_bot(alice.id).await.unwrap();
    assert!(store.account("alice").await.unwrap().unwrap().bot);
    // The games being played: not over, either side.
    let mut game = record(7);
    game.players[1] = player(bob.id, "Bob");
    store.create(&game, false).await.unwrap();
    let mut over = record(8);
    over.players[0] = player(bob.id, "Bob");
    over.aborted = true;
    store.create(&over, false).await.unwrap();
    assert_eq!(store.playing(bob.id).await.unwrap(), [7]);
    assert_eq!(store.playing(alice.id).await.unwrap(), Vec::<GameId>::new());
}

both!(challenges_are_answered_once_listed_while_waiting_and_bots_are_marked);
