//! Topochess TV's channel: what TV knows (the preset watched, the games being played) and which
//! game it shows: the one whose players' ratings add up highest; when nobody in it is rated, the
//! latest. The app puts it on the board (`tv`).

use topochess_protocol::LobbyGame;

/// How long a game that ended stays on TV before the next (ms).
pub const ENDED_SHOWN_MS: f64 = 5_000.0;

/// TV on a channel: every preset (`None`) or one.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tv {
    /// The preset watched, or every one.
    pub channel: Option<String>,
    /// The games being played, as the lobby last said.
    pub playing: Vec<LobbyGame>,
    /// When the game on the board was first seen over (ms, the page's clock).
    pub ended_at: Option<f64>,
}

/// The sum of the ratings of a game's rated players (0 when none is rated).
fn strength(game: &LobbyGame) -> i32 {
    game.players
        .iter()
        .flatten()
        .filter(|_| game.rated)
        .filter_map(|p| p.rating)
        .sum()
}

/// The game TV shows of `playing` (newest first) on `channel`, but `not`: the strongest, or of
/// games as strong the latest.
pub fn best(playing: &[LobbyGame], channel: Option<&str>, not: Option<u64>) -> Option<u64> {
    playing
        .iter()
        .filter(|g| channel.is_none_or(|c| g.variant == c))
        .filter_map(|g| Some((topochess_protocol::parse_id(&g.id)?, strength(g))))
        .filter(|(id, _)| Some(*id) != not)
        .enumerate()
        // The strongest; of equals, the first (the newest).
        .max_by_key(|(i, (_, s))| (*s, std::cmp::Reverse(*i)))
        .map(|(_, (id, _))| id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use topochess_protocol::PlayerTag;

    fn game(id: u64, variant: &str, ratings: [Option<i32>; 2]) -> LobbyGame {
        LobbyGame {
            id: topochess_protocol::id_text(id),
            variant: variant.into(),
            clock: Some((180, 2)),
            open_side: None,
            moves: 4,
            rated: ratings.iter().all(Option::is_some),
            players: ratings.map(|r| {
                r.map(|r| PlayerTag {
                    name: format!("p{r}"),
                    rating: Some(r),
                    provisional: false,
                    diff: None,
                    title: None,
                })
            }),
        }
    }

    #[test]
    fn tv_shows_the_strongest_game_or_the_latest_and_keeps_to_its_channel() {
        let playing = [
            game(1, "folded", [None, None]),
            game(2, "torus", [Some(1500), Some(1600)]),
            game(3, "folded", [Some(1900), Some(1400)]),
            game(4, "folded", [None, None]),
        ];
        assert_eq!(best(&playing, None, None), Some(3), "3300 over 3100");
        assert_eq!(best(&playing, Some("torus"), None), Some(2));
        assert_eq!(
            best(&playing, None, Some(3)),
            Some(2),
            "the next once it ends"
        );
        let unrated = [
            game(1, "folded", [None, None]),
            game(4, "folded", [None, None]),
        ];
        assert_eq!(
            best(&unrated, None, None),
            Some(1),
            "nobody rated: the latest"
        );
        assert_eq!(best(&unrated, Some("sphere-grayber"), None), None);
        assert_eq!(best(&[], None, None), None);
    }
}
