// FDIVGAME: xor of g(a), g(n) = g(n / 12) for n >= 6, g = 0,1,2,2,3,3 below.
#include "fastio.h"

int main() {
    static const int small[6] = {0, 1, 2, 2, 3, 3};
    Reader in;
    Writer out;
    unsigned long long t = in.next();
    while (t--) {
        unsigned long long n = in.next();
        int x = 0;
        for (unsigned long long i = 0; i < n; i++) {
            unsigned long long a = in.next();
            while (a >= 6) a /= 12;
            x ^= small[a];
        }
        out.line(x ? "Henry" : "Derek");
    }
}
