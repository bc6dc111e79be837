"""city_map._spread, which rejects most pairs of boxes early (issue 14: the kiosk's layout took
23-34 ms on an RP2040), moves every box exactly as the plain pass over all pairs does."""

from hypothesis import given, settings
from hypothesis import strategies as st

from dicetable.games.dicetrip import city_map


def _separate(values, first, second, delta, short, low, high):
    sign = 1 if delta >= 0 else -1
    before = values[first]
    values[first] = min(high, max(low, before - sign * (short // 2)))
    rest = short - sign * (before - values[first])
    values[second] = min(high, max(low, values[second] + sign * rest))


def _plain_spread(xs, low_x, high_x, need_x, ys, low_y, high_y, need_y, passes=40):
    for _ in range(passes):
        moved = False
        for first in range(len(xs)):
            for second in range(first + 1, len(xs)):
                dx = xs[second] - xs[first]
                dy = ys[second] - ys[first]
                short_x = need_x - abs(dx)
                short_y = need_y - abs(dy)
                if short_x <= 0 or short_y <= 0:
                    continue
                moved = True
                if short_y * need_x <= short_x * need_y:
                    _separate(ys, first, second, dy, short_y, low_y, high_y)
                else:
                    _separate(xs, first, second, dx, short_x, low_x, high_x)
        if not moved:
            return


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 120), st.integers(0, 60)), min_size=2, max_size=30),
    st.integers(4, 30),
    st.integers(4, 20),
)
def test_spread_moves_the_boxes_as_the_plain_pass_does(points, need_x, need_y):
    xs = [x for x, _y in points]
    ys = [y for _x, y in points]
    plain_xs, plain_ys = list(xs), list(ys)
    _plain_spread(plain_xs, 0, 120, need_x, plain_ys, 0, 60, need_y)
    city_map._spread(xs, 0, 120, need_x, ys, 0, 60, need_y)
    assert (xs, ys) == (plain_xs, plain_ys)
