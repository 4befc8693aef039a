//! Accounts through the real server, as a browser and any program meet them: signing up and in
//! with every refusal, sessions ended here and everywhere, a new password, the limits per name
//! (counted together by servers sharing PostgreSQL) and per address, requests from another site's page; a rated game between two accounts in
//! which both ratings change as Glicko-2 says, seen in the game, the profile, the archive and the
//! PGN; a guest's games kept under a new account; a deleted account's games under "deleted
//! player".

use crate::common::*;
use topochess_core::Color;
use topochess_protocol::account::{GamesPage, Me, User};
use topochess_protocol::{ClientMessage, Created, GameState, ServerMessage};

#[tokio::test(flavor = "multi_thread")]
async fn accounts_sign_up_in_and_out_with_every_refusal() {
    let data = site("accounts");
    let port = free_port();
    let _server = Server::start(&data, port);
    let me = person(1);
    let post =
        |path: &str, body: &str, headers: &str| request(me, port, "POST", path, body, headers);
    for (name, password, why) in [
        ("a", "torus knight 8x14", "A name has"),
        ("no spaces", "torus knight 8x14", "A name has"),
        ("alice", "short", "at least 8"),
        ("alice", "password123", "most common"),
        ("alice", "ALICE", "at least 8"),
        ("alice_long", "Alice_Long", "cannot be the name"),
    ] {
        let (head, body) = post("/api/account/signup", &credentials(name, password), "");
        assert_eq!(status(&head), 400, "{name} {password}: {body}");
        assert!(body.contains(why), "{body}");
    }
    let (head, body) = post("/api/account/signup", "{\"name\":", "");
    assert_eq!(status(&head), 400, "{body}");
    let (head, body) = post(
        "/api/account/signup",
        &credentials("Alice", "torus knight 8x14"),
        "",
    );
    assert_eq!(status(&head), 201, "{body}");
    let set = head
        .lines()
        .find(|l| l.to_ascii_lowercase().starts_with("set-cookie"))
        .unwrap();
    assert!(
        set.contains("HttpOnly") && set.contains("SameSite=Lax"),
        "{set}"
    );
    let made: Me = serde_json::from_str(&body).unwrap();
    assert_eq!(made.name, "Alice");
    let signed = format!("Cookie: {}\r\n", cookie_of(&head));
    let (head, body) = post(
        "/api/account/signup",
        &credentials("ALICE", "another password"),
        "",
    );
    assert_eq!(
        (status(&head), body.contains("taken")),
        (400, true),
        "{body}"
    );

    let get = |path: &str, headers: &str| request(me, port, "GET", path, "", headers);
    let (head, body) = get("/api/account", &signed);
    assert_eq!(status(&head), 200);
    assert_eq!(serde_json::from_str::<Me>(&body).unwrap().name, "Alice");
    assert_eq!(status(&get("/api/account", "").0), 401);
    // The page's own question answers a guest as one, not with an error.
    let (head, body) = get("/api/account/session", "");
    assert_eq!((status(&head), body.as_str()), (200, r#"{"me":null}"#));
    let (head, body) = get("/api/account/session", &signed);
    assert_eq!(status(&head), 200);
    let session: topochess_protocol::account::Session = serde_json::from_str(&body).unwrap();
    assert_eq!(session.me.map(|m| m.name), Some("Alice".into()));
    // A request that carries the session from another site's page is refused, a form post and
    // a socket alike; from this site's page it is served.
    let evil = format!("{signed}Origin: https://evil.example\r\n");
    let (head, _) = post("/api/account/logout", "", &evil);
    assert_eq!(status(&head), 403);
    let (head, _) = post("/api/games", "{}", &evil);
    assert_eq!(status(&head), 403);
    let ws = format!("{evil}Connection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n");
    assert_eq!(
        status(&get("/api/games/0000000000000001/socket", &ws).0),
        403
    );
    let own = format!("{signed}Origin: http://127.0.0.1:{port}\r\n");
    assert_eq!(status(&get("/api/account", &own).0), 200);

    // One answer for a wrong password and an unknown name.
    let (wrong_head, wrong) = post(
        "/api/account/login",
        &credentials("alice", "torus knight 8x15"),
        "",
    );
    let (unknown_head, unknown) = post(
        "/api/account/login",
        &credentials("nobody", "torus knight 8x15"),
        "",
    );
    assert_eq!((status(&wrong_head), status(&unknown_head)), (400, 400));
    assert_eq!(wrong, unknown);
    assert!(!wrong_head.to_ascii_lowercase().contains("set-cookie"));
    let (head, _) = post(
        "/api/account/login",
        &credentials("aLiCe", "torus knight 8x14"),
        "",
    );
    assert_eq!(status(&head), 200);
    let second = format!("Cookie: {}\r\n", cookie_of(&head));
    assert_ne!(second, signed);

    // Logging out ends that session only; logging out everywhere ends them all.
    let (head, _) = post("/api/account/logout", "", &second);
    assert_eq!(status(&head), 204);
    assert!(head.contains("Max-Age=0"), "{head}");
    assert_eq!(status(&get("/api/account", &second).0), 401);
    assert_eq!(status(&get("/api/account", &signed).0), 200);
    let (head, _) = post(
        "/api/account/login",
        &credentials("alice", "torus knight 8x14"),
        "",
    );
    let third = format!("Cookie: {}\r\n", cookie_of(&head));
    assert_eq!(
        status(&post("/api/account/logout-everywhere", "", &third).0),
        204
    );
    assert_eq!(status(&get("/api/account", &signed).0), 401);
    assert_eq!(status(&get("/api/account", &third).0), 401);

    // A new password: the current one first; the other sessions end, this one stays.
    let (head, _) = post(
        "/api/account/login",
        &credentials("alice", "torus knight 8x14"),
        "",
    );
    let here = format!("Cookie: {}\r\n", cookie_of(&head));
    let (head, _) = post(
        "/api/account/login",
        &credentials("alice", "torus knight 8x14"),
        "",
    );
    let there = format!("Cookie: {}\r\n", cookie_of(&head));
    let change = |current: &str, new: &str| format!(r#"{{"current":"{current}","new":"{new}"}}"#);
    let (head, body) = post(
        "/api/account/password",
        &change("wrong one!", "klein bottle 8x14"),
        &here,
    );
    assert_eq!(status(&head), 400, "{body}");
    let (head, body) = post(
        "/api/account/password",
        &change("torus knight 8x14", "short"),
        &here,
    );
    assert_eq!(status(&head), 400, "{body}");
    let (head, body) = post(
        "/api/account/password",
        &change("torus knight 8x14", "klein bottle 8x14"),
        &here,
    );
    assert_eq!(status(&head), 200, "{body}");
    assert_eq!(status(&get("/api/account", &here).0), 200);
    assert_eq!(status(&get("/api/account", &there).0), 401);
    assert_eq!(
        status(
            &post(
                "/api/account/login",
                &credentials("alice", "torus knight 8x14"),
                ""
            )
            .0
        ),
        400
    );
    assert_eq!(
        status(
            &post(
                "/api/account/login",
                &credentials("alice", "klein bottle 8x14"),
                ""
            )
            .0
        ),
        200
    );
}

/// A sign-in from `from` at `port` as `name` with `password`: the status and the body.
fn login(from: std::net::Ipv4Addr, port: u16, name: &str, password: &str) -> (u16, String, String) {
    let (head, body) = request(
        from,
        port,
        "POST",
        "/api/account/login",
        &credentials(name, password),
        "",
    );
    (status(&head), head, body)
}

#[tokio::test(flavor = "multi_thread")]
async fn wrong_passwords_from_one_address_are_counted_across_two_servers() {
    let url = fresh_database("logins").await;
    let (pa, pb) = (free_port(), free_port());
    let _a = Server::start_with(&site("logins-a"), pa, &["--database", &url], &[]);
    let _b = Server::start_with(&site("logins-b"), pb, &["--database", &url], &[]);
    sign_up(person(1), pa, "target", "torus knight 8x14");
    // Five wrong passwords from one address, through one server then the other: the sixth
    // attempt from there is refused by either, the right password too.
    for n in 0..5 {
        let port = if n % 2 == 0 { pa } else { pb };
        let (code, _, body) = login(person(10), port, "target", &format!("guess number {n}"));
        assert_eq!(code, 400, "{body}");
    }
    for port in [pa, pb] {
        let (code, head, body) = login(person(10), port, "Target", "torus knight 8x14");
        assert_eq!(code, 429, "{body}");
        assert!(head.to_ascii_lowercase().contains("retry-after"), "{head}");
        assert!(body.contains("wrong passwords for this name"), "{body}");
    }
    // The owner, from their own address, signs in through either.
    for port in [pa, pb] {
        let (code, _, body) = login(person(40), port, "target", "torus knight 8x14");
        assert_eq!(code, 200, "{body}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_attacker_is_throttled_and_the_owner_never_locked_out() {
    let data = site("logins");
    let port = free_port();
    let _server = Server::start(&data, port);
    let cookie = sign_up(person(1), port, "target", "torus knight 8x14");
    // Ten wrong passwords at one name, each from another address: each is only told it is wrong.
    for n in 0..10 {
        let (code, _, body) = login(person(10 + n), port, "target", &format!("guess {n}"));
        assert_eq!(code, 400, "{body}");
    }
    // The name is under attack: an address that never failed at it waits before its attempt is
    // checked, and the owner's right password signs in all the same.
    let started = std::time::Instant::now();
    let (code, _, body) = login(person(40), port, "TARGET", "torus knight 8x14");
    assert_eq!(code, 200, "{body}");
    assert!(
        started.elapsed() >= std::time::Duration::from_secs(2),
        "slowed"
    );
    // While signed in, the owner's own account actions are never refused for others' guesses.
    let change = r#"{"current":"torus knight 8x14","new":"klein bottle rook 14"}"#;
    let (head, body) = request(
        person(1),
        port,
        "POST",
        "/api/account/password",
        change,
        &cookie,
    );
    assert_eq!(status(&head), 200, "{body}");
    // One address failing five times at one name is refused there, with Retry-After, and told
    // so without blaming anyone else; the owner, elsewhere, signs in.
    for n in 0..5 {
        let (code, _, _) = login(person(20), port, "target", &format!("again {n}"));
        assert_eq!(code, 400);
    }
    let (code, head, body) = login(person(20), port, "target", "klein bottle rook 14");
    assert_eq!(code, 429, "{body}");
    assert!(head.to_ascii_lowercase().contains("retry-after"), "{head}");
    assert!(
        body.contains("wrong passwords for this name from this address"),
        "{body}"
    );
    let (code, _, body) = login(person(41), port, "target", "klein bottle rook 14");
    assert_eq!(code, 200, "{body}");
    // Thirty tries from one address at thirty names, then the next is refused. The quota is 30
    // in 10 minutes, a try given back every 20 s (governor's cells): a loaded machine that took
    // T seconds over the tries may see T / 20 more accepted before the refusal, never more.
    let started = std::time::Instant::now();
    let mut accepted = 0;
    let body = loop {
        let (code, _, body) = login(person(50), port, &format!("name{accepted}"), "whatever");
        if code == 429 {
            break body;
        }
        assert_eq!(code, 400, "{body}");
        accepted += 1;
        let given_back = started.elapsed().as_secs() / 20 + 1;
        assert!(
            accepted <= 30 + given_back,
            "{accepted} tries accepted in {:?}",
            started.elapsed()
        );
    };
    assert!(accepted >= 30, "thirty tries are allowed, not {accepted}");
    assert!(body.contains("sign-in attempts"), "{body}");
    // Ten accounts an hour from an address.
    for n in 0..10 {
        sign_up(person(60), port, &format!("new{n}"), "torus knight 8x14");
    }
    let (head, _) = request(
        person(60),
        port,
        "POST",
        "/api/account/signup",
        &credentials("new10", "torus knight 8x14"),
        "",
    );
    assert_eq!(status(&head), 429);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unknown_name_costs_the_server_what_a_wrong_password_does() {
    let data = site("logins-timing");
    let port = free_port();
    let server = Server::start(&data, port);
    let pid = server.child.id();
    sign_up(person(1), port, "someone", "torus knight 8x14");
    // The decoy's hash is made for the first unknown name: made before the count.
    login(person(99), port, "no-one-here", "a wrong password");
    // Twenty tries of each, taken in turn, four from each address (under the limits per address
    // and per name and address), each counted in the CPU time the server spent on it.
    let (mut known, mut unknown) = (0, 0);
    for n in 0..20 {
        let from = person(100 + n / 4);
        for (name, ticks) in [("someone", &mut known), ("no-one-here", &mut unknown)] {
            let before = cpu_ticks(pid);
            let (code, _, body) = login(from, port, name, "a wrong password");
            *ticks += cpu_ticks(pid) - before;
            assert_eq!(code, 400, "{body}");
            assert!(body.contains("Wrong name or password."));
        }
    }
    // Both hash a password (about 25 ms of a core each); without the decoy an unknown name cost
    // the server about 1 ms. The server's CPU time, not the wall clock's: the hashers run at the
    // lowest priority, and on a loaded machine they waited for a core as long as chance had it
    // (medians of a wrong password 596 ms, of an unknown name 165 ms, in one run).
    assert!(
        unknown * 2 > known && known * 2 > unknown,
        "the server's CPU: a wrong password {known} ticks, an unknown name {unknown}"
    );
}

/// The CPU time process `pid` has used (user and system), in the kernel's clock ticks (10 ms).
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("the server's stat");
    // After the command's name (in parentheses): the state is field 3, utime 14 and stime 15.
    let fields: Vec<&str> = stat[stat.rfind(')').expect("a name") + 2..]
        .split(' ')
        .collect();
    fields[11].parse::<u64>().expect("utime") + fields[12].parse::<u64>().expect("stime")
}

/// The next state that `done` says is the one.
async fn state_where(socket: &mut Socket, done: impl Fn(&GameState) -> bool) -> GameState {
    loop {
        if let ServerMessage::State(s) = next(socket).await {
            if done(&s) {
                return *s;
            }
        }
    }
}

fn rated_game(secret: &str) -> String {
    format!(
        r#"{{"variant":"folded","castling":"","base_secs":300,"increment_secs":0,"side":"white","secret":"{secret}","public":true,"rated":true}}"#
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn a_rated_game_changes_both_ratings_as_glicko_2_says() {
    let data = site("rated");
    let port = free_port();
    let _server = Server::start(&data, port);
    let (anna_at, boris_at, guest_at) = (person(1), person(2), person(3));
    let anna = sign_up(anna_at, port, "anna", "torus knight 8x14");
    let boris = sign_up(boris_at, port, "boris", "klein bottle 8x14");
    let (wa, wb, wg) = (
        "anna-secret-0123456789",
        "boris-secret-012345678",
        "guest-secret-012345678",
    );

    // A guest cannot create a rated game.
    let (head, body) = request(guest_at, port, "POST", "/api/games", &rated_game(wg), "");
    assert_eq!(status(&head), 400, "{body}");
    assert!(body.contains("sign in"), "{body}");
    let (head, body) = request(anna_at, port, "POST", "/api/games", &rated_game(wa), &anna);
    assert_eq!(status(&head), 201, "{body}");
    let id = serde_json::from_str::<Created>(&body).unwrap().id;
    let lobby = lobby(port);
    let seek = lobby.seeks.iter().find(|g| g.id == id).unwrap();
    assert!(seek.rated);
    assert_eq!(seek.players[0].as_ref().unwrap().name, "anna");

    let mut white = seated(anna_at, port, &id, wa, &anna).await;
    // A guest taking the seat is told why not, and watches.
    let mut guest = seated(guest_at, port, &id, wg, "").await;
    match next(&mut guest).await {
        ServerMessage::Error { message } => assert!(message.contains("sign in"), "{message}"),
        other => panic!("{other:?}"),
    }
    let watching = state_where(&mut guest, |_| true).await;
    assert_eq!((watching.you, watching.seated), (None, [true, false]));
    let mut black = seated(boris_at, port, &id, wb, &boris).await;
    let start = state_where(&mut black, |_| true).await;
    assert_eq!(start.you, Some(Color::Black));
    assert!(start.rated);
    let tags = start.players.clone().map(|p| p.unwrap());
    assert_eq!(
        (tags[0].name.as_str(), tags[1].name.as_str()),
        ("anna", "boris")
    );
    assert_eq!((tags[0].rating, tags[0].provisional), (Some(1500), true));
    // No take-backs in a rated game.
    send(&mut white, &mv("e2e4", 0)).await;
    state_at(&mut black, 1).await;
    send(&mut black, &mv("e7e5", 1)).await;
    state_at(&mut white, 2).await;
    send(&mut white, &ClientMessage::Takeback).await;
    assert!(refused(&mut white).await.contains("take-back"));
    send(&mut white, &ClientMessage::Resign).await;
    let ended = state_where(&mut black, |s| {
        s.players[1].as_ref().is_some_and(|p| p.diff.is_some())
    })
    .await;

    // Two new players, one game: Glicko-2 with lichess's constants, computed here on its own.
    let sys = topochess_rating::System::default();
    let fresh = sys.new_rating();
    let after = |score| {
        let r = sys.rate(
            &fresh,
            &[topochess_rating::Result {
                opponent: fresh,
                score,
            }],
            0.0,
        );
        (r.rating.round() as i32, r.deviation.round() as i32)
    };
    let (anna_after, boris_after) = (after(0.0), after(1.0));
    let diffs = ended.players.clone().map(|p| p.unwrap().diff.unwrap());
    assert_eq!(diffs, [anna_after.0 - 1500, boris_after.0 - 1500]);
    let user = |name: &str| {
        let (head, body) = request(guest_at, port, "GET", &format!("/api/user/{name}"), "", "");
        assert_eq!(status(&head), 200, "{body}");
        serde_json::from_str::<User>(&body).unwrap()
    };
    let a = user("ANNA");
    assert_eq!(a.name, "anna");
    let folded = &a.ratings["folded"];
    assert_eq!(
        (folded.rating, folded.rd, folded.games),
        (anna_after.0, anna_after.1, 1)
    );
    assert!(folded.provisional);
    assert_eq!(user("boris").ratings["folded"].rating, boris_after.0);
    assert_eq!(
        a.ratings.len(),
        topochess_core::PRESETS.len(),
        "every preset listed"
    );
    assert_eq!(
        (a.ratings["torus"].rating, a.ratings["torus"].rd),
        (1500, 500)
    );

    // A rated game aborted before both moved changes nothing.
    let (_, body) = request(anna_at, port, "POST", "/api/games", &rated_game(wa), &anna);
    let id2 = serde_json::from_str::<Created>(&body).unwrap().id;
    let mut white2 = seated(anna_at, port, &id2, wa, &anna).await;
    let mut black2 = seated(boris_at, port, &id2, wb, &boris).await;
    state_where(&mut white2, |s| s.seated == [true, true]).await;
    send(&mut white2, &ClientMessage::Abort).await;
    state_where(&mut black2, |s| s.aborted).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(user("anna").ratings["folded"].games, 1);

    // The archive and the PGN.
    let (head, body) = request(
        guest_at,
        port,
        "GET",
        "/api/user/anna/games?preset=folded&result=loss",
        "",
        "",
    );
    assert_eq!(status(&head), 200, "{body}");
    let page: GamesPage = serde_json::from_str(&body).unwrap();
    assert_eq!(page.games.len(), 1, "the aborted game is not listed");
    assert_eq!(
        (page.games[0].result.as_str(), page.games[0].ending.as_str()),
        ("0-1", "resignation")
    );
    let (_, body) = request(
        guest_at,
        port,
        "GET",
        "/api/user/anna/games?result=win",
        "",
        "",
    );
    assert!(serde_json::from_str::<GamesPage>(&body)
        .unwrap()
        .games
        .is_empty());
    let (head, _) = request(
        guest_at,
        port,
        "GET",
        "/api/user/anna/games?result=maybe",
        "",
        "",
    );
    assert_eq!(status(&head), 400);
    let (head, pgn) = request(guest_at, port, "GET", "/api/games/user/anna?max=10", "", "");
    assert!(head.contains("application/x-chess-pgn"), "{head}");
    for tag in [
        "[Event \"Rated folded game\"]",
        "[White \"anna\"]",
        "[Black \"boris\"]",
        "[WhiteElo \"1500\"]",
        "[BlackElo \"1500\"]",
        "[Variant \"folded\"]",
        "[TimeControl \"300+0\"]",
        "[Result \"0-1\"]",
        "[Termination \"Normal\"]",
    ] {
        assert!(pgn.contains(tag), "{tag} in {pgn}");
    }
    assert!(pgn.contains("1. e4 e5 0-1"), "{pgn}");
    let history = request(
        guest_at,
        port,
        "GET",
        "/api/user/anna/rating-history",
        "",
        "",
    )
    .1;
    assert!(
        history.contains(&format!("\"rating\":{}", anna_after.0)),
        "{history}"
    );
    assert_eq!(
        status(&request(guest_at, port, "GET", "/api/user/nobody", "", "").0),
        404
    );

    // Boris deletes his account: his games stay, under "deleted player".
    let (head, _) = request(
        boris_at,
        port,
        "POST",
        "/api/account/delete",
        r#"{"password":"wrong password"}"#,
        &boris,
    );
    assert_eq!(status(&head), 400);
    let (head, body) = request(
        boris_at,
        port,
        "POST",
        "/api/account/delete",
        r#"{"password":"klein bottle 8x14"}"#,
        &boris,
    );
    assert_eq!(status(&head), 204, "{body}");
    assert_eq!(
        status(&request(guest_at, port, "GET", "/api/user/boris", "", "").0),
        404
    );
    let (_, pgn) = request(guest_at, port, "GET", "/api/games/user/anna", "", "");
    assert!(pgn.contains("[Black \"deleted player\"]"), "{pgn}");
    assert_eq!(
        status(&request(boris_at, port, "GET", "/api/account", "", &boris).0),
        401
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_guests_games_are_kept_under_the_account_made_in_their_browser() {
    let data = site("claim");
    let port = free_port();
    let _server = Server::start(&data, port);
    let (me, them) = (person(1), person(2));
    let (mine, theirs) = ("my-browser-secret-01234", "their-secret-0123456789");
    let created = create_from(me, port, &folded_game(mine, false));
    let mut white = connect_from(me, port, &created.id, Some(mine)).await;
    let mut black = connect_from(them, port, &created.id, Some(theirs)).await;
    send(&mut white, &mv("e2e4", 0)).await;
    state_at(&mut black, 1).await;
    let cookie = sign_up(me, port, "newcomer", "torus knight 8x14");
    let claim = |keep: bool| format!(r#"{{"secret":"{mine}","keep":{keep}}}"#);
    let (head, body) = request(
        me,
        port,
        "POST",
        "/api/account/claim",
        &claim(false),
        &cookie,
    );
    assert_eq!((status(&head), body.as_str()), (200, r#"{"games":1}"#));
    let (_, body) = request(
        me,
        port,
        "POST",
        "/api/account/claim",
        &claim(true),
        &cookie,
    );
    assert_eq!(body, r#"{"games":1}"#);
    let named = state_where(&mut black, |s| s.players[0].is_some()).await;
    assert_eq!(named.players[0].as_ref().unwrap().name, "newcomer");
    assert!(
        named.players[1].is_none() && !named.rated,
        "the other stays a guest; casual"
    );
    let (_, body) = request(
        me,
        port,
        "POST",
        "/api/account/claim",
        &claim(true),
        &cookie,
    );
    assert_eq!(body, r#"{"games":0}"#, "kept once");
    assert_eq!(
        status(&request(me, port, "POST", "/api/account/claim", &claim(true), "").0),
        401
    );
    // The account plays on from another device (another secret): the same seat.
    let mut elsewhere = seated(
        person(9),
        port,
        &created.id,
        "another-device-0123456",
        &cookie,
    )
    .await;
    let seen = state_where(&mut elsewhere, |_| true).await;
    assert_eq!(seen.you, Some(Color::White));
}

#[tokio::test(flavor = "multi_thread")]
async fn look_alike_reserved_and_closed_names_are_refused() {
    let data = site("names");
    let port = free_port();
    let _server = Server::start(&data, port);
    let signup = |from, name: &str| {
        request(
            from,
            port,
            "POST",
            "/api/account/signup",
            &credentials(name, "torus knight 8x14"),
            "",
        )
    };
    let paul = sign_up(person(1), port, "paul", "torus knight 8x14");
    for (n, twin) in ["pauI", "PAUL", "pau1"].iter().enumerate() {
        let (head, body) = signup(person(2 + n), twin);
        assert_eq!(status(&head), 400, "{twin}: {body}");
        assert!(body.contains("That name is taken."), "{body}");
    }
    for (n, reserved) in ["admin", "Anonymous", "deleted-player", "Topochess"]
        .iter()
        .enumerate()
    {
        let (head, body) = signup(person(10 + n), reserved);
        assert_eq!(status(&head), 400, "{reserved}: {body}");
        assert!(body.contains("reserved"), "{body}");
    }
    // A closed account's name is never given again.
    let (head, body) = request(
        person(1),
        port,
        "POST",
        "/api/account/delete",
        r#"{"password":"torus knight 8x14"}"#,
        &paul,
    );
    assert_eq!(status(&head), 204, "{body}");
    let (head, body) = signup(person(20), "paul");
    assert_eq!(status(&head), 400, "{body}");
    assert!(body.contains("That name is taken."), "{body}");
    // Eight spaces are no password.
    let (head, body) = request(
        person(21),
        port,
        "POST",
        "/api/account/signup",
        &credentials("spaces", "        "),
        "",
    );
    assert_eq!(status(&head), 400, "{body}");
    assert!(body.contains("only spaces"), "{body}");
}
