//! Rust source cut into the tokens the module graph needs: identifiers, `::`, and single
//! punctuation characters. Comments, string and character literals are dropped (a path written
//! in one is no import), lifetimes kept apart from character literals.

/// One token: an identifier or keyword, `::`, or one punctuation character.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// An identifier or a keyword (`crate`, `super`, `mod`, `test`, ...).
    Ident(String),
    /// `::`.
    Path,
    /// Any other character that is not white space.
    Punct(char),
}

/// The tokens of `text`.
pub fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c.is_whitespace() {
            i += 1;
        } else if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i = block_comment_end(&chars, i);
        } else if c == '"' {
            i = string_end(&chars, i + 1);
        } else if (c == 'r' || c == 'b') && raw_string_start(&chars, i).is_some() {
            let (hashes, body) = raw_string_start(&chars, i).expect("checked");
            i = raw_string_end(&chars, body, hashes);
        } else if c == 'b' && next == Some('"') {
            i = string_end(&chars, i + 2);
        } else if c == '\'' {
            i = quote_end(&chars, i);
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Token::Ident(chars[start..i].iter().collect()));
        } else if c == ':' && next == Some(':') {
            out.push(Token::Path);
            i += 2;
        } else {
            out.push(Token::Punct(c));
            i += 1;
        }
    }
    out
}

/// Past the block comment opening at `i` (they nest in Rust).
fn block_comment_end(chars: &[char], mut i: usize) -> usize {
    let mut depth = 0;
    while i < chars.len() {
        match (chars[i], chars.get(i + 1)) {
            ('/', Some('*')) => {
                depth += 1;
                i += 2;
            }
            ('*', Some('/')) => {
                depth -= 1;
                i += 2;
                if depth == 0 {
                    return i;
                }
            }
            _ => i += 1,
        }
    }
    i
}

/// Past the closing quote of a string whose text starts at `i`.
fn string_end(chars: &[char], mut i: usize) -> usize {
    while i < chars.len() {
        match chars[i] {
            '\\' => i += 2,
            '"' => return i + 1,
            _ => i += 1,
        }
    }
    i
}

/// A raw string opening at `i` (`r"`, `r#"`, `br"`...): its number of `#`, and where its text
/// starts.
fn raw_string_start(chars: &[char], i: usize) -> Option<(usize, usize)> {
    // Not the tail of an identifier (`for"`, `bar#`).
    if i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_') {
        return None;
    }
    let mut j = i;
    if chars[j] == 'b' {
        j += 1;
    }
    if chars.get(j) != Some(&'r') {
        return None;
    }
    j += 1;
    let hashes = chars[j..].iter().take_while(|c| **c == '#').count();
    (chars.get(j + hashes) == Some(&'"')).then_some((hashes, j + hashes + 1))
}

/// Past the end of a raw string with `hashes` `#` whose text starts at `i`.
fn raw_string_end(chars: &[char], mut i: usize, hashes: usize) -> usize {
    while i < chars.len() {
        if chars[i] == '"' && chars[i + 1..].iter().take(hashes).all(|c| *c == '#') {
            return i + 1 + hashes;
        }
        i += 1;
    }
    i
}

/// Past a character literal at `i` (`'x'`, `'\n'`, `'\u{1F600}'`), or past the quote of a
/// lifetime (`'a`), whose name then reads as an identifier.
fn quote_end(chars: &[char], i: usize) -> usize {
    match (chars.get(i + 1), chars.get(i + 2)) {
        (Some('\\'), _) => {
            let mut j = i + 2;
            while j < chars.len() && chars[j] != '\'' {
                j += 1;
            }
            j + 1
        }
        (Some(_), Some('\'')) => i + 3,
        _ => i + 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn idents(text: &str) -> Vec<String> {
        tokens(text)
            .into_iter()
            .filter_map(|t| match t {
                Token::Ident(s) => Some(s),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn comments_strings_and_characters_are_no_code() {
        let text = r###"a // crate::x
            /* crate::y /* nested */ still */ b "crate::z \" q" c r#"crate::w "# d
            br"e" f 'g' '\n' '\u{41}' h<'life> b"i""###;
        assert_eq!(
            idents(text),
            ["a", "b", "c", "d", "f", "h", "life"].map(String::from)
        );
    }

    #[test]
    fn paths_come_as_identifiers_and_separators() {
        assert_eq!(
            tokens("super::x::{Y, z}"),
            vec![
                Token::Ident("super".into()),
                Token::Path,
                Token::Ident("x".into()),
                Token::Path,
                Token::Punct('{'),
                Token::Ident("Y".into()),
                Token::Punct(','),
                Token::Ident("z".into()),
                Token::Punct('}'),
            ]
        );
    }
}
