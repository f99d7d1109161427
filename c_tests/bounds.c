/*
 * Bounds at the edge of the address space a caller gives: every buffer is placed so that its
 * last byte is the last byte of a readable page and the next page is PROT_NONE. One byte read
 * or written past the end is a SIGSEGV, so this program passing means neither function touched
 * memory beyond what the contract gives it.
 *
 *   bounds DATA_DIR
 *
 * dlx_solve16: full, short and over-long inputs whose NUL is the page's last byte (it must not
 * read past the NUL), and a 257-byte output that ends at the page's end. dlx_target_max: an
 * 81-int grid and an 81-int best that each end at the page's end. The batch calls: records,
 * solutions, statuses and counts that each end at the page's end.
 */
#define _DEFAULT_SOURCE
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

/* Two pages: the first readable and writable, the second PROT_NONE. */
static unsigned char *guarded_page(size_t *page_size) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    unsigned char *base = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED) return NULL;
    if (mprotect(base + page, page, PROT_NONE) != 0) return NULL;
    *page_size = page;
    return base;
}

/* Copies `len` bytes of text and a NUL so that the NUL is the last readable byte. */
/* The guard is real: a child process that reads one byte past the page dies of SIGSEGV (the
 * default action is restored first, since a sanitizer's handler would report and abort). */
static int guard_faults(const unsigned char *page, size_t page_size) {
    pid_t child = fork();
    if (child == 0) {
        signal(SIGSEGV, SIG_DFL);
        volatile unsigned char byte = page[page_size];
        _exit(byte == 0x42 ? 3 : 4);
    }
    int status = 0;
    if (child < 0 || waitpid(child, &status, 0) != child) return 0;
    return WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV;
}

static const char *at_page_end(unsigned char *page, size_t page_size, const char *text, size_t len) {
    char *start = (char *)page + page_size - (len + 1);
    memcpy(start, text, len);
    start[len] = '\0';
    return start;
}

static void test_solve16_input(unsigned char *page, size_t page_size, const char *good, const char *solved) {
    char out[DLX16_OUT_LEN];
    const char *p;

    p = at_page_end(page, page_size, good, 256);
    CHECK(dlx_solve16(p, out) == DLX_OK && memcmp(out, solved, 257) == 0, "full puzzle ending at a page end");

    char judge[16 * 17];
    for (int r = 0; r < 16; r++) memcpy(judge + r * 17, good + r * 16, 16), judge[r * 17 + 16] = '\n';
    p = at_page_end(page, page_size, judge, sizeof judge);
    CHECK(dlx_solve16(p, out) == DLX_OK && memcmp(out, solved, 257) == 0, "judge layout ending at a page end");

    for (size_t len = 0; len < 256; len += 15) {
        p = at_page_end(page, page_size, good, len);
        CHECK(dlx_solve16(p, out) == DLX_ERR_LENGTH, "%zu cells ending at a page end", len);
    }
    p = at_page_end(page, page_size, "", 0);
    CHECK(dlx_solve16(p, out) == DLX_ERR_LENGTH, "empty text: its NUL the page's last byte");
    p = at_page_end(page, page_size, "   \n\t", 5);
    CHECK(dlx_solve16(p, out) == DLX_ERR_LENGTH, "whitespace only, ending at a page end");

    char longer[600];
    for (size_t i = 0; i < sizeof longer; i++) longer[i] = good[i % 256];
    for (size_t len = 257; len <= sizeof longer; len += 57) {
        p = at_page_end(page, page_size, longer, len);
        CHECK(dlx_solve16(p, out) == DLX_ERR_LENGTH, "%zu cells ending at a page end", len);
    }
    char bad[256];
    memcpy(bad, good, 256);
    bad[255] = '?';
    p = at_page_end(page, page_size, bad, 256);
    CHECK(dlx_solve16(p, out) == DLX_ERR_CELL, "a bad last cell ending at a page end");
    /* Trailing whitespace right up to the NUL, and a whole page of it before the cells. */
    size_t room = page_size - 1;
    char *text = (char *)page;
    memset(text, ' ', room);
    memcpy(text + room - 256 - 3, good, 256);
    text[room] = '\0';
    CHECK(dlx_solve16(text, out) == DLX_OK && memcmp(out, solved, 257) == 0, "a page of spaces around the cells");
}

static void test_solve16_output(unsigned char *page, size_t page_size, const char *good, const char *solved) {
    char *out = (char *)page + page_size - DLX16_OUT_LEN;
    memset(page, 0x5A, page_size);
    CHECK(dlx_solve16(good, out) == DLX_OK && memcmp(out, solved, 257) == 0, "output ending at a page end");
    /* In place at the page's end: the puzzle's 256 cells and NUL fill the last 257 bytes. */
    memcpy(out, good, 256);
    out[256] = '\0';
    CHECK(dlx_solve16(out, out) == DLX_OK && memcmp(out, solved, 257) == 0, "in place at a page end");
    memset(page, 0x5A, page_size);
    CHECK(dlx_solve16("AB?", out) == DLX_ERR_CELL, "error with the output at a page end");
    int untouched_page = 1;
    for (size_t i = 0; i < page_size; i++) untouched_page &= page[i] == 0x5A;
    CHECK(untouched_page, "nothing written on error");
}

static void test_target(unsigned char *page, size_t page_size) {
    const int csu_like[81] = {
        0, 0, 0, 7, 0, 2, 4, 5, 3, 9, 0, 0, 0, 0, 8, 0, 0, 0, 7, 4, 0, 0, 0, 5, 0, 1, 0,
        1, 9, 5, 0, 8, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 2, 5, 0, 3, 0, 5, 7, 9, 1, 0, 8,
        0, 0, 0, 6, 0, 1, 0, 0, 0, 0, 6, 0, 9, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 6};
    int reference[81];
    int want = dlx_target_max(csu_like, reference);
    CHECK(want > 0 && !invalid_target(csu_like, reference, want), "a CSU-style grid solves: %d", want);

    int *end = (int *)(page + page_size) - 81;
    memcpy(end, csu_like, sizeof csu_like);
    int best[81];
    CHECK(dlx_target_max(end, best) == want && memcmp(best, reference, sizeof best) == 0, "grid ending at a page end");
    CHECK(dlx_target_max(csu_like, end) == want && memcmp(end, reference, sizeof best) == 0, "best ending at a page end");
    memcpy(end, csu_like, sizeof csu_like);
    CHECK(dlx_target_max(end, end) == want && memcmp(end, reference, sizeof best) == 0, "in place at a page end");
    memset(end, 0, 81 * sizeof(int));
    end[80] = 10;
    CHECK(dlx_target_max(end, end) == DLX_ERR_CELL && end[80] == 10, "bad last int at a page end");
    /* Unaligned: the library reads and writes ints one unaligned access at a time. */
    int *odd = (int *)(void *)(page + page_size - 81 * sizeof(int) - 1);
    memcpy((void *)odd, csu_like, sizeof csu_like);
    int unaligned_best[81];
    CHECK(dlx_target_max(odd, unaligned_best) == want, "grid at an odd address");
}

/* dlx_solve9 and the counts read no further than the NUL; dlx_solve9 writes no further than
 * DLX9_OUT_LEN, and nothing on error. */
static void test_nine_and_counts(unsigned char *page, size_t page_size, const char *good16) {
    const char *nine = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    char solved[DLX9_OUT_LEN];
    CHECK(dlx_solve9(nine, solved) == DLX_OK, "the 9x9 puzzle solves");
    char out[DLX9_OUT_LEN];
    const char *p = at_page_end(page, page_size, nine, 81);
    CHECK(dlx_solve9(p, out) == DLX_OK && memcmp(out, solved, DLX9_OUT_LEN) == 0, "9x9 ending at a page end");
    CHECK(dlx_count9(p, 2, 0) == 1, "count9 ending at a page end");
    char form[DLX9_OUT_LEN], form_at_end[DLX9_OUT_LEN];
    CHECK(dlx_canon9(nine, form) == DLX_OK, "the 9x9 puzzle has a canonical form");
    CHECK(dlx_canon9(p, form_at_end) == DLX_OK && memcmp(form, form_at_end, DLX9_OUT_LEN) == 0,
          "canon9 ending at a page end");
    for (size_t len = 0; len < 81; len += 8) {
        p = at_page_end(page, page_size, nine, len);
        CHECK(dlx_solve9(p, out) == DLX_ERR_LENGTH && dlx_count9(p, 2, 0) == DLX_ERR_LENGTH &&
                  dlx_canon9(p, out) == DLX_ERR_LENGTH,
              "%zu 9x9 cells ending at a page end", len);
    }
    p = at_page_end(page, page_size, good16, 256);
    CHECK(dlx_count16(p, 2, 0) == 1, "count16 ending at a page end");
    char *end = (char *)page + page_size - DLX9_OUT_LEN;
    memset(page, 0x5A, page_size);
    CHECK(dlx_solve9(nine, end) == DLX_OK && memcmp(end, solved, DLX9_OUT_LEN) == 0, "9x9 output ending at a page end");
    memcpy(end, nine, 82);
    CHECK(dlx_solve9(end, end) == DLX_OK && memcmp(end, solved, DLX9_OUT_LEN) == 0, "9x9 in place at a page end");
    memset(page, 0x5A, page_size);
    CHECK(dlx_solve9("1x", end) == DLX_ERR_CELL, "9x9 error with the output at a page end");
    CHECK(dlx_canon9("1x", end) == DLX_ERR_CELL, "canon9 error with the output at a page end");
    int untouched_page = 1;
    for (size_t i = 0; i < page_size; i++) untouched_page &= page[i] == 0x5A;
    CHECK(untouched_page, "nothing written on a 9x9 error");
}

/* The batch calls read no further than n * stride bytes (records without a NUL: the last one
 * ends at the page's end) and write no further than n answers, each buffer ending at a page end. */
static void test_batches(unsigned char *page, size_t page_size, const char *good16) {
    const char *nine = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    char solved[DLX9_OUT_LEN], solved16[DLX16_OUT_LEN];
    CHECK(dlx_solve9(nine, solved) == DLX_OK && dlx_solve16(good16, solved16) == DLX_OK, "the puzzles solve");
    char two[2 * 81], two16[2 * 256], out[2 * DLX9_OUT_LEN], out16[2 * DLX16_OUT_LEN];
    memcpy(two, nine, 81), memcpy(two + 81, nine, 81);
    memcpy(two16, good16, 256), memcpy(two16 + 256, good16, 256);
    int32_t statuses[2];
    int64_t counts[2];
    unsigned char *end = page + page_size;
    memcpy(end - sizeof two, two, sizeof two);
    CHECK(dlx_solve9_many((const char *)end - sizeof two, 2, 81, out, 0, statuses) == 2 &&
              memcmp(out + DLX9_OUT_LEN, solved, DLX9_OUT_LEN) == 0, "solve9_many, records ending at a page end");
    CHECK(dlx_count9_many((const char *)end - sizeof two, 2, 81, 2, 0, counts, NULL) == 2 && counts[1] == 1,
          "count9_many, records ending at a page end");
    memcpy(end - sizeof two16, two16, sizeof two16);
    CHECK(dlx_solve16_many((const char *)end - sizeof two16, 2, 256, out16, 0, statuses) == 2 &&
              memcmp(out16 + DLX16_OUT_LEN, solved16, DLX16_OUT_LEN) == 0, "solve16_many, records ending at a page end");
    CHECK(dlx_count16_many((const char *)end - sizeof two16, 2, 256, 2, 0, counts, out16) == 2 && counts[1] == 1,
          "count16_many, records ending at a page end");
    char *tail = (char *)end - sizeof out;
    CHECK(dlx_solve9_many(two, 2, 81, tail, 0, statuses) == 2 && memcmp(tail + DLX9_OUT_LEN, solved, DLX9_OUT_LEN) == 0,
          "solve9_many, solutions ending at a page end");
    CHECK(dlx_count9_many(two, 2, 81, 2, 0, counts, tail) == 2 && memcmp(tail + DLX9_OUT_LEN, solved, DLX9_OUT_LEN) == 0,
          "count9_many, first solutions ending at a page end");
    tail = (char *)end - sizeof out16;
    CHECK(dlx_count16_many(two16, 2, 256, 2, 0, counts, tail) == 2 &&
              memcmp(tail + DLX16_OUT_LEN, solved16, DLX16_OUT_LEN) == 0, "count16_many, first solutions ending at a page end");
    int32_t *status_end = (int32_t *)(void *)(end - sizeof statuses);
    CHECK(dlx_solve9_many(two, 2, 81, out, 0, status_end) == 2 && status_end[1] == DLX_OK, "statuses ending at a page end");
    int64_t *count_end = (int64_t *)(void *)(end - sizeof counts);
    CHECK(dlx_count9_many(two, 2, 81, 2, 0, count_end, NULL) == 2 && count_end[1] == 1, "counts ending at a page end");
}

int main(int argc, char **argv) {
    if (take_data_dir(argc, argv, 0, "")) return 2;
    char *text = read_file("sudoku16/poj3076-sample-1.txt");
    CHECK(text && strlen(text) >= 256, "read the POJ sample");
    if (!text) return report("bounds");
    char good[257], solved[DLX16_OUT_LEN];
    memcpy(good, text, 256);
    good[256] = '\0';
    free(text);
    CHECK(dlx_solve16(good, solved) == DLX_OK && !invalid_solution(good, solved), "the sample solves");

    size_t page_size = 0;
    unsigned char *page = guarded_page(&page_size);
    CHECK(page != NULL, "mmap and mprotect a guard page");
    if (page) {
        CHECK(guard_faults(page, page_size), "reading the byte past the page faults");
        test_solve16_input(page, page_size, good, solved);
        test_solve16_output(page, page_size, good, solved);
        test_target(page, page_size);
        test_nine_and_counts(page, page_size, good);
        test_batches(page, page_size, good);
        munmap(page, 2 * page_size);
    }
    return report("bounds");
}
