/* The ABI's rules entry points: positions checked, then handed to the generator. */
#include <stdlib.h>
#include <string.h>

#include "core.h"

int32_t dm_abi_version(void) { return DM_ABI_VERSION; }

/* The variant of a position, or null when the position is not one the core accepts. */
static const Variant *checked(const dm_position *p, int32_t *error) {
    if (!p) {
        *error = DM_E_ARGUMENT;
        return NULL;
    }
    const Variant *v = variant_get(p->variant);
    if (!v) {
        *error = DM_E_VARIANT;
        return NULL;
    }
    if (p->turn != 0 && p->turn != 1) {
        *error = DM_E_POSITION;
        return NULL;
    }
    *error = check_bits(v, p->white, p->black, p->kings);
    return *error ? NULL : v;
}

int32_t dm_check_position(const dm_position *position) {
    int32_t error = 0;
    checked(position, &error);
    return error;
}

int32_t dm_legal_moves(const dm_position *p, dm_move *out, int32_t capacity) {
    int32_t error = 0;
    const Variant *v = checked(p, &error);
    if (!v) return error;
    if (!out || capacity < 0) return DM_E_ARGUMENT;
    Move moves[DM_MAX_MOVES];
    PathBuffer *paths = malloc(sizeof *paths);
    if (!paths) return DM_E_CAPACITY;
    uint64_t us = p->turn ? p->black : p->white, them = p->turn ? p->white : p->black;
    int n = gen_moves(v, us, them, p->kings, p->turn, moves, DM_MAX_MOVES, paths);
    if (n > capacity) n = DM_E_CAPACITY;
    for (int i = 0; i < n; i++) {
        dm_move *m = &out[i];
        memset(m, 0, sizeof *m);
        m->from = moves[i].from;
        m->to = moves[i].to;
        m->captured = moves[i].captured;
        m->path_len = moves[i].captured ? paths->path_len[i] : 0;
        m->ncaps = m->path_len ? (uint8_t)(m->path_len - 1) : 0;
        memcpy(m->path, paths->path[i], m->path_len);
        memcpy(m->caps, paths->caps[i], m->ncaps);
        m->promotes = !(p->kings & m->from) && (m->to & v->promotion[p->turn]) ? 1 : 0;
    }
    free(paths);
    return n;
}
