//! Our games and challenges as lichess's API writes them (`docs/api.md`, "Programs at the
//! table"), so that lichess's own clients (`berserk`, `lichess-bot`) read them unchanged: a
//! variant as `{key, name}` (a preset's id and name; standard chess exactly lichess's), a speed
//! and a perf, a clock in milliseconds, the moves in coordinates, a status by lichess's names.

use crate::record::Record;
use crate::store::challenges::{Challenge, Status};
use serde_json::{json, Value};
use topochess_core::game::Outcome;
use topochess_core::Color;
use topochess_protocol::{id_text, GameState, PlayerTag, Side};

/// A preset as lichess writes a variant: its id as the key and its name (standard chess is
/// lichess's `{"key": "standard", "name": "Standard"}`).
pub fn variant(preset: &str) -> Value {
    if preset == "standard" {
        return json!({"key": "standard", "name": "Standard"});
    }
    let name = topochess_core::variant::preset(preset).map_or(preset, |p| p.name);
    json!({"key": preset, "name": name})
}

/// A clock's speed as lichess names it, by the game's estimated length (the start's seconds
/// and forty moves' increments); a game without a clock is `correspondence`.
pub fn speed(clock: Option<(u32, u32)>) -> &'static str {
    let Some((base, increment)) = clock else {
        return "correspondence";
    };
    match base + 40 * increment {
        0..30 => "ultraBullet",
        30..180 => "bullet",
        180..480 => "blitz",
        480..1500 => "rapid",
        _ => "classical",
    }
}

/// The rating a game counts for, as lichess names its perf: for standard chess the speed's
/// (`Blitz`), for another preset the preset's own (each preset is rated apart).
pub fn perf(preset: &str, clock: Option<(u32, u32)>) -> String {
    if preset == "standard" {
        let s = speed(clock);
        let mut name = s[..1].to_uppercase();
        name.push_str(&s[1..]);
        return name;
    }
    topochess_core::variant::preset(preset).map_or(preset.to_string(), |p| p.name.to_string())
}

/// A player as lichess writes one at a game or a challenge: `id` (the name in lower case),
/// `name`, `rating`, `provisional`, and `title` for a bot.
pub fn player(tag: &PlayerTag) -> Value {
    let mut p = json!({
        "id": tag.name.to_lowercase(),
        "name": tag.name,
        "provisional": tag.provisional,
    });
    if let Some(r) = tag.rating {
        p["rating"] = json!(r);
    }
    if let Some(t) = &tag.title {
        p["title"] = json!(t);
    }
    p
}

/// A side's name in lower case, as lichess writes a colour.
pub fn color(c: Color) -> &'static str {
    if c == Color::White {
        "white"
    } else {
        "black"
    }
}

/// How a game stands, by lichess's status names.
pub fn status(outcome: Option<Outcome>, aborted: bool) -> &'static str {
    if aborted {
        return "aborted";
    }
    match outcome {
        None => "started",
        Some(Outcome::Checkmate { .. }) => "mate",
        Some(Outcome::Stalemate) => "stalemate",
        Some(Outcome::Resignation { .. }) => "resign",
        Some(Outcome::Timeout { .. }) | Some(Outcome::TimeoutDraw) => "outoftime",
        Some(Outcome::NoStart { .. }) => "noStart",
        Some(_) => "draw",
    }
}

/// A game's state as lichess's `gameState` writes it: the moves, each clock and increment in
/// ms, the status, the winner once there is one, and the offers standing.
pub fn game_state(s: &GameState) -> Value {
    let inc = s.clock.map_or(0, |(_, i)| u64::from(i) * 1000);
    let no_clock = s.clock.is_none();
    let time = |ms: u64| if no_clock { 2_147_483_647 } else { ms };
    let mut state = json!({
        "type": "gameState",
        "moves": s.moves.join(" "),
        "wtime": time(s.left_ms[0]),
        "btime": time(s.left_ms[1]),
        "winc": inc,
        "binc": inc,
        "status": status(s.outcome, s.aborted),
        "wdraw": s.draw_offer == Some(Color::White),
        "bdraw": s.draw_offer == Some(Color::Black),
        "wtakeback": s.takeback_offer == Some(Color::White),
        "btakeback": s.takeback_offer == Some(Color::Black),
    });
    if let Some(w) = s.outcome.and_then(Outcome::winner) {
        state["winner"] = json!(color(w));
    }
    state
}

/// A game's `gameFull`: the game (its id, preset, clock, speed, perf, rating, players, when
/// it began) and its state.
pub fn game_full(s: &GameState, created: u64) -> Value {
    let side = |i: usize| {
        s.players[i]
            .as_ref()
            .map_or(json!({"id": null, "name": "Guest"}), player)
    };
    json!({
        "type": "gameFull",
        "id": s.id,
        "variant": variant(&s.variant),
        "clock": s.clock.map(|(b, i)| json!({
            "initial": u64::from(b) * 1000,
            "increment": u64::from(i) * 1000,
        })),
        "speed": speed(s.clock),
        "perf": {"name": perf(&s.variant, s.clock)},
        "rated": s.rated,
        "createdAt": created,
        "white": side(0),
        "black": side(1),
        "initialFen": "startpos",
        "state": game_state(s),
    })
}

/// A game as the event stream's `gameStart` and `gameFinish` tell it to the player on `side`:
/// the game's id, the player's colour, the position, whose turn, the opponent, the clock's
/// seconds left; once over, the status and the winner.
pub fn event_game(record: &Record, s: &GameState, side: Color, fen: &str) -> Value {
    let opponent = s.players[(!side).index()].as_ref();
    let my_turn = s.moves.len() % 2 == side.index();
    let mut game = json!({
        "gameId": s.id,
        "fullId": s.id,
        "id": s.id,
        "color": color(side),
        "fen": fen,
        "hasMoved": s.moves.len() > side.index(),
        "isMyTurn": my_turn && s.outcome.is_none() && !s.aborted,
        "lastMove": s.moves.last().cloned().unwrap_or_default(),
        "opponent": {
            "id": opponent.map(|p| p.name.to_lowercase()),
            "username": opponent.map_or("Guest".to_string(), |p| p.name.clone()),
            "rating": opponent.and_then(|p| p.rating),
        },
        "perf": speed(s.clock),
        "rated": s.rated,
        "secondsLeft": s.clock.map(|_| s.left_ms[side.index()] / 1000),
        "source": if record.public { "lobby" } else { "friend" },
        "speed": speed(s.clock),
        "variant": variant(&s.variant),
        "compat": {"bot": true, "board": true},
        "status": {"name": status(s.outcome, s.aborted)},
    });
    if let Some(w) = s.outcome.and_then(Outcome::winner) {
        game["winner"] = json!(color(w));
    }
    game
}

/// A challenge as lichess writes one; `tags`: its challenger's and its challenged player's
/// tags (their ratings at its preset); `direction`: `in` or `out`, as the reader sees it.
pub fn challenge(
    c: &Challenge,
    tags: [Option<&PlayerTag>; 2],
    direction: Option<&str>,
    base: &str,
) -> Value {
    let t = &c.terms;
    let id = id_text(c.id);
    let color = match t.color {
        Side::White => "white",
        Side::Black => "black",
        Side::Random => "random",
    };
    let named = |tag: Option<&PlayerTag>, name: &str| {
        tag.map(player)
            .unwrap_or_else(|| json!({"id": name.to_lowercase(), "name": name}))
    };
    let mut out = json!({
        "id": id,
        "url": format!("{base}/#/live/{id}"),
        "status": c.status.text(),
        "challenger": named(tags[0], &t.challenger_name),
        "destUser": t.dest_name.as_deref().map(|n| named(tags[1], n)),
        "variant": variant(&t.variant),
        "rated": t.rated,
        "speed": speed(t.clock),
        "timeControl": time_control(t.clock),
        "color": color,
        "finalColor": final_color(c),
        "perf": {"name": perf(&t.variant, t.clock)},
    });
    if let Some(d) = direction {
        out["direction"] = json!(d);
    }
    if c.status == Status::Declined {
        let key = c.reason.clone().unwrap_or_else(|| "generic".into());
        out["declineReason"] = json!(decline_sentence(&key));
        out["declineReasonKey"] = json!(key);
    }
    out
}

/// A clock as lichess's `timeControl` writes it (none: `unlimited`).
fn time_control(clock: Option<(u32, u32)>) -> Value {
    match clock {
        Some((limit, increment)) => json!({
            "type": "clock",
            "limit": limit,
            "increment": increment,
            "show": format!("{}+{}", show_minutes(limit), increment),
        }),
        None => json!({"type": "unlimited"}),
    }
}

/// An open challenge as lichess answers its making: the game's link, and a link for each side
/// (`?color=` as lichess's; the page's address `#/live/<id>/<side>`), no challenger, and in
/// `open.userIds` the two accounts it is kept for, if any.
pub fn open_challenge(r: &Record, base: &str) -> Value {
    let id = id_text(r.id);
    let url = format!("{base}/#/live/{id}");
    let mut open = json!({});
    if let [Some(w), Some(b)] = &r.players {
        open["userIds"] = json!([w.tag.name.to_lowercase(), b.tag.name.to_lowercase()]);
    }
    json!({
        "id": id,
        "url": url,
        "urlWhite": format!("{url}/white"),
        "urlBlack": format!("{url}/black"),
        "status": "created",
        "challenger": null,
        "destUser": null,
        "variant": variant(&r.variant),
        "rated": r.rated,
        "speed": speed(r.clock),
        "timeControl": time_control(r.clock),
        "color": "random",
        "perf": {"name": perf(&r.variant, r.clock)},
        "open": open,
    })
}

/// The challenger's colour once decided: as asked, or for a random one, drawn from its id (so
/// that every server says the same before the game is made, and the game is made so).
pub fn final_color(c: &Challenge) -> &'static str {
    match c.terms.color {
        Side::White => "white",
        Side::Black => "black",
        Side::Random if c.id.is_multiple_of(2) => "white",
        Side::Random => "black",
    }
}

/// A clock's minutes as lichess shows them (`½`, `¾`, `3`).
fn show_minutes(secs: u32) -> String {
    match secs {
        15 => "¼".into(),
        30 => "½".into(),
        45 => "¾".into(),
        90 => "1.5".into(),
        s if s % 60 == 0 => (s / 60).to_string(),
        s => format!("{:.1}", f64::from(s) / 60.0),
    }
}

/// The reasons a challenge may be declined, by lichess's keys, with the sentence the
/// challenger reads.
pub const DECLINE_REASONS: &[(&str, &str)] = &[
    ("generic", "I'm not accepting challenges at the moment."),
    (
        "later",
        "This is not the right time for me, please ask again later.",
    ),
    (
        "tooFast",
        "This time control is too fast for me, please challenge again with a slower game.",
    ),
    (
        "tooSlow",
        "This time control is too slow for me, please challenge again with a faster game.",
    ),
    (
        "timeControl",
        "I'm not accepting challenges with this time control.",
    ),
    ("rated", "Please send me a rated challenge instead."),
    ("casual", "Please send me a casual challenge instead."),
    (
        "standard",
        "I'm not accepting variant challenges right now.",
    ),
    ("variant", "I'm not willing to play this variant right now."),
    ("noBot", "I'm not accepting challenges from bots."),
    ("onlyBot", "I'm only accepting challenges from bots."),
];

/// The sentence of a decline's reason key (the generic one for a key not known).
pub fn decline_sentence(key: &str) -> &'static str {
    DECLINE_REASONS
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(key))
        .map_or(DECLINE_REASONS[0].1, |(_, s)| s)
}

/// The reason key a decline names, as lichess reads it (any case); the generic one for any
/// other.
pub fn decline_key(asked: Option<&str>) -> &'static str {
    asked
        .and_then(|a| {
            DECLINE_REASONS
                .iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(a))
        })
        .map_or("generic", |(k, _)| k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_chess_is_lichesss_variant_and_a_preset_carries_its_name() {
        assert_eq!(variant("standard")["key"], "standard");
        assert_eq!(variant("standard")["name"], "Standard");
        assert_eq!(variant("folded")["key"], "folded");
        assert_eq!(
            variant("folded")["name"],
            "Chess on a Folded Magnetic Board"
        );
    }

    #[test]
    fn speeds_and_perfs_are_lichesss() {
        assert_eq!(speed(Some((15, 0))), "ultraBullet");
        assert_eq!(speed(Some((60, 1))), "bullet");
        assert_eq!(speed(Some((180, 2))), "blitz");
        assert_eq!(speed(Some((600, 0))), "rapid");
        assert_eq!(speed(Some((1800, 0))), "classical");
        assert_eq!(speed(None), "correspondence");
        assert_eq!(perf("standard", Some((180, 2))), "Blitz");
        assert_eq!(perf("torus", Some((180, 2))), variant("torus")["name"]);
    }

    #[test]
    fn a_decline_reason_is_read_in_any_case_and_an_unknown_one_is_generic() {
        assert_eq!(decline_key(Some("variant")), "variant");
        assert_eq!(decline_key(Some("TOOFAST")), "tooFast");
        assert_eq!(decline_key(Some("because")), "generic");
        assert_eq!(decline_key(None), "generic");
        assert!(decline_sentence("variant").contains("variant"));
    }
}
