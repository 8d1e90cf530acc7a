//! Writes the C header `include/collision.h` from this crate's source with cbindgen.
//!
//! ```sh
//! cargo run -p collision-capi --example generate_header            # rewrite the header
//! cargo run -p collision-capi --example generate_header -- --check # fail if it is stale
//! ```

use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let header = crate_dir.join("include/collision.h");
    let check = std::env::args().any(|a| a == "--check");
    let config = match cbindgen::Config::from_file(crate_dir.join("cbindgen.toml")) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("cbindgen.toml: {e}");
            return ExitCode::FAILURE;
        }
    };
    let bindings = match cbindgen::Builder::new()
        .with_crate(crate_dir)
        .with_config(config)
        .generate()
    {
        Ok(b) => b,
        Err(e) => {
            eprintln!("cbindgen: {e}");
            return ExitCode::FAILURE;
        }
    };
    let mut text = Vec::new();
    bindings.write(&mut text);
    let current = std::fs::read(&header).unwrap_or_default();
    if check {
        if current == text {
            println!("{} is up to date", header.display());
            ExitCode::SUCCESS
        } else {
            eprintln!(
                "{} is stale: run `cargo run -p collision-capi --example generate_header`",
                header.display()
            );
            ExitCode::FAILURE
        }
    } else if let Err(e) = std::fs::write(&header, &text) {
        eprintln!("{}: {e}", header.display());
        ExitCode::FAILURE
    } else {
        println!("wrote {}", header.display());
        ExitCode::SUCCESS
    }
}
