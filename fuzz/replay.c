/*
** replay.c — runs a fuzz harness on saved inputs without libFuzzer (any C
** compiler), so the corpus is a regression suite in `make ctest`: each file
** is one test; a broken invariant aborts. Prints "N passed, N failed".
*/
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv) {
  int i, passed = 0, failed = 0;
  for (i = 1; i < argc; i++) {
    FILE *f = fopen(argv[i], "rb");
    uint8_t *buf;
    long n;
    if (!f) { fprintf(stderr, "replay: cannot open %s\n", argv[i]); failed++; continue; }
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    buf = malloc((size_t)n + 1);
    if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) { failed++; fclose(f); free(buf); continue; }
    fclose(f);
    LLVMFuzzerTestOneInput(buf, (size_t)n);   /* aborts on a broken invariant */
    free(buf);
    passed++;
  }
  printf("%d passed, %d failed\n", passed, failed);
  return failed != 0;
}
