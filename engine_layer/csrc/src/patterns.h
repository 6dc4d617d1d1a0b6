/* The evaluation's regional patterns (patterns.c): every 4x4 window's base-3 state, and its
 * [opening, ending] weights' sum. */
#ifndef DAMES_PATTERNS_H
#define DAMES_PATTERNS_H

#include "core.h"

#define STATES 6561 /* 3^8: a window's states */
#define MAX_WINDOWS 16

/* Builds every variant's windows; before any other call. */
void patterns_build(void);

/* A variant's pattern classes (tables of STATES weights). */
int pattern_classes(int variant);

/* The pattern features of a position (its men): (feature index, +1 or -1) for each window,
 * at most 2 * MAX_WINDOWS; their number. */
int pattern_features(const Variant *v, uint64_t white_men, uint64_t black_men, int32_t *index,
                     int32_t *sign);

/* The patterns' weights summed into opening and ending (White's view): `pattern_features`
 * read straight into the weights, [opening, ending] side by side. */
void add_patterns(const Variant *v, const int16_t (*pattern)[2], uint64_t white_men,
                  uint64_t black_men, int64_t *opening, int64_t *ending);

#endif
