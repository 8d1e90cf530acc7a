//! The workspace documents' links resolve: every relative Markdown link in README.md,
//! ARCHITECTURE.md, BENCHMARKS.md and the crates' READMEs names a file that exists (and,
//! with a `#fragment`, a heading of that file), and every repository path written in
//! backquotes (`collision/src/gjk/run.rs`, `fixtures/data/`) exists.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// The workspace root (this crate is `collision/`).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The documents checked, relative to the root.
const DOCUMENTS: [&str; 4] = [
    "README.md",
    "ARCHITECTURE.md",
    "BENCHMARKS.md",
    "debugger/README.md",
];

/// Top-level folders whose paths, written in backquotes, must exist.
const TOP_FOLDERS: [&str; 6] = [
    "collision/",
    "inertia/",
    "fixtures/",
    "debugger/",
    ".ci/",
    "scripts/",
];

/// GitHub's anchor for a heading: lower case, punctuation dropped except `-` and `_`,
/// spaces turned into `-`.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a Markdown file's headings (outside code fences).
fn anchors(text: &str) -> HashSet<String> {
    let mut fenced = false;
    let mut out = HashSet::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            out.insert(slug(line.trim_start_matches('#')));
        }
    }
    out
}

/// The targets of inline links `[text](target)` outside code fences.
fn link_targets(text: &str) -> Vec<String> {
    let mut fenced = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            let tail = &rest[at + 2..];
            let Some(end) = tail.find(')') else { break };
            out.push(tail[..end].trim().to_string());
            rest = &tail[end..];
        }
    }
    out
}

/// Repository paths in backquotes: tokens starting with a top-level folder, with
/// `{a,b}` alternatives expanded.
fn quoted_paths(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, span) in text.split('`').enumerate() {
        let is_code = i % 2 == 1;
        if !is_code || span.contains(' ') || !TOP_FOLDERS.iter().any(|t| span.starts_with(t)) {
            continue;
        }
        match (span.find('{'), span.find('}')) {
            (Some(open), Some(close)) if open < close => {
                for alt in span[open + 1..close].split(',') {
                    out.push(format!("{}{alt}{}", &span[..open], &span[close + 1..]));
                }
            }
            _ => out.push(span.to_string()),
        }
    }
    out
}

#[test]
fn relative_links_and_quoted_paths_resolve() {
    let root = root();
    let mut broken = Vec::new();
    let mut checked = 0;
    for doc in DOCUMENTS {
        let path = root.join(doc);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{doc}: {e}"));
        let dir = path.parent().unwrap();
        for target in link_targets(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            checked += 1;
            let (file, fragment) = match target.split_once('#') {
                Some((f, frag)) => (f, Some(frag)),
                None => (target.as_str(), None),
            };
            let linked = if file.is_empty() {
                path.clone()
            } else {
                dir.join(file)
            };
            if !linked.exists() {
                broken.push(format!("{doc}: link to missing {target}"));
                continue;
            }
            if let Some(fragment) = fragment {
                let linked_text = std::fs::read_to_string(&linked).unwrap_or_default();
                if !anchors(&linked_text).contains(fragment) {
                    broken.push(format!("{doc}: no heading #{fragment} in {file}"));
                }
            }
        }
        for quoted in quoted_paths(&text) {
            checked += 1;
            if !root.join(&quoted).exists() {
                broken.push(format!("{doc}: `{quoted}` does not exist"));
            }
        }
    }
    assert!(checked > 20, "only {checked} links and paths found");
    assert!(broken.is_empty(), "broken:\n{}", broken.join("\n"));
}

#[test]
fn the_checker_finds_what_it_must() {
    assert_eq!(slug("collision: GJK"), "collision-gjk");
    assert_eq!(slug(" Two commands"), "two-commands");
    assert_eq!(
        link_targets("see [a](B.md#x) and [c](d/) `[e](f)`"),
        ["B.md#x", "d/", "f"]
    );
    assert_eq!(
        quoted_paths("in `collision/src/{a,b}.rs` and `cargo test` or `inertia/`"),
        ["collision/src/a.rs", "collision/src/b.rs", "inertia/"]
    );
    assert!(link_targets("```\n[x](y)\n```").is_empty());
}
