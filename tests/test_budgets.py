"""Time budgets for what a page computes (issue 17): hints, position what-ifs and
comparisons stop at their limit or on Stop with a partial result that says so; rollouts
use each game's own rollout policy; every game offers comparisons in its own terms."""

from __future__ import annotations

import threading
import time

import pytest

import icecream
from icecream import get_game, list_games
from icecream.bots import decide, make_bot
from icecream.core.messages import t
from icecream.explore.budget import Budget
from icecream.explore.compare import compare, derived_presets, preset_label, presets
from icecream.explore.metrics import metrics_table
from icecream.explore.position import NoSamples, what_if
from icecream.teach.hints import HintError, hint
from icecream.widgets.budget import BudgetRunner, from_page
from icecream.widgets.hints import HintPanel
from icecream.widgets.whatif import PositionWhatIf, RulesetComparison, comparison_table

#: Budgets are response times: make test runs these with the machine to itself.
pytestmark = pytest.mark.alone


def _mid_game(game: str, players: int = 3, moves: int = 40, seed: int = 5):
    """A position of a game between heuristic bots (a plausible one, not a random one);
    random ones for a game without a heuristic (a game's own policies are optional)."""
    s = icecream.new_game(game, players=players, seed=seed)
    kind = "heuristic" if "heuristic" in icecream.get_game(game).policies else "random"
    bots = [make_bot(kind, seed=q) for q in range(players)]
    for _ in range(moves):
        after = s.apply(decide(bots[s.current_player], s, s.current_player))
        if after.is_over:  # a short game: the last position with a decision left
            break
        s = after
    return s


# -- the budget itself --------------------------------------------------------------------
def test_budget_expires_at_its_time_and_on_stop() -> None:
    b = Budget(0.05)
    assert not b.expired()
    time.sleep(0.06)
    assert b.expired() and b.reason == "time"
    s = Budget(None)
    press = threading.Timer(0.01, s.stop)  # another thread presses Stop
    press.start()
    press.join(10)  # waited for, not slept on: a loaded machine may start it late
    assert s.expired() and s.reason == "stopped"
    with pytest.raises(ValueError):
        Budget(0)


def test_a_part_of_a_budget_gets_its_share_of_the_time_left_and_its_stop() -> None:
    whole = Budget(10)
    half, rest = whole.part(0.5), whole.part()
    assert 4 < half.deadline - time.monotonic() <= 5 < rest.deadline - time.monotonic() <= 10
    assert not half.expired()
    whole.stop()  # Stop on the page stops both parts
    assert half.expired() and half.reason == "stopped" and rest.stopped
    assert Budget(None).part(0.5).deadline is None


def test_budget_reports_progress_throttled_but_always_the_last() -> None:
    seen: list[tuple[int, int]] = []
    b = Budget(None, progress=lambda d, n: seen.append((d, n)), every=10)
    for k in range(100):
        b.report(k, 100)
    b.report(100, 100, force=True)
    assert seen == [(0, 100), (100, 100)]


# -- rollouts and the game's own policy ---------------------------------------------------
def test_gelato_mio_names_a_rollout_policy_that_ends_its_games_in_table_length() -> None:
    spec = get_game("gelato-mio")
    # Every game's what-ifs and hints play out with its cheap rollout policy (issue 29).
    assert spec.rollout_policy == "rollout"
    assert get_game("ice-cream").rollout_policy == "rollout"
    assert get_game("combo-cone").rollout_policy == "rollout"
    rounds = []
    for seed in range(4):
        s = icecream.new_game("gelato-mio", players=3, seed=seed)
        bots = [make_bot(spec.rollout_policy, seed=q) for q in range(3)]
        steps = 0
        while not s.is_over:
            s.apply_in_place(decide(bots[s.current_player], s, s.current_player))
            steps += 1
            assert steps < 2000, "a heuristic Gelato Mio game must end in hundreds of steps"
        rounds.append(s.round)
    # Uniformly random players take thousands of decisions; these games end like a
    # table's (GM-9: a ball pile runs out), in well under 100 rounds.
    assert max(rounds) < 100, rounds


def test_gelato_mio_heuristic_serves_customers_gm_6() -> None:
    spec = get_game("gelato-mio")
    served = 0
    for seed in range(3):
        s = icecream.new_game("gelato-mio", players=3, seed=seed)
        bots = [make_bot(spec.rollout_policy, seed=q) for q in range(3)]
        while not s.is_over:
            s.apply_in_place(decide(bots[s.current_player], s, s.current_player))
        served += sum(len(x) for x in s.view(None).served)
    assert served >= 9, served  # about 6 customers a game between three players


@pytest.mark.parametrize("game", list_games())
def test_what_if_uses_the_games_rollout_policy(game: str) -> None:
    s = _mid_game(game, moves=10)
    table = what_if(s, n=2, seed=1)
    assert table.attrs["policy"] == get_game(game).rollout_policy
    assert not table.attrs["partial"] and table.attrs["samples"] == 2


# -- partial results ---------------------------------------------------------------------
def test_a_position_what_if_stops_at_its_budget_and_says_how_many_samples() -> None:
    s = _mid_game("combo-cone", moves=20)
    start = time.monotonic()
    table = what_if(s, n=2000, seed=1, budget=Budget(1.5))
    took = time.monotonic() - start
    assert took < 3.0, took  # the budget, and the table made from its samples
    info = table.attrs
    assert info["partial"] and info["reason"] == "time" and info["requested"] == 2000
    # Options the race dropped played fewer samples, and say after how many.
    alive = ~table["dropped"].astype(bool)
    assert 1 <= info["samples"] < 2000 and (table[alive]["samples"] == info["samples"]).all()
    assert (table[~alive]["samples"] == table[~alive]["dropped_after"]).all()


def test_a_stopped_what_if_with_no_sample_finished_is_a_clear_error() -> None:
    b = Budget(None)
    b.stop()
    with pytest.raises(NoSamples):
        what_if(_mid_game("ice-cream", moves=2), n=5, budget=b)


def test_gelato_mio_what_if_never_outlives_its_budget() -> None:
    # A Gelato Mio sample plays every option to the end (about 0.1 s each on this
    # machine); on a busy machine not one may finish: then it says so, in time.
    s = _mid_game("gelato-mio", moves=60)
    start = time.monotonic()
    try:
        table = what_if(s, n=2000, seed=1, budget=Budget(1.0))
        assert table.attrs["partial"]
    except NoSamples:
        pass
    assert time.monotonic() - start < 4.0  # the limit, a look at the clock every 64 moves


def test_a_hint_within_its_budget_says_it_is_partial() -> None:
    s = _mid_game("combo-cone", moves=20)
    h = hint(s, samples=2000, budget=Budget(1.5))
    assert h.partial and h.requested == 2000 and 1 <= h.samples < 2000
    said = t("teach.hint.partial.time", samples=h.samples, requested=2000)
    assert said in h.method() and said in h.text()
    full = hint(icecream.new_game("ice-cream", players=3, seed=2), samples=3)
    assert not full.partial and "rough" not in full.text()


def test_a_hint_stopped_before_one_game_is_a_hint_error() -> None:
    b = Budget(None)
    b.stop()
    with pytest.raises(HintError, match="no hint yet"):
        hint(_mid_game("ice-cream", moves=2), samples=5, budget=b)


def test_a_comparison_within_its_budget_plays_whole_pairs_and_says_so() -> None:
    c = compare({"ruleset": "rulebook"}, {"ruleset": "review"}, games=5000, players=3,
                bots=None, game="gelato-mio", budget=Budget(2.0))
    assert c.partial and c.reason == "time" and c.requested == 5000
    assert 1 <= c.games < 5000
    counts = c.frame.groupby("config")["game"].nunique()
    assert list(counts) == [c.games, c.games]  # the same games of both settings
    assert (c.table["n_a"].dropna() <= c.games * 3).all()


def test_a_budgeted_comparison_plays_the_same_games_as_an_unbudgeted_one() -> None:
    a = compare({"ruleset": "rulebook"}, {"ruleset": "ijs"}, games=3, players=3)
    b = compare({"ruleset": "rulebook"}, {"ruleset": "ijs"}, games=3, players=3,
                budget=Budget(300))
    assert not b.partial and b.games == 3
    assert a.frame.equals(b.frame[a.frame.columns])


# -- every game compares, in its own terms ------------------------------------------------
@pytest.mark.parametrize("game", list_games())
def test_every_game_offers_ruleset_comparisons(game: str) -> None:
    named = presets(game)
    assert len(named) >= 2, named
    for setting in named.values():
        icecream.new_game(game, players=3, **setting)  # each is a valid setting
    for name in named:
        assert preset_label(name, "en", game) and preset_label(name, "nl", game)


def test_gelato_mio_compares_its_rulesets_and_the_flood_variant_gm_4() -> None:
    spec = get_game("gelato-mio")
    named = derived_presets(spec)
    assert named == {"rulebook": {"ruleset": "rulebook"}, "review": {"ruleset": "review"},
                     "flood": {"ruleset": "rulebook", "flood": True}}
    # refill=every_spot plays exactly as the review ruleset: not offered twice.
    assert not any(v.get("refill") == "every_spot" for v in named.values())


@pytest.mark.parametrize("game", ["combo-cone", "gelato-mio"])
def test_metric_texts_speak_of_the_games_own_terms(game: str) -> None:
    c = compare({"ruleset": "rulebook"}, {"ruleset": "review"}, games=2, players=3,
                game=game)
    for lang in ("en", "nl"):
        table = metrics_table(c.frame[c.frame["config"] == 0], lang=lang)
        text = " ".join(table["description"])
        assert "Ice Cream, day" not in text and "IC-15" not in text, text
        assert "IJs: dag" not in text and "bij IJs" not in text, text


# -- the widgets -------------------------------------------------------------------------
def test_runner_runs_in_the_background_and_stops_on_request() -> None:
    r = BudgetRunner(seconds=30)
    out: list = []

    def work(budget: Budget) -> int:
        k = 0
        while not budget.expired():
            k += 1
            time.sleep(0.01)
        return k

    assert r.start(work, lambda result, error: out.append((result, error)))
    assert r.running and r.layout.display == ""
    assert not r.start(work, lambda *a: None)  # one run at a time
    time.sleep(0.1)
    start = time.monotonic()
    r.stop()
    assert r.wait(5) and time.monotonic() - start < 1.0
    assert out and out[0][0] > 0 and out[0][1] is None and r.budget.reason == "stopped"
    assert r.layout.display == "none"


def test_runner_passes_errors_to_done() -> None:
    r = BudgetRunner(seconds=5)
    out: list = []
    r.start(lambda b: 1 / 0, lambda res, err: out.append(err), background=False)
    assert isinstance(out[0], ZeroDivisionError) and not r.running


def test_from_page_is_false_outside_a_kernel() -> None:
    assert from_page() is False


def test_comparison_table_reads_like_a_person_writes() -> None:
    w = RulesetComparison(games=4, players=3, seconds=60)
    assert w.run()
    table = comparison_table(w.comparison)  # rows of texts, keyed by the column headers
    text = " | ".join(str(v) for r in table for v in r.values())
    assert "e-0" not in text and "[" not in text
    shares = next(list(r.values()) for r in table
                  if list(r.values())[0] == t("explore.metric.balance.name"))
    assert shares[1].endswith(")") and "%" in shares[1]
    assert t("widgets.whatif.no_difference") in text  # 4 games tell little apart
    assert w.conclusions.value.count("<li>") >= 1
    dutch = " | ".join(str(v) for r in comparison_table(w.comparison, "nl") for v in r.values())
    assert t("widgets.whatif.no_difference", "nl") in dutch


def test_position_what_if_shows_a_conclusion_and_a_partial_status() -> None:
    assert PositionWhatIf(_mid_game("gelato-mio")).policy.value == "rollout"
    s = _mid_game("combo-cone", moves=20)
    w = PositionWhatIf(s, samples=2000, seconds=1)
    assert w.run()
    assert w.result.partial and w.result.reason == "time"
    assert "Stopped at the time limit" in w.status.value
    assert w.conclusion.value.count("<li>") == 1


def test_hint_panel_thinks_longer_on_request() -> None:
    s = _mid_game("combo-cone", moves=20)
    panel = HintPanel(s, samples=2000, seconds=0.5)
    budgets = []  # the time each run was given; games played depend on the machine's load
    start = panel.runner.start

    def recording_start(work, done, seconds, **kw):
        budgets.append(seconds)
        return start(work, done, seconds=seconds, **kw)

    panel.runner.start = recording_start
    panel.set_enabled(True)
    first = panel.hint
    assert first is not None and first.partial
    assert panel.more.layout.display == ""
    assert t("teach.ui.hint_more") == panel.more.description
    assert panel.think_longer()
    assert budgets == [0.5, 1.0]
    assert panel.hint is not None and panel.hint.samples > 0 and panel.hint is not first
    assert "Ask for more samples" not in panel.output.value


@pytest.mark.parametrize("game", list_games())
def test_every_rulebook_example_step_has_a_caption(game: str) -> None:
    for eid, ex in get_game(game).examples().items():
        for k in range(len(ex.steps)):
            for lang in ("en", "nl"):
                assert ex.step_note(k, lang).strip(), (game, eid, k, lang)


def test_a_hint_always_plays_one_game_per_option_unless_stopped() -> None:
    s = _mid_game("gelato-mio", moves=60)
    h = hint(s, samples=50, budget=Budget(0.01))
    # Every option played out, or the best ranked that the game caps a hint at (when
    # its rollout policy ranks options).
    from icecream.teach.hints import _best_ranked

    actions, _of, _by = _best_ranked(s, s.game.rollout_policy, 0)
    played = len(actions) if actions is not None else len(s.legal_actions())
    assert h.partial and h.samples == 1 and len(h.options) == played
    assert all(o.samples == 1 and not o.dropped for o in h.options)


def test_stop_ends_a_run_of_moves_from_another_thread() -> None:
    from icecream.core.history import History
    from icecream.widgets.explorer import GameExplorer
    from icecream.widgets.session import Session

    session = Session(History.new("gelato-mio", players=3, seed=1),
                      bots=["random"] * 3)  # thousands of moves: a run to stop
    seen: list[int] = []
    session.on_step = seen.append
    threading.Timer(0.3, session.stop_run.set).start()
    start = time.monotonic()
    steps = session.play_to_end()
    assert time.monotonic() - start < 4.0  # the limit, a look at the clock every 64 moves
    assert session.paused and not session.state.is_over and seen[-1] == steps
    explorer = GameExplorer(game="ice-cream", players=3, seed=1, bots=["random"] * 3)
    assert "ic-budget" in explorer.run_box._dom_classes
    assert explorer.play_to_end() and explorer.state.is_over  # in Python: at once


def test_position_conclusion_keeps_the_gap_inside_its_range() -> None:
    import pandas as pd

    from icecream.teach.conclusions import position_conclusion

    s = icecream.new_game("ice-cream", players=3, seed=2)
    acts = [a.to_dict() for a in s.legal_actions()]
    rows = pd.DataFrame([
        {"action": acts[0], "seat": 0, "samples": 2, "win_rate": 1.0, "win_low": 0.3,
         "win_high": 1.0, "mean_score": 32.5, "vs_best": 0.0, "vs_best_low": 0.0,
         "vs_best_high": 0.0},
        {"action": acts[1], "seat": 0, "samples": 2, "win_rate": 0.5, "win_low": 0.1,
         "win_high": 0.9, "mean_score": 32.0, "vs_best": -0.5, "vs_best_low": -11.0,
         "vs_best_high": 10.0}])
    text = position_conclusion(rows, s)
    # The range runs through 0: no measurable difference, said with the row's own range.
    assert "-0.5 (-11.0 to +10.0) points" in text and "no measurable difference" in text, text
    assert "lower" not in text, text
