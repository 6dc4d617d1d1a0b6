/* Perft, the move generator's standard check; leaves are counted in bulk at depth 1. */
#include "core.h"

static int64_t perft(const Variant *v, uint64_t white, uint64_t black, uint64_t kings,
                     int color, int depth) {
    uint64_t us = color ? black : white, them = color ? white : black;
    if (depth == 1 && !gen_has_capture(v, us, them, kings, color))
        return gen_count_plain(v, us, them, kings, color);
    Move moves[DM_MAX_MOVES];
    int n = gen_moves(v, us, them, kings, color, moves, DM_MAX_MOVES, 0);
    if (n < 0 || depth == 1) return n;
    int64_t total = 0;
    for (int i = 0; i < n; i++) {
        uint64_t w = white, b = black, k = kings;
        apply_move(v, &w, &b, &k, color, &moves[i]);
        int64_t sub = perft(v, w, b, k, 1 - color, depth - 1);
        if (sub < 0) return sub;
        total += sub;
    }
    return total;
}

int64_t dm_perft(const dm_position *p, int32_t depth) {
    int32_t error = dm_check_position(p);
    if (error) return error;
    if (depth < 0 || depth > 64) return DM_E_ARGUMENT;
    if (depth == 0) return 1;
    return perft(variant_get(p->variant), p->white, p->black, p->kings, p->turn, depth);
}
