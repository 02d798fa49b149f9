//! Checks the three message catalogues (`src/i18n/{en,de,it}/*.txt`) and generates the typed
//! message keys from the English one. The build fails when a language lacks a file or a message,
//! has one the others don't, orders them differently, or uses other `{placeholders}` than
//! English: a missing translation can't ship.

use std::collections::{BTreeSet, HashSet};
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

const LANGS: [&str; 3] = ["en", "de", "it"];

/// The `Key = text` lines of a catalogue file (comments and blank lines skipped).
fn entries(path: &Path) -> Vec<(String, String)> {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some((key, value)) = line.split_once(" = ") else {
            panic!("{}:{}: expected `Key = text`, found {line:?}", path.display(), n + 1);
        };
        let key = key.trim();
        let ok = key.chars().next().is_some_and(|c| c.is_ascii_uppercase()) && key.chars().all(|c| c.is_ascii_alphanumeric());
        assert!(ok, "{}:{}: key {key:?} must be CamelCase letters and digits", path.display(), n + 1);
        assert!(!value.trim().is_empty(), "{}:{}: empty text for {key}", path.display(), n + 1);
        out.push((key.to_string(), value.trim().to_string()));
    }
    out
}

/// The `{name}` placeholders of a text (a plural choice `{n|ducat|ducats}` names `n`).
fn placeholders(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = text;
    while let Some(i) = rest.find('{') {
        let Some(j) = rest[i..].find('}') else { break };
        let inner = &rest[i + 1..i + j];
        out.insert(inner.split('|').next().unwrap_or(inner).to_string());
        rest = &rest[i + j + 1..];
    }
    out
}

/// The `{name}` placeholders of a text in the order they first appear.
fn ordered_placeholders(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find('{') {
        let Some(j) = rest[i..].find('}') else { break };
        let inner = &rest[i + 1..i + j];
        let name = inner.split('|').next().unwrap_or(inner).to_string();
        if !out.contains(&name) {
            out.push(name);
        }
        rest = &rest[i + j + 1..];
    }
    out
}

fn main() {
    let root = Path::new("src/i18n");
    println!("cargo:rerun-if-changed=src/i18n");
    for l in LANGS {
        println!("cargo:rerun-if-changed=src/i18n/{l}");
    }
    let mut areas: Vec<String> = fs::read_dir(root.join("en"))
        .expect("src/i18n/en")
        .map(|e| e.expect("dir entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".txt"))
        .collect();
    areas.sort();
    let mut errors = Vec::new();
    let mut keys: Vec<(String, String)> = Vec::new();
    let mut seen = HashSet::new();
    for area in &areas {
        let en = entries(&root.join("en").join(area));
        for (k, _) in &en {
            if !seen.insert(k.clone()) {
                errors.push(format!("en/{area}: key {k} is defined twice"));
            }
        }
        for l in &LANGS[1..] {
            let path = root.join(l).join(area);
            if !path.exists() {
                errors.push(format!("{l}/{area} is missing"));
                continue;
            }
            let other = entries(&path);
            let a: Vec<&str> = en.iter().map(|(k, _)| k.as_str()).collect();
            let b: Vec<&str> = other.iter().map(|(k, _)| k.as_str()).collect();
            for k in a.iter().filter(|k| !b.contains(k)) {
                errors.push(format!("{l}/{area}: no translation of {k}"));
            }
            for k in b.iter().filter(|k| !a.contains(k)) {
                errors.push(format!("{l}/{area}: {k} is not in en/{area}"));
            }
            if errors.is_empty() && a != b {
                errors.push(format!("{l}/{area}: the keys are in another order than in en/{area}"));
            }
            for ((k, e), (_, o)) in en.iter().zip(&other) {
                if placeholders(e) != placeholders(o) {
                    errors.push(format!("{l}/{area}: {k} has placeholders {:?}, English has {:?}", placeholders(o), placeholders(e)));
                }
            }
        }
        for l in &LANGS[1..] {
            let dir = root.join(l);
            for entry in fs::read_dir(&dir).into_iter().flatten().flatten() {
                let name = entry.file_name().to_string_lossy().into_owned();
                if name.ends_with(".txt") && !areas.contains(&name) {
                    errors.push(format!("{l}/{name} has no English original"));
                }
            }
        }
        keys.extend(en);
    }
    assert!(errors.is_empty(), "the message catalogues disagree:\n  {}", errors.join("\n  "));

    let mut code = String::from("/// A message on screen: one per line of the catalogues (generated by build.rs).\n");
    code += "#[derive(Copy, Clone, PartialEq, Eq, Debug)]\n#[repr(u16)]\npub enum Key {\n";
    for (k, v) in &keys {
        writeln!(code, "    /// {}", v.replace('\n', " ")).expect("write");
        writeln!(code, "    {k},").expect("write");
    }
    code += "}\n";
    writeln!(code, "/// How many messages there are.\npub const COUNT: usize = {};", keys.len()).expect("write");
    writeln!(code, "/// Every key, by its number.\npub const KEYS: [Key; {}] = [{}];", keys.len(), keys.iter().map(|(k, _)| format!("Key::{k}")).collect::<Vec<_>>().join(",")).expect("write");
    // Every message's placeholders, in the order English first names them: a fact's arguments
    // (`Said`) are kept and sent in this order, and filled by name in any language.
    // Kept flat (a start per message into one list of names' numbers): a slice per message
    // took 5 kB more of the page's wasm (measured; gzip packs either alike).
    let mut names: Vec<String> = Vec::new();
    let (mut starts, mut ids) = (vec![0usize], Vec::new());
    for (_, v) in &keys {
        for p in ordered_placeholders(v) {
            let i = names.iter().position(|n| *n == p).unwrap_or_else(|| {
                names.push(p.clone());
                names.len() - 1
            });
            ids.push(i.to_string());
        }
        starts.push(ids.len());
    }
    assert!(names.len() < 256 && ids.len() < 65536, "placeholders outgrew their tables");
    writeln!(code, "/// The names of placeholders.\npub const PLACEHOLDER_NAMES: [&str; {}] = {:?};", names.len(), names).expect("write");
    writeln!(code, "/// Where each message's placeholders start in [`PLACE_IDS`] (one more than messages).\nconst PLACE_AT: [u16; {}] = {:?};", starts.len(), starts).expect("write");
    writeln!(code, "/// Every message's placeholders (indices into [`PLACEHOLDER_NAMES`]), in English's order.\nconst PLACE_IDS: [u8; {}] = [{}];", ids.len(), ids.join(",")).expect("write");
    // A fingerprint of the keys and their placeholders: a device of another build reads another
    // catalogue, so remote play refuses its messages as another version (not as garbled words).
    let mut h: u32 = 0x811c_9dc5;
    for (k, v) in &keys {
        for b in k.bytes().chain(ordered_placeholders(v).concat().bytes()).chain([0u8]) {
            h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
        }
    }
    writeln!(code, "/// A fingerprint of the message keys and their placeholders.\npub const SCHEMA: u32 = {h};").expect("write");
    // The refusals' keys (`Illegal<variant>`), by the engine's variant name, sorted for a binary
    // search: `words::refusal` finds a refusal's words by `IllegalMove::name`.
    let mut refusals: Vec<&str> = keys.iter().filter_map(|(k, _)| k.strip_prefix("Illegal")).collect();
    refusals.sort_unstable();
    code += "/// The refusals' keys by `IllegalMove::name` (every key `Illegal<name>`), sorted by name.\n";
    let list: Vec<String> = refusals.iter().map(|r| format!("(\"{r}\", Key::Illegal{r})")).collect();
    writeln!(code, "pub const REFUSALS: [(&str, Key); {}] = [{}];", refusals.len(), list.join(", ")).expect("write");
    let out = std::env::var("OUT_DIR").expect("OUT_DIR");
    fs::write(Path::new(&out).join("i18n_keys.rs"), code).expect("write keys");
    // English texts only, one a line, in key order (the keys' names stay out of the page).
    let en: String = keys.iter().map(|(_, v)| format!("{v}\n")).collect();
    fs::write(Path::new(&out).join("en.txt"), en).expect("write en");
}
