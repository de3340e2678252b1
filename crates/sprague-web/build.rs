//! Rebuilds the crate when the embedded page changes: `include_dir!` reads
//! `assets/` at compile time, which cargo does not track by itself.

fn main() {
    println!("cargo:rerun-if-changed=assets");
}
