

def test_gm_render_without_highlight_marks_no_option():
    # The quiz shows the table without its options marked (it would give the answer away).
    import icecream

    s = icecream.new_game("gelato-mio", players=2, seed=3)
    spec = s.game
    assert "ic-option" in spec.render_svg(s, s.current_player, "en")
    assert "ic-option" not in spec.render_svg(s, s.current_player, "en", highlight=False)
