//! `topochess tune`: fits the evaluation's weights to the engine's own games, one surface family
//! (a pair of gluings) at a time, and prints each family's line of `tuned.rs`, or writes the
//! whole file. The games of a family are shared out among its presets.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use topochess_core::{Gluing, Variant, PRESETS};
use topochess_search::tuning::{self_play, Data, Sample, SelfPlay};
use topochess_search::{Features, Weights};

/// What to tune and how.
#[derive(clap::Args, Debug)]
pub struct Options {
    /// Only this preset's family, with only its games (default: every family of the presets).
    #[arg(long)]
    pub variant: Option<String>,
    /// Self-play games per family.
    #[arg(long, default_value_t = 300)]
    pub games: u32,
    /// Nodes per move in the games.
    #[arg(long, default_value_t = 3000)]
    pub nodes: u64,
    /// Most passes of the fit over the weights.
    #[arg(long, default_value_t = 40)]
    pub passes: u32,
    /// Seed of the games' openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Games played at once, one thread each.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// Write the generated weights file (crates/search/src/tuned.rs) here.
    #[arg(long)]
    pub write: Option<String>,
}

type Family = (Gluing, Gluing);

fn families(only: Option<&str>) -> Result<BTreeMap<String, Vec<Arc<Variant>>>, String> {
    let mut by_family: BTreeMap<String, Vec<Arc<Variant>>> = BTreeMap::new();
    for preset in PRESETS {
        if only.is_some_and(|id| id != preset.id) {
            continue;
        }
        let variant = Arc::new(Variant::preset(preset.id, None).map_err(|e| e.to_string())?);
        by_family
            .entry(Weights::family(variant.surface()))
            .or_default()
            .push(variant);
    }
    if by_family.is_empty() {
        return Err(format!("unknown variant '{}'", only.unwrap_or_default()));
    }
    Ok(by_family)
}

/// The samples of `games` self-play games shared out among `variants`, on `jobs` threads: those
/// of every fourth game of each variant held out to judge the fit, the others to fit.
fn samples(variants: &[Arc<Variant>], games: u32, play: SelfPlay, jobs: usize) -> (Data, Data) {
    let found: Mutex<Vec<Vec<Sample>>> = Mutex::new(vec![Vec::new(); 2 * variants.len()]);
    crate::matches::share_games(games, jobs, |g| {
        let v = g as usize % variants.len();
        let mut got = self_play(&variants[v], g, play);
        // Every fourth game of each variant is held out.
        let held = (g as usize / variants.len()) % 4 == 3;
        let slot = if held { variants.len() + v } else { v };
        if let Ok(mut all) = found.lock() {
            all[slot].append(&mut got);
        }
        true
    });
    let mut found = found.into_inner().unwrap_or_default();
    // Threads finish games in any order: sort each variant's samples so a fit is reproducible.
    for s in &mut found {
        s.sort_by_key(|s| (s.position.hash(), (s.result * 2.0) as u8));
    }
    let held = found.split_off(variants.len());
    (
        Data::new(variants.iter().cloned().zip(found).collect()),
        Data::new(variants.iter().cloned().zip(held).collect()),
    )
}

/// Runs the command.
pub fn run(options: Options) -> Result<(), String> {
    let play = SelfPlay {
        nodes: options.nodes,
        opening: 8,
        max_plies: 300,
        seed: options.seed,
        features: Features::ENGINE,
    };
    let mut lines = Vec::new();
    for (name, variants) in families(options.variant.as_deref())? {
        let ids: Vec<&str> = variants.iter().map(|v| v.id()).collect();
        eprintln!("{name}: {} games on {}", options.games, ids.join(", "));
        let (data, held) = samples(&variants, options.games, play, options.jobs);
        if data.is_empty() || held.is_empty() {
            return Err(format!("{name}: the games left no quiet position"));
        }
        let k = data.fit_scale(Weights::HAND);
        let start = data.error(Weights::HAND, k);
        let held_start = held.error(Weights::HAND, k);
        eprintln!(
            "{name}: {} positions ({} held out), scale {k:.2}, error {start:.5} ({held_start:.5})",
            data.len(),
            held.len()
        );
        let fitted = data.fit(&held, Weights::HAND, k, options.passes, |pass| {
            eprintln!(
                "{name}: pass {} error {:.5} ({:.5})",
                pass.number, pass.error, pass.held_out
            );
        });
        let changes: Vec<String> = (0..Weights::COUNT)
            .filter(|&i| fitted.at(i) != Weights::HAND.at(i))
            .map(|i| {
                let (a, b) = (Weights::HAND.at(i), fitted.at(i));
                format!("{} {a}->{b}", Weights::NAMES[i])
            })
            .collect();
        let family: Family = (
            variants[0].surface().east_west(),
            variants[0].surface().north_south(),
        );
        let line = format!(
            "    // {name} ({}): {} positions of {} games at {} nodes a move, seed {}; scale {k:.2};\n    // held-out error {held_start:.5} -> {:.5}: {}.\n    (Gluing::{:?}, Gluing::{:?}, {:?}),",
            ids.join(", "),
            data.len() + held.len(),
            options.games,
            options.nodes,
            options.seed,
            held.error(fitted, k),
            if changes.is_empty() { "unchanged".to_string() } else { changes.join(", ") },
            family.0,
            family.1,
            fitted.0
        );
        println!("{line}");
        lines.push(line);
    }
    if let Some(path) = options.write {
        let text = format!(
            "//! Generated by `scripts/tune.sh` (`topochess tune` on each family's presets): do not edit.\n\
             //! The evaluation weights fitted per surface family, in [`crate::weights::index`] order.\n\
             \n\
             use topochess_core::Gluing;\n\
             \n\
             /// (east-west gluing, north-south gluing, weights).\n\
             pub(crate) const TUNED: &[(Gluing, Gluing, [i32; {}])] = &[\n{}\n];\n",
            Weights::COUNT,
            lines.join("\n")
        );
        std::fs::write(&path, text).map_err(|e| format!("cannot write {path}: {e}"))?;
        eprintln!("wrote {path}");
    }
    Ok(())
}
