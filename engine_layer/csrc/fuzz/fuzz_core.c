/* libFuzzer target: arbitrary bytes as positions, move choices and weights at the ABI.
 *
 * Bytes 0-1: variant and side to move; 2-25: white, black, kings (masked to the board when
 * byte 0's high bit is clear, raw otherwise, to reach the position checks); then each byte
 * picks one of the legal moves to play, and every position met is also counted (perft 2),
 * evaluated, featured, read in the endgame bitbase (three pieces, generated at the first
 * call) and searched briefly (the search reads it too). A trailing blob after a 0xFF byte
 * goes to dm_load_weights, dm_load_play_weights, dm_load_bitbase and, written to a
 * temporary file, dm_load_bitbase_fd (the generated bitbase loaded again after).
 * Every call must return an answer or an error, never fault. */
#define _POSIX_C_SOURCE 200809L /* fileno */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dames_core.h"

static uint64_t word(const uint8_t *d) {
    uint64_t x = 0;
    for (int i = 7; i >= 0; i--) x = x << 8 | d[i];
    return x;
}

static void play(dm_position *p, const dm_move *m) {
    uint64_t *own = p->turn ? &p->black : &p->white, *other = p->turn ? &p->white : &p->black;
    uint64_t was_king = p->kings & m->from;
    *own = (*own & ~m->from) | m->to;
    *other &= ~m->captured;
    p->kings &= ~(m->from | m->captured);
    if (was_king || m->promotes) p->kings |= m->to;
    p->turn = 1 - p->turn;
}

static dm_engine *engine;
static uint8_t *bitbase[DM_VARIANTS];
static int64_t bitbase_bytes[DM_VARIANTS];

static void load_bitbases(void) {
    for (int v = 0; v < DM_VARIANTS; v++) {
        if (!bitbase[v]) {
            bitbase_bytes[v] = dm_bitbase_generate(v, 3, NULL, 0);
            bitbase[v] = malloc((size_t)bitbase_bytes[v]);
            if (!bitbase[v] || dm_bitbase_generate(v, 3, bitbase[v], bitbase_bytes[v]) !=
                                   bitbase_bytes[v])
                abort();
        }
        if (dm_load_bitbase(v, bitbase[v], bitbase_bytes[v]) != 0) abort();
    }
}

/* The blob written to a temporary file, for the file loader (mapped, then checked). */
static void load_file(int variant, const uint8_t *blob, size_t bytes) {
    FILE *file = tmpfile();
    if (!file) abort();
    if (fwrite(blob, 1, bytes, file) != bytes || fflush(file) != 0) abort();
    dm_load_bitbase_fd(variant, fileno(file));
    fclose(file);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 26) return 0;
    if (!engine) {
        engine = dm_engine_new(12);
        load_bitbases();
    }
    static dm_move moves[DM_MAX_MOVES];
    static dm_result result;
    dm_position p;
    p.variant = data[0] & 7; /* 4..7 exercise the unknown-variant path */
    p.turn = data[1] & 1;
    p.white = word(data + 2);
    p.black = word(data + 10);
    p.kings = word(data + 18);
    if (!(data[0] & 0x80)) { /* a plausible position: on a 10x10 or 8x8 layout */
        uint64_t board = (p.variant & 3) == 0 ? (1ULL << 54) - 1 : (1ULL << 35) - 1;
        p.white &= board;
        p.black &= board & ~p.white;
        p.kings &= p.white | p.black;
    }
    size_t at = 26;
    for (int step = 0; step < 40; step++) {
        int n = dm_legal_moves(&p, moves, DM_MAX_MOVES);
        if (n <= 0) break;
        int32_t value, indices[64], counts[64], phase, result_bb;
        dm_evaluate(&p, 0, &value);
        dm_bitbase_probe(&p, &result_bb);
        dm_features(&p, indices, counts, 64, &phase);
        if (step % 8 == 0) dm_perft(&p, 2);
        if (step % 16 == 0) {
            dm_game game = {p, DM_NO_LIMIT, DM_NO_LIMIT, DM_NO_LIMIT, 0, NULL};
            dm_limits limits = {6, 0, 3000, 0, NULL, 0, NULL, NULL};
            dm_engine_clear(engine);
            dm_search(engine, &game, &limits, &result);
        }
        if (at >= size || data[at] == 0xFF) break;
        play(&p, &moves[data[at++] % (unsigned)n]);
    }
    if (at < size && data[at] == 0xFF) {
        dm_load_weights(data[0] & 3, data + at + 1, (int64_t)(size - at - 1));
        dm_load_weights(data[0] & 3, NULL, 0);
        dm_load_play_weights(data[0] & 3, data + at + 1, (int64_t)(size - at - 1));
        dm_load_play_weights(data[0] & 3, NULL, 0);
        dm_load_bitbase(data[0] & 3, data + at + 1, (int64_t)(size - at - 1));
        load_file(data[0] & 3, data + at + 1, size - at - 1);
        load_bitbases();
    }
    return 0;
}
