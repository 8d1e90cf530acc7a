//! The workspace documents' links resolve: every relative Markdown link in README.md,
//! ARCHITECTURE.md, BENCHMARKS.md and the crates' READMEs names a file that exists (and,
//! with a `#fragment`, a heading of that file), and every repository path written in
//! backquotes (`collision/src/gjk/run.rs`, `fixtures/data/`) exists; and the module
//! order ARCHITECTURE.md gives for `collision/src` is the code's (no module names one
//! listed below it, so the module graph has no cycle).

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
    let modules: Vec<String> = ["gjk", "shape", "ray", "toi"].map(String::from).into();
    let code = "use crate::{gjk::X, shape};\n/// crate::toi\nlet c = crate::ray::cast;";
    let mut named: Vec<String> = modules_named(code, &modules).into_iter().collect();
    named.sort();
    assert_eq!(named, ["gjk", "ray", "shape"]);
    let doc = "### Modules of `collision`\n\n- `cso`: x;\n- `shape` → `cso`;\n\n## Next";
    assert_eq!(documented_module_order(doc), ["cso", "shape"]);
}

/// The modules of `collision/src` in the order ARCHITECTURE.md lists them under "Modules
/// of `collision`": the first backquoted name of each bullet of that section.
fn documented_module_order(architecture: &str) -> Vec<String> {
    let section = architecture
        .split("### Modules of `collision`")
        .nth(1)
        .expect("ARCHITECTURE.md has the module section");
    let section = section.split("\n## ").next().unwrap_or(section);
    section
        .lines()
        .filter_map(|line| line.strip_prefix("- `"))
        .filter_map(|rest| rest.split('`').next())
        .map(str::to_string)
        .collect()
}

/// The top-level modules of the crate that the code (not the comments) of `text` names
/// by a `crate::` path, including `use crate::{a, b::c}` groups.
fn modules_named(text: &str, modules: &[String]) -> HashSet<String> {
    let mut out = HashSet::new();
    for line in text.lines() {
        let code = line.trim_start();
        if code.starts_with("//") {
            continue;
        }
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            rest = &rest[at + "crate::".len()..];
            // A `{a, b::c}` group names each of its first path segments.
            let names: Vec<&str> = match rest.strip_prefix('{') {
                Some(group) => group
                    .split('}')
                    .next()
                    .unwrap_or("")
                    .split(',')
                    .map(|item| item.trim().split("::").next().unwrap_or(""))
                    .collect(),
                None => vec![
                    rest.split(|c: char| !c.is_alphanumeric() && c != '_')
                        .next()
                        .unwrap_or(""),
                ],
            };
            out.extend(
                names
                    .into_iter()
                    .filter(|n| modules.iter().any(|m| m == n))
                    .map(str::to_string),
            );
        }
    }
    out
}

/// Every `.rs` file of module `name` of `collision/src`: `name.rs` and the files under
/// `name/`.
fn module_files(src: &Path, name: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let file = src.join(format!("{name}.rs"));
    if file.exists() {
        out.push(file);
    }
    let mut folders = vec![src.join(name)];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out
}

/// The module order of ARCHITECTURE.md holds: each module of `collision/src` names only
/// modules listed above it, so the module graph has no cycle (a module may name itself).
#[test]
fn modules_import_only_modules_listed_above_them() {
    let root = root();
    let architecture = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let order = documented_module_order(&architecture);
    assert!(order.len() >= 12, "module list: {order:?}");
    let src = root.join("collision/src");
    let mut checked = 0;
    for (rank, name) in order.iter().enumerate() {
        let files = module_files(&src, name);
        assert!(
            !files.is_empty(),
            "ARCHITECTURE.md lists `{name}`, which has no file"
        );
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            for used in modules_named(&text, &order) {
                let used_rank = order.iter().position(|m| *m == used).unwrap();
                assert!(
                    used_rank <= rank,
                    "{} names `crate::{used}`, listed below `{name}` in ARCHITECTURE.md",
                    file.display()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 50, "only {checked} module references found");
}
