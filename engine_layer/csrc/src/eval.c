/* The evaluation: regional patterns (patterns.c) plus a few terms, each with an opening and
 * an ending weight blended by the material left (Scan's design).
 *
 * Terms: men, kings, having a king, tempo (rows advanced), left-right balance, kings'
 * mobility, the side to move, kings on the long diagonal. Drawish material among flying
 * kings is scaled down (`scale_drawish`). Weights are centi-men: built-in hand-set ones, or
 * a learned blob (`bench/train_native_eval.py`) loaded by `dm_load_weights`. A second set,
 * the play weights (`dm_load_play_weights`, chosen by DM_PLAY_WEIGHTS), lets the strongest
 * level play with weights the judge, the analysis and the puzzles' stored checks were not
 * made with; without one loaded the flag changes nothing. */
#include <stdlib.h>
#include <string.h>

#include "patterns.h"
#include "search.h"

enum {
    F_MEN, F_KINGS, F_HAS_KING, F_TEMPO, F_BALANCE, F_KING_MOBILITY, F_TO_MOVE, F_DIAGONAL,
    SCALARS
};

typedef struct Weights {
    int16_t *opening; /* classes * STATES patterns, then SCALARS terms */
    int16_t *ending;
    int16_t (*pattern)[2]; /* the patterns' [opening, ending] side by side: one cache line */
    int features;
    int learned; /* a blob was loaded */
} Weights;

/* Learned: patterns and terms; [0] the shipped weights, [1] the play weights. */
static Weights weights[2][DM_VARIANTS];
static int16_t handset[DM_VARIANTS][2][SCALARS]; /* [opening, ending]: the built-in terms */
static uint64_t long_diagonal[DM_VARIANTS];
/* Rows to go as bit planes: a man's tempo is the sum of 2^k over the planes k holding its
 * square, so a side's tempo is four popcounts rather than a loop over its men. */
#define TEMPO_PLANES 4
static uint64_t tempo_plane[DM_VARIANTS][2][TEMPO_PLANES];
static uint64_t left_half[DM_VARIANTS];

static void hand_set(const Variant *v) {
    int16_t *o = handset[v->id][0], *e = handset[v->id][1];
    static const int16_t king_value[DM_VARIANTS] = {300, 250, 160, 150};
    o[F_MEN] = e[F_MEN] = 100;
    o[F_KINGS] = e[F_KINGS] = king_value[v->id];
    o[F_TEMPO] = 2;
    e[F_TEMPO] = 9;
    o[F_BALANCE] = 3;
    e[F_BALANCE] = 1;
    o[F_KING_MOBILITY] = e[F_KING_MOBILITY] = v->flying ? 1 : 3;
    e[F_DIAGONAL] = v->flying ? 15 : 0;
}

__attribute__((constructor)) static void build_eval(void) {
    patterns_build();
    for (int id = 0; id < DM_VARIANTS; id++) {
        const Variant *v = variant_get(id);
        for (int set = 0; set < 2; set++) {
            Weights *w = &weights[set][id];
            w->features = pattern_classes(id) * STATES + SCALARS;
            w->opening = calloc((size_t)w->features, sizeof *w->opening);
            w->ending = calloc((size_t)w->features, sizeof *w->ending);
            w->pattern = calloc((size_t)pattern_classes(id) * STATES, sizeof *w->pattern);
        }
        hand_set(v);
        /* The long diagonal: the squares whose row plus column is size - 1. */
        for (int b = 0; b < 64; b++) {
            if (v->row[b] >= 0 && v->row[b] + v->col[b] == v->size - 1)
                long_diagonal[id] |= 1ULL << b;
            if (v->row[b] < 0) continue;
            int rows_advanced[2] = {v->size - 1 - v->row[b], v->row[b]};
            for (int color = 0; color < 2; color++) {
                for (int k = 0; k < TEMPO_PLANES; k++) {
                    if (rows_advanced[color] >> k & 1) tempo_plane[id][color][k] |= 1ULL << b;
                }
            }
            if (v->col[b] < v->size / 2) left_half[id] |= 1ULL << b;
        }
    }
}

static int king_mobility(const Variant *v, uint64_t kings, uint64_t occupied) {
    int n = 0;
    for (uint64_t k = kings; k; k &= k - 1) {
        int b = lsb(k);
        for (int d = 0; d < 4; d++) {
            if (!v->flying) {
                int nb = v->neighbor[b][d];
                n += nb >= 0 && !(occupied >> nb & 1);
                continue;
            }
            uint64_t ray = v->ray[b][d], blockers = ray & occupied;
            if (blockers)
                ray &= d < 2 ? ~((2ULL << msb(blockers)) - 1) : (1ULL << lsb(blockers)) - 1;
            n += popcount(ray);
        }
    }
    return n;
}

static int tempo(const Variant *v, uint64_t men, int color) {
    const uint64_t *plane = tempo_plane[v->id][color];
    int t = 0;
    for (int k = 0; k < TEMPO_PLANES; k++) t += popcount(men & plane[k]) << k;
    return t;
}

static int imbalance(const Variant *v, uint64_t men) {
    int left = popcount(men & left_half[v->id]);
    return abs(2 * left - popcount(men));
}

/* The scalar terms, White's view. */
static void scalar_features(const Variant *v, uint64_t white, uint64_t black, uint64_t kings,
                            int color, int32_t *value) {
    uint64_t wm = white & ~kings, bm = black & ~kings, wk = white & kings, bk = black & kings;
    uint64_t occupied = white | black;
    value[F_MEN] = popcount(wm) - popcount(bm);
    value[F_KINGS] = popcount(wk) - popcount(bk);
    value[F_HAS_KING] = (wk != 0) - (bk != 0);
    value[F_TEMPO] = tempo(v, wm, 0) - tempo(v, bm, 1);
    value[F_BALANCE] = imbalance(v, bm) - imbalance(v, wm);
    value[F_KING_MOBILITY] = kings ? king_mobility(v, wk, occupied) -
                                     king_mobility(v, bk, occupied) : 0;
    value[F_TO_MOVE] = color == 0 ? 1 : -1;
    value[F_DIAGONAL] = popcount(wk & long_diagonal[v->id]) -
                        popcount(bk & long_diagonal[v->id]);
}

/* 0 (opening) .. 256 (ending), from the pieces left. */
static int phase(const Variant *v, uint64_t white, uint64_t black) {
    int start = v->squares == 50 ? 40 : 24, left = popcount(white | black);
    if (left > start) left = start;
    return 256 - left * 256 / start;
}

/* Draughts' drawn material among flying kings, pulled towards 0 (White's view): kings alone,
 * two against one cannot win and three against one rarely; with men left, two pieces
 * against a king seldom do. */
static int scale_drawish(const Variant *v, uint64_t white, uint64_t black, uint64_t kings,
                         int score) {
    if (!v->flying || !kings || !score) return score;
    uint64_t ahead = score > 0 ? white : black, behind = score > 0 ? black : white;
    if (!(behind & kings)) return score;
    int ahead_pieces = popcount(ahead), behind_pieces = popcount(behind);
    if (!((white | black) & ~kings)) { /* kings only */
        if (ahead_pieces <= 2 || ahead_pieces <= behind_pieces) return score / 16;
        if (ahead_pieces == 3 && behind_pieces == 1) return score / 4;
        return score;
    }
    if (ahead_pieces <= 2) return score / 8;
    return score;
}

int evaluate(const Variant *v, uint64_t white, uint64_t black, uint64_t kings, int color,
             int flags) {
    const Weights *w = &weights[(flags & DM_PLAY_WEIGHTS) && weights[1][v->id].learned][v->id];
    int learned = w->learned && !(flags & DM_HANDSET_EVAL);
    int32_t scalar[SCALARS];
    int64_t opening = 0, ending = 0;
    const int16_t *terms_opening = handset[v->id][0], *terms_ending = handset[v->id][1];
    if (learned) {
        add_patterns(v, w->pattern, white & ~kings, black & ~kings, &opening, &ending);
        int base = pattern_classes(v->id) * STATES;
        terms_opening = w->opening + base;
        terms_ending = w->ending + base;
    }
    scalar_features(v, white, black, kings, color, scalar);
    for (int i = 0; i < SCALARS; i++) {
        opening += scalar[i] * terms_opening[i];
        ending += scalar[i] * terms_ending[i];
    }
    int p = phase(v, white, black);
    int score = (int)((opening * (256 - p) + ending * p) / 256);
    score = scale_drawish(v, white, black, kings, score);
    return color == 0 ? score : -score;
}

int32_t dm_evaluate(const dm_position *position, int32_t flags, int32_t *value) {
    int32_t error = dm_check_position(position);
    if (error) return error;
    if (!value) return DM_E_ARGUMENT;
    *value = evaluate(variant_get(position->variant), position->white, position->black,
                      position->kings, position->turn, flags);
    return 0;
}

int32_t dm_features(const dm_position *position, int32_t *indices, int32_t *counts,
                    int32_t capacity, int32_t *phase_out) {
    int32_t error = dm_check_position(position);
    if (error) return error;
    if (!indices || !counts || !phase_out || capacity < 2 * MAX_WINDOWS + SCALARS)
        return DM_E_ARGUMENT;
    const Variant *v = variant_get(position->variant);
    uint64_t kings = position->kings;
    int n = pattern_features(v, position->white & ~kings, position->black & ~kings, indices,
                             counts);
    int32_t scalar[SCALARS];
    scalar_features(v, position->white, position->black, kings, position->turn, scalar);
    int base = pattern_classes(v->id) * STATES;
    for (int i = 0; i < SCALARS; i++) {
        indices[n] = base + i;
        counts[n++] = scalar[i];
    }
    *phase_out = phase(v, position->white, position->black);
    return n;
}

int32_t dm_feature_count(int32_t variant) {
    if (!variant_get(variant)) return DM_E_VARIANT;
    return weights[0][variant].features;
}

/* The blob: "DMW1", then int32 variant, pattern classes, scalar terms, then the opening
 * weights and the ending weights (int16 each, little-endian), every feature in order. */
static int32_t load_weights(int set, int32_t variant, const uint8_t *blob, int64_t length) {
    const Variant *v = variant_get(variant);
    if (!v) return DM_E_VARIANT;
    Weights *w = &weights[set][variant];
    if (!w->opening || !w->ending || !w->pattern) return DM_E_WEIGHTS;
    if (!blob) {
        w->learned = 0;
        return 0;
    }
    int64_t expected = 16 + 4 * (int64_t)w->features;
    if (length != expected || memcmp(blob, "DMW1", 4) != 0) return DM_E_WEIGHTS;
    int32_t header[3];
    for (int i = 0; i < 3; i++) {
        const uint8_t *b = blob + 4 + 4 * i;
        header[i] = (int32_t)((uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
                              (uint32_t)b[3] << 24);
    }
    if (header[0] != variant || header[1] != pattern_classes(variant) || header[2] != SCALARS)
        return DM_E_WEIGHTS;
    const uint8_t *data = blob + 16;
    for (int phase_index = 0; phase_index < 2; phase_index++) {
        int16_t *target = phase_index ? w->ending : w->opening;
        for (int i = 0; i < w->features; i++) {
            const uint8_t *b = data + 2 * ((int64_t)phase_index * w->features + i);
            target[i] = (int16_t)((uint16_t)b[0] | (uint16_t)b[1] << 8);
        }
    }
    for (int i = 0; i < pattern_classes(variant) * STATES; i++) {
        w->pattern[i][0] = w->opening[i];
        w->pattern[i][1] = w->ending[i];
    }
    w->learned = 1;
    return 0;
}

int32_t dm_load_weights(int32_t variant, const uint8_t *blob, int64_t length) {
    return load_weights(0, variant, blob, length);
}

int32_t dm_load_play_weights(int32_t variant, const uint8_t *blob, int64_t length) {
    return load_weights(1, variant, blob, length);
}
