//! Challenges, as lichess has them (`docs/api.md`): one account asks another for a game of a
//! preset, clock, colour and rating; the one asked accepts, and the game is made with the
//! challenge's id, or declines with a reason; the challenger may withdraw it. Kept in the
//! store, answered once (of two servers answering at once, one does), and told on both players'
//! topics of the hub, here and on the other servers, where their pages' channels and their
//! programs' event streams hear it. An open challenge is a game with both seats free, taken by
//! the first two at its link.

use crate::accounts::Account;
use crate::hub::player::account_key;
use crate::record::{seat_proof, Player};
use crate::referee::LiveGame;
use crate::rooms::{now_ms, random_u64, Failure, Rooms};
use crate::store::challenges::{Challenge, Status, Terms};
use std::sync::Arc;
use topochess_protocol::player::PlayerNews;
use topochess_protocol::{id_text, GameId, NewGame, Side};

/// A challenge waits this long for its answer; an older one is not listed, and answering it
/// is refused.
pub const CHALLENGE_TTL_MS: u64 = 24 * 3600 * 1000;
/// The most challenges one account may have waiting at once.
pub const MOST_OPEN: usize = 20;

/// What a challenge asks, as read from a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ask {
    /// The preset's id.
    pub variant: String,
    /// Seconds at the start and added a move; none: no clock.
    pub clock: Option<(u32, u32)>,
    /// The challenger's side.
    pub color: Side,
    /// Rated.
    pub rated: bool,
}

/// Makes a challenge from `challenger` to `dest` asking `ask`: kept, then told to both.
pub async fn make(
    rooms: &Arc<Rooms>,
    challenger: &Account,
    dest: &Account,
    ask: Ask,
) -> Result<Challenge, Failure> {
    if dest.id == challenger.id {
        return Err(Failure::Refused("You cannot challenge yourself.".into()));
    }
    check(&ask)?;
    let now = now_ms();
    let open = rooms
        .store()
        .challenges_open(challenger.id, now - CHALLENGE_TTL_MS)
        .await;
    let open = rooms.stored("read challenges", open)?;
    let mine = open
        .iter()
        .filter(|c| c.challenger == challenger.id)
        .count();
    if mine >= MOST_OPEN {
        return Err(Failure::Limited(
            format!("{mine} challenges of yours wait already: cancel one, or wait for answers."),
            60,
        ));
    }
    let challenge = Challenge {
        id: random_u64(),
        challenger: challenger.id,
        dest: Some(dest.id),
        status: Status::Created,
        reason: None,
        created: now,
        terms: Terms {
            challenger_name: challenger.name.clone(),
            dest_name: Some(dest.name.clone()),
            variant: ask.variant,
            clock: ask.clock,
            color: ask.color,
            rated: ask.rated,
        },
    };
    let made = rooms.store().challenge_make(&challenge).await;
    rooms.stored("keep a challenge", made)?;
    tell(rooms, &challenge).await;
    Ok(challenge)
}

/// Why `ask` cannot be played, if it cannot: a preset unknown, a clock out of bounds.
fn check(ask: &Ask) -> Result<(), Failure> {
    if topochess_core::variant::preset(&ask.variant).is_none() {
        return Err(Failure::Refused(format!("No preset {:?}.", ask.variant)));
    }
    match ask.clock {
        Some((base, increment)) if base > 3 * 3600 || increment > 180 || base + increment == 0 => {
            Err(Failure::Refused(
                "Clocks from 1 second to 3 hours, at most 180 s a move.".into(),
            ))
        }
        _ => Ok(()),
    }
}

/// Makes an open challenge (lichess's `/api/challenge/open`): a game as `ask` asks with both
/// seats free, for the first two at its link (or at each side's link), or with `users` for
/// those two accounts only (White's first). A rated one seats accounts only. Answers the game.
pub async fn open(
    rooms: &Arc<Rooms>,
    ask: Ask,
    users: Option<[Account; 2]>,
) -> Result<crate::record::Record, Failure> {
    check(&ask)?;
    if users.as_ref().is_some_and(|[w, b]| w.id == b.id) {
        return Err(Failure::Refused("Two players, not one twice.".into()));
    }
    let players = match &users {
        Some([w, b]) => [
            Some(rooms.player(w, &ask.variant).await?),
            Some(rooms.player(b, &ask.variant).await?),
        ],
        None => [None, None],
    };
    let new = NewGame {
        variant: ask.variant,
        castling: String::new(),
        base_secs: ask.clock.map(|(b, _)| b),
        increment_secs: ask.clock.map_or(0, |(_, i)| i),
        side: Side::White,
        secret: String::new(),
        public: false,
        rated: ask.rated,
    };
    let game = LiveGame::open(random_u64(), &new, players, now_ms())?;
    let record = game.record().clone();
    rooms.open_made(game).await?;
    // The two named hear of their game at once, as of a game paired for them.
    rooms.tell_seek_taken(&record, None).await;
    Ok(record)
}

/// The waiting challenge `id`, or why not.
async fn waiting(rooms: &Arc<Rooms>, id: GameId) -> Result<Challenge, Failure> {
    let found = rooms.store().challenge(id).await;
    let challenge = rooms.stored("read a challenge", found)?;
    match challenge {
        Some(c) if c.status == Status::Created && c.created + CHALLENGE_TTL_MS > now_ms() => Ok(c),
        Some(_) => Err(Failure::Refused(
            "This challenge was answered already.".into(),
        )),
        None => Err(Failure::Refused("No such challenge.".into())),
    }
}

/// Tells both players of `challenge` that it was made or answered.
async fn tell(rooms: &Arc<Rooms>, challenge: &Challenge) {
    let news = PlayerNews::Challenge {
        id: id_text(challenge.id),
        status: challenge.status.text().into(),
    };
    for account in std::iter::once(challenge.challenger).chain(challenge.dest) {
        let key = account_key(account);
        rooms.hub.tell(&key, news.clone());
        let told = rooms.store().notify_player(&key, challenge.id).await;
        let _ = rooms.stored("tell the other servers of a challenge", told);
    }
}

/// `account` accepts challenge `id`: the game is made, with the challenge's id, and both
/// players told.
pub async fn accept(rooms: &Arc<Rooms>, id: GameId, account: &Account) -> Result<(), Failure> {
    let c = waiting(rooms, id).await?;
    if c.challenger == account.id {
        return Err(Failure::Refused(
            "You cannot accept your own challenge.".into(),
        ));
    }
    if c.dest.is_some_and(|d| d != account.id) {
        return Err(Failure::Refused(
            "This challenge is for another player.".into(),
        ));
    }
    let challenger = rooms.store().account(&c.terms.challenger_name).await;
    let Some(challenger) = rooms.stored("read an account", challenger)? else {
        return Err(Failure::Refused("The challenger's account is gone.".into()));
    };
    let players = [
        rooms.player(&challenger, &c.terms.variant).await?,
        rooms.player(account, &c.terms.variant).await?,
    ];
    let settled = rooms
        .store()
        .challenge_settle(id, Status::Accepted, None)
        .await;
    if !rooms.stored("answer a challenge", settled)? {
        return Err(Failure::Refused(
            "This challenge was answered already.".into(),
        ));
    }
    // A game that could not be kept leaves the challenge answered (its store failed, and was
    // logged): the challenger sends it again.
    start(rooms, &c, players).await?;
    let accepted = Challenge {
        status: Status::Accepted,
        ..c
    };
    tell(rooms, &accepted).await;
    Ok(())
}

/// The game of accepted challenge `c` between `players` (the challenger's first), made and
/// told to both as a game paired for them.
async fn start(rooms: &Arc<Rooms>, c: &Challenge, players: [Player; 2]) -> Result<(), Failure> {
    let side = match crate::lichess::final_color(c) {
        "white" => Side::White,
        _ => Side::Black,
    };
    let new = NewGame {
        variant: c.terms.variant.clone(),
        castling: String::new(),
        base_secs: c.terms.clock.map(|(b, _)| b),
        increment_secs: c.terms.clock.map_or(0, |(_, i)| i),
        side,
        secret: String::new(),
        public: true,
        rated: c.terms.rated,
    };
    let seats = [(); 2].map(|()| seat_proof(&format!("{:032x}", random_u64())));
    let game = LiveGame::challenged(c.id, &new, players, seats, now_ms())?;
    let record = game.record().clone();
    rooms.open_made(game).await?;
    rooms.tell_seek_taken(&record, None).await;
    Ok(())
}

/// `account`, the player challenged, declines challenge `id` for `reason` (lichess's key).
pub async fn decline(
    rooms: &Arc<Rooms>,
    id: GameId,
    account: &Account,
    reason: &str,
) -> Result<(), Failure> {
    let c = waiting(rooms, id).await?;
    if c.dest != Some(account.id) {
        return Err(Failure::Refused(
            "Only the player challenged may decline.".into(),
        ));
    }
    answer(rooms, c, Status::Declined, Some(reason)).await
}

/// `account`, the challenger, withdraws challenge `id`.
pub async fn cancel(rooms: &Arc<Rooms>, id: GameId, account: &Account) -> Result<(), Failure> {
    let c = waiting(rooms, id).await?;
    if c.challenger != account.id {
        return Err(Failure::Refused("Only the challenger may cancel.".into()));
    }
    answer(rooms, c, Status::Canceled, None).await
}

/// Challenge `c` answered `status`, kept and told.
async fn answer(
    rooms: &Arc<Rooms>,
    c: Challenge,
    status: Status,
    reason: Option<&str>,
) -> Result<(), Failure> {
    let settled = rooms.store().challenge_settle(c.id, status, reason).await;
    if !rooms.stored("answer a challenge", settled)? {
        return Err(Failure::Refused(
            "This challenge was answered already.".into(),
        ));
    }
    let answered = Challenge {
        status,
        reason: reason.map(str::to_owned),
        ..c
    };
    tell(rooms, &answered).await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::SqliteStore;
    use topochess_core::Color;

    async fn setup() -> (Arc<Rooms>, [Account; 3]) {
        let store = Arc::new(SqliteStore::in_temp().unwrap());
        let rooms = Rooms::new(store, Arc::default());
        let mut accounts = Vec::new();
        for name in ["ann", "bo", "cy"] {
            let made = rooms.store().sign_up(name, "h", 1).await.unwrap().unwrap();
            accounts.push(made);
        }
        (rooms, accounts.try_into().unwrap())
    }

    fn folded(color: Side) -> Ask {
        Ask {
            variant: "folded".into(),
            clock: Some((300, 3)),
            color,
            rated: true,
        }
    }

    #[tokio::test]
    async fn an_accepted_challenge_is_its_game_with_both_players_seated_once() {
        let (rooms, [ann, bo, cy]) = setup().await;
        let mut heard = rooms.hub.listen(vec![account_key(bo.id)]);
        let c = make(&rooms, &ann, &bo, folded(Side::Black)).await.unwrap();
        assert!(matches!(&*heard.news.try_recv().unwrap(),
            PlayerNews::Challenge { status, .. } if status == "created"));
        let refused = accept(&rooms, c.id, &cy).await;
        assert!(matches!(refused, Err(Failure::Refused(why)) if why.contains("another player")));
        accept(&rooms, c.id, &bo).await.unwrap();
        let room = rooms
            .room(c.id)
            .await
            .unwrap()
            .expect("the game has the challenge's id");
        let game = room.game.lock().await;
        assert_eq!(game.side_of_player("", Some(ann.id)), Some(Color::Black));
        assert_eq!(game.side_of_player("", Some(bo.id)), Some(Color::White));
        assert_eq!(game.side_of_player("", Some(cy.id)), None);
        assert!(game.record().rated && game.record().clock == Some((300, 3)));
        drop(game);
        // Answered once: a second accept (another server's, a second press) makes no game.
        let again = accept(&rooms, c.id, &bo).await;
        assert!(matches!(again, Err(Failure::Refused(why)) if why.contains("answered already")));
        assert_eq!(rooms.store().playing(bo.id).await.unwrap(), [c.id]);
    }

    #[tokio::test]
    async fn only_the_one_challenged_declines_and_only_the_challenger_cancels() {
        let (rooms, [ann, bo, _]) = setup().await;
        let c = make(&rooms, &ann, &bo, folded(Side::Random)).await.unwrap();
        assert!(decline(&rooms, c.id, &ann, "later").await.is_err());
        assert!(cancel(&rooms, c.id, &bo).await.is_err());
        decline(&rooms, c.id, &bo, "later").await.unwrap();
        let kept = rooms.store().challenge(c.id).await.unwrap().unwrap();
        assert_eq!(
            (kept.status, kept.reason.as_deref()),
            (Status::Declined, Some("later"))
        );
        assert!(
            cancel(&rooms, c.id, &ann).await.is_err(),
            "answered already"
        );
        let self_challenge = make(&rooms, &ann, &ann, folded(Side::White)).await;
        assert!(self_challenge.is_err());
        let unknown = Ask {
            variant: "hexagonal".into(),
            ..folded(Side::White)
        };
        assert!(make(&rooms, &ann, &bo, unknown).await.is_err());
    }
}
