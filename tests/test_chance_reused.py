"""The reused generator of :mod:`icecream.core.chance` gives :func:`rng`'s very numbers,
in every thread at once (a hint's playouts run beside the page's own moves)."""

from __future__ import annotations

import threading

import pytest

from icecream.core.chance import randbelow, randbelow_of, rng, shuffle_in_place


@pytest.mark.parametrize("seed", [0, 7, -3, 2**70])
def test_randbelow_and_shuffle_in_place_are_rngs_numbers(seed):
    for k in range(60):
        for n in (1, 2, 3, 7, 8, 9, 16, 17, 31, 33, 100):
            assert randbelow("demo", seed, "steal", k, n) == rng("demo", seed, "steal",
                                                                 k).randrange(n)
        cards = list(range(k % 41))
        want = list(cards)
        rng("demo", seed, "shuffle", k).shuffle(want)
        shuffle_in_place("demo", seed, "shuffle", k, cards)
        assert cards == want


def test_threads_drawing_at_once_each_get_their_own_numbers():
    wrong: list[tuple[int, int]] = []

    def draw(seed: int) -> None:
        for k in range(1500):
            n = k % 37 + 1
            if randbelow("demo", seed, "steal", k, n) != rng("demo", seed, "steal",
                                                             k).randrange(n):
                wrong.append((seed, k))

    threads = [threading.Thread(target=draw, args=(seed,)) for seed in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not wrong


@pytest.mark.parametrize("seed", [0, 11, 2**70])
def test_randbelow_of_draws_randbelows_numbers(seed):
    below = randbelow_of("demo", seed, "steal")
    for k in range(80):
        for n in (1, 2, 3, 5, 8, 9, 17, 31, 33, 300):
            assert below(k, n) == randbelow("demo", seed, "steal", k, n)
