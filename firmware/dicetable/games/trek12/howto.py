"""How to play Trek 12, in plain words: short pages for the chosen map (ui.howto shows them).

`pages(options)` -> ((heading, (paragraph, ...)), ...). The base pages, then a page for each
special rule the map's data switches on and a legend of the marks its sheet draws. Every number
a map can change (circles, uses, start circles, caps, costs, bonuses) is read from its Board,
so a corrected map file corrects these words too. A page must fit the smallest panel (296x128:
six lines of about 48 characters) and stay plain ASCII; tests/portable/kiosk/test_kiosk_howto.py
checks that for every map. Written from the rules references in shared/rules and DECISIONS.md.
"""

from dicetable.core.dice import D6, YELLOW_D6
from dicetable.games.trek12 import maps
from dicetable.games.trek12 import special as trek12_special
from dicetable.games.trek12.options import DEFAULTS

# What a tag's mark means, in the legend (the marks themselves: trek12_special.MARK_LABELS).
_TAG_WORDS = {
    "start": "start circle",
    "star": "star circle",
    "water": "water",
    "entrance": "entrance",
    "sink": "sink",
    "fridge": "fridge",
    "sofa": "sofa",
    "desk": "desk",
}


def _bit(tag):
    return 1 << trek12_special.TAGS.index(tag)


def _label(tag):
    for bit, label in trek12_special.MARK_LABELS:
        if bit == _bit(tag):
            return label
    return "?"


def _has_tag(board, tag):
    bit = _bit(tag)
    for mark in board.marks:
        if mark & bit:
            return True
    return False


def _uses(board, table, named=True):
    """'low 3, high 4, ...' (or '3, 4, ...'): the uses of each result on one operation table."""
    count = len(maps.OPERATIONS)
    limits = board.limits[table * count : (table + 1) * count]
    words = []
    for op in range(count):
        name = maps.OPERATIONS[op].lower() + " " if named else ""
        words.append("%s%d" % (name, limits[op]))
    return ", ".join(words)


def _caps(board):
    """'up to 12', or 'up to 12, a double ring up to 6' when the map has lower caps."""
    lower = []
    for circle in board.dangerous:
        if board.caps[circle] not in lower:
            lower.append(board.caps[circle])
    words = "A circle holds up to %d" % maps.MAX_VALUE
    if lower:
        lower.sort()
        words += ", a double ring up to " + " or ".join([str(cap) for cap in lower])
    return words + "."


def _lone(board):
    if board.orphan_value:
        return "A number left alone at the end costs its own value."
    return "A number left alone at the end costs %d." % board.orphan_penalty


def _scores_more(board):
    return bool(
        board.garland
        or board.gift
        or board.star_bonus
        or board.entrance
        or board.fridge_sofa
        or board.desk
    )


def _base(board):
    name = board.name
    goal = [
        "Everyone climbs the same mountain, %s: fill its %d circles with numbers, one each"
        " round." % (name, board.size),
        "Numbers that count up side by side (3, 4, 5) make a rope. Equal numbers side by side"
        " make a zone. Ropes and zones score.",
    ]
    if board.starts:
        first = "The first number goes in one of the %d start circles (%s)" % (
            len(board.starts),
            _label("start"),
        )
    else:
        first = "The first number goes anywhere"
    forced = "If no result with uses left fits an open circle, you must write one that does not."
    if board.loss_score is None:
        sad = (forced, "It becomes a sad face: minus %d." % board.sad_penalty)
    else:
        sad = (
            forced,
            "A result over %d puts you out of the game, scoring %d."
            % (maps.MAX_VALUE, board.loss_score),
        )
        if board.dangerous or board.prelinked:
            sad += ("One too big for its circle is a sad face: minus %d." % board.sad_penalty,)
    tables = len(board.table_names)
    if tables > 1:
        words = "; ".join(
            [
                "%s %s" % (board.table_names[table], _uses(board, table, False))
                for table in range(tables)
            ]
        )
        order = ", ".join([name.lower() for name in maps.OPERATIONS])
        uses = ["Uses of each result in the whole game (%s): %s." % (order, words)]
    elif min(board.limits) == max(board.limits):
        uses = [
            "Each of the five results may be used %d times in the whole game." % board.limits[0]
        ]
    else:
        uses = ["Uses of each result in the whole game: %s." % _uses(board, 0)]
    links = "Ropes link by themselves when the numbers follow on"
    if _has_tag(board, "water"):
        links += " (never through water)"
    uses.append(links + ". " + _lone(board))
    points = (
        "A rope: its top number plus 1 for each other circle. A zone: its number plus 1 for"
        " each other circle.",
        "Bonus for the longest rope and the biggest zone. Highest total wins.",
    )
    if _scores_more(board):
        points += ("%s scores more: see its own pages." % name,)
    return [
        ("The goal", tuple(goal)),
        (
            "Each round",
            (
                "The device rolls a red die (%d to %d) and a yellow die (%d to %d) for the"
                " table." % (D6[0], D6[-1], YELLOW_D6[0], YELLOW_D6[-1]),
                "Each player takes one result: the lower die, the higher die, the difference,"
                " the sum or the product.",
            ),
        ),
        ("Where to write", (first + ", later ones next to a filled circle.", _caps(board))),
        ("When nothing fits", sad),
        ("Plan ahead", tuple(uses)),
        ("Points", points),
        (
            "Buttons",
            (
                "Arrows pick the result, OK takes it. Arrows pick the circle, OK writes it.",
                "BACK steps back. With hints on, the cursor starts on a good choice.",
            ),
        ),
    ]


def _special(board):
    """A page for each special rule the map's data switches on."""
    found = []
    tables = len(board.table_names)
    if tables > 1:
        found.append(
            (
                "%d mountains" % tables,
                (
                    "The sheet has %d mountains, the %s, each with its own table of uses."
                    % (tables, " and the ".join(board.table_names)),
                    "A circle is written with its own mountain's table. The ticks on the right"
                    " show the tables in that order, / between.",
                ),
            )
        )
    if _has_tag(board, "water"):
        found.append(
            (
                "Water",
                (
                    "A water circle (%s) never joins a rope, even when the numbers follow on."
                    % _label("water"),
                    "It can be part of a zone; alone at the end, it costs as any lone number.",
                ),
            )
        )
    if board.prelinked:
        found.append(
            (
                "Linked pairs",
                (
                    "%d pairs of circles are printed linked (=). The first of a pair may take any"
                    " number." % len(board.prelinked),
                    "The second must be 1 more or 1 less, and links to it; any other number there"
                    " becomes a sad face (minus %d)." % board.sad_penalty,
                ),
            )
        )
    if board.garland:
        table = board.garland
        steps = []
        for count in range(len(table)):
            if count or table[count]:
                more = " or more" if count == len(table) - 1 else ""
                steps.append("%d%s: +%d" % (count, more, table[count]))
        found.append(
            (
                "Garlands",
                (
                    "Every rope is a garland: it gains points for the different ball colours on"
                    " its circles.",
                    "By colours: " + ", ".join(steps) + ".",
                ),
            )
        )
    if board.gift:
        found.append(
            (
                "Gifts",
                (
                    "A zone with no ball on any of its circles is a gift: it scores twice.",
                    "A zone with a ball scores as usual.",
                ),
            )
        )
    if board.star_bonus:
        found.append(
            (
                "The star race",
                (
                    "The first to write a number in the star circle (%s) gains %d points."
                    % (_label("star"), board.star_bonus),
                    "Everyone who writes there in that same round gains them too; a sad face"
                    " there gains nothing.",
                ),
            )
        )
    if board.entrance:
        found.append(
            (
                "Entrance and sink",
                (
                    "The entrance (%s) counts its number as minus points, unless its rope also"
                    " holds the sink (%s)." % (_label("entrance"), _label("sink")),
                    "Left alone, the entrance costs this once, not again as a lone number.",
                ),
            )
        )
    if board.fridge_sofa:
        found.append(
            (
                "Fridge and sofa",
                (
                    "A rope that holds the fridge (%s) and the sofa (%s) scores twice."
                    % (_label("fridge"), _label("sofa")),
                ),
            )
        )
    if board.desk:
        found.append(
            (
                "The desk",
                (
                    "A zone on the desk (any circle marked %s) scores its number times its"
                    " circles, not its number plus 1 for each other circle." % _label("desk"),
                ),
            )
        )
    legend = _legend(board)
    if legend:
        found.append(("%s sheet" % board.name, legend))
    return found


def _tag_of(label):
    """The tag whose mark is `label` (trek12_special.MARK_LABELS)."""
    for bit, mark in trek12_special.MARK_LABELS:
        if mark == label:
            for tag in trek12_special.TAGS:
                if _bit(tag) == bit:
                    return tag
    return ""


def _legend(board):
    """The marks the sheet draws on this map (the very letters of trek12_special.mark_labels)
    and what they mean, then the layout's provenance; () for a plain base map."""
    labels = trek12_special.mark_labels(board) or {}
    marks = []  # (label, words), each once
    for circle in labels:
        label = labels[circle]
        ball = board.ball(circle)
        mark = (label, ball + " ball" if ball else _TAG_WORDS[_tag_of(label)])
        if mark not in marks:
            marks.append(mark)
    # Balls in colour order, then tags in the sheet's order (dict order differs by runtime).
    order = [colour + " ball" for colour in board.ball_names]
    order += [_TAG_WORDS[_tag_of(label)] for _bit_value, label in trek12_special.MARK_LABELS]
    marks.sort(key=lambda mark: order.index(mark[1]))
    lines = []
    if marks:
        words = ", ".join(["%s %s" % mark for mark in marks])
        lines.append("An empty circle shows what is printed there: %s." % words)
    if board.dangerous and (marks or board.prelinked):
        lines.append(_caps(board))
    if board.prelinked:
        lines.append("= joins a pre-linked pair.")
    if board.approximate:
        lines.append("The real sheet is not published: this layout is made up.")
    return tuple(lines)


def pages(options):
    """The pages for the setup's options (options["map"]; {} means the default map)."""
    board = maps.load(options.get("map", DEFAULTS["map"]))
    return tuple(_base(board) + _special(board))
