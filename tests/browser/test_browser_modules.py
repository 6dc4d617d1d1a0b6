"""The site's pure modules, run in the browser on hand-made inputs: FEN
reading, and the move picker that turns touches into one of the API's legal moves."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser

# Two five-piece captures from 48 that both end on 19 (see test_browser_play.FEN_TWO_PATHS),
# plus a plain move of another man, in the API's MoveView shape.
MOVES = [
    {
        "notation": "48x37x28x17x8x19",
        "path": [48, 37, 28, 17, 8, 19],
        "captures": [42, 32, 22, 12, 13],
        "promotes": False,
    },
    {
        "notation": "48x39x28x17x8x19",
        "path": [48, 39, 28, 17, 8, 19],
        "captures": [43, 33, 22, 12, 13],
        "promotes": False,
    },
    {"notation": "31-27", "path": [31, 27], "captures": [], "promotes": False},
]

RUN_TOUCHES = """async ({moves, touches}) => {
  const m = await import('/js/picker.js');
  let pick = m.emptyPick();
  const out = [];
  for (const sq of touches) {
    const r = m.touch(moves, pick, sq);
    pick = r.pick;
    const marks = m.pickMarks(moves, pick);
    out.push({action: r.action, move: r.move ? r.move.notation : null,
              taken: [...marks.taken].sort((a, b) => a - b),
              finals: [...marks.finals].sort((a, b) => a - b),
              steps: [...marks.steps].sort((a, b) => a - b)});
  }
  return out;
}"""


@pytest.fixture
def blank(page: Any) -> Any:
    page.goto("/rules.html")
    return page


def touches(page: Any, squares: list[int]) -> list[dict[str, Any]]:
    return page.evaluate(RUN_TOUCHES, {"moves": MOVES, "touches": squares})


def test_fen_reading_and_showing_a_move(blank: Any) -> None:
    result = blank.evaluate("""async () => {
      const f = await import('/js/fen.js');
      const start = f.parseFen('W:W31-50:B1-20');
      const kings = f.parseFen('B:W31,K45:BK1,2.');
      const after = f.applyMove(new Map([[6, 'white'], [11, 'black']]),
        {path: [6, 1], captures: [], promotes: true});
      return {count: start.pieces.size, turn: start.turn, s31: start.pieces.get(31),
              s20: start.pieces.get(20), kturn: kings.turn, k45: kings.pieces.get(45),
              k1: kings.pieces.get(1), k2: kings.pieces.get(2),
              after: Object.fromEntries(after)};
    }""")
    assert result["count"] == 40 and result["turn"] == "white"
    assert result["s31"] == "white" and result["s20"] == "black"
    assert result["kturn"] == "black" and result["k45"] == "white-king"
    assert result["k1"] == "black-king" and result["k2"] == "black"
    assert result["after"] == {"1": "white-king", "11": "black"}


def test_final_square_with_two_paths_asks_for_steps(blank: Any) -> None:
    out = touches(blank, [48, 19, 39, 28])
    assert out[0]["action"] == "select" and out[0]["finals"] == [19]
    assert out[0]["steps"] == [37, 39]
    assert out[1]["action"] == "ambiguous"
    assert out[2]["action"] == "step" and out[2]["taken"] == [43]
    assert out[3]["action"] == "step" and out[3]["taken"] == [33, 43]


def test_final_square_after_a_step_plays_the_only_path(blank: Any) -> None:
    out = touches(blank, [48, 37, 19])
    assert [o["action"] for o in out] == ["select", "step", "play"]
    assert out[2]["move"] == "48x37x28x17x8x19"


def test_every_step_to_the_end_plays(blank: Any) -> None:
    out = touches(blank, [48, 39, 28, 17, 8, 19])
    assert out[-1]["action"] == "play" and out[-1]["move"] == "48x39x28x17x8x19"


def test_cancel_switch_and_refuse(blank: Any) -> None:
    out = touches(blank, [48, 48, 47, 31, 26, 48, 31, 27])
    assert [o["action"] for o in out] == [
        "select",
        "cancel",
        "refuse",
        "select",
        "refuse",
        "select",
        "select",
        "play",
    ]
    assert out[-1]["move"] == "31-27"
