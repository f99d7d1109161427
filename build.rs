//! Renders the C header from `src/ffi.rs` with cbindgen.
//!
//! The fresh render always goes to `$OUT_DIR/dlx.h`, where the header test compares it with
//! the committed `include/dlx.h`. The committed file is rewritten only on request
//! (`DLX_BLESS_HEADER=1`, which `make header` sets), so a stale header shows up as a failing
//! test and a warning instead of an unreviewed change to a tracked file.

use std::env;
use std::fs;
use std::path::PathBuf;

fn main() {
    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let out_dir = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    for watched in ["src", "cbindgen.toml", "include/dlx.h", "Cargo.toml"] {
        println!("cargo:rerun-if-changed={watched}");
    }
    println!("cargo:rerun-if-env-changed=DLX_BLESS_HEADER");
    // The tests compile C with the cc crate, which wants the triples a build script is given.
    for triple in ["TARGET", "HOST"] {
        println!("cargo:rustc-env=DLX_BUILD_{triple}={}", env::var(triple).expect("cargo sets the triples"));
    }

    // The shared library's soname, libdlx.so.MAJOR, set at link time as C libraries do, so
    // programs linked against it keep working across compatible (same-major) updates. A
    // program linked with -ldlx then needs libdlx.so.MAJOR at run time: `make` and the tests
    // put that link beside target/release/libdlx.so, `make install` beside the installed file.
    if env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux") {
        let major = env::var("CARGO_PKG_VERSION_MAJOR").expect("cargo sets the version parts");
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libdlx.so.{major}");
    }

    let mut config = cbindgen::Config::from_file(root.join("cbindgen.toml")).expect("cbindgen.toml parses");
    let version = env::var("CARGO_PKG_VERSION").expect("cargo sets CARGO_PKG_VERSION");
    let part = |name: &str| env::var(name).expect("cargo sets the version parts");
    config.after_includes = Some(format!(
        "\n/** The version of this header; `dlx_version()` returns the library's. */\n\
         #define DLX_VERSION \"{version}\"\n\
         #define DLX_VERSION_MAJOR {}\n\
         #define DLX_VERSION_MINOR {}\n\
         #define DLX_VERSION_PATCH {}",
        part("CARGO_PKG_VERSION_MAJOR"),
        part("CARGO_PKG_VERSION_MINOR"),
        part("CARGO_PKG_VERSION_PATCH"),
    ));

    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(root.join("src/lib.rs"))
        .generate()
        .expect("cbindgen renders the header");
    let mut rendered = Vec::new();
    bindings.write(&mut rendered);
    fs::write(out_dir.join("dlx.h"), &rendered).expect("write $OUT_DIR/dlx.h");

    let committed_path = root.join("include/dlx.h");
    let committed = fs::read(&committed_path).unwrap_or_default();
    if committed != rendered {
        if env::var_os("DLX_BLESS_HEADER").is_some_and(|v| v == "1") {
            fs::write(&committed_path, &rendered).expect("write include/dlx.h");
        } else {
            println!("cargo:warning=include/dlx.h is stale: run `make header` to regenerate it from src/ffi.rs");
        }
    }
}
