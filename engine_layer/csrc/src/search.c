/* The tree: fail-soft principal-variation search with a capture quiescence (captures are
 * compulsory, so a position with a capture is never evaluated: forced captures are followed
 * to the end), crowning steps searched at quiet leaves, the game's draw rules and
 * repetitions, a transposition table, killer and history ordering, a forced-reply
 * extension, late-move reductions and ProbCut (Scan's pruning), and the endgame bitbase
 * below the root's material (bitbase.c). The same design as the Python strong search
 * (`dames.ai.strong`), at a compiled speed, but for the bitbase. */
#include <string.h>

#include "bitbase.h"
#include "search.h"

/* Late-move reductions: quiet moves from this one on, this many plies from the leaves. */
#define REDUCE_FROM 3
#define REDUCE_MIN_DEPTH 3
/* ProbCut: from this depth, a search this much shallower beating beta by the margin cuts. */
#define PROBCUT_MIN_DEPTH 5
#define PROBCUT_REDUCTION 3
#define PROBCUT_MARGIN 60
#define CHECK_INTERVAL 1024

static void check_limits(Search *s) {
    if (s->budget && s->nodes >= s->budget) s->aborted = 1;
    if (s->deadline_us && now_us() >= s->deadline_us) s->aborted = 1;
    if (s->stop && *s->stop) s->aborted = 1;
    s->next_check = s->nodes + CHECK_INTERVAL;
    if (s->budget && s->next_check > s->budget) s->next_check = s->budget;
}

static int has_any_move(const Variant *v, uint64_t us, uint64_t them, uint64_t kings,
                        int color) {
    return gen_has_capture(v, us, them, kings, color) || gen_has_plain(v, us, them, kings, color);
}

static int is_repetition(const Search *s, uint64_t key, int floor) {
    for (int i = s->path_len - 4; i >= floor; i -= 2) {
        if (s->path[i] == key) return 1;
    }
    return 0;
}

/* Mate scores are stored relative to the node, so a transposition at another ply reads
 * the right distance. */
static int to_table(int score, int ply) {
    return score >= MATE_BOUND ? score + ply : score <= -MATE_BOUND ? score - ply : score;
}

static int from_table(int score, int ply) {
    return score >= MATE_BOUND ? score - ply : score <= -MATE_BOUND ? score + ply : score;
}

/* A quiet leaf: the static value, or, where a man of the side to move stands one step from
 * its last row, the crowning steps searched against it (the value cannot see the king). */
static int quiet_leaf(Search *s, uint64_t white, uint64_t black, uint64_t kings, int color,
                      uint64_t key, int alpha, int beta, int ply) {
    const Variant *v = s->v;
    int stand = evaluate(v, white, black, kings, color, s->flags);
    uint64_t us = color ? black : white, them = color ? white : black;
    if (!(us & ~kings & s->crowning_from[color]) || stand >= beta || ply >= MAX_PLY - 1)
        return stand;
    Move moves[DM_MAX_MOVES];
    int n = gen_moves(v, us, them, kings, color, moves, DM_MAX_MOVES, 0);
    int best = stand;
    s->path[s->path_len++] = key;
    int floor = s->path_len;
    for (int i = 0; i < n && !s->aborted; i++) {
        if (!(moves[i].to & v->promotion[color]) || (kings & moves[i].from)) continue;
        uint64_t w = white, b = black, k = kings;
        apply_move(v, &w, &b, &k, color, &moves[i]);
        uint64_t child = key_after(key, &moves[i], color, kings, k);
        int value = -negamax(s, w, b, k, 1 - color, child, 0, -beta,
                             -(alpha > best ? alpha : best), ply + 1, floor);
        if (value > best) {
            best = value;
            if (value >= beta) break;
        }
    }
    s->path_len--;
    return best;
}

/* Order: the table's move, then (quiet moves) killers, then the history counts. */
static void order_moves(const Search *s, const Move *moves, int n, int tt_move, int ply,
                        int color, int capture, int *order) {
    int32_t score[DM_MAX_MOVES];
    const int32_t (*history)[64] = s->engine->history[color];
    for (int i = 0; i < n; i++) {
        const Move *m = &moves[i];
        int32_t value;
        if (capture) {
            value = popcount(m->captured) * 64;
        } else if (m->from == s->killers[ply][0].from && m->to == s->killers[ply][0].to) {
            value = 1 << 29;
        } else if (m->from == s->killers[ply][1].from && m->to == s->killers[ply][1].to) {
            value = (1 << 29) - 1;
        } else {
            value = history[lsb(m->from)][lsb(m->to)];
        }
        if (i == tt_move) value = 1 << 30;
        score[i] = value;
    }
    /* A stable sort by counting: a move goes after those scoring more and the earlier ones
     * scoring as much. Branch-free, unlike an insertion sort, whose exits mispredict on the
     * few moves of a typical node. */
    for (int i = 0; i < n; i++) {
        int place = 0;
        for (int j = 0; j < i; j++) place += score[j] >= score[i];
        for (int j = i + 1; j < n; j++) place += score[j] > score[i];
        order[place] = i;
    }
}

static void reward(Search *s, const Move *m, int ply, int depth, int color) {
    if (s->killers[ply][0].from != m->from || s->killers[ply][0].to != m->to) {
        s->killers[ply][1] = s->killers[ply][0];
        s->killers[ply][0] = *m;
    }
    int32_t *h = &s->engine->history[color][lsb(m->from)][lsb(m->to)];
    *h += depth * depth;
    if (*h > (1 << 24)) { /* keep the counts bounded: halve them all */
        for (int a = 0; a < 64; a++) {
            for (int b = 0; b < 64; b++) s->engine->history[color][a][b] /= 2;
        }
    }
}

typedef struct Node {
    uint64_t white, black, kings, key;
    int color, depth, alpha, beta, ply, floor;
} Node;

/* The moves of a node the table did not settle. */
static int expand(Search *s, const Node *node, const TTEntry *entry) {
    const Variant *v = s->v;
    uint64_t white = node->white, black = node->black, kings = node->kings;
    int color = node->color, depth = node->depth, ply = node->ply;
    int alpha = node->alpha, beta = node->beta;
    uint64_t us = color ? black : white, them = color ? white : black;
    if (depth == 0 && ply >= s->capture_ply_limit) return evaluate(v, white, black, kings, color,
                                                                   s->flags);
    Move moves[DM_MAX_MOVES];
    int n = gen_moves(v, us, them, kings, color, moves, DM_MAX_MOVES, 0);
    if (n <= 0) return ply - MATE; /* no move (an error cannot occur in a reached position) */
    if (ply >= MAX_PLY - 1) return evaluate(v, white, black, kings, color, s->flags);
    int capture = moves[0].captured != 0;
    int next_depth = n == 1 && ply < s->extension_limit ? depth : depth - 1;
    if (next_depth < 0) next_depth = 0;
    int order[DM_MAX_MOVES];
    order_moves(s, moves, n, entry ? entry->move : -1, ply, color, capture, order);
    int reducible = !(s->flags & DM_NO_REDUCTIONS) && !capture && depth >= REDUCE_MIN_DEPTH &&
                    ((white | black) & ~kings);
    s->path[s->path_len++] = node->key;
    int child_index = s->path_len;
    int best = -INF, best_index = -1, original_alpha = alpha;
    for (int number = 0; number < n; number++) {
        const Move *m = &moves[order[number]];
        uint64_t w = white, b = black, k = kings;
        apply_move(v, &w, &b, &k, color, m);
        uint64_t child = key_after(node->key, m, color, kings, k);
        tt_prefetch(s->engine, child);
        int child_floor = capture || !(kings & m->from) ? child_index : node->floor;
        int value;
        if (number == 0) {
            value = -negamax(s, w, b, k, 1 - color, child, next_depth, -beta, -alpha, ply + 1,
                             child_floor);
        } else {
            int reduction = 0;
            if (reducible && number >= REDUCE_FROM) reduction = number >= 3 * REDUCE_FROM &&
                                                                depth >= 6 ? 2 : 1;
            value = -negamax(s, w, b, k, 1 - color, child, next_depth - reduction, -alpha - 1,
                             -alpha, ply + 1, child_floor);
            if (reduction && value > alpha && !s->aborted)
                value = -negamax(s, w, b, k, 1 - color, child, next_depth, -alpha - 1, -alpha,
                                 ply + 1, child_floor);
            if (alpha < value && value < beta && !s->aborted)
                value = -negamax(s, w, b, k, 1 - color, child, next_depth, -beta, -alpha,
                                 ply + 1, child_floor);
        }
        if (s->aborted) break;
        if (value > best) {
            best = value;
            best_index = order[number];
            if (value > alpha) {
                alpha = value;
                if (value >= beta) {
                    if (!capture) reward(s, m, ply, depth, color);
                    break;
                }
            }
        }
    }
    s->path_len--;
    if (s->aborted) return 0;
    int bound = best >= beta ? BOUND_LOWER : best <= original_alpha ? BOUND_UPPER : BOUND_EXACT;
    tt_store(s->engine, node->key, depth, bound, to_table(best, ply), best_index);
    return best;
}

/* ProbCut (Scan): a null-window node whose shallow search beats beta by a margin is taken
 * to fail high at full depth too. Not where the table settles the node, nor among kings
 * alone, nor on mate scores. Returns 1 and the value when it cuts. */
static int probcut(Search *s, const Node *node, const TTEntry *entry, int *value) {
    if (entry && entry->depth - 1 >= node->depth) return 0;
    int bound = node->beta + PROBCUT_MARGIN;
    int shallow = negamax(s, node->white, node->black, node->kings, node->color, node->key,
                          node->depth - PROBCUT_REDUCTION, bound - 1, bound, node->ply,
                          node->floor);
    if (s->aborted || shallow < bound) return 0;
    *value = shallow;
    return 1;
}

int negamax(Search *s, uint64_t white, uint64_t black, uint64_t kings, int color,
            uint64_t key, int depth, int alpha, int beta, int ply, int floor) {
    if (++s->nodes >= s->next_check) check_limits(s);
    if (s->aborted) return 0;
    if (is_repetition(s, key, floor)) return 0;
    const Variant *v = s->v;
    uint64_t us = color ? black : white, them = color ? white : black;
    /* The game's draw rules end the line here, unless the side to move has no move. */
    if (s->path_len - floor >= s->quiet_limit || ply >= s->plies_left)
        return has_any_move(v, us, them, kings, color) ? 0 : ply - MATE;
    if (popcount(white | black) <= s->bitbase_pieces) {
        int result = bitbase_probe(v, white, black, kings, color);
        if (result == BB_DRAW) return 0;
        if (result) return result == BB_WIN ? BITBASE_WIN - ply : ply - BITBASE_WIN;
    }
    if (depth <= 0) {
        depth = 0;
        if (!gen_has_capture(v, us, them, kings, color)) {
            if (!gen_has_plain(v, us, them, kings, color)) return ply - MATE;
            return quiet_leaf(s, white, black, kings, color, key, alpha, beta, ply);
        }
    }
    TTEntry *entry = tt_probe(s->engine, key);
    if (entry && entry->depth - 1 >= depth) {
        int value = from_table(entry->score, ply);
        if (entry->bound == BOUND_EXACT || (entry->bound == BOUND_LOWER ? value >= beta
                                                                          : value <= alpha))
            return value;
    }
    Node node = {white, black, kings, key, color, depth, alpha, beta, ply, floor};
    if (!(s->flags & DM_NO_PROBCUT) && depth >= PROBCUT_MIN_DEPTH && beta - alpha == 1 &&
        beta < MATE_BOUND - PROBCUT_MARGIN && beta > -MATE_BOUND && ((white | black) & ~kings)) {
        int value;
        if (probcut(s, &node, entry, &value)) return value;
        if (s->aborted) return 0;
        entry = tt_probe(s->engine, key);
    }
    return expand(s, &node, entry);
}
