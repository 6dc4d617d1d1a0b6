/* The transposition table: buckets of four entries; a new entry replaces the same position,
 * else an entry of an earlier search, else the shallowest. Kept across a game's searches by
 * `maitre` (dm_engine_clear empties it for a reproducible search). */
#include <stdlib.h>
#include <string.h>

#include "search.h"

TTEntry *tt_probe(dm_engine *e, uint64_t key) {
    TTEntry *bucket = &e->table[(key & e->mask) * 4];
    for (int i = 0; i < 4; i++) {
        if (bucket[i].key == key && bucket[i].depth) return &bucket[i];
    }
    return NULL;
}

void tt_store(dm_engine *e, uint64_t key, int depth, int bound, int score, int move) {
    TTEntry *bucket = &e->table[(key & e->mask) * 4];
    TTEntry *victim = NULL;
    int worst = 1 << 30;
    for (int i = 0; i < 4; i++) {
        TTEntry *entry = &bucket[i];
        if (entry->key == key || !entry->depth) {
            victim = entry;
            break;
        }
        int value = entry->depth + (entry->age == e->age ? 256 : 0);
        if (value < worst) {
            worst = value;
            victim = entry;
        }
    }
    /* Stored depth is depth + 1, so 0 marks an empty slot. */
    if (victim->key == key && victim->age == e->age && victim->depth > depth + 1 &&
        bound != BOUND_EXACT)
        return;
    victim->key = key;
    victim->score = score;
    victim->depth = (uint8_t)(depth + 1);
    victim->bound = (uint8_t)bound;
    victim->age = e->age;
    victim->move = (uint8_t)(move < 0 || move > 254 ? 255 : move);
}

dm_engine *dm_engine_new(int32_t table_log2) {
    if (table_log2 < 10 || table_log2 > 26) return NULL;
    dm_engine *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    size_t entries = (size_t)1 << table_log2;
    /* A bucket is one cache line only if the table starts on one: a probe then costs one
     * miss, not two. calloc (lazily zeroed pages) with room to align, not aligned_alloc and
     * a memset that would touch every page at once. */
    e->table_memory = calloc(entries + 4, sizeof *e->table);
    if (!e->table_memory) {
        free(e);
        return NULL;
    }
    uintptr_t start = ((uintptr_t)e->table_memory + 63) & ~(uintptr_t)63;
    e->table = (TTEntry *)start;
    e->mask = entries / 4 - 1;
    return e;
}

void dm_engine_free(dm_engine *e) {
    if (!e) return;
    free(e->table_memory);
    free(e);
}

void dm_engine_clear(dm_engine *e) {
    if (!e) return;
    memset(e->table, 0, (size_t)(e->mask + 1) * 4 * sizeof *e->table);
    memset(e->history, 0, sizeof e->history);
    e->age = 0;
}
