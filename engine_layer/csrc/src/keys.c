/* Zobrist keys: SplitMix64 from a fixed seed, so a search is the same on every machine. */
#include "search.h"

uint64_t piece_keys[4][64];
uint64_t black_to_move_key;

__attribute__((constructor)) static void build_keys(void) {
    uint64_t state = 0x4E41544956455F44ULL; /* "NATIVE_D" */
    for (int i = 0; i < 4 * 64 + 1; i++) {
        state += 0x9E3779B97F4A7C15ULL;
        uint64_t z = state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        z ^= z >> 31;
        if (i < 4 * 64) piece_keys[i / 64][i % 64] = z;
        else black_to_move_key = z;
    }
}

uint64_t position_key(uint64_t white, uint64_t black, uint64_t kings, int color) {
    uint64_t key = color ? black_to_move_key : 0;
    for (int side = 0; side < 2; side++) {
        for (uint64_t b = side ? black : white; b; b &= b - 1) {
            int bit = lsb(b);
            key ^= piece_keys[2 * side + (int)(kings >> bit & 1)][bit];
        }
    }
    return key;
}
