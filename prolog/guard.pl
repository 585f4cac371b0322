/*  guard.pl: one goal run once, under a time limit, its outcome told as one atom.

    Part of logicmines (MIT licence). The Python side (logicmines/backends/prolog.py) loads it
    once, when it starts SWI-Prolog, and asks every question of the other programs through it:

      guarded(:Goal, +Seconds, -Result)  runs call(Goal, Out) once, under call_with_time_limit/2
                                         when Seconds > 0 (0: no limit), and Result is one atom:
                                           'ok Out'             Out written by ~w
                                           time_limit           the time ran out
                                           'resource_error R'   a resource ran out (stack, ...)
                                           'error E'            any other exception E
                                         It fails only when Goal does.

    Why one atom: pyswip converts a term at a time, and that conversion, not the search, was most
    of the cost of a small piece. Out and the exception stay inside findall/3, so a big exception
    term is never copied out either. An Out of numbers and lists of numbers, written by ~w, reads
    back as JSON.

    ?- guarded(succ(1), 0, Result).
    %@ Result = 'ok 2'.

    ?- guarded([Out]>>(Out = [1, [2, 3]]), 5, Result).
    %@ Result = 'ok [1,[2,3]]'.

    ?- guarded([_]>>(repeat, fail), 0.1, Result).
    %@ Result = time_limit.

    ?- guarded([_]>>throw(error(resource_error(memory), _)), 0, Result).
    %@ Result = 'resource_error memory'.

    ?- guarded([_]>>throw(oops), 0, Result).
    %@ Result = 'error oops'.

    ?- guarded([_]>>fail, 0, Result).
    %@ false.
*/

:- module(guard,
          [ guarded/3
          ]).

:- use_module(library(time)).

:- meta_predicate
    guarded(1, +, -).

%!  guarded(:Goal, +Seconds, -Result) is semidet.
%
%   Result is the outcome of call(Goal, Out), run once (under a time limit of Seconds when
%   Seconds > 0), as one atom: see the header.

guarded(Goal, Seconds, Result) :-
    findall(Text,
            ( catch(( Seconds > 0
                    -> call_with_time_limit(Seconds, call(Goal, Out))
                    ;  once(call(Goal, Out))
                    ),
                    Error, true),
              outcome(Error, Out, Text)
            ),
            [Result]).

%   outcome(?Error, +Out, -Text): the atom that says how the goal ended.
outcome(Error, Out, Text) :-
    var(Error),
    !,
    format(atom(Text), 'ok ~w', [Out]).
outcome(time_limit_exceeded, _, time_limit) :-
    !.
outcome(error(resource_error(What), _), _, Text) :-
    !,
    format(atom(Text), 'resource_error ~w', [What]).
outcome(Error, _, Text) :-
    format(atom(Text), 'error ~W', [Error, [quoted(true), max_depth(8)]]).
