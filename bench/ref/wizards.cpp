// Codeforces 167C: (a, b) wins if (b mod a, a) loses, else iff (b / a) mod (a + 1) is even.
#include "fastio.h"
typedef unsigned long long u64;

static bool wins(u64 a, u64 b) {
    if (a > b) { u64 t = a; a = b; b = t; }
    if (a == 0) return false;
    if (!wins(b % a, a)) return true;
    unsigned __int128 c = b / a;
    return (c % ((unsigned __int128)a + 1)) % 2 == 0;
}

int main() {
    Reader in;
    Writer out;
    u64 t = in.next();
    while (t--) {
        u64 a = in.next(), b = in.next();
        out.line(wins(a, b) ? "First" : "Second");
    }
}
