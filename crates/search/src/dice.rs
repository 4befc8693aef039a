//! The engine's dice: one small deterministic generator (xorshift64) for the random openings of
//! matches and tuning games, a level's evaluation noise and its blunders. Seeded, so every game
//! and every failure can be replayed.

/// A seeded xorshift64 generator.
#[derive(Clone, Copy, Debug)]
pub struct Dice(u64);

impl Dice {
    /// Dice from a seed (a zero seed, which xorshift cannot leave, is made odd).
    pub fn new(seed: u64) -> Dice {
        Dice(seed | 1)
    }

    /// The next 64 random bits.
    pub fn roll(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n` (`n` at least one).
    pub fn below(&mut self, n: usize) -> usize {
        (self.roll() % n.max(1) as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_rolls_the_same_and_every_face_comes_up() {
        let (mut a, mut b) = (Dice::new(7), Dice::new(7));
        let mut seen = [0u32; 6];
        for _ in 0..600 {
            let n = a.below(6);
            assert_eq!(n, b.below(6));
            seen[n] += 1;
        }
        assert!(seen.iter().all(|&c| (60..=140).contains(&c)), "{seen:?}");
        assert_ne!(Dice::new(0).roll(), 0);
    }
}
