//! include/dlx.h is generated, committed, fresh, and usable from C and C++; its version
//! agrees with Cargo.toml, with the library's dlx_version() and with its soname.

mod common;
/// The C layer's own source, compiled into this test: its functions, called from Rust.
#[path = "../src/ffi.rs"]
mod ffi;

use common::{c_compiler, lib_dir, root, run_ok, scratch};
use std::ffi::CStr;
use std::process::Command;

#[test]
fn committed_header_equals_a_fresh_render() {
    let fresh = std::fs::read_to_string(concat!(env!("OUT_DIR"), "/dlx.h")).expect("build.rs renders the header");
    let committed = std::fs::read_to_string(root().join("include/dlx.h")).expect("include/dlx.h is committed");
    assert!(committed == fresh, "include/dlx.h is stale: run `make header` and commit the result");
}

fn cargo_toml_version() -> String {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let line = manifest.lines().find(|l| l.starts_with("version")).expect("a version line");
    line.split('"').nth(1).expect("a quoted version").to_string()
}

#[test]
fn versions_agree_with_cargo_toml() {
    let version = cargo_toml_version();
    let header = std::fs::read_to_string(root().join("include/dlx.h")).unwrap();
    let parts: Vec<&str> = version.split('.').collect();
    assert_eq!(parts.len(), 3);
    for (name, value) in [("MAJOR", parts[0]), ("MINOR", parts[1]), ("PATCH", parts[2])] {
        let line = format!("#define DLX_VERSION_{name} {value}\n");
        assert!(header.contains(&line), "header lacks {line:?}");
    }
    assert!(header.contains(&format!("#define DLX_VERSION \"{version}\"\n")));
    // SAFETY: dlx_version returns a static NUL-terminated string.
    let library = unsafe { CStr::from_ptr(ffi::dlx_version()) };
    assert_eq!(library.to_str().unwrap(), version);
    // The fourth: the shared library's soname (build.rs), libdlx.so.MAJOR.
    let out = run_ok(Command::new("readelf").arg("-d").arg(lib_dir().join("libdlx.so")));
    let dynamic = String::from_utf8(out.stdout).unwrap();
    let soname = format!("Library soname: [libdlx.so.{}]", parts[0]);
    assert!(dynamic.contains(&soname), "libdlx.so lacks {soname:?}:\n{dynamic}");
}

#[test]
fn header_compiles_cleanly_as_c_and_cpp() {
    let dir = scratch("header");
    let source = dir.join("uses_header.c");
    std::fs::write(
        &source,
        "#include \"dlx.h\"\n#include \"dlx.h\" /* the include guard holds */\n\
         int main(void) { char out[DLX16_OUT_LEN]; return dlx_solve16(\"\", out) == DLX_ERR_LENGTH ? 0 : 1; }\n",
    )
    .unwrap();
    let include = root().join("include");
    for (cpp, std) in [(false, "c99"), (false, "c11"), (true, "c++11"), (true, "c++17")] {
        let mut cmd = c_compiler(cpp);
        cmd.arg(format!("-std={std}")).arg("-pedantic").arg("-fsyntax-only").arg("-I").arg(&include);
        if cpp {
            cmd.arg("-x").arg("c++");
        }
        run_ok(cmd.arg(&source));
    }
}
