/* The evaluation's patterns (Scan's design): every 4x4 window of the board whose corner sits
 * on an even row and column (16 on 10x10, 9 on 8x8) holds 8 playing squares, read in base 3
 * (empty or king, white man, black man). A window and its 180-degree turn with the colours
 * swapped share one table, read from Black's side for the turned one, so the evaluation is
 * colour-symmetric by construction.
 *
 * A window's state reads its 8 squares as base-3 digits, row k's two squares at digits 2k and
 * 2k + 1; read as Black (the window turned), they sit at digits 7 - 2k and 6 - 2k. The windows
 * whose corners share a row (a band) are read together: one 16-bit lane per window of the
 * band (a state < 3^8 never carries into the next lane), each row's share of every lane one
 * table read, rather than a gather of each window's squares. */
#include "patterns.h"

#define MAX_ROWS 10
#define WINDOW_ROWS 4 /* a window's rows, two playing squares of each */
#define MAX_BANDS 4   /* window corner rows (and columns): 0, 2, 4, 6 */
#define LANE_BITS 16
#define ROW_STATES 32 /* the men of a row: up to 5 playing squares */

typedef uint64_t Lanes;

/* One table read of a window: its state taken from a band's lanes, as White (+) or as Black
 * (-). */
typedef struct Read {
    int lanes; /* 2 * band + (read as Black) */
    int shift; /* the window's lane */
    int base;  /* its class's first feature */
} Read;

typedef struct Windows {
    int classes;
    int bands;                  /* as many windows across a band */
    int row_bit[MAX_ROWS];      /* each row's first bit */
    uint32_t row_mask;          /* a row's playing squares, from its first bit */
    int band_as_white[MAX_BANDS], band_as_black[MAX_BANDS]; /* a window of it reads so */
    int reads;
    Read read[2 * MAX_WINDOWS]; /* window by window, as White first */
} Windows;

static Windows windows[DM_VARIANTS];
/* A row's share of a band's lanes: [read as Black][row within the window][the row's men],
 * lane j the row's squares j and j + 1 (the window of corner column 2j), for men of the
 * colour counted 1. */
static Lanes row_lanes[2][WINDOW_ROWS][ROW_STATES];

/* The windows in corner-row order (bands), then corner-column order: window i is in band
 * i / bands, lane i % bands. */
static void build_windows(const Variant *v, Windows *w) {
    int last = v->size - WINDOW_ROWS, n = 0;
    int corner_row[MAX_WINDOWS], corner_col[MAX_WINDOWS];
    for (int r = 0; r <= last; r += 2) {
        for (int c = 0; c <= last; c += 2) {
            corner_row[n] = r;
            corner_col[n] = c;
            n++;
        }
    }
    for (int row = 0; row < v->size; row++)
        w->row_bit[row] = v->bit_of_square[row * v->per_row + 1];
    w->row_mask = (1u << v->per_row) - 1;
    w->bands = last / 2 + 1;
    int class_of[MAX_WINDOWS];
    int as_white[MAX_WINDOWS]; /* the window reads its class's table as White */
    int as_black[MAX_WINDOWS]; /* it reads it as Black (a self-turned one: both) */
    w->classes = 0;
    for (int i = 0; i < n; i++) class_of[i] = -1;
    for (int i = 0; i < n; i++) {
        if (class_of[i] >= 0) continue;
        int mate = -1;
        for (int j = 0; j < n; j++) {
            if (corner_row[j] == last - corner_row[i] && corner_col[j] == last - corner_col[i])
                mate = j;
        }
        class_of[i] = w->classes;
        as_white[i] = 1;
        as_black[i] = mate == i;
        if (mate != i) {
            class_of[mate] = w->classes;
            as_white[mate] = 0;
            as_black[mate] = 1;
        }
        w->classes++;
    }
    w->reads = 0;
    for (int i = 0; i < n; i++) {
        int band = i / w->bands, lane = i % w->bands;
        w->band_as_white[band] |= as_white[i];
        w->band_as_black[band] |= as_black[i];
        for (int black = 0; black < 2; black++) {
            if (!(black ? as_black[i] : as_white[i])) continue;
            w->read[w->reads++] = (Read){2 * band + black, LANE_BITS * lane,
                                         class_of[i] * STATES};
        }
    }
}

static void build_row_lanes(void) {
    for (int k = 0; k < WINDOW_ROWS; k++) {
        int power = 1, turned_power = 1; /* 3^(2k) and 3^(6 - 2k) */
        for (int i = 0; i < 2 * k; i++) power *= 3;
        for (int i = 0; i < 6 - 2 * k; i++) turned_power *= 3;
        for (int x = 0; x < ROW_STATES; x++) {
            Lanes white = 0, black = 0;
            for (int j = 0; j < MAX_BANDS; j++) {
                int first = x >> j & 1, second = x >> (j + 1) & 1;
                white |= (Lanes)((first + 3 * second) * power) << (LANE_BITS * j);
                black |= (Lanes)((second + 3 * first) * turned_power) << (LANE_BITS * j);
            }
            row_lanes[0][k][x] = white;
            row_lanes[1][k][x] = black;
        }
    }
}

void patterns_build(void) {
    build_row_lanes();
    for (int id = 0; id < DM_VARIANTS; id++) build_windows(variant_get(id), &windows[id]);
}

int pattern_classes(int variant) { return windows[variant].classes; }

/* The states of a band's windows: the first colour's men count 1, the second's 2. */
static inline Lanes band_lanes(const Lanes (*table)[ROW_STATES], const uint32_t *first,
                               const uint32_t *second) {
    Lanes sum = 0;
    for (int k = 0; k < WINDOW_ROWS; k++) sum += table[k][first[k]] + 2 * table[k][second[k]];
    return sum;
}

/* Every band's window states, as White where a window of the band reads them so, and as
 * Black where one does: lanes[2 * band + as Black]. */
static inline void window_states(const Windows *w, uint64_t wm, uint64_t bm, Lanes *lanes) {
    uint32_t white[MAX_ROWS], black[MAX_ROWS];
    int rows = 2 * w->bands + 2;
    for (int row = 0; row < rows; row++) {
        white[row] = (uint32_t)(wm >> w->row_bit[row]) & w->row_mask;
        black[row] = (uint32_t)(bm >> w->row_bit[row]) & w->row_mask;
    }
    for (int band = 0; band < w->bands; band++) {
        const uint32_t *white_rows = white + 2 * band, *black_rows = black + 2 * band;
        if (w->band_as_white[band])
            lanes[2 * band] = band_lanes(row_lanes[0], white_rows, black_rows);
        if (w->band_as_black[band])
            lanes[2 * band + 1] = band_lanes(row_lanes[1], black_rows, white_rows);
    }
}

/* A read's pattern feature. */
static inline int read_feature(const Read *read, const Lanes *lanes) {
    return read->base + (int)(lanes[read->lanes] >> read->shift & 0xFFFF);
}

int pattern_features(const Variant *v, uint64_t white_men, uint64_t black_men, int32_t *index,
                     int32_t *sign) {
    const Windows *w = &windows[v->id];
    Lanes lanes[2 * MAX_BANDS];
    window_states(w, white_men, black_men, lanes);
    for (int r = 0; r < w->reads; r++) {
        index[r] = read_feature(&w->read[r], lanes);
        sign[r] = w->read[r].lanes & 1 ? -1 : 1;
    }
    return w->reads;
}

void add_patterns(const Variant *v, const int16_t (*pattern)[2], uint64_t white_men,
                  uint64_t black_men, int64_t *opening, int64_t *ending) {
    const Windows *w = &windows[v->id];
    Lanes lanes[2 * MAX_BANDS];
    window_states(w, white_men, black_men, lanes);
    int32_t o = 0, e = 0;
    for (int r = 0; r < w->reads; r++) {
        const int16_t *pair = pattern[read_feature(&w->read[r], lanes)];
        if (w->read[r].lanes & 1) {
            o -= pair[0];
            e -= pair[1];
        } else {
            o += pair[0];
            e += pair[1];
        }
    }
    *opening += o;
    *ending += e;
}
