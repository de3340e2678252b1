/* Reference for bench/core.sh: the textbook O(n^2) mex loop in plain C.
 * usage: table grundy|kayles N  -> prints the checksum (sum of g(n)) and g(N). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: table grundy|kayles N\n"); return 2; }
    int kayles = strcmp(argv[1], "kayles") == 0;
    long n = atol(argv[2]);
    unsigned *g = calloc(n + 1, sizeof *g);
    unsigned *seen = calloc(1 << 16, sizeof *seen);
    for (long h = 1; h <= n; h++) {
        unsigned stamp = (unsigned)h;
        if (kayles) {
            /* take 1 or 2 pins, leaving 0, 1 or 2 rows */
            for (long k = 1; k <= 2 && k <= h; k++) {
                long r = h - k;
                for (long a = 0; a <= r / 2; a++) seen[g[a] ^ g[r - a]] = stamp;
            }
        } else {
            /* Grundy's game: split into two unequal heaps */
            for (long a = 1; 2 * a < h; a++) seen[g[a] ^ g[h - a]] = stamp;
        }
        unsigned m = 0;
        while (seen[m] == stamp) m++;
        g[h] = m;
    }
    unsigned long long sum = 0;
    for (long h = 0; h <= n; h++) sum += g[h];
    printf("%llu %u\n", sum, g[n]);
    return 0;
}
