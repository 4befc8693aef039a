//! A built table's codes: a byte per position kept, or two to a byte when every code fits in four
//! bits (mates of at most 13 plies: most tables of the wrapped boards, where little is won).

use super::INVALID;

/// Four-bit code standing for [`INVALID`].
const NIBBLE_INVALID: u8 = 15;

/// The codes of a table, packed when they fit in four bits.
pub(super) struct Codes {
    bytes: Vec<u8>,
    len: usize,
    nibbles: bool,
}

impl Codes {
    /// The codes, packed two to a byte if they fit.
    pub(super) fn pack(codes: Vec<u8>) -> Codes {
        let len = codes.len();
        if !codes.iter().all(|&c| c == INVALID || c < NIBBLE_INVALID) {
            return Codes {
                bytes: codes,
                len,
                nibbles: false,
            };
        }
        let four = |c: u8| if c == INVALID { NIBBLE_INVALID } else { c };
        let bytes = codes
            .chunks(2)
            .map(|pair| four(pair[0]) | pair.get(1).map_or(0, |&c| four(c) << 4))
            .collect();
        Codes {
            bytes,
            len,
            nibbles: true,
        }
    }

    /// The number of codes.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// The bytes they take.
    pub(super) fn bytes(&self) -> usize {
        self.bytes.len()
    }

    /// Code `i`.
    #[inline]
    pub(super) fn get(&self, i: usize) -> Option<u8> {
        if !self.nibbles {
            return self.bytes.get(i).copied();
        }
        if i >= self.len {
            return None;
        }
        let c = (self.bytes[i / 2] >> (4 * (i % 2))) & 15;
        Some(if c == NIBBLE_INVALID { INVALID } else { c })
    }

    /// Every code in order.
    pub(super) fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.len).filter_map(|i| self.get(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_back_packed_or_not() {
        let small = vec![0, 1, INVALID, 14, 3];
        let packed = Codes::pack(small.clone());
        assert!(packed.nibbles && packed.bytes() == 3);
        assert_eq!(packed.iter().collect::<Vec<_>>(), small);
        assert_eq!(packed.get(5), None);
        let large = vec![0, 15, INVALID, 200];
        let kept = Codes::pack(large.clone());
        assert!(!kept.nibbles && kept.bytes() == 4);
        assert_eq!(kept.iter().collect::<Vec<_>>(), large);
    }
}
