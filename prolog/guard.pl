/*  guard.pl: one goal run once, under a time limit, its outcome told as one atom.

    Part of logicmines (MIT licence). The Python side (logicmines/backends/prolog.py) loads it
    once, when it starts SWI-Prolog, and asks every question of the other programs through it:

      guarded(:Goal, +Seconds, -Result)  runs call(Goal, Out) once, with a deadline Seconds from
                                         now when Seconds > 0 (0: no limit), and Result is one atom:
                                           'ok Out'             Out written by ~w
                                           time_limit           the time ran out
                                           'resource_error R'   a resource ran out (stack, ...)
                                           'error E'            any other exception E
                                         It fails only when Goal does.
      in_time                            throws time_limit_exceeded once the deadline of the
                                         guarded/3 that runs it has passed; true otherwise
      timed_labeling(+Vars)              labeling([ff], Vars), with in_time/0 before each step

    How the time limit works: the searches of the other programs call in_time/0 at each step
    (timed_labeling/1 does, and the reference port's reading of a cell), which compares the clock
    with the deadline. It is not call_with_time_limit/2: that one interrupts the goal from a
    signal, and in SWI-Prolog 9.0.4 an exception raised by a signal in the middle of CLP(FD)'s
    propagation now and then leaves the engine unable to take any signal again: the next limited
    query then runs for ever (a few hundred 0.05 s limits on a CLP(FD) labeling were enough to
    see it; a plain Prolog search took 3,000 such limits without trouble). The price: the time is
    looked at between search steps only, so posting the constraints of a huge board, which is not
    a search, runs to its end before the limit is seen.

    Why one atom: pyswip converts a term at a time, and that conversion, not the search, was most
    of the cost of a small piece. Out and the exception stay inside findall/3, so a big exception
    term is never copied out either. An Out of numbers and lists of numbers, written by ~w, reads
    back as JSON.

    ?- guarded(succ(1), 0, Result).
    %@ Result = 'ok 2'.

    ?- guarded([Out]>>(Out = [1, [2, 3]]), 5, Result).
    %@ Result = 'ok [1,[2,3]]'.

    ?- guarded([_]>>(repeat, in_time, fail), 0.1, Result).
    %@ Result = time_limit.

    ?- guarded([_]>>throw(error(resource_error(memory), _)), 0, Result).
    %@ Result = 'resource_error memory'.

    ?- guarded([_]>>throw(oops), 0, Result).
    %@ Result = 'error oops'.

    ?- guarded([_]>>fail, 0, Result).
    %@ false.
*/

:- module(guard,
          [ guarded/3,
            in_time/0,
            timed_labeling/1
          ]).

:- use_module(library(clpfd)).

:- meta_predicate
    guarded(1, +, -).

%!  guarded(:Goal, +Seconds, -Result) is semidet.
%
%   Result is the outcome of call(Goal, Out), run once (with a deadline Seconds from now when
%   Seconds > 0), as one atom: see the header.
%
%   The outcome is found by its wrapper, guarded(Text), among what the findall/3 collects, not
%   taken as its only member: in SWI-Prolog 9.0.4, call_with_inference_limit/3 stopping a goal
%   while a findall/3 inside it is ending leaves that findall's results in the next findall/3
%   out (findall(x, call_with_inference_limit(findall(Y, (between(1, 5, X), findall(Z,
%   between(1, X, Z), Y)), _), 36, _), L) gives L = [[1], x]). board.pl's ways in turns stop
%   such goals, and guarded/3's findall is the one around them: taken as its only member, the
%   outcome failed now and then ("the Prolog goal failed").

guarded(Goal, Seconds, Result) :-
    (   Seconds > 0
    ->  get_time(Now),
        Deadline is Now + Seconds
    ;   Deadline = none
    ),
    findall(guarded(Text),
            ( catch(setup_call_cleanup(nb_setval(guard_deadline, Deadline),
                                       once(call(Goal, Out)),
                                       nb_setval(guard_deadline, none)),
                    Error, true),
              outcome(Error, Out, Text)
            ),
            Found),
    memberchk(guarded(Result), Found).

%!  in_time is det.
%
%   True while the deadline of the running guarded/3 (if it has one) is ahead; throws
%   time_limit_exceeded once it has passed.

in_time :-
    (   nb_current(guard_deadline, Deadline),
        Deadline \== none
    ->  get_time(Now),
        (   Now < Deadline
        ->  true
        ;   throw(time_limit_exceeded)
        )
    ;   true
    ).

%!  timed_labeling(+Vars) is nondet.
%
%   Vars, finite-domain variables, take the values of a solution; on backtracking, the others,
%   in the order of labeling([ff], Vars): the leftmost variable of the smallest domain is set to
%   its least value, or else excluded from it, and so on. in_time/0 runs before each step.

timed_labeling(Vars) :-
    term_variables(Vars, Free),
    (   Free = [First|Rest]
    ->  in_time,
        fd_size(First, Size),
        first_fail(Rest, First, Size, Var),
        fd_inf(Var, Least),
        (   Var = Least
        ;   Var #\= Least
        ),
        timed_labeling(Free)
    ;   true
    ).

%   first_fail(+Vars, +Best, +Size, -Var): Var is the leftmost of Best (whose domain has Size
%   values) and Vars with the smallest domain. Two values is the least a free variable has.
first_fail(_, Var, 2, Var) :-
    !.
first_fail([], Var, _, Var).
first_fail([V|Vs], Best, Size, Var) :-
    fd_size(V, S),
    (   S < Size
    ->  first_fail(Vs, V, S, Var)
    ;   first_fail(Vs, Best, Size, Var)
    ).

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
