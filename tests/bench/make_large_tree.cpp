// make_large_tree DIR: writes the benchmark's large recorded tree (large_tree.h) for scripts.
#include <cstdio>

#include "tests/bench/large_tree.h"

int main(int argc, char** argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: make_large_tree DIR\n");
        return 2;
    }
    fleetdeck::bench::write_large_tree(argv[1]);
    return 0;
}
