// TUZGMBR: g = ((N - 1) mod 4) xor ((M - 1) mod 3).
#include "fastio.h"

int main() {
    Reader in;
    Writer out;
    unsigned long long t = in.next();
    while (t--) {
        unsigned long long n = in.next(), m = in.next();
        out.line((((n - 1) % 4) ^ ((m - 1) % 3)) ? "Tuzik" : "Vanya");
    }
}
