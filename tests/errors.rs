//! One table of error texts: `dlx_core::Error`'s `Display` and the C library's `dlx_strerror`
//! say the same sentence for each error (the Python package shows `dlx_strerror`'s), and each
//! error has its own status code and sentence.

#[path = "../src/ffi.rs"]
mod ffi;

use core::ffi::CStr;
use dlx_core::Error;
use ffi::*;

fn strerror(code: core::ffi::c_int) -> String {
    // SAFETY: dlx_strerror returns a static NUL-terminated string for every code.
    unsafe { CStr::from_ptr(dlx_strerror(code)) }.to_str().expect("ASCII").to_owned()
}

#[test]
fn rust_and_c_read_the_same_sentences() {
    let codes = [DLX_UNSOLVABLE, DLX_ERR_LENGTH, DLX_ERR_CELL, DLX_ERR_ARG, DLX_ERR_CAPACITY, DLX_TIMEOUT];
    assert_eq!(Error::ALL.len(), codes.len());
    for (error, code) in Error::ALL.into_iter().zip(codes) {
        let text = error.to_string();
        assert!(text.is_ascii() && !text.is_empty() && text != "dlx error", "{error:?}: {text:?}");
        assert_eq!(strerror(code), text, "{error:?} is code {code}");
    }
    let mut all: Vec<String> = (-7..=0).map(strerror).collect();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), 8, "every code its own sentence");
    assert_eq!(strerror(1), "unknown dlx status code");
    assert_eq!(strerror(DLX_ERR_NULL), "a required pointer is NULL");
}
