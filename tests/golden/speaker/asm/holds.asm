; holds.asm -- three steady tones, each held a known number of BIOS ticks.
; divisor 2712 (439.96 Hz) 20 ticks, 1193 (1000.15 Hz) 27 ticks, 9121 (130.82 Hz)
; 36 ticks; 9 silent ticks before, between and after.  Every gate change happens
; right after a tick edge (0040:006C changed), so tone and gap lengths are whole ticks.
; Stage 1 starts DOSBox's WAV capture, stage 2 stops it.
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
        WAITTICKS 1             ; align to a tick edge
        WAITTICKS 9
        SETDIV  2712
        GATEON
        WAITTICKS 20
        GATEOFF
        WAITTICKS 9
        SETDIV  1193
        GATEON
        WAITTICKS 27
        GATEOFF
        WAITTICKS 9
        SETDIV  9121
        GATEON
        WAITTICKS 36
        GATEOFF
        WAITTICKS 9
        STAGE   2
        EXIT
outbuf:                                  ; (dosref.inc's text helpers need the label)
