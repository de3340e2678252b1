// Buffered input and output for the reference solutions: the whole of
// stdin is read at once, numbers are parsed by hand, output is collected
// in one buffer and written at exit.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

struct Reader {
    std::vector<char> buf;
    size_t pos = 0;
    Reader() {
        char chunk[1 << 16];
        size_t n;
        while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0) buf.insert(buf.end(), chunk, chunk + n);
    }
    unsigned long long next() {
        while (pos < buf.size() && (buf[pos] < '0' || buf[pos] > '9')) pos++;
        unsigned long long v = 0;
        while (pos < buf.size() && buf[pos] >= '0' && buf[pos] <= '9') v = v * 10 + (buf[pos++] - '0');
        return v;
    }
};

struct Writer {
    std::string out;
    void line(const char* s) {
        out += s;
        out += '\n';
    }
    ~Writer() { fwrite(out.data(), 1, out.size(), stdout); }
};
