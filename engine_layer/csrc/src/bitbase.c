/* Endgame bitbases: how positions of a few pieces are numbered, and the search's reads.
 *
 * A position is stored with the side to move as White (Black to move is turned half a
 * circle, colours swapped: the rules are the same seen from either side). Its index is its
 * material signature's base plus the ranks of four sets of squares (the side to move's men,
 * its kings, the other's men, its kings), each the colex rank of a combination: men on the
 * squares they can stand on (never their own crowning row), kings on any. Overlapping sets
 * are numbered too and never read: simpler than a perfect index, about 10 % larger.
 * A file is "DMB1", int32 variant, int32 pieces, int64 positions, then two bits a position
 * (four to a byte, the lowest first): BB_NONE, BB_LOSS, BB_DRAW, BB_WIN.
 *
 * A table is read where it was loaded: a copy of a caller's blob (dm_load_bitbase), or a
 * file mapped read-only (dm_load_bitbase_fd: pages are read from the file as probes reach
 * them and shared with the page cache, so a process starts without reading 17 MB). */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bitbase.h"

static int64_t binom[65][BB_MAX_PIECES + 1];

typedef struct Loaded {
    Layout layout;
    const uint8_t *packed; /* the results, past the header; NULL: none loaded */
    void *base;            /* what to release: malloc'd, or a mapping of `mapped` bytes */
    size_t mapped;         /* 0 for a copy */
} Loaded;

static Loaded loaded[DM_VARIANTS];

static void binom_init(void) {
    if (binom[0][0]) return;
    for (int n = 0; n <= 64; n++) {
        binom[n][0] = 1;
        for (int k = 1; k <= BB_MAX_PIECES; k++)
            binom[n][k] = n == 0 ? 0 : binom[n - 1][k - 1] + binom[n - 1][k];
    }
}

void layout_init(Layout *l, const Variant *v, int max_pieces) {
    binom_init();
    memset(l, 0, sizeof *l);
    memset(l->sig_of, -1, sizeof l->sig_of);
    l->v = v;
    l->max_pieces = max_pieces;
    int n = v->squares, men = v->squares - v->per_row;
    for (int pieces = 2; pieces <= max_pieces; pieces++) {
        for (int w = 1; w < pieces; w++) {
            for (int wm = 0; wm <= w; wm++) {
                for (int bm = 0; bm <= pieces - w; bm++) {
                    Signature *s = &l->sig[l->nsigs];
                    *s = (Signature){wm, w - wm, bm, pieces - w - bm, l->total, 0};
                    s->size = binom[men][s->wm] * binom[n][s->wk] * binom[men][s->bm] *
                              binom[n][s->bk];
                    l->sig_of[s->wm][s->wk][s->bm][s->bk] = (int8_t)l->nsigs++;
                    l->total += s->size;
                }
            }
        }
    }
}

/* The squares (internal numbering) of `bits` in the stored frame, ascending. */
static int frame_squares(const Variant *v, uint64_t bits, int turned, int *out) {
    int k = 0;
    for (; bits; bits &= bits - 1) {
        int sq = v->square_of_bit[lsb(bits)];
        int value = turned ? v->squares - 1 - sq : sq;
        int j = k++;
        for (; j > 0 && out[j - 1] > value; j--) out[j] = out[j - 1];
        out[j] = value;
    }
    return k;
}

/* The colex rank of ascending squares, `offset` the first square the set can use. */
static int64_t rank_of(const int *sq, int k, int offset) {
    int64_t r = 0;
    for (int j = 0; j < k; j++) r += binom[sq[j] - offset][j + 1];
    return r;
}

int64_t layout_index(const Layout *l, uint64_t white, uint64_t black, uint64_t kings, int color) {
    const Variant *v = l->v;
    uint64_t us = color ? black : white, them = color ? white : black;
    int wm[BB_MAX_PIECES], wk[BB_MAX_PIECES], bm[BB_MAX_PIECES], bk[BB_MAX_PIECES];
    if (popcount(us | them) > l->max_pieces || !us || !them) return -1;
    int nwm = frame_squares(v, us & ~kings, color, wm);
    int nwk = frame_squares(v, us & kings, color, wk);
    int nbm = frame_squares(v, them & ~kings, color, bm);
    int nbk = frame_squares(v, them & kings, color, bk);
    int n = v->squares, men = n - v->per_row;
    if ((nwm && wm[0] < v->per_row) || (nbm && bm[nbm - 1] >= men)) return -1;
    const Signature *s = &l->sig[l->sig_of[nwm][nwk][nbm][nbk]];
    int64_t index = rank_of(wm, nwm, v->per_row);
    index = index * binom[n][nwk] + rank_of(wk, nwk, 0);
    index = index * binom[men][nbm] + rank_of(bm, nbm, 0);
    index = index * binom[n][nbk] + rank_of(bk, nbk, 0);
    return s->base + index;
}

/* The combination of rank r (k squares from `offset` on), as bits. */
static uint64_t unrank(const Variant *v, int64_t r, int k, int offset) {
    uint64_t bits = 0;
    int top = v->squares;
    for (int j = k; j >= 1; j--) {
        int x = top - 1;
        while (binom[x][j] > r) x--;
        r -= binom[x][j];
        top = x;
        bits |= 1ULL << v->bit_of_square[x + offset + 1];
    }
    return bits;
}

int layout_position(const Layout *l, int s, int64_t index, uint64_t *white, uint64_t *black,
                    uint64_t *kings) {
    const Variant *v = l->v;
    const Signature *g = &l->sig[s];
    int n = v->squares, men = n - v->per_row;
    int64_t r = index - g->base;
    uint64_t bk = unrank(v, r % binom[n][g->bk], g->bk, 0);
    r /= binom[n][g->bk];
    uint64_t bm = unrank(v, r % binom[men][g->bm], g->bm, 0);
    r /= binom[men][g->bm];
    uint64_t wk = unrank(v, r % binom[n][g->wk], g->wk, 0);
    r /= binom[n][g->wk];
    uint64_t wm = unrank(v, r, g->wm, v->per_row);
    *white = wm | wk;
    *black = bm | bk;
    *kings = wk | bk;
    return popcount(*white | *black) == g->wm + g->wk + g->bm + g->bk;
}

int layout_signature(const Layout *l, int64_t index) {
    int s = 0;
    while (s + 1 < l->nsigs && l->sig[s + 1].base <= index) s++;
    return s;
}

int layout_signature_of(const Layout *l, uint64_t white, uint64_t black, uint64_t kings,
                        int color) {
    uint64_t us = color ? black : white, them = color ? white : black;
    int wm = popcount(us & ~kings), wk = popcount(us & kings);
    int bm = popcount(them & ~kings), bk = popcount(them & kings);
    if (!(wm + wk) || !(bm + bk) || wm + wk + bm + bk > l->max_pieces) return -1;
    return l->sig_of[wm][wk][bm][bk];
}

int bitbase_probe(const Variant *v, uint64_t white, uint64_t black, uint64_t kings, int color) {
    const Loaded *b = &loaded[v->id];
    if (!b->packed) return BB_NONE;
    int64_t index = layout_index(&b->layout, white, black, kings, color);
    if (index < 0) return BB_NONE;
    return b->packed[index >> 2] >> (2 * (index & 3)) & 3;
}

int bitbase_pieces(int variant) {
    return variant >= 0 && variant < DM_VARIANTS && loaded[variant].packed
               ? loaded[variant].layout.max_pieces : 0;
}

static int64_t read_le(const uint8_t *b, int bytes) {
    uint64_t x = 0;
    for (int i = bytes - 1; i >= 0; i--) x = x << 8 | b[i];
    return (int64_t)x;
}

/* Forget a variant's table, however it was loaded. */
static void unload(Loaded *b) {
    if (b->mapped) munmap(b->base, b->mapped);
    else free(b->base);
    *b = (Loaded){0};
}

/* Whether `blob` is a whole file of the variant's (its header, then exactly the results its
 * layout numbers): 0 with `layout` filled in, else DM_E_WEIGHTS. Both loaders check here. */
static int32_t check_file(const Variant *v, const uint8_t *blob, int64_t length,
                          Layout *layout) {
    if (length < BB_HEADER || memcmp(blob, BB_MAGIC, 4) != 0) return DM_E_WEIGHTS;
    int pieces = (int)read_le(blob + 8, 4);
    if (read_le(blob + 4, 4) != v->id || pieces < 2 || pieces > BB_MAX_PIECES)
        return DM_E_WEIGHTS;
    layout_init(layout, v, pieces);
    if (read_le(blob + 12, 8) != layout->total || length != layout_file_bytes(layout))
        return DM_E_WEIGHTS;
    return 0;
}

int32_t dm_load_bitbase(int32_t variant, const uint8_t *blob, int64_t length) {
    const Variant *v = variant_get(variant);
    if (!v) return DM_E_VARIANT;
    Loaded *b = &loaded[variant];
    unload(b);
    if (!blob) return 0;
    Layout layout;
    int32_t error = check_file(v, blob, length, &layout);
    if (error) return error;
    size_t bytes = (size_t)(length - BB_HEADER);
    uint8_t *packed = malloc(bytes);
    if (!packed) return DM_E_CAPACITY;
    memcpy(packed, blob + BB_HEADER, bytes);
    *b = (Loaded){layout, packed, packed, 0};
    return 0;
}

/* The length of the open file `fd`, its offset left as it was; -1 where it has none (a
 * pipe). lseek, not fstat: fstat is a glibc 2.33 symbol, and the library needs only 2.17's. */
static int64_t file_length(int fd) {
    off_t at = lseek(fd, 0, SEEK_CUR);
    if (at < 0) return -1;
    off_t end = lseek(fd, 0, SEEK_END);
    return lseek(fd, at, SEEK_SET) == at ? (int64_t)end : -1;
}

int32_t dm_load_bitbase_fd(int32_t variant, int32_t fd) {
    const Variant *v = variant_get(variant);
    if (!v) return DM_E_VARIANT;
    Loaded *b = &loaded[variant];
    unload(b);
    int64_t length = fd < 0 ? -1 : file_length(fd);
    if (length < 0) return DM_E_ARGUMENT;
    if (length < BB_HEADER) return DM_E_WEIGHTS; /* and mmap refuses an empty file */
    size_t mapped = (size_t)length;
    void *base = mmap(NULL, mapped, PROT_READ, MAP_PRIVATE, fd, 0);
    if (base == MAP_FAILED) return DM_E_ARGUMENT; /* not a file open for reading */
    Layout layout;
    int32_t error = check_file(v, base, length, &layout);
    if (error) {
        munmap(base, mapped);
        return error;
    }
    *b = (Loaded){layout, (const uint8_t *)base + BB_HEADER, base, mapped};
    return 0;
}

int32_t dm_bitbase_probe(const dm_position *position, int32_t *result) {
    int32_t error = dm_check_position(position);
    if (error) return error;
    if (!result) return DM_E_ARGUMENT;
    const Variant *v = variant_get(position->variant);
    *result = bitbase_probe(v, position->white, position->black, position->kings,
                            position->turn);
    return 0;
}
