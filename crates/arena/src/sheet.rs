//! An arena player's sheet: each game's result, what it scored, and whether it was a streak's
//! double or its start, as lichess counts it.

/// A game's result for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Won.
    Win,
    /// Drawn.
    Draw,
    /// Lost.
    Loss,
}

/// A game of the arena as one player played it, oldest first on a sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The result for the player.
    pub outcome: Outcome,
    /// Half-moves the game lasted.
    pub plies: u32,
    /// The player went berserk (half their time, no increment).
    pub berserk: bool,
    /// Moves the player made in it.
    pub own_moves: u32,
}

/// How a result stands on the sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flag {
    /// Scored as usual.
    Normal,
    /// A win that starts a streak (it and the next are wins), or continues one that has not yet
    /// doubled.
    StreakStarter,
    /// Scored double: the two games before it were wins ("on fire").
    Double,
}

/// One game on the sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The game.
    pub played: Played,
    /// How it stands.
    pub flag: Flag,
    /// A draw in under [`SHORT_DRAW_PLIES`] plies: it scores nothing.
    pub short_draw: bool,
    /// A berserk that earned its point (a win in a game of at least [`BERSERK_PLIES`] plies).
    pub berserk_point: bool,
    /// What it scored.
    pub points: u32,
}

/// A draw in fewer plies than this scores nothing.
pub const SHORT_DRAW_PLIES: u32 = 20;
/// A berserker's win in a game of at least this many plies scores one more point (lichess's
/// "not so quick finish": a White berserker winning in 13 plies, 7 moves of their own, does not).
pub const BERSERK_PLIES: u32 = 14;

/// Whether the two games before `at` on `marks` were wins: the player is on fire.
fn on_fire(marks: &[Mark]) -> bool {
    marks.len() >= 2
        && marks[marks.len() - 2..]
            .iter()
            .all(|m| m.played.outcome == Outcome::Win)
}

/// The sheet of a player's `games` (oldest first): each game marked and scored.
pub fn sheet(games: &[Played]) -> Vec<Mark> {
    let mut marks: Vec<Mark> = Vec::with_capacity(games.len());
    for (i, &played) in games.iter().enumerate() {
        let fire = on_fire(&marks);
        let short_draw = played.outcome == Outcome::Draw && played.plies < SHORT_DRAW_PLIES;
        let flag = match played.outcome {
            Outcome::Win | Outcome::Draw if fire && !short_draw => Flag::Double,
            Outcome::Win => {
                let continues = marks.last().is_some_and(|m| m.flag == Flag::StreakStarter);
                // The first win of a possible streak: the next game is a win, or not yet played.
                let next_wins = games
                    .get(i + 1)
                    .is_none_or(|next| next.outcome == Outcome::Win);
                if continues || next_wins {
                    Flag::StreakStarter
                } else {
                    Flag::Normal
                }
            }
            _ => Flag::Normal,
        };
        let base = match (played.outcome, flag) {
            (Outcome::Draw, _) if short_draw => 0,
            (Outcome::Win, Flag::Double) => 4,
            (Outcome::Win, _) => 2,
            (Outcome::Draw, Flag::Double) => 2,
            (Outcome::Draw, _) => 1,
            (Outcome::Loss, _) => 0,
        };
        let berserk_point =
            played.berserk && played.outcome == Outcome::Win && played.plies >= BERSERK_PLIES;
        marks.push(Mark {
            played,
            flag,
            short_draw,
            berserk_point,
            points: base + berserk_point as u32,
        });
    }
    marks
}

/// A sheet's score.
pub fn total(marks: &[Mark]) -> u32 {
    marks.iter().map(|m| m.points).sum()
}

/// Whether the player's next game counts double (their last two were wins).
pub fn fire(marks: &[Mark]) -> bool {
    on_fire(marks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Outcome::*;

    fn game(outcome: Outcome) -> Played {
        Played {
            outcome,
            plies: 40,
            berserk: false,
            own_moves: 20,
        }
    }

    fn points(games: &[Played]) -> Vec<u32> {
        sheet(games).iter().map(|m| m.points).collect()
    }

    #[test]
    fn a_win_two_a_draw_one_a_loss_nothing() {
        let games = [game(Win), game(Draw), game(Loss), game(Draw)];
        assert_eq!(points(&games), [2, 1, 0, 1]);
        assert_eq!(total(&sheet(&games)), 4);
        assert_eq!(total(&sheet(&[])), 0);
    }

    #[test]
    fn after_two_wins_wins_and_draws_count_double_until_a_game_that_is_not_a_win() {
        // Worked by hand: W W W W D W L W W D
        //                 2 2 4 4 2 2 0 2 2 2
        // The fifth (a draw on fire) counts double and ends the fire; the sixth is a plain win;
        // the tenth, a draw after two wins, counts double.
        let g = [Win, Win, Win, Win, Draw, Win, Loss, Win, Win, Draw].map(game);
        assert_eq!(points(&g), [2, 2, 4, 4, 2, 2, 0, 2, 2, 2]);
        assert_eq!(total(&sheet(&g)), 22);
        let flags: Vec<Flag> = sheet(&g).iter().map(|m| m.flag).collect();
        use Flag::*;
        assert_eq!(
            flags,
            [
                StreakStarter,
                StreakStarter,
                Double,
                Double,
                Double,
                Normal,
                Normal,
                StreakStarter,
                StreakStarter,
                Double
            ]
        );
        assert!(fire(&sheet(&g[..4])) && !fire(&sheet(&g[..5])));
    }

    #[test]
    fn a_draw_in_under_twenty_plies_scores_nothing_even_on_fire() {
        let short = Played {
            plies: 19,
            ..game(Draw)
        };
        let at_twenty = Played {
            plies: 20,
            ..game(Draw)
        };
        assert_eq!(points(&[short, at_twenty]), [0, 1]);
        let g = [game(Win), game(Win), short, game(Win)];
        // Two wins, a short draw (nothing, and the fire is out), a plain win.
        assert_eq!(points(&g), [2, 2, 0, 2]);
        assert!(sheet(&g)[2].short_draw);
    }

    #[test]
    fn a_berserkers_win_in_a_game_of_fourteen_plies_scores_one_more() {
        let berserk = |plies, own_moves, outcome| Played {
            outcome,
            plies,
            berserk: true,
            own_moves,
        };
        // A berserk win in 14 plies: 2 + 1; White's in 13 plies (7 moves of its own): 2 alone;
        // on fire: 4 + 1; a loss: nothing.
        let g = [
            berserk(14, 7, Win),
            berserk(13, 7, Win),
            berserk(60, 30, Win),
            berserk(18, 9, Loss),
        ];
        assert_eq!(points(&g), [3, 2, 5, 0]);
        let marks = sheet(&g);
        assert_eq!(
            marks.iter().map(|m| m.berserk_point).collect::<Vec<_>>(),
            [true, false, true, false]
        );
        assert_eq!(total(&marks), 10);
    }
}
