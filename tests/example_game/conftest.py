"""pytest imports every module it collects (``make test`` collects doctests): importing
the ``tub`` package registers its game in the test session by import, outside the
``icecream.games`` entry point every plug-in is loaded by. So pytest does not collect the
package's modules; the tests install Tub as a plug-in themselves (test_example_game.py),
and run the generic suite over it in an interpreter where it is installed."""

collect_ignore_glob = ["tub/*"]
