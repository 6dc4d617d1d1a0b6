/* The native core of the `dames` engine: move generation, perft, evaluation and search for
 * international draughts and its 8x8 cousins, behind a plain C ABI (loaded by ctypes from
 * `dames.native`; no dependency beyond the C library).
 *
 * Positions are the Python engine's internal bitboards (`dames.geometry`): internal square
 * i (official numbering of the non-inverted board, minus one) lives at bit i + i / (2P), P
 * the playing squares per row (5 or 4), so each diagonal step is one shift. White moves
 * towards lower bits. The pure-Python engine is the reference: the core must agree with it
 * on every position (tests/native).
 *
 * Every entry point validates what it is given and answers an error code rather than
 * reading or writing out of bounds: the fuzz target (fuzz/) feeds them arbitrary input.
 */
#ifndef DAMES_CORE_H
#define DAMES_CORE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The library exports these names only (it is built with -fvisibility=hidden). */
#define DM_API __attribute__((visibility("default")))

/* Bumped whenever a struct below or a function's meaning changes; Python checks it. */
#define DM_ABI_VERSION 4

enum dm_variant { DM_INTERNATIONAL = 0, DM_BRAZILIAN = 1, DM_ENGLISH = 2, DM_ITALIAN = 3 };
#define DM_VARIANTS 4

/* The most captures one move can make (every square of a 10x10 board but the mover's), and
 * the most legal moves a position may have before the core refuses it. */
#define DM_MAX_CAPTURES 49
#define DM_MAX_MOVES 1024
#define DM_MAX_PV 64
#define DM_MAX_HISTORY 256
#define DM_NO_LIMIT (1 << 30)

/* Error codes (negative return values). */
#define DM_E_VARIANT (-1)   /* unknown variant */
#define DM_E_POSITION (-2)  /* bits off the board, overlapping sides, kings without a piece */
#define DM_E_CAPACITY (-3)  /* more moves than the caller's buffer (or DM_MAX_MOVES) */
#define DM_E_LIMIT (-4)     /* a capture search beyond the generator's step bound */
#define DM_E_ARGUMENT (-5)  /* a null pointer, a negative depth, a bad length */
#define DM_E_WEIGHTS (-6)   /* a weights or bitbase blob that does not read */

typedef struct dm_position {
    uint64_t white;
    uint64_t black;
    uint64_t kings;
    int32_t turn; /* 0 White, 1 Black */
    int32_t variant;
} dm_position;

/* One legal move, as the Python engine's InternalMove: masks plus the path and the captured
 * squares in jump order, as bit indices (`path_len` is 0 for a plain move). */
typedef struct dm_move {
    uint64_t from;
    uint64_t to;
    uint64_t captured;
    uint8_t path_len;
    uint8_t ncaps;
    uint8_t promotes;
    uint8_t reserved;
    uint8_t path[DM_MAX_CAPTURES + 1];
    uint8_t caps[DM_MAX_CAPTURES];
} dm_move;

DM_API int32_t dm_abi_version(void);

/* 0 when the position is one the core accepts, else DM_E_POSITION or DM_E_VARIANT. */
DM_API int32_t dm_check_position(const dm_position *position);

/* The legal moves (rules, precedence and de-duplication as `dames.rules`), in the Python
 * generator's discovery order; the number of moves or an error. */
DM_API int32_t dm_legal_moves(const dm_position *position, dm_move *out, int32_t capacity);

/* Perft: leaf count to `depth` plies (1 at depth 0), or a negative error. */
DM_API int64_t dm_perft(const dm_position *position, int32_t depth);

/* ------------------------------------------------------------------ search */

/* What a game's rules and history add to a position (`dames.ai.boardview.RootPosition`):
 * `history` holds `history_len` positions (white, black, kings: three words each, oldest
 * first, the root excluded) reached since the last man move or capture, for repetitions. */
typedef struct dm_game {
    dm_position position;
    int32_t quiet_limit;        /* plies without a man move or capture that draw; DM_NO_LIMIT */
    int32_t plies_left;         /* plies before the game's length draws it */
    int32_t endgame_plies_left; /* plies before the federation's endgame count draws it */
    int32_t history_len;
    const uint64_t *history;
} dm_game;

typedef struct dm_result dm_result;
/* Told of every completed iteration (the result so far), on the searching thread. */
typedef void (*dm_iteration_callback)(const dm_result *result, void *context);

typedef struct dm_limits {
    int32_t max_depth;
    int32_t min_depth;      /* with a clock: always completed */
    int64_t work_budget;    /* nodes searched; 0 = none (then a clock is needed) */
    int64_t time_limit_us;  /* 0 = no clock (reproducible) */
    volatile int32_t *stop; /* polled with the clock when not null: non-zero ends the search */
    int32_t flags;
    dm_iteration_callback on_iteration; /* may be null */
    void *context;
} dm_limits;

/* dm_limits.flags */
#define DM_NO_PROBCUT 1     /* measure what ProbCut buys */
#define DM_NO_REDUCTIONS 2  /* measure what late-move reductions buy */
#define DM_HANDSET_EVAL 4   /* the evaluation without its learned weights */
#define DM_SHORT_CLOCK 8    /* the earlier clock use, about a third of the time (measure) */
#define DM_NO_BITBASE 16    /* the search without its endgame bitbase (measure) */
#define DM_PLAY_WEIGHTS 32  /* the play weights (dm_load_play_weights) where loaded */

struct dm_result {
    int32_t depth;       /* last completed iteration */
    int32_t score;       /* centi-men, side to move's view; mates beyond +-DM_MATE_BOUND */
    int64_t nodes;
    int64_t elapsed_us;
    int32_t nmoves;      /* root moves, in dm_legal_moves order */
    int32_t best;        /* index of the move played */
    int32_t pv_len;
    int32_t reserved;
    int32_t scores[DM_MAX_MOVES]; /* each root move's score in the last completed iteration
                                     (exact for the best ones, a bound for the others) */
    int32_t exact[DM_MAX_MOVES];  /* 1 where scores[i] is exact */
    dm_move pv[DM_MAX_PV];
};

#define DM_MATE 100000
#define DM_MATE_BOUND (DM_MATE - 1000)
/* A position the endgame bitbase wins, less the plies to it: far above any evaluation,
 * below the mates. */
#define DM_BITBASE_WIN 20000

/* A search engine: its transposition table, history and killers. One per thread. */
typedef struct dm_engine dm_engine;

/* `table_log2`: the table holds 2^table_log2 entries (16 bytes each); 10..26. */
DM_API dm_engine *dm_engine_new(int32_t table_log2);
DM_API void dm_engine_free(dm_engine *engine);
/* Forget everything learnt (a reproducible search calls it first). */
DM_API void dm_engine_clear(dm_engine *engine);

/* Search the game's position; 0 or an error. The result's root moves are those of
 * dm_legal_moves for the position. */
DM_API int32_t dm_search(dm_engine *engine, const dm_game *game, const dm_limits *limits,
                  dm_result *result);

/* The static evaluation (side to move's view) the search uses at quiet leaves. */
DM_API int32_t dm_evaluate(const dm_position *position, int32_t flags, int32_t *value);

/* Learned evaluation weights for a variant (the blob `bench/train_native_eval.py` writes,
 * read by `dames.native`); a null blob restores the built-in hand-set weights. */
DM_API int32_t dm_load_weights(int32_t variant, const uint8_t *blob, int64_t length);
/* A second set of weights, the same blob format, used by a search or evaluation given
 * DM_PLAY_WEIGHTS (the strongest level's own); a null blob unloads it (the flag then uses
 * the first set). */
DM_API int32_t dm_load_play_weights(int32_t variant, const uint8_t *blob, int64_t length);

/* How many features the variant's evaluation has (patterns, then terms): the length of each
 * of the blob's two weight arrays. */
DM_API int32_t dm_feature_count(int32_t variant);

/* The evaluation's features of a position, for training: `out` receives up to `capacity`
 * (feature index, count) pairs; returns their number and writes the phase (0 opening .. 256
 * ending) to `phase`. */
DM_API int32_t dm_features(const dm_position *position, int32_t *indices, int32_t *counts,
                    int32_t capacity, int32_t *phase);

/* ------------------------------------------------------------------ endgame bitbases */

/* Win, draw or loss (the side to move's) for every position of up to `pieces` pieces (2..4),
 * found by retrograde analysis with the core's rules: the blob `dm_load_bitbase` reads,
 * written to `out` (capacity bytes). Returns the blob's length (with a null `out`: the
 * length it needs), or an error. Minutes for 4 pieces of 10x10, seconds below. */
DM_API int64_t dm_bitbase_generate(int32_t variant, int32_t pieces, uint8_t *out,
                                   int64_t capacity);

/* Load a variant's bitbase (copied); a null blob unloads it. The search then reads it at
 * positions with fewer pieces than its root (DM_NO_BITBASE: never). */
DM_API int32_t dm_load_bitbase(int32_t variant, const uint8_t *blob, int64_t length);

/* Load a variant's bitbase from an open file (`make bitbase`'s), mapped read-only rather than
 * copied: the search reads the file's pages as it needs them. The file must not be rewritten
 * in place while loaded (`make` replaces it by a rename; the Lambda layer is read-only); the
 * caller may close `fd` after. The file is checked as dm_load_bitbase checks a blob
 * (DM_E_WEIGHTS); DM_E_ARGUMENT where `fd` is not a file open for reading. Either
 * loader unloads the variant's earlier table first, so a refused one leaves it without. */
DM_API int32_t dm_load_bitbase_fd(int32_t variant, int32_t fd);

/* The loaded bitbase's result for a position: 0 none (too many pieces, nothing loaded),
 * 1 the side to move loses, 2 draw, 3 wins; 0 or an error is returned. */
DM_API int32_t dm_bitbase_probe(const dm_position *position, int32_t *result);

#ifdef __cplusplus
}
#endif

#endif
