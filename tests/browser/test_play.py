"""play.ipynb in a real Chromium: a whole day played by clicks, undo, perspectives, forged
widget messages and a monkey test.

Every move here is a real mouse click on the table's SVG (or on a control) in the page;
the kernel behind the page decides, and the page is checked for errors after each test.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from playwright.sync_api import expect
from voila_harness import (
    OPTIONS,
    PLAY,
    TABLE,
    VoilaServer,
    click_option,
    close_page,
    forge,
    option_actions,
    play_day_by_clicking,
    results_days,
    select_in,
    set_seat,
    set_trait,
    set_view,
    start_new_game,
    table_html,
    text_of,
    wait_kernel_idle,
    wait_table_change,
)

from icecream.core.messages import t
from icecream.widgets.controls import kind_label

HUMAN = t("widgets.label.human")
TEACHER = t("widgets.label.teacher_view")


def seat_view(seat: int) -> str:
    """The View selector's label for ``seat`` (0-based) at a table of default names."""
    return t("widgets.label.seat_view", player=t("ui.default_name", seat=seat + 1))


def scrubber_value(page: Any) -> int:
    """The step the scrubber shows (the history cursor)."""
    return int(page.eval_on_selector(f"{PLAY} .ic-scrubber input", "el => el.value"))


def wait_scrubber(page: Any, step: int, timeout: float = 20.0) -> None:
    """Wait until the scrubber shows ``step`` (it fails with the value it shows)."""
    try:
        page.wait_for_function(
            f"s => document.querySelector(s)?.value === '{step}'",
            arg=f"{PLAY} .ic-scrubber input", timeout=timeout * 1000)
    except Exception:
        assert scrubber_value(page) == step


def test_a_whole_day_played_by_clicking(open_page: Any, check: Any,
                                        voila_server: VoilaServer) -> None:
    """Every seat human, the teacher's view: all 4 deliveries, all 24 scoops placed on
    cones or new cones, and every serve or draw are clicks, until the scores show day 1."""
    page = open_page("play")
    set_view(page, TEACHER)
    for seat in (1, 2, 3):
        set_seat(page, seat, HUMAN)
    assert results_days(page) == 0
    clicked = play_day_by_clicking(page, random.Random(5))
    kinds = Counter(a["type"] for a in clicked)
    assert kinds["keep"] + kinds["swap"] == 4, kinds
    assert kinds["place"] == 24, kinds  # 30 scoops, 6 removed (IC-3), each placed (IC-7)
    assert kinds["serve"] + kinds["draw"] > 0, kinds
    assert any(a == {"type": "place", "cone": None} for a in clicked), "no new cone started"
    assert any(a["type"] == "place" and a["cone"] for a in clicked), "no scoop on a cone"
    summary = text_of(page, f"{PLAY} .ic-round-summary")  # the scoring, shown (issue 11)
    assert t("widgets.summary.round", round=t("ui.day_n.inline", n=1)) in summary, summary
    totals = page.eval_on_selector_all(
        f"{PLAY} .ic-scores tr", "trs => trs.slice(1).map(tr => tr.cells[1].innerText)")
    assert len(totals) == 4 and sum(int(x) for x in totals) > 0, totals
    # The table shows day 1 as scored until Continue deals day 2 (issue 21).
    scored = t("widgets.svg.day_scored", day=t("ui.day_n.inline", n=1))
    assert scored in text_of(page, f"{TABLE} .ic-phase")
    page.click(f"{PLAY} .ic-continue")
    page.wait_for_selector(f"{TABLE} svg:not([data-scoring])", timeout=20_000)
    assert t("ic.phase.deliveries") in text_of(page, f"{TABLE} .ic-phase")  # day 2 begins
    wait_kernel_idle(page)
    check(page)
    close_page(page, voila_server)


def test_undo_and_perspective_change_the_picture(open_page: Any, check: Any,
                                                 voila_server: VoilaServer) -> None:
    page = open_page("play")
    # Seat 1's view at the deliveries: the others' face-down cards are backs (IC-6).
    assert page.locator(f"{TABLE} .ic-banner-seat").count() == 1
    backs_seat = page.locator(f"{TABLE} .ic-card-back").count()
    assert backs_seat == 3, backs_seat
    start = table_html(page)
    # The teacher sees every card: no backs at all.
    set_view(page, TEACHER)
    assert page.locator(f"{TABLE} .ic-banner-teacher").count() == 1
    assert page.locator(f"{TABLE} .ic-card-back").count() == 0
    assert page.locator(f"{TABLE} .ic-face-down").count() == 4
    # Seat 3's view hides seats 1, 2 and 4's deliveries.
    set_view(page, seat_view(2))
    assert page.locator(f"{TABLE} .ic-card-back").count() == 3
    set_view(page, seat_view(0))
    assert table_html(page) == start
    # Play one move; the bots answer; one undo goes back to seat 1's decision, past the
    # bots' moves (issue 11: no bot seat left waiting).
    assert scrubber_value(page) == 0
    click_option(page, 0)
    wait_kernel_idle(page)  # the bots have answered and every widget has its new value
    after = scrubber_value(page)
    assert after > 1
    moved = table_html(page)
    before = table_html(page)
    page.click(f"{PLAY} .ic-undo")
    wait_table_change(page, before)
    wait_scrubber(page, 0)
    assert table_html(page) == start
    assert page.locator(f"{PLAY} .ic-undo").is_disabled()
    # Redo brings the move and the bots' answers back, to seat 1's next decision.
    page.click(f"{PLAY} .ic-redo")
    wait_table_change(page, start)
    wait_scrubber(page, after)  # the scrubber may be redrawn a moment after the table
    assert table_html(page) == moved
    check(page)
    close_page(page, voila_server)


def _message_after(page: Any, content: Any) -> str:
    """Clear the message line, send ``content`` from the page; the message shown."""
    set_trait(page, "ic-message", "value", "")
    page.wait_for_function(
        f"() => document.querySelector('{PLAY} .ic-message').innerText.trim() === ''")
    forge(page, content)
    page.wait_for_function(
        f"() => document.querySelector('{PLAY} .ic-message').innerText.trim() !== ''")
    wait_kernel_idle(page)
    return text_of(page, f"{PLAY} .ic-message")


def test_forged_messages_are_refused_and_change_nothing(open_page: Any, check: Any,
                                                        voila_server: VoilaServer) -> None:
    page = open_page("play")
    click_option(page, page_index_of(page, {"type": "keep"}))  # on to the cones (phase 2)
    wait_kernel_idle(page)
    assert any(a["type"] == "place" for a in option_actions(page))
    table, step = table_html(page), scrubber_value(page)
    scores = text_of(page, f"{PLAY} .ic-scores")

    def unchanged() -> None:
        assert table_html(page) == table
        assert scrubber_value(page) == step
        assert text_of(page, f"{PLAY} .ic-scores") == scores

    refused = t("widgets.msg.refused", reason="")  # "Not allowed: " + the rule's reason
    bad_action, bad_message = t("widgets.msg.bad_action"), t("widgets.msg.bad_message")
    forged = [  # (what, message content, what the message line must say)
        ("out-of-range cone", {"kind": "action", "action": {"type": "place", "cone": 99}},
         refused),
        ("negative cone", {"kind": "action", "action": {"type": "place", "cone": -1}},
         refused),
        ("cone as text", {"kind": "action", "action": {"type": "place", "cone": "1"}},
         bad_action),
        ("wrong phase", {"kind": "action", "action": {"type": "serve", "cone": 1}}, refused),
        ("unknown action type", {"kind": "action", "action": {"type": "teleport"}},
         bad_action),
        ("extra field", {"kind": "action", "action": {"type": "keep", "seat": 2}},
         bad_action),
        ("action not an object", {"kind": "action", "action": "__import__('os')"},
         bad_action),
        ("unknown message kind", {"kind": "rm -rf", "action": {"type": "keep"}}, bad_message),
        ("not a message", [1, 2, 3], bad_message),
        ("huge", {"kind": "action", "action": {"type": "x" * 100_000}}, bad_action),
    ]
    for what, content, expected in forged:
        text = _message_after(page, content).strip().lstrip("\u26a0 ")
        assert text.startswith(expected.strip()), (what, text)
        assert page.locator(f"{PLAY} .ic-message [role=alert]").count() == 1, (what, text)
        unchanged()
    assert "99" in _message_after(page, forged[0][1])  # the message names the cone
    # A seat that is not yours: look as seat 2 (a bot) and send seat 1's legal move.
    legal = option_actions(page)[0]
    set_view(page, seat_view(1))
    text = _message_after(page, {"kind": "action", "action": legal})
    assert text.strip().lstrip("\u26a0 ") == t(
        "widgets.msg.not_your_turn", player=t("ui.default_name", seat=1)), text
    # The picture is seat 2's now; the game did not move.
    assert scrubber_value(page) == step
    set_view(page, seat_view(0))
    unchanged()
    # A forged trait: the table's SVG set by the browser is put back by Python.
    set_trait(page, "ic-table", "svg", "<svg><text>forged</text></svg>")
    wait_kernel_idle(page)
    page.wait_for_function(
        f"() => !document.querySelector('{TABLE}').innerHTML.includes('forged')")
    unchanged()
    # The same channel still carries a legal move: the refusals were not a broken pipe.
    before = table_html(page)
    forge(page, {"kind": "action", "action": legal})
    wait_table_change(page, before)
    page.wait_for_function(  # the scrubber is another widget: its update may come later
        f"(step) => +document.querySelector('{PLAY} .ic-scrubber input').value > step",
        arg=step)
    check(page)
    close_page(page, voila_server)


def page_index_of(page: Any, action: dict) -> int:
    """The index of ``action`` among the table's options."""
    actions = option_actions(page)
    assert action in actions, actions
    return actions.index(action)


PROMPT = f"{PLAY} .ic-prompt [data-page-state]"
#: The page's resting states (docs/play-page.md): nothing moves until the next click.
RESTING = ("your_turn", "idle", "scoring", "over")


def page_state(page: Any) -> str:
    """The play page's state, as its prompt carries it (``data-page-state``)."""
    return page.eval_on_selector(PROMPT, "el => el.dataset.pageState")


def wait_state(page: Any, *states: str, timeout: float = 90.0) -> str:
    """Wait until the page is in one of ``states`` (and its kernel idle); the state."""
    try:
        page.wait_for_function(
            "([sel, states]) => states.includes(document.querySelector(sel)?.dataset.pageState)",
            arg=[PROMPT, list(states)], timeout=timeout * 1000)
    except Exception as e:
        raise AssertionError(f"the page stayed {page_state(page)!r}, not in {states}; its "
                             f"prompt says {text_of(page, f'{PLAY} .ic-prompt')!r}") from e
    wait_kernel_idle(page, timeout=timeout)
    # The kernel may have been idle between two messages of a click: look again.
    page.wait_for_function(
        "([sel, states]) => states.includes(document.querySelector(sel)?.dataset.pageState)",
        arg=[PROMPT, list(states)], timeout=timeout * 1000)
    return page_state(page)


def refused_words() -> tuple[str, ...]:
    """How a refused move begins on the message line, in both languages."""
    return tuple(t("widgets.msg.refused", lang, reason="").strip() for lang in ("en", "nl"))


def test_double_clicks_on_keep_and_continue_play_once_and_keep_the_list(
        open_page: Any, check: Any, voila_server: VoilaServer) -> None:
    """Issue 33: a double click on Keep plays it once, with no "Not allowed" in place of
    the bots' moves; a double click on Continue deals day 2 once, lists the deal and the
    bots' moves, and says no bot chose for Player 1."""
    page = open_page("play")
    wait_state(page, "your_turn")
    keep = page.locator(f"{TABLE} .ic-option[data-action='{{\"type\":\"keep\"}}']")
    keep.dblclick()
    wait_state(page, "your_turn")
    message = f"{PLAY} .ic-message"
    assert page.locator(f"{message} [role=alert]").count() == 0, text_of(page, message)
    assert not any(w in text_of(page, message) for w in refused_words())
    assert page.locator(f"{message} li").count() >= 3  # every bot's move
    # To the day's end: the run plays the day (a bot for Player 1 too), then the scoring.
    page.click(f"{PLAY} .ic-finish-round")
    wait_state(page, "scoring", timeout=120)
    page.locator(f"{PLAY} .ic-continue").dblclick()
    wait_state(page, "your_turn")
    text = text_of(page, message)
    assert page.locator(f"{message} [role=alert]").count() == 0, text
    day2 = t("ic.event.day", day=2, dealer="\x00").split("\x00")[0]
    assert day2 in text, text  # day 2's deal, then the bots' moves up to Player 1
    assert page.locator(f"{message} li").count() >= 4, text
    player1 = t("ui.default_name", seat=1)
    assert t("widgets.msg.stand_in", players=player1, count=1) not in text, text
    assert page.locator(f"{PLAY} .ic-scores tr").nth(1).inner_text().strip().endswith(
        t("widgets.scores.to_act"))
    check(page)
    close_page(page, voila_server)


def test_a_language_switch_during_play_to_the_end_keeps_the_run_in_sight(
        open_page: Any, check: Any, voila_server: VoilaServer) -> None:
    """Issue 33: seats 2-4 think ahead (slow); Keep, Play to the end, then Nederlands
    within 2-3 s. The Stop bar stays, the page says the moves go on and the table moves;
    Stop ends it, and no move is played unseen."""
    page = open_page("play")
    page.set_viewport_size({"width": 1024, "height": 640})
    slow = kind_label("ismcts")
    for seat in (1, 2, 3):  # (ipywidgets shows a label's spaces as no-break spaces)
        select_in(page, f"{PLAY} .ic-seat-{seat}", label=slow.replace(" ", "\xa0"))
        page.wait_for_function(
            "([sel, label]) => { const s = document.querySelector(sel);"
            " return s && s.options[s.selectedIndex].text.replace(/\\u00a0/g, ' ') === label; }",
            arg=[f"{PLAY} .ic-seat-{seat} select", slow])
        wait_state(page, "your_turn")
    before = table_html(page)
    page.locator(f"{TABLE} .ic-option[data-action='{{\"type\":\"keep\"}}']").click()
    wait_table_change(page, before, timeout=60)
    wait_state(page, "your_turn")
    page.click(f"{PLAY} .ic-play-to-end")
    page.wait_for_selector(f"{PLAY} .ic-prompt [data-page-state='running']", timeout=20_000)
    page.wait_for_timeout(2000)  # the student reads, then switches, "within 2-3 s"
    select_in(page, ".ic-language", label=t("language.nl", "nl"))
    # The new page, in Dutch, runs on with its Stop bar and says so.
    page.wait_for_function(
        "([sel, words]) => (document.querySelector(sel)?.innerText || '').includes(words)",
        arg=[f"{PLAY} .ic-prompt", t("widgets.prompt.running", "nl")], timeout=60_000)
    expect(page.locator(f"{PLAY} .ic-toolbar .ic-budget")).to_be_visible()
    expect(page.locator(f"{PLAY} .ic-message")).to_contain_text(
        t("widgets.msg.language_during_run", "nl"))
    assert page.locator(f"{TABLE} .ic-option").count() == 0  # nothing to click meanwhile
    shown = table_html(page)
    wait_table_change(page, shown, timeout=30)  # the moves are drawn as they come
    page.click(f"{PLAY} .ic-budget-stop")
    state = wait_state(page, *RESTING, timeout=120)
    expect(page.locator(f"{PLAY} .ic-toolbar .ic-budget")).to_be_hidden()
    step = scrubber_value(page)
    page.wait_for_timeout(1500)
    assert scrubber_value(page) == step, "a move was played unseen after Stop"
    text = text_of(page, f"{PLAY} .ic-scrubber-count")
    assert text == t("widgets.label.step_of", "nl", step=step, steps=step), text
    if state != "over":
        expect(page.locator(f"{PLAY} .ic-play-to-end")).to_be_enabled()
    check(page)
    close_page(page, voila_server)


def test_a_forbidden_option_says_why_under_it_once_and_the_list_stays(
        open_page: Any, check: Any, voila_server: VoilaServer) -> None:
    """Issue 33: clicking a forbidden option to read why shows the rule's reason under it
    (once), and the message line keeps the list of moves (Combo Cone's scoops, CCP-6)."""
    page = open_page("play")
    start_new_game(page, "Combo Cone Paradise", 3, 3)
    wait_state(page, "your_turn")
    before = table_html(page)
    page.locator(OPTIONS).first.click()
    wait_table_change(page, before, timeout=60)
    wait_state(page, "your_turn")
    message = f"{PLAY} .ic-message"
    listed = page.inner_html(message)
    assert page.locator(f"{message} li").count() >= 1, listed
    forbidden = page.locator(f"{TABLE} .ic-option.ic-forbidden").first
    reason = forbidden.locator("title").first.text_content()
    forbidden.click(force=True)  # (aria-disabled: Playwright would wait for it to enable)
    expect(page.locator(f"{TABLE} .ic-why-not")).to_have_text(reason)
    wait_kernel_idle(page)
    wait_state(page, "your_turn")
    assert page.inner_html(message) == listed  # the list stays; the reason is not repeated
    assert reason not in text_of(page, message)
    check(page)
    close_page(page, voila_server)


#: Enabled things a visitor can click on the play dashboard, by kind, with the weight of
#: each kind (so that the many selectors do not crowd out the table).
BUTTONS = (f"{PLAY} button.jupyter-button:not([disabled]):not(.ic-hint-toggle)"
           ":not(.ic-what-if):visible")
MONKEY_TARGETS = {
    "table option": (OPTIONS, 12),
    # Not the hint and what-if buttons: they simulate hundreds of games on purpose.
    "button": (BUTTONS, 3),
    "selector": (f"{PLAY} select:visible", 2),
    # Issue 33: double clicks, and a language switch (also while moves are played).
    "double click": (f"{OPTIONS}, {BUTTONS}", 3),
    "language": (".ic-language select", 1),
    "language during a run": (f"{PLAY} .ic-play-to-end:not([disabled])", 1),
}
#: Random clicks a monkey test makes (each may start a game of another kind or play one to
#: its end, so a few hundred take minutes on a busy 2-core machine).
CLICKS = 100
#: Bots slow enough (~0.1 s a move) to make a monkey test take minutes; left out.
SLOW_BOTS = ("ismcts",)


def _other_language(page: Any) -> None:
    """Choose the language the page does not speak now."""
    now = page.eval_on_selector(".ic-language select", "el => el.value")
    labels = page.eval_on_selector_all(".ic-language select option",
                                       "els => els.map(o => [o.value, o.text])")
    select_in(page, ".ic-language", label=next(label for v, label in labels if v != now))


@pytest.mark.slow
def test_monkey_random_clicks_leave_a_valid_game(open_page: Any, check: Any,
                                                 voila_server: VoilaServer,
                                                 report: Any) -> None:
    """CLICKS random clicks, double clicks and language switches (some within a second of
    "Play to the end") on the table's options, the enabled buttons and the selectors; no
    click is ever answered "Not allowed" (a page's click is allowed or dropped)."""
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page = open_page("play")
    slow = {kind_label(bot, lang) for bot in SLOW_BOTS for lang in ("en", "nl")}
    rng = random.Random(2026)
    done = Counter()
    for _ in range(CLICKS):
        present = [(kind, page.locator(sel), weight)
                   for kind, (sel, weight) in MONKEY_TARGETS.items()]
        present = [(kind, loc, n, w) for kind, loc, w in present if (n := loc.count())]
        assert present, "nothing left to click"
        kind, targets, n, _w = rng.choices(present, weights=[p[-1] for p in present])[0]
        target = targets.nth(rng.randrange(n))
        try:  # the page may redraw under the pointer (a bot moved): then that one misses
            if kind == "selector":
                # A Dropdown's option values are indexes: a slow bot is known by its label.
                values = [v for v, label in target.evaluate(
                    "el => [...el.options].map(o => [o.value, o.text])", timeout=2000)
                    if label.replace("\xa0", " ") not in slow]
                target.select_option(value=rng.choice(values), timeout=2000)
            elif kind == "double click":
                target.dblclick(timeout=2000)
            elif kind == "language":
                _other_language(page)
            elif kind == "language during a run":
                target.click(timeout=2000)
                page.wait_for_timeout(rng.randint(100, 1500))
                _other_language(page)
            else:
                target.click(timeout=2000)
            done[kind] += 1
        except PlaywrightTimeout:
            done["missed"] += 1
        except PlaywrightError as e:  # redrawn between finding and clicking it: a miss too
            if "detached" not in str(e) and "not attached" not in str(e):
                raise
            done["missed"] += 1
        wait_kernel_idle(page, settle_ms=10, timeout=90)
        said = text_of(page, f"{PLAY} .ic-message")
        assert not any(w in said for w in refused_words()), (kind, said)
    check(page)
    # Back to English for the checks below (the monkey may have left the page in Dutch).
    if page.eval_on_selector(".ic-language select", "el => el.value") != "en":
        wait_state(page, *RESTING, timeout=120)
        select_in(page, ".ic-language", label=t("language.en", "en"))
    page.wait_for_function(
        "([sel, words]) => (document.querySelector(sel)?.innerText || '').includes(words)",
        arg=[f"{PLAY} .ic-settings-toggle", t("widgets.label.new_game")], timeout=120_000)
    seats = page.eval_on_selector_all(f"{PLAY} .ic-seat-player select",
                                      "els => els.map(e => e.options[e.selectedIndex].text)")
    assert seats and not slow & {s.replace("\xa0", " ") for s in seats}, seats
    # The kernel's game is still valid and playable: play it to the end from the page
    # (whichever game the monkey left: a long run pauses after a while, so press on). Each
    # press waits for a resting state first: then nothing moves until the next click.
    assert page.locator(f"{TABLE} svg").count() == 1
    for _ in range(30):
        state = wait_state(page, *RESTING, timeout=120)
        if state == "over":
            break
        button = ".ic-continue" if state == "scoring" else ".ic-play-to-end"
        expect(page.locator(f"{PLAY} {button}")).to_be_enabled()
        before = table_html(page)
        page.click(f"{PLAY} {button}")
        wait_table_change(page, before, timeout=120)  # answered: moves were played
    assert wait_state(page, "over") == "over"
    expect(page.locator(f"{PLAY} .ic-play-to-end")).to_be_disabled()
    scores = text_of(page, f"{PLAY} .ic-scores")
    assert t("widgets.scores.winner") in scores, scores
    # (the language selector is always there, options and buttons not always)
    assert done["table option"] + done["double click"] > 20 and done["button"] > 10, done
    assert done["selector"] > 5 and done["double click"] > 5, done
    assert done["language"] + done["language during a run"] > 2, done
    assert done["missed"] < 30, done
    report(f"monkey: {CLICKS} random actions on play.ipynb ({dict(done)}), then played to the "
           f"end: no error")
    check(page)
    close_page(page, voila_server)
