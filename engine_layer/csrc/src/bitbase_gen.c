/* Generating a variant's endgame bitbase by retrograde analysis, with the core's own rules.
 *
 * Signatures are solved in order of pieces, then men: a capture leads to fewer pieces and
 * a crowning to fewer men, so those children are known before their parents. What is left
 * are the plain moves between a signature and its mirror (the same material, the other side
 * to move), solved together: every position is first settled from its known children where
 * it can be (a child lost for the opponent wins; no move, or only won children, loses) and
 * otherwise counts its children still open; then each newly won or lost position settles its
 * predecessors, found by un-making plain moves (a king back along its diagonals, a man one
 * step back). A predecessor with a capture cannot have played that plain move, but it was
 * settled in the first pass already (its children all have fewer pieces). What is never
 * settled is a draw. */
#include <stdlib.h>
#include <string.h>

#include "bitbase.h"

#define DRAW_SEEN 0x80 /* in a position's open count: a child is a known draw */

typedef struct Group {
    const Layout *l;
    uint8_t *value;    /* every position's result so far (BB_NONE while open) */
    int sigs[2];
    int nsigs;
    uint8_t *open[2];  /* per signature of the group: open children, DRAW_SEEN */
    int64_t *queue;
    int64_t head, tail;
} Group;

static int member(const Group *g, int s) {
    for (int i = 0; i < g->nsigs; i++)
        if (g->sigs[i] == s) return i;
    return -1;
}

static void settle(Group *g, int64_t index, int result) {
    g->value[index] = (uint8_t)result;
    if (result != BB_DRAW) g->queue[g->tail++] = index;
}

/* First pass: a position settled by its children of other signatures, or its open count. */
static void first_pass(Group *g, int slot) {
    const Layout *l = g->l;
    const Variant *v = l->v;
    const Signature *sig = &l->sig[g->sigs[slot]];
    Move moves[DM_MAX_MOVES];
    for (int64_t i = 0; i < sig->size; i++) {
        int64_t index = sig->base + i;
        uint64_t white, black, kings;
        if (!layout_position(l, g->sigs[slot], index, &white, &black, &kings)) continue;
        int n = gen_moves(v, white, black, kings, 0, moves, DM_MAX_MOVES, 0);
        int open = 0, draw = 0, won = 0;
        for (int m = 0; m < n && !won; m++) {
            uint64_t w = white, b = black, k = kings;
            apply_move(v, &w, &b, &k, 0, &moves[m]);
            if (!b) {
                won = 1;
                break;
            }
            if (member(g, layout_signature_of(l, w, b, k, 1)) >= 0) {
                open++;
                continue;
            }
            int result = g->value[layout_index(l, w, b, k, 1)];
            won = result == BB_LOSS;
            draw |= result == BB_DRAW;
        }
        if (won) settle(g, index, BB_WIN);
        else if (!open) settle(g, index, draw ? BB_DRAW : BB_LOSS);
        else g->open[slot][i] = (uint8_t)(open | (draw ? DRAW_SEEN : 0));
    }
}

/* A predecessor (Black to move in the settled position's frame, as bits) told that one of
 * its children is settled. */
static void tell(Group *g, uint64_t white, uint64_t black, uint64_t kings, int child_result) {
    const Layout *l = g->l;
    int slot = member(g, layout_signature_of(l, white, black, kings, 1));
    int64_t index = layout_index(l, white, black, kings, 1);
    if (slot < 0 || index < 0 || g->value[index] != BB_NONE) return;
    uint8_t *open = &g->open[slot][index - l->sig[g->sigs[slot]].base];
    if (child_result == BB_LOSS) {
        settle(g, index, BB_WIN);
    } else if ((*open & ~DRAW_SEEN) == 1) {
        settle(g, index, *open & DRAW_SEEN ? BB_DRAW : BB_LOSS);
    } else {
        (*open)--;
    }
}

/* Un-make every plain move the side not to move could have just played. */
static void retreat(Group *g, int64_t index) {
    const Layout *l = g->l;
    const Variant *v = l->v;
    uint64_t white, black, kings;
    layout_position(l, layout_signature(l, index), index, &white, &black, &kings);
    uint64_t empty = v->board & ~(white | black);
    int result = g->value[index];
    for (uint64_t pieces = black; pieces; pieces &= pieces - 1) {
        int at = lsb(pieces);
        uint64_t here = 1ULL << at;
        int king = (kings & here) != 0;
        for (int d = king ? 0 : UL; d < (king ? 4 : UR + 1); d++) {
            /* (A king that was crowned by this move was a man: another signature's.) */
            for (int to = v->neighbor[at][d]; to >= 0 && (empty >> to & 1);
                 to = v->neighbor[to][d]) {
                uint64_t there = 1ULL << to;
                tell(g, white, black ^ here ^ there, king ? kings ^ here ^ there : kings, result);
                if (!king || !v->flying) break;
            }
        }
    }
}

static void solve_group(Group *g) {
    const Layout *l = g->l;
    for (int i = 0; i < g->nsigs; i++) {
        g->open[i] = calloc((size_t)l->sig[g->sigs[i]].size, 1);
        first_pass(g, i);
    }
    while (g->head < g->tail) retreat(g, g->queue[g->head++]);
    for (int i = 0; i < g->nsigs; i++) {
        const Signature *s = &l->sig[g->sigs[i]];
        for (int64_t j = 0; j < s->size; j++) {
            uint64_t white, black, kings;
            if (g->value[s->base + j] == BB_NONE &&
                layout_position(l, g->sigs[i], s->base + j, &white, &black, &kings))
                g->value[s->base + j] = BB_DRAW;
        }
        free(g->open[i]);
    }
}

static int order_key(const Signature *s) {
    return (s->wm + s->wk + s->bm + s->bk) * 16 + s->wm + s->bm;
}

int64_t dm_bitbase_generate(int32_t variant, int32_t pieces, uint8_t *out, int64_t capacity) {
    const Variant *v = variant_get(variant);
    if (!v) return DM_E_VARIANT;
    if (pieces < 2 || pieces > BB_MAX_PIECES) return DM_E_ARGUMENT;
    Layout l;
    layout_init(&l, v, pieces);
    int64_t bytes = layout_file_bytes(&l);
    if (!out) return bytes;
    if (capacity < bytes) return DM_E_CAPACITY;
    uint8_t *value = calloc((size_t)l.total, 1);
    int64_t largest = 0;
    for (int s = 0; s < l.nsigs; s++) largest = l.sig[s].size > largest ? l.sig[s].size : largest;
    int64_t *queue = malloc((size_t)(2 * largest) * sizeof *queue);
    if (!value || !queue) {
        free(value);
        free(queue);
        return DM_E_CAPACITY;
    }
    int done[64] = {0};
    for (int key = 0; key < (pieces + 1) * 16; key++) { /* every order_key, ascending */
        for (int s = 0; s < l.nsigs; s++) {
            const Signature *sig = &l.sig[s];
            if (done[s] || order_key(sig) != key) continue;
            int mirror = l.sig_of[sig->bm][sig->bk][sig->wm][sig->wk];
            Group g = {&l, value, {s, mirror}, mirror == s ? 1 : 2, {0, 0}, queue, 0, 0};
            solve_group(&g);
            done[s] = done[mirror] = 1;
        }
    }
    memset(out, 0, (size_t)bytes);
    memcpy(out, BB_MAGIC, 4);
    for (int i = 0; i < 4; i++) {
        out[4 + i] = (uint8_t)(variant >> (8 * i));
        out[8 + i] = (uint8_t)(pieces >> (8 * i));
    }
    for (int i = 0; i < 8; i++) out[12 + i] = (uint8_t)(l.total >> (8 * i));
    for (int64_t i = 0; i < l.total; i++)
        out[BB_HEADER + (i >> 2)] |= (uint8_t)(value[i] << (2 * (i & 3)));
    free(value);
    free(queue);
    return bytes;
}
