//! The builder on a few squares against the general builder (every position kept, each through a
//! full `Position` and the move generator): every position's value the same, on every preset and
//! every lab gluing, with captures into smaller tables, pieces alike and the surfaces' symmetries.

use super::*;
use topochess_core::lab::LabSpec;
use topochess_core::surface::Gluing;

/// Builds `material` on `variant` both ways and compares every position; returns the number of
/// symmetries the fast table used.
fn compare(variant: &Arc<Variant>, material: &str) -> usize {
    let m = Material::parse(material).unwrap();
    let run = |b: Builder| {
        let mut b = b;
        while !b.step(1 << 16).unwrap() {}
        b.finish().unwrap()
    };
    let fast = run(Builder::new(variant.clone(), &m).unwrap());
    let general = run(Builder::new(variant.clone(), &m).unwrap().general());
    let id = variant.id();
    for (name, g) in &general.tables {
        let f = &fast.tables[name];
        let k = Material::parse(name).unwrap().pieces.len();
        let mut sq = [0u8; 8];
        for (i, code) in g.codes.iter().enumerate() {
            let turn = g.layout.decode(i, &mut sq);
            assert_eq!(
                f.value(turn, &sq[..k]),
                Value::of_code(code),
                "{id} {name} {turn:?} {:?}",
                &sq[..k]
            );
        }
    }
    assert_eq!(fast.counts(), general.counts(), "{id} {material}");
    fast.symmetries()
}

/// Compares `materials` on every preset of `files` x `ranks`; returns how many tables used
/// symmetries.
fn presets(size: (u8, u8), materials: &[&str]) -> usize {
    let mut reduced = 0;
    for preset in topochess_core::variant::PRESETS {
        let v = Arc::new(Variant::by_id(preset.id, None).unwrap());
        let s = v.size();
        if (s.width(), s.height()) != size {
            continue;
        }
        for material in materials {
            if compare(&v, material) > 1 {
                reduced += 1;
            }
        }
    }
    reduced
}

#[test]
fn every_8x8_preset_the_same_both_ways() {
    let reduced = presets((8, 8), &["KQvK", "KNvK"]);
    assert!(reduced >= 20, "symmetries found on {reduced} tables");
}

#[test]
fn the_8x14_presets_the_same_both_ways() {
    // Riders on boards longer than wide are compared on the lab's 5x7 and 5x4 boards.
    assert_eq!(presets((8, 14), &["KNvK"]), 3);
}

#[test]
fn every_lab_gluing_the_same_both_ways_with_four_pieces() {
    for east_west in Gluing::ALL {
        for north_south in Gluing::ALL {
            for (width, height, materials) in [
                (6, 6, &["KQvK", "KBvK"][..]),
                (5, 7, &["KRvK"][..]),
                (4, 4, &["KRvKN", "KBBvK", "KQvKR"][..]),
                (5, 4, &["KRvKB", "KNNvK"][..]),
            ] {
                let spec = LabSpec {
                    east_west,
                    north_south,
                    width,
                    height,
                };
                let Ok(v) = Variant::lab(spec) else {
                    continue;
                };
                // The small boards also with riders that may stay put (Yapsan's rule).
                let stay = width == 4 && height == 4;
                for v in [Some(v.clone()), stay.then(|| v.with_stationary_moves(true))]
                    .into_iter()
                    .flatten()
                {
                    let v = Arc::new(v);
                    for material in materials {
                        compare(&v, material);
                    }
                }
            }
        }
    }
}
