"""Trek 12 special-map schema (reference A11, A12): circle tags, balls, regions with their own
operation tables, pre-linked pairs and scoring hooks, checked and compiled into Board fields.

Every special rule is driven by these fields, never by a map's name. A base map has none of
them and compiles to the defaults: no marks, one operation table, no hooks.

    tags      per circle, any of TAGS. "water": never in a rope path; "start": the first number
              goes in one of these; the others mark circles that scoring hooks read.
    ball      per circle, a colour name or None (garland bonus, gift zones).
    region    per circle: the id of one of `regions` (each with its own `opLimits`), or None
              when the map has no regions.
    prelinked [[a, b], ...] adjacent circles printed as linked: once both hold numbers they must
              be linked, and the second one written becomes a frown when it cannot link.
    scoring.hooks   any of HOOKS (below), with the values they need in `scoring`.
    rules.overTwelve "sad" (default) or "lose": a result over 12 ends that player's game with
              scoring.lossScore points.
"""

from micropython import const

# Circle marks: tags in the low bits, one bit per ball colour above them (BALL_SHIFT), so that
# the marks of a path or zone are the OR of its circles'.
WATER = const(1)
START = const(2)
STAR = const(4)
ENTRANCE = const(8)
SINK = const(16)
FRIDGE = const(32)
SOFA = const(64)
DESK = const(128)
BALL_SHIFT = const(8)
TAGS = ("water", "start", "star", "entrance", "sink", "fridge", "sofa", "desk")  # bit order
_MAX_COLOURS = const(8)
# What an empty circle shows on the sheet (mark_labels; the how-to legend explains them): its
# ball's colour's first letter, else the label of the first of these tags it has.
MARK_LABELS = ((START, ">"), (STAR, "*"), (WATER, "~"), (ENTRANCE, "E"), (SINK, "X"),
               (FRIDGE, "F"), (SOFA, "S"), (DESK, "D"))  # fmt: skip

# Scoring hooks, each with the tags it reads and the scoring keys it needs:
#   garland      each rope path gains garlandBonus[distinct ball colours on it] (last entry caps)
#   gift         a zone with no ball on it scores twice
#   star         the first player(s) to write a number in the star circle gain starBonus
#   orphanValue  an orphan costs its own number instead of orphanPenalty
#   entrance     an entrance's number counts negative unless its path holds a sink
#   fridgeSofa   a rope path holding a fridge and a sofa scores twice
#   desk         a zone on a desk circle scores number x circles
HOOKS = ("garland", "gift", "star", "orphanValue", "entrance", "fridgeSofa", "desk")
_HOOK_TAGS = (0, 0, STAR, 0, ENTRANCE | SINK, FRIDGE | SOFA, DESK)  # by HOOKS index
# A tag that only a hook reads is refused without that hook: it would be silently ignored.
_TAG_HOOKS = (("star", "star"), ("entrance", "entrance"), ("sink", "entrance"),
              ("fridge", "fridgeSofa"), ("sofa", "fridgeSofa"), ("desk", "desk"))  # fmt: skip


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def compile_marks(board, circles):
    """Tags and balls of every circle -> board.marks, board.ball_names, board.starts."""
    marks = []
    colours = []
    starts = []
    for circle in circles:
        index = circle["id"]
        tags = circle.get("tags", [])
        if not isinstance(tags, list):
            board._fail("circle %d: tags must be a list" % index)
        mark = 0
        for tag in tags:
            if tag not in TAGS:
                board._fail("circle %d: unknown tag %r (use %s)" % (index, tag, ", ".join(TAGS)))
            bit = 1 << TAGS.index(tag)
            if mark & bit:
                board._fail("circle %d: tag %s twice" % (index, tag))
            mark |= bit
        ball = circle.get("ball")
        if ball is not None:
            if not isinstance(ball, str) or not ball:
                board._fail("circle %d: a ball is a colour name" % index)
            if ball not in colours:
                if len(colours) == _MAX_COLOURS:
                    board._fail("more than %d ball colours" % _MAX_COLOURS)
                colours.append(ball)
            mark |= 1 << (BALL_SHIFT + colours.index(ball))
        if mark & START:
            starts.append(index)
        marks.append(mark)
    board.marks = tuple(marks)
    board.ball_names = tuple(colours)
    board.starts = tuple(starts)


def compile_tables(board, data, operations):
    """One operation table per region, or the map's single `opLimits` -> board.limits (ticks
    allowed, table by table, operations in order), board.table_of, board.table_names."""
    regions = data.get("regions")
    circles = data["circles"]
    if not regions:
        board.table_names = ("",)
        board.table_of = tuple([0] * board.size)
        for circle in circles:
            if circle.get("region") is not None:
                board._fail("circle %d names a region, but the map has none" % circle["id"])
        board.limits = _limits(board, data.get("opLimits"), operations, "opLimits")
        _check_ticks(board, board.limits, board.size, "")
        return
    if not isinstance(regions, list) or data.get("opLimits") is not None:
        board._fail("regions must be a list, and replace the map's opLimits")
    names = []
    limits = ()
    for region in regions:
        name = region.get("id") if isinstance(region, dict) else None
        if not isinstance(name, str) or name in names:
            board._fail("each region needs its own string id")
        if not isinstance(region.get("name"), str):
            board._fail("region %s needs a name" % name)
        names.append(name)
        limits += _limits(board, region.get("opLimits"), operations, "region %s" % name)
    table_of = []
    for circle in circles:
        region = circle.get("region")
        if region not in names:
            board._fail("circle %d: region %r is not one of %s" % (circle["id"], region, names))
        table_of.append(names.index(region))
    count = len(operations)
    for table in range(len(names)):
        size = table_of.count(table)
        _check_ticks(board, limits[table * count : (table + 1) * count], size, names[table])
    board.table_names = tuple([region["name"] for region in regions])
    board.table_of = tuple(table_of)
    board.limits = limits


def _limits(board, table, operations, where):
    if not isinstance(table, dict) or len(table) != len(operations):
        board._fail("%s must give exactly %s" % (where, ", ".join(operations)))
    values = []
    for name in operations:
        limit = table.get(name)
        if not _is_int(limit) or limit < 0:
            board._fail("%s %s must be a count" % (where, name))
        values.append(limit)
    return tuple(values)


def _check_ticks(board, limits, size, region):
    # Enough ticks for every circle of the table: then an open circle can always be written.
    total = 0
    for limit in limits:
        total += limit
    if total < size:
        where = " in region %s" % region if region else ""
        board._fail("%d ticks cannot fill %d circles%s" % (total, size, where))


def compile_prelinked(board, pairs):
    """[[a, b], ...] -> board.prelinked (pairs) and board.partner (per circle, or -1)."""
    if pairs is None:
        pairs = []
    if not isinstance(pairs, list):
        board._fail("prelinked must be a list of pairs")
    partner = [-1] * board.size
    found = []
    for pair in pairs:
        if not isinstance(pair, list) or len(pair) != 2:
            board._fail("pre-linked %r is not a pair of circles" % (pair,))
        a, b = pair
        if not _is_int(a) or not _is_int(b) or not 0 <= a < board.size or not 0 <= b < board.size:
            board._fail("pre-linked %r names a circle that does not exist" % (pair,))
        if b not in board.neighbours[a]:
            board._fail("pre-linked %d-%d are not neighbours" % (a, b))
        if partner[a] >= 0 or partner[b] >= 0:
            board._fail("pre-linked circles %d, %d: a circle is in one pair at most" % (a, b))
        if (board.marks[a] | board.marks[b]) & WATER:
            board._fail("pre-linked %d-%d: a water circle never links" % (a, b))
        partner[a] = b
        partner[b] = a
        found.append((a, b))
    board.partner = tuple(partner)
    board.prelinked = tuple(found)


def compile_hooks(board, scoring, rules):
    """The scoring hooks and the over-12 rule -> board.garland, gift, star_bonus, orphan_value,
    entrance, fridge_sofa, desk, loss_score (None: a result over 12 is an ordinary frown)."""
    hooks = scoring.get("hooks")
    if not isinstance(hooks, list):
        board._fail("scoring hooks must be a list")
    tags = 0
    for mark in board.marks:
        tags |= mark
    for hook in hooks:
        if hook not in HOOKS:
            board._fail("unknown scoring hook %r (use %s)" % (hook, ", ".join(HOOKS)))
        needed = _HOOK_TAGS[HOOKS.index(hook)]
        for bit in range(len(TAGS)):
            if needed & (1 << bit) and not tags & (1 << bit):
                board._fail("hook %s needs a circle tagged %s" % (hook, TAGS[bit]))
    for tag, hook in _TAG_HOOKS:
        if tags & (1 << TAGS.index(tag)) and hook not in hooks:
            board._fail("tag %s needs scoring hook %s" % (tag, hook))
    board.garland = ()
    if "garland" in hooks:
        table = scoring.get("garlandBonus")
        if not isinstance(table, list) or not table:
            board._fail("hook garland needs garlandBonus, points by colour count")
        for points in table:
            if not _is_int(points):
                board._fail("garlandBonus must hold integers")
        board.garland = tuple(table)
    board.gift = "gift" in hooks
    if (board.garland or board.gift) and not board.ball_names:
        board._fail("hooks garland and gift need circles with balls")
    board.star_bonus = 0
    if "star" in hooks:
        board.star_bonus = scoring.get("starBonus")
        if not _is_int(board.star_bonus) or board.star_bonus <= 0:
            board._fail("hook star needs a positive starBonus")
        count = 0
        for mark in board.marks:
            if mark & STAR:
                count += 1
        if count != 1:
            board._fail("hook star needs exactly one star circle, not %d" % count)
    board.orphan_value = "orphanValue" in hooks
    board.entrance = "entrance" in hooks
    board.fridge_sofa = "fridgeSofa" in hooks
    board.desk = "desk" in hooks
    over = rules.get("overTwelve", "sad")
    board.loss_score = None
    if over == "lose":
        board.loss_score = scoring.get("lossScore")
        if not _is_int(board.loss_score):
            board._fail("overTwelve lose needs an integer lossScore")
    elif over != "sad":
        board._fail("overTwelve must be sad or lose")


def colours(mark):
    """How many different ball colours the marks hold."""
    mark >>= BALL_SHIFT
    count = 0
    while mark:
        count += mark & 1
        mark >>= 1
    return count


# The board mark_labels last answered for, and its answer: the sheet asks at every redraw of
# the mountain, and working it out took 11 ms on the RP2040 (a map's marks never change).
_labelled = [None, None]


def mark_labels(board):
    """{circle: label} for the printed marks of a special map (None on a base map). The same
    dict for the same board, not to be changed."""
    if _labelled[0] is board:
        return _labelled[1]
    labels = None
    if board.ball_names or board.starts or max(board.marks):
        labels = {}
        for circle in range(board.size):
            mark = board.marks[circle]
            balls = mark >> BALL_SHIFT
            if balls:  # the first colour printed there, as Board.ball names it
                index = 0
                while not balls & (1 << index):
                    index += 1
                labels[circle] = board.ball_names[index][0].upper()
                continue
            for bit, label in MARK_LABELS:
                if mark & bit:
                    labels[circle] = label
                    break
    _labelled[0] = board
    _labelled[1] = labels
    return labels
