//! `topochess bot`: joins a Topochess site as a program (a bot account's token, or any account's
//! with `board:play`) through lichess's Bot API (`docs/api.md`), and plays with any player a
//! match takes (`engine`, `level:N`, `uci:PATH`: an outside UCI engine, our rules refereeing it)
//! on every preset, wrapped ones included. It accepts each challenge sent to it on a preset it
//! knows (declining the others with `variant`), plays every game it is in, each on a thread of
//! its own, and reconnects when the site goes away: it runs as a service.

use crate::matches::{Player, Seat};
use crate::move_text;
use serde_json::Value;
use std::collections::HashSet;
use std::io::{BufRead, BufReader};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use topochess_core::game::Game;
use topochess_core::{Color, Position, Variant};
use topochess_search::Dice;

/// How the bot plays and where.
#[derive(Clone, Debug)]
pub struct Options {
    /// The site's address (`http://127.0.0.1:8080`).
    pub url: String,
    /// The account's token.
    pub token: String,
    /// Who plays its moves (as `topochess match` names a player).
    pub player: String,
    /// Milliseconds a move.
    pub ms: u64,
    /// Games to play before it stops (none: forever, as a service).
    pub games: Option<u32>,
}

/// The site, as the bot speaks to it.
#[derive(Clone)]
struct Site {
    agent: ureq::Agent,
    url: String,
    token: String,
}

impl Site {
    fn request(&self, method: &str, path: &str) -> ureq::Request {
        self.agent
            .request(method, &format!("{}{path}", self.url))
            .set("Authorization", &format!("Bearer {}", self.token))
    }

    /// `GET path`'s JSON.
    fn get(&self, path: &str) -> Result<Value, String> {
        let answer = self.request("GET", path).call().map_err(said)?;
        answer.into_json().map_err(|e| format!("{path}: {e}"))
    }

    /// `POST path`, its answer read and dropped.
    fn post(&self, path: &str) -> Result<(), String> {
        self.request("POST", path).call().map_err(said)?;
        Ok(())
    }

    /// The lines of the stream at `path`, empty ones skipped, until it ends.
    fn stream(&self, path: &str) -> Result<impl Iterator<Item = Value>, String> {
        let answer = self.request("GET", path).call().map_err(said)?;
        let lines = BufReader::new(answer.into_reader()).lines();
        Ok(lines
            .map_while(Result::ok)
            .filter(|l| !l.trim().is_empty())
            .filter_map(|l| serde_json::from_str(&l).ok()))
    }
}

/// What a refusal said (lichess's `error`), or the failure.
fn said(e: ureq::Error) -> String {
    match e {
        ureq::Error::Status(code, answer) => {
            let body: Value = answer.into_json().unwrap_or_default();
            format!("{code}: {}", body["error"].as_str().unwrap_or("refused"))
        }
        other => other.to_string(),
    }
}

/// Plays on the site until it has played `games` (forever if none), reconnecting when it goes.
pub fn run(options: Options) -> Result<(), String> {
    Player::parse(&options.player, 1_000_000, Some(options.ms))?;
    let agent = ureq::AgentBuilder::new()
        .timeout_connect(Duration::from_secs(10))
        // A stream sends a line every few seconds: longer silence is a lost connection.
        .timeout_read(Duration::from_secs(30))
        .build();
    let site = Site {
        agent,
        url: options.url.trim_end_matches('/').to_string(),
        token: options.token.clone(),
    };
    let me = site.get("/api/account")?;
    let name = me["username"].as_str().unwrap_or_default().to_string();
    eprintln!("signed in as {}{name}", title(&me));
    let playing = Arc::new(Mutex::new(HashSet::new()));
    let mut started = 0u32;
    let mut threads = Vec::new();
    loop {
        match site.stream("/api/stream/event") {
            Ok(events) => {
                for event in events {
                    if let Some(game) = on_event(&site, &event, &name, &playing) {
                        started += 1;
                        let (site, how, playing) = (site.clone(), options.clone(), playing.clone());
                        let me = name.to_lowercase();
                        threads.push(std::thread::spawn(move || {
                            if let Err(e) = play(&site, &game, &me, &how) {
                                eprintln!("game {game}: {e}");
                            }
                            playing
                                .lock()
                                .unwrap_or_else(|p| p.into_inner())
                                .remove(&game);
                        }));
                        if options.games.is_some_and(|most| started >= most) {
                            for t in threads {
                                let _ = t.join();
                            }
                            return Ok(());
                        }
                    }
                }
                eprintln!("the event stream ended: connecting again");
            }
            Err(e) => eprintln!("the event stream: {e}: connecting again in 5 s"),
        }
        std::thread::sleep(Duration::from_secs(5));
    }
}

/// `BOT ` for a bot's account.
fn title(account: &Value) -> String {
    account["title"]
        .as_str()
        .map(|t| format!("{t} "))
        .unwrap_or_default()
}

/// Answers `event`: a challenge to the bot accepted on a preset it knows, declined on another;
/// a game started and not yet played here, its id.
fn on_event(
    site: &Site,
    event: &Value,
    me: &str,
    playing: &Mutex<HashSet<String>>,
) -> Option<String> {
    match event["type"].as_str()? {
        "challenge" => {
            let c = &event["challenge"];
            let id = c["id"].as_str()?;
            if !c["destUser"]["name"].as_str()?.eq_ignore_ascii_case(me) {
                return None;
            }
            let preset = c["variant"]["key"].as_str().unwrap_or_default();
            let answer = if Variant::preset(preset, None).is_ok() {
                eprintln!("accepting challenge {id} ({preset})");
                site.post(&format!("/api/challenge/{id}/accept"))
            } else {
                site.post(&format!("/api/challenge/{id}/decline?reason=variant"))
            };
            if let Err(e) = answer {
                eprintln!("challenge {id}: {e}");
            }
            None
        }
        "gameStart" => {
            let id = event["game"]["gameId"].as_str()?.to_string();
            let new = playing
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .insert(id.clone());
            new.then_some(id)
        }
        _ => None,
    }
}

/// Plays game `id` as `me` (a name in lower case) until it ends.
fn play(site: &Site, id: &str, me: &str, options: &Options) -> Result<(), String> {
    let mut stream = site.stream(&format!("/api/bot/game/stream/{id}"))?;
    let full = stream.next().ok_or("the game's stream said nothing")?;
    let preset = full["variant"]["key"].as_str().unwrap_or("standard");
    let variant = Arc::new(Variant::preset(preset, None).map_err(|e| e.to_string())?);
    let side = if full["white"]["id"].as_str() == Some(me) {
        Color::White
    } else {
        Color::Black
    };
    let player = Player::parse(&options.player, 1_000_000, Some(options.ms))?;
    let mut seat = Seat::new(player, &variant);
    let mut dice = Dice::new(id.bytes().fold(7, |h, b| h.wrapping_mul(31) ^ u64::from(b)));
    eprintln!("game {id}: {preset}, playing {side:?}");
    let states =
        std::iter::once(full["state"].clone()).chain(stream.filter(|e| e["type"] == "gameState"));
    for state in states {
        if state["status"] != "started" {
            eprintln!("game {id}: {}", state["status"]);
            return Ok(());
        }
        let game = replay(&variant, state["moves"].as_str().unwrap_or_default())?;
        if game.position().turn() != side || game.outcome().is_some() {
            continue;
        }
        let mv = seat.choose(&game, &mut dice)?;
        let text = move_text::to_text(game.position(), mv);
        // Over the site's limit (429), the move is sent again a second later, three times.
        for attempt in 1..=4 {
            match site.post(&format!("/api/bot/game/{id}/move/{text}")) {
                Err(e) if e.starts_with("429") && attempt < 4 => {
                    std::thread::sleep(Duration::from_secs(1));
                }
                Err(e) => {
                    eprintln!("game {id}: the move {text}: {e}");
                    break;
                }
                Ok(()) => break,
            }
        }
    }
    Ok(())
}

/// The game after `moves` (coordinates, space-separated) from the start.
fn replay(variant: &Arc<Variant>, moves: &str) -> Result<Game, String> {
    let mut game = Game::new(Position::start(variant.clone()));
    for text in moves.split_whitespace() {
        let mv = move_text::parse(game.position(), text)
            .ok_or_else(|| format!("the site's move {text} is not one here"))?;
        game.play(mv).map_err(|e| e.to_string())?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_games_moves_replay_on_a_wrapped_board() {
        let folded = Arc::new(Variant::preset("folded", None).unwrap());
        let game = replay(&folded, "e2e4 e7e5 g1f3").unwrap();
        assert_eq!(game.moves().len(), 3);
        assert_eq!(game.position().turn(), Color::Black);
        assert!(replay(&folded, "e2e5").is_err());
    }
}
