"""Every registered game played to the end by clicks in the play dashboard (issues 9, 10).

For each game of :func:`icecream.list_games`, a visitor of ``play.ipynb`` in Chromium picks
the game in the new-game form, types 2 players and a seed, clicks "New game", keeps seat 1
human and seat 2 a bot, looks through seat 1's eyes and clicks real ``.ic-option`` elements
of the table (and "Continue" after each round's scoring) until the game is over. Which
option seat 1 clicks is chosen at random, or for Gelato Mio by a bot reading seat 1's view
(:data:`CHOOSER`); it is always one of the elements the page offers.

The test keeps a mirror of the game in this process: a :class:`Session` with the same
game, seed and bot, fed the same clicks. It checks at every decision that the page shows
exactly seat 1's picture of the mirror's position (its texts and its options), and that
this picture hides what seat 1 may not see: a position drawn by the game's determinizer
(same view, other hidden cards) gives the very same picture. At the end the page names
the mirror's winners, and the kernel took as many steps as the mirror.
"""

from __future__ import annotations

import json
import random
import time
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from voila_harness import (
    PLAY,
    TABLE,
    VoilaServer,
    close_page,
    option_actions,
    select_in,
    start_new_game,
    svg_texts,
    text_of,
    wait_kernel_idle,
)

import icecream
from icecream.bots import make_bot
from icecream.core.history import History
from icecream.core.messages import join_words, t
from icecream.core.protocol import get_game
from icecream.widgets.controls import kind_label
from icecream.widgets.session import Session

HUMAN = t("widgets.label.human")
#: The bot at seat 2: it plays a sensible game, so games end in a usual number of turns.
BOT = "heuristic"
SEED = 7
#: Number settings typed in the form to keep a game short: Ice Cream over one day.
SHORT = {"ice-cream": {"days": 1}}
#: How seat 1 picks among the options it is shown: uniformly at random, or by a bot
#: reading seat 1's view (a student playing sensibly; Gelato Mio ends in about half as
#: many turns that way as with random clicks, which keeps the test near a minute).
CHOOSER = {"gelato-mio": "heuristic"}
#: More decisions than any 2-player game of these rules takes (a guard against a loop).
MAX_DECISIONS = 600


def seat_view(seat: int) -> str:
    """The View selector's label for ``seat`` (0-based) at a table of default names."""
    return t("widgets.label.seat_view", player=t("ui.default_name", seat=seat + 1))


def choose_player(page: Any, seat: int, label: str) -> None:
    """Choose who plays ``seat`` in its selector, by the label a user reads there."""
    select_in(page, f"{PLAY} .ic-seat-{seat}", label=label)
    wait_kernel_idle(page)
    shown = page.eval_on_selector(f"{PLAY} .ic-seat-{seat} select",
                                  "s => s.options[s.selectedIndex].text")
    assert shown.replace("\u00a0", " ") == label, shown  # ipywidgets shows spaces as nbsp


def picture(state: Any, seat: int) -> tuple[list[str], list[dict]]:
    """Seat ``seat``'s table as the game draws it: its texts and its allowed options."""
    root = ET.fromstring(state.game.render_svg(state, seat, "en"))
    texts, options = [], []
    for el in root.iter():
        tag = el.tag.rsplit("}", 1)[-1]
        if tag == "text":
            texts.append("".join(el.itertext()))
        classes = (el.get("class") or "").split()
        if "ic-option" in classes and "ic-forbidden" not in classes:
            options.append(json.loads(el.get("data-action")))
    return texts, options


def wait_picture(page: Any, step: int, texts: list[str], timeout: float = 60.0) -> None:
    """Wait until the page is at step ``step`` (its scrubber) and the table's texts are
    ``texts``: the kernel has drawn the mirror's position."""
    try:
        page.wait_for_function(
            "([sel, step, want]) => { const els = document.querySelectorAll(sel);"
            " const at = document.querySelector('.ic-explorer .ic-scrubber input');"
            " return at !== null && at.value === String(step) &&"
            " els.length === want.length &&"
            " [...els].every((e, k) => e.textContent === want[k]); }",
            arg=[f"{TABLE} svg text", step, texts], timeout=timeout * 1000)
    except Exception as e:
        shown = svg_texts(page)
        diff = [(k, a, b) for k, (a, b) in enumerate(zip(shown, texts, strict=False))
                if a != b][:5]
        raise AssertionError(f"the page does not show the mirror's position: "
                             f"{len(shown)} texts vs {len(texts)}; first differences {diff}; "
                             f"prompt {text_of(page, f'{PLAY} .ic-prompt')!r}") from e


def wait_text(page: Any, selector: str, text: str, timeout: float = 20.0) -> None:
    """Wait until the element ``selector`` says ``text`` (widgets redraw one by one)."""
    try:
        page.wait_for_function(
            "([sel, text]) => (document.querySelector(sel)?.textContent || '').includes(text)",
            arg=[selector, text], timeout=timeout * 1000)
    except Exception as e:
        raise AssertionError(f"{selector} does not say {text!r}: "
                             f"{text_of(page, selector)!r}") from e


def check_hidden(state: Any, seat: int, rng: random.Random, seen: list[bool]) -> None:
    """Seat ``seat``'s picture is the same for a position with other hidden cards."""
    spec = state.game
    mine = spec.render_svg(state, seat, "en")
    other = spec.determinizer(state.view(seat)).sample(rng)
    assert other.view(seat) == state.view(seat), "the determinizer changed what the seat sees"
    assert spec.render_svg(other, seat, "en") == mine, (
        f"seat {seat}'s picture depends on cards it cannot see ({state.phase})")
    seen.append(other.view(None) != state.view(None))


@pytest.mark.parametrize("game", icecream.list_games())
def test_a_whole_game_played_by_clicks(game: str, open_page: Any, check: Any,
                                       voila_server: VoilaServer, report: Any) -> None:
    spec = get_game(game)
    numbers = SHORT.get(game, {})
    started = time.monotonic()
    page = open_page("play")
    # Who plays which seat, chosen before the new game (a new table keeps them).
    choose_player(page, 0, HUMAN)
    choose_player(page, 1, kind_label(BOT))
    start_new_game(page, spec.title, players=2, seed=SEED, numbers=numbers)
    assert page.locator(f"{PLAY} .ic-seat-player").count() == 2
    view = page.eval_on_selector(f"{PLAY} .ic-perspective select",
                                 "s => s.options[s.selectedIndex].text")
    assert view.replace("\u00a0", " ") == seat_view(0), view  # a player's view
    assert page.locator(f"{TABLE} svg").get_attribute("aria-label") is not None

    mirror = Session(History.new(game, players=2, seed=SEED, **numbers),
                     bots={1: BOT}, perspective=0, bot_seed=SEED)
    mirror.autoplay()
    rng = random.Random(SEED)
    chooser = make_bot(CHOOSER.get(game, "random"), seed=SEED)
    clicks = continues = 0
    hidden_differed: list[bool] = []
    while not mirror.state.is_over:
        state = mirror.state
        texts, options = picture(state, 0)
        wait_picture(page, mirror.history.cursor, texts)
        if mirror.summary is not None:  # a round was scored: read it, then carry on
            # The scoring is shown with its Continue button (drawn just after the table).
            page.click(f"{PLAY} .ic-continue", timeout=20_000)
            page.wait_for_selector(f"{PLAY} .ic-summary-box", state="hidden")
            mirror.carry_on()
            continues += 1
            continue
        assert state.current_player == 0, "the bot did not answer"
        wait_text(page, f"{PLAY} .ic-prompt", t("widgets.prompt.your_turn"))
        shown = option_actions(page)
        assert shown == options and shown, (shown, options)
        check_hidden(state, 0, rng, hidden_differed)
        if game in CHOOSER:
            choice = chooser.choose(state.view(0))
            k = shown.index(state.game.parse_action(choice).to_dict())
        else:
            k = rng.randrange(len(shown))
        page.locator(f"{TABLE} .ic-option:not(.ic-forbidden)").nth(k).click()
        mirror.click(shown[k])
        clicks += 1
        assert clicks <= MAX_DECISIONS, "the game does not end"
    final = mirror.state
    wait_picture(page, mirror.history.cursor, picture(final, 0)[0])
    page.wait_for_selector(f"{PLAY} .ic-summary-new-game", state="visible")
    wait_kernel_idle(page)

    # The game-over summary names the mirror's winners, and the kernel took its steps.
    names = join_words([final.names[p] for p in final.winners])
    assert final.winners
    wait_text(page, f"{PLAY} .ic-prompt",
              t("widgets.prompt.over", count=len(final.winners), names=names))
    summary = text_of(page, f"{PLAY} .ic-round-summary")
    assert t("widgets.summary.over") in summary and t("widgets.scores.winner") in summary
    assert page.locator(f"{TABLE} .ic-option").count() == 0
    steps = len(mirror.history)
    assert page.eval_on_selector(f"{PLAY} .ic-scrubber input", "el => el.value") == str(steps)
    # Plausible: seat 1 made about half of the decisions, and some hidden card existed
    # that the picture did not show.
    assert 0.3 * steps <= clicks <= 0.7 * steps, (clicks, steps)
    assert any(hidden_differed), "no position had hidden cards to leak"
    # Only a game whose rounds score stops after each of them (Gelato Mio's rounds are
    # just one turn each: a Continue after every one would be a chore).
    if not spec.pause_after_round:
        assert continues == 0, continues
    check(page)
    close_page(page, voila_server)
    report(f"{game}: a whole 2-player game by {clicks} clicks on the table and {continues} "
           f"on Continue ({steps} steps, winner {names}) in "
           f"{time.monotonic() - started:.0f} s")
