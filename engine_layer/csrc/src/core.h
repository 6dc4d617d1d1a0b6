/* What the core's modules share: a variant's tables and the generator's internal move. */
#ifndef DAMES_CORE_INTERNAL_H
#define DAMES_CORE_INTERNAL_H

#include <stdint.h>

#include "dames_core.h"

enum { PRIO_MAJORITY = 0, PRIO_NONE = 1, PRIO_ITALIAN = 2 };
enum { UL = 0, UR = 1, DL = 2, DR = 3 };

/* One variant: its rule switches and its board's tables, indexed by bit (`dames.geometry`). */
typedef struct Variant {
    int id;
    int size;     /* 10 or 8 */
    int per_row;  /* playing squares per row */
    int squares;  /* 50 or 32 */
    int bits;     /* bits the layout uses (54 or 35) */
    uint64_t board;
    int flying;
    int backward;
    int men_take_kings;
    int priority;
    uint64_t promotion[2]; /* [color]: the row where that side's men are crowned */
    int8_t neighbor[64][4];
    uint64_t ray[64][4];
    int8_t row[64];         /* 0 = Black's back row */
    int8_t col[64];         /* internal column (the non-inverted picture) */
    uint8_t bit_of_square[51]; /* non-inverted official numbering */
    int8_t square_of_bit[64];  /* its inverse, less one (the internal square); -1 off */
    /* Short jumps in direction order (UL, UR, DL, DR): from a bit over `mid` to `land`. */
    uint8_t njumps[3][64]; /* [0] every direction (kings), [1] White men, [2] Black men */
    uint8_t jump_mid[3][64][4];
    uint8_t jump_land[3][64][4];
} Variant;

const Variant *variant_get(int id);

static inline int lsb(uint64_t x) { return __builtin_ctzll(x); }
static inline int msb(uint64_t x) { return 63 - __builtin_clzll(x); }
static inline int popcount(uint64_t x) { return __builtin_popcountll(x); }

/* The generator's move: the search needs no more. */
typedef struct Move {
    uint64_t from;
    uint64_t to;
    uint64_t captured;
} Move;

/* Paths of the moves of one list, filled only when asked for (the ABI's dm_legal_moves). */
typedef struct PathBuffer {
    uint8_t path_len[DM_MAX_MOVES];
    uint8_t path[DM_MAX_MOVES][DM_MAX_CAPTURES + 1];
    uint8_t caps[DM_MAX_MOVES][DM_MAX_CAPTURES];
} PathBuffer;

/* The legal moves of the side `color` whose pieces are `us`; their number, or an error. At
 * most `capacity` (<= DM_MAX_MOVES) are written. `paths` may be null. */
int gen_moves(const Variant *v, uint64_t us, uint64_t them, uint64_t kings, int color,
              Move *out, int capacity, PathBuffer *paths);

/* Whether the side must capture, and whether it has a plain move (the cheap leaf tests). */
int gen_has_capture(const Variant *v, uint64_t us, uint64_t them, uint64_t kings, int color);
int gen_has_plain(const Variant *v, uint64_t us, uint64_t them, uint64_t kings, int color);
/* The number of plain moves (when the side has no capture). */
int gen_count_plain(const Variant *v, uint64_t us, uint64_t them, uint64_t kings, int color);

/* The position after a move of `color` (white, black, kings updated in place). */
static inline void apply_move(const Variant *v, uint64_t *white, uint64_t *black,
                              uint64_t *kings, int color, const Move *m) {
    uint64_t moved = m->from ^ m->to;
    if (color == 0) {
        *white ^= moved;
        *black &= ~m->captured;
    } else {
        *black ^= moved;
        *white &= ~m->captured;
    }
    if (*kings & m->from) {
        *kings ^= moved;
    } else if (m->to & v->promotion[color]) {
        *kings |= m->to;
    }
    *kings &= ~m->captured;
}

/* 0 when the bitboards describe a position the core accepts. */
int check_bits(const Variant *v, uint64_t white, uint64_t black, uint64_t kings);

#endif
