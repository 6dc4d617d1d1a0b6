/* The four variants' tables, built once from the board's size and the rule switches, by the
 * same construction as `dames.geometry` (tests/native compares them with the Python ones). */
#include <stddef.h>

#include "core.h"

static Variant variants[DM_VARIANTS];
static int built;

static const int8_t STEP_ROW[4] = {-1, -1, 1, 1};
static const int8_t STEP_COL[4] = {-1, 1, -1, 1};

static int bit_of_internal(int i, int per_row) { return i + i / (2 * per_row); }

static void build_geometry(Variant *v) {
    int per_row = v->per_row, size = v->size;
    int at[10][10]; /* internal (row, col) -> bit, -1 off the playing squares */
    for (int r = 0; r < 10; r++) {
        for (int c = 0; c < 10; c++) at[r][c] = -1;
    }
    for (int b = 0; b < 64; b++) {
        v->row[b] = -1;
        v->col[b] = -1;
        v->square_of_bit[b] = -1;
        for (int d = 0; d < 4; d++) {
            v->neighbor[b][d] = -1;
            v->ray[b][d] = 0;
        }
    }
    v->board = 0;
    for (int i = 0; i < v->squares; i++) {
        int row = i / per_row, c = i % per_row;
        int col = row % 2 == 0 ? 2 * c + 1 : 2 * c;
        int bit = bit_of_internal(i, per_row);
        at[row][col] = bit;
        v->row[bit] = (int8_t)row;
        v->col[bit] = (int8_t)col;
        v->bit_of_square[i + 1] = (uint8_t)bit;
        v->square_of_bit[bit] = (int8_t)i;
        v->board |= 1ULL << bit;
    }
    v->bits = bit_of_internal(v->squares - 1, per_row) + 1;
    v->promotion[0] = v->promotion[1] = 0;
    for (int b = 0; b < 64; b++) {
        if (v->row[b] < 0) continue;
        if (v->row[b] == 0) v->promotion[0] |= 1ULL << b;
        if (v->row[b] == size - 1) v->promotion[1] |= 1ULL << b;
        for (int d = 0; d < 4; d++) {
            int r = v->row[b] + STEP_ROW[d], c = v->col[b] + STEP_COL[d];
            if (r >= 0 && r < size && c >= 0 && c < size) v->neighbor[b][d] = (int8_t)at[r][c];
        }
    }
    for (int b = 0; b < 64; b++) {
        for (int d = 0; d < 4; d++) {
            uint64_t ray = 0;
            for (int cur = v->row[b] < 0 ? -1 : v->neighbor[b][d]; cur >= 0;
                 cur = v->neighbor[cur][d]) {
                ray |= 1ULL << cur;
            }
            v->ray[b][d] = ray;
        }
    }
}

/* Jump tables: [0] every direction, [1] White men, [2] Black men (forward only unless men
 * capture backwards), entries in direction order as `dames.movegen._jump_table`. */
static void build_jumps(Variant *v) {
    for (int table = 0; table < 3; table++) {
        int first = 0, last = 3;
        if (!v->backward && table == 1) last = 1;
        if (!v->backward && table == 2) first = 2;
        for (int b = 0; b < 64; b++) {
            int n = 0;
            if (v->row[b] >= 0) {
                for (int d = first; d <= last; d++) {
                    int mid = v->neighbor[b][d];
                    if (mid < 0) continue;
                    int land = v->neighbor[mid][d];
                    if (land < 0) continue;
                    v->jump_mid[table][b][n] = (uint8_t)mid;
                    v->jump_land[table][b][n] = (uint8_t)land;
                    n++;
                }
            }
            v->njumps[table][b] = (uint8_t)n;
        }
    }
}

static void build(Variant *v, int id, int size, int flying, int backward, int men_take_kings,
                  int priority) {
    v->id = id;
    v->size = size;
    v->per_row = size / 2;
    v->squares = size * size / 2;
    v->flying = flying;
    v->backward = backward;
    v->men_take_kings = men_take_kings;
    v->priority = priority;
    build_geometry(v);
    build_jumps(v);
}

/* Built when the library loads, before any thread can call in. */
__attribute__((constructor)) static void build_all(void) {
    /* Written once, like `dames.variants`: Brazilian is international on 8x8, English has
     * short kings, forward-only men captures and a free choice, Italian adds that men do not
     * take kings and its precedence (its inverted numbering does not reach the bitboards). */
    build(&variants[DM_INTERNATIONAL], DM_INTERNATIONAL, 10, 1, 1, 1, PRIO_MAJORITY);
    build(&variants[DM_BRAZILIAN], DM_BRAZILIAN, 8, 1, 1, 1, PRIO_MAJORITY);
    build(&variants[DM_ENGLISH], DM_ENGLISH, 8, 0, 0, 1, PRIO_NONE);
    build(&variants[DM_ITALIAN], DM_ITALIAN, 8, 0, 0, 0, PRIO_ITALIAN);
    built = 1;
}

const Variant *variant_get(int id) {
    if (!built) build_all(); /* a static link without constructors */
    if (id < 0 || id >= DM_VARIANTS) return NULL;
    return &variants[id];
}

int check_bits(const Variant *v, uint64_t white, uint64_t black, uint64_t kings) {
    if ((white | black) & ~v->board) return DM_E_POSITION;
    if (white & black) return DM_E_POSITION;
    if (kings & ~(white | black)) return DM_E_POSITION;
    /* A man on its own crowning row cannot arise, and `dames.fen` rejects it. */
    if ((white & ~kings & v->promotion[0]) || (black & ~kings & v->promotion[1]))
        return DM_E_POSITION;
    return 0;
}
