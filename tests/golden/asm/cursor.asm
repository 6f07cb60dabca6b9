; cursor.asm -- hardware cursor shapes over a known cell (mode 3).
; Screen: '.' attr 07h everywhere, cell row 3 col 7 = 'A' attr 1Eh, cursor there.
; stage 1: CX=0607h  stage 2: CX=0007h  stage 3: CX=0003h  stage 4: CX=2000h
; stage 5: CX=0706h (start > end)  stage 6: CX=0D0Eh
; Each stage: a burst of shots ~70 ms apart (the cursor blinks every 8 frames).
;@plan: burst:6:70
        org     100h
%include "dosref.inc"
%macro SHAPE 1
        mov     ah, 01h
        mov     cx, %1
        int     10h
%endmacro
dr_main:
        mov     ax, 0003h
        int     10h
        mov     ax, 0B800h
        mov     es, ax
        cld
        xor     di, di
        mov     cx, 2000
        mov     ax, 072Eh
        rep     stosw
        mov     word [es:3*160+7*2], 1E41h
        mov     ah, 02h
        mov     bh, 0
        mov     dx, 0307h
        int     10h
        SHAPE   0607h
        STAGE   1
        SHAPE   0007h
        STAGE   2
        SHAPE   0003h
        STAGE   3
        SHAPE   2000h
        STAGE   4
        SHAPE   0706h
        STAGE   5
        SHAPE   0D0Eh
        STAGE   6
        EXIT
outbuf:
