/* The root: iterative deepening over the root moves with exact ties (as `dames.ai.search`:
 * each move after the first is tested against the best score minus one and searched again
 * with an open window when it reaches it, so every move sharing the best score is known),
 * the endgame bitbase's verdict on the root moves, the limits (depth, work, clock, stop),
 * the clock's use, and the expected line. */
#define _POSIX_C_SOURCE 200809L
#include <string.h>
#include <time.h>

#include "bitbase.h"
#include "search.h"

int64_t now_us(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000 + t.tv_nsec / 1000;
}

/* Bounds of an iteration's time over the previous one's, for predicting the next. */
#define GROWTH_MIN 1.5
#define GROWTH_MAX 5.0
/* Shares of the clock after which no iteration starts (the default rule, next_fits). */
#define SOFT_STABLE 0.5
#define SOFT_UNSTABLE 0.75

typedef struct Root {
    dm_position position;
    uint64_t key;
    Move moves[DM_MAX_MOVES];
    int n;
    int order[DM_MAX_MOVES];
    int scores[DM_MAX_MOVES];
    int exact[DM_MAX_MOVES];
    int history_len;
    /* Where the root is in the bitbase: a move it shows worse than the best is not searched
     * but valued (a draw given away -1, a loss a bitbase loss), so none is ever played. */
    int settled[DM_MAX_MOVES];
    int settled_score[DM_MAX_MOVES];
    /* A won root's searched moves are worth at least a draw (the game's counts may still
     * draw them: the bitbase knows no counts), so more than a draw given away. */
    int least;
} Root;

static uint64_t crowning_from(const Variant *v, int color) {
    uint64_t from = 0;
    for (int b = 0; b < 64; b++) {
        for (int d = 0; d < 4; d++) {
            int n = v->neighbor[b][d];
            if (v->row[b] >= 0 && n >= 0 && (v->promotion[color] >> n & 1)) from |= 1ULL << b;
        }
    }
    return from;
}

/* One iteration; the scores of the moves searched (the last one cut, if the clock or the
 * budget stopped it, is left out). Returns the index of the best complete move, -1 if none. */
static int iterate(Search *s, Root *r, int depth, int *scores, int *exact) {
    const dm_position *p = &r->position;
    int best = -INF, best_index = -1;
    for (int rank = 0; rank < r->n; rank++) {
        int index = r->order[rank];
        const Move *m = &r->moves[index];
        uint64_t w = p->white, b = p->black, k = p->kings;
        apply_move(s->v, &w, &b, &k, p->turn, m);
        uint64_t child = key_after(r->key, m, p->turn, p->kings, k);
        s->path_len = r->history_len;
        s->path[s->path_len++] = r->key;
        int floor = m->captured || !(p->kings & m->from) ? s->path_len : 0;
        int value;
        exact[index] = 1;
        if (r->settled[index]) {
            value = r->settled_score[index];
        } else if (rank == 0) {
            value = -negamax(s, w, b, k, 1 - p->turn, child, depth - 1, -INF, INF, 1, floor);
        } else {
            value = -negamax(s, w, b, k, 1 - p->turn, child, depth - 1, -best, -best + 1, 1,
                             floor);
            exact[index] = 0;
            if (value >= best && !s->aborted) {
                value = -negamax(s, w, b, k, 1 - p->turn, child, depth - 1, -INF, -best + 1,
                                 1, floor);
                exact[index] = 1;
            }
        }
        if (s->aborted) break;
        if (!r->settled[index] && value < r->least) value = r->least;
        scores[index] = value;
        if (value > best) {
            best = value;
            best_index = index;
        }
    }
    return best_index;
}

/* The next iteration's order: by score, the move played first among equals, then the list's
 * order. */
static int before(const Root *r, int a, int b, int best) {
    if (r->scores[a] != r->scores[b]) return r->scores[a] > r->scores[b];
    if ((a == best) != (b == best)) return a == best;
    return a < b;
}

static void sort_root(Root *r, int best) {
    for (int i = 0; i < r->n; i++) r->order[i] = i;
    for (int i = 1; i < r->n; i++) {
        int item = r->order[i], j = i;
        while (j > 0 && before(r, item, r->order[j - 1], best)) {
            r->order[j] = r->order[j - 1];
            j--;
        }
        r->order[j] = item;
    }
}

/* Whether to start another iteration. The default spends the clock: start one before half
 * of it has gone (three quarters when the best move just changed) and let the deadline cut
 * it; a cut iteration keeps its move when that move beat the previous best (dm_search), and
 * its table entries serve the next move's search (the table is kept across a game's moves).
 * DM_SHORT_CLOCK is the earlier rule (Scan's kind): start one only if, from the growth of
 * the last two, it should end within 60 % of the clock; it spent about a third of it. */
static int next_fits(int64_t elapsed, int64_t last, int64_t previous, int64_t limit,
                     int unstable, int32_t flags) {
    if (!(flags & DM_SHORT_CLOCK))
        return (double)elapsed < (double)limit * (unstable ? SOFT_UNSTABLE : SOFT_STABLE);
    double growth = previous <= 0 ? GROWTH_MAX : (double)last / (double)previous;
    if (growth < GROWTH_MIN) growth = GROWTH_MIN;
    if (growth > GROWTH_MAX) growth = GROWTH_MAX;
    double budget = unstable ? (double)limit : (double)limit * 0.6;
    return (double)elapsed + (double)last * growth <= budget;
}

static void export_move(const Variant *v, const dm_position *p, const Move *m, dm_move *out) {
    dm_move all[DM_MAX_MOVES];
    int n = dm_legal_moves(p, all, DM_MAX_MOVES);
    memset(out, 0, sizeof *out);
    for (int i = 0; i < n; i++) {
        if (all[i].from == m->from && all[i].to == m->to && all[i].captured == m->captured) {
            *out = all[i];
            return;
        }
    }
    (void)v;
}

/* The expected line: the best move, then the table's moves while they are legal. */
static void principal_variation(Search *s, const Root *r, int best, dm_result *result) {
    dm_position p = r->position;
    uint64_t key = r->key;
    const Variant *v = s->v;
    Move m = r->moves[best];
    result->pv_len = 0;
    for (int ply = 0; ply < DM_MAX_PV; ply++) {
        export_move(v, &p, &m, &result->pv[ply]);
        result->pv_len++;
        uint64_t kings = p.kings;
        apply_move(v, &p.white, &p.black, &p.kings, p.turn, &m);
        key = key_after(key, &m, p.turn, kings, p.kings);
        p.turn = 1 - p.turn;
        TTEntry *entry = tt_probe(s->engine, key);
        if (!entry || entry->move == 255) break;
        Move moves[DM_MAX_MOVES];
        uint64_t us = p.turn ? p.black : p.white, them = p.turn ? p.white : p.black;
        int n = gen_moves(v, us, them, p.kings, p.turn, moves, DM_MAX_MOVES, 0);
        if (entry->move >= n) break;
        m = moves[entry->move];
    }
}

/* The root in the bitbase: each move's result for the mover; those below the best are
 * settled. The search then looks for progress among the others, by the evaluation and by
 * captures into smaller endings (the bitbase has no distances). */
static void settle_root(Search *s, Root *r) {
    const dm_position *p = &r->position;
    int result[DM_MAX_MOVES], best = BB_NONE;
    for (int i = 0; i < r->n; i++) {
        uint64_t w = p->white, b = p->black, k = p->kings;
        apply_move(s->v, &w, &b, &k, p->turn, &r->moves[i]);
        int theirs = (p->turn ? w : b) ? bitbase_probe(s->v, w, b, k, 1 - p->turn) : BB_LOSS;
        result[i] = theirs == BB_NONE ? BB_NONE : BB_WIN + BB_LOSS - theirs;
        if (result[i] > best) best = result[i];
    }
    for (int i = 0; i < r->n; i++) {
        if (result[i] == BB_NONE || result[i] >= best) continue;
        r->settled[i] = 1;
        r->settled_score[i] = result[i] == BB_DRAW ? -1 : 1 - BITBASE_WIN;
    }
    if (best == BB_WIN) r->least = 0;
}

static int check_game(const dm_game *g) {
    int32_t error = dm_check_position(&g->position);
    if (error) return error;
    if (g->history_len < 0 || g->history_len > DM_MAX_HISTORY) return DM_E_ARGUMENT;
    if (g->history_len && !g->history) return DM_E_ARGUMENT;
    const Variant *v = variant_get(g->position.variant);
    for (int i = 0; i < g->history_len; i++) {
        const uint64_t *h = &g->history[3 * i];
        if (check_bits(v, h[0], h[1], h[2])) return DM_E_POSITION;
    }
    return 0;
}

static void start(Search *s, dm_engine *e, const dm_game *g, const dm_limits *l, Root *r) {
    const dm_position *p = &g->position;
    memset(s, 0, sizeof *s);
    s->engine = e;
    s->v = variant_get(p->variant);
    s->flags = l->flags;
    s->budget = l->work_budget;
    s->started_us = now_us();
    s->deadline_us = l->time_limit_us ? s->started_us + l->time_limit_us : 0;
    s->stop = l->stop;
    s->next_check = s->budget && s->budget < 1024 ? s->budget : 1024;
    s->quiet_limit = g->quiet_limit;
    s->plies_left = g->plies_left < g->endgame_plies_left ? g->plies_left
                                                           : g->endgame_plies_left;
    s->crowning_from[0] = crowning_from(s->v, 0);
    s->crowning_from[1] = crowning_from(s->v, 1);
    r->position = *p;
    r->key = position_key(p->white, p->black, p->kings, p->turn);
    r->history_len = g->history_len;
    for (int i = 0; i < g->history_len; i++) {
        const uint64_t *h = &g->history[3 * i];
        /* History positions alternate sides, ending with the root's opponent to move. */
        int color = (p->turn + g->history_len - i) % 2;
        s->path[i] = position_key(h[0], h[1], h[2], color);
    }
    uint64_t us = p->turn ? p->black : p->white, them = p->turn ? p->white : p->black;
    r->n = gen_moves(s->v, us, them, p->kings, p->turn, r->moves, DM_MAX_MOVES, 0);
    e->age = (uint8_t)(e->age + 1);
    int held = l->flags & DM_NO_BITBASE ? 0 : bitbase_pieces(p->variant);
    int pieces = popcount(p->white | p->black);
    s->bitbase_pieces = pieces - 1 < held ? pieces - 1 : held;
    memset(r->settled, 0, sizeof r->settled);
    r->least = -INF;
    if (pieces <= held && r->n > 0) settle_root(s, r);
}

static void finish(Search *s, Root *r, int depth, int best, dm_result *result) {
    result->depth = depth;
    result->best = best;
    result->score = r->scores[best];
    result->nodes = s->nodes;
    result->nmoves = r->n;
    for (int i = 0; i < r->n; i++) {
        result->scores[i] = r->scores[i];
        result->exact[i] = r->exact[i];
    }
    principal_variation(s, r, best, result);
    result->elapsed_us = now_us() - s->started_us;
}

int32_t dm_search(dm_engine *e, const dm_game *g, const dm_limits *l, dm_result *result) {
    if (!e || !g || !l || !result) return DM_E_ARGUMENT;
    int32_t error = check_game(g);
    if (error) return error;
    if (l->max_depth < 0 || l->max_depth > MAX_PLY - 8 || l->work_budget < 0 ||
        l->time_limit_us < 0)
        return DM_E_ARGUMENT;
    static _Thread_local Search s;
    static _Thread_local Root r;
    memset(result, 0, sizeof *result);
    start(&s, e, g, l, &r);
    if (r.n < 0) return r.n;
    result->nmoves = r.n;
    if (r.n == 0) {
        result->score = -MATE;
        return 0;
    }
    for (int i = 0; i < r.n; i++) r.order[i] = i;
    int completed = 0, best = 0;
    int64_t last = 0, previous = 0;
    int unstable = 0;
    r.scores[0] = evaluate(s.v, g->position.white, g->position.black, g->position.kings,
                           g->position.turn, s.flags);
    for (int i = 0; i < r.n; i++) r.exact[i] = 0;
    int max_depth = r.n == 1 ? 0 : l->max_depth;
    int scores[DM_MAX_MOVES], exact[DM_MAX_MOVES];
    for (int depth = 1; depth <= max_depth; depth++) {
        int64_t elapsed = now_us() - s.started_us;
        if (s.deadline_us && depth > l->min_depth + 1 && completed &&
            !next_fits(elapsed, last, previous, l->time_limit_us, unstable, l->flags))
            break;
        s.capture_ply_limit = depth + CAPTURE_PLIES < MAX_PLY ? depth + CAPTURE_PLIES : MAX_PLY;
        s.extension_limit = 2 * depth + 16 < MAX_PLY ? 2 * depth + 16 : MAX_PLY;
        int64_t began = now_us();
        memcpy(scores, r.scores, sizeof scores);
        memset(exact, 0, sizeof exact);
        int index = iterate(&s, &r, depth, scores, exact);
        if (s.aborted) {
            /* Keep the cut iteration's move once the previous best was searched to the new
             * depth and another move beat it (the previous best is searched first). */
            if (index >= 0 && index != best && scores[index] > scores[best] && exact[best]) {
                r.scores[index] = scores[index];
                r.exact[index] = 1;
                best = index;
            }
            break;
        }
        memcpy(r.scores, scores, sizeof scores);
        memcpy(r.exact, exact, sizeof exact);
        unstable = completed && index != best;
        best = index;
        completed = depth;
        previous = last;
        last = now_us() - began;
        sort_root(&r, best);
        if (l->on_iteration) {
            finish(&s, &r, completed, best, result);
            l->on_iteration(result, l->context);
        }
        if (r.scores[best] >= MATE_BOUND || r.scores[best] <= -MATE_BOUND) break;
    }
    finish(&s, &r, completed, best, result);
    return 0;
}
