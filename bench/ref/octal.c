/* Reference for bench/crosscheck.sh: Grundy values of an octal game 0.d1d2...
 * by the textbook loop over every move, in plain C, independent of sprague.
 *   octal CODE N        -> the FNV-1a 64 checksum of g(0..=N) as u16 LE
 *                          (sprague's summary checksum) and g(N)
 *   octal CODE N O P    -> also how many n with O <= n <= N - P have
 *                          g(n) != g(n + P): 0 iff period P holds from O to N */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 3 && argc != 5) {
        fprintf(stderr, "usage: octal 0.DIGITS N [O P]\n");
        return 2;
    }
    const char *code = argv[1];
    if (strncmp(code, "0.", 2) != 0 || strlen(code) < 3 || strlen(code) > 34) {
        fprintf(stderr, "octal: the code must be 0.d1d2... with 1 to 32 octal digits\n");
        return 2;
    }
    int digit[33] = {0}, kmax = 0;
    for (int k = 1; code[k + 1]; k++) {
        char c = code[k + 1];
        if (c < '0' || c > '7') {
            fprintf(stderr, "octal: digit %d is '%c', not 0-7\n", k, c);
            return 2;
        }
        digit[k] = c - '0';
        if (digit[k]) kmax = k;
    }
    long n_max = atol(argv[2]);
    if (n_max < 0) { fprintf(stderr, "octal: N must be >= 0\n"); return 2; }
    uint16_t *g = calloc(n_max + 1, sizeof *g);
    uint32_t *seen = calloc(1 << 16, sizeof *seen);
    if (!g || !seen) { fprintf(stderr, "octal: out of memory\n"); return 1; }
    for (long n = 1; n <= n_max; n++) {
        uint32_t stamp = (uint32_t)n;
        for (int k = 1; k <= kmax && k <= n; k++) {
            int d = digit[k];
            long r = n - k; /* tokens left after taking k */
            if ((d & 1) && r == 0) seen[0] = stamp;
            if ((d & 2) && r > 0) seen[g[r]] = stamp;
            if (d & 4)
                for (long a = 1; 2 * a <= r; a++) seen[g[a] ^ g[r - a]] = stamp;
        }
        unsigned m = 0;
        while (seen[m] == stamp) m++;
        g[n] = (uint16_t)m;
    }
    uint64_t h = 0xcbf29ce484222325ull;
    for (long n = 0; n <= n_max; n++) {
        h = (h ^ (g[n] & 0xff)) * 0x100000001b3ull;
        h = (h ^ (g[n] >> 8)) * 0x100000001b3ull;
    }
    printf("checksum %016llx g(%ld) = %u\n", (unsigned long long)h, n_max, g[n_max]);
    if (argc == 5) {
        long o = atol(argv[3]), p = atol(argv[4]), bad = 0, first = -1;
        for (long n = o; p > 0 && n + p <= n_max; n++)
            if (g[n] != g[n + p]) { bad++; if (first < 0) first = n; }
        if (p <= 0 || o + p > n_max)
            printf("period %ld from %ld: no n to check below N = %ld\n", p, o, n_max);
        else if (bad == 0)
            printf("period %ld from %ld: holds for every n in %ld..%ld\n", p, o, o, n_max - p);
        else
            printf("period %ld from %ld: fails for %ld of the n in %ld..%ld, first at %ld\n", p, o,
                   bad, o, n_max - p, first);
    }
    return 0;
}
