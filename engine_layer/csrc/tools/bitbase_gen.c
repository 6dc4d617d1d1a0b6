/* `bitbase_gen VARIANT PIECES FILE`: write a variant's endgame bitbase (dm_bitbase_generate)
 * for the library to load; run by `make bitbase`, on the build machine (the file is the same
 * on every architecture). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "dames_core.h"

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s VARIANT PIECES FILE\n", argv[0]);
        return 2;
    }
    int variant = atoi(argv[1]), pieces = atoi(argv[2]);
    int64_t bytes = dm_bitbase_generate(variant, pieces, NULL, 0);
    uint8_t *blob = bytes > 0 ? malloc((size_t)bytes) : NULL;
    if (!blob || dm_bitbase_generate(variant, pieces, blob, bytes) != bytes) {
        fprintf(stderr, "bitbase_gen: generation failed (%lld)\n", (long long)bytes);
        return 1;
    }
    FILE *f = fopen(argv[3], "wb");
    if (!f || fwrite(blob, 1, (size_t)bytes, f) != (size_t)bytes || fclose(f) != 0) {
        perror(argv[3]);
        return 1;
    }
    free(blob);
    return 0;
}
