//! What the people's screens show, kept in their own state: a player's page (their account,
//! rating history and a page of their games, by the filter chosen) and a preset's leaderboard,
//! each as last read. The screen reads them when it opens or the filter changes
//! (`account::people`); the views only show them.

use std::rc::Rc;
use topochess_protocol::account::{GamesPage, Leaderboard, RatingHistory, User};

/// Which of a player's games are listed: a page (1: the newest), a preset, a result (empty:
/// all).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GamesFilter {
    /// The page, from 1.
    pub page: usize,
    /// The preset's id, or empty for all.
    pub preset: String,
    /// `win`, `loss`, `draw`, or empty for all.
    pub result: String,
}

impl Default for GamesFilter {
    fn default() -> Self {
        GamesFilter {
            page: 1,
            preset: String::new(),
            result: String::new(),
        }
    }
}

/// A player's page as read: their account (or why not) and rating history.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRead {
    /// Whose.
    pub name: String,
    /// Their account, or the server's sentence (no such player).
    pub user: Result<Rc<User>, String>,
    /// Their ratings, oldest first, by preset.
    pub history: Rc<RatingHistory>,
}

/// The account's pages as the app last read them.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AccountPages {
    /// The player's page last read.
    pub player: Option<PlayerRead>,
    /// The filter chosen on a player's page, and whose page.
    pub filter: Option<(String, GamesFilter)>,
    /// A page of games last read: whose, by which filter.
    pub games: Option<(String, GamesFilter, Rc<GamesPage>)>,
    /// The leaderboard last read: its preset, and the players (or why not).
    pub leaders: Option<(String, Result<Rc<Leaderboard>, String>)>,
}

/// What the app reads in, or the player chooses.
#[derive(Clone, Debug, PartialEq)]
pub enum AccountAction {
    /// A player's account and history read.
    PlayerRead(String, Result<User, String>, RatingHistory),
    /// The filter of `name`'s games chosen.
    Filter(String, GamesFilter),
    /// A page of `name`'s games read, by this filter.
    GamesRead(String, GamesFilter, GamesPage),
    /// A preset's leaderboard read, or why not.
    LeadersRead(String, Result<Leaderboard, String>),
}

impl AccountPages {
    /// The pages after `action`.
    pub fn reduce(&mut self, action: AccountAction) {
        match action {
            AccountAction::PlayerRead(name, user, history) => {
                self.player = Some(PlayerRead {
                    name,
                    user: user.map(Rc::new),
                    history: Rc::new(history),
                });
            }
            AccountAction::Filter(name, filter) => self.filter = Some((name, filter)),
            AccountAction::GamesRead(name, filter, page) => {
                self.games = Some((name, filter, Rc::new(page)));
            }
            AccountAction::LeadersRead(preset, board) => {
                self.leaders = Some((preset, board.map(Rc::new)));
            }
        }
    }

    /// The filter of `name`'s games: the one chosen on their page, else the newest of all.
    pub fn filter_of(&self, name: &str) -> GamesFilter {
        self.filter
            .as_ref()
            .filter(|(n, _)| n == name)
            .map(|(_, f)| f.clone())
            .unwrap_or_default()
    }

    /// `name`'s page as read, if it is theirs that was read last.
    pub fn player_of(&self, name: &str) -> Option<&PlayerRead> {
        self.player.as_ref().filter(|p| p.name == name)
    }

    /// The last page of `name`'s games read (while another filter's are read, the last one
    /// stays shown), if any.
    pub fn games_of(&self, name: &str) -> Option<Rc<GamesPage>> {
        self.games
            .as_ref()
            .filter(|(n, ..)| n == name)
            .map(|(.., g)| g.clone())
    }

    /// `preset`'s leaderboard, if it is the one read last.
    pub fn leaders_of(&self, preset: &str) -> Option<Result<Rc<Leaderboard>, String>> {
        self.leaders
            .as_ref()
            .filter(|(p, _)| p == preset)
            .map(|(_, b)| b.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(n: usize) -> GamesPage {
        GamesPage {
            games: Vec::with_capacity(n),
            more: n > 0,
        }
    }

    #[test]
    fn each_page_shows_what_was_read_for_it_and_the_filter_is_the_players_own() {
        let mut pages = AccountPages::default();
        assert_eq!(pages.filter_of("anna"), GamesFilter::default());
        let losses = GamesFilter {
            page: 2,
            preset: "folded".into(),
            result: "loss".into(),
        };
        pages.reduce(AccountAction::Filter("anna".into(), losses.clone()));
        assert_eq!(pages.filter_of("anna"), losses);
        assert_eq!(
            pages.filter_of("boris"),
            GamesFilter::default(),
            "boris's page starts anew"
        );
        pages.reduce(AccountAction::PlayerRead(
            "anna".into(),
            Err("no such player".into()),
            RatingHistory::new(),
        ));
        assert!(pages.player_of("anna").is_some_and(|p| p.user.is_err()));
        assert_eq!(pages.player_of("boris"), None, "not read: loading");
        pages.reduce(AccountAction::GamesRead("anna".into(), losses, games(1)));
        assert!(pages.games_of("anna").is_some_and(|g| g.more));
        assert_eq!(pages.games_of("boris"), None);
        pages.reduce(AccountAction::LeadersRead(
            "torus".into(),
            Err("down".into()),
        ));
        assert_eq!(pages.leaders_of("torus"), Some(Err("down".into())));
        assert_eq!(pages.leaders_of("folded"), None);
    }
}
