/*  generate_and_test.pl: the model of prolog/board.pl searched the other way round, for the
    course (docs/course/4-clpfd.md). Part of logicmines (MIT licence).

    board_mines/2 posts every digit's sum first and labels after, so propagation prunes before
    each choice. Here every unknown cell is given a value first (generate), and only then are
    the sums posted (test): with every cell known, a sum is a check and nothing more. Same
    model, same answers; the search looks at every one of the 2^n layouts of n unknown cells.

    ?- gt_solution([`1?`, `??`], Mines).
    %@ Mines = [[0, 0], [0, 1]] ;
    %@ Mines = [[0, 0], [1, 0]] ;
    %@ Mines = [[0, 1], [0, 0]] ;
    %@ false.

    ?- gt_count([`1110`, `2*31`, `3*??`, `2*4?`, `112?`], N).
    %@ N = 4.
*/

:- module(generate_and_test, [gt_solution/2, gt_count/2]).

:- use_module(library(aggregate), [aggregate_all/3]).
:- use_module(library(apply), [maplist/3]).
:- use_module(library(lists), [member/2]).
:- use_module('../../prolog/board', [board_mines/2]).

%!  gt_solution(+Rows, -Mines) is nondet.
%
%   Mines is a layout (rows of 0 and 1) in which every digit of Rows holds, found by trying
%   each unknown cell as 0 then 1 and testing the digits once all are set.

gt_solution(Rows, Mines) :-
    maplist(maplist(guess), Rows, Mines),
    board_mines(Rows, Mines).

guess(0'?, Mine) :- !,
    member(Mine, [0, 1]).
guess(0'*, 1) :- !.
guess(_, 0).

%!  gt_count(+Rows, -Count) is det.
%
%   Count is the number of solutions, by generate-and-test.

gt_count(Rows, Count) :-
    aggregate_all(count, gt_solution(Rows, _), Count).
