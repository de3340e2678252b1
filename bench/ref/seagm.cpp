// SEAGM: states (g, t), g = current gcd (cards <= 100), t = cards thrown, all
// multiples of g. Memoised recursion in double precision, printf("%.4f").
#include "fastio.h"
#include <cstring>

static int n, cnt[101], mult[101];
static int gcd(int a, int b) { while (b) { int t = a % b; a = b; b = t; } return a; }
static signed char seen[101][102];
static bool winv[101][102];
static double probv[101][102];

// The player to move at (g, t): wins with perfect play? probability under random play?
static void solve(int g, int t) {
    if (seen[g][t]) return;
    seen[g][t] = 1;
    if (g == 1) { winv[g][t] = true; probv[g][t] = 1.0; return; }
    int r = n - t;
    if (r == 0) { winv[g][t] = false; probv[g][t] = 0.0; return; }
    bool w = false;
    double s = 0;
    if (g != 0 && cnt[g] - t > 0) {  // a multiple of g not yet thrown: g stays
        solve(g, t + 1);
        w |= !winv[g][t + 1];
        s += (cnt[g] - t) * (1.0 - probv[g][t + 1]);
    }
    for (int c = 1; c <= 100; c++) {
        if (!mult[c] || (g != 0 && c % g == 0)) continue;
        int h = g == 0 ? c : gcd(g, c);
        int k = mult[c];
        solve(h, t + 1);
        w |= !winv[h][t + 1];
        s += k * (1.0 - probv[h][t + 1]);
    }
    winv[g][t] = w;
    probv[g][t] = s / r;
}

int main() {
    Reader in;
    Writer out;
    int T = (int)in.next();
    while (T--) {
        n = (int)in.next();
        memset(mult, 0, sizeof mult);
        memset(seen, 0, sizeof seen);
        for (int i = 0; i < n; i++) mult[in.next()]++;
        for (int g = 1; g <= 100; g++) {
            cnt[g] = 0;
            for (int c = g; c <= 100; c += g) cnt[g] += mult[c];
        }
        solve(0, 0);
        char line[64];
        snprintf(line, sizeof line, "%d %.4f", winv[0][0] ? 1 : 0, probv[0][0]);
        out.line(line);
    }
}
