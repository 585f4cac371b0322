/*  common.pl: what the SWI-Prolog programs of logicmines share, said once.

    Part of logicmines (MIT licence). minesweeper.pl (its helpers, not the original program),
    board.pl and pieces.pl load it with use_module(common); it holds the two facts they all rely
    on:

      solution_limit(+Limit, -Count)       Limit as limit/2 takes it: a non-negative integer, or
                                           -1, inf or infinite for all the solutions
      board_shape(+Rows, -Height, -Width)  Rows is a puzzle board (docs/rules.md): a non-empty
                                           rectangle of rows, each a list of character codes
                                           over 0-8 * ?; otherwise a type or domain error says
                                           what is wrong with it

    A board is a list of rows, each row a list of character codes: `?` (63) unknown, `*` (42) a
    mine, `0`..`8` (48..56) a revealed digit. At the SWI toplevel write rows in back quotes, which
    are always code lists.

    ?- solution_limit(-1, Count).
    %@ Count = infinite.

    ?- solution_limit(2, Count).
    %@ Count = 2.

    ?- board_shape([`1110`, `2*31`, `3*??`, `2*4?`, `112?`], Height, Width).
    %@ Height = 5,
    %@ Width = 4.

    ?- catch(board_shape([`1?`, `1`], _, _), error(Error, _), true).
    %@ Error = domain_error(row_of_length(2), [49]).

    ?- catch(board_shape(["1?"], _, _), error(Error, _), true).
    %@ Error = type_error(list(code), "1?").
*/

:- module(common,
          [ solution_limit/2,
            board_shape/3
          ]).

:- use_module(library(apply), [maplist/2]).
:- use_module(library(error), [must_be/2, domain_error/2]).

% "..." below is a code list, as in the programs that load this file.
:- set_prolog_flag(double_quotes, codes).

%!  solution_limit(+Limit, -Count) is det.
%
%   Count is Limit as limit/2 takes it: infinite for -1, inf or infinite, else Limit itself,
%   which must be a non-negative integer.

solution_limit(Limit, infinite) :-
    memberchk(Limit, [-1, inf, infinite]),
    !.
solution_limit(Limit, Limit) :-
    must_be(nonneg, Limit).

%!  board_shape(+Rows, -Height, -Width) is det.
%
%   Rows is a non-empty rectangle of Height rows of Width codes over 0-8 * ?, or an error says
%   what is wrong with it: so a caller's mistake (say, passing strings) is never mistaken for
%   "no solution".

board_shape(Rows, Height, Width) :-
    must_be(list, Rows),
    (   Rows = [First|_]
    ->  true
    ;   domain_error(non_empty_board, Rows)
    ),
    must_be(codes, First),
    length(First, Width),
    (   Width > 0
    ->  true
    ;   domain_error(non_empty_row, First)
    ),
    maplist(board_row(Width), Rows),
    length(Rows, Height).

board_row(Width, Row) :-
    must_be(codes, Row),
    (   length(Row, Width)
    ->  true
    ;   domain_error(row_of_length(Width), Row)
    ),
    maplist(board_cell, Row).

board_cell(Code) :-
    (   memberchk(Code, "012345678*?")
    ->  true
    ;   domain_error(board_cell, Code)
    ).
