/*  board.pl: a whole puzzle board as one CLP(FD) model, without any staging.

    Part of logicmines (MIT licence). The same rules as the reference program, written the way
    SWI-Prolog's library(clpfd) recommends: a 0..1 variable per cell (1 = mine), sum/3 per digit,
    the model posted apart from the search. It lists every model of the whole board, so it is
    meant for small boards: the tests use it as an oracle, independent of the Python staging.

    A board is a list of rows, each row a list of character codes: `?` (63) unknown, `*` (42) a
    mine, `0`..`8` (48..56) a revealed digit. A solved board has the same shape, with `*` for each
    mine and, for each safe cell, the digit that counts its neighbouring mines.

      board_mines(+Rows, -Mines)                 the core relation: Mines is a grid (list of rows)
                                                 of 0..1 variables, every digit's sum posted
      board_models(+Rows, +Limit, -SolvedRows)   up to Limit solved boards (-1, inf or infinite:
                                                 all of them)
      board_count(+Rows, -Count)                 the number of solutions (mine placements)
      board_verdict(+Rows, -Verdict)             unique, multiple or none, stopping at the second
                                                 solution

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
            board_count/2,
            board_verdict/2
          ]).

:- use_module(common, [board_shape/3, solution_limit/2]).
:- use_module(library(aggregate), [aggregate_all/3]).
:- use_module(library(apply), [maplist/2, maplist/3]).
:- use_module(library(clpfd)).
:- use_module(library(lists), [append/2, nth0/3, sum_list/2]).
:- use_module(library(solution_sequences), [limit/2]).

%!  board_mines(+Rows, -Mines) is semidet.
%
%   Mines has Rows' shape: 1 for `*`, 0 for a digit, a 0..1 variable for `?`; for each digit,
%   the sum of its neighbours' Mines is posted. No labeling. Fails when propagation already
%   sees that the digits cannot hold.

board_mines(Rows, Mines) :-
    board_shape(Rows, Height, Width),
    maplist(row_mines, Rows, Mines),
    grid_term(Mines, Grid),
    findall(R-C-Digit, board_digit(Rows, R, C, Digit), Digits),
    maplist(digit_sum(Grid, Height, Width), Digits).

row_mines(Row, Mines) :-
    maplist(cell_mine, Row, Mines).

cell_mine(0'*, 1) :- !.
cell_mine(0'?, Mine) :- !,
    Mine in 0..1.
cell_mine(_, 0).

board_digit(Rows, R, C, Digit) :-
    nth0(R, Rows, Row),
    nth0(C, Row, Code),
    between(0'0, 0'8, Code),
    Digit is Code - 0'0.

%   digit_sum(+Grid, +Height, +Width, +R-C-Digit): Digit of the cell's neighbours are mines.
digit_sum(Grid, Height, Width, R-C-Digit) :-
    neighbour_mines(Grid, Height, Width, R, C, Mines),
    sum(Mines, #=, Digit).

neighbour_mines(Grid, Height, Width, R, C, Mines) :-
    findall(R1-C1, neighbour(Height, Width, R, C, R1, C1), Cells),
    maplist(grid_cell(Grid), Cells, Mines).

neighbour(Height, Width, R, C, R1, C1) :-
    between(-1, 1, DR),
    between(-1, 1, DC),
    DR-DC \== 0-0,
    R1 is R + DR, R1 >= 0, R1 < Height,
    C1 is C + DC, C1 >= 0, C1 < Width.

%   grid_term(+Rows, -Grid): the grid as nested compound terms, for arg/3 access.
grid_term(Rows, Grid) :-
    maplist(row_term, Rows, Terms),
    Grid =.. [grid|Terms].

row_term(Row, Term) :-
    Term =.. [row|Row].

grid_cell(Grid, R-C, Cell) :-
    R1 is R + 1,
    C1 is C + 1,
    arg(R1, Grid, Row),
    arg(C1, Row, Cell).

%!  board_models(+Rows, +Limit, -SolvedRows) is det.
%
%   SolvedRows are the first Limit solved boards (all of them for Limit -1, inf or infinite),
%   each a list of code lists. The model is posted once; only the labeling is repeated.

board_models(Rows, Limit, SolvedRows) :-
    solution_limit(Limit, Count),
    (   board_mines(Rows, Mines)
    ->  append(Mines, Cells),
        findall(Solved,
                limit(Count, ( labeling([ff], Cells), solved_rows(Mines, Solved) )),
                SolvedRows)
    ;   SolvedRows = []
    ).

%!  board_count(+Rows, -Count) is det.
%
%   Count is the number of solutions, counted one by one in constant memory.

board_count(Rows, Count) :-
    (   board_mines(Rows, Mines)
    ->  append(Mines, Cells),
        aggregate_all(count, labeling([ff], Cells), Count)
    ;   Count = 0
    ).

%!  board_verdict(+Rows, -Verdict) is det.
%
%   Verdict is none, unique or multiple: it looks for at most two solutions.

board_verdict(Rows, Verdict) :-
    board_models(Rows, 2, Solved),
    length(Solved, Found),
    nth0(Found, [none, unique, multiple], Verdict).

%   solved_rows(+Mines, -Solved): the fully revealed board of a labelled mine grid.
solved_rows(Mines, Solved) :-
    length(Mines, Height),
    Mines = [First|_],
    length(First, Width),
    grid_term(Mines, Grid),
    findall(Row,
            ( between(1, Height, R1),
              R is R1 - 1,
              findall(Code,
                      ( between(1, Width, C1),
                        C is C1 - 1,
                        solved_cell(Grid, Height, Width, R, C, Code)
                      ),
                      Row)
            ),
            Solved).

solved_cell(Grid, _, _, R, C, 0'*) :-
    grid_cell(Grid, R-C, 1),
    !.
solved_cell(Grid, Height, Width, R, C, Code) :-
    neighbour_mines(Grid, Height, Width, R, C, Mines),
    sum_list(Mines, Count),
    Code is 0'0 + Count.
