//! What a built endgame table says, as the worker sends it and the atlas keeps it: the counts
//! of each side to move, the longest mates and typical positions, one line of text each; and
//! the limits of what the browser builds.

use topochess_study::decimal;

/// The most positions a table built in the browser may store (about 100 MB while it is built).
pub const BROWSER_POSITIONS: u64 = 1 << 25;

/// The most positions of a table the general builder (pawns) may make in the browser:
/// three pieces on boards up to 128 squares (seconds); four on 64 squares would take many minutes.
pub const BROWSER_GENERAL: u64 = 1 << 22;

/// Whether the browser builds `builder`'s tables, or why not.
pub fn fits_browser(builder: &topochess_search::tablebase::Builder) -> Result<(), String> {
    let (n, g) = (builder.largest(), builder.largest_general());
    if n > BROWSER_POSITIONS || g > BROWSER_GENERAL {
        Err(format!(
            "too large for the browser ({} positions; `topochess tablebase` builds it)",
            n.max(g)
        ))
    } else {
        Ok(())
    }
}

/// The counts of one side to move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideSummary {
    /// Legal positions.
    pub legal: u64,
    /// Won for the side to move.
    pub won: u64,
    /// Drawn.
    pub drawn: u64,
    /// Lost.
    pub lost: u64,
    /// The longest mate the side to move gives, in moves.
    pub longest: u32,
}

/// What a table says, as the atlas keeps it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Entry {
    /// White to move (the side with more material).
    pub white: SideSummary,
    /// Black to move.
    pub black: SideSummary,
    /// A position with White's longest mate (FEN).
    pub longest: Option<String>,
    /// A drawn position with White to move (FEN).
    pub drawn: Option<String>,
    /// A few more positions with White to move: won ones with White's mate in moves, drawn
    /// ones with `None` (FEN).
    pub typical: Vec<(Option<u32>, String)>,
    /// Seconds the build took.
    pub seconds: f64,
}

impl Entry {
    /// The cell's words: "forced win, longest mate 16" where every position with White to
    /// move is won, "win from 98.5%" where most are, else "draw" with the share won.
    pub fn verdict(&self) -> String {
        let w = &self.white;
        let share = 100.0 * w.won as f64 / w.legal.max(1) as f64;
        if w.won == w.legal && w.legal > 0 {
            format!("forced win, longest mate {}", w.longest)
        } else if w.won == 0 {
            "draw, no position won".into()
        } else if self.mostly_won() {
            format!(
                "win from {}%, longest mate {}",
                decimal::write(share, 1),
                w.longest
            )
        } else if share < 0.1 {
            // A share that would read 0.0%: the positions themselves.
            let plural = if w.won == 1 { "" } else { "s" };
            format!(
                "draw, {} position{plural} won of {} (longest mate {})",
                w.won, w.legal, w.longest
            )
        } else {
            format!(
                "draw, {}% won (longest mate {})",
                decimal::write(share, 1),
                w.longest
            )
        }
    }

    /// The entry as one line of text (how the worker sends it and the browser keeps it):
    /// White's five counts, Black's five, the seconds, then the two positions (`-` for none),
    /// separated by `|`.
    pub fn to_line(&self) -> String {
        let side =
            |s: &SideSummary| format!("{} {} {} {} {}", s.legal, s.won, s.drawn, s.lost, s.longest);
        let fen = |f: &Option<String>| f.clone().unwrap_or_else(|| "-".into());
        let typical: Vec<String> = self
            .typical
            .iter()
            .map(|(m, f)| format!("{}:{f}", m.map_or("=".into(), |m| m.to_string())))
            .collect();
        format!(
            "{}|{}|{}|{}|{}|{}",
            side(&self.white),
            side(&self.black),
            decimal::write(self.seconds, 2),
            fen(&self.longest),
            fen(&self.drawn),
            typical.join(";")
        )
    }

    /// Reads [`Entry::to_line`]'s text.
    pub fn from_line(line: &str) -> Option<Entry> {
        let parts: Vec<&str> = line.split('|').collect();
        // Lines kept before the typical positions were added have five fields.
        let (white, black, seconds, longest, drawn, typical) = match parts.as_slice() {
            [w, b, s, l, d] => (w, b, s, l, d, &""),
            [w, b, s, l, d, t] => (w, b, s, l, d, t),
            _ => return None,
        };
        let side = |text: &str| -> Option<SideSummary> {
            let n: Vec<u64> = text
                .split(' ')
                .map(|x| x.parse().ok())
                .collect::<Option<_>>()?;
            let [legal, won, drawn, lost, longest] = n.as_slice() else {
                return None;
            };
            Some(SideSummary {
                legal: *legal,
                won: *won,
                drawn: *drawn,
                lost: *lost,
                longest: u32::try_from(*longest).ok()?,
            })
        };
        let fen = |t: &str| (t != "-").then(|| t.to_string());
        Some(Entry {
            white: side(white)?,
            black: side(black)?,
            seconds: topochess_study::decimal::fixed(seconds, 3)? as f64 / 1000.0,
            longest: fen(longest),
            drawn: fen(drawn),
            typical: typical
                .split(';')
                .filter(|t| !t.is_empty())
                .map(|t| {
                    let (m, f) = t.split_once(':')?;
                    Some(((m != "=").then(|| m.parse().ok()).flatten(), f.to_string()))
                })
                .collect::<Option<_>>()?,
        })
    }

    /// Whether White forces mate from most positions (more than half won).
    pub fn mostly_won(&self) -> bool {
        self.white.won * 2 > self.white.legal
    }
}

/// What a built table says, for the atlas.
pub fn entry_of(t: &topochess_search::tablebase::Tablebase, seconds: f64) -> Entry {
    use topochess_core::{fen, Color};
    use topochess_search::tablebase::Value;
    let side = |c: topochess_search::tablebase::SideCounts| SideSummary {
        legal: c.legal,
        won: c.won,
        drawn: c.drawn,
        lost: c.lost,
        longest: c.longest,
    };
    let [white, black] = t.counts();
    Entry {
        white: side(white),
        black: side(black),
        longest: t.longest_mate(Color::White).map(|p| fen::write(&p)),
        drawn: t
            .examples(Color::White, 1, |v| v == Value::Draw)
            .first()
            .map(fen::write),
        typical: typical(t, white.longest),
        seconds,
    }
}

/// Two won positions with a mate of about half the longest or more, and two drawn ones after the
/// first, with White to move.
fn typical(t: &topochess_search::tablebase::Tablebase, longest: u32) -> Vec<(Option<u32>, String)> {
    use topochess_core::{fen, Color};
    use topochess_search::tablebase::Value;
    let won = t.examples(Color::White, 2, |v| {
        matches!(v.moves_to_mate(), Some(m) if m > 0 && m as u32 * 2 >= longest && m as u32 != longest)
    });
    let drawn = t.examples(Color::White, 3, |v| v == Value::Draw);
    won.iter()
        .map(|p| {
            let moves = t.probe(p).and_then(Value::moves_to_mate).map(|m| m as u32);
            (moves, fen::write(p))
        })
        .chain(drawn.iter().skip(1).map(|p| (None, fen::write(p))))
        .collect()
}
