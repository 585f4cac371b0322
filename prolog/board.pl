/*  board.pl: a whole puzzle board as one CLP(FD) model, without any staging.

    Part of logicmines (MIT licence). The same rules as the reference program, written the way
    SWI-Prolog's library(clpfd) recommends: a 0..1 variable per cell (1 = mine), sum/3 per digit,
    the model posted apart from the search. It is the `clpfd` engine (logicmines/backends/
    clpfd.py), which hands it the board whole, and the tests' oracle, independent of the Python
    staging. Deciding uniqueness stops at the second solution and is fast on big boards (a
    50x50 puzzle in well under a second). Counting lists no solution: each part of the board
    (the cells its digits link) is swept cell by cell, each state of what the digits still need
    carrying its number of ways, and the parts' counts multiply (count/3, tally/3).

    A board is a list of rows, each row a list of character codes: `?` (63) unknown, `*` (42) a
    mine, `0`..`8` (48..56) a revealed digit. A solved board has the same shape, with `*` for each
    mine and, for each safe cell, the digit that counts its neighbouring mines.

    How it is posted. Like the original program, it finds each cell's neighbours by sliding a
    3x3 window over the board with a border of safe cells around it (windows/2), with no
    coordinates. A digit's window gives its sum: the mines already known around it are counted
    at once, and sum/3 is posted over the unknown ones only (a digit with none left is checked,
    not posted). How it searches: labeling([ff], Vars), in one of two orders of the unknown cells
    (search/5): Local, the digits' neighbours in reading order, or Tight, the neighbours of the
    digits with the fewest unknown cells first. Both end with the free cells (touching no digit),
    which no digit can refute, so that a dead end on the frontier is not retried under every
    choice of the free cells. A search that stops early (check: at most two solutions) lets the
    two orders take turns, each within a budget of inferences that doubles every round; a
    search through every solution (listing them all) takes Local. With a mine total, the
    solutions' fewest and most mines take a turn too (raced/4): labeling proves a total that
    no solution has only by trying every placement, where the range, found part by part
    (mine_range/2), rules it out at once.

      board_mines(+Rows, -Mines)                 the core relation: Mines is a grid (list of rows)
                                                 of 0..1 variables, every digit's sum posted
      board_models(+Rows, +Limit, -SolvedRows)   up to Limit solved boards (-1, inf or infinite:
                                                 all of them)
      board_model_values(+Rows, +Limit, -Values) the same solutions, each as the values of its
                                                 `?` cells in reading order (0 safe, 1 a mine)
      board_count(+Rows, -Count)                 the number of solutions (mine placements)
      board_labelled_count(+Rows, -Count)        the same, by labeling every solution in turn
      board_verdict(+Rows, -Verdict)             unique, multiple or none, stopping at the second
                                                 solution
      board_answer(+Rows, -Answer)               [Found, Solved]: Found is 0, 1 or 2 (none,
                                                 unique, multiple: the place of the verdict in
                                                 that list), Solved the solved board when there is
                                                 exactly one ([] otherwise)
      board_tally(+Rows, -Tally)                 [Count, Mines]: the number of solutions and, for
                                                 each `?` in reading order, the number of them in
                                                 which it is a mine
      board_tally_shared(+Rows, -Shared)         the same, each distinct number once: [Count,
                                                 Values, Indexes]
      board_forced(+Rows, -Forced)               [Found, Values]: Found is 0 (no solution) or 1;
                                                 for each `?` in reading order, 0 when it is safe
                                                 in every solution, 1 when it is a mine in every
                                                 one, 2 when neither: found without counting
      board_why(+Rows, -Why)                     why there is no solution: [0, Digits], a group
                                                 of digits ([R, C] each) that cannot hold
                                                 together, none of which can be left out ([]
                                                 when there is a solution)

    and, for each but board_mines/2 and board_labelled_count/2, a `_with_mines` form that takes
    the total number of mines (the known `*`s included) after Rows, posted as one more
    constraint of the model or shared out among the parts (count/3, tally/3). The answers
    are numbers and lists of numbers, so that the Python side reads them back as JSON.

    Rows that are not a non-empty rectangle of codes over 0-8 * ? raise a type or domain error
    (board_shape/3 of common.pl, which also gives solution_limit/2).

    ?- board_count([`1121`, `1??*`, `12?*`, `0122`], N).
    %@ N = 1.

    ?- board_models([`1121`, `1??*`, `12?*`, `0122`], -1, [S]),
       forall(member(R, S), format("~s~n", [R])).
    %@ 1121
    %@ 1*4*
    %@ 12**
    %@ 0122
    %@ S = [[49, 49, 50, 49], [49, 42, 52, 42], [49, 50, 42, 42], [48, 49, 50, 50]].

    ?- board_count([`1110`, `2*31`, `3*??`, `2*4?`, `112?`], N).
    %@ N = 4.

    ?- board_verdict([`2?`], V).
    %@ V = none.
*/

:- module(board,
          [ board_mines/2,
            board_models/3,
            board_model_values/3,
            board_count/2,
            board_labelled_count/2,
            board_verdict/2,
            board_answer/2,
            board_tally/2,
            board_tally_shared/2,
            board_forced/2,
            board_models_with_mines/4,
            board_model_values_with_mines/4,
            board_count_with_mines/3,
            board_verdict_with_mines/3,
            board_answer_with_mines/3,
            board_tally_with_mines/3,
            board_tally_shared_with_mines/3,
            board_forced_with_mines/3,
            board_why/2,
            board_why_with_mines/3
          ]).

:- use_module(common, [board_shape/3, solution_limit/2]).
:- use_module(guard, [in_time/0, timed_labeling/1]).
:- use_module(library(aggregate), [aggregate_all/3]).
:- use_module(library(assoc), [empty_assoc/1, get_assoc/3, list_to_assoc/2, put_assoc/4]).
:- use_module(library(apply),
              [exclude/3, include/3, maplist/2, maplist/3, maplist/4, partition/4, foldl/4,
               foldl/5]).
:- use_module(library(clpfd)).
:- use_module(library(error), [must_be/2]).
:- use_module(library(lists),
              [append/2, append/3, last/2, max_list/2, member/2, min_list/2, nth0/3, numlist/3,
               reverse/2, sum_list/2]).
:- use_module(library(ordsets), [ord_union/3]).
:- use_module(library(pairs),
              [group_pairs_by_key/2, map_list_to_pairs/3, pairs_keys_values/3, pairs_values/2]).
:- use_module(library(solution_sequences), [limit/2]).

% Arithmetic compiled in line, for the clauses of this file only: SWI-Prolog scopes the flag to
% the file being loaded, and it is set after the modules above are loaded, so that they are
% compiled as they would be without this file. The sweeps are mostly integer arithmetic on
% their states, and take about half the time so. The answers are the same; an evaluation is no
% longer counted as an inference, so a turn of a search budgeted in inferences gets more of a
% sweep done in about the time it took before.
:- set_prolog_flag(optimise, true).

%!  board_mines(+Rows, -Mines) is semidet.
%
%   Mines has Rows' shape: 1 for `*`, 0 for a digit, a 0..1 variable for `?`; for each digit,
%   the sum of its neighbours' Mines is posted. No labeling. Fails when propagation already
%   sees that the digits cannot hold.
%
%   ?- board_mines([`0?`, `??`], Mines).
%   %@ Mines = [[0, 0], [0, 0]].
%
%   ?- board_mines([`1*`, `?1`], Mines).
%   %@ Mines = [[0, 1], [0, 0]].
%
%   ?- board_mines([`2?`], Mines).
%   %@ false.

board_mines(Rows, Mines) :-
    board_posted(Rows, any, Mines, _).

%   board_posted(+Rows, +Total, -Mines, -Orders): Mines as board_mines/2 gives it, with, when
%   Total is an integer, the mines of every cell adding up to Total (any: no total). Orders are two
%   orders in which to label the unknown cells still open (search/5): Local, the neighbours of
%   each digit in reading order, and Tight, the neighbours of the digits with the fewest unknown
%   cells first; each ends with the free cells (touching no digit), which no digit can refute.
board_posted(Rows, Total, Mines, Orders) :-
    board_posted(Rows, Total, Mines, Orders, _).

%   board_posted(+Rows, +Total, -Mines, -Orders, -Digits): the same, and Digits, for each digit
%   whose sum is posted, the unknown cells of that sum.
board_posted(Rows, Total, Mines, Orders, Digits) :-
    board_posted(Rows, Total, Mines, Orders, Digits, _).

%   board_posted(+Rows, +Total, -Mines, -Orders, -Digits, -Sums): the same, and Sums, Need-Cells
%   for each member Cells of Digits: the number of mines Need those cells hold.
board_posted(Rows, Total, Mines, [Local, Tight], Digits, Sums) :-
    board_shape(Rows, _, _),
    maplist(maplist(cell_mine), Rows, Mines),
    maplist(maplist(code_mine), Rows, Mines, Cells),
    padded(Cells, 0' /0, Padded),
    windows(Padded, Windows),
    maplist(maplist(digit_sum), Windows, RowSums),
    mine_total(Total, Mines),
    append(RowSums, Sums),
    pairs_values(Sums, Digits),
    term_variables([Digits, Mines], Local),
    map_list_to_pairs(length, Digits, Keyed),
    keysort(Keyed, Sorted),
    pairs_values(Sorted, Fewest),
    term_variables([Fewest, Mines], Tight).

% The head matches the code only: the cut then commits to it whatever Mine is given, so
% board_mines([`*0`], [[0, 0]]) fails instead of falling through to the last clause.
cell_mine(0'*, Mine) :- !,
    Mine = 1.
cell_mine(0'?, Mine) :- !,
    Mine in 0..1.
cell_mine(_, 0).

code_mine(Code, Mine, Code/Mine).

%   digit_sum(+Window, -Need-Unknown): when the middle cell is a digit, its neighbours hold that
%   many mines; Unknown are those still open, on which the sum Need is posted (0-[] for any
%   other cell).
digit_sum(Code/_-Around, Need-Unknown) :-
    (   digit(Code, Digit)
    ->  maplist(cell_mine_of, Around, Mines),
        partition(integer, Mines, Known, Unknown),
        sum_list(Known, Placed),
        Need is Digit - Placed,
        (   Unknown == []
        ->  Need =:= 0
        ;   sum(Unknown, #=, Need)
        )
    ;   Need-Unknown = 0-[]
    ).

digit(Code, Digit) :-
    between(0'0, 0'8, Code),
    Digit is Code - 0'0.

cell_mine_of(_/Mine, Mine).

%   mine_total(+Total, +Mines): the whole grid holds Total mines (any: no constraint), posted as a
%   sum per row and one over those. Labeling a cell then wakes a sum of one row and one of the
%   rows, not a sum of every cell: a half-played 50x50 game with its total took 10 s, now 2 s.
mine_total(any, _) :- !.
mine_total(Total, Mines) :-
    maplist(row_total, Mines, Totals),
    sum(Totals, #=, Total).

row_total(Row, Total) :-
    sum(Row, #=, Total).

%   search(+Rows, +Total, +Orders, +Count, :Found): Found, called with the variables in one of
%   Orders, finds the solutions up to Count (a number, or infinite); fails when, with an
%   integer Total, the solutions' range of mines shows that none has Total (raced/4). When it
%   stops early, luck with the order decides the time: a dead end is retried under every
%   choice made before it. So the orders take turns, each stopped after a number of inferences
%   that doubles every round, and the first to finish answers: on a half-played 50x50 game
%   (generate.py's midgame) Local alone ran past 20 s where Tight takes 0.2 s, on a 50x50
%   puzzle with half its cells hidden Tight alone ran past 5 s where Local takes 0.04 s, and
%   taking turns answers both in 0.4 s at most. A search through every solution takes Local
%   alone, as restarting it in turns would repeat its work (every/3 restarts it once, when
%   there is a total).
search(Rows, Total, Orders, Count, Found) :-
    search(Rows, Total, Orders, Count, Found, none).

%   search(+Rows, +Total, +Orders, +Count, :Found, :Split): the same, with one more way among the
%   turns: Split, a goal that finds the solutions itself, part by part (split_found/4; none: no
%   such way). A total at the edge of the range needs it (labeling tries the parts' placements
%   together), and so did boards whose parts labeling kept failing in far from where it chose,
%   a dead end in one part met again under every choice made in the parts labelled before it
%   (a half-played 100x100 game, midgame(100, 100, 2000, 1): both orders past 60 s, the turns
%   with the split about 2.5 s), until the failed literals were set before the turns
%   (split_posted/5): the first order now answers it in its first turn, in 0.9 s in all.
search(Rows, Total, [Local|_], infinite, Found, _) :-
    !,
    every(Rows, Total, call(Found, Local)).
search(Rows, Total, Orders, _, Found, Split) :-
    maplist(order_way(Found), Orders, Labeled),
    (   Split \== none
    ->  append(Labeled, [Split], Ways)
    ;   Ways = Labeled
    ),
    first_budget(Budget),
    with_kept_parts(raced(Ways, Rows, Total, Budget)).

first_budget(4 000 000).

order_way(Found, Vars, call(Found, Vars)).

%   every(+Rows, +Total, :Goal): Goal, a search through every solution, unless an integer Total
%   lies outside the solutions' fewest and most mines. When Goal does not finish within the
%   first budget, mine_range/2 takes one turn of that budget (the ranges of eight Expert
%   mid-games took 0.25 to 1.3 million inferences), and then Goal runs to its end, not
%   restarted again: a small count pays nothing for the range, and a long one at most two
%   budgets (some 0.4 s here).
every(Rows, Total, Goal) :-
    first_budget(Budget),
    (   Total == any
    ->  call(Goal)
    ;   call_with_inference_limit(Goal, Budget, Result),
        Result \== inference_limit_exceeded
    ->  true
    ;   \+ ruled_out(Rows, Total, Budget),
        call(Goal)
    ).

ruled_out(Rows, Total, Budget) :-
    range_turn(Rows, Total, Budget, false).

%   range_turn(+Rows, +Total, +Budget, -Within): total_within/3, when it finishes within Budget
%   inferences.
range_turn(Rows, Total, Budget, Within) :-
    call_with_inference_limit(total_within(Rows, Total, Within0), Budget, Result),
    Result \== inference_limit_exceeded,
    Within = Within0.

%   raced(+Ways, +Rows, +Total, +Budget): the goals of Ways take turns, each stopped after
%   Budget inferences, the budget doubling every round, until one finishes. With an integer
%   Total, mine_range/2 takes a turn as well: a total that no solution has is proved so by
%   labeling only by trying the parts' placements together (their own sums do not propagate
%   to the total), which on a big board outlasts any time limit, where the fewest and most
%   mines of each part, added up, are found in a fraction of a second when the parts are
%   frontiers, as a game's are: an Expert mid-game asked with 60 mines ran out of its 60 s, and
%   is now answered in under one. Fails when a way fails outright (first_way/3) or Total is
%   outside the range; a total inside it lets the ways go on alone. When the range is costly
%   (parts that are wide blocks), its turns take up to a third of the time until a way
%   finishes.
raced(Ways, Rows, Total, Budget) :-
    Twice is 2 * Budget,
    first_way(Ways, Budget, Outcome),
    (   Outcome == found
    ->  true
    ;   Outcome == failed
    ->  fail
    ;   integer(Total),
        range_turn(Rows, Total, Budget, Within)
    ->  Within == true,
        raced(Ways, Rows, any, Twice)
    ;   raced(Ways, Rows, Total, Twice)
    ).

%   first_way(+Ways, +Budget, -Outcome): the ways in turn, each within Budget inferences, until
%   one succeeds (found, its bindings kept) or fails outright (failed: the ways are one search
%   in different orders, so that is a proof that none succeeds); exceeded when each ran out.
first_way([Way|Ways], Budget, Outcome) :-
    way_budget(Way, Budget, Goal, Limit),
    (   call_with_inference_limit(Goal, Limit, Result)
    ->  (   Result \== inference_limit_exceeded
        ->  Outcome = found
        ;   Ways == []
        ->  Outcome = exceeded
        ;   first_way(Ways, Budget, Outcome)
        )
    ;   Outcome = failed
    ).

%   way_budget(+Way, +Budget, -Goal, -Limit): a way is a goal, searched within Budget
%   inferences a turn, or keeps(Goal), a way that keeps what it finds from one turn to the next
%   (with_kept_parts/1), searched within four times Budget: the other ways' turns are lost when
%   they end, so the rounds before the kept way finishes cost them as much as the whole of it.
way_budget(Way, Budget, Goal, Limit) :-
    (   Way = keeps(Goal)
    ->  Limit is 4 * Budget
    ;   Goal = Way,
        Limit = Budget
    ).

%   total_within(+Rows, +Total, -Within): Within is true when Total lies within the fewest and
%   most mines of the board's solutions, false when it does not or there is no solution.
total_within(Rows, Total, Within) :-
    (   mine_range(Rows, [Fewest, Most]),
        between(Fewest, Most, Total)
    ->  Within = true
    ;   Within = false
    ).

%   turns(+Orders, +Budget, :Found): the orders take turns as in search/5, from Budget.
turns(Orders, Budget, Found) :-
    maplist(order_way(Found), Orders, Ways),
    raced(Ways, _, any, Budget).

%!  padded(+Rows, +Border, -Padded) is det.
%
%   Padded is the grid Rows (a list of equal-length lists) with one more cell, Border, on every
%   side.
%
%   ?- board:padded([[1, 2], [3, 4]], 0, Padded).
%   %@ Padded = [[0, 0, 0, 0], [0, 1, 2, 0], [0, 3, 4, 0], [0, 0, 0, 0]].

padded(Rows, Border, Padded) :-
    Rows = [First|_],
    length(First, Width),
    Outside is Width + 2,
    length(Edge, Outside),
    maplist(=(Border), Edge),
    maplist(bordered(Border), Rows, Inside),
    append([Edge|Inside], [Edge], Padded).

bordered(Border, Row, [Border|Cells]) :-
    append(Row, [Border], Cells).

%!  windows(+Padded, -Windows) is det.
%
%   Windows has the shape of the grid inside Padded's border: for each of its cells, in reading
%   order, Cell-Around, where Around are its eight neighbours in Padded (the row above, the two
%   beside it, the row below). Like the original program's z/2 over i/4, it slides a 3x3 window
%   along three rows at a time, with no coordinates.
%
%   ?- board:windows([[a, b, c], [d, e, f], [g, h, i]], [[Cell-Around]]).
%   %@ Cell = e,
%   %@ Around = [a, b, c, d, f, g, h, i].

windows([Above, Row|Rows], Windows) :-
    windows(Rows, Above, Row, Windows).

windows([], _, _, []).
windows([Below|Rows], Above, Row, [Windows|More]) :-
    Above = [A1, A2|As],
    Row = [B1, B2|Bs],
    Below = [C1, C2|Cs],
    row_windows(As, Bs, Cs, A1-A2, B1-B2, C1-C2, Windows),
    windows(Rows, Row, Below, More).

%   row_windows(+As, +Bs, +Cs, +A1-A2, +B1-B2, +C1-C2, -Windows): the window slides on, A1 A2,
%   B1 B2 and C1 C2 the two columns it has seen so far of the rows above, middle and below.
row_windows([], [], [], _, _, _, []).
row_windows([A3|As], [B3|Bs], [C3|Cs], A1-A2, B1-B2, C1-C2, [B2-Around|Windows]) :-
    Around = [A1, A2, A3, B1, B3, C1, C2, C3],
    row_windows(As, Bs, Cs, A2-A3, B2-B3, C2-C3, Windows).

%!  board_models(+Rows, +Limit, -SolvedRows) is det.
%
%   SolvedRows are the first Limit solved boards (all of them for Limit -1, inf or infinite),
%   each a list of code lists. The model is posted once; only the labeling is repeated.

board_models(Rows, Limit, SolvedRows) :-
    models(Rows, any, Limit, rows, SolvedRows).

%!  board_models_with_mines(+Rows, +Mines, +Limit, -SolvedRows) is det.
%
%   As board_models/3, among the solutions with exactly Mines mines (`*`s, the known included).
%
%   ?- board_models_with_mines([`1?`, `??`], 2, -1, L).
%   %@ L = [].
%
%   ?- board_models_with_mines([`??`], 1, -1, L).
%   %@ L = [[[49, 42]], [[42, 49]]].

board_models_with_mines(Rows, Mines, Limit, SolvedRows) :-
    must_be(integer, Mines),
    models(Rows, Mines, Limit, rows, SolvedRows).

%!  board_model_values(+Rows, +Limit, -Values) is det.
%
%   Values are the solutions of board_models/3, in its order, each given by the values of the
%   `?` cells of Rows in reading order: 0 safe, 1 a mine. What the caller knows already (the
%   digits, and where they are) is not sent back: writing out each solved board, its digits
%   counted anew, took 16 ms a solution on a 50x50 board, and the values 0.3 ms.
%
%   ?- board_model_values([`1?`, `??`], -1, L).
%   %@ L = [[0, 0, 1], [0, 1, 0], [1, 0, 0]].

board_model_values(Rows, Limit, Values) :-
    models(Rows, any, Limit, values, Values).

%!  board_model_values_with_mines(+Rows, +Mines, +Limit, -Values) is det.
%
%   As board_model_values/3, among the solutions with exactly Mines mines.

board_model_values_with_mines(Rows, Mines, Limit, Values) :-
    must_be(integer, Mines),
    models(Rows, Mines, Limit, values, Values).

%   models(+Rows, +Total, +Limit, +Kind, -Solved): the first Limit solutions (-1: all of them),
%   each as Kind says (solution_of/4), by labeling in one order when all are asked for, else by
%   the ways of search/6 in turns: the two labeling orders and the parts walked
%   (split_boards/4), all on one board posted without its total and with the failed literals
%   set (split_posted/5), the total posted by each labeling way in its turn. Posted once for
%   all the ways and every turn: a 200x200 puzzle with half its cells hidden takes half a
%   second to post.
models(Rows, Total, Limit, Kind, Solved) :-
    solution_limit(Limit, Count),
    (   Count == infinite
    ->  (   board_posted(Rows, Total, Mines, Orders),
            solution_of(Kind, Rows, Mines, Solution),
            search(Rows, Total, Orders, Count, solved_boards(Solution, Count, Solved))
        ->  true
        ;   Solved = []
        )
    ;   split_posted(Rows, Total, Mines, Orders, Way),
        solution_of(Kind, Rows, Mines, Solution),
        search(Rows, Total, Orders, Count,
               totalled_boards(Total, Mines, Solution, Count, Solved),
               split_found(Way, Solution, Count, Solved))
    ->  true
    ;   Solved = []
    ).

%   solution_of(+Kind, +Rows, +Mines, -Solution): Solution is Template-Goal: once the grid
%   Mines is labelled, Goal makes Template the solution as Kind asks it: rows, the solved board
%   (solved_rows/2); values, the values of the cells that are `?` in Rows, in reading order.
solution_of(rows, _, Mines, Solved-solved_rows(Mines, Solved)).
solution_of(values, Rows, Mines, Open-true) :-
    append(Rows, Codes),
    append(Mines, Cells),
    foldl(unknown_mine, Codes, Cells, Open, []).

%   solved_boards(+Template-Goal, +Count, -Solved, +Vars): the first Count solutions of
%   labeling Vars, each Template once Goal has run.
solved_boards(Template-Goal, Count, Solved, Vars) :-
    findall(Template, limit(Count, ( timed_labeling(Vars), call(Goal) )), Solved).

%   totalled_boards(+Total, +Mines, +Solution, +Count, -Solved, +Vars): solved_boards/4 on the
%   grid Mines, posted without its total, once the total is posted (mine_total/2).
totalled_boards(Total, Mines, Solution, Count, Solved, Vars) :-
    mine_total(Total, Mines),
    solved_boards(Solution, Count, Solved, Vars).

%!  board_count(+Rows, -Count) is det.
%
%   Count is the number of solutions, counted without listing them: the failed literals set
%   first (probed/3), each part of the cells left (linked by digits) is swept (weighed_part/3),
%   each state carrying the number of ways to reach it, and the counts of the parts multiply,
%   twice over for each cell no digit touches (count/3).
%
%   ?- board_count([`1?`, `??`], N).
%   %@ N = 3.

board_count(Rows, Count) :-
    count(Rows, any, Count).

%!  board_labelled_count(+Rows, -Count) is det.
%
%   Count is the number of solutions, counted by labeling each in turn (first-fail, in the order
%   Local of board_posted/4), in constant memory: the plain search that board_count/2 does
%   without, its time growing with the count. The course (docs/course) times it beside
%   generate-and-test.
%
%   ?- board_labelled_count([`1?`, `??`], N).
%   %@ N = 3.

board_labelled_count(Rows, Count) :-
    (   board_posted(Rows, any, _, [Vars|_])
    ->  aggregate_all(count, timed_labeling(Vars), Count)
    ;   Count = 0
    ).

%!  board_count_with_mines(+Rows, +Mines, -Count) is det.
%
%   Count is the number of solutions with exactly Mines mines.
%
%   ?- board_count_with_mines([`1?`, `??`], 1, N).
%   %@ N = 3.

board_count_with_mines(Rows, Mines, Count) :-
    must_be(integer, Mines),
    count(Rows, Mines, Count).

%   count(+Rows, +Total, -Count): the number of solutions with Total mines (any: any number). The
%   board is posted without its total and its failed literals set (split_posted/5); each part
%   of the open cells linked by digits is swept (weighed_part/3): with any, each state carries
%   the number of ways to it, and the counts multiply, doubled for each free cell (touching no
%   digit); with a total, each state carries the numbers of ways to it with each number of
%   mines (w(Low, Coefficients), from the fewest), the parts' are multiplied as polynomials (up
%   to the mines left), and the free cells take the rest, in as many ways as they can. Labeling
%   each solution took as long as there are solutions: a 6x6 board all unknown (2^36 of them)
%   ran past any time limit.
count(Rows, Total, Count) :-
    (   posted_parts(Rows, Total, _, Left, Parts, NFree),
        counted_parts(Left, Parts, NFree, Count0)
    ->  Count = Count0
    ;   Count = 0
    ).

%   posted_parts(+Rows, +Total, -Mines, -Left, -Parts, -NFree): Rows posted without their total,
%   the failed literals set (split_posted/5; fails when the digits cannot hold), the open cells
%   linked by digits in Parts (var_parts/3), NFree open cells no digit touches, and Left, the
%   mines the open cells hold (any: no total).
posted_parts(Rows, Total, Mines, Left, Parts, NFree) :-
    split_posted(Rows, Total, Mines, shared_out(Linked, Sums, Free, Left)),
    include(var, Linked, Open),
    var_parts(Open, Sums, Parts),
    include(var, Free, OpenFree),
    length(OpenFree, NFree).

%   counted_parts(+Left, +Parts, +NFree, -Count): the solutions of Parts and NFree free cells
%   holding Left mines (any: any number); fails when a part has none.
counted_parts(any, Parts, NFree, Count) :-
    maplist(weighed_part(ways), Parts, Ways),
    foldl(times, Ways, 1, Linked),
    Count is Linked << NFree.
counted_parts(Left, Parts, NFree, Count) :-
    integer(Left),
    Left >= 0,
    maplist(weighed_part(polys), Parts, Polys),
    foldl(poly_times(Left), Polys, w(0, [1]), Linked),
    binomials(NFree, Row),
    free_ways(Linked, Left, Row, Count).

times(A, B, C) :-
    C is A * B.

%   free_ways(+Linked, +Left, +Row, -Count): the ways the parts and N free cells hold Left mines:
%   for each K, the ways the parts hold K (Linked: w(Low, Coefficients), from the power Low)
%   times the ways the free cells hold the other Left - K, N choose (Left - K) (Row:
%   binomials/2 of N).
free_ways(w(Low, Linked), Left, Row, Count) :-
    free_ways(Linked, Low, Left, Row, 0, Count).

free_ways([], _, _, _, Count, Count).
free_ways([Ways|Linked], K, Left, Row, Count0, Count) :-
    Rest is Left - K,
    coefficient(Row, Rest, Choose),
    Count1 is Count0 + Ways * Choose,
    K1 is K + 1,
    free_ways(Linked, K1, Left, Row, Count1, Count).

%   binomials(+N, -Row): row(C0, ..., CN), CK being N choose K (row() for N < 0).
binomials(N, Row) :-
    Size is max(0, N + 1),
    functor(Row, row, Size),
    binomials_from(0, N, 1, Row).

binomials_from(K, N, C, Row) :-
    (   K > N
    ->  true
    ;   Arg is K + 1,
        nb_setarg(Arg, Row, C),
        C1 is C * (N - K) // (K + 1),
        K1 is K + 1,
        binomials_from(K1, N, C1, Row)
    ).

%   coefficient(+Term, +K, -C): the K-th argument of Term, from 0 (0 when K is outside them): a
%   coefficient of a polynomial kept as a term, such as N choose K from the Row of binomials/2.
coefficient(Term, K, C) :-
    functor(Term, _, Size),
    (   K >= 0,
        K < Size
    ->  Arg is K + 1,
        arg(Arg, Term, C)
    ;   C = 0
    ).

%   poly_times(+Upto, +A, +B, -C): C is the product of the polynomials A and B (each
%   w(Low, Coefficients): the coefficients from the power Low up), up to the power Upto.
poly_times(Upto, w(LowA, A), w(LowB, B), w(Low, C)) :-
    in_time,
    Low is LowA + LowB,
    length(A, LA),
    length(B, LB),
    Top is min(Upto - Low, LA + LB - 2),
    (   ( LA =:= 0 ; LB =:= 0 ; Top < 0 )
    ->  C = []
    ;   numlist(0, Top, Powers),
        A1 =.. [a|A],
        B1 =.. [b|B],
        maplist(poly_coefficient(A1, LA, B1, LB), Powers, C)
    ).

poly_coefficient(A, LA, B, LB, K, C) :-
    (   K /\ 255 =:= 0
    ->  in_time
    ;   true
    ),
    Low is max(0, K - LB + 1),
    High is min(K, LA - 1),
    poly_sum(Low, High, K, A, B, 0, C).

%   poly_sum(+I, +High, +K, +A, +B, +C0, -C): C0 plus the sum, for I up to High, of A(I) B(K - I)
%   (A and B terms holding coefficients from the power 0: the power J at argument J + 1).
poly_sum(I, High, K, A, B, C0, C) :-
    (   I > High
    ->  C = C0
    ;   IA is I + 1,
        IB is K - I + 1,
        arg(IA, A, X),
        arg(IB, B, Y),
        C1 is C0 + X * Y,
        I1 is I + 1,
        poly_sum(I1, High, K, A, B, C1, C)
    ).

%   weighed_part(+Mode, +Vars-Sums, -Weight): the solutions of the part Vars, by the sweep of
%   swept_values/3 forwards only, each state carrying its weight (weighed_layer/4): with ways,
%   the number of ways to it; with polys, the numbers of ways with each number of mines, as
%   w(Low, Coefficients), the coefficients from the fewest, Low, up. Fails when the part has no
%   solution.
weighed_part(Mode, Vars-Sums, Weight) :-
    swept_steps(Vars, Sums, _, _, Steps),
    first_weight(Mode, First),
    weighed_forwards(Mode, Steps, [0-First], End),
    memberchk(0-Weight, End).

first_weight(ways, 1).
first_weight(polys, w(0, [1])).

%   weighed_forwards(+Mode, +Steps, +Layer, -End): the states State-Weight after the last step,
%   from those of Layer before the first (weighed_layer/4).
weighed_forwards(_, [], Layer, Layer).
weighed_forwards(Mode, [Step|Steps], Layer, End) :-
    weighed_layer(Mode, Step, Layer, Next),
    weighed_forwards(Mode, Steps, Next, End).

%   weighed_layer(+Mode, +Step, +Layer, -Next): the states State-Weight after Step, from those of
%   Layer before it (the weights of a state reached twice joined); fails when there are none.
%   Mode says what a weight is: ways, the number of ways to the state; numbers, the numbers of
%   mines on those ways (a set of bits); polys, the number of ways with each number of mines
%   (w(Low, Coefficients): the coefficients from the fewest mines, Low, up).
weighed_layer(Mode, Step, Layer, Next) :-
    in_time,
    foldl(weighed_successors(Mode, Step), Layer, Next0, []),
    keysort(Next0, Sorted),
    merged(joined(Mode), Sorted, Next),
    Next \== [].

weighed_successors(Mode, Step, State-Weight, Next0, Next) :-
    (   successor(Step, State, 0, Safe)
    ->  Next0 = [Safe-Weight|Next1]
    ;   Next0 = Next1
    ),
    (   successor(Step, State, 1, Mined)
    ->  mined(Mode, Weight, Shifted),
        Next1 = [Mined-Shifted|Next]
    ;   Next1 = Next
    ).

%   mined(+Mode, +Weight, -Shifted): the weight of the ways with one more mine: as many ways
%   (ways); each number of mines one more (numbers: a set of bits; polys: the lowest power
%   one more).
mined(ways, Ways, Ways).
mined(numbers, Counts, Shifted) :-
    Shifted is Counts << 1.
mined(polys, w(Low, Coefficients), w(Higher, Coefficients)) :-
    Higher is Low + 1.

%   joined(+Mode, +A, +B, -Joined): the weights of the ways A and B together.
joined(ways, A, B, Sum) :-
    Sum is A + B.
joined(numbers, A, B, Either) :-
    Either is A \/ B.
joined(polys, w(LowA, A), w(LowB, B), w(Low, Sum)) :-
    Low is min(LowA, LowB),
    from_power(LowA-A, Low, FromA),
    from_power(LowB-B, Low, FromB),
    weight_sum(FromA, FromB, Sum).

%   from_power(+Low-Coefficients, +From, -List): the coefficients of the powers from From on
%   (From =< Low: zeros first; From > Low: the lower ones left out).
from_power(Low-Coefficients, From, List) :-
    (   From =< Low
    ->  Pad is Low - From,
        length(Zeros, Pad),
        maplist(=(0), Zeros),
        append(Zeros, Coefficients, List)
    ;   Drop is From - Low,
        length(Dropped, Drop),
        (   append(Dropped, List, Coefficients)
        ->  true
        ;   List = []
        )
    ).


%   weight_sum(+A, +B, -Sum): the ways of A and of B together.
weight_sum([], B, B) :- !.
weight_sum(A, [], A) :- !.
weight_sum([X|A], [Y|B], [Z|C]) :-
    Z is X + Y,
    weight_sum(A, B, C).

%!  board_verdict(+Rows, -Verdict) is det.
%
%   Verdict is none, unique or multiple: it looks for at most two solutions.

board_verdict(Rows, Verdict) :-
    board_answer(Rows, [Found, _]),
    nth0(Found, [none, unique, multiple], Verdict).

%!  board_verdict_with_mines(+Rows, +Mines, -Verdict) is det.
%
%   As board_verdict/2, among the solutions with exactly Mines mines.
%
%   ?- board_verdict_with_mines([`1?`, `??`], 2, V).
%   %@ V = none.

board_verdict_with_mines(Rows, Mines, Verdict) :-
    board_answer_with_mines(Rows, Mines, [Found, _]),
    nth0(Found, [none, unique, multiple], Verdict).

%!  board_answer(+Rows, -Answer) is det.
%
%   Answer is [Found, Solved]: Found is how many solutions there are, counting up to two (0:
%   none, 1: unique, 2: multiple), and Solved the one solved board when Found is 1, else [].
%
%   ?- board_answer([`1?`], A).
%   %@ A = [1, [[49, 42]]].
%
%   ?- board_answer([`1?`, `??`], A).
%   %@ A = [2, []].

board_answer(Rows, Answer) :-
    answer(Rows, any, Answer).

%!  board_answer_with_mines(+Rows, +Mines, -Answer) is det.
%
%   As board_answer/2, among the solutions with exactly Mines mines.
%
%   ?- board_answer_with_mines([`?1?`], 0, A).
%   %@ A = [0, []].

board_answer_with_mines(Rows, Mines, Answer) :-
    must_be(integer, Mines),
    answer(Rows, Mines, Answer).

answer(Rows, Total, [Found, Solved]) :-
    models(Rows, Total, 2, rows, Boards),
    length(Boards, Found),
    (   Boards = [Solved]
    ->  true
    ;   Solved = []
    ).

%!  board_tally(+Rows, -Tally) is det.
%
%   Tally is [Count, Mines]: Count solutions, and Mines, for each `?` of Rows in reading order,
%   the number of those solutions in which it is a mine, found without listing them (tally/3):
%   a cell's mine probability is its number over Count.
%
%   ?- board_tally([`1?`, `??`], T).
%   %@ T = [3, [1, 1, 1]].
%
%   ?- board_tally([`1110`, `2*31`, `3*??`, `2*4?`, `112?`], T).
%   %@ T = [4, [2, 2, 2, 2]].

board_tally(Rows, Tally) :-
    tally(Rows, any, Tally).

%!  board_tally_with_mines(+Rows, +Mines, -Tally) is det.
%
%   As board_tally/2, among the solutions with exactly Mines mines.
%
%   ?- board_tally_with_mines([`1?`, `??`], 1, T).
%   %@ T = [3, [1, 1, 1]].
%
%   ?- board_tally_with_mines([`1?`, `??`], 2, T).
%   %@ T = [0, [0, 0, 0]].

board_tally_with_mines(Rows, Mines, Tally) :-
    must_be(integer, Mines),
    tally(Rows, Mines, Tally).

%!  board_tally_shared(+Rows, -Shared) is det.
%
%   As board_tally/2, each number of solutions written once: Shared is [Count, Values,
%   Indexes], Values the distinct numbers of the cells, from the least, and Indexes, for each `?`
%   of Rows in reading order, the place of its number in Values (from 0). Cells alike share
%   their number (the free cells, digits alone with their unknown neighbours), and a number of
%   thousands of digits takes long to write out and read back: on a 140x140 board with 18,519
%   unknown cells and a total of 5,900 mines, most of the time of the answer.
%
%   ?- board_tally_shared([`1?`, `??`, `??`], T).
%   %@ T = [12, [4, 6], [0, 0, 0, 1, 1]].

board_tally_shared(Rows, Shared) :-
    tally(Rows, any, Tally),
    shared(Tally, Shared).

%!  board_tally_shared_with_mines(+Rows, +Mines, -Shared) is det.
%
%   As board_tally_shared/2, among the solutions with exactly Mines mines.
%
%   ?- board_tally_shared_with_mines([`1?`, `??`], 1, T).
%   %@ T = [3, [1], [0, 0, 0]].

board_tally_shared_with_mines(Rows, Mines, Shared) :-
    must_be(integer, Mines),
    tally(Rows, Mines, Tally),
    shared(Tally, Shared).

shared([Count, Tallies], [Count, Values, Indexes]) :-
    sort(Tallies, Values),
    foldl(numbered_value, Values, Pairs, 0, _),
    list_to_assoc(Pairs, Place),
    maplist(place_of(Place), Tallies, Indexes).

numbered_value(Value, Value-Place, Place, Next) :-
    Next is Place + 1.

place_of(Place, Tally, Index) :-
    get_assoc(Tally, Place, Index).

%   tally(+Rows, +Total, -[Count, Tallies]): as board_tally/2, with Total mines (any: any
%   number), without listing the solutions. The board is posted without its total and its
%   failed literals set (split_posted/5); each part of the open cells linked by digits is swept
%   forwards (weighed_layers/3), each state with its weight: the ways to it (with any), or the
%   ways with each number of mines (w(Low, Coefficients)). Then backwards, each state with the
%   ways from it to the end that the rest of the board completes: with any, the ways of the
%   part's cells after it; with a total, for each number of mines placed so far, the ways of
%   the cells after it and of the other parts and free cells together to hold the rest of the
%   total (their polynomial, rest_ways/4). A cell is a mine in the solutions through each link
%   it takes as a mine: the ways to the state before times the ways on from the state after.
%   Labeling listed every solution to count them: a 6x6 board all unknown ran past any limit.
tally(Rows, Total, [Count, Tallies]) :-
    board_shape(Rows, _, _),
    append(Rows, Codes),
    (   posted_parts(Rows, Total, Mines, Left, Parts, NFree),
        append(Mines, Cells),
        foldl(unknown_mine, Codes, Cells, Open, []),
        tallied_parts(Left, Parts, NFree, Count, FreeMines, ByPlace),
        Count > 0
    ->  maplist(cell_tally(Count, FreeMines, ByPlace), Open, Tallies)
    ;   Count = 0,
        aggregate_all(count, member(0'?, Codes), Unknown),
        length(Tallies, Unknown),
        maplist(=(0), Tallies)
    ).

%   cell_tally(+Count, +FreeMines, +ByPlace, +Mine, -Tally): the solutions in which the open cell
%   Mine is a mine: all or none when it is set, those ByPlace gives for a cell of a part, and
%   FreeMines for a free cell.
cell_tally(Count, FreeMines, ByPlace, Mine, Tally) :-
    (   integer(Mine)
    ->  Tally is Mine * Count
    ;   var_place(Mine, Place),
        get_assoc(Place, ByPlace, Found)
    ->  Tally = Found
    ;   Tally = FreeMines
    ).

%   tallied_parts(+Left, +Parts, +NFree, -Count, -FreeMines, -ByPlace): the solutions of Parts
%   and NFree free cells holding Left mines (any: any number), Count of them; FreeMines, those
%   with a given free cell a mine; ByPlace, an assoc from the place of each cell of the parts to
%   those with that cell a mine. Fails when a part has none.
tallied_parts(any, Parts, NFree, Count, FreeMines, ByPlace) :-
    maplist(weighed_layers(ways), Parts, Layered),
    maplist(layered_weight, Layered, Ways),
    foldl(times, Ways, 1, Linked),
    Count is Linked << NFree,
    FreeMines is Count >> 1,
    maplist(part_tallies(ways, Count), Layered, Ways, Tallied),
    append(Tallied, Pairs),
    list_to_assoc(Pairs, ByPlace).
tallied_parts(Left, Parts, NFree, Count, FreeMines, ByPlace) :-
    integer(Left),
    Left >= 0,
    maplist(weighed_layers(polys), Parts, Layered),
    maplist(layered_weight, Layered, Polys),
    foldl(poly_times(Left), Polys, w(0, [1]), Linked),
    binomials(NFree, Row),
    free_ways(Linked, Left, Row, Count),
    Fewer is NFree - 1,
    binomials(Fewer, FewerRow),
    Rest is Left - 1,
    free_ways(Linked, Rest, FewerRow, FreeMines),
    free_poly(Row, Left, Free),
    poly_times(Left, Linked, Free, All),
    empty_assoc(Memo),
    foldl(rest_kept(All, Left), Polys, Rests, Memo, _),
    maplist(part_tallies(polys, Count), Layered, Rests, Tallied),
    append(Tallied, Pairs),
    list_to_assoc(Pairs, ByPlace).

%   free_poly(+Row, +Upto, -Poly): the ways N free cells hold each number of mines, up to Upto:
%   N choose K for each K (Row: binomials/2 of N), from the power 0.
free_poly(Row, Upto, w(0, Poly)) :-
    Row =.. [_|All],
    length(All, Size),
    Top is min(Size, Upto + 1),
    length(Poly, Top),
    append(Poly, _, All).

%   rest_kept(+All, +Left, +Poly, -Rest, +Memo0, -Memo): rest_ways/4, once for each polynomial:
%   parts alike (a digit alone with its unknown neighbours, say) have the same rest.
rest_kept(All, Left, Poly, Rest, Memo0, Memo) :-
    (   get_assoc(Poly, Memo0, Found)
    ->  Rest = Found,
        Memo = Memo0
    ;   rest_ways(All, Left, Poly, Rest),
        put_assoc(Poly, Memo0, Rest, Memo)
    ).

%   rest_ways(+All, +Left, +Poly, -Rest): for each number A of mines a part of polynomial Poly
%   (w(Low, Coefficients)) may hold, Low on, the ways the other parts and the free cells hold
%   Left - A, as w(Low, Ways): the coefficient at Left - A of All (every part and the free cells
%   together, w(LowAll, ...)) divided by Poly, exactly. The quotient's lowest power is
%   LowAll - Low, and the coefficients needed reach the power Left - Low.
rest_ways(w(LowAll, All), Left, w(Low, Poly), w(Low, Rest)) :-
    in_time,
    Upto is Left - LowAll,
    poly_divided(All, Poly, Upto, Quotient),
    Q =.. [q|Quotient],
    length(Poly, N),
    Top is N - 1,
    numlist(0, Top, Is),
    maplist(rest_at(Q, Left, LowAll), Is, Rest).

%   rest_at(+Q, +Left, +LowAll, +I, -Ways): the quotient's coefficient for the part holding its
%   lowest number of mines, Low, plus I: the power Left - Low - I, at Left - I - LowAll from the
%   quotient's lowest.
rest_at(Q, Left, LowAll, I, Ways) :-
    K is Left - I - LowAll,
    coefficient(Q, K, Ways).

%   poly_divided(+All, +Poly, +Upto, -Quotient): the coefficients 0 to Upto of All / Poly (lists
%   of coefficients, Poly's first not 0), a division known to be exact (All holds Poly as a
%   factor): Q(K) = (All(K) - the sum over J >= 1 of Poly(J) Q(K - J)) / Poly(0).
poly_divided(All, Poly, Upto, Quotient) :-
    Poly = [P0|_],
    length(Poly, N),
    High is N - 1,
    A =.. [a|All],
    functor(A, _, LA),
    P =.. [p|Poly],
    Size is max(0, Upto + 1),
    functor(Q, q, Size),
    forall(between(0, Upto, K),
           (   (   K /\ 255 =:= 0
               ->  in_time
               ;   true
               ),
               Arg is K + 1,
               (   Arg =< LA
               ->  arg(Arg, A, H)
               ;   H = 0
               ),
               Top is min(K, High),
               poly_sum(1, Top, K, P, Q, 0, Sum),
               V is (H - Sum) // P0,
               nb_setarg(Arg, Q, V)
           )),
    Q =.. [_|Quotient].

%   weighed_layers(+Mode, +Vars-Sums, -Layered): the part swept forwards as by weighed_part/3,
%   layered(Vars, Indices, Position, Steps, Layers) with the states of every layer kept, each
%   State-Weight; fails when the part has no solution.
weighed_layers(Mode, Vars-Sums, layered(Vars, Indices, Position, Steps, Layers)) :-
    swept_steps(Vars, Sums, Indices, Position, Steps),
    first_weight(Mode, First),
    weighed_layers_from(Mode, Steps, [0-First], Layers),
    last(Layers, End),
    memberchk(0-_, End).

%   weighed_layers_from(+Mode, +Steps, +Layer, -Layers): as weighed_forwards/4, the states before
%   each step and after the last kept.
weighed_layers_from(_, [], Layer, [Layer]).
weighed_layers_from(Mode, [Step|Steps], Layer, [Layer|Layers]) :-
    weighed_layer(Mode, Step, Layer, Next),
    weighed_layers_from(Mode, Steps, Next, Layers).

layered_weight(layered(_, _, _, _, Layers), Weight) :-
    last(Layers, End),
    memberchk(0-Weight, End).

%   part_tallies(+Mode, +Count, +Layered, +Rest, -Pairs): Place-Mines for each cell of the part:
%   the solutions of the whole board with the cell a mine. Rest is, with ways, the ways of the
%   part (the rest of the board completes each of its solutions in Count / Rest ways); with
%   polys, for each number of mines of the part, the ways of the rest of the board.
part_tallies(Mode, Count, layered(Vars, Indices, Position, Steps, Layers), Rest, Pairs) :-
    (   Mode == ways
    ->  Others is Count // Rest,
        End = 1
    ;   Others = 1,
        End = Rest
    ),
    reverse(Layers, [_|Before]),
    reverse(Steps, Back),
    tallied_backwards(Before, Back, Mode, [0-End], [], Found),
    Mined =.. [mined|Found],
    maplist(var_place, Vars, Places),
    maplist(position_value(Position, Mined), Indices, Values),
    maplist(times(Others), Values, Tallies),
    pairs_keys_values(Pairs, Places, Tallies).

%   tallied_backwards(+Layers, +Steps, +Mode, +After, +Mined0, -Mined): from the last step back,
%   each state of a layer (State-Before: its weight) with its ways on through the states of
%   After (State-On), and for each step's cell the solutions through it as a mine. With polys,
%   a state's ways on are kept for the numbers of mines its ways from the first cell hold (the
%   powers of its weight, Low on), the only ones the links before it ask for.
tallied_backwards([], [], _, _, Mined, Mined).
tallied_backwards([Layer|Layers], [Step|Steps], Mode, After, Mined0, Mined) :-
    in_time,
    list_to_assoc(After, Live),
    foldl(tallied_links(Mode, Step, Live), Layer, Kept-0, []-Here),
    tallied_backwards(Layers, Steps, Mode, Kept, [Here|Mined0], Mined).

tallied_links(Mode, Step, Live, State-Before, Kept0-Here0, Kept-Here) :-
    linked_on(Step, Live, State, 0, On0),
    linked_on(Step, Live, State, 1, On1),
    (   On0 == none,
        On1 == none
    ->  Kept0 = Kept,
        Here = Here0
    ;   ways_on(Mode, Before, On0, On1, On, Through),
        Here is Here0 + Through,
        Kept0 = [State-On|Kept]
    ).

%   linked_on(+Step, +Live, +State, +Value, -On): what Live (an assoc of the states after Step)
%   holds for the state State leads to when the step's cell takes Value; none when it leads to
%   no state, or to one not in Live.
linked_on(Step, Live, State, Value, On) :-
    (   successor(Step, State, Value, Next),
        get_assoc(Next, Live, Found)
    ->  On = Found
    ;   On = none
    ).

%   ways_on(+Mode, +Before, +On0, +On1, -On, -Through): the ways on from a state whose weight is
%   Before, through its links as safe (to ways on On0) and as a mine (On1; none: no such link),
%   and Through, the solutions through the link as a mine: the ways to it times the ways on.
ways_on(ways, Before, On0, On1, On, Through) :-
    none_zero(On0, Safe),
    none_zero(On1, Mined),
    On is Safe + Mined,
    Through is Before * Mined.
ways_on(polys, w(Low, Coefficients), On0, On1, w(Low, On), Through) :-
    length(Coefficients, N),
    window(On0, Low, N, Safe),
    Above is Low + 1,
    window(On1, Above, N, Mined),
    weight_sum(Safe, Mined, On),
    foldl(dot, Coefficients, Mined, 0, Through).

none_zero(none, 0) :- !.
none_zero(Ways, Ways).

%   window(+On, +From, +N, -List): the N coefficients of On (w(Low, Coefficients), or none)
%   from the power From, zeros where it has none.
window(none, _, N, List) :-
    !,
    length(List, N),
    maplist(=(0), List).
window(w(Low, Coefficients), From, N, List) :-
    from_power(Low-Coefficients, From, Longer),
    length(List, N),
    taken(List, Longer).

taken([], _).
taken([X|Xs], Ys) :-
    (   Ys = [X|Ys1]
    ->  taken(Xs, Ys1)
    ;   X = 0,
        taken(Xs, [])
    ).

dot(X, Y, Sum0, Sum) :-
    Sum is Sum0 + X * Y.

%   unknown_mine(+Code, +Mine, ?Open0, ?Open): Open0 is [Mine|Open] when Code is `?`, else Open.
unknown_mine(0'?, Mine, [Mine|Open], Open) :- !.
unknown_mine(_, _, Open, Open).

%!  board_forced(+Rows, -Forced) is det.
%
%   Forced is [Found, Values]: Found is 0 when there is no solution (Values is then []) and 1
%   when there is one; Values has, for each `?` of Rows in reading order, 0 when that cell is
%   safe in every solution, 1 when it is a mine in every solution, and 2 when it is neither (the
%   board's "backbone"). No solution is counted. Before the parts are drawn (parts/6: the
%   cells that digits link), a cell one of whose values fails by propagation alone takes the
%   other (probed/3), which breaks up wide blocks. Each part is then swept, cell by cell,
%   carrying only what the digits open there still need (swept_part_forced/2), in turns with
%   searches (raced_parts/3): one solution is found; then, for each cell still undecided, a
%   solution in which it takes the other value is asked for. None: the cell is forced, and
%   its value is posted, which helps every later search. One found: every cell whose value
%   differs between the two solutions is decided at once, as not forced. Each search labels
%   only the cell's part. With a total every cell is linked to every other, and the searches
%   label the whole board (board_forced_with_mines/3 gives them a rival).
%
%   ?- board_forced([`1121`, `1??*`, `12?*`, `0122`], F).
%   %@ F = [1, [1, 0, 1]].
%
%   ?- board_forced([`1110`, `2*31`, `3*??`, `2*4?`, `112?`], F).
%   %@ F = [1, [2, 2, 2, 2]].
%
%   ?- board_forced([`??01?`], F).
%   %@ F = [1, [2, 0, 1]].
%
%   ?- board_forced([`2?`], F).
%   %@ F = [0, []].

board_forced(Rows, Forced) :-
    with_kept_parts(forced(Rows, any, raced, Forced)).

%!  board_forced_with_mines(+Rows, +Mines, -Forced) is det.
%
%   As board_forced/2, among the solutions with exactly Mines mines. Two ways take turns (as in
%   search/5), keeping what the split finds from one turn to the next (with_kept_parts/1): the
%   searches of board_forced/2 with the total posted, which label the whole board, and
%   split_forced/3, which decides each cell from the numbers of mines of its part's
%   solutions, the split first. With the total, labeling cannot see that each part holds a
%   number of mines within its own range, and tries the parts' placements together: on four
%   Expert mid-games (midgame(16, 30, 99, Seed), seeds 1, 2, 4, 8) it ran out of 60 s at both
%   ends of the range (79 and 153 mines on seed 1, whose solutions hold 79 to 153) and took 3
%   to 55 s with 99; the split takes 0.02 to 0.11 s, and 2 s on generate.py's 15x15 lattice
%   of digits (seed 1, a wide block) with 55 mines, where labeling takes 20 s.
%
%   ?- board_forced_with_mines([`1?`, `??`], 1, F).
%   %@ F = [1, [2, 2, 2]].
%
%   ?- board_forced_with_mines([`???`], 3, F).
%   %@ F = [1, [1, 1, 1]].
%
%   ?- board_forced_with_mines([`1?`, `??`], 2, F).
%   %@ F = [0, []].

board_forced_with_mines(Rows, Mines, Forced) :-
    must_be(integer, Mines),
    first_budget(Budget),
    with_kept_parts(raced([keeps(split_forced(Rows, Mines, Forced)),
                            forced(Rows, Mines, labeling, Forced)],
                           Rows, any, Budget)).

%   forced(+Rows, +Total, +Way, -Forced): Forced of Rows with Total mines (any: no total), each
%   part's cells decided by Way: labeling, a first solution of each part and then a search for
%   each cell (part_solution/3 and backbone/1), or raced, the failed literals first (probed/3)
%   and then each part by a sweep over its cells (swept_part_forced/2) and those searches in
%   turns (raced_parts/3), or swept, each part by the sweep alone (both without a total only).
forced(Rows, Total, Way, [Found, Values]) :-
    board_shape(Rows, _, Width),
    append(Rows, Codes),
    unknown_places(Codes, Width, 0, Places),
    (   board_posted(Rows, Total, Mines, [Local, Tight], Digits, Sums),
        foldl(row_places, Mines, 0, _),
        probed(Way, Local, Sums),
        append(Mines, Cells),
        foldl(unknown_mine, Codes, Cells, Open, []),
        maplist(candidate, Open, Places, Candidates),
        parts(Total, Digits, Candidates, Local, Tight, Parts),
        decided_parts(Way, Rows, Total, Sums, Parts)
    ->  Found = 1,
        maplist(forced_or_not, Open, Values)
    ;   Found = 0,
        Values = []
    ).

%   probed(+Way, +Vars, +Sums): with raced, each open cell of Vars that a digit of Sums touches is
%   set to each value in turn, and one whose value fails by propagation alone takes the other (a
%   failed literal: the cell is forced by propagation through the digits, however far it reaches,
%   without a search), round after round until a round sets none or runs past its budget
%   (probe_round/4); fails when both of a cell's values fail. The rounds go part by part (the cells
%   linked by digits, var_parts/3, with the board posted without its total): a cell set in one part
%   changes nothing another part's probes see, so a part whose round set none is done, where a round
%   of the whole board probed every part again for the few that had changed (a 100x100 mid-game:
%   four rounds of some 3,660 cells for 21 cells set after the first; counting it took 0.65-0.81 s
%   cputime on a busy machine, now 0.38-0.49 s). A wide block comes out of it smaller, and narrower
%   for the sweep of raced_parts/3: on a half-played 50x50 game, midgame(50, 50, 600, 2), it sets
%   265 of the 1,129 cells propagation leaves open in 0.2 s, the largest part left has 195 cells
%   (was 556), and the forced cells take 0.5 s, where without it they ran past 30 s (and seed 3's,
%   11 s with it). Boards whose parts are decided at once pay for it: a 200x200 puzzle with half its
%   cells hidden took 1.2 s, and 1.0 s without it, when each round probed the whole board. The way
%   labeling (with a total, and labeling_forced/2) does not probe, and neither does swept
%   (swept_forced/2, for the tests). The solutions (models/4) and the forced cells with a total
%   (split_forced/3) probe too, on the board without its total (split_posted/5): asked whether
%   midgame(50, 50, 600, 3) has one solution, labeling in turns ran past 40 s, and answers in 0.2 s
%   once the failed literals are set.
probed(labeling, _, _).
probed(swept, _, _).
probed(raced, Vars, Sums) :-
    include(linked, Vars, Linked),  % a cell no digit touches fails neither way
    var_parts(Linked, Sums, Parts),
    maplist(probed_part, Parts).

linked(Mine) :-
    var(Mine),
    \+ fd_degree(Mine, 0).

probed_part(Vars-_) :-
    length(Vars, N),
    statistics(inferences, Now),
    Stop is Now + 5000 * N,
    probe_round(Vars, Stop, false, Changed),
    (   Changed == true
    ->  probed_part(Vars-_)
    ;   true  % false, or cut: a round past its budget is the last
    ).

%   probe_round(+Mines, +Stop, +Changed0, -Changed): each open cell of Mines probed while the
%   inferences counted are below Stop; Changed is true when a probe set a cell, cut when the
%   round ran past Stop (5,000 inferences for each cell of the part). The boards measured spend
%   800 to 2,700 inferences a cell in a round,
%   but on a row `?1?1...?1?` each probe runs along the whole row and fails nowhere, so a round
%   grows with the square of its length: a row of 2,001 cells took 4.9 s to count, 0.24 s with
%   the budget. What the probes cut off would have found, the search or the sweep finds.
probe_round([], _, Changed, Changed).
probe_round([Mine|Mines], Stop, Changed0, Changed) :-
    (   var(Mine)
    ->  in_time,
        (   \+ Mine = 0
        ->  Mine = 1,
            Changed1 = true
        ;   \+ Mine = 1
        ->  Mine = 0,
            Changed1 = true
        ;   Changed1 = Changed0
        )
    ;   Changed1 = Changed0
    ),
    statistics(inferences, Now),
    (   Now < Stop
    ->  probe_round(Mines, Stop, Changed1, Changed)
    ;   Changed = cut
    ).

%   decided_parts(+Way, +Rows, +Total, +Sums, +Parts): sets the forced cells of each part of
%   Parts (parts/6) by Way (forced/4); fails when a part has no solution.
decided_parts(labeling, Rows, Total, _, Parts) :-
    maplist(part_solution(Rows, Total), Parts),
    maplist(backbone, Parts).
decided_parts(raced, Rows, Total, Sums, Parts) :-
    must_be(oneof([any]), Total),  % with a total, every cell is in one part
    raced_parts(Rows, Sums, Parts).
decided_parts(swept, _, Total, Sums, Parts) :-
    must_be(oneof([any]), Total),
    parts_again(Parts, Sums, _, Split),
    maplist(swept_part, Split).

swept_part(Vars-Sums) :-
    swept_part_forced(Vars, Sums).

%   raced_parts(+Rows, +Sums, +Parts): each part of Parts decided by two ways in turns (raced/4):
%   a sweep over its cells (swept_part_forced/2), and its first solution and a search for each
%   cell (labelled_part/2). The sweep carries from one cell to the next only what the digits
%   open there still need, so what it costs grows with how many digits are open at once, not
%   with the part's placements. Wide blocks are where that counts: the searches meet dead ends
%   far from where they chose, and the split by counts that took the sweep's place before
%   (part_cells/3) could only try every placement of the cells across a block's middle. Of
%   generate.py's lattices of digits 13x13 to 17x17 (seeds 1 to 5), four ran past 30 s and nine
%   took 0.9 to 20 s, and now each takes under a second; half-played 50x50 games with 600 mines
%   (midgame(50, 50, 600, Seed), seeds 1 to 4) took 2.5 to 6.4 s and past 30 s, now 0.25 to
%   0.5 s and 11 s (seed 3, with a part of 434 cells and 18,816 states at its widest). The
%   sweep goes first: it decides the parts of a game within its first turn (part_budget/1).
%   The searches keep their turns beside it, for a part with so many digits open at once that
%   the sweep's states (which can grow with the power of that number) outgrow them; none of the
%   boards measured needed them. Racing each part, not the whole board, keeps what each way
%   found on the parts before it: raced whole, a way's turn restarted with the board's posting
%   and every part's search, and a 200x200 puzzle with half its cells hidden took 2.7 s where
%   each way alone took 1 s. The parts are those of parts/6 found again by var_parts/3, each
%   with the sums on its cells, in the same order: both number the parts by their first cell,
%   taken in the order of Parts (raced_part/5 makes sure of it: a part's cells are the same,
%   in the same order, or an error says it).
raced_parts(Rows, Sums, Parts) :-
    part_budget(Budget),
    maplist(found_first(Rows, Budget), Parts),
    parts_again(Parts, Sums, Opens, Split),
    maplist(raced_part(Rows, Budget), Parts, Opens, Split).

%   parts_again(+Parts, +Sums, -Opens, -Split): the open cells of each part of Parts (parts/6),
%   and the same parts found again by var_parts/3, each Vars-Sums with the sums on its cells.
parts_again(Parts, Sums, Opens, Split) :-
    maplist(part_open, Parts, Opens),
    append(Opens, Open),
    var_parts(Open, Sums, Split).

part_open(part(Candidates, _, _), Open) :-
    maplist(candidate_mine, Candidates, Open).

raced_part(Rows, Budget, Part, Open, Vars-Sums) :-
    (   Vars == Open  % the same part, its cells in the same order
    ->  true
    ;   throw(error(assertion_failed(raced_part), _))
    ),
    raced([swept_part_forced(Vars, Sums), labelled_part(Rows, Part)], Rows, any, Budget).

%   part_budget(-Budget): the first turn of each way on a part, and the most found_first/3
%   looks for a part's first solution.
part_budget(1 000 000).

%   found_first(+Rows, +Budget, +Part): the first solution of Part (part_solution/3), when
%   it is found within Budget inferences; fails when Part has none. Every part is looked at so
%   before any is decided, as a part with no solution (one that propagation does not refute)
%   makes the board's answer at once: decided part by part, a 50x50 mid-game with one digit
%   changed was answered after the parts before the wrong one, in 15 s, where this takes 0.05 s.
found_first(Rows, Budget, Part) :-
    call_with_inference_limit(part_solution(Rows, any, Part), Budget, _).

labelled_part(Rows, Part) :-
    (   Part = part([c(_, Value, _, _)|_], _, _),
        nonvar(Value)
    ->  true
    ;   part_solution(Rows, any, Part)
    ),
    backbone(Part).

%   swept_part_forced(+Vars, +Sums): sets the cells of the part Vars that are safe, or mines, in
%   every solution of it, found by a sweep over its cells (swept_values/3); fails when it has
%   none.
swept_part_forced(Vars, Sums) :-
    swept_values(Vars, Sums, Values),
    maplist(swept_cell, Vars, Values).

swept_cell(Mine, Safe-Mined) :-
    (   Mined == false
    ->  Mine = 0
    ;   Safe == false
    ->  Mine = 1
    ;   true
    ).

%   swept_values(+Vars, +Sums, -Values): for each cell of the part Vars, Safe-Mined: whether
%   some solution of the part has it safe, and whether some has it a mine (true or false);
%   fails when the part has none. The cells are taken one at a time in an order (sweep_order/4)
%   and all that is carried from one to the next is what the digits still open (those with
%   cells on both sides) still need: a state, packed in one integer, four bits a digit
%   (sweep_steps/3). Forwards, the states that some placement of the cells taken so far
%   leaves; backwards, those from which the cells after can be placed; a cell can be safe (a
%   mine) when a state on both sides is linked by that value. The states of a wide block are
%   many, but far fewer than its placements: on a half-played 50x50 game (midgame(50, 50, 600,
%   3)) a part of 434 cells that the split and the searches took two minutes over has at most
%   18,816 states at a step, 591,377 in all, swept in about 6 s.
swept_values(Vars, Sums, Values) :-
    swept_steps(Vars, Sums, Indices, Position, Steps),
    swept_forwards(Steps, [0], Layers),
    reverse(Layers, [End|Before]),
    memberchk(0, End),
    reverse(Steps, Back),
    swept_backwards(Before, Back, [0], [], Cans),
    Found =.. [cans|Cans],
    maplist(position_value(Position, Found), Indices, Values).

%   swept_counts(+Vars, +Sums, -Counts): the numbers of mines the solutions of the part Vars
%   hold, as a set of bits (as part_counts/3 gives them), by the sweep of swept_values/3
%   forwards only, each state carrying the numbers of mines placed on the ways to it (states
%   met twice keep both sets, or-ed); fails when the part has none.
swept_counts(Vars, Sums, Counts) :-
    swept_steps(Vars, Sums, _, _, Steps),
    weighed_forwards(numbers, Steps, [0-1], End),
    memberchk(0-Counts, End).

%   merged(:Join, +Sorted, -Merged): the pairs State-Value of Sorted (sorted by state), each
%   state once, with the values of a state met more than once joined by Join.
merged(_, [], []).
merged(Join, [State-Value|Pairs], Merged) :-
    merged(Pairs, Join, State, Value, Merged).

merged([], _, State, Value, [State-Value]).
merged([State1-Value1|Pairs], Join, State, Value, Merged) :-
    (   State1 == State
    ->  call(Join, Value, Value1, Joined),
        merged(Pairs, Join, State, Joined, Merged)
    ;   Merged = [State-Value|Merged1],
        merged(Pairs, Join, State1, Value1, Merged1)
    ).

%   swept_cells(+Vars, +Sums, -Counts-Cells): part_cells/3 by the sweep of swept_values/3, each
%   state carrying the numbers of mines on the ways to it (forwards, from the first cell) and on
%   the ways from it (backwards, to the last): a cell's value links a state on each side, and the
%   sums of their numbers (with one more mine for a mine) are numbers of the part's solutions
%   with the cell so; fails when the part has none.
swept_cells(Vars, Sums, Counts-Cells) :-
    swept_steps(Vars, Sums, Indices, Position, Steps),
    weighed_layers_from(numbers, Steps, [0-1], Layers),
    reverse(Layers, [End|Before]),
    memberchk(0-Counts, End),
    reverse(Steps, Back),
    counted_backwards(Before, Back, [0-1], [], Found),
    Sets =.. [sets|Found],
    maplist(var_place, Vars, Places),
    maplist(position_value(Position, Sets), Indices, Values),
    pairs_keys_values(Cells0, Places, Values),
    keysort(Cells0, Cells).

%   counted_backwards(+Layers, +Steps, +After, +Sets0, -Sets): from the last step back, each
%   state of a layer (State-Before: the numbers of mines on the ways to it) with the numbers on
%   the ways from it to the end, through the states of After (State-Numbers), and for each
%   step's cell Safe-Mined: the numbers of the solutions through it with the cell safe, a mine.
counted_backwards([], [], _, Sets, Sets).
counted_backwards([Layer|Layers], [Step|Steps], After, Sets0, Sets) :-
    in_time,
    list_to_assoc(After, Live),
    foldl(counted_links(Step, Live), Layer, Kept-(0-0), []-Set),
    counted_backwards(Layers, Steps, Kept, [Set|Sets0], Sets).

counted_links(Step, Live, State-Before, Kept0-(Safe0-Mined0), Kept-(Safe-Mined)) :-
    counted_link(Step, Live, State, Before, 0, To0, Safe0, Safe),
    counted_link(Step, Live, State, Before, 1, To1, Mined0, Mined),
    To is To0 \/ To1,
    (   To =:= 0
    ->  Kept0 = Kept
    ;   Kept0 = [State-To|Kept]
    ).

counted_link(Step, Live, State, Before, Value, To, Set0, Set) :-
    linked_on(Step, Live, State, Value, On),
    (   On == none
    ->  To = 0,
        Set = Set0
    ;   To is On << Value,
        sum_counts(Before, To, Through),
        Set is Set0 \/ Through
    ).

%   swept_steps(+Vars, +Sums, -Indices, -Position, -Steps): the steps of a sweep over the part
%   Vars (sweep_steps/3), its cells numbered by Indices in Vars' order, in the order
%   sweep_order/4 chooses: cell I comes at Position(I + 1).
swept_steps(Vars, Sums, Indices, Position, Steps) :-
    maplist(var_place, Vars, Places),
    length(Vars, N),
    Last is N - 1,
    numlist(0, Last, Indices),
    pairs_keys_values(ByPlace, Places, Indices),
    list_to_assoc(ByPlace, Index),
    include(open_sum, Sums, Live),
    maplist(sum_indices(Index), Live, Digits),
    sweep_order(ByPlace, N, Digits, Order),
    positions(Order, N, Position),
    maplist(digit_positions(Position), Digits, Placed),
    sweep_steps(Placed, N, Steps).

%   sum_indices(+Index, +Sum, -Digit): d(Still, Indices): what the sum still needs, and the
%   indices of its open cells, in order.
sum_indices(Index, Sum, d(Still, Sorted)) :-
    still_needs(Sum, Still),
    Sum = _-Cells,
    include(var, Cells, Open),
    maplist(var_place, Open, Places),
    maplist(index_of(Index), Places, Unsorted),
    msort(Unsorted, Sorted).

index_of(Index, Place, I) :-
    get_assoc(Place, Index, I).

%   positions(+Order, +N, -Position): Position(I + 1) is where cell I comes in Order.
positions(Order, N, Position) :-
    functor(Position, position, N),
    foldl(set_position(Position), Order, 0, _).

set_position(Position, I, K, K1) :-
    Arg is I + 1,
    nb_setarg(Arg, Position, K),
    K1 is K + 1.

position_of(Position, I, K) :-
    Arg is I + 1,
    arg(Arg, Position, K).

digit_positions(Position, d(Still, Indices), d(Still, Sorted)) :-
    maplist(position_of(Position), Indices, Unsorted),
    msort(Unsorted, Sorted).

position_value(Position, Found, I, Value) :-
    position_of(Position, I, K),
    Arg is K + 1,
    arg(Arg, Found, Value).

%   sweep_order(+ByPlace, +N, +Digits, -Order): the indices of the cells in the order, among
%   three, that keeps the fewest digits open at its widest point, then in all (order_width/4):
%   by rows, by columns, and breadth-first through the digits from a cell at one end of the
%   part (found as the last cell of two such walks), which suits long frontiers.
sweep_order(ByPlace, N, Digits, Order) :-
    msort(ByPlace, ByRow),
    pairs_values(ByRow, Rows),
    maplist(column_first, ByPlace, Transposed),
    msort(Transposed, ByColumn),
    pairs_values(ByColumn, Columns),
    foldl(linked_cells, Digits, t, Links),
    walk(Links, N, 0, Walk0),
    last(Walk0, Far0),
    walk(Links, N, Far0, Walk1),
    last(Walk1, Far1),
    walk(Links, N, Far1, Walk),
    map_list_to_pairs(order_width(N, Digits), [Rows, Columns, Walk], Keyed),
    keysort(Keyed, [_-Order|_]).

column_first((R-C)-I, (C-R)-I).

linked_cells(d(_, Indices), Links0, Links) :-
    foldl(linked_cell(Indices), Indices, Links0, Links).

linked_cell(Indices, I, Links0, Links) :-
    (   Links0 == t
    ->  list_to_assoc([I-Indices], Links)
    ;   get_assoc(I, Links0, Old)
    ->  ord_union(Old, Indices, New),
        put_assoc(I, Links0, New, Links)
    ;   put_assoc(I, Links0, Indices, Links)
    ).

%   walk(+Links, +N, +Start, -Order): the cells breadth-first from Start, through the cells
%   linked by a digit; then any cell not reached (a part's cells are all linked, so none).
walk(Links, N, Start, Order) :-
    functor(Seen, seen, N),
    see(Seen, Start),
    Queue = [Start|End],
    walked(Queue, End, Links, Seen, Order, Unreached),
    Last is N - 1,
    numlist(0, Last, All),
    exclude(seen(Seen), All, Unreached).

%   walked(+Queue, +End, +Links, +Seen, -Order, ?Tail): the cells of the queue Queue (an open
%   list ending at End) and those linked to them, breadth-first, then Tail.
walked(Queue, End, Links, Seen, Order, Tail) :-
    (   Queue == End
    ->  Order = Tail
    ;   Queue = [I|Queue1],
        (   Links \== t,
            get_assoc(I, Links, Linked)
        ->  true
        ;   Linked = []
        ),
        exclude(seen(Seen), Linked, New),
        maplist(see(Seen), New),
        append(New, End1, End),
        Order = [I|Order1],
        walked(Queue1, End1, Links, Seen, Order1, Tail)
    ).

seen(Seen, I) :-
    Arg is I + 1,
    arg(Arg, Seen, Mark),
    Mark == true.

see(Seen, I) :-
    Arg is I + 1,
    nb_setarg(Arg, Seen, true).

%   order_width(+N, +Digits, +Order, -Widest-Total): the most digits open between two cells of
%   Order (a digit is open from after its first cell to its last), and their sum over Order.
order_width(N, Digits, Order, Widest-Total) :-
    positions(Order, N, Position),
    length(Changes0, N),
    maplist(=(0), Changes0),
    Changes =.. [changes|Changes0],
    maplist(open_span(Position, Changes), Digits),
    Changes =.. [_|Deltas],
    foldl(running_width, Deltas, 0-0-0, _-Widest-Total).

open_span(Position, Changes, d(_, Indices)) :-
    maplist(position_of(Position), Indices, Ks),
    min_list(Ks, First),
    max_list(Ks, Last),
    (   Last > First
    ->  Open is First + 1,
        add_change(Changes, Open, 1),
        Close is Last + 1,
        add_change(Changes, Close, -1)
    ;   true
    ).

add_change(Changes, Arg, Delta) :-
    arg(Arg, Changes, Old),
    New is Old + Delta,
    nb_setarg(Arg, Changes, New).

running_width(Delta, Width0-Widest0-Total0, Width-Widest-Total) :-
    Width is Width0 + Delta,
    Widest is max(Widest0, Width),
    Total is Total0 + Width.

%   sweep_steps(+Digits, +N, -Steps): for each position of the sweep, step(Add, Masks): Add,
%   the needs of the digits whose first cell is there, each shifted to the four bits of a slot
%   of the state not in use (a digit keeps its slot until its last cell); Masks, what
%   successor/4 needs to check at once every digit with a cell there (step_masks/2).
sweep_steps(Digits, N, Steps) :-
    Last is N - 1,
    numlist(0, Last, Positions),
    foldl(entering, Digits, t, Entering),
    foldl(sweep_step(Entering), Positions, Steps, slots([], 0, []), _).

entering(d(Still, Positions), ByFirst0, ByFirst) :-
    Positions = [First|_],
    (   ByFirst0 == t
    ->  list_to_assoc([First-[d(Still, Positions)]], ByFirst)
    ;   get_assoc(First, ByFirst0, Old)
    ->  put_assoc(First, ByFirst0, [d(Still, Positions)|Old], ByFirst)
    ;   put_assoc(First, ByFirst0, [d(Still, Positions)], ByFirst)
    ).

%   slots(Open, Next, Free): the digits holding a slot, o(Positions, Shift) each; the next slot
%   never used; the slots freed.
sweep_step(Entering, P, step(Add, Masks), slots(Open0, Next0, Free0),
           slots(Open, Next, Free)) :-
    (   Entering \== t,
        get_assoc(P, Entering, New)
    ->  true
    ;   New = []
    ),
    foldl(enter_slot, New, Open0-Next0-Free0-0, Open1-Next-Free1-Add),
    foldl(touched(P), Open1, Touched, []),
    step_masks(Touched, Masks),
    partition(open_after(P), Open1, Open, Closed),
    foldl(free_slot, Closed, Free1, Free).

%   step_masks(+Touched, -Masks): for the slots Touched (Shift-Left: where a digit's need is,
%   and how many of its cells come after this one), masks(Fields, Room0, Seven, Room1, Highs,
%   Highs1, Ones) with which successor/4 checks every such digit at once: each term is the sum
%   over the slots of a number shifted to the slot. Fields: 15 (the slot's bits); Highs: 8 (its
%   highest bit); Ones: 1. A need is at most 8 and Left at most 7, so adding a number up to 7 to
%   a slot never carries into the next one, and the highest bit then says whether the sum is 8
%   or more: Room0, 7 - Left (set when the need is more than Left); Seven, 7 (set when the need
%   is at least 1); Room1, 6 - Left where Left is at most 6 (set when the need is more than
%   Left + 1), with Highs1 the highest bits of those slots alone (a need of 8 with 7 cells
%   after is no more than Left + 1).
step_masks(Touched, masks(Fields, Room0, Seven, Room1, Highs, Highs1, Ones)) :-
    foldl(slot_masks, Touched, 0-0-0-0-0-0-0, Fields-Room0-Seven-Room1-Highs-Highs1-Ones).

slot_masks(Shift-Left, F0-R00-S0-R10-H0-H10-O0, F-R0-S-R1-H-H1-O) :-
    F is F0 + (15 << Shift),
    R0 is R00 + ((7 - Left) << Shift),
    S is S0 + (7 << Shift),
    H is H0 + (8 << Shift),
    O is O0 + (1 << Shift),
    (   Left =< 6
    ->  R1 is R10 + ((6 - Left) << Shift),
        H1 is H10 + (8 << Shift)
    ;   R1 = R10,
        H1 = H10
    ).

enter_slot(d(Still, Positions), Open-Next0-Free0-Add0,
           [o(Positions, Shift)|Open]-Next-Free-Add) :-
    (   Free0 = [Shift|Free]
    ->  Next = Next0
    ;   Shift is 4 * Next0,
        Next is Next0 + 1,
        Free = []
    ),
    Add is Add0 + (Still << Shift).

touched(P, o(Positions, Shift), Touched0, Touched) :-
    (   memberchk(P, Positions)
    ->  include(<(P), Positions, After),
        length(After, Left),
        Touched0 = [Shift-Left|Touched]
    ;   Touched0 = Touched
    ).

open_after(P, o(Positions, _)) :-
    last(Positions, Last),
    Last > P.

free_slot(o(_, Shift), Free, [Shift|Free]).

%   swept_forwards(+Steps, +Layer, -Layers): the states before each step and after the last.
swept_forwards([], Layer, [Layer]).
swept_forwards([Step|Steps], Layer, [Layer|Layers]) :-
    in_time,
    foldl(successors(Step), Layer, Next0, []),
    sort(Next0, Next),
    Next \== [],
    swept_forwards(Steps, Next, Layers).

successors(Step, State, Next0, Next) :-
    (   successor(Step, State, 0, Safe)
    ->  Next0 = [Safe|Next1]
    ;   Next0 = Next1
    ),
    (   successor(Step, State, 1, Mined)
    ->  Next1 = [Mined|Next]
    ;   Next1 = Next
    ).

%   successor(+Step, +State, +Value, -Next): the state after the step's cell takes Value: each
%   digit it touches needs Value fewer, at least none and at most its cells left. The digits
%   are checked all at once, by the masks of step_masks/2 (one digit at a time, the sweeps
%   spent most of their time here).
successor(step(Add, Masks), State, Value, Next) :-
    Entered is State + Add,
    masked(Value, Masks, Entered, Next).

masked(0, masks(Fields, Room0, _, _, Highs, _, _), Entered, Entered) :-
    ((Entered /\ Fields) + Room0) /\ Highs =:= 0.
masked(1, masks(Fields, _, Seven, Room1, Highs, Highs1, Ones), Entered, Next) :-
    Needs is Entered /\ Fields,
    (Needs + Seven) /\ Highs =:= Highs,
    (Needs + Room1) /\ Highs1 =:= 0,
    Next is Entered - Ones.

%   swept_backwards(+Layers, +Steps, +After, +Cans0, -Cans): from the last step back, the states
%   of each layer with a successor in After (those from which the rest can be placed), and for
%   each step's cell Safe-Mined: whether such a link exists with it safe, with it a mine.
swept_backwards([], [], _, Cans, Cans).
swept_backwards([Layer|Layers], [Step|Steps], After, Cans0, Cans) :-
    in_time,
    pairs_keys_values(Pairs, After, After),
    list_to_assoc(Pairs, Live),
    foldl(linked_state(Step, Live), Layer, Kept-(false-false), []-Can),
    swept_backwards(Layers, Steps, Kept, [Can|Cans0], Cans).

linked_state(Step, Live, State, Kept0-(Safe0-Mined0), Kept-(Safe-Mined)) :-
    linked_by(Step, Live, State, 0, Safe0, Safe, Linked0),
    linked_by(Step, Live, State, 1, Mined0, Mined, Linked1),
    (   ( Linked0 == true ; Linked1 == true )
    ->  Kept0 = [State|Kept]
    ;   Kept0 = Kept
    ).

linked_by(Step, Live, State, Value, Can0, Can, Linked) :-
    linked_on(Step, Live, State, Value, On),
    (   On == none
    ->  Can = Can0,
        Linked = false
    ;   Can = true,
        Linked = true
    ).

%   unknown_places(+Codes, +Width, +Index, -Places): the row and column of each `?` of Codes
%   (a board's cells in reading order, from the one at Index).
unknown_places([], _, _, []).
unknown_places([Code|Codes], Width, Index, Places) :-
    (   Code =:= 0'?
    ->  R is Index // Width,
        C is Index mod Width,
        Places = [R-C|More]
    ;   Places = More
    ),
    Next is Index + 1,
    unknown_places(Codes, Width, Next, More).

%   A candidate is c(Mine, Value, R-C, Status): the cell's variable, its value in the first
%   solution, its place, and, once decided, forced or free. An open cell's variable carries
%   v(R-C, Part, Value) as its attribute: its place, the part it belongs to (parts/6), and that
%   same Value, for contrary/1. A cell that propagation settles at once is forced; a cell in no
%   constraint at all (no digit touches it and there is no mine total) is free from the start:
%   flipping it in a solution gives another.
candidate(Mine, Place, c(Mine, Value, Place, Status)) :-
    (   integer(Mine)
    ->  Value = Mine,
        Status = forced
    ;   put_attr(Mine, board, v(Place, _, Value)),
        (   fd_degree(Mine, 0)
        ->  Value = 0,
            Status = free
        ;   true
        )
    ).

attr_unify_hook(_, _).

%   parts(+Total, +Digits, +Candidates, +Local, +Tight, -Parts): the undecided cells in parts
%   that share no constraint, each part(Candidates, Local, Tight): its candidates, and its
%   cells in the orders Local and Tight. With no total, two cells are in one part when a chain
%   of digits links them: solutions of each part, taken together, are a solution of the board,
%   so each search labels one part only. With a total, every cell is in one part. The parts
%   are found by unifying the part variables of the cells of each digit.
parts(Total, Digits, Candidates, Local, Tight, Parts) :-
    (   Total == any
    ->  maplist(same_part, Digits)
    ;   maplist(candidate_mine, Candidates, Open),
        same_part(Open)
    ),
    include(undecided, Candidates, Undecided),
    foldl(number_part, Undecided, 0, _),
    map_list_to_pairs(part_of, Undecided, Keyed),
    keysort(Keyed, Sorted),
    group_pairs_by_key(Sorted, ByPart),
    by_part(Local, LocalByPart),
    by_part(Tight, TightByPart),
    maplist(part, ByPart, LocalByPart, TightByPart, Parts).

same_part(Mines) :-
    include(var, Mines, Open),
    maplist(part_variable, Open, [Part|Others]),
    !,
    maplist(=(Part), Others).
same_part(_).

part_variable(Mine, Part) :-
    get_attr(Mine, board, v(_, Part, _)).

undecided(c(_, _, _, Status)) :-
    var(Status).

number_part(c(Mine, _, _, _), Next0, Next) :-
    number_cell_part(Mine, Next0, Next).

%   number_cell_part(+Mine, +Next0, -Next): the part of Mine, when it has no number yet, is
%   numbered Next0.
number_cell_part(Mine, Next0, Next) :-
    part_variable(Mine, Part),
    (   var(Part)
    ->  Part = Next0,
        Next is Next0 + 1
    ;   Next = Next0
    ).

part_of(c(Mine, _, _, _), Part) :-
    part_variable(Mine, Part).

%   by_part(+Order, -ByPart): the cells of Order in numbered parts, grouped by part, each group
%   in Order's order.
by_part(Order, ByPart) :-
    include(numbered, Order, Open),
    map_list_to_pairs(part_variable, Open, Keyed),
    keysort(Keyed, Sorted),
    group_pairs_by_key(Sorted, ByPart).

numbered(Mine) :-
    var(Mine),
    part_variable(Mine, Part),
    integer(Part).

part(Key-Candidates, Key-Local, Key-Tight, part(Candidates, Local, Tight)).

candidate_mine(c(Mine, _, _, _), Mine).

candidate_value(c(_, Value, _, _), Value).

%   part_solution(+Rows, +Total, +Part): the first solution of Part's cells (Local and Tight
%   taking turns, as in search/5, with the range of mines when there is a Total), which gives
%   each candidate its Value; fails when there is none.
part_solution(Rows, Total, part(Candidates, Local, Tight)) :-
    maplist(candidate_mine, Candidates, Open),
    maplist(order_way(first_models(Open, Models)), [Local, Tight], Ways),
    raced(Ways, Rows, Total, 100 000),
    maplist(candidate_value, Candidates, Values),
    Models = [Values].

%   first_models(+Open, -Models, +Vars): Models holds the values of Open in the first solution
%   that labeling Vars finds ([] when there is none).
first_models(Open, Models, Vars) :-
    findall(Open, limit(1, timed_labeling(Vars)), Models).

%   backbone(+Part): decides every candidate of Part in turn, by a search for a solution in
%   which it takes its other value, labeling the cells of its part only. Two orders take turns
%   (as in search/5, from a smaller budget): the cells nearest to it first, which finds quickly
%   that a forced cell is forced (the digits that force it are near: labeling far cells first
%   would repeat the same refutation under every choice made there), and Tight, which finds
%   solutions where the nearest cells first meet dead ends. Each cell first takes the value it
%   does not have in the first solution (contrary/1), so that the two solutions differ in as
%   many cells as they can, each of which is then decided at once.
backbone(part(Candidates, _, Tight)) :-
    maplist(candidate_mine, Candidates, Open),
    decided_each(Candidates, Candidates, labelled_other(Candidates, Open, Tight)).

%   decided_each(+Left, +Candidates, :Search): decides each candidate of Left still undecided:
%   call(Search, Candidate, Other, Models) gives in Models the values of the candidates in a
%   solution where its cell is Other, its other value ([] when there is none). One found:
%   every candidate that differs there from the first solution is not forced. None: the cell
%   is forced.
decided_each([], _, _).
decided_each([Candidate|Left], Candidates, Search) :-
    Candidate = c(Mine, Value, _, Status),
    (   nonvar(Status)
    ->  true
    ;   integer(Mine)  % settled by propagation from the values forced so far
    ->  Status = forced
    ;   Other is 1 - Value,
        call(Search, Candidate, Other, Models),
        (   Models = [Second]
        ->  maplist(differs, Candidates, Second)
        ;   Status = forced,
            Mine = Value  % true in every solution: posting it prunes the searches to come
        )
    ),
    decided_each(Left, Candidates, Search).

%   labelled_other(+Candidates, +Open, +Tight, +Candidate, +Other, -Models): backbone/1's search
%   for a solution where Candidate's cell is Other, its nearest cells first and Tight in turns.
labelled_other(Candidates, Open, Tight, c(Mine, _, R-C, _), Other, Models) :-
    nearest_first(Candidates, R-C, Near),
    turns([Near, Tight], 100 000, other_models(Mine, Other, Open, Models)).

%   other_models(+Mine, +Other, +Open, -Models, +Vars): Models holds the values of Open in the
%   first solution in which Mine is Other, labeling Vars by contrary/1 ([] when there is none).
other_models(Mine, Other, Open, Models, Vars) :-
    findall(Open, limit(1, ( Mine = Other, contrary(Vars) )), Models).

%   contrary(+Vars): labels Vars in their order, each first with the value it does not have in
%   the first solution (with guard.pl's time limit looked at before each step).
contrary([]).
contrary([Mine|Mines]) :-
    (   var(Mine)
    ->  in_time,
        get_attr(Mine, board, v(_, _, First)),
        Other is 1 - First,
        (   Mine = Other
        ;   Mine = First
        )
    ;   true
    ),
    contrary(Mines).

%   nearest_first(+Candidates, +Place, -Near): the open variables of Candidates, nearest to
%   Place first (in king's moves).
nearest_first(Candidates, R-C, Near) :-
    foldl(open_distance(R-C), Candidates, Keyed, []),
    keysort(Keyed, Sorted),
    pairs_values(Sorted, Near).

open_distance(R-C, c(Mine, _, R1-C1, _), Keyed0, Keyed) :-
    (   var(Mine)
    ->  Distance is max(abs(R - R1), abs(C - C1)),
        Keyed0 = [Distance-Mine|Keyed]
    ;   Keyed0 = Keyed
    ).

%   differs(+Candidate, +Value): a candidate whose value in another solution is not its value in
%   the first is not forced.
differs(c(_, First, _, Status), Value) :-
    (   First =:= Value
    ->  true
    ;   Status = free
    ).

%!  board_why(+Rows, -Why) is det.
%
%   Why the board has no solution, in numbers: [0, Digits] when some of its digits cannot hold
%   together, Digits a group of them ([R, C] each, in reading order) that has no solution by
%   itself, the other digits left out (their cells still revealed, so never mines), and has one
%   as soon as any one of its digits is left out; [] when the board has a solution.
%
%   How the group is found, asking only "do these digits hold together?" (holds/1: post their
%   sums, look for one solution). The digits are put in an order (nearest_first/2: around the
%   first one that propagation refutes) and cut at the shortest beginning that fails, found by
%   doubling and halving. The last digit of that beginning is in the group; it becomes the
%   group's first member, and the search goes on among the digits before it, each try now with
%   the members found so far, until they fail on their own. Each member costs a search of about
%   log2 of how far down the order it lies, so a group of K digits among N takes at most about
%   2 K log2 N tries, not N, and a group of neighbours far fewer.
%
%   ?- board_why([`???`, `131`], W).
%   %@ W = [0, [[1, 0], [1, 1]]].
%
%   ?- board_why([`2?`, `11`], W).
%   %@ W = [0, [[0, 0]]].
%
%   ?- board_why([`1?`, `??`], W).
%   %@ W = [].

board_why(Rows, Why) :-
    why(Rows, any, Why).

%!  board_why_with_mines(+Rows, +Mines, -Why) is det.
%
%   As board_why/2, with exactly Mines mines in all: when the digits hold together but never
%   with that many mines, Why is [1, [Fewest, Most]], the fewest and the most mines their
%   solutions hold (every number between need not be one of them).
%
%   ?- board_why_with_mines([`1?1`, `?1?`], 2, W).
%   %@ W = [1, [1, 1]].
%
%   ?- board_why_with_mines([`1?`, `??`], 1, W).
%   %@ W = [].

board_why_with_mines(Rows, Mines, Why) :-
    must_be(integer, Mines),
    why(Rows, Mines, Why).

why(Rows, Total, Why) :-
    board_shape(Rows, _, _),
    demands(Rows, 0, Demands),
    (   \+ has_solution(Rows, any)
    ->  nearest_first(Demands, Ordered),
        conflict([], Ordered, Group),
        maplist(demand_place, Group, Places),
        msort(Places, Sorted),
        Why = [0, Sorted]
    ;   Total == any
    ->  Why = []
    ;   found_soon(Rows, Total)
    ->  Why = []
    ;   mine_range(Rows, [Fewest, Most]),
        (   between(Fewest, Most, Total),
            has_solution(Rows, Total)
        ->  Why = []
        ;   Why = [1, [Fewest, Most]]
        )
    ).

%   has_solution(+Rows, +Total): the board has a solution (with Total mines, unless any), found
%   as check finds its first one (models/5: the failed literals set, the two labeling orders and
%   the walk of the parts in turns). holds/1 on all the digits answers the same without a total,
%   but labels in reading order only, which on a half-played 50x50 game (midgame(50, 50, 500,
%   3)) met dead ends for more than 30 s; the two orders alone, without the failed literals and
%   the walk, met them on midgame(50, 50, 600, 3) for more than a minute, where check answers in
%   a fraction of a second.
has_solution(Rows, Total) :-
    models(Rows, Total, 1, values, [_]).

first_found(Found, Vars) :-
    findall(found, limit(1, timed_labeling(Vars)), Found).

%   found_soon(+Rows, +Total): a solution with Total mines is found within the first budget of
%   one of the orders (the first round of raced/4's turns): the range, which a two-dimensional
%   part makes costly (a 15x15 lattice of digits: 12 s), is then not needed.
found_soon(Rows, Total) :-
    board_posted(Rows, Total, _, Orders),
    maplist(order_way(first_found(Found)), Orders, Ways),
    first_budget(Budget),
    first_way(Ways, Budget, found),
    Found = [_].

%   demands(+Rows, +R, -Demands): for each digit of Rows (the first of them row R), in reading
%   order, demand([R, C], Unknown, Need): Need of the variables Unknown (its unknown neighbours)
%   are mines. Nothing is posted.
demands(Rows, R, Demands) :-
    maplist(maplist(cell_mine), Rows, Mines),
    maplist(maplist(code_mine), Rows, Mines, Cells),
    padded(Cells, 0' /0, Padded),
    windows(Padded, Windows),
    row_demands(Windows, R, Demands, []).

row_demands([], _, Demands, Demands).
row_demands([Windows|Rows], R, Demands0, Demands) :-
    foldl(cell_demand(R), Windows, Demands0-0, Demands1-_),
    R1 is R + 1,
    row_demands(Rows, R1, Demands1, Demands).

cell_demand(R, Code/_-Around, Demands0-C, Demands-C1) :-
    in_time,
    C1 is C + 1,
    (   digit(Code, Digit)
    ->  maplist(cell_mine_of, Around, Mines),
        partition(integer, Mines, Known, Unknown),
        sum_list(Known, Placed),
        Need is Digit - Placed,
        Demands0 = [demand([R, C], Unknown, Need)|Demands]
    ;   Demands0 = Demands
    ).

demand_place(demand(Place, _, _), Place).

%   holds(+Demands): these digits have a solution together. Their sums are posted and one
%   solution looked for; \+ \+ takes every constraint and binding back afterwards. The cells are
%   labelled in the digits' reading order (in_order/1), not first-fail: a first-fail step looks
%   at every open cell, and over the thousands of cells of a big board's digits that made each
%   try cost half a second, where propagation settles most cells as soon as their neighbours are
%   set.
holds(Demands) :-
    \+ \+ ( maplist(demand_posted, Demands),
            term_variables(Demands, Vars),
            once(in_order(Vars))
          ).

%   in_order(+Vars): each 0..1 variable of Vars still open is set, 0 first, in the order given,
%   with in_time/0 before each choice.
in_order([]).
in_order([Var|Vars]) :-
    (   var(Var)
    ->  in_time,
        (   Var = 0
        ;   Var = 1
        )
    ;   true
    ),
    in_order(Vars).

%   demand_posted(+Demand): its sum posted, the clock looked at first: a big board's thousands of
%   sums take seconds to post, which no labeling step would notice.
demand_posted(demand(_, [], Need)) :-
    !,
    in_time,
    Need =:= 0.
demand_posted(demand(_, Unknown, Need)) :-
    in_time,
    sum(Unknown, #=, Need).

%   nearest_first(+Demands, -Ordered): digits that fail together, the likeliest to hold a small
%   failing group first. The digits are posted one by one in reading order until propagation
%   refutes one (the digits up to it fail together); Ordered are those digits, nearest to the
%   refuted one first (in reading order among equals), as a contradiction is mostly among
%   neighbours. When propagation refutes none, Ordered is Demands.
nearest_first(Demands, Ordered) :-
    (   findall(K, refuted_after(Demands, 1, K), [K|_])
    ->  length(Prefix, K),
        append(Prefix, _, Demands),
        last(Prefix, demand(Refuted, _, _)),
        map_list_to_pairs(distance_from(Refuted), Prefix, Keyed),
        keysort(Keyed, Sorted),
        pairs_values(Sorted, Ordered)
    ;   Ordered = Demands
    ).

%   refuted_after(+Demands, +I, -K): posting Demands in order (the first of them the I-th),
%   propagation refutes the K-th.
refuted_after([Demand|Demands], I, K) :-
    (   demand_posted(Demand)
    ->  J is I + 1,
        refuted_after(Demands, J, K)
    ;   K = I
    ).

distance_from([R0, C0], demand([R, C], _, _), Distance) :-
    Distance is max(abs(R - R0), abs(C - C0)).

%   conflict(+Group, +Rest, -Conflict): Group and Rest together do not hold, and every member of
%   Group is needed for that. Conflict is Group once it fails on its own; else Group and the
%   first K digits of Rest fail, Group and the first K - 1 hold, and the K-th joins Group. K is
%   found by trying 1, 2, 4, ... digits of Rest, then halving between the last two tries, so
%   a search costs about 2 log2 K tries of at most 2K digits, wherever Rest ends.
conflict(Group, Rest, Conflict) :-
    (   \+ holds(Group)
    ->  Conflict = Group
    ;   length(Rest, N),
        shortest_failing(Group, Rest, 0, 1, N, K),
        Before is K - 1,
        length(Prefix, Before),
        append(Prefix, [Needed|_], Rest),
        conflict([Needed|Group], Prefix, Conflict)
    ).

%   shortest_failing(+Group, +Rest, +Holds, +Try, +N, -K): the first Holds digits of Rest hold
%   with Group and all N of them fail; Try, doubling, is the next number to try.
shortest_failing(Group, Rest, Holds, Try, N, K) :-
    (   Try >= N
    ->  halving(Group, Rest, Holds, N, K)
    ;   first_hold(Group, Rest, Try)
    ->  Next is 2 * Try,
        shortest_failing(Group, Rest, Try, Next, N, K)
    ;   halving(Group, Rest, Holds, Try, K)
    ).

%   halving(+Group, +Rest, +Holds, +Fails, -K): K is the least number of Rest's first digits
%   that fail with Group, knowing that Holds of them hold and Fails of them fail.
halving(_, _, Holds, Fails, Fails) :-
    Fails =:= Holds + 1,
    !.
halving(Group, Rest, Holds, Fails, K) :-
    Middle is (Holds + Fails) // 2,
    (   first_hold(Group, Rest, Middle)
    ->  halving(Group, Rest, Middle, Fails, K)
    ;   halving(Group, Rest, Holds, Middle, K)
    ).

%   first_hold(+Group, +Rest, +N): Group and the first N digits of Rest hold together.
first_hold(Group, Rest, N) :-
    length(Prefix, N),
    append(Prefix, _, Rest),
    append(Group, Prefix, Trial),
    holds(Trial).

%   mine_range(+Rows, -Range): Range is [Fewest, Most], the fewest and the most mines in all of
%   the board's solutions; fails when it has none. The mines shown count in both; a cell that
%   no digit touches (free) counts in Most only; the other open cells fall into parts that
%   share no digit, whose fewest and most add up, since a solution of each part, taken
%   together, is a solution of the board (part_range/3 finds them). The ranges of the parts
%   met on the way are kept until it ends (known/4).
mine_range(Rows, [Fewest, Most]) :-
    board_posted(Rows, any, Mines, [Local|_], Digits, Sums),
    foldl(row_places, Mines, 0, _),
    probed(raced, Local, Sums),
    append(Mines, Cells),
    include(integer, Cells, Known),
    sum_list(Known, Placed),
    term_variables(Mines, Open),
    term_variables(Digits, Linked),
    with_kept_parts(parts_range(Linked, Sums, Fewest0-Most0)),
    length(Open, NOpen),
    length(Linked, NLinked),
    Fewest is Placed + Fewest0,
    Most is Placed + Most0 + NOpen - NLinked.

%   row_places(+Row, +R, -R1): each open cell of row R carries its place, v(R-C, _, _), the
%   second argument its part (as parts/6 uses it), the third its value in a first solution
%   (as candidate/3 uses it).
row_places(Row, R, R1) :-
    foldl(cell_place(R), Row, 0, _),
    R1 is R + 1.

cell_place(R, Mine, C, C1) :-
    (   var(Mine)
    ->  put_attr(Mine, board, v(R-C, _, _))
    ;   true
    ),
    C1 is C + 1.

%   parts_range(+Vars, +Sums, -Fewest-Most): the open cells Vars, in which Sums (Need-Cells:
%   Cells hold Need mines) are posted, hold between Fewest and Most mines in all. Vars fall
%   into parts (two cells in one part when a chain of digits with open cells links them), and
%   their fewest and most add up.
parts_range(Vars, Sums, Range) :-
    var_parts(Vars, Sums, Parts),
    foldl(add_part_range, Parts, 0-0, Range).

add_part_range(Vars-Sums, Fewest0-Most0, Fewest-Most) :-
    part_range(Vars, Sums, PartFewest-PartMost),
    Fewest is Fewest0 + PartFewest,
    Most is Most0 + PartMost.

%   part_range(+Vars, +Sums, -Fewest-Most): the fewest and most mines of one part, the lowest
%   and highest of its counts (part_counts/3); fails when it has none.
part_range(Vars, Sums, Fewest-Most) :-
    part_counts(Vars, Sums, Counts),
    Fewest is lsb(Counts),
    Most is msb(Counts).

%   part_counts(+Vars, +Sums, -Counts): the numbers of mines the solutions of one part hold, as
%   a set of bits (bit K set: some solution holds K mines); fails when it has none. Found by a
%   sweep over the part's cells (swept_counts/3), once per part (kept/4). A split took its place
%   before: a cell on the part's middle line took each value, and the halves left were counted
%   apart, which on a wide block tries every placement of the cells across its middle. The
%   ranges of generate.py's lattices of digits 11x11 to 17x17 (seeds 1 to 5) took 0.06 s to
%   more than 20 s by the split (eight past 20 s or over 2 s), and take 0.01 to 0.9 s swept;
%   half-played 50x50 games with 600 mines (midgame(50, 50, 600, Seed), seeds 1 to 4) took 7 s
%   and past 20 s, and take 0.1 to 13 s; the other boards of the benchmark as before, within
%   a few milliseconds.
part_counts(Vars, Sums, Counts) :-
    kept(swept_counts, Vars, Sums, Counts).

%   kept(:Split, +Vars, +Sums, -Found): call(Split, Vars, Sums, Found), for one part, once: a
%   part is known by its open cells' places and the mines its digits still need (part_key/3),
%   and met again, by another way, what Split found the first time is given (known/4, kept
%   until with_kept_parts/1 ends). Fails when Split failed.
:- thread_local known/4.

kept(Split, Vars, Sums, Found) :-
    part_key(Vars, Sums, Key),
    term_hash(Key, Hash),
    (   known(Split, Hash, Key, Known)
    ->  true
    ;   (   call(Split, Vars, Sums, Result)
        ->  Known = Result
        ;   Known = none
        ),
        assertz(known(Split, Hash, Key, Known))
    ),
    Known \== none,
    Found = Known.

%   part_key(+Vars, +Sums, -Places-Needs): the places of Vars, sorted, and the mines each of Sums
%   still needs, in Sums' order. The places tell which digits have open cells there: two parts
%   with one key have the same cells and the same sums on them, so the same counts.
part_key(Vars, Sums, Places-Needs) :-
    maplist(var_place, Vars, Unsorted),
    msort(Unsorted, Places),
    maplist(still_needs, Sums, Needs).

still_needs(Need-Cells, Still) :-
    include(integer, Cells, Set),
    sum_list(Set, Placed),
    Still is Need - Placed.

%   sum_counts(+A, +B, -Sums): the sums of a member of the count set A and one of B, as bits:
%   A shifted by each member of B, or B by each of A, whichever has fewer members.
sum_counts(A, B, Sums) :-
    (   popcount(A) < popcount(B)
    ->  shifted_by(A, B, 0, Sums)
    ;   shifted_by(B, A, 0, Sums)
    ).

shifted_by(By, Counts, Sums0, Sums) :-
    (   By =:= 0
    ->  Sums = Sums0
    ;   K is lsb(By),
        Sums1 is Sums0 \/ (Counts << K),
        By1 is By /\ \(1 << K),
        shifted_by(By1, Counts, Sums1, Sums)
    ).

%   split_boards(+Rows, +Total, +Count, -SolvedRows): the first Count solved boards of Rows with
%   Total mines (any: each part any number its solutions allow, the free cells either way),
%   found part by part, each part's cells walked through its sweep (swept_holding/2), with the
%   mines to place shared out among the parts by their ranges: a total at an end of the range,
%   or next to it, leaves each part no choice but its own fewest or most mines, which labeling
%   with the total posted, a sum of every cell, finds only by trying the parts' placements
%   together. On an Expert mid-game (midgame(16, 30, 99, 1)), whose solutions hold 79 to 153
%   mines, labeling found none with 79, 152 or 153 in 60 s, and this finds two in 0.02 s. Each
%   solution is found once: a part's count and its walk tell it apart. The board is posted here
%   without its total, which the sharing out makes exact: a part's range is then the part's
%   own, whatever the rest of the board, where the total's sum would narrow it by what is set
%   elsewhere. The failed literals (probed/3) go first, as they do for the forced cells: they
%   hold whatever the total, and the parts they leave are smaller and narrower.
split_boards(Rows, Total, Count, SolvedRows) :-
    split_posted(Rows, Total, Mines, Way),
    solution_of(rows, Rows, Mines, Solution),
    split_found(Way, Solution, Count, SolvedRows).

%   split_found(+Way, +Template-Goal, +Count, -Solved): the first Count solutions that Way (as
%   split_posted/5 gives it) finds, each Template once Goal has run (solution_of/4).
split_found(Way, Template-Goal, Count, Solved) :-
    findall(Template, limit(Count, ( Way, call(Goal) )), Solved).

%   split_posted(+Rows, +Total, -Mines, -Way): Rows posted without their total (fails when their
%   digits cannot hold, or the open cells the mines Total leaves them), each open cell of the grid
%   Mines carrying its place, the cells the failed literals force set (probed/3), and Way, a goal
%   that sets Mines to each solution with Total mines in turn (shared_out/4).
split_posted(Rows, Total, Mines, Way) :-
    split_posted(Rows, Total, Mines, _, Way).

%   split_posted(+Rows, +Total, -Mines, -Orders, -Way): the same, and the two orders of
%   board_posted/4 in which to label the cells.
split_posted(Rows, Total, Mines, [Local, Tight], shared_out(Linked, Sums, Free, Left)) :-
    board_posted(Rows, any, Mines, [Local, Tight], Digits, Sums),
    foldl(row_places, Mines, 0, _),
    probed(raced, Local, Sums),
    append(Mines, Cells),
    include(integer, Cells, Known),
    sum_list(Known, Placed),
    (   Total == any
    ->  Left = any
    ;   Left is Total - Placed
    ),
    term_variables(Digits, Linked),
    term_variables([Linked|Mines], LinkedFirst),  % then the cells no digit touches
    append(Linked, Free, LinkedFirst),
    (   Left == any
    ->  true
    ;   length(LinkedFirst, Open),  % a total of 10^8 on a 2x2 board: no polynomial that long
        between(0, Open, Left)
    ).

%   with_kept_parts(:Goal): once Goal, what it kept of each part (known/4) let go of. That holds
%   for one board only: a part is known by its cells and what its digits need, not by which
%   digits those are. Called within another, it keeps what it finds for the outer one: the ways
%   that take turns on one board (raced/4) so keep what each found, and a way stopped at the
%   end of its turn starts its next turn from there. So a call within another must be on the
%   same board (every one is: the ways of one question, and its range).
with_kept_parts(Goal) :-
    (   nb_current(board_kept, true)
    ->  once(Goal)
    ;   setup_call_cleanup(keep_from_now,
                           once(Goal),
                           forget_kept)
    ).

keep_from_now :-
    forget_kept,
    nb_setval(board_kept, true).

forget_kept :-
    nb_setval(board_kept, false),
    retractall(known(_, _, _, _)).

%   split_forced(+Rows, +Total, -Forced): Forced as forced/4 gives it, found from each part's
%   numbers of mines instead of searching for a second solution for each cell. The parts
%   (linked by digits) have their counts, and each cell of a part the counts of the part's solutions
%   in which it is safe and those in which it is a mine (part_cells/3); the free cells (touching no
%   digit) hold any number up to how many they are. A part may hold a count when the others can hold
%   the rest of Total (allowed_counts/3; any count without a total). A cell is forced when its
%   counts with its other value hold none that the part may hold. The free cells are forced only
%   when the one count they may hold is none or all of them. Searching, for each cell, a solution
%   with the total in which it takes its other value re-solves every part each time: a half-played
%   50x50 game, midgame(50, 50, 500, 3), with 500 mines took 84 s so, and takes 0.5 s part by part.
split_forced(Rows, Total, Forced) :-
    (   split_posted(Rows, Total, Mines, shared_out(Linked, Sums, Free, Left))
    ->  append(Rows, Codes),
        append(Mines, Cells),
        foldl(unknown_mine, Codes, Cells, Open, []),
        with_kept_parts(parts_forced(Open, Linked, Sums, Free, Left, Forced))
    ;   Forced = [0, []]
    ).

%   parts_forced(+Open, +Linked, +Sums, +Free, +Left, -Forced): Forced of the `?` cells Open,
%   the open cells of Linked and Free holding Left mines.
parts_forced(Open, Linked, Sums, Free, Left, [Found, Values]) :-
    include(var, Linked, Undecided),
    include(var, Free, OpenFree),
    length(OpenFree, NFree),
    var_parts(Undecided, Sums, Parts),
    FreeCounts is (1 << (NFree + 1)) - 1,
    (   maplist(celled_part, Parts, Celled),
        pairs_keys_values(Celled, Counted, PartCells),
        allowed_counts([FreeCounts|Counted], Left, [FreeAllowed|Allowed]),
        FreeAllowed =\= 0
    ->  Found = 1,
        maplist(parts_forced_cells, Parts, PartCells, Allowed),
        free_forced(FreeAllowed, NFree, OpenFree),
        maplist(forced_or_not, Open, Values)
    ;   Found = 0,
        Values = []
    ).

celled_part(Vars-Sums, Counts-Cells) :-
    part_cells(Vars, Sums, Counts-Cells).

%   parts_forced_cells(+Vars-Sums, +Cells, +Allowed): sets each cell of Vars that is forced among
%   the part's solutions holding a count of Allowed. Cells are the counts of each cell by
%   place (part_cells/3), Vars' places in their order.
parts_forced_cells(Vars-_, Cells, Allowed) :-
    maplist(var_place, Vars, Places),
    pairs_keys_values(Keyed, Places, Vars),
    keysort(Keyed, Sorted),
    pairs_values(Sorted, ByPlace),
    maplist(cell_forced(Allowed), ByPlace, Cells).

cell_forced(Allowed, Mine, _-(Safe-Mined)) :-
    (   Mined /\ Allowed =:= 0
    ->  Mine = 0
    ;   Safe /\ Allowed =:= 0
    ->  Mine = 1
    ;   true
    ).

%   allowed_counts(+Counts, +Total, -Allowed): for each count set of Counts, the counts K in it
%   for which the others can hold Total - K together (one count of each), as bits.
allowed_counts(Counts, any, Counts) :-
    !.
allowed_counts(Counts, Total, Allowed) :-
    others_counts(Counts, Others, _),
    maplist(allowed_given(Total), Counts, Others, Allowed).

%   others_counts(+Counts, -Others, -All): for each count set of Counts, the sums of all the
%   others (one count of each), and All, the sums of all of them: the sums of those before it
%   and of those after it, each found once for all.
others_counts(Counts, Others, All) :-
    foldl(running_sum, Counts, Before, 1, All),
    reverse(Counts, Backwards),
    foldl(running_sum, Backwards, AfterBackwards, 1, _),
    reverse(AfterBackwards, After),
    maplist(sum_counts, Before, After, Others).

%   running_sum(+Counts, -Sums0, +Sums0, -Sums): Sums0, the sums of the count sets before this
%   one, then the sums with it.
running_sum(Counts, Sums0, Sums0, Sums) :-
    sum_counts(Sums0, Counts, Sums).

allowed_given(Total, Counts, Others, Allowed) :-
    Top is msb(Counts),
    numlist(0, Top, Ks),
    foldl(allowed_count(Total, Counts, Others), Ks, 0, Allowed).

allowed_count(Total, Counts, Others, K, Allowed0, Allowed) :-
    Rest is Total - K,
    (   has_count(Counts, K),
        has_count(Others, Rest)
    ->  Allowed is Allowed0 \/ (1 << K)
    ;   Allowed = Allowed0
    ).

%   has_count(+Counts, +K): bit K of the count set Counts is set.
has_count(Counts, K) :-
    K >= 0,
    (Counts >> K) /\ 1 =:= 1.

%   part_cells(+Vars, +Sums, -Counts-Cells): the counts of one part (as part_counts/3) and, for
%   each of its cells by place, Place-(Safe-Mined): the counts of the part's solutions in which
%   it is safe, and of those in which it is a mine; fails when the part has none. Found by a
%   sweep (swept_cells/3), once per part (kept/4). A split took its place before, as it did
%   part_counts/3's: with a total, half-played 50x50 games with 600 mines took 10 s and past
%   30 s (midgame(50, 50, 600, Seed), seeds 1 and 2), now 0.2 s and 24 s; lattices of digits
%   (15x15, seeds 2 and 4; 17x17, seed 4) past 30 s, now 0.04 to 0.7 s.
part_cells(Vars, Sums, Found) :-
    kept(swept_cells, Vars, Sums, Found).

%   free_forced(+Allowed, +N, +Cells): the N free Cells are all safe when none of them may hold a
%   mine, all mines when every one must; otherwise each may be either.
free_forced(Allowed, N, Cells) :-
    (   Allowed =:= 1
    ->  maplist(=(0), Cells)
    ;   Allowed =:= 1 << N
    ->  maplist(=(1), Cells)
    ;   true
    ).

forced_or_not(Mine, Value) :-
    (   integer(Mine)
    ->  Value = Mine
    ;   Value = 2
    ).

%   labeling_forced(+Rows, -Forced), labeling_forced_with_mines(+Rows, +Mines, -Forced): as
%   board_forced/2 and board_forced_with_mines/3, by the searches alone (nothing beside them);
%   split_forced(+Rows, -Forced), split_forced_with_mines(+Rows, +Mines, -Forced): by the split
%   alone; swept_forced(+Rows, -Forced): by the sweep alone (swept_part_forced/2), without a
%   total. For the tests, to check each way against plain enumeration on boards where another
%   would answer first.
labeling_forced(Rows, Forced) :-
    forced(Rows, any, labeling, Forced).

swept_forced(Rows, Forced) :-
    forced(Rows, any, swept, Forced).

labeling_forced_with_mines(Rows, Mines, Forced) :-
    forced(Rows, Mines, labeling, Forced).

split_forced(Rows, Forced) :-
    split_forced(Rows, any, Forced).

split_forced_with_mines(Rows, Mines, Forced) :-
    split_forced(Rows, Mines, Forced).

%   split_models_with_mines(+Rows, +Mines, +Limit, -SolvedRows): as board_models_with_mines/4,
%   by split_boards/4 alone (no labeling way beside it), for the tests to check it against
%   plain enumeration on boards where labeling would answer first.
split_models_with_mines(Rows, Mines, Limit, SolvedRows) :-
    solution_limit(Limit, Count),
    (   split_boards(Rows, Mines, Count, Found)
    ->  SolvedRows = Found
    ;   SolvedRows = []
    ).

%   split_models(+Rows, +Limit, -SolvedRows): as board_models/3, by split_boards/4 alone.
split_models(Rows, Limit, SolvedRows) :-
    split_models_with_mines(Rows, any, Limit, SolvedRows).

%   shared_out(+Linked, +Sums, +Free, +Left): Linked (the cells in digits) and Free (the cells
%   touching none) hold Left mines: so many in the free cells, the rest among the parts. With
%   any, every part is swept first (a part with no solution fails at once, not after every
%   solution of the parts before it), then each part takes its solutions (swept_holding/2).
shared_out(Linked, Sums, Free, any) :-
    !,
    include(var, Linked, Open),
    var_parts(Open, Sums, Parts),
    maplist(part_sweep(any), Parts, Sweeps),
    maplist(swept_any, Sweeps),
    maplist(either_value, Free).
shared_out(Linked, Sums, Free, Left) :-
    partition(var, Free, OpenFree, SetFree),
    length(OpenFree, NFree),
    partition(var, Linked, Open, SetLinked),
    append(SetFree, SetLinked, Settled),
    sum_list(Settled, Set),
    var_parts(Open, Sums, Parts),
    maplist(part_sweep(counted), Parts, Sweeps),
    maplist(swept_range, Sweeps, Swept),
    foldl(add_swept, Swept, 0-0, Fewest-Most),
    InParts is Left - Set,
    FreeLow is max(0, InParts - Most),
    FreeHigh is min(NFree, InParts - Fewest),
    between(FreeLow, FreeHigh, FreeMines),
    PartMines is InParts - FreeMines,
    parts_holding(Swept, PartMines),
    free_holding(OpenFree, NFree, FreeMines).

part_sweep(Numbers, Vars-Sums, Sweep) :-
    holding_sweep(Numbers, Vars, Sums, Sweep).

swept_any(Sweep) :-
    swept_holding(Sweep, any).

%   swept_range(+Sweep, -swept(Sweep, Fewest, Most)): the fewest and most mines of the part's
%   solutions, from the numbers of its sweep's first state.
swept_range(Sweep, swept(Sweep, Fewest, Most)) :-
    Sweep = sweep(_, _, _, _, [Live|_]),
    get_assoc(0, Live, Counts),
    Fewest is lsb(Counts),
    Most is msb(Counts).

either_value(Mine) :-
    (   var(Mine)
    ->  member(Mine, [0, 1])
    ;   true
    ).

%   free_holding(+Cells, +N, +Mines): the N cells Cells, which no digit touches, hold Mines
%   mines, each placement once. Set in turn, as nothing links them: a sum posted over them
%   and labelled was propagated again at every step, which with two hundred free cells was
%   a quarter of the time split_forced/3 took on an Expert mid-game with a total.
free_holding([], 0, 0).
free_holding([Mine|Cells], N, Mines) :-
    in_time,
    Rest is N - 1,
    (   Mines =< Rest,
        Mine = 0,
        free_holding(Cells, Rest, Mines)
    ;   Mines > 0,
        Mine = 1,
        Fewer is Mines - 1,
        free_holding(Cells, Rest, Fewer)
    ).

add_swept(swept(_, Fewest, Most), Fewest0-Most0, Fewest1-Most1) :-
    Fewest1 is Fewest0 + Fewest,
    Most1 is Most0 + Most.

%   parts_holding(+Swept, +Mines): the parts of Swept (each with its sweep and range) hold
%   Mines in all, each a number within its range that leaves the others a number within theirs.
parts_holding([], 0).
parts_holding([swept(Sweep, Fewest, Most)|Swept], Mines) :-
    foldl(add_swept, Swept, 0-0, RestFewest-RestMost),
    Low is max(Fewest, Mines - RestMost),
    High is min(Most, Mines - RestFewest),
    between(Low, High, Here),
    swept_holding(Sweep, Here),
    Rest is Mines - Here,
    parts_holding(Swept, Rest).

%   holding_sweep(+Numbers, +Vars, +Sums, -Sweep): what swept_holding/2 needs to set the cells
%   Vars of one part to its solutions: the sweep's steps (swept_steps/5) and, for the states
%   before each step and after the last, those that some placement of the cells before leaves
%   and from which the cells after can be placed, an assoc a layer, each state with (Numbers
%   counted) the numbers of mines on the ways from it to the end, a set of bits as
%   part_counts/3 gives them, or (any) 1; fails when the part has no solution.
holding_sweep(Numbers, Vars, Sums, sweep(Vars, Indices, Position, Steps, Lives)) :-
    swept_steps(Vars, Sums, Indices, Position, Steps),
    swept_forwards(Steps, [0], Layers),
    reverse(Layers, [End|Before]),
    memberchk(0, End),
    reverse(Steps, Back),
    lived_backwards(Before, Back, Numbers, [0-1], [], Lives).

%   lived_backwards(+Layers, +Steps, +Numbers, +After, +Lives0, -Lives): from the last step
%   back, the states of each layer with the numbers of mines on the ways from them through
%   After (State-Numbers, the states after the step) to the end.
lived_backwards([], [], _, After, Lives, [Live|Lives]) :-
    list_to_assoc(After, Live).
lived_backwards([Layer|Layers], [Step|Steps], Numbers, After, Lives0, Lives) :-
    in_time,
    list_to_assoc(After, Live),
    foldl(lived_state(Step, Numbers, Live), Layer, Kept, []),
    lived_backwards(Layers, Steps, Numbers, Kept, [Live|Lives0], Lives).

lived_state(Step, Numbers, Live, State, Kept0, Kept) :-
    lived_by(Step, Live, State, 0, To0),
    lived_by(Step, Live, State, 1, To1),
    To is To0 \/ To1,
    (   To =:= 0
    ->  Kept0 = Kept
    ;   Numbers == any
    ->  Kept0 = [State-1|Kept]
    ;   Kept0 = [State-To|Kept]
    ).

lived_by(Step, Live, State, Value, To) :-
    linked_on(Step, Live, State, Value, On),
    (   On == none
    ->  To = 0
    ;   To is On << Value
    ).

%   swept_holding(+Sweep, +Mines): the cells of the part swept (holding_sweep/3) set to each of
%   its solutions with Mines mines (any: with any number) in turn, each once. The cells are
%   walked in the sweep's order, each taking a value (safe first) only when the state it leads
%   to can still reach the end with the mines left: so every value taken is part of a solution,
%   and no walk meets a dead end. A split took its place before: a cell on the part's middle
%   line took each value, and the halves left were counted again and split in turn, a sweep of
%   each at each split; a half-played 50x50 game with 600 mines (midgame(50, 50, 600, 3)) ran
%   past 40 s so, asked whether it has one solution.
swept_holding(sweep(Vars, Indices, Position, Steps, [Live|Lives]), Mines) :-
    get_assoc(0, Live, Counts),
    (   Mines == any
    ->  true
    ;   has_count(Counts, Mines)
    ),
    walked_values(Steps, Lives, 0, Mines, Values),
    Walked =.. [values|Values],
    maplist(position_value(Position, Walked), Indices, Cells),
    Vars = Cells.

walked_values([], [], _, _, []).
walked_values([Step|Steps], [Live|Lives], State, Mines, [Value|Values]) :-
    member(Value, [0, 1]),
    successor(Step, State, Value, Next),
    get_assoc(Next, Live, Counts),
    (   Mines == any
    ->  Left = any
    ;   Left is Mines - Value,
        has_count(Counts, Left)
    ),
    walked_values(Steps, Lives, Next, Left, Values).

%   var_parts(+Vars, +Sums, -Parts): Vars in parts, each Vars-Sums: its cells, in Vars' order,
%   and the sums (Need-Cells) with open cells among them, in Sums' order.
var_parts(Vars, Sums, Parts) :-
    maplist(new_part, Vars),
    include(open_sum, Sums, Live),
    maplist(same_sum_part, Live),
    foldl(number_cell_part, Vars, 0, _),
    grouped(part_variable, Vars, VarGroups),
    grouped(sum_part, Live, SumGroups),
    pairs_keys_values(Parts, VarGroups, SumGroups).

open_sum(_-Cells) :-
    first_open(Cells, _).

same_sum_part(_-Cells) :-
    same_part(Cells).

sum_part(_-Cells, Part) :-
    first_open(Cells, Mine),
    part_variable(Mine, Part).

first_open(Cells, Mine) :-
    member(Mine, Cells),
    var(Mine),
    !.

%   grouped(:Key, +List, -Groups): the members of List grouped by their Key, the groups in the
%   order of their keys, each in List's order.
grouped(Key, List, Groups) :-
    map_list_to_pairs(Key, List, Keyed),
    keysort(Keyed, Sorted),
    group_pairs_by_key(Sorted, ByKey),
    pairs_values(ByKey, Groups).

new_part(Mine) :-
    get_attr(Mine, board, v(Place, _, First)),
    put_attr(Mine, board, v(Place, _, First)).

var_place(Mine, Place) :-
    get_attr(Mine, board, v(Place, _, _)).

%   solved_rows(+Mines, -Solved): the fully revealed board of a labelled mine grid.
solved_rows(Mines, Solved) :-
    padded(Mines, 0, Padded),
    windows(Padded, Windows),
    maplist(maplist(solved_cell), Windows, Solved).

solved_cell(1-_, 0'*).
solved_cell(0-Around, Code) :-
    sum_list(Around, Count),
    Code is 0'0 + Count.
