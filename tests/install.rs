//! `make install` and `make uninstall` into a staging folder (DESTDIR), then the README's
//! pkg-config link lines and CMake project, built as written against what was installed: the
//! shared program must need `libdlx.so.MAJOR` (readelf -d), the static one no libdlx at all,
//! and each must print the solution of POJ 3076's sample. Needs make, pkg-config, readelf and
//! cmake (scripts/test-tools).

mod common;

use common::{make_all, poj3076_sample, readme_block, root, run_ok, soname};
use std::path::{Path, PathBuf};
use std::process::Command;

fn make(args: &[&str]) {
    run_ok(Command::new("make").arg("-C").arg(root()).args(args));
}

/// A folder of its own under target/, emptied first.
fn fresh(name: &str) -> PathBuf {
    let dir = root().join("target/install-test").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The names readelf -d gives for the dynamic tag `tag` (NEEDED, SONAME).
fn dynamic(binary: &Path, tag: &str) -> Vec<String> {
    let out = run_ok(Command::new("readelf").arg("-d").arg(binary));
    let tag = format!("({tag})");
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter(|l| l.contains(&tag))
        .map(|l| l[l.find('[').unwrap() + 1..l.find(']').unwrap()].to_string())
        .collect()
}

fn files_under(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() && !path.is_symlink() {
                stack.push(path);
            } else {
                found.push(path.strip_prefix(dir).unwrap().display().to_string());
            }
        }
    }
    found.sort();
    found
}

#[test]
fn install_link_with_pkg_config_and_uninstall() {
    make_all();
    let stage = fresh("stage");
    let destdir = format!("DESTDIR={}", stage.display());
    make(&["install", &destdir]);

    let version = env!("CARGO_PKG_VERSION");
    let real = format!("libdlx.so.{version}");
    let lib = stage.join("usr/local/lib");
    assert_eq!(
        files_under(&stage),
        [
            "usr/local/bin/dlx".to_string(),
            "usr/local/include/dlx.h".into(),
            "usr/local/lib/cmake/dlx/dlxConfig.cmake".into(),
            "usr/local/lib/cmake/dlx/dlxConfigVersion.cmake".into(),
            "usr/local/lib/libdlx.a".into(),
            "usr/local/lib/libdlx.so".into(),
            "usr/local/lib/libdlx.so.0".into(),
            format!("usr/local/lib/{real}"),
            "usr/local/lib/pkgconfig/dlx.pc".into(),
        ]
        .map(|s| s.replace("libdlx.so.0", &soname()))
    );
    // The archive is installed stripped of debug info: stripping it again changes nothing.
    let archive = lib.join("libdlx.a");
    let again = stage.join("restripped.a");
    let stripped = Command::new("strip").arg("--strip-debug").arg("-o").arg(&again).arg(&archive).status().unwrap();
    assert!(stripped.success());
    assert_eq!(std::fs::read(&again).unwrap(), std::fs::read(&archive).unwrap(), "installed libdlx.a has debug info");
    std::fs::remove_file(&again).unwrap();
    let command = Command::new(stage.join("usr/local/bin/dlx")).arg("--version").output().unwrap();
    assert_eq!(String::from_utf8(command.stdout).unwrap(), format!("dlx {version}\n"), "the installed command runs");
    assert_eq!(std::fs::read_link(lib.join(soname())).unwrap(), Path::new(&real));
    assert_eq!(std::fs::read_link(lib.join("libdlx.so")).unwrap(), Path::new(&soname()));
    assert_eq!(dynamic(&lib.join(&real), "SONAME"), [soname()], "the installed library's SONAME");
    assert_eq!(
        std::fs::read(stage.join("usr/local/include/dlx.h")).unwrap(),
        std::fs::read(root().join("include/dlx.h")).unwrap()
    );
    let pc = std::fs::read_to_string(lib.join("pkgconfig/dlx.pc")).unwrap();
    assert!(pc.contains(&format!("\nVersion: {version}\n")) && pc.contains("prefix=/usr/local\n"), "{pc}");
    assert!(pc.contains("\nLibs: -L${libdir} -ldlx\n") && !pc.contains("Libs.private"), "{pc}");

    // The README's lines, as written, with pkg-config looking into the staging folder.
    let work = fresh("app");
    std::fs::write(work.join("app.c"), readme_block("readme-example")).unwrap();
    let pkg_env = |cmd: &mut Command| {
        cmd.env("PKG_CONFIG_PATH", lib.join("pkgconfig"))
            .env("PKG_CONFIG_SYSROOT_DIR", &stage)
            .env_remove("PKG_CONFIG_LIBDIR")
            .current_dir(&work);
    };
    let lines = readme_block("install-link");
    assert_eq!(lines.lines().count(), 2, "a shared and a static line");
    for line in lines.lines() {
        let mut sh = Command::new("sh");
        sh.arg("-ec").arg(line);
        pkg_env(&mut sh);
        let out = run_ok(&mut sh);
        // No warning either: `cc -static` used to warn about glibc's getpwuid_r and getaddrinfo,
        // which Rust's std pulled in.
        assert!(out.stderr.is_empty(), "{line}:\n{}", String::from_utf8_lossy(&out.stderr));
    }
    let (_, expected) = poj3076_sample();
    let expected = expected.replace('\n', "") + "\n";
    let shared = work.join("app");
    let needed = dynamic(&shared, "NEEDED");
    assert!(needed.contains(&soname()), "app needs {}: {needed:?}", soname());
    let out = run_ok(Command::new(&shared).env("LD_LIBRARY_PATH", &lib));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);
    let fully_static = work.join("app-static");
    let needed = dynamic(&fully_static, "NEEDED");
    assert!(needed.iter().all(|n| !n.contains("dlx")), "{needed:?}");
    let out = run_ok(&mut Command::new(&fully_static));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);

    // The README's CMake project, found through the staged install's dlxConfig.cmake.
    let project = fresh("cmake");
    std::fs::write(project.join("app.c"), readme_block("readme-example")).unwrap();
    let lists = readme_block("cmake");
    std::fs::write(project.join("CMakeLists.txt"), &lists).unwrap();
    let build = project.join("build");
    let prefix = format!("-DCMAKE_PREFIX_PATH={}", stage.join("usr/local").display());
    run_ok(Command::new("cmake").arg("-S").arg(&project).arg("-B").arg(&build).arg(&prefix));
    run_ok(Command::new("cmake").arg("--build").arg(&build));
    let out = run_ok(Command::new(build.join("app")).env("LD_LIBRARY_PATH", &lib));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);
    assert!(dynamic(&build.join("app"), "NEEDED").contains(&soname()), "dlx::dlx is the shared library");
    let out = run_ok(&mut Command::new(build.join("app-static")));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);
    assert!(dynamic(&build.join("app-static"), "NEEDED").iter().all(|n| !n.contains("dlx")), "dlx::dlx_static");
    // The version file: another minor version than this 0.x (older or newer), or another
    // major, is not found.
    for wanted in ["0.1", "0.99", "1.0"] {
        let other = fresh(&format!("cmake-{wanted}"));
        std::fs::write(other.join("app.c"), readme_block("readme-example")).unwrap();
        let changed = lists.replace("dlx 0.2 CONFIG", &format!("dlx {wanted} CONFIG"));
        std::fs::write(other.join("CMakeLists.txt"), changed).unwrap();
        let mut cmake = Command::new("cmake");
        cmake.arg("-S").arg(&other).arg("-B").arg(other.join("build")).arg(&prefix);
        assert!(!cmake.output().unwrap().status.success(), "find_package(dlx {wanted}) must fail against {version}");
    }

    make(&["uninstall", &destdir]);
    assert_eq!(files_under(&stage), Vec::<String>::new(), "uninstall leaves no file");
}

#[test]
fn install_honours_libdir_includedir_and_pkgconfigdir() {
    make_all();
    let stage = fresh("custom");
    let vars = [
        format!("DESTDIR={}", stage.display()),
        "PREFIX=/opt/dlx".to_string(),
        "LIBDIR=/opt/dlx/lib64".to_string(),
        "INCLUDEDIR=/opt/dlx/inc".to_string(),
        "PKGCONFIGDIR=/usr/share/pkgconfig".to_string(),
    ];
    let vars: Vec<&str> = vars.iter().map(String::as_str).collect();
    make(&[&["install"], &vars[..]].concat());
    let files = files_under(&stage);
    for want in [
        "opt/dlx/bin/dlx",
        "opt/dlx/inc/dlx.h",
        "opt/dlx/lib64/libdlx.a",
        "opt/dlx/lib64/libdlx.so",
        "usr/share/pkgconfig/dlx.pc",
    ] {
        assert!(files.contains(&want.to_string()), "{want} in {files:?}");
    }
    let pc = std::fs::read_to_string(stage.join("usr/share/pkgconfig/dlx.pc")).unwrap();
    assert!(pc.contains("libdir=/opt/dlx/lib64\n") && pc.contains("includedir=/opt/dlx/inc\n"), "{pc}");
    make(&[&["uninstall"], &vars[..]].concat());
    assert_eq!(files_under(&stage), Vec::<String>::new());
}

#[test]
fn the_readme_lines_for_a_prefix_in_home_give_a_program_that_starts() {
    make_all();
    let home = fresh("home");
    let work = fresh("home-app");
    std::fs::write(work.join("app.c"), readme_block("readme-example")).unwrap();
    // One shell for the block, as a user types it: `make` at the repository's root, the rest
    // beside app.c.
    let block = readme_block("install-home");
    let (first, rest) = block.split_once('\n').unwrap();
    assert!(first.starts_with("make "), "{first}");
    let script = format!("cd {}\n{first}\ncd {}\n{rest}", root().display(), work.display());
    let mut sh = Command::new("sh");
    sh.arg("-ec").arg(&script).env("HOME", &home).env_remove("PKG_CONFIG_PATH").env_remove("PKG_CONFIG_LIBDIR");
    run_ok(&mut sh);
    // No LD_LIBRARY_PATH: the program finds libdlx.so.MAJOR by itself.
    let out = run_ok(Command::new(work.join("app")).env_remove("LD_LIBRARY_PATH"));
    let (_, expected) = poj3076_sample();
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected.replace('\n', "") + "\n");
    assert!(home.join(".local/lib").join(soname()).exists());
}
