; cells.asm -- every character x a spread of attributes, EGA/VGA/Hercules (see cells.inc)
;@plan: burst:8:90 | sleep:300 shot
        org     100h
%include "dosref.inc"
%include "cells.inc"
