//! `topochess tablebase`: builds a material set's table on a variant and prints its counts in a
//! fixed form (tests read the first two lines), the build time, then example positions.

use std::sync::Arc;
use std::time::Instant;
use topochess_core::{fen, Color, Variant};
use topochess_search::tablebase::{Material, Tablebase, Value};

/// Builds and prints; progress goes to stderr when `verbose`.
pub fn run(variant: Arc<Variant>, material: &str, verbose: bool) -> Result<(), String> {
    let material = Material::parse(material)?;
    let started = Instant::now();
    let mut last = String::new();
    let table = Tablebase::build(variant, &material, &mut |p| {
        if verbose && p.stage != last {
            eprintln!("{} {}: {} of {}", p.material, p.stage, p.done, p.total);
        }
        last = p.stage.to_string();
    })
    .map_err(|e| e.to_string())?;
    let secs = started.elapsed().as_secs_f64();
    for (side, counts) in ["white", "black"].iter().zip(table.counts()) {
        println!(
            "{side} to move: {} legal, {} won, {} drawn, {} lost; longest mate {}",
            counts.legal, counts.won, counts.drawn, counts.lost, counts.longest
        );
    }
    println!(
        "built in {secs:.2} s; {} positions stored in {} bytes, one per class of {} symmetries",
        table.stored(),
        table.bytes(),
        table.symmetries()
    );
    for turn in Color::ALL {
        if let Some(pos) = table.longest_mate(turn) {
            let moves = table
                .probe(&pos)
                .and_then(Value::moves_to_mate)
                .unwrap_or(0);
            println!("longest mate, mate in {moves}: {}", fen::write(&pos));
        }
    }
    for (what, pick) in [
        ("drawn", (|v| v == Value::Draw) as fn(Value) -> bool),
        ("won", |v| matches!(v, Value::Win(_))),
    ] {
        for pos in table.examples(Color::White, 2, pick) {
            println!("{what}: {}", fen::write(&pos));
        }
    }
    Ok(())
}
