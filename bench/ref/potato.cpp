// PotatoGame: the player to move loses iff n mod 5 is 0 or 2.
#include "fastio.h"

int main() {
    Reader in;
    Writer out;
    unsigned long long t = in.next();
    while (t--) {
        unsigned long long r = in.next() % 5;
        out.line(r == 0 || r == 2 ? "Hanako" : "Taro");
    }
}
