"""The rulesets' words the pages show: names, descriptions, options and their choices.

They are written in the rules modules (pure code, in English); the pages say them in the
reader's language (`| translate`), so they are listed here for the catalogs. A test
(tests/test_pages_in_languages.py) holds this list to the registry: a new ruleset or option
fails it until its words are here and translated.
"""

from scorekeeper.words import say

WORDS = (
    say("11 Point Black Tile"),
    say(
        "Dominoes Hearts: each tile of the 3-suit costs 1 point and the 0-0 costs 4; lowest total wins."
    ),
    say("3 players: the winner of the first trick takes the leftover tile (the widow)"),
    say("Fixed number of hands (a multiple of the number of players)"),
    say("Play until somebody reaches this many points"),
    say("21 Point Black Tile"),
    say(
        "Black Tile with 21 penalty points: tiles of 5, 6 or 7 pips cost 1 and the 0-0 costs 11; lowest total wins."
    ),
    say("Block Dominoes"),
    say(
        "No drawing: the first out, or the lightest hand when blocked, scores the others' pips minus their own."
    ),
    say("Domino set"),
    say("double-six"),
    say("double-nine"),
    say("Winner scores: the difference (others' pips minus own) or all others' pips"),
    say("difference"),
    say("others"),
    say("Points to win"),
    say("Double the hand when the last tile could go on either end (British clubs)"),
    say("Double the hand when the winner goes out with a double (British clubs)"),
    say("Draw Dominoes"),
    say(
        "Draw from the boneyard when you cannot play; the first out scores all the pips left in the other hands."
    ),
    say("Eighty"),
    say(
        "Two partnerships bid 50-80 for the points of 10 tricks (2 each) and the count tiles (60); the bidders must make their bid or the other team scores it."
    ),
    say("Nel-O bids allowed (the bidder must lose every trick)"),
    say("Points for a Nel-O hand"),
    say("Score 1 mark per hand won instead of points"),
    say("Marks to win (with marks)"),
    say("Fives and Threes"),
    say(
        "Score when the two open ends count a multiple of 5 or 3 (15 scores 8), 1 for chipping out; the first to exactly 61 wins."
    ),
    say("Finish exactly on the target (overshoots do not score)"),
    say("Muggins calls: a missed score goes to the caller's side"),
    say("Moon"),
    say(
        "Bid on the tricks you will take out of seven, or shoot the moon for 21; make the bid or lose it."
    ),
    say("Muggins (All Fives)"),
    say(
        "Score the open ends whenever they add up to a multiple of five; the first out scores the others' pips to the nearest five."
    ),
    say("Score one point per five (cribbage-board play; the target becomes 61)"),
    say("Texas 42"),
    say(
        "Two partnerships bid for the 42 points of a hand (7 tricks and 35 count) in points or marks; the bidders make their bid or are set."
    ),
    say("Score in"),
    say("marks"),
    say("points"),
    say("Marks to win (scoring in marks)"),
    say("Points to win (scoring in points)"),
    say("When everybody passes"),
    say("forced"),
    say("redeal"),
    say("Nello bids allowed (the bidder must lose every trick)"),
    say("Plunge bids allowed (4 doubles, at least 4 marks)"),
    say("Splash bids allowed (3 doubles, 2 or 3 marks)"),
    say("Sevens bids allowed (closest to 7 wins the trick)"),
    say("Mexican Train"),
    say(
        "A round from each double down to 0-0; everybody scores the pips left in their own hand, and the lowest total wins."
    ),
    say("double-twelve"),
    say("Rounds (13 with double-twelve, 10 with double-nine)"),
    say("What a 0-0 left in a hand scores (0 face value; 25 or 50 house rules)"),
    say("A tie for lowest goes to whoever went out in the most rounds"),
    say("Partnership Dominoes (Latin American / Caribbean)"),
    say(
        "Dominican, Puerto Rican and Cuban partnership dominoes: the team that dominoes or wins the tranque scores the pips left, with capicúa and pase corrido."
    ),
    say(
        "Domino set (double-nine is the Cuban game: unless changed, to 100 on the opponents' hands, without capicúa or pase corrido)"
    ),
    say("The winners score the pips of all hands, or of the opponents' hands only"),
    say("all"),
    say("opponents"),
    say("Who wins a tranque (a blocked game)"),
    say("team"),
    say("individual"),
    say("closer_right"),
    say("closer_left"),
    say("Capicúa bonus (0: none)"),
    say("Pase corrido bonus (0: none)"),
    say("Chuchazo bonus, dominoing with the 0-0 (0: none)"),
    say("Puerto Rican 500: +100, +75, +50, +25 to the winners of hands 1 to 4"),
    say("Custom game"),
    say(
        "Your club's own game: type each side's points every hand; highest or lowest total wins, at a target or after a number of hands."
    ),
    say("Name of the game"),
    say("The lowest total wins (otherwise the highest)"),
    say("Negative points allowed in a hand"),
    say("Points to end the game (a side reaching it ends it)"),
    say("Or a fixed number of hands"),
    say("House game"),
)
