"""Legal move generation on internal bitboards, for every variant.

This is the engine's hot path (perft, the computer player), so it speaks bits, not ``Move``
objects: moves are ``InternalMove`` tuples (see ``dames.internal_move``). The unrolled fast
path for FMJD rules lives in ``dames.movegen_fmjd``.

Rules applied here: capture is compulsory; a capture goes on while it can; captured pieces stay
on the board until the move ends, so they block and cannot be jumped twice (coup turc); the
moving piece's start square counts as empty during its capture; a man that only passes the
crowning row during a capture stays a man. Then the variant's precedence rule filters the
complete captures, and captures with the same start, end and captured set are kept once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from dames.internal_move import InternalMove
from dames.move import Move
from dames.movegen_fmjd import build_fmjd_fast_path
from dames.variants import PRIORITY_ITALIAN, PRIORITY_MAJORITY, Variant, get_variant


@dataclass(frozen=True)
class MoveGenerator:
    """The bound functions of one variant's generator.

    ``generate(us, them, kings, color)`` lists the legal internal moves of the side ``color``
    whose pieces are ``us``; ``count(...)`` returns how many there are (cheaper: no lists when
    nothing can be captured); ``apply(white, black, kings, color, move)`` returns the bitboards
    ``(white, black, kings)`` after the move; ``promotion[color]`` is the set of squares where
    that side's men are crowned.
    """

    variant: Variant
    promotion: tuple[int, int]
    plain_moves: tuple[InternalMove, ...]  # every shared plain-move tuple generate() returns
    generate: Callable[[int, int, int, int], list[InternalMove]]
    count: Callable[[int, int, int, int], int]
    apply: Callable[[int, int, int, int, InternalMove], tuple[int, int, int]]
    # ``generate`` for ``Board.legal_moves``: the same moves, but plain moves come as public
    # ``Move`` objects already in official order; captures stay unsorted internal tuples.
    legal: Callable[[int, int, int, int], list]


@cache
def get_generator(variant: str | Variant) -> MoveGenerator:
    return _build(get_variant(variant))


def _build(v: Variant) -> MoveGenerator:
    """Bind every table to closure variables: one scope keeps the hot path fast."""
    g = v.geometry
    board = g.board_mask
    small = g.per_row  # shift of the up-right / down-left steps
    large = g.per_row + 1  # shift of the up-left / down-right steps
    rays = g.rays
    ray_masks = g.ray_masks
    neighbor = g.neighbor
    promotion = g.promotion_mask
    flying = v.flying_kings
    backward = v.men_capture_backward
    men_take_kings = v.men_capture_kings
    priority = v.capture_priority

    # Jump tables: [bit] -> ((mid_mask, mid_bit, land_bit, land_mask), ...)
    JumpTable = tuple[tuple[tuple[int, int, int, int], ...], ...]

    def jump_table(directions: tuple[int, ...]) -> JumpTable:
        table = []
        for bit in range(g.bit_count):
            entries = []
            if g.row_of_bit[bit] >= 0:
                for d in directions:
                    mid = neighbor[bit][d]
                    if mid < 0:
                        continue
                    land = neighbor[mid][d]
                    if land < 0:
                        continue
                    entries.append((1 << mid, mid, land, 1 << land))
            table.append(tuple(entries))
        return tuple(table)

    all_jumps = jump_table((0, 1, 2, 3))
    man_jumps = (
        (all_jumps, all_jumps)
        if backward
        else (jump_table((0, 1)), jump_table((2, 3)))  # white men go up, black men go down
    )

    def men_jump_sources(men: int, targets: int, empty: int, color: int) -> int:
        """Men (set-wise) that have at least one first jump."""
        src = 0
        if color == 0 or backward:
            src |= (((empty << large) & targets) << large) | (((empty << small) & targets) << small)
        if color == 1 or backward:
            src |= (((empty >> small) & targets) >> small) | (((empty >> large) & targets) >> large)
        return src & men

    def short_king_jump_sources(kings_: int, them: int, empty: int) -> int:
        return kings_ & (
            (((empty << large) & them) << large)
            | (((empty << small) & them) << small)
            | (((empty >> small) & them) >> small)
            | (((empty >> large) & them) >> large)
        )

    def man_dfs(cur, path, caps, captured, targets, empty, jumps, out):
        found = False
        for mid_mask, mid, land, land_mask in jumps[cur]:
            if mid_mask & targets and not mid_mask & captured and land_mask & empty:
                found = True
                man_dfs(
                    land,
                    (*path, land),
                    (*caps, mid),
                    captured | mid_mask,
                    targets,
                    empty,
                    jumps,
                    out,
                )
        if not found and caps:
            out.append((path, caps, captured))

    def king_jumps(cur: int, them: int, captured: int, empty: int) -> list[tuple[int, int]]:
        """A flying king's jumps from bit ``cur``: (jumped mask, set of landing squares).

        Per diagonal the nearest occupied square must hold an opponent piece not yet jumped;
        the landings are the empty squares beyond it up to the next occupied square (captured
        pieces stay on the board, so they block).
        """
        occupied = board & ~empty
        out = []
        masks = ray_masks[cur]
        for d in (0, 1):  # up: the nearest square of a ray is its highest bit
            ray = masks[d]
            blockers = ray & occupied
            if not blockers:
                continue
            nearest = 1 << (blockers.bit_length() - 1)
            if not nearest & them or nearest & captured:
                continue
            beyond = ray & (nearest - 1)
            further = beyond & occupied
            if further:
                beyond &= ~((1 << further.bit_length()) - 1)
            if beyond:
                out.append((nearest, beyond))
        for d in (2, 3):  # down: the nearest square of a ray is its lowest bit
            ray = masks[d]
            blockers = ray & occupied
            if not blockers:
                continue
            nearest = blockers & -blockers
            if not nearest & them or nearest & captured:
                continue
            beyond = ray & ~((nearest << 1) - 1)
            further = beyond & occupied
            if further:
                beyond &= (further & -further) - 1
            if beyond:
                out.append((nearest, beyond))
        return out

    def flying_king_dfs(cur, path, caps, captured, them, empty, out):
        found = False
        for mid_mask, landings in king_jumps(cur, them, captured, empty):
            found = True
            new_captured = captured | mid_mask
            new_caps = (*caps, mid_mask.bit_length() - 1)
            while landings:
                low = landings & -landings
                landings ^= low
                land = low.bit_length() - 1
                flying_king_dfs(land, (*path, land), new_caps, new_captured, them, empty, out)
        if not found and caps:
            out.append((path, caps, captured))

    def italian_key(seq, king_start, kings):
        caps = seq[1]
        king_positions = tuple(-i for i, c in enumerate(caps) if kings >> c & 1)
        return (len(caps), king_start, len(king_positions), king_positions)

    # Directions a man may capture in, per colour: (shifts towards higher bits, shift amount).
    up_dirs = ((False, large), (False, small))
    down_dirs = ((True, small), (True, large))
    men_dirs = (up_dirs + down_dirs, up_dirs + down_dirs) if backward else (up_dirs, down_dirs)

    def first_jumps(men: int, targets: int, empty: int, color: int):
        """Yield (start mask, mid mask, land mask) of every man's first jump, set-wise found."""
        for down, amount in men_dirs[color]:
            if down:
                src = (((empty >> amount) & targets) >> amount) & men
            else:
                src = (((empty << amount) & targets) << amount) & men
            while src:
                low = src & -src
                src ^= low
                if down:
                    mid = low << amount
                    yield low, mid, mid << amount
                else:
                    mid = low >> amount
                    yield low, mid, mid >> amount

    def can_continue(land_idx: int, captured: int, targets: int, empty: int, jumps) -> bool:
        for mid_mask, _, _, land_mask in jumps[land_idx]:
            if mid_mask & targets and not mid_mask & captured and land_mask & empty:
                return True
        return False

    def captures(us: int, them: int, kings: int, color: int) -> list[InternalMove]:
        """Legal captures with their paths (empty list when there is none)."""
        empty = board & ~(us | them)
        men = us & ~kings
        my_kings = us & kings
        men_targets = them if men_take_kings else them & ~kings
        found: list[tuple[int, list]] = []  # (1 if by a king, sequences)
        jumps = man_jumps[color]
        seqs: list = []
        for low, mid, land in first_jumps(men, men_targets, empty, color):
            start = low.bit_length() - 1
            land_idx = land.bit_length() - 1
            mid_idx = mid.bit_length() - 1
            e2 = empty | low
            if can_continue(land_idx, mid, men_targets, e2, jumps):
                man_dfs(land_idx, (start, land_idx), (mid_idx,), mid, men_targets, e2, jumps, seqs)
            else:
                seqs.append(((start, land_idx), (mid_idx,), mid))
        if seqs:
            found.append((0, seqs))
        if my_kings:
            seqs = []
            if flying:
                k = my_kings
                while k:
                    low = k & -k
                    k ^= low
                    start = low.bit_length() - 1
                    flying_king_dfs(start, (start,), (), 0, them, empty | low, seqs)
            else:
                k = short_king_jump_sources(my_kings, them, empty)
                while k:
                    low = k & -k
                    k ^= low
                    start = low.bit_length() - 1
                    man_dfs(start, (start,), (), 0, them, empty | low, all_jumps, seqs)
            if seqs:
                found.append((1, seqs))
        if not found:
            return []
        if priority == PRIORITY_MAJORITY:
            best = max(len(s[1]) for _, seqs in found for s in seqs)
            chosen = [s for _, seqs in found for s in seqs if len(s[1]) == best]
        elif priority == PRIORITY_ITALIAN:
            keyed = [(italian_key(s, is_king, kings), s) for is_king, seqs in found for s in seqs]
            best_key = max(k for k, _ in keyed)
            chosen = [s for k, s in keyed if k == best_key]
        else:
            chosen = [s for _, seqs in found for s in seqs]
        out: list[InternalMove] = []
        seen: set[tuple[int, int, int]] = set()
        for path, caps, captured in chosen:
            ident = (path[0], path[-1], captured)
            if ident in seen:
                continue
            seen.add(ident)
            out.append((1 << path[0], 1 << path[-1], captured, path, caps))
        return out

    # Counting mode: the same sequences without paths, as (pieces, start, end, captured).
    def man_count_dfs(cur, captured, n, targets, empty, jumps, start, acc):
        found = False
        for mid_mask, _, land, land_mask in jumps[cur]:
            if mid_mask & targets and not mid_mask & captured and land_mask & empty:
                found = True
                man_count_dfs(land, captured | mid_mask, n + 1, targets, empty, jumps, start, acc)
        if not found and n:
            acc.append((n, start, cur, captured))

    def flying_count_dfs(cur, captured, n, them, empty, start, acc):
        found = False
        for mid_mask, landings in king_jumps(cur, them, captured, empty):
            found = True
            new_captured = captured | mid_mask
            while landings:
                low = landings & -landings
                landings ^= low
                flying_count_dfs(low.bit_length() - 1, new_captured, n + 1, them, empty, start, acc)
        if not found and n:
            acc.append((n, start, cur, captured))

    # Per colour: each man capture direction with the indices of the directions a capture may
    # continue in after a jump that way (all of the man's directions except straight back).
    men_dir_table = tuple(
        tuple(
            (
                down,
                amount,
                tuple(j for j, other in enumerate(dirs) if other != (not down, amount)),
            )
            for down, amount in dirs
        )
        for dirs in men_dirs
    )

    def count_captures(us: int, them: int, kings: int, color: int) -> int:
        """Number of legal captures, for the majority and free-choice rules.

        Men's single captures are counted set-wise: a first jump whose landing square offers
        no onward jump (found set-wise as well) is a complete one-piece capture. Only men that
        can go on, and kings, are followed square by square.
        """
        empty = board & ~(us | them)
        men = us & ~kings
        my_kings = us & kings
        men_targets = them if men_take_kings else them & ~kings
        table = men_dir_table[color]
        jump_from = [
            (((empty >> a) & men_targets) >> a) if down else (((empty << a) & men_targets) << a)
            for down, a, _ in table
        ]
        singles = 0
        acc: list[tuple[int, int, int, int]] = []
        jumps = man_jumps[color]
        for (down, amount, onward_dirs), jf in zip(table, jump_from, strict=True):
            src = jf & men
            if not src:
                continue
            onward = 0
            for j in onward_dirs:
                onward |= jump_from[j]
            twice = 2 * amount
            land = src << twice if down else src >> twice
            singles += (land & ~onward).bit_count()
            going_on = land & onward
            while going_on:
                low_land = going_on & -going_on
                going_on ^= low_land
                if down:
                    low = low_land >> twice
                    mid = low << amount
                else:
                    low = low_land << twice
                    mid = low >> amount
                man_count_dfs(
                    low_land.bit_length() - 1, mid, 1, men_targets, empty | low, jumps, low, acc
                )
        if my_kings:
            k = my_kings if flying else short_king_jump_sources(my_kings, them, empty)
            while k:
                low = k & -k
                k ^= low
                start = low.bit_length() - 1
                if flying:
                    flying_count_dfs(start, 0, 0, them, empty | low, low, acc)
                else:
                    man_count_dfs(start, 0, 0, them, empty | low, all_jumps, low, acc)
        if not acc:
            return singles
        if priority == PRIORITY_MAJORITY:
            best = max(a[0] for a in acc)
            distinct = len({(a[1], a[2], a[3]) for a in acc if a[0] == best})
            return distinct + singles if best == 1 else distinct
        return singles + len({(a[1], a[2], a[3]) for a in acc})

    if priority == PRIORITY_ITALIAN:

        def count_captures(us: int, them: int, kings: int, color: int) -> int:
            return len(captures(us, them, kings, color))

    # Plain moves are shared, immutable tuples built once: generating one is a dict lookup.
    def plain(frm_bit: int, to_bit: int) -> InternalMove:
        return (1 << frm_bit, 1 << to_bit, 0, None, None)

    playing_bits = [b for b in range(g.bit_count) if g.row_of_bit[b] >= 0]
    # [direction] -> {target mask: move}, for men stepping in that direction.
    step_moves = tuple(
        {1 << neighbor[b][d]: plain(b, neighbor[b][d]) for b in playing_bits if neighbor[b][d] >= 0}
        for d in range(4)
    )
    # [bit][direction] -> moves along the ray, nearest first (flying kings) or the step only.
    king_moves = tuple(
        tuple(
            tuple(plain(b, t) for t in (rays[b][d] if flying else rays[b][d][:1])) for d in range(4)
        )
        if g.row_of_bit[b] >= 0
        else ()
        for b in range(g.bit_count)
    )
    ul_moves, ur_moves, dl_moves, dr_moves = step_moves

    def flying_kings_can_capture(my_kings: int, them: int, occupied: int, empty: int) -> bool:
        k = my_kings
        while k:
            low = k & -k
            k ^= low
            masks = ray_masks[low.bit_length() - 1]
            blockers = masks[0] & occupied
            if blockers:
                nearest = 1 << (blockers.bit_length() - 1)
                if nearest & them and (nearest >> large) & empty:
                    return True
            blockers = masks[1] & occupied
            if blockers:
                nearest = 1 << (blockers.bit_length() - 1)
                if nearest & them and (nearest >> small) & empty:
                    return True
            blockers = masks[2] & occupied
            if blockers:
                nearest = blockers & -blockers
                if nearest & them and (nearest << small) & empty:
                    return True
            blockers = masks[3] & occupied
            if blockers:
                nearest = blockers & -blockers
                if nearest & them and (nearest << large) & empty:
                    return True
        return False

    def make_generate(plain: Callable[..., list]) -> Callable[[int, int, int, int], list]:
        """``generate`` whose plain moves come from the lister ``plain``."""

        def generate(us: int, them: int, kings: int, color: int) -> list:
            occupied = us | them
            empty = board & ~occupied
            men = us & ~kings
            my_kings = us & kings
            if men_jump_sources(men, them if men_take_kings else them & ~kings, empty, color):
                return captures(us, them, kings, color)
            if my_kings and (
                flying_kings_can_capture(my_kings, them, occupied, empty)
                if flying
                else short_king_jump_sources(my_kings, them, empty)
            ):
                return captures(us, them, kings, color)
            return plain(us, kings, color, occupied, empty, men, my_kings)

        return generate

    def make_plain_moves(
        up_left: dict, up_right: dict, down_left: dict, down_right: dict, per_king: tuple
    ) -> Callable[..., list]:
        """The plain-move lister over one set of tables, whatever the tables hold.

        The same walk serves the internal tuples, the public ``Move`` objects and the sort
        codes of ``legal`` (below): only the tables differ. Men's entries are keyed by target
        mask; ``per_king[bit][direction]`` lists a king's entries along the ray, nearest first.
        """

        def plain_moves(
            us: int, kings: int, color: int, occupied: int, empty: int, men: int, my_kings: int
        ) -> list:
            # Men's moves come out ordered by start bit, then end bit: on a non-inverted board
            # that is the official (start, end) order, so the public list needs no sorting.
            out: list = []
            append = out.append
            if color == 0:
                movers = men & ((empty << large) | (empty << small))
                while movers:
                    low = movers & -movers
                    movers ^= low
                    t = low >> large
                    if t & empty:
                        append(up_left[t])
                    t = low >> small
                    if t & empty:
                        append(up_right[t])
            else:
                movers = men & ((empty >> small) | (empty >> large))
                while movers:
                    low = movers & -movers
                    movers ^= low
                    t = low << small
                    if t & empty:
                        append(down_left[t])
                    t = low << large
                    if t & empty:
                        append(down_right[t])
            k = my_kings
            extend = out.extend
            while k:
                low = k & -k
                k ^= low
                bit = low.bit_length() - 1
                moves = per_king[bit]
                if not flying:
                    steps = step_masks[bit]
                    for d in range(4):
                        if steps[d] & empty:
                            append(moves[d][0])
                    continue
                masks = ray_masks[bit]
                for d in (0, 1):
                    ray = masks[d]
                    blockers = ray & occupied
                    if blockers:
                        n = (ray & ~((1 << blockers.bit_length()) - 1)).bit_count()
                        if n:
                            extend(moves[d][:n])
                    else:
                        extend(moves[d])
                for d in (2, 3):
                    ray = masks[d]
                    blockers = ray & occupied
                    if blockers:
                        n = (ray & ((blockers & -blockers) - 1)).bit_count()
                        if n:
                            extend(moves[d][:n])
                    else:
                        extend(moves[d])
            return out

        return plain_moves

    # [bit][direction] -> mask of the neighbouring square, 0 off the board (short kings).
    step_masks = tuple(
        tuple(1 << n if n >= 0 else 0 for n in neighbor[b]) if g.row_of_bit[b] >= 0 else ()
        for b in range(g.bit_count)
    )
    plain_moves = make_plain_moves(ul_moves, ur_moves, dl_moves, dr_moves, king_moves)

    # The public side of the same tables (used by ``legal``, i.e. ``Board.legal_moves``): the
    # shared ``Move`` of every man step, and an int code per plain move whose order is the
    # official (start square, end square) order, with the ``Move`` it stands for.
    square_of = g.square_of_bit
    inverted = g.inverted

    def code(frm_bit: int, to_bit: int, king: int) -> int:
        return (square_of[frm_bit] << 8 | square_of[to_bit]) << 1 | king

    def man_step(frm_bit: int, to_bit: int) -> Move:
        # A man's step goes up for White, down for Black: it crowns on that side's last row.
        crowning_row = promotion[0] if to_bit < frm_bit else promotion[1]
        path = (square_of[frm_bit], square_of[to_bit])
        return Move(path, (), bool(crowning_row >> to_bit & 1))

    code_moves: list[Move | None] = [None] * ((g.squares + 1) << 9)
    public_steps = []
    code_steps = []
    for table in step_moves:
        public_steps.append({})
        code_steps.append({})
        for t, m in table.items():
            frm_bit, to_bit = m[0].bit_length() - 1, m[1].bit_length() - 1
            public_steps[-1][t] = code_moves[code(frm_bit, to_bit, 0)] = man_step(frm_bit, to_bit)
            code_steps[-1][t] = code(frm_bit, to_bit, 0)
    king_codes = []
    for b, per_bit in enumerate(king_moves):
        per_dirs = []
        for per_dir in per_bit:
            codes = []
            for m in per_dir:
                to_bit = m[1].bit_length() - 1
                c = code(b, to_bit, 1)
                code_moves[c] = Move((square_of[b], square_of[to_bit]))
                codes.append(c)
            per_dirs.append(tuple(codes))
        king_codes.append(tuple(per_dirs))
    code_kings = tuple(king_codes)
    men_public_moves = make_plain_moves(*public_steps, king_moves)  # never reaches the kings
    coded_moves = make_plain_moves(*code_steps, code_kings)
    move_of_code = code_moves.__getitem__

    def public_plain_moves(
        us: int, kings: int, color: int, occupied: int, empty: int, men: int, my_kings: int
    ) -> list[Move]:
        if my_kings or inverted:
            codes = coded_moves(us, kings, color, occupied, empty, men, my_kings)
            codes.sort()
            return list(map(move_of_code, codes))
        return men_public_moves(us, kings, color, occupied, empty, men, my_kings)

    def count(us: int, them: int, kings: int, color: int) -> int:
        empty = board & ~(us | them)
        men = us & ~kings
        my_kings = us & kings
        men_targets = them if men_take_kings else them & ~kings
        if men_jump_sources(men, men_targets, empty, color):
            return count_captures(us, them, kings, color)
        if color == 0:
            n = ((men >> large) & empty).bit_count() + ((men >> small) & empty).bit_count()
        else:
            n = ((men << small) & empty).bit_count() + ((men << large) & empty).bit_count()
        if not my_kings:
            return n
        if not flying:
            if short_king_jump_sources(my_kings, them, empty):
                return count_captures(us, them, kings, color)
            return (
                n
                + ((my_kings >> large) & empty).bit_count()
                + ((my_kings >> small) & empty).bit_count()
                + ((my_kings << small) & empty).bit_count()
                + ((my_kings << large) & empty).bit_count()
            )
        occupied = us | them
        k = my_kings
        while k:
            low = k & -k
            k ^= low
            masks = ray_masks[low.bit_length() - 1]
            # Up-left and up-right: the nearest blocker is the highest bit of the ray.
            for ray, shift in ((masks[0], large), (masks[1], small)):
                blockers = ray & occupied
                if not blockers:
                    n += ray.bit_count()
                    continue
                nearest = 1 << (blockers.bit_length() - 1)
                n += (ray & ~((nearest << 1) - 1)).bit_count()
                if nearest & them and (nearest >> shift) & empty:
                    return count_captures(us, them, kings, color)
            # Down-left and down-right: the nearest blocker is the lowest bit of the ray.
            for ray, shift in ((masks[2], small), (masks[3], large)):
                blockers = ray & occupied
                if not blockers:
                    n += ray.bit_count()
                    continue
                nearest = blockers & -blockers
                n += (ray & (nearest - 1)).bit_count()
                if nearest & them and (nearest << shift) & empty:
                    return count_captures(us, them, kings, color)
        return n

    generate = make_generate(plain_moves)
    legal = make_generate(public_plain_moves)
    if backward and flying and men_take_kings and priority == PRIORITY_MAJORITY:
        fmjd_tables = {
            "board": board,
            "large": large,
            "small": small,
            "ray_masks": ray_masks,
            "all_jumps": all_jumps,
            "man_dfs": man_dfs,
            "flying_king_dfs": flying_king_dfs,
            "man_count_dfs": man_count_dfs,
            "flying_count_dfs": flying_count_dfs,
            "flying_kings_can_capture": flying_kings_can_capture,
            "count_captures": count_captures,
        }
        count, generate = build_fmjd_fast_path(**fmjd_tables, plain_moves=plain_moves)
        legal = build_fmjd_fast_path(**fmjd_tables, plain_moves=public_plain_moves)[1]

    def apply(
        white: int, black: int, kings: int, color: int, move: InternalMove
    ) -> tuple[int, int, int]:
        frm, to, captured = move[0], move[1], move[2]
        step = frm ^ to
        if kings & frm:
            kings ^= step
        elif to & promotion[color]:
            kings |= to
        if captured:
            kings &= ~captured
        if color == 0:
            return white ^ step, black & ~captured, kings
        return white & ~captured, black ^ step, kings

    every_plain = {m for table in step_moves for m in table.values()}
    every_plain.update(m for per_bit in king_moves for per_dir in per_bit for m in per_dir)
    return MoveGenerator(
        variant=v,
        promotion=promotion,
        plain_moves=tuple(every_plain),
        generate=generate,
        count=count,
        apply=apply,
        legal=legal,
    )
