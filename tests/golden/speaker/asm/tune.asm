; tune.asm -- a short PLAY-like phrase driven straight through the PIT.
; Table rows: divisor (0 = rest), ticks sounding, ticks silent after (gate closed).
; A row with 0 silent ticks runs into the next note with the gate left open
; (legato): only the new count is written, without a control word.
; Every change happens right after a tick edge, so each length is whole ticks.
;@plan: sleep:200 wavon sleep:300 | sleep:300 wavoff
        org     100h
%include "dosref.inc"
%include "spkr.inc"
dr_main:
        ; Wake DOSBox's speaker channel before recording: DOSBox 0.74 drops the first
        ; ~28 ms of a sound that starts after the speaker has been idle (see README).
        SETDIV  1193
        GATEON
        WAITTICKS 2
        GATEOFF
        STAGE   1
        WAITTICKS 1
        WAITTICKS 9
        mov     si, notes
        mov     bl, 0                   ; 1 while the gate is open
.row:   lodsw
        cmp     ax, 0FFFFh
        je      .done
        mov     dx, ax                  ; divisor
        lodsw
        mov     cx, ax                  ; sounding ticks
        lodsw
        mov     bp, ax                  ; silent ticks
        or      dx, dx
        jz      .rest
        or      bl, bl
        jnz     .legato
        SETDIV  dx
        GATEON
        mov     bl, 1
        jmp     .hold
.legato: RELOAD dx
.hold:  call    dr_waitticks
        mov     cx, bp
        jcxz    .row                    ; legato: keep the gate open
        GATEOFF
        mov     bl, 0
        call    dr_waitticks
        jmp     .row
.rest:  call    dr_waitticks
        jmp     .row
.done:  GATEOFF
        WAITTICKS 9
        STAGE   2
        EXIT
; O4 C E G (MN: 8 on 1 off), O5 C half (16 on 2 off), MS D D (3 on 3 off),
; ML E F G (legato, 4 4 9), rest 5, O3 A (12 on, then 9 silent)
notes:  dw      4560, 8, 1
        dw      3619, 8, 1
        dw      3043, 8, 1
        dw      2280, 16, 2
        dw      2031, 3, 3
        dw      2031, 3, 3
        dw      1809, 4, 0
        dw      1715, 4, 0
        dw      1521, 9, 1
        dw      0, 5, 0
        dw      5424, 12, 9
        dw      0FFFFh
outbuf:                                  ; (dosref.inc's text helpers need the label)
