/* Legal moves, written as `dames.rules` and `dames.rules_captures` are (the Python engine is
 * the reference; tests/native compares the two on perft and on a million random positions
 * per variant):
 *
 * - capture is compulsory and goes on while it can; captured pieces stay on the board until
 *   the move ends, so they block and cannot be jumped twice (coup turc); the capturing
 *   piece's start square counts as empty; a man passing its crowning row during a capture
 *   stays a man;
 * - men step forward, capture forward only or both ways, may or may not take kings; kings
 *   step or fly;
 * - the precedence rule (majority, Italian, or a free choice) filters the complete captures,
 *   and captures with the same start, end and captured set are kept once: the first found,
 *   exploring as the Python generator does (directions up-left, up-right, down-left,
 *   down-right; a flying king's landings by ascending bit), so the kept paths are the same.
 */
#include <string.h>

#include "core.h"

/* Capture searches beyond this many steps (only fabricated positions full of kings reach
 * it) answer DM_E_LIMIT rather than run without end. */
#define STEP_LIMIT 4000000L

typedef struct CaptureSearch {
    const Variant *v;
    uint64_t empty;   /* where the capturing piece may land (its start square included) */
    uint64_t targets; /* what it may jump */
    uint64_t kings;
    int table; /* jump table of a short-jumping piece */
    int flying;
    int king_start;
    int start;
    uint64_t captured;
    uint8_t path[DM_MAX_CAPTURES + 1];
    uint8_t caps[DM_MAX_CAPTURES];
    int ncaps;
    /* The kept captures and the precedence key they share. */
    Move *out;
    int n;
    int capacity;
    PathBuffer *paths;
    int best_len;
    int best_king_start;
    int best_nkings;
    uint8_t best_king_at[DM_MAX_CAPTURES];
    long steps;
    int error;
} CaptureSearch;

/* Italian precedence: most pieces, by a king, most kings, the earliest king. */
static int italian_compare(CaptureSearch *s, int *nkings, uint8_t *king_at) {
    int n = 0;
    for (int i = 0; i < s->ncaps; i++) {
        if (s->kings >> s->caps[i] & 1) king_at[n++] = (uint8_t)i;
    }
    *nkings = n;
    if (s->ncaps != s->best_len) return s->ncaps > s->best_len ? 1 : -1;
    if (s->king_start != s->best_king_start) return s->king_start > s->best_king_start ? 1 : -1;
    if (n != s->best_nkings) return n > s->best_nkings ? 1 : -1;
    for (int i = 0; i < n; i++) {
        if (king_at[i] != s->best_king_at[i]) return king_at[i] < s->best_king_at[i] ? 1 : -1;
    }
    return 0;
}

/* A complete capture ending on `end`: kept if the precedence allows it and it is new. */
static void record(CaptureSearch *s, int end) {
    int cmp = 0, nkings = 0;
    uint8_t king_at[DM_MAX_CAPTURES];
    if (s->v->priority == PRIO_MAJORITY) {
        cmp = s->ncaps == s->best_len ? 0 : (s->ncaps > s->best_len ? 1 : -1);
    } else if (s->v->priority == PRIO_ITALIAN) {
        cmp = italian_compare(s, &nkings, king_at);
    }
    if (s->n == 0 && s->best_len == 0) cmp = 1;
    if (cmp < 0) return;
    if (cmp > 0) {
        s->n = 0;
        s->error = 0;
        s->best_len = s->ncaps;
        s->best_king_start = s->king_start;
        s->best_nkings = nkings;
        memcpy(s->best_king_at, king_at, (size_t)nkings);
    }
    uint64_t from = 1ULL << s->start, to = 1ULL << end;
    for (int i = 0; i < s->n; i++) {
        if (s->out[i].from == from && s->out[i].to == to && s->out[i].captured == s->captured)
            return;
    }
    if (s->n >= s->capacity) {
        s->error = DM_E_CAPACITY;
        return;
    }
    s->out[s->n] = (Move){from, to, s->captured};
    if (s->paths) {
        s->paths->path_len[s->n] = (uint8_t)(s->ncaps + 1);
        memcpy(s->paths->path[s->n], s->path, (size_t)s->ncaps + 1);
        memcpy(s->paths->caps[s->n], s->caps, (size_t)s->ncaps);
    }
    s->n++;
}

static void capture_dfs(CaptureSearch *s, int cur);

static void jump(CaptureSearch *s, int mid, int land) {
    s->caps[s->ncaps] = (uint8_t)mid;
    s->ncaps++;
    s->path[s->ncaps] = (uint8_t)land;
    s->captured |= 1ULL << mid;
    capture_dfs(s, land);
    s->captured &= ~(1ULL << mid);
    s->ncaps--;
}

static void capture_dfs(CaptureSearch *s, int cur) {
    if (++s->steps > STEP_LIMIT) {
        s->error = DM_E_LIMIT;
        return;
    }
    const Variant *v = s->v;
    int found = 0;
    if (s->flying) {
        uint64_t occupied = v->board & ~s->empty;
        for (int d = 0; d < 4 && s->error != DM_E_LIMIT; d++) {
            uint64_t blockers = v->ray[cur][d] & occupied;
            if (!blockers) continue;
            int up = d < 2; /* up-left and up-right run to lower bits */
            int nearest = up ? msb(blockers) : lsb(blockers);
            uint64_t mask = 1ULL << nearest;
            if (!(mask & s->targets) || (mask & s->captured)) continue;
            uint64_t beyond = v->ray[nearest][d];
            uint64_t further = beyond & occupied;
            uint64_t landings = beyond;
            if (further) {
                landings = up ? beyond & ~((2ULL << msb(further)) - 1)
                              : beyond & ((1ULL << lsb(further)) - 1);
            }
            if (!landings) continue;
            found = 1;
            while (landings) { /* lowest bit first, as the Python generator */
                int land = lsb(landings);
                landings &= landings - 1;
                jump(s, nearest, land);
            }
        }
    } else {
        int n = v->njumps[s->table][cur];
        for (int j = 0; j < n && s->error != DM_E_LIMIT; j++) {
            int mid = v->jump_mid[s->table][cur][j], land = v->jump_land[s->table][cur][j];
            if ((s->targets >> mid & 1) && !(s->captured >> mid & 1) && (s->empty >> land & 1)) {
                found = 1;
                jump(s, mid, land);
            }
        }
    }
    if (!found && s->captured) record(s, cur);
}

/* Squares from which a short jump over `targets` into `empty` exists, per direction. */
static inline uint64_t jumpers(const Variant *v, uint64_t empty, uint64_t targets, int d) {
    int large = v->per_row + 1, small = v->per_row;
    switch (d) {
    case UL: return ((empty << large) & targets) << large;
    case UR: return ((empty << small) & targets) << small;
    case DL: return ((empty >> small) & targets) >> small;
    default: return ((empty >> large) & targets) >> large;
    }
}

/* Men that can jump: forward (White up, Black down), or both ways where men capture
 * backward; every direction computed and the allowed ones kept, without a branch. */
static uint64_t man_jumpers(const Variant *v, uint64_t men, uint64_t empty, uint64_t targets,
                            int color) {
    uint64_t up = jumpers(v, empty, targets, UL) | jumpers(v, empty, targets, UR);
    uint64_t down = jumpers(v, empty, targets, DL) | jumpers(v, empty, targets, DR);
    uint64_t up_allowed = -(uint64_t)(color == 0 || v->backward);
    uint64_t down_allowed = -(uint64_t)(color == 1 || v->backward);
    return ((up & up_allowed) | (down & down_allowed)) & men;
}

static int flying_king_can_capture(const Variant *v, int k, uint64_t occupied, uint64_t them) {
    for (int d = 0; d < 4; d++) {
        uint64_t blockers = v->ray[k][d] & occupied;
        if (!blockers) continue;
        int nearest = d < 2 ? msb(blockers) : lsb(blockers);
        if (!(them >> nearest & 1)) continue;
        int beyond = v->neighbor[nearest][d];
        if (beyond >= 0 && !(occupied >> beyond & 1)) return 1;
    }
    return 0;
}

int gen_has_capture(const Variant *v, uint64_t us, uint64_t them, uint64_t kings, int color) {
    uint64_t occupied = us | them, empty = v->board & ~occupied;
    uint64_t men = us & ~kings, own_kings = us & kings;
    uint64_t man_targets = v->men_take_kings ? them : them & ~kings;
    if (man_jumpers(v, men, empty, man_targets, color)) return 1;
    if (!own_kings) return 0;
    if (!v->flying) {
        uint64_t from = 0;
        for (int d = 0; d < 4; d++) from |= jumpers(v, empty, them, d);
        return (from & own_kings) != 0;
    }
    for (uint64_t k = own_kings; k; k &= k - 1) {
        if (flying_king_can_capture(v, lsb(k), occupied, them)) return 1;
    }
    return 0;
}

static inline uint64_t man_steps(const Variant *v, uint64_t men, uint64_t empty, int color,
                                 int left) {
    int large = v->per_row + 1, small = v->per_row;
    if (color == 0) return left ? (men >> large) & empty : (men >> small) & empty;
    return left ? (men << small) & empty : (men << large) & empty;
}

/* The squares a king on `k` reaches in direction `d` without capturing. */
static inline uint64_t king_reach(const Variant *v, int k, int d, uint64_t occupied) {
    uint64_t ray = v->ray[k][d];
    if (!v->flying) {
        int n = v->neighbor[k][d];
        return n >= 0 && !(occupied >> n & 1) ? 1ULL << n : 0;
    }
    uint64_t blockers = ray & occupied;
    if (!blockers) return ray;
    return d < 2 ? ray & ~((2ULL << msb(blockers)) - 1) : ray & ((1ULL << lsb(blockers)) - 1);
}

int gen_has_plain(const Variant *v, uint64_t us, uint64_t them, uint64_t kings, int color) {
    uint64_t occupied = us | them, empty = v->board & ~occupied, men = us & ~kings;
    if (man_steps(v, men, empty, color, 1) | man_steps(v, men, empty, color, 0)) return 1;
    for (uint64_t k = us & kings; k; k &= k - 1) {
        for (int d = 0; d < 4; d++) {
            int n = v->neighbor[lsb(k)][d];
            if (n >= 0 && !(occupied >> n & 1)) return 1;
        }
    }
    return 0;
}

int gen_count_plain(const Variant *v, uint64_t us, uint64_t them, uint64_t kings, int color) {
    uint64_t occupied = us | them, empty = v->board & ~occupied, men = us & ~kings;
    int n = popcount(man_steps(v, men, empty, color, 1)) +
            popcount(man_steps(v, men, empty, color, 0));
    for (uint64_t k = us & kings; k; k &= k - 1) {
        for (int d = 0; d < 4; d++) n += popcount(king_reach(v, lsb(k), d, occupied));
    }
    return n;
}

static int gen_plain(const Variant *v, uint64_t us, uint64_t them, uint64_t kings, int color,
                     Move *out, int capacity, PathBuffer *paths) {
    uint64_t occupied = us | them, empty = v->board & ~occupied, men = us & ~kings;
    int large = v->per_row + 1, small = v->per_row, n = 0;
    for (int left = 1; left >= 0; left--) {
        int shift = left ? (color == 0 ? large : small) : (color == 0 ? small : large);
        for (uint64_t to = man_steps(v, men, empty, color, left); to; to &= to - 1) {
            uint64_t t = to & -to;
            if (n >= capacity) return DM_E_CAPACITY;
            out[n++] = (Move){color == 0 ? t << shift : t >> shift, t, 0};
        }
    }
    for (uint64_t k = us & kings; k; k &= k - 1) {
        int from = lsb(k);
        for (int d = 0; d < 4; d++) {
            for (uint64_t to = king_reach(v, from, d, occupied); to; to &= to - 1) {
                if (n >= capacity) return DM_E_CAPACITY;
                out[n++] = (Move){1ULL << from, to & -to, 0};
            }
        }
    }
    if (paths) memset(paths->path_len, 0, (size_t)n);
    return n;
}

/* Every complete capture of the piece on `start`; `table`: its jump table (kings 0, men
 * 1 + colour). */
static void search_piece(CaptureSearch *s, int start, int king, int table) {
    s->start = start;
    s->king_start = king;
    s->flying = king && s->v->flying;
    s->table = table;
    s->path[0] = (uint8_t)start;
    s->ncaps = 0;
    s->captured = 0;
    capture_dfs(s, start);
}

int gen_moves(const Variant *v, uint64_t us, uint64_t them, uint64_t kings, int color,
              Move *out, int capacity, PathBuffer *paths) {
    if (capacity > DM_MAX_MOVES) capacity = DM_MAX_MOVES;
    uint64_t occupied = us | them, empty = v->board & ~occupied;
    uint64_t men = us & ~kings, own_kings = us & kings;
    uint64_t man_targets = v->men_take_kings ? them : them & ~kings;
    uint64_t capturing_men = man_jumpers(v, men, empty, man_targets, color);
    uint64_t capturing_kings = 0;
    for (uint64_t k = own_kings; k; k &= k - 1) {
        int b = lsb(k);
        int can = v->flying ? flying_king_can_capture(v, b, occupied, them) : 0;
        if (!v->flying) {
            for (int j = 0; j < v->njumps[0][b]; j++) {
                int mid = v->jump_mid[0][b][j], land = v->jump_land[0][b][j];
                if ((them >> mid & 1) && (empty >> land & 1)) can = 1;
            }
        }
        if (can) capturing_kings |= 1ULL << b;
    }
    if (!(capturing_men | capturing_kings)) {
        return gen_plain(v, us, them, kings, color, out, capacity, paths);
    }
    /* Not zeroed whole (its buffers are written before they are read): the generator runs
     * at most nodes. */
    CaptureSearch s;
    s.v = v;
    s.n = 0;
    s.best_len = s.best_king_start = s.best_nkings = 0;
    s.steps = 0;
    s.error = 0;
    s.kings = kings;
    s.out = out;
    s.capacity = capacity;
    s.paths = paths;
    s.targets = man_targets;
    for (uint64_t m = capturing_men; m && s.error != DM_E_LIMIT; m &= m - 1) {
        s.empty = empty | (m & -m);
        search_piece(&s, lsb(m), 0, 1 + color);
    }
    s.targets = them;
    for (uint64_t k = capturing_kings; k && s.error != DM_E_LIMIT; k &= k - 1) {
        s.empty = empty | (k & -k);
        search_piece(&s, lsb(k), 1, 0);
    }
    return s.error ? s.error : s.n;
}
