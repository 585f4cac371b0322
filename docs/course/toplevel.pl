/*  toplevel.pl: what the course loads first at SWI-Prolog's toplevel, so that answers are
    readable. Part of logicmines (MIT licence).

        swipl docs/course/toplevel.pl prolog/board.pl

    library(clpfd) loaded into the toplevel's module (user) before anything else: residual goals
    then print as `X in 0..1` and `A+B#=1` rather than `clpfd:in(X, ..(0, 1))`, and labeling/2
    can be called without its module. portray_text/1: lists of character codes print as text
    (`1*`), not as numbers ([49, 42]); min_length 1 so that even a two-cell row does.
*/

:- use_module(library(clpfd)).
:- use_module(library(portray_text)).
:- portray_text(true).
:- set_portray_text(min_length, 1).
