/* The core's own check, run natively, under ASan + UBSan and under qemu for arm64: perft of
 * published counts (../shared/reference/perft.md, as tests/engine has them) and a fixed
 * search whose result must be the same on every architecture. Exit status 0 when all pass. */
#define _POSIX_C_SOURCE 200809L /* fileno */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dames_core.h"

/* Official square -> bit, as `dames.geometry` (the Italian board is mirrored). */
static int bit_of(int variant, int square) {
    int per_row = variant == DM_INTERNATIONAL ? 5 : 4;
    int i = square - 1, row = i / per_row, k = i % per_row;
    if (variant == DM_ITALIAN) i = row * per_row + (per_row - 1 - k);
    return i + i / (2 * per_row);
}

/* A PDN FEN such as "W:W31-50:B1-20" or "B:W6,K31:BK17" (ranges, kings, any order). */
static int parse_fen(const char *fen, int variant, dm_position *p) {
    memset(p, 0, sizeof *p);
    p->variant = variant;
    if (fen[0] != 'W' && fen[0] != 'B') return -1;
    p->turn = fen[0] == 'B';
    const char *c = fen + 1;
    uint64_t *side = NULL;
    while (*c) {
        if (*c == ':') {
            c++;
            if (*c == 'W') side = &p->white;
            else if (*c == 'B') side = &p->black;
            else return -1;
            c++;
            continue;
        }
        if (*c == ',') {
            c++;
            continue;
        }
        int king = 0;
        if (*c == 'K') {
            king = 1;
            c++;
        }
        char *end;
        long first = strtol(c, &end, 10), last = first;
        if (end == c || !side) return -1;
        c = end;
        if (*c == '-') {
            last = strtol(c + 1, &end, 10);
            c = end;
        }
        for (long s = first; s <= last; s++) {
            uint64_t bit = 1ULL << bit_of(variant, (int)s);
            *side |= bit;
            if (king) p->kings |= bit;
        }
    }
    return dm_check_position(p);
}

typedef struct {
    int variant;
    const char *fen;
    int depth;
    int64_t count;
} PerftCase;

static const PerftCase CASES[] = {
    {DM_INTERNATIONAL, "W:W31-50:B1-20", 6, 167140},
    {DM_INTERNATIONAL, "B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24", 5,
     87195},
    {DM_INTERNATIONAL, "W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26", 10,
     88050},
    {DM_INTERNATIONAL, "W:WK31-50:BK1-20", 5, 7062},
    {DM_INTERNATIONAL, "W:W6,7,8,9,10:B41,42,43,44,45", 5, 86351},
    {DM_BRAZILIAN, "W:W21-32:B1-12", 7, 187302},
    {DM_ENGLISH, "B:W21-32:B1-12", 7, 179740},
    {DM_ITALIAN, "W:W21-32:B1-12", 7, 177532},
    {DM_ITALIAN, "W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3", 8, 12495},
    {DM_ITALIAN, "B:W30,21,22,17,20,K6:B25,28,9,5,1,3", 6, 73137},
    {DM_ITALIAN, "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4", 5, 46241},
};

static int check_perft(void) {
    int failures = 0;
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        const PerftCase *c = &CASES[i];
        dm_position p;
        if (parse_fen(c->fen, c->variant, &p) != 0) {
            printf("FAIL bad position %s\n", c->fen);
            failures++;
            continue;
        }
        int64_t got = dm_perft(&p, c->depth);
        int ok = got == c->count;
        printf("%s perft %d %s = %" PRId64 " (expected %" PRId64 ")\n", ok ? "ok  " : "FAIL",
               c->depth, c->fen, got, c->count);
        failures += !ok;
    }
    return failures;
}

/* A fixed search of every perft position on a work budget: the same digest on every
 * machine, x86-64 and arm64 alike (tests/native compares them). */
static int fixed_search(void) {
    dm_engine *engine = dm_engine_new(16);
    if (!engine) return 1;
    static dm_result result;
    uint64_t digest = 1469598103934665603ULL;
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        dm_game game;
        memset(&game, 0, sizeof game);
        if (parse_fen(CASES[i].fen, CASES[i].variant, &game.position) != 0) return 1;
        game.quiet_limit = game.plies_left = game.endgame_plies_left = DM_NO_LIMIT;
        dm_limits limits = {64, 0, 60000, 0, NULL, 0, NULL, NULL};
        dm_engine_clear(engine);
        if (dm_search(engine, &game, &limits, &result) != 0) {
            printf("FAIL search %s\n", CASES[i].fen);
            return 1;
        }
        int64_t fields[4] = {result.best, result.score, result.depth, result.nodes};
        for (int f = 0; f < 4; f++) {
            digest ^= (uint64_t)fields[f];
            digest *= 1099511628211ULL;
        }
        printf("search %-70s best %d score %d depth %d nodes %" PRId64 "\n", CASES[i].fen,
               result.best, result.score, result.depth, result.nodes);
    }
    dm_engine_free(engine);
    printf("search digest %016" PRIx64 "\n", digest);
    return 0;
}

/* Endings of international draughts: two kings against one draw; a king that takes the
 * other's last piece wins; a man that cannot stop the other's crowning draws at best. */
static const struct {
    const char *fen;
    int result;
} ENDINGS[] = {
    {"W:WK2,K3:BK46", 2}, {"B:WK2,K3:BK46", 2}, {"W:WK11:BK50", 2}, {"W:WK1:BK7", 3},
    {"B:WK1:BK7", 2},
};

/* dm_load_bitbase_fd's answer for a file of `bytes` of `blob` (closed at once: the mapping
 * outlives it), or DM_E_CAPACITY where the temporary file cannot be written. */
static int32_t load_file(int variant, const uint8_t *blob, int64_t bytes) {
    FILE *file = tmpfile();
    if (!file) return DM_E_CAPACITY;
    int32_t code = fwrite(blob, 1, (size_t)bytes, file) == (size_t)bytes && fflush(file) == 0
                       ? dm_load_bitbase_fd(variant, fileno(file)) : DM_E_CAPACITY;
    fclose(file);
    return code;
}

/* Each variant's bitbase of three pieces generated, loaded (copied, then mapped from a file:
 * the endings are read from the mapping) and read: the count of each result (the same on
 * every architecture: tests/native compares them), and known endings (tests/native checks
 * the shipped four-piece ones against the Python rules). A short blob or file is refused. */
static int bitbases(void) {
    int failures = 0;
    uint64_t digest = 1469598103934665603ULL;
    for (int variant = 0; variant < DM_VARIANTS; variant++) {
        int pieces = 3;
        int64_t bytes = dm_bitbase_generate(variant, pieces, NULL, 0);
        uint8_t *blob = bytes > 0 ? malloc((size_t)bytes) : NULL;
        if (!blob || dm_bitbase_generate(variant, pieces, blob, bytes) != bytes ||
            dm_load_bitbase(variant, blob, bytes) != 0 ||
            dm_load_bitbase(variant, blob, bytes - 1) != DM_E_WEIGHTS ||
            load_file(variant, blob, bytes - 1) != DM_E_WEIGHTS ||
            load_file(variant, blob, 0) != DM_E_WEIGHTS ||
            dm_load_bitbase_fd(variant, -1) != DM_E_ARGUMENT ||
            load_file(variant, blob, bytes) != 0) {
            printf("FAIL bitbase %d\n", variant);
            free(blob);
            return failures + 1;
        }
        int64_t count[4] = {0, 0, 0, 0};
        for (int64_t i = 20; i < bytes; i++)
            for (int j = 0; j < 4; j++) count[blob[i] >> (2 * j) & 3]++;
        free(blob);
        for (int r = 0; r < 4; r++) {
            digest ^= (uint64_t)count[r];
            digest *= 1099511628211ULL;
        }
        printf("bitbase %d (%d pieces): %" PRId64 " losses, %" PRId64 " draws, %" PRId64
               " wins\n", variant, pieces, count[1], count[2], count[3]);
    }
    for (size_t i = 0; i < sizeof ENDINGS / sizeof ENDINGS[0]; i++) {
        dm_position p;
        int32_t result = -1;
        if (parse_fen(ENDINGS[i].fen, DM_INTERNATIONAL, &p) != 0 ||
            dm_bitbase_probe(&p, &result) != 0 || result != ENDINGS[i].result) {
            printf("FAIL bitbase %s: %d, not %d\n", ENDINGS[i].fen, result, ENDINGS[i].result);
            failures++;
        }
    }
    for (int variant = 0; variant < DM_VARIANTS; variant++) dm_load_bitbase(variant, NULL, 0);
    printf("bitbase digest %016" PRIx64 "\n", digest);
    return failures;
}

/* The play weights: a second blob used only where a search or evaluation asks for it
 * (DM_PLAY_WEIGHTS), the first set untouched; without one the flag changes nothing, and a
 * cut blob is refused without unloading the one there. */
static int play_weights(void) {
    dm_position p;
    if (parse_fen("W:W31,32,33:B18,19", DM_INTERNATIONAL, &p) != 0) return 1;
    int32_t features = dm_feature_count(DM_INTERNATIONAL);
    int64_t bytes = 16 + 4 * (int64_t)features;
    uint8_t *blob = calloc((size_t)bytes, 1);
    if (!blob) return 1;
    memcpy(blob, "DMW1", 4);
    int32_t header[3] = {DM_INTERNATIONAL, (features - 8) / 6561, 8};
    for (int i = 0; i < 3; i++)
        for (int b = 0; b < 4; b++) blob[4 + 4 * i + b] = (uint8_t)((uint32_t)header[i] >> (8 * b));
    for (int phase = 0; phase < 2; phase++) { /* men: 777 centi-men, every other weight 0 */
        int64_t at = 16 + 2 * ((int64_t)phase * features + features - 8);
        blob[at] = 777 & 0xff;
        blob[at + 1] = 777 >> 8;
    }
    int32_t first = 0, flagged = 0, played = 0, after = 0, unloaded = 0;
    int failed = dm_evaluate(&p, 0, &first) || dm_evaluate(&p, DM_PLAY_WEIGHTS, &flagged) ||
                 flagged != first ||
                 dm_load_play_weights(DM_INTERNATIONAL, blob, bytes) != 0 ||
                 dm_load_play_weights(DM_INTERNATIONAL, blob, bytes - 1) != DM_E_WEIGHTS ||
                 dm_evaluate(&p, DM_PLAY_WEIGHTS, &played) || played != 777 ||
                 dm_evaluate(&p, 0, &after) || after != first ||
                 dm_load_play_weights(DM_INTERNATIONAL, NULL, 0) != 0 ||
                 dm_evaluate(&p, DM_PLAY_WEIGHTS, &unloaded) || unloaded != first;
    free(blob);
    if (failed) {
        printf("FAIL play weights: %d %d %d %d %d\n", first, flagged, played, after, unloaded);
        return 1;
    }
    printf("play weights: %d with them, %d without\n", played, first);
    return 0;
}

int main(void) {
    if (dm_abi_version() != DM_ABI_VERSION) {
        printf("FAIL abi version\n");
        return 1;
    }
    int failures = check_perft() + fixed_search() + bitbases() + play_weights();
    printf("%s\n", failures ? "FAILED" : "all passed");
    return failures ? 1 : 0;
}
