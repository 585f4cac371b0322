/*  pieces.pl: the "piece" primitive of logicmines' staging, as a CLP(FD) model.

    Part of logicmines (MIT licence). Written for this project in the style of SWI-Prolog's
    library(clpfd) documentation: piece/3 posts the constraints and does no search,
    piece_labeling/1 searches, and the rest are built from the two.

    This file holds bounded sums, not Minesweeper: it knows no board, no cell, no digit and no
    neighbour. The rules of the game are turned into pieces in Python (logicmines/problem.py
    states each digit as "exactly k of these cells are mines", logicmines/staging.py and
    frontier.py group the cells and ask the pieces). To read Minesweeper's rules in CLP(FD),
    read board.pl, which states a whole board as one model.

    A piece is a small system of bounded whole numbers with exact sums:

      Sizes  a list of non-negative integers. Variable i (0-based) stands for a group of Sizes[i]
             interchangeable cells and its value is how many of them are mines: 0..Sizes[i].
             A single cell is a group of size 1.
      Sums   a list of Indices-Total terms (also accepted: [Indices, Total], the shape pyswip's
             %p placeholder writes from Python lists): the variables at those 0-based Indices add
             up to the integer Total.

    A model is a list of integers, one per variable, in the order of Sizes.

      piece(+Sizes, +Sums, -Vars)                  the core relation: posts the constraints
      piece_labeling(+Vars)                        labels Vars, first-fail
      piece_models(+Sizes, +Sums, +Limit, -Models) up to Limit models (-1, inf or infinite: all)
      piece_count(+Sizes, +Sums, -Count)           the number of models
      piece_placements(+Sizes, +Sums, -Count)      the number of mine placements on the cells the
                                                   groups stand for: each model counts
                                                   prod_i C(Sizes[i], Value[i])

    Malformed input (a negative size, an index out of range, a total that is not an integer)
    raises a type or domain error; sums that cannot hold give no models.

    ?- use_module(library(clpfd)), piece([1, 1, 1], [[0, 1]-1, [1, 2]-1], Vs).
    %@ Vs = [_A, _B, _C],
    %@ _A in 0..1,
    %@ _A+_B#=1,
    %@ _B in 0..1,
    %@ _B+_C#=1,
    %@ _C in 0..1.

    ?- piece_models([1, 1, 1], [[0, 1]-1, [1, 2]-1], -1, Ms).
    %@ Ms = [[0, 1, 0], [1, 0, 1]].

    ?- piece_models([3, 1], [[0, 1]-2], inf, Ms).
    %@ Ms = [[1, 1], [2, 0]].

    ?- piece_count([3, 1], [[0, 1]-2], N).
    %@ N = 2.

    ?- piece_placements([3, 1], [[0, 1]-2], N).
    %@ N = 6.

    ?- piece_count([2, 2], [[[0, 1], 5]], N).
    %@ N = 0.
*/

:- module(pieces,
          [ piece/3,
            piece_labeling/1,
            piece_models/4,
            piece_count/3,
            piece_placements/3
          ]).

:- use_module(common, [solution_limit/2]).
:- use_module(guard, [timed_labeling/1]).
:- use_module(library(aggregate), [aggregate_all/3]).
:- use_module(library(apply), [maplist/2, maplist/3, foldl/4, foldl/5]).
:- use_module(library(clpfd)).
:- use_module(library(error), [must_be/2, domain_error/2]).
:- use_module(library(lists), [nth0/3, numlist/3, same_length/2]).
:- use_module(library(solution_sequences), [limit/2]).

%!  piece(+Sizes, +Sums, -Vars) is semidet.
%
%   Vars are the piece's variables, one per group, each in 0..its size, with every sum of Sums
%   posted. No labeling: the residual domains show what propagation alone knows. Fails when
%   propagation already sees that the sums cannot hold.

piece(Sizes, Sums, Vars) :-
    must_be(list(nonneg), Sizes),
    must_be(list, Sums),
    same_length(Sizes, Vars),
    maplist(group_mines, Sizes, Vars),
    length(Vars, Count),
    maplist(piece_sum(Vars, Count), Sums).

%   group_mines(+Size, ?Mines): a group of Size cells holds 0..Size mines.
group_mines(Size, Mines) :-
    Mines in 0..Size.

piece_sum(Vars, Count, Sum) :-
    sum_parts(Sum, Indices, Total),
    Last is Count - 1,
    must_be(list, Indices),
    maplist(must_be(between(0, Last)), Indices),
    must_be(integer, Total),
    maplist(var_at(Vars), Indices, Summed),
    sum(Summed, #=, Total).

sum_parts(Indices-Total, Indices, Total) :- !.
sum_parts([Indices, Total], Indices, Total) :- !.
sum_parts(Sum, _, _) :-
    domain_error(indices_total, Sum).

var_at(Vars, Index, Var) :-
    nth0(Index, Vars, Var).

%!  piece_labeling(+Vars) is nondet.
%
%   Vars take the values of one model; on backtracking, the others. First-fail: the variable with
%   the smallest domain is labelled first (labeling([ff], Vars), with guard.pl's time limit
%   looked at before each step).

piece_labeling(Vars) :-
    timed_labeling(Vars).

%!  piece_models(+Sizes, +Sums, +Limit, -Models) is det.
%
%   Models are the first Limit models of the piece (all of them for Limit -1, inf or infinite),
%   each a list of integers. The constraints are posted once; only the search is repeated.

piece_models(Sizes, Sums, Limit, Models) :-
    solution_limit(Limit, Count),
    (   piece(Sizes, Sums, Vars)
    ->  findall(Vars, limit(Count, piece_labeling(Vars)), Models)
    ;   Models = []
    ).

%!  piece_count(+Sizes, +Sums, -Count) is det.
%
%   Count is the number of models of the piece, counted one by one in constant memory.

piece_count(Sizes, Sums, Count) :-
    (   piece(Sizes, Sums, Vars)
    ->  aggregate_all(count, piece_labeling(Vars), Count)
    ;   Count = 0
    ).

%!  piece_placements(+Sizes, +Sums, -Count) is det.
%
%   Count is the number of ways to place the mines on the cells themselves: a model that puts
%   V mines in a group of N cells stands for C(N, V) placements of them.

piece_placements(Sizes, Sums, Count) :-
    (   piece(Sizes, Sums, Vars)
    ->  aggregate_all(sum(Ways),
                      ( piece_labeling(Vars),
                        foldl(group_ways, Sizes, Vars, 1, Ways)
                      ),
                      Count)
    ;   Count = 0
    ).

group_ways(Size, Mines, Ways0, Ways) :-
    binomial(Size, Mines, Choices),
    Ways is Ways0 * Choices.

%   binomial(+N, +K, -C): C is N choose K, for 0 =< K =< N.
binomial(N, K, C) :-
    K1 is min(K, N - K),
    (   K1 =:= 0
    ->  C = 1
    ;   numlist(1, K1, Steps),
        foldl(binomial_step(N), Steps, 1, C)
    ).

binomial_step(N, I, C0, C) :-
    C is C0 * (N - I + 1) // I.
