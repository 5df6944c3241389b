"""A game as data: seating (R1-R4), recording rounds, refusals and undo."""

from __future__ import annotations

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_cli.errors import NotationError, RefusedError, RummyError
from rummy_cli.games.manipulation.game import Game, RoundEntry, new_game, record_round, undo_round
from rummy_cli.games.manipulation.rules import MANIPULATION_RUMMY, Rules
from rummy_cli.games.manipulation.scoring import RoundResult
from rummy_cli.hands import HandEntry
from rummy_cli.players import find_player, find_player_by_prefix

NAMES = ["Ann", "Ben", "Cy", "Dee", "Eve", "Fay"]


def _game(n: int = 3, dealer: str = "Ann") -> Game:
    return new_game(NAMES[:n], dealer=dealer)


def _played(game: Game, *rounds: tuple[str | None, dict[str, HandEntry]]) -> Game:
    for knocker, hands in rounds:
        game, _ = record_round(game, knocker, hands)
    return game


def _finished() -> Game:
    """Ann knocks with an empty hand against 130: 155 points, the game is over (R24)."""
    return _played(new_game(["Ann", "Ben"], dealer="Ann"), ("Ann", {"Ann": "", "Ben": 130}))


# --- R1: 2 to 5 players ----------------------------------------------------------------

@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_r1_two_to_five_players(n: int) -> None:
    game = new_game(NAMES[:n], dealer="Ann")
    assert game.players == tuple(NAMES[:n])
    assert game.rounds == ()


@pytest.mark.parametrize("n", [0, 1, 6])
def test_r1_other_counts_refused(n: int) -> None:
    with pytest.raises(RefusedError, match=rf"2 to 5 players, not {n} \(R1\)"):
        new_game(NAMES[:n])


@pytest.mark.parametrize("names", [
    ["Ann", "Ann"],
    ["Ann", "ann"],
    ["Ann", "Ben", "ANN"],
    ["Straße", "STRASSE"],
    ["Zo\u00eb", "Zoe\u0308"],  # the same name typed composed and decomposed
    ["ZO\u00cb", "zoe\u0308"],
])
def test_r1_duplicate_names_refused_in_any_case(names: list[str]) -> None:
    with pytest.raises(RefusedError, match="two players are called"):
        new_game(names, dealer=names[0].strip())


@pytest.mark.parametrize("name", ["", "  ", "A=B", "Ann,Ben", "A/B", "A|B", "A\nB", "A\tB",
                                  "Ann\x7f", "\x1b[31mAnn", "\udcff", "A\u200bB", "-Ben",
                                  "--knock"])
def test_r1_unusable_names_refused(name: str) -> None:
    with pytest.raises(RefusedError):
        new_game(["Zed", name], dealer="Zed")


@pytest.mark.parametrize("name", ["Zoë", "李", "Anne Marie", "O'Hara", "#1", "true", "12"])
def test_r1_unusual_but_printable_names_allowed(name: str) -> None:
    assert new_game(["Zed", name], dealer=name).first_dealer == name


@pytest.mark.parametrize("name", [" Ann", "Ben  ", "\u00a0Cy", "Dee\u00a0", "\tEve"])
def test_r1_names_with_surrounding_spaces_are_refused_not_trimmed(name: str) -> None:
    with pytest.raises(RefusedError, match="starts or ends with a space"):
        new_game(["Zed", name], dealer="Zed")


def test_r1_names_are_unicode_normalised() -> None:
    decomposed = "Zoe\u0308"
    game = new_game([decomposed, "Ben"], dealer="Ben")
    assert game.players == ("Zo\u00eb", "Ben")
    assert find_player(game.players, decomposed) == "Zo\u00eb"
    assert find_player(game.players, "ZO\u00cb") == "Zo\u00eb"


def test_r1_absurdly_long_names_are_refused() -> None:
    assert new_game(["x" * 40, "Ben"], dealer="Ben").players[0] == "x" * 40
    with pytest.raises(RefusedError, match="at most 40 characters"):
        new_game(["x" * 41, "Ben"], dealer="Ben")
    with pytest.raises(RefusedError, match="at most 40 characters"):
        new_game(["x" * 1025, "Ben"], dealer="Ben")


# --- R2: decks -------------------------------------------------------------------------

@pytest.mark.parametrize(("n", "decks"), [(2, 1), (3, 2), (4, 2), (5, 2)])
def test_r2_decks_for(n: int, decks: int) -> None:
    assert MANIPULATION_RUMMY.decks_for(n) == decks
    assert new_game(NAMES[:n], dealer="Ann").decks == decks


# --- R3, R4: the first dealer, the deal passing left -----------------------------------

@pytest.mark.parametrize("seed", [0, 1, 2, 7, 42, 2024])
def test_r3_random_dealer_repeatable_with_seed(seed: int) -> None:
    dealers = {new_game(NAMES[:4], seed=seed).first_dealer for _ in range(5)}
    assert len(dealers) == 1
    assert dealers <= set(NAMES[:4])


def test_r3_random_dealer_can_be_anyone() -> None:
    dealers = {new_game(NAMES[:4], seed=seed).first_dealer for seed in range(60)}
    assert dealers == set(NAMES[:4])


@pytest.mark.parametrize("given", ["Cy", "cy", "CY", " cY "])
def test_r3_dealer_given_in_any_case(given: str) -> None:
    assert new_game(NAMES[:4], dealer=given).first_dealer == "Cy"


def test_r3_unknown_dealer_refused_with_a_suggestion() -> None:
    with pytest.raises(RefusedError, match="did you mean 'Ben'"):
        new_game(NAMES[:3], dealer="Bne")


def test_r4_dealer_and_leader_pass_left_each_round() -> None:
    game = new_game(NAMES[:3], dealer="Cy")
    seen = []
    for _ in range(4):
        seen.append((game.next_dealer(), game.next_leader()))
        game = _played(game, (None, {"Ann": 5, "Ben": 5, "Cy": 5}))
    assert seen == [("Cy", "Ann"), ("Ann", "Ben"), ("Ben", "Cy"), ("Cy", "Ann")]
    assert [game.dealer_of(n) for n in range(1, 5)] == ["Cy", "Ann", "Ben", "Cy"]


def test_r4_no_next_dealer_once_over() -> None:
    game = _finished()
    assert game.next_dealer() is None
    assert game.next_leader() is None


# --- find_player -----------------------------------------------------------------------

@pytest.mark.parametrize(("typed", "found"), [
    ("Ben", "Ben"), ("ben", "Ben"), ("BEN", "Ben"), (" ben ", "Ben"), ("dee", "Dee"),
])
def test_find_player_any_case(typed: str, found: str) -> None:
    assert find_player(NAMES[:4], typed) == found


@pytest.mark.parametrize(("typed", "suggested"), [
    ("Bne", "Ben"), ("bne", "Ben"), ("Benn", "Ben"), ("bem", "Ben"), ("an", "Ann"),
    ("DEEE", "Dee"),
])
def test_find_player_suggests_the_closest(typed: str, suggested: str) -> None:
    with pytest.raises(RefusedError) as info:
        find_player(NAMES[:4], typed)
    message = str(info.value)
    assert message.startswith(f"no player called {typed!r} in this game (Ann, Ben, Cy, Dee)")
    assert message.endswith(f"did you mean {suggested!r}?")


def test_find_player_no_suggestion_when_nothing_is_close() -> None:
    with pytest.raises(RefusedError) as info:
        find_player(NAMES[:3], "Zoltan")
    assert "did you mean" not in str(info.value)


# --- find_player_by_prefix ---------------------------------------------------------------

PREFIXED = ["Ann", "Anna", "Abe", "Ben"]


@pytest.mark.parametrize(("typed", "found"), [
    ("ann", "Ann"),  # a whole name wins over a longer name it starts
    ("ANNA", "Anna"), ("Ab", "Abe"), ("b", "Ben"), (" bE ", "Ben"), ("Ben", "Ben")])
def test_find_player_by_prefix_whole_name_else_the_only_start(typed: str, found: str) -> None:
    assert find_player_by_prefix(PREFIXED, typed) == found


@pytest.mark.parametrize(("typed", "message"), [
    ("A", "'A' could be Ann, Anna or Abe: type more"),
    ("an", "'an' could be Ann or Anna: type more"),
    ("Bne", "no player called 'Bne' in this game (Ann, Anna, Abe, Ben): did you mean 'Ben'?"),
    ("", "no player called '' in this game"),
    ("Annabel", "no player called 'Annabel'")])
def test_find_player_by_prefix_refuses_with_the_candidates(typed: str, message: str) -> None:
    with pytest.raises(RefusedError) as info:
        find_player_by_prefix(PREFIXED, typed)
    assert str(info.value).startswith(message)


@settings(max_examples=200)
@given(st.lists(st.text("abcAB", min_size=1, max_size=4), min_size=2, max_size=5,
                unique_by=str.casefold), st.text("abAB", max_size=3))
def test_find_player_by_prefix_finds_every_whole_name_and_only_names_that_start_so(
        players: list[str], typed: str) -> None:
    for p in players:
        assert find_player_by_prefix(players, p.swapcase()) == p
    try:
        found = find_player_by_prefix(players, typed)
    except RefusedError:
        return
    assert found.casefold().startswith(typed.casefold())


def test_record_round_takes_the_start_of_a_name() -> None:
    game = new_game(PREFIXED, dealer="Ann")
    _, result = record_round(game, "ab", {"ann": "3C", "ANNA": 9, "abe": 2, "b": 20})
    assert result.knocker == "Abe"
    assert result.hand_points == {"Ann": 3, "Anna": 9, "Abe": 2, "Ben": 20}
    with pytest.raises(RefusedError, match="^'a' could be Ann, Anna or Abe: type more$"):
        record_round(game, "a", {"Ann": 3, "Anna": 9, "Abe": 2, "Ben": 20})
    with pytest.raises(RefusedError, match="^Ben's hand was given twice$"):
        record_round(game, "Abe", {"Ann": 3, "Anna": 9, "Abe": 2, "Ben": 20, "be": 4})


# --- record_round ----------------------------------------------------------------------

def test_record_round_scores_and_appends() -> None:
    game = _game()
    updated, result = record_round(game, "ann", {"Ann": "3c", "BEN": "2d", "Cy": 20})
    assert result.scores == {"Ann": 0, "Ben": 29, "Cy": 0}
    assert updated.rounds == (RoundEntry("Ann", {"Ann": "3C", "Ben": "2D", "Cy": 20}),)
    assert game.rounds == ()  # the old value is untouched


def test_record_round_normalizes_cards() -> None:
    game = _game()
    updated, _ = record_round(game, None, {"Ann": "10h, as", "Ben": "Td qs", "Cy": "joker"})
    assert updated.rounds[0].hands == {"Ann": "10H AS", "Ben": "10D QS", "Cy": "JK"}


def test_r23_record_round_empty_hand_goes_out() -> None:
    game = _game()
    _, result = record_round(game, "Ben", {"Ann": "KS QS", "Ben": "", "Cy": "4C"})
    assert result.went_out == ("Ben",)
    assert result.scores["Ben"] == 20 + 4 + 25


def test_r2_copies_within_the_decks_are_fine() -> None:
    # three players, two decks: two 7H and two jokers may be left in hands
    game = _game(3)
    _, result = record_round(game, None, {"Ann": "7H JK", "Ben": "7H", "Cy": "JK"})
    assert result.hand_points == {"Ann": 32, "Ben": 7, "Cy": 25}


REFUSED: list[tuple[str, int, str | None, dict[str, HandEntry], str]] = [
    ("unknown_player", 3, "Ann", {"Ann": 1, "Ben": 2, "Cy": 3, "Zed": 4},
     "no player called 'Zed'"),
    ("unknown_knocker", 3, "Zed", {"Ann": 1, "Ben": 2, "Cy": 3}, "no player called 'Zed'"),
    ("missing_player", 3, "Ann", {"Ann": 1, "Ben": 2}, "no hand given for Cy"),
    ("missing_everyone", 2, None, {}, "no hand given for Ann, Ben"),
    ("hand_given_twice", 3, "Ann", {"Ann": 1, "Ben": 2, "ben": "3C", "Cy": 3},
     "Ben's hand was given twice"),
    ("bad_card", 3, "Ann", {"Ann": 1, "Ben": "7X", "Cy": 3}, "'7X' is not a card"),
    ("bad_card_one_h", 2, None, {"Ann": "1H", "Ben": 3}, "'1H' is not a card"),
    ("table_notation_in_hand", 2, None, {"Ann": "7H / 8H", "Ben": 3}, "'/' separates"),
    ("negative_total", 2, None, {"Ann": -1, "Ben": 3}, "cannot be negative"),
    ("bool_total", 2, None, {"Ann": True, "Ben": 3}, "must be cards or a total"),
    ("r2_one_deck_two_copies", 2, None, {"Ann": "7H", "Ben": "7H"},
     "7H appears twice, but 1 deck holds only 1"),
    ("r2_one_deck_in_one_hand", 2, None, {"Ann": "QS QS", "Ben": 3},
     "QS appears twice"),
    ("r2_two_decks_three_copies", 3, None, {"Ann": "7H 7H", "Ben": "7H", "Cy": 0},
     "7H appears 3 times, but 2 decks hold only 2"),
    ("r2_one_deck_two_jokers", 2, None, {"Ann": "JK", "Ben": "JOKER"}, "2 jokers"),
    ("r2_two_decks_three_jokers", 4, None, {"Ann": "JK", "Ben": "JK", "Cy": "JK", "Dee": 1},
     "3 jokers"),
    ("r17_knock_over_5_as_total", 3, "Ben", {"Ann": 1, "Ben": 6, "Cy": 3}, "R17"),
    ("r17_knock_over_5_as_cards", 3, "Ben", {"Ann": 1, "Ben": "KS", "Cy": 3}, "R17"),
    ("r17_knock_holding_a_joker", 2, "Ann", {"Ann": "JK", "Ben": 3}, "R17"),
]


@pytest.mark.parametrize(("n", "knocker", "hands", "message"),
                         [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED])
def test_record_round_refusals(n: int, knocker: str | None, hands: dict[str, HandEntry],
                               message: str) -> None:
    game = _played(_game(n), (None, {p: 9 for p in NAMES[:n]}))
    before = copy.deepcopy(game)
    with pytest.raises(RummyError, match=message.replace("(", r"\(").replace(")", r"\)")):
        record_round(game, knocker, hands)
    assert game == before


def test_bad_card_is_a_notation_error() -> None:
    with pytest.raises(NotationError, match="Ben's hand"):
        record_round(_game(), None, {"Ann": 1, "Ben": "ZZ", "Cy": 3})


def test_r24_round_after_game_over_refused() -> None:
    game = _finished()
    assert game.state.game_over
    before = copy.deepcopy(game)
    with pytest.raises(RefusedError, match=r"the game is over \(after round 1, won by Ann\)"):
        record_round(game, None, {"Ann": 1, "Ben": 2})
    assert game == before


def test_r24_game_ends_on_the_round_that_reaches_150() -> None:
    game = _game(2)
    game = _played(game, ("Ann", {"Ann": 1, "Ben": 100}))   # Ann 99
    assert not game.state.game_over
    game, result = record_round(game, "Ann", {"Ann": 0, "Ben": 26})   # Ann 99 + 26 + 25
    assert result.scores["Ann"] == 51
    assert game.state.game_over
    assert game.state.over_after == 2
    assert game.state.winners == ("Ann",)


def test_rules_of_the_game_are_used() -> None:
    game = new_game(["Ann", "Ben"], dealer="Ann", rules=Rules(target=20, knock_limit=9))
    game, result = record_round(game, "Ann", {"Ann": 9, "Ben": 30})
    assert result.scores == {"Ann": 21, "Ben": 0}
    assert game.state.game_over


# The three games of /work/shared/examples/games.yaml, copied here so they run anywhere,
# replayed through record_round with the cards as entered.
EXAMPLE_GAMES: list[tuple[str, list[str], str, str | None, dict[str, HandEntry],
                          dict[str, int], tuple[str, ...]]] = [
    ("undercut-three-players", ["Kim", "Lee", "Max"], "Max", "Kim",
     {"Kim": "2D 2S", "Lee": "AC AD", "Max": "9H 9C"}, {"Kim": 0, "Lee": 28, "Max": 0},
     ("Lee",)),
    ("knocker-wins-two-players", ["Kim", "Lee"], "Kim", "Lee",
     {"Kim": "QH JH 3C", "Lee": "4H"}, {"Kim": 0, "Lee": 19}, ("Lee",)),
    ("stock-runs-out", ["Kim", "Lee", "Max"], "Lee", None,
     {"Kim": 12, "Lee": 30, "Max": 14}, {"Kim": 20, "Lee": 0, "Max": 0}, ("Kim",)),
]


@pytest.mark.parametrize(("players", "dealer", "knocker", "hands", "scores", "winners"),
                         [c[1:] for c in EXAMPLE_GAMES], ids=[c[0] for c in EXAMPLE_GAMES])
def test_examples_replayed(players: list[str], dealer: str, knocker: str | None,
                           hands: dict[str, HandEntry], scores: dict[str, int],
                           winners: tuple[str, ...]) -> None:
    game = new_game(players, dealer=dealer)
    assert game.dealer_of(1) == dealer
    game, result = record_round(game, knocker, hands)
    assert result.scores == scores
    assert result.winners == winners
    assert [s.points for s in game.state.standings] == list(scores.values())
    assert not game.state.game_over


def test_r17_a_non_knocker_with_no_cards_is_refused() -> None:
    # playing every card ends the round as that player's knock, so nobody else can knock
    game = _game(3)
    for empty in ("", 0):
        with pytest.raises(RefusedError, match="Ben has no cards left, so Ben went out .* "
                                               "Ben is the knocker, not Ann"):
            record_round(game, "Ann", {"Ann": "3C", "Ben": empty, "Cy": 20})
    assert record_round(game, "Ben", {"Ann": "3C", "Ben": "", "Cy": 20})[1].winners == ("Ben",)


@pytest.mark.parametrize("knocker", [None, "Ann"])
def test_r17_only_one_player_can_go_out(knocker: str | None) -> None:
    with pytest.raises(RefusedError, match="only one player can go out"):
        record_round(_game(3), knocker, {"Ann": "", "Ben": 0, "Cy": 12})


def test_r23_an_empty_hand_in_a_stock_out_still_wins_the_bonus() -> None:
    _, result = record_round(_game(3), None, {"Ann": "3C", "Ben": "", "Cy": 20})
    assert result.scores["Ben"] == 3 + 20 + 25


@pytest.mark.parametrize(("n", "most"), [(2, 365), (3, 730)])
def test_r16_a_total_beyond_what_the_decks_hold_is_refused(n: int, most: int) -> None:
    hands: dict[str, HandEntry] = {p: 4 for p in NAMES[:n]}
    rest = most - 4 * (n - 1)  # all the decks are worth, less the other hands (R2)
    assert record_round(_game(n), None, {**hands, "Ann": rest})[1].hand_points["Ann"] == rest
    with pytest.raises(RefusedError, match=f"the hands together hold {most + 1} points "
                                           f"\\(Ann {rest + 1}, Ben 4.*\\), more than all the "
                                           f"cards of {n - 1} decks? are worth \\({most}\\)"):
        record_round(_game(n), None, {**hands, "Ann": rest + 1})
    with pytest.raises(RefusedError, match=f"Ann's hand total {most + 1} is more than all the "
                                           f"cards of {n - 1} decks? (is|are) worth \\({most}\\)"):
        record_round(_game(n), None, {**hands, "Ann": most + 1})


def test_a_declared_joker_in_a_hand_is_refused() -> None:
    with pytest.raises(RefusedError, match="Ann's hand: JK=7H: a joker in a hand stands for "
                                           "nothing yet; write it JK"):
        record_round(_game(3), None, {"Ann": "3C JK=7H", "Ben": 4, "Cy": 5})


# --- undo_round ------------------------------------------------------------------------

def test_undo_round_takes_back_the_last() -> None:
    game = _played(_game(2), ("Ann", {"Ann": 1, "Ben": 10}), ("Ben", {"Ann": 9, "Ben": 2}))
    undone, entry = undo_round(game)
    assert entry == RoundEntry("Ben", {"Ann": 9, "Ben": 2})
    assert len(undone.rounds) == 1
    assert [s.points for s in undone.state.standings] == [9, 0]
    assert undone.next_dealer() == "Ben"


def test_undo_round_reopens_a_finished_game() -> None:
    undone, _ = undo_round(_finished())
    assert not undone.state.game_over
    assert undone.rounds == ()


def test_undo_round_with_no_rounds_refused() -> None:
    with pytest.raises(RefusedError, match="no round to take back"):
        undo_round(_game())


def test_undo_then_record_gives_the_same_game() -> None:
    game = _played(_game(3), ("Ann", {"Ann": 1, "Ben": 10, "Cy": 4}))
    again = _played(undo_round(game)[0], ("Ann", {"Ann": 1, "Ben": 10, "Cy": 4}))
    assert again == game


# --- properties ------------------------------------------------------------------------

@st.composite
def entered_rounds(draw: st.DrawFn, players: tuple[str, ...]
                   ) -> tuple[str | None, dict[str, HandEntry]]:
    knocker = draw(st.one_of(st.none(), st.sampled_from(players)))
    # only one player may have gone out (R17): the knocker, or anyone in a stock-out
    hands: dict[str, HandEntry] = {p: draw(st.integers(1, 80)) for p in players}
    if knocker is not None:
        hands[knocker] = draw(st.integers(0, 5))
    elif draw(st.booleans()):
        hands[draw(st.sampled_from(players))] = 0
    return knocker, hands


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 5).flatmap(
    lambda n: st.tuples(st.just(n), st.lists(entered_rounds(tuple(NAMES[:n])), max_size=12))))
def test_property_totals_are_round_scores_plus_end_bonuses(
        case: tuple[int, list[tuple[str | None, dict[str, HandEntry]]]]) -> None:
    n, rounds = case
    game = new_game(NAMES[:n], dealer="Ann")
    results = []
    for knocker, hands in rounds:
        if game.state.game_over:
            break
        game, result = record_round(game, knocker, hands)
        results.append(result)
    state = game.state
    assert state.rounds_played == len(results)
    over = any(s.points >= 150 for s in state.standings)
    assert state.game_over == over
    for line in state.standings:
        assert line.points == sum(r.scores[line.name] for r in results)
        wins = sum(line.name in r.winners for r in results)
        assert line.rounds_won == wins
        assert line.round_bonus == (25 * wins if over else 0)
        assert line.game_bonus == (100 if over and line.points >= 150 else 0)
        assert line.total == line.points + line.round_bonus + line.game_bonus
        assert line.total >= 0
    if over:
        best = max(s.total for s in state.standings)
        assert state.winners == tuple(s.name for s in state.standings if s.total == best)
        # R24: the game ended on the last round, not before
        before = _points_of(results[:-1], game.players)
        assert all(v < 150 for v in before.values())
    else:
        assert state.winners == ()


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 5).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(entered_rounds(tuple(NAMES[:n])), max_size=8), st.integers(0, 3))))
def test_property_carried_results_equal_a_fresh_scoring(
        case: tuple[int, list[tuple[str | None, dict[str, HandEntry]]], int]) -> None:
    """Recording and undoing rounds keep the scored results instead of scoring anew:
    the standings must be those of the same rounds scored from scratch."""
    n, rounds, undos = case
    game = new_game(NAMES[:n], dealer="Ann")
    for knocker, hands in rounds:
        if game.state.game_over:
            break
        game, _ = record_round(game, knocker, hands)
    for _ in range(min(undos, len(game.rounds))):
        game, _ = undo_round(game)
    fresh = Game(game.players, game.first_dealer, game.rules, game.rounds)
    assert game.results == fresh.results
    assert game.state == fresh.state


def _points_of(results: list[RoundResult], players: tuple[str, ...]) -> dict[str, int]:
    return {p: sum(r.scores[p] for r in results) for p in players}


def _valid_hands(seat: int) -> list[HandEntry]:
    """Hands that never clash between seats: each seat holds cards of its own suit."""
    suit = "shdc"[seat % 4]
    return ["", f"3{suit}", f"7{suit}", f"K{suit}", f"A{suit} 2{suit}", f"10{suit},q{suit}"]


def _knock_hands(seat: int) -> list[HandEntry]:
    suit = "SHDC"[seat % 4]
    return ["", f"3{suit}", f"A{suit} 2{suit}", f"A{suit}", 0, 5]


MUTATIONS = ["none", "unknown player", "missing player", "twice in another case",
             "bad card", "negative total", "knock over 5", "too many copies", "unknown knocker",
             "game over", "declared joker in hand", "total beyond the decks",
             "non-knocker went out", "two went out"]


@st.composite
def maybe_bad_rounds(draw: st.DrawFn, players: tuple[str, ...]
                     ) -> tuple[str, str | None, dict[str, HandEntry]]:
    """A valid round, then perhaps one thing the rules refuse."""
    knocker = draw(st.one_of(st.none(), st.sampled_from(players)))
    # only one player may hold nothing (R17): the knocker, or anyone in a stock-out
    hands: dict[str, HandEntry] = {
        p: draw(st.one_of(st.integers(1, 60), st.sampled_from(_valid_hands(i)[1:])))
        for i, p in enumerate(players)}
    if knocker is not None:
        hands[knocker] = draw(st.sampled_from(_knock_hands(players.index(knocker))))
    elif draw(st.booleans()):
        hands[draw(st.sampled_from(players))] = draw(st.sampled_from(["", 0]))
    mutation = draw(st.sampled_from(MUTATIONS))
    victim = draw(st.sampled_from(players))
    if mutation == "unknown player":
        hands["Zed"] = 3
    elif mutation == "missing player":
        del hands[victim]
    elif mutation == "twice in another case":
        hands[victim.upper() if victim != victim.upper() else victim.lower()] = 4
    elif mutation == "bad card":
        hands[victim] = draw(st.sampled_from(["1H", "7X", "7H / 8H", "=", "JK=JK", "KS!"]))
    elif mutation == "negative total":
        hands[victim] = -draw(st.integers(1, 9))
    elif mutation == "knock over 5":
        knocker = victim
        hands[victim] = draw(st.sampled_from([6, 30, "KS", "JK", "3C 3D"]))
    elif mutation == "too many copies":
        hands[victim] = "9D " * 3
    elif mutation == "unknown knocker":
        knocker = "Bob"
    elif mutation == "declared joker in hand":
        hands[victim] = "JK=7H"
    elif mutation == "total beyond the decks":
        hands[victim] = draw(st.integers(731, 10**30))
    elif mutation == "non-knocker went out":
        others = [p for p in players if p != victim]
        knocker = draw(st.sampled_from(others))
        hands[knocker] = 2
        hands[victim] = draw(st.sampled_from(["", 0]))
    elif mutation == "two went out":
        others = [p for p in players if p != victim]
        knocker = draw(st.sampled_from([None, victim]))
        hands[victim] = ""
        hands[draw(st.sampled_from(others))] = draw(st.sampled_from(["", 0]))
    return mutation, knocker, hands


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 4).flatmap(lambda n: st.tuples(
    st.just(n), st.integers(0, 2), maybe_bad_rounds(tuple(NAMES[:n])))))
def test_property_a_refused_record_leaves_the_game_unchanged(
        case: tuple[int, int, tuple[str, str | None, dict[str, HandEntry]]]) -> None:
    n, played, (mutation, knocker, hands) = case
    game = new_game(NAMES[:n], dealer="Ann")
    for _ in range(played):
        game = _played(game, (None, {p: 4 for p in game.players}))
    if mutation == "game over":
        game = _played(game, ("Ann", {p: 0 if p == "Ann" else 160 for p in game.players}))
    before = copy.deepcopy(game)
    if mutation == "none":
        updated, result = record_round(game, knocker, hands)
        assert updated.rounds[:-1] == game.rounds
        assert len(updated.rounds) == len(game.rounds) + 1
        assert all(s >= 0 for s in result.scores.values())
    else:
        with pytest.raises(RummyError):
            record_round(game, knocker, hands)
    assert game == before
