//! Functions' lengths, read from sources formatted by rustfmt: a function runs from its `fn` line
//! to the first line after it that closes a block at the `fn` line's indentation.

use std::path::Path;

/// The functions of `text` longer than `max` lines: each name with its length in lines.
pub fn long_functions_in(text: &str, max: usize) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut long = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(name) = fn_name(line) else { continue };
        let indent = &line[..line.len() - line.trim_start().len()];
        // A declaration without a body (a trait's) ends on its own line with `;`.
        if line.trim_end().ends_with(';') {
            continue;
        }
        let close = format!("{indent}}}");
        if let Some(end) = lines[i + 1..].iter().position(|l| *l == close) {
            let length = end + 2;
            if length > max {
                long.push((name, length));
            }
        }
    }
    long
}

/// The name of the function a line opens, if it opens one.
fn fn_name(line: &str) -> Option<String> {
    let mut rest = line.trim_start();
    for prefix in [
        "pub(crate) ",
        "pub(super) ",
        "pub ",
        "const ",
        "async ",
        "unsafe ",
    ] {
        rest = rest.strip_prefix(prefix).unwrap_or(rest);
    }
    let rest = rest.strip_prefix("fn ")?;
    let name: String = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    (!name.is_empty()).then_some(name)
}

/// The functions under `dir` (every `.rs` file, recursively) longer than `max` lines, as
/// `path: name (n lines)`.
pub fn long_functions(dir: &Path, max: usize) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(here) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&here) else {
            continue;
        };
        for path in entries.flatten().map(|e| e.path()) {
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap_or_default();
                for (name, n) in long_functions_in(&text, max) {
                    found.push(format!("{}: {name} ({n} lines)", path.display()));
                }
            }
        }
    }
    found.sort();
    found
}

#[cfg(test)]
mod tests {
    use super::long_functions_in;

    #[test]
    fn a_function_is_measured_from_its_fn_line_to_its_closing_brace() {
        let text = "pub fn short() {\n    a();\n}\n\nimpl X {\n    pub(crate) fn longer(&self) {\n        if x {\n        }\n        b();\n    }\n\n    fn declared();\n}\n";
        assert_eq!(long_functions_in(text, 3), vec![("longer".to_string(), 5)]);
        assert_eq!(long_functions_in(text, 2).len(), 2);
        assert!(long_functions_in(text, 5).is_empty());
    }
}
