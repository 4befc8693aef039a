use super::*;
use topochess_core::game::Outcome;

const W: &str = "white-secret-0123456789";
const B: &str = "black-secret-0123456789";

fn new_game(base_secs: Option<u32>, increment_secs: u32) -> LiveGame {
    let new = NewGame {
        variant: "folded".into(),
        castling: String::new(),
        base_secs,
        increment_secs,
        side: Side::White,
        secret: W.into(),
        public: false,
        rated: false,
    };
    let mut g = LiveGame::create(0x1234, &new, true, 1_000, None).unwrap();
    assert_eq!(g.seat(B, None, None), (Some(Color::Black), true));
    g
}

/// Account `n` as a player (its name `p<n>`, provisional at 1500).
fn player(n: u64) -> Player {
    Player::of_account(n, &format!("p{n}"), 1500)
}

/// An open challenge's game of the folded board, casual or rated, kept for `players`.
fn open_game(rated: bool, players: [Option<Player>; 2]) -> LiveGame {
    let new = NewGame {
        variant: "folded".into(),
        castling: String::new(),
        base_secs: Some(180),
        increment_secs: 2,
        side: Side::White,
        secret: String::new(),
        public: false,
        rated,
    };
    LiveGame::open(0x4321, &new, players, 1_000).unwrap()
}

#[test]
fn an_open_challenge_seats_the_first_two_each_on_the_side_its_link_asks() {
    let mut g = open_game(false, [None, None]);
    assert_eq!(g.record().seats, [None, None]);
    // Black's link first: Black; another at Black's link watches; the bare link takes White.
    assert_eq!(
        g.seat(B, None, Some(Color::Black)),
        (Some(Color::Black), true)
    );
    let third = "third-secret-0123456789";
    assert_eq!(g.seat(third, None, Some(Color::Black)), (None, false));
    assert_eq!(g.seat(W, None, None), (Some(Color::White), true));
    assert_eq!(g.seat(third, None, None), (None, false));
    g.apply(Color::White, &mv("e2e4", 0), 2_000).unwrap();
    // Rated: accounts only.
    let mut rated = open_game(true, [None, None]);
    assert_eq!(rated.seat(W, None, None), (None, false));
    assert_eq!(
        rated.seat(W, Some(player(1)), None),
        (Some(Color::White), true)
    );
}

#[test]
fn an_open_challenge_kept_for_two_accounts_seats_them_only() {
    let mut g = open_game(true, [Some(player(1)), Some(player(2))]);
    // A guest, and a third account, even asking for a side: spectators.
    assert_eq!(g.seat(W, None, None), (None, false));
    assert_eq!(
        g.seat(W, Some(player(3)), Some(Color::White)),
        (None, false)
    );
    assert_eq!(g.record().seats, [None, None]);
    // Each named account at its own side, whatever its link asks; its browser proves it after.
    assert_eq!(
        g.seat(B, Some(player(2)), Some(Color::White)),
        (Some(Color::Black), false)
    );
    assert_eq!(g.record().seats[1], Some(seat_proof(B)));
    assert_eq!(g.side_of(B), Some(Color::Black));
    assert_eq!(
        g.seat(W, Some(player(1)), None),
        (Some(Color::White), false)
    );
    assert_eq!(g.side_of(W), Some(Color::White));
}

fn mv(uci: &str, ply: usize) -> ClientMessage {
    ClientMessage::Move {
        uci: uci.into(),
        ply,
    }
}

#[test]
fn only_the_player_to_move_moves_and_only_legal_moves_for_the_right_ply() {
    let mut g = new_game(None, 0);
    assert!(
        g.apply(Color::Black, &mv("e7e5", 0), 2_000).is_err(),
        "not Black's move"
    );
    assert!(
        g.apply(Color::White, &mv("e2e5", 0), 2_000).is_err(),
        "illegal"
    );
    assert!(
        g.apply(Color::White, &mv("e2e4", 1), 2_000).is_err(),
        "another ply"
    );
    g.apply(Color::White, &mv("e2e4", 0), 2_000).unwrap();
    assert!(
        g.apply(Color::White, &mv("e2e4", 0), 2_000).is_err(),
        "sent twice"
    );
    g.apply(Color::Black, &mv("e7e5", 1), 3_000).unwrap();
    assert_eq!(g.record().moves, ["e2e4", "e7e5"]);
    // A third browser watches.
    assert_eq!(g.seat("someone-else-0123456", None, None), (None, false));
    assert_eq!(g.seat(W, None, None), (Some(Color::White), false));
}

#[test]
fn clocks_run_from_the_second_move_as_absolute_times_with_the_increment() {
    let mut g = new_game(Some(60), 2);
    g.apply(Color::White, &mv("e2e4", 0), 10_000).unwrap();
    g.apply(Color::Black, &mv("e7e5", 1), 20_000).unwrap();
    assert_eq!(g.record().left_ms, [60_000, 60_000], "first moves are free");
    assert_eq!(g.deadline(), Some(20_000 + 60_000));
    // White thinks 5 s: 5 s off, 2 s on.
    g.apply(Color::White, &mv("g1f3", 2), 25_000).unwrap();
    assert_eq!(g.record().left_ms, [57_000, 60_000]);
    // The state seen 10 s later counts Black's running clock down; a replayed record (a restart)
    // counts the same, from the same absolute start.
    let seen = g.state(Some(Color::Black), 35_000);
    assert_eq!((seen.left_ms, seen.running), ([57_000, 50_000], true));
    let again = LiveGame::from_record(g.record().clone()).unwrap();
    assert_eq!(again.state(None, 35_000).left_ms, [57_000, 50_000]);
    // Black's flag falls at 85 s: a move then is refused and the game is White's.
    assert!(!g.check_flag(84_999));
    assert!(g.apply(Color::Black, &mv("b8c6", 3), 85_000).is_err());
    assert_eq!(
        g.record().outcome,
        Some(Outcome::Timeout {
            winner: Color::White
        })
    );
    assert_eq!(g.record().left_ms[1], 0);
    assert_eq!(g.deadline(), None);
}

#[test]
fn resignation_draws_and_aborts_end_the_game_as_players_expect() {
    let mut g = new_game(None, 0);
    assert!(
        g.apply(Color::Black, &ClientMessage::Decline, 1).is_err(),
        "nothing to decline"
    );
    g.apply(Color::White, &ClientMessage::Draw, 1).unwrap();
    assert_eq!(g.record().draw_offer, Some(Color::White));
    g.apply(Color::Black, &ClientMessage::Decline, 1).unwrap();
    assert_eq!(g.record().draw_offer, None);
    // Black offers in turn, and White's draw accepts it.
    g.apply(Color::Black, &ClientMessage::Draw, 1).unwrap();
    g.apply(Color::White, &ClientMessage::Draw, 1).unwrap();
    assert_eq!(g.record().outcome, Some(Outcome::DrawAgreed));
    assert!(g.apply(Color::White, &mv("e2e4", 0), 1).is_err(), "over");

    let mut g = new_game(None, 0);
    g.apply(Color::White, &mv("e2e4", 0), 1).unwrap();
    g.apply(Color::Black, &ClientMessage::Abort, 1).unwrap();
    assert!(g.record().aborted && g.over());

    let mut g = new_game(None, 0);
    g.apply(Color::White, &mv("e2e4", 0), 1).unwrap();
    g.apply(Color::Black, &mv("e7e5", 1), 1).unwrap();
    assert!(
        g.apply(Color::White, &ClientMessage::Abort, 1).is_err(),
        "too late"
    );
    g.apply(Color::Black, &ClientMessage::Resign, 1).unwrap();
    assert_eq!(
        g.record().outcome,
        Some(Outcome::Resignation {
            winner: Color::White
        })
    );
    let again = LiveGame::from_record(g.record().clone()).unwrap();
    assert!(again.over(), "kept over a restart");
}

#[test]
fn a_mate_ends_the_game_and_no_move_follows() {
    let new = NewGame {
        variant: "standard".into(),
        castling: String::new(),
        base_secs: None,
        increment_secs: 0,
        side: Side::Random,
        secret: W.into(),
        public: false,
        rated: false,
    };
    let mut g = LiveGame::create(9, &new, false, 0, None).unwrap();
    assert_eq!(g.side_of(W), Some(Color::Black), "the coin gave Black");
    g.seat(B, None, None);
    let line = [
        (Color::White, "f2f3"),
        (Color::Black, "e7e5"),
        (Color::White, "g2g4"),
    ];
    for (ply, (side, m)) in line.into_iter().enumerate() {
        g.apply(side, &mv(m, ply), 1).unwrap();
    }
    assert!(!g.over());
    g.apply(Color::Black, &mv("d8h4", 3), 1).unwrap();
    assert_eq!(
        g.record().outcome,
        Some(Outcome::Checkmate {
            winner: Color::Black
        })
    );
    assert!(g.apply(Color::White, &mv("a2a3", 4), 1).is_err());
    assert_eq!(
        g.fen(),
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    );
}

#[test]
fn a_record_that_does_not_replay_is_refused() {
    let g = new_game(None, 0);
    let mut record = g.record().clone();
    record.moves = vec!["e2e5".into()];
    assert!(LiveGame::from_record(record).is_err());
    let mut record = g.record().clone();
    record.variant = "no-such-board".into();
    assert!(LiveGame::from_record(record).is_err());
}

#[test]
fn a_game_catches_up_with_a_later_revision_of_itself_as_a_replay_would() {
    let mut here = new_game(None, 0);
    let mut there = LiveGame::from_record(here.record().clone()).unwrap();
    for (i, m) in ["e2e4", "e7e5", "g1f3"].iter().enumerate() {
        let side = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        there.apply(side, &mv(m, i), 1).unwrap();
    }
    // Moves played since: played here too.
    here.catch_up(there.record().clone()).unwrap();
    assert_eq!(here.fen(), there.fen());
    assert_eq!(here.record(), there.record());
    // A game with a move taken back and another played: replayed from its record.
    let mut other = LiveGame::from_record(there.record().clone()).unwrap();
    let mut record = other.record().clone();
    record.moves = vec!["e2e4".into(), "c7c5".into()];
    other = LiveGame::from_record(record.clone()).unwrap();
    here.catch_up(record).unwrap();
    assert_eq!(here.fen(), other.fen());
    // A later revision that does not replay is refused.
    let mut bad = here.record().clone();
    bad.moves.push("e2e5".into());
    assert!(here.catch_up(bad).is_err());
}

#[test]
fn a_takeback_asked_and_accepted_takes_back_the_askers_move() {
    let mut g = new_game(Some(60), 0);
    assert!(
        g.apply(Color::White, &ClientMessage::Takeback, 1).is_err(),
        "no move yet"
    );
    g.apply(Color::White, &mv("e2e4", 0), 1).unwrap();
    g.apply(Color::Black, &mv("e7e5", 1), 2).unwrap();
    g.apply(Color::White, &mv("g1f3", 2), 3).unwrap();
    // White asks, Black accepts: Nf3 is gone, White to move.
    g.apply(Color::White, &ClientMessage::Takeback, 4).unwrap();
    assert_eq!(g.state(None, 4).takeback_offer, Some(Color::White));
    g.apply(Color::Black, &ClientMessage::Takeback, 7).unwrap();
    assert_eq!(g.record().moves, ["e2e4", "e7e5"]);
    g.apply(Color::White, &mv("d2d4", 2), 8).unwrap();
    // Black asks when it is Black's turn again: its move and White's answer go.
    g.apply(Color::Black, &ClientMessage::Takeback, 9).unwrap();
    g.apply(Color::White, &ClientMessage::Takeback, 10).unwrap();
    assert_eq!(g.record().moves, ["e2e4"]);
    assert!(
        g.apply(Color::Black, &mv("c7c5", 1), 11).is_ok(),
        "Black to move"
    );
}

#[test]
fn a_rematch_when_both_ask_swaps_the_colours() {
    let mut g = new_game(Some(180), 2);
    assert!(
        g.apply(Color::White, &ClientMessage::Rematch, 1).is_err(),
        "the game is on"
    );
    g.apply(Color::Black, &ClientMessage::Resign, 1).unwrap();
    g.apply(Color::White, &ClientMessage::Rematch, 2).unwrap();
    assert!(!g.rematch_due());
    g.apply(Color::Black, &ClientMessage::Rematch, 3).unwrap();
    assert!(g.rematch_due());
    let next = g.rematch(0x99, 4).unwrap();
    assert!(!g.rematch_due(), "made once");
    assert_eq!(
        g.state(None, 4).next_game.as_deref(),
        Some("0000000000000099")
    );
    assert_eq!(
        (next.side_of(W), next.side_of(B)),
        (Some(Color::Black), Some(Color::White))
    );
    let fresh = next.state(None, 4);
    assert_eq!(
        (fresh.moves.len(), fresh.left_ms, fresh.clock),
        (0, [180_000, 180_000], Some((180, 2)))
    );
}

mod fuzz {
    use super::*;
    use proptest::prelude::*;

    fn message() -> impl Strategy<Value = ClientMessage> {
        let squares = "[a-h][1-8][a-h][1-8][qrbn]?|[^\\\\s]{0,8}";
        prop_oneof![
            (squares, 0usize..12).prop_map(|(uci, ply)| ClientMessage::Move { uci, ply }),
            Just(ClientMessage::Resign),
            Just(ClientMessage::Draw),
            Just(ClientMessage::Decline),
            Just(ClientMessage::Abort),
            Just(ClientMessage::Takeback),
            Just(ClientMessage::DeclineTakeback),
            Just(ClientMessage::Rematch),
            Just(ClientMessage::ClaimVictory),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Whatever either player sends, in any order and at any time, the referee answers
        /// without panicking, and what it keeps always replays (a restart can take it up).
        #[test]
        fn any_messages_in_any_order_leave_a_game_that_replays(
            steps in proptest::collection::vec((any::<bool>(), message(), 0u64..120_000), 1..40),
            clocks in any::<bool>(),
        ) {
            let mut g = new_game(clocks.then_some(60), 1);
            let mut now = 1_000;
            for (white, m, wait) in steps {
                now += wait;
                let side = if white { Color::White } else { Color::Black };
                let _ = g.apply(side, &m, now);
                let _ = g.state(Some(side), now);
                let again = LiveGame::from_record(g.record().clone());
                prop_assert!(again.is_ok(), "{:?}", g.record());
                prop_assert_eq!(again.unwrap().over(), g.over());
            }
        }

        /// Any text, as the socket reads it, is refused with a sentence or is a message the
        /// referee then answers; a message read is the one its text says (written back, it
        /// reads the same), and the game it is played in still replays.
        #[test]
        fn any_text_is_a_message_the_referee_answers_or_refused(
            text in prop_oneof![
                "\\PC{0,200}",
                // Near misses of real messages: a known tag with a field gone or mistyped.
                (message(), "\\PC{0,3}").prop_map(|(m, noise)| {
                    let json = serde_json::to_string(&m).unwrap();
                    // Cut on a character's edge: a move's text may hold any character.
                    let cut = json.floor_char_boundary(json.len().saturating_sub(noise.len()));
                    format!("{}{noise}", &json[..cut])
                }),
                message().prop_map(|m| serde_json::to_string(&m).unwrap()),
            ],
        ) {
            match crate::play::read_message(&text) {
                Err(why) => prop_assert!(why.starts_with("not a message this server knows"), "{}", why),
                Ok(m) => {
                    let again = serde_json::to_string(&m).unwrap();
                    prop_assert_eq!(crate::play::read_message(&again), Ok(m.clone()));
                    let mut g = new_game(Some(60), 1);
                    let _ = g.apply(Color::White, &m, 2_000);
                    prop_assert!(LiveGame::from_record(g.record().clone()).is_ok());
                }
            }
        }
    }
}

/// The referee keeps the core's clock rules, as the page does: the same moves at the same times
/// give the same clocks (the page's side: `web/src/common/clock.rs`, with the same figures).
#[test]
fn the_same_moves_at_the_same_times_give_the_cores_clocks() {
    use topochess_core::clock::Clocks;
    let mut g = new_game(Some(60), 3);
    let mut rules = Clocks::new(60_000, 3_000);
    let line = ["g1f3", "g8f6", "f3g1", "f6g8", "b1c3", "b8c6", "c3b1"];
    let times = [500, 4_000, 9_500, 12_000, 30_250, 31_000, 47_777];
    for (ply, (uci, t)) in line.into_iter().zip(times).enumerate() {
        let mover = if ply.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        };
        g.apply(mover, &mv(uci, ply), t).unwrap();
        rules.moved(mover, ply + 1, t);
        assert_eq!(
            (g.record().left_ms, g.record().turn_since),
            (rules.left_ms, rules.since),
            "after move {}",
            ply + 1
        );
        let seen = g.state(None, t + 1_234).left_ms;
        assert_eq!(
            seen,
            [Color::White, Color::Black].map(|s| rules.left(s, !mover, t + 1_234))
        );
    }
    assert_eq!(
        g.record().left_ms,
        [28_473, 62_750],
        "by hand, as the page's test"
    );
}

#[test]
fn berserk_is_for_arena_games_once_before_the_first_move_and_drops_the_increment() {
    let mut casual = new_game(Some(180), 2);
    assert!(casual
        .apply(Color::White, &ClientMessage::Berserk, 2_000)
        .is_err());
    let arena = crate::store::arenas::Arena {
        id: 77,
        name: "A".into(),
        variant: "folded".into(),
        clock: (180, 2),
        rated: true,
        starts: 0,
        minutes: 30,
        code: None,
        creator: None,
        schedule: None,
        created: 0,
        players: 0,
        bots: false,
    };
    let seats = [seat_proof(W), seat_proof(B)];
    let mut g = LiveGame::for_arena(5, &arena, [player(1), player(2)], seats, 1_000).unwrap();
    assert_eq!(g.arena_id(), Some(77));
    assert_eq!(
        g.side_of_player("unknown-secret-00", Some(2)),
        Some(Color::Black)
    );
    g.apply(Color::White, &mv("e2e4", 0), 2_000).unwrap();
    assert!(
        g.apply(Color::White, &ClientMessage::Berserk, 2_500)
            .is_err(),
        "not after moving"
    );
    g.apply(Color::Black, &ClientMessage::Berserk, 3_000)
        .unwrap();
    assert!(
        g.apply(Color::Black, &ClientMessage::Berserk, 3_000)
            .is_err(),
        "once"
    );
    let state = g.state(None, 3_000);
    assert_eq!(
        (state.berserk, state.left_ms),
        ([false, true], [180_000, 90_000])
    );
    assert_eq!(state.arena.as_deref(), Some(id_text(77).as_str()));
    // Black's moves add nothing; White's add 2 s; kept and read back, the same.
    g.apply(Color::Black, &mv("e7e5", 1), 4_000).unwrap();
    g.apply(Color::White, &mv("g1f3", 2), 6_000).unwrap();
    g.apply(Color::Black, &mv("b8c6", 3), 9_000).unwrap();
    let again = LiveGame::from_record(g.record().clone()).unwrap();
    assert_eq!(
        again.state(None, 9_000).left_ms,
        [180_000, 87_000],
        "3 s off, no 2 s on"
    );
}

#[test]
fn a_declined_offer_is_not_made_again_for_ten_plies() {
    let mut g = new_game(Some(60), 0);
    for (ply, m) in ["e2e4", "e7e5", "g1f3"].iter().enumerate() {
        let side = if ply % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        g.apply(side, &mv(m, ply), 1).unwrap();
    }
    // Declined, a take-back request and a draw offer are refused when made again at once: the
    // opponent is not shown them over and over.
    g.apply(Color::White, &ClientMessage::Takeback, 2).unwrap();
    g.apply(Color::Black, &ClientMessage::DeclineTakeback, 3)
        .unwrap();
    let again = g
        .apply(Color::White, &ClientMessage::Takeback, 4)
        .unwrap_err();
    assert!(
        again.contains("declined") && again.contains("10 more plies"),
        "{again}"
    );
    assert_eq!(g.record().takeback_offer, None);
    g.apply(Color::White, &ClientMessage::Draw, 5).unwrap();
    g.apply(Color::Black, &ClientMessage::Decline, 6).unwrap();
    assert!(g.apply(Color::White, &ClientMessage::Draw, 7).is_err());
    assert_eq!(g.record().draw_offer, None);
    // Black's own offers are its own: Black may offer a draw.
    g.apply(Color::Black, &ClientMessage::Draw, 8).unwrap();
    g.apply(Color::White, &ClientMessage::Decline, 9).unwrap();
    // Ten plies later, White may ask again.
    let line = [
        "a7a6", "a2a3", "b7b6", "b2b3", "c7c6", "c2c3", "d7d6", "d2d3", "g7g6", "g2g3",
    ];
    for (i, m) in line.iter().enumerate() {
        let side = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        g.apply(side, &mv(m, 3 + i), 10).unwrap();
    }
    g.apply(Color::White, &ClientMessage::Draw, 11).unwrap();
    // An offer left unanswered lapses when the opponent moves on: declined too.
    g.apply(Color::Black, &mv("h7h6", 13), 12).unwrap();
    assert_eq!(g.record().draw_offer, None);
    assert!(g.apply(Color::White, &ClientMessage::Draw, 13).is_err());
    // The rule survives the store: a record read back refuses the same.
    let mut back = LiveGame::from_record(g.record().clone()).unwrap();
    assert!(back.apply(Color::White, &ClientMessage::Draw, 14).is_err());
}
