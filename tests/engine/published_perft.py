"""Published perft counts, the one table both ``test_perft.py`` and ``bench/perft.py`` read.

Sources: the perft tests of Rein Halbersma's dctl engine, the damforum.nl perft threads and Aart
Bik's perft posts, which agree; the Italian positions are Ed Gilbert's. A capture is counted
once per (start, end, captured set), whatever the landing squares in between.
"""

from __future__ import annotations

# name -> (variant, FEN, counts from depth 1)
PUBLISHED: dict[str, tuple[str, str, list[int]]] = {
    "international-start": (
        "international",
        "W:W31-50:B1-20",
        [9, 81, 658, 4_265, 27_117, 167_140, 1_049_442, 6_483_961, 41_022_423],
    ),
    "random178": (
        "international",
        "B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24",
        [14, 55, 1_168, 5_432, 87_195, 629_010, 9_041_010],
    ),
    "woldouby": (
        "international",
        "W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26",
        [6, 12, 30, 73, 215, 590, 1_944, 6_269, 22_369, 88_050],
    ),
    "all-kings": ("international", "W:WK31-50:BK1-20", [17, 79, 352, 1_399, 7_062, 37_589]),
    "almost-promotion": (
        "international",
        "W:W6,7,8,9,10:B41,42,43,44,45",
        [9, 81, 795, 7_578, 86_351, 936_311],
    ),
    "brazilian-start": (
        "brazilian",
        "W:W21-32:B1-12",
        [7, 49, 302, 1_469, 7_473, 37_628, 187_302, 907_830, 4_431_766],
    ),
    "english-start": (
        "english",
        "B:W21-32:B1-12",
        [7, 49, 302, 1_469, 7_361, 36_768, 179_740, 845_931, 3_963_680],
    ),
    "italian-start": (
        "italian",
        "W:W21-32:B1-12",
        [7, 49, 302, 1_469, 7_361, 36_473, 177_532, 828_783, 3_860_875],
    ),
    "italian-gilbert-1": (
        "italian",
        "W:W30,26,27,22,23,24,17,18,20:B14,15,16,9,11,5,6,1,3",
        [5, 13, 42, 107, 360, 1_099, 3_736, 12_495],
    ),
    "italian-gilbert-2": (
        "italian",
        "B:W30,21,22,17,20,K6:B25,28,9,5,1,3",
        [6, 47, 271, 1_916, 10_810, 73_137],
    ),
    "italian-gilbert-3": (
        "italian",
        "W:WK27,K28,17,20,9,K12,8:B21,24,K19,K13,14,K11,4",
        [13, 112, 828, 6_756, 46_241, 368_908],
    ),
}
