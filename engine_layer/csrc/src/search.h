/* The search's shared pieces: keys, the transposition table, the engine, one search's state. */
#ifndef DAMES_SEARCH_H
#define DAMES_SEARCH_H

#include "core.h"

#define MAX_PLY 128
#define INF 1000000
#define MATE DM_MATE
#define MATE_BOUND DM_MATE_BOUND
/* Plies of forced captures followed beyond the iteration's depth (flying kings' exchanges
 * can branch without end). */
#define CAPTURE_PLIES 16
#define BITBASE_WIN DM_BITBASE_WIN

/* Zobrist keys: [2 * colour + king][bit], and the side to move's. */
extern uint64_t piece_keys[4][64];
extern uint64_t black_to_move_key;
uint64_t position_key(uint64_t white, uint64_t black, uint64_t kings, int color);
/* The key after a move, from the key before (inline: once per move searched). */
static inline uint64_t key_after(uint64_t key, const Move *m, int color, uint64_t kings_before,
                                 uint64_t kings_after) {
    int kind = 2 * color;
    key ^= piece_keys[kind + ((kings_before & m->from) != 0)][lsb(m->from)];
    key ^= piece_keys[kind + ((kings_after & m->to) != 0)][lsb(m->to)];
    key ^= black_to_move_key;
    for (uint64_t c = m->captured; c; c &= c - 1) {
        int bit = lsb(c);
        key ^= piece_keys[2 - kind + (int)(kings_before >> bit & 1)][bit];
    }
    return key;
}

enum { BOUND_EXACT = 0, BOUND_LOWER = 1, BOUND_UPPER = 2 };

/* 16 bytes; four to a bucket (one cache line). `move` is the best move's index in the
 * generator's (deterministic) list, 255 for none. */
typedef struct TTEntry {
    uint64_t key;
    int32_t score;
    uint8_t depth;
    uint8_t bound;
    uint8_t age;
    uint8_t move;
} TTEntry;

struct dm_engine {
    TTEntry *table;     /* 64-byte aligned, inside table_memory */
    void *table_memory; /* what calloc gave */
    uint64_t mask; /* buckets - 1 */
    uint8_t age;
    int32_t history[2][64][64];
};

typedef struct Search {
    dm_engine *engine;
    const Variant *v;
    int flags;
    int64_t nodes;
    int64_t budget;        /* 0: none */
    int64_t started_us;
    int64_t deadline_us;   /* 0: none */
    int64_t next_check;
    volatile int32_t *stop;
    int aborted;
    int quiet_limit;
    int plies_left;
    int capture_ply_limit;
    int extension_limit;
    int bitbase_pieces; /* positions of at most this many pieces are read, not searched */
    uint64_t crowning_from[2]; /* where a side's men crown from in one step */
    uint64_t path[MAX_PLY + DM_MAX_HISTORY + 2];
    int path_len;
    Move killers[MAX_PLY + 1][2];
} Search;

/* The tree below the root (search.c). */
int negamax(Search *s, uint64_t white, uint64_t black, uint64_t kings, int color,
            uint64_t key, int depth, int alpha, int beta, int ply, int floor);

/* The transposition table (tt.c). */
TTEntry *tt_probe(dm_engine *e, uint64_t key);
/* Starts loading a child's bucket while the move is still being made. */
static inline void tt_prefetch(const dm_engine *e, uint64_t key) {
    __builtin_prefetch(&e->table[(key & e->mask) * 4]);
}
void tt_store(dm_engine *e, uint64_t key, int depth, int bound, int score, int move);

/* Static evaluation, side to move's view (eval.c). */
int evaluate(const Variant *v, uint64_t white, uint64_t black, uint64_t kings, int color,
             int flags);

int64_t now_us(void);

#endif
