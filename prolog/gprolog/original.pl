/*  original.pl: the reference program, verbatim, with a driver for GNU Prolog.

    Source: the GNU Prolog answer (493 bytes) to the Stack Exchange code-golf question
    "Can I sweep the mines?",
    <https://codegolf.stackexchange.com/questions/102044/can-i-sweep-the-mines> (the answer's
    author and own address are not known to the project: see LICENSE-CC-BY-SA.md). Stack
    Exchange content is licensed CC BY-SA, 3.0 for this answer as that note explains; so is
    this file.

    The section between the two marker lines below is the original, byte for byte (493 bytes
    without its last newline): m(Board, Solved) gives every fully revealed board in which the
    digits of Board hold; s(Board) holds when there is exactly one. A board is a list of rows,
    each a list of codes (GNU Prolog reads "..." as codes): `?` unknown, `*` mine, `0`-`8` digit.

    The driver after it is not part of the original. Build and run:

        gplc --no-top-level original.pl -o original
        printf '1121\n1??*\n12?*\n0122\n\n2?\n' | ./original
        %@ verdict unique count 1
        %@ verdict none count 0

    It reads boards from standard input, one block of rows (over 0-8 * ?) per board, blocks
    separated by blank lines; a line starting with # is a comment; spaces, tabs and carriage
    returns around a row are ignored. For each board, in order, it prints one line:

        verdict unique|multiple|none count N

    verdict: unique when s/1 holds, otherwise none when m/2 has no answer and multiple when it
    has some; N: the number of answers of m/2 (findall/3 + length/2). When the environment
    variable LOGICMINES_SOLVED holds a number K, the line is followed by the first K answers of
    m/2 (all of them for -1), one line each: `solved Row Row ...`. The rows are not checked:
    whatever the original answers is printed (a ragged board or a stray character gets none).
    An exception while checking a board prints `error Term` for it and the driver goes on;
    running out of stack ends the process (GNU Prolog treats it as fatal; the stack sizes are
    set by the environment variables GLOBALSZ, LOCALSZ and TRAILSZ, in KB), and so does running
    out of memory: setof/3 and findall/3 keep their solutions outside the stacks, in memory
    that only the process's address-space limit bounds (logicmines sets one: docs/limits.md).
*/

% ---- the original program, verbatim (493 bytes) --------------------------------------------
z(_,[_,_]).
z(F,[A,B,C|T]):-call(F,A,B,C),z(F,[B,C|T]).
i([],[],[],[]).
i([H|A],[I|B],[J|C],[H-I-J|T]):-i(A,B,C,T).
c(A/_-B/_-C/_,D/_-_/T-E/_,F/_-G/_-H/_):-T#=A+B+C+D+E+F+G+H.
r(A,B,C):-i(A,B,C,L),z(c,L).
q(63,V):-var(V).
q(42,1/_).
q(X,0/Y):-Y#=X-48.
l([],[0/_]).
l([H|T],[E|U]):-q(H,E),l(T,U).
p([],[[0/_,0/_]],0).
p([],[[0/_|T]],N):-M#=N-1,p([],[T],M).
p([H|T],[[0/_|E]|U],N):-p(T,U,N),l(H,E).
m([H|A],B):-length(H,N),p([],[R],N),p([H|A],M,N),z(r,[R|M]),p(B,M,N).
s(A):-setof(B,m(A,B),[_]).
% ---- end of the original -------------------------------------------------------------------

% ---- driver (not part of the original) -----------------------------------------------------

:- initialization(driver_main).

driver_main :-
    driver_read_line(Line),
    driver_blocks(Line, []),
    halt(0).

% driver_blocks(+Line, +Rows): Rows (newest first) are the board read so far; Line is the next
% line, or end_of_file.
driver_blocks(end_of_file, Rows) :-
    !,
    driver_board(Rows).
driver_blocks(Line, Rows) :-
    driver_trim(Line, Row),
    (   Row = []
    ->  driver_board(Rows),
        Next = []
    ;   Row = [0'#|_]
    ->  Next = Rows
    ;   Next = [Row|Rows]
    ),
    driver_read_line(Line1),
    driver_blocks(Line1, Next).

driver_board([]) :-
    !.
driver_board(Reversed) :-
    reverse(Reversed, Board),
    catch(driver_answer(Board), Error, driver_error(Error)),
    flush_output.

driver_answer(Board) :-
    findall(B, m(Board, B), Solved),
    length(Solved, Count),
    (   s(Board)
    ->  Verdict = unique
    ;   Count =:= 0
    ->  Verdict = none
    ;   Verdict = multiple
    ),
    write(verdict), write(' '), write(Verdict),
    write(' count '), write(Count), nl,
    driver_shown(Shown),
    driver_solved(Solved, Shown).

% driver_shown(-Shown): how many solved boards to print after the verdict line: the number in
% the environment variable LOGICMINES_SOLVED (-1: all of them), or none when it is not set.
driver_shown(Shown) :-
    (   environ('LOGICMINES_SOLVED', Text)
    ->  number_atom(Shown, Text)
    ;   Shown = 0
    ).

% driver_solved(+Solved, +Shown): one line `solved Row Row ...` for each of the first Shown.
driver_solved([], _) :-
    !.
driver_solved(_, 0) :-
    !.
driver_solved([Board|Boards], Shown) :-
    write(solved),
    driver_rows(Board),
    nl,
    Shown1 is Shown - 1,
    driver_solved(Boards, Shown1).

driver_rows([]).
driver_rows([Row|Rows]) :-
    atom_codes(Text, Row),
    write(' '), write(Text),
    driver_rows(Rows).

driver_error(Error) :-
    write('error '), writeq(Error), nl.

% driver_read_line(-Line): the next line's codes without its newline, or end_of_file.
driver_read_line(Line) :-
    get_code(C),
    (   C =:= -1
    ->  Line = end_of_file
    ;   driver_line(C, Line)
    ).

driver_line(-1, []) :-
    !.
driver_line(10, []) :-
    !.
driver_line(C, [C|Cs]) :-
    get_code(C1),
    driver_line(C1, Cs).

driver_trim(Line, Row) :-
    driver_drop_blanks(Line, Line1),
    reverse(Line1, Reversed),
    driver_drop_blanks(Reversed, Trimmed),
    reverse(Trimmed, Row).

driver_drop_blanks([C|Cs], Rest) :-
    driver_blank(C),
    !,
    driver_drop_blanks(Cs, Rest).
driver_drop_blanks(Cs, Cs).

driver_blank(32).
driver_blank(9).
driver_blank(13).
