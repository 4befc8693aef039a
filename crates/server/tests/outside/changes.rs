//! Moves sent as changes: a page that takes changes (its hello's `have`) is sent the whole state
//! once, then each change alone; a move late in a long game costs what an early one does; a page
//! that reconnects with its version is sent only what it missed, and one too old the whole state.

use crate::common::*;
use futures_util::{SinkExt, StreamExt};
use std::net::Ipv4Addr;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;
use topochess_protocol::{ClientMessage, GameChange, GameState, Hello, ServerMessage};

/// A line of `plies` random legal moves on the folded board that does not end the game.
fn long_line(plies: usize) -> Vec<String> {
    (1..10_000u64)
        .map(|seed| crate::lines::random_line(seed, plies))
        .find(|(moves, ended)| moves.len() == plies && !ended)
        .map(|(moves, _)| moves)
        .unwrap_or_else(|| panic!("no line of {plies} plies"))
}

/// A legal move after `line` other than `not`.
fn another_move(line: &[String], not: &str) -> String {
    use topochess_core::{game::Game, san, Position, Variant};
    let variant = std::sync::Arc::new(Variant::preset("folded", None).unwrap());
    let mut game = Game::new(Position::start(variant));
    for uci in line {
        let mv = san::parse_move(game.position(), uci).unwrap();
        game.play(mv).unwrap();
    }
    game.position()
        .legal_moves()
        .into_iter()
        .map(|mv| san::to_coordinate(game.position(), mv))
        .find(|uci| uci != not)
        .expect("another legal move")
}

/// The next state (whole) on a page that takes none, where `done` holds.
async fn state_where(socket: &mut Socket, done: impl Fn(&GameState) -> bool) -> GameState {
    loop {
        if let ServerMessage::State(s) = next(socket).await {
            if done(&s) {
                return *s;
            }
        }
    }
}

/// A spectator's socket at game `id` that takes changes, having version `have`.
async fn watcher(from: Ipv4Addr, port: u16, id: &str, have: u64) -> Socket {
    let mut socket = open_from(from, port, id).await;
    let hello = Hello {
        secret: None,
        have: Some(have),
        side: None,
    };
    let text = serde_json::to_string(&hello).unwrap();
    socket.send(Message::Text(text.into())).await.unwrap();
    socket
}

/// The next message as sent: its text, and what it says.
async fn heard(socket: &mut Socket) -> (String, ServerMessage) {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .expect("a message within 10 s")
            .expect("the socket stays open")
            .unwrap();
        if let Message::Text(t) = m {
            let said = ServerMessage::from_json(&t).expect("a server message");
            return (t.to_string(), said);
        }
    }
}

/// Reads the watcher's messages until its game has `plies` moves, each change applied to
/// `state`; the bytes of the message that made the last ply.
async fn follow(socket: &mut Socket, state: &mut Option<GameState>, plies: usize) -> usize {
    loop {
        let (text, said) = heard(socket).await;
        let now = match said {
            ServerMessage::Change(change) => {
                let had = state.as_ref().expect("a change after a whole state");
                change
                    .apply(had)
                    .unwrap_or_else(|| panic!("{change:?} made on {}", had.v))
            }
            ServerMessage::State(whole) => *whole,
            other => panic!("{other:?}"),
        };
        let done = now.moves.len() == plies;
        *state = Some(now);
        if done {
            return text.len();
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_late_move_costs_what_an_early_one_does_and_a_page_back_gets_what_it_missed() {
    let data = site("changes");
    let server = Server::start(&data, free_port());
    let port = server.port;
    let line = long_line(200);
    let (ws, bs) = ("changes-white-0123456789", "changes-black-0123456789");
    let game = create(port, &folded_game(ws, false));
    // Each side plays through five pages in turn: a page may send 20 messages at once, and a
    // hundred moves a side in a row would be slowed down.
    let mut players = Vec::new();
    for n in 0..10 {
        let secret = if n % 2 == 0 { ws } else { bs };
        players.push(connect_from(person(1 + n % 2), port, &game.id, Some(secret)).await);
    }
    while !state_at(&mut players[0], 0).await.seated[1] {}
    let mut watching = watcher(person(3), port, &game.id, 0).await;
    let mut leaving = watcher(person(3), port, &game.id, 0).await;
    // A page of before: the whole state every time.
    let mut whole_states = connect_from(person(3), port, &game.id, None).await;
    let (mut seen, mut seen_leaving, mut whole) = (None, None, None);
    let (mut bytes, mut whole_bytes) = (Vec::new(), Vec::new());
    for (ply, uci) in line.iter().enumerate() {
        let mover = &mut players[ply % 2 + 2 * (ply / 2 % 5)];
        send(mover, &mv(uci, ply)).await;
        state_at(mover, ply + 1).await;
        bytes.push(follow(&mut watching, &mut seen, ply + 1).await);
        whole_bytes.push(follow(&mut whole_states, &mut whole, ply + 1).await);
        if ply < 190 {
            follow(&mut leaving, &mut seen_leaving, ply + 1).await;
        }
    }
    drop(leaving);
    let (at_10, at_200) = (bytes[9], bytes[199]);
    eprintln!(
        "a spectator's bytes for a move: {at_10} at ply 10, {at_200} at ply 200 \
         (the whole state: {} and {})",
        whole_bytes[9], whole_bytes[199]
    );
    assert!(at_10 < 300 && at_200 < 300, "{at_10} and {at_200} bytes");
    assert!(
        at_200.abs_diff(at_10) <= 8,
        "about the same: {at_10} and {at_200}"
    );
    assert_eq!(seen.unwrap().moves, line);
    // Back with the version it has: the ten moves missed, as one change.
    // (The page that left at ply 190.)
    let mut before = seen_leaving.unwrap();
    let mut back = watcher(person(3), port, &game.id, before.v).await;
    let (text, said) = heard(&mut back).await;
    let ServerMessage::Change(missed) = said else {
        panic!("only what was missed: {said:?}");
    };
    assert_eq!(missed.moves, line[190..]);
    assert!(text.len() < 400, "{} bytes", text.len());
    before = missed.apply(&before).unwrap();
    // As a page that came afresh sees it.
    let mut fresh = watcher(person(4), port, &game.id, 0).await;
    let ServerMessage::State(whole) = heard(&mut fresh).await.1 else {
        panic!("the whole state to a new page");
    };
    assert_eq!((&before.moves, before.v), (&whole.moves, whole.v));
    assert_eq!(before.moves.len(), 200);
    assert_eq!(
        GameChange::between(&before, &whole).rest,
        None,
        "nothing else differs"
    );
    // A version the server no longer keeps: the whole state.
    let mut old = watcher(person(5), port, &game.id, 3).await;
    assert!(matches!(heard(&mut old).await.1, ServerMessage::State(_)));
    // Black's last move taken back and another played instead: a page of the version before
    // has moves the game no longer has, and is sent the whole state.
    // Each player's pages above have spent their burst of 20 messages (20 moves each, in half a
    // second when the machine is idle): the takeback is made on fresh pages, whose messages are
    // not refused for their pace however fast the moves went.
    let at_200 = whole.v;
    let mut b_page = connect_from(person(2), port, &game.id, Some(bs)).await;
    let mut w_page = connect_from(person(1), port, &game.id, Some(ws)).await;
    send(&mut b_page, &ClientMessage::Takeback).await;
    state_where(&mut w_page, |s| s.takeback_offer.is_some()).await;
    send(&mut w_page, &ClientMessage::Takeback).await;
    state_at(&mut b_page, 199).await;
    let other = another_move(&line[..199], &line[199]);
    send(&mut b_page, &mv(&other, 199)).await;
    state_at(&mut b_page, 200).await;
    let mut stale = watcher(person(6), port, &game.id, at_200).await;
    let ServerMessage::State(now) = heard(&mut stale).await.1 else {
        panic!("the whole state to a page whose moves were taken back");
    };
    assert_eq!(now.moves[199], other);
    let _ = std::fs::remove_dir_all(&data);
}
